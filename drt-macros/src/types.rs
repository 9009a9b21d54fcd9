//! How drt passes a parameter and keeps a return value, decided from the
//! written types.

use quote::{format_ident, ToTokens};
use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{GenericArgument, PathArguments, Type};

/// How a parameter is passed; mirrors `drt::__private::ParamKind`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Value,
    Ref,
    Mut,
    Str,
    Slice,
    SliceMut,
}

/// What a return type gives the pool.
#[allow(clippy::large_enum_variant)] // one per method, built once per expansion
pub enum Ret {
    Unit,
    Discard,
    /// A borrow whose target is kept as an owned copy (when it is `Clone`).
    Borrowed(Borrowed),
    /// `impl Iterator<Item = ..>`: run for a bounded prefix.
    Iter(IterItem),
    Value(Type),
    Option(Type),
    Result(Type, Type),
}

/// What drt keeps of a returned iterator's items.
#[allow(clippy::large_enum_variant)] // one per method, built once per expansion
pub enum IterItem {
    /// `Item = T`: a `Vec<T>` of them.
    Owned(Type),
    /// `Item = &T`: a `Vec<T>` of copies, when `T: Clone`.
    Cloned(Type),
    /// `Item = (&A, &B)` (a map's entries): a `Vec<(A, B)>` of copies, when
    /// both are `Clone`.
    Pairs(Type, Type),
    /// Items holding borrows: nothing, but the iterator still runs.
    Drained,
}

/// `impl Iterator<Item = X>` (or `DoubleEndedIterator`, `ExactSizeIterator`):
/// what to keep of `X`.
fn iterator(ty: &Type) -> Option<IterItem> {
    let Type::ImplTrait(it) = ty else { return None };
    let item = it.bounds.iter().find_map(|b| {
        let syn::TypeParamBound::Trait(t) = b else { return None };
        let last = t.path.segments.last()?;
        if !["Iterator", "DoubleEndedIterator", "ExactSizeIterator"].contains(&last.ident.to_string().as_str()) {
            return None;
        }
        let PathArguments::AngleBracketed(args) = &last.arguments else { return None };
        args.args.iter().find_map(|a| match a {
            GenericArgument::AssocType(a) if a.ident == "Item" => Some(a.ty.clone()),
            _ => None,
        })
    })?;
    if let Some((a, b)) = pair_of_borrows(&item) {
        return Some(IterItem::Pairs(a, b));
    }
    Some(match strip_parens(&item) {
        Type::Reference(r) if storable(&r.elem).is_ok() && !is_str_or_slice(&r.elem) => {
            IterItem::Cloned((*r.elem).clone())
        }
        t if storable(t).is_ok() && !is_unit(t) => IterItem::Owned(t.clone()),
        _ => IterItem::Drained,
    })
}

/// What a borrowed return lends, and so how it is copied.
pub enum Lent {
    /// `&T` / `&mut T`: cloned.
    Ref(Type),
    /// `&str`: `.to_string()`.
    Str,
    /// `&[T]`: `.to_vec()`.
    Slice(Type),
}

impl Lent {
    /// The type of the copy kept in the pool.
    pub fn pool_type(&self) -> Type {
        match self {
            Lent::Ref(t) => t.clone(),
            Lent::Str => syn::parse_quote!(::std::string::String),
            Lent::Slice(t) => syn::parse_quote!(::std::vec::Vec<#t>),
        }
    }

    /// What a reference to `ty` lends, when drt can copy it.
    fn of(ty: &Type) -> Option<Lent> {
        match strip_parens(ty) {
            Type::Path(p) if p.path.is_ident("str") => Some(Lent::Str),
            Type::Slice(sl) => storable(&sl.elem).is_ok().then(|| Lent::Slice((*sl.elem).clone())),
            Type::TraitObject(_) | Type::ImplTrait(_) => None,
            inner => storable(inner).is_ok().then(|| Lent::Ref(inner.clone())),
        }
    }
}

/// How a borrowed return is copied into the pool; mirrors `drt::__private::Borrowed`.
#[allow(clippy::large_enum_variant)] // one per method, built once per expansion
pub enum Borrowed {
    /// `&T`, `&str`, `&[T]`.
    Plain(Lent),
    /// `Option<&T>`, `Option<&str>`, `Option<&[T]>`: the `Some` copied.
    Option(Lent),
    /// `Result<&T, E>` (and of `&str`, `&[T]`): the `Ok` copied; `E`.
    Result(Lent, Type),
    /// `Option<(&A, &B)>` (a map's entry): each part cloned.
    OptionPair(Type, Type),
}

impl Borrowed {
    /// The type of the copy kept in the pool.
    pub fn pool_type(&self) -> Type {
        match self {
            Borrowed::Plain(l) | Borrowed::Option(l) | Borrowed::Result(l, _) => l.pool_type(),
            Borrowed::OptionPair(a, b) => syn::parse_quote!((#a, #b)),
        }
    }
}

/// A reference to a storable type, or an `Option` or `Result` of one: the
/// borrowed return drt can copy.
fn borrowed(ty: &Type) -> Option<Borrowed> {
    if let Type::Reference(r) = strip_parens(ty) {
        return Lent::of(&r.elem).map(Borrowed::Plain);
    }
    let lent = |t: &Type| match strip_parens(t) {
        Type::Reference(r) => Lent::of(&r.elem),
        _ => None,
    };
    if let Some(args) = generic_args(ty, "Option").filter(|a| a.len() == 1) {
        if let Some((a, b)) = pair_of_borrows(args[0]) {
            return Some(Borrowed::OptionPair(a, b));
        }
        return lent(args[0]).map(Borrowed::Option);
    }
    if let Some(args) = generic_args(ty, "Result").filter(|a| a.len() == 2) {
        if storable(args[1]).is_ok() {
            return lent(args[0]).map(|l| Borrowed::Result(l, args[1].clone()));
        }
    }
    None
}

/// `(&A, &B)` of storable types other than `str` and slices (a map's
/// entry): the two borrowed types.
fn pair_of_borrows(ty: &Type) -> Option<(Type, Type)> {
    let Type::Tuple(t) = strip_parens(ty) else { return None };
    let mut parts = t.elems.iter().map(|e| match strip_parens(e) {
        Type::Reference(r) if r.mutability.is_none() => {
            let inner = strip_parens(&r.elem);
            (storable(inner).is_ok() && !is_str_or_slice(inner)).then(|| inner.clone())
        }
        _ => None,
    });
    match (parts.next(), parts.next(), parts.next()) {
        (Some(Some(a)), Some(Some(b)), None) => Some((a, b)),
        _ => None,
    }
}

fn is_str_or_slice(ty: &Type) -> bool {
    matches!(ty, Type::Slice(_)) || matches!(ty, Type::Path(p) if p.path.is_ident("str"))
}

/// Replaces `Self` with the impl's self type, so types can be named outside
/// the impl, and `Self::Output` with the block's `type Output = ...;` (or
/// `<Type as Trait>::Output` when the block does not define it).
#[derive(Clone)]
pub struct ReplaceSelf<'a> {
    pub self_ty: &'a Type,
    pub assoc: &'a [(syn::Ident, Type)],
    pub trait_: Option<&'a syn::Path>,
}

impl VisitMut for ReplaceSelf<'_> {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        if let Type::Path(p) = ty {
            if p.qself.is_none() && p.path.is_ident("Self") {
                *ty = self.self_ty.clone();
                return;
            }
            let segs = &p.path.segments;
            if p.qself.is_none() && segs.len() == 2 && segs[0].ident == "Self" && segs[0].arguments.is_none() {
                let name = &segs[1].ident;
                if let Some((_, t)) = self.assoc.iter().find(|(n, _)| n == name) {
                    *ty = t.clone();
                    self.visit_type_mut(ty);
                    return;
                }
                let self_ty = self.self_ty;
                *ty = match self.trait_ {
                    Some(t) => syn::parse_quote!(<#self_ty as #t>::#name),
                    None => syn::parse_quote!(<#self_ty>::#name),
                };
                return;
            }
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }
}

/// What in a type keeps drt from storing its values.
#[derive(Default)]
struct Unstorable {
    borrow: Option<String>,
    impl_trait: Option<String>,
}

impl<'ast> Visit<'ast> for Unstorable {
    fn visit_type_reference(&mut self, r: &'ast syn::TypeReference) {
        self.borrow.get_or_insert_with(|| show(r));
    }
    fn visit_lifetime(&mut self, l: &'ast syn::Lifetime) {
        if l.ident != "static" {
            self.borrow.get_or_insert_with(|| l.to_string());
        }
    }
    fn visit_type_impl_trait(&mut self, t: &'ast syn::TypeImplTrait) {
        self.impl_trait.get_or_insert_with(|| show(t));
    }
    fn visit_type_infer(&mut self, t: &'ast syn::TypeInfer) {
        self.impl_trait.get_or_insert_with(|| show(t));
    }
}

/// Tokens as the user wrote them, for messages and emitted code.
pub fn show<T: ToTokens>(tokens: &T) -> String {
    crate::text::text(tokens)
}

fn unstorable(ty: &Type) -> Unstorable {
    let mut u = Unstorable::default();
    u.visit_type(ty);
    u
}

/// The single type argument of `Name<T>` or `Name<T, E>` when the last path
/// segment is `name`.
fn generic_args<'a>(ty: &'a Type, name: &str) -> Option<Vec<&'a Type>> {
    let Type::Path(p) = ty else { return None };
    if p.qself.is_some() {
        return None;
    }
    let last = p.path.segments.last()?;
    if last.ident != name {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    Some(
        args.args
            .iter()
            .filter_map(|a| match a {
                GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
    )
}

fn is_unit(ty: &Type) -> bool {
    matches!(ty, Type::Tuple(t) if t.elems.is_empty())
}

/// How to pass a parameter of type `ty`: its kind and the pool type filling it.
pub fn param(ty: &Type) -> Result<(Kind, Type), String> {
    let ty = strip_parens(ty);
    match ty {
        Type::Reference(r) => {
            let inner = strip_parens(&r.elem);
            // `&mut dyn Read`, `&mut impl Write`: drt's reader or writer;
            // `&dyn Clock`, `&mut impl Clock`: the trait's mock.
            if let Some(bounds) = trait_bounds(inner) {
                let io = r.mutability.and_then(|_| io_param(bounds));
                if let Some(pool) = io.or_else(|| mock_param(bounds)) {
                    return Ok((if r.mutability.is_some() { Kind::Mut } else { Kind::Ref }, pool));
                }
            }
            let (kind, pool): (Kind, Type) = match (inner, r.mutability.is_some()) {
                (Type::Path(p), false) if p.path.is_ident("str") => (Kind::Str, syn::parse_quote!(::std::string::String)),
                (Type::Path(p), true) if p.path.is_ident("str") => {
                    return Err("drt cannot pass `&mut str`; take `&mut String` instead".into())
                }
                (Type::Slice(s), false) => {
                    let e = &s.elem;
                    (Kind::Slice, syn::parse_quote!(::std::vec::Vec<#e>))
                }
                (Type::Slice(s), true) => {
                    let e = &s.elem;
                    (Kind::SliceMut, syn::parse_quote!(::std::vec::Vec<#e>))
                }
                (Type::TraitObject(_), _) => {
                    return Err(format!(
                        "drt cannot build a trait object (`{}`); take a concrete type, or skip this method with #[drt(skip)]",
                        show(ty)
                    ))
                }
                (inner, true) => (Kind::Mut, inner.clone()),
                (inner, false) => (Kind::Ref, inner.clone()),
            };
            storable(&pool)?;
            if r.lifetime.as_ref().is_some_and(|l| l.ident == "static") {
                return Err(format!(
                    "drt cannot pass a `&'static` reference: it lends arguments for the call only; take `{}`, or skip this method with #[drt(skip)]",
                    show(&syn::TypeReference { lifetime: None, ..r.clone() })
                ));
            }
            Ok((kind, pool))
        }
        Type::ImplTrait(it) => match environment_param(&it.bounds).or_else(|| mock_param(&it.bounds).map(Ok)) {
            Some(made) => made.map(|pool| (Kind::Value, pool)),
            None => Err(format!(
                "drt cannot build an `{}` argument; take a concrete type, or skip this method with #[drt(skip)]",
                show(ty)
            )),
        },
        Type::Macro(_) => Err(format!(
            "drt cannot see the type `{}` expands to; write the type out, or skip this method with #[drt(skip)]",
            show(ty)
        )),
        Type::FnPtr(_) | Type::TraitObject(_) | Type::Never(_) | Type::Infer(_) => {
            Err(format!("drt cannot build a value of type `{}`; skip this method with #[drt(skip)]", show(ty)))
        }
        _ => storable(ty).map(|()| (Kind::Value, ty.clone())),
    }
}

/// The traits an iterator drt makes ([`ITER`]) satisfies besides those it
/// is asked for by: an `impl Iterator<Item = u8> + Clone` is one too.
const ITER_TRAITS: [&str; 5] = ["Iterator", "IntoIterator", "DoubleEndedIterator", "Clone", "Debug"];

/// The pool type of the iterators drt makes for iterator parameters.
const ITER: &str = "Iter";

/// The traits drt's reader ([`READER`]) and writer ([`WRITER`]) satisfy
/// besides `Read` and `BufRead`, or `Write`.
const IO_TRAITS: [&str; 5] = ["Clone", "Debug", "Send", "Sync", "Unpin"];

/// The pool type of the readers drt makes for `Read` / `BufRead` parameters.
const READER: &str = "Reader";

/// The pool type of the writers drt makes for `Write` parameters.
const WRITER: &str = "Writer";

type Bounds = syn::punctuated::Punctuated<syn::TypeParamBound, syn::Token![+]>;

/// The bounds of `dyn Trait` or `impl Trait`.
fn trait_bounds(ty: &Type) -> Option<&Bounds> {
    match strip_parens(ty) {
        Type::TraitObject(t) => Some(&t.bounds),
        Type::ImplTrait(t) => Some(&t.bounds),
        _ => None,
    }
}

/// The last segment of `::drt::__private::Name<..>`, a type drt makes for
/// the environment (`Iter`, `Reader`, `Writer`, `Answers`, `BoxedFn`).
fn private_item(ty: &Type) -> Option<&syn::PathSegment> {
    let Type::Path(p) = strip_parens(ty) else { return None };
    let segs: Vec<&syn::PathSegment> = p.path.segments.iter().collect();
    let [drt, private, last] = segs[..] else { return None };
    (p.qself.is_none() && drt.ident == "drt" && private.ident == "__private").then_some(last)
}

/// What a generic parameter with these bounds is instantiated with when no
/// `instantiate` says: a boxed closure of answers, drt's iterator, reader
/// or writer, or the trait's mock.
pub fn environment_instantiation(bounds: &Bounds) -> Option<Type> {
    match closure_instantiation(bounds).map(Ok).or_else(|| environment_param(bounds)) {
        Some(made) => made.ok(),
        None => mock_param(bounds),
    }
}

/// Traits of std's a parameter may name that drt has no mock of, so
/// `impl Into<u64>`, or a `&dyn Read` no one can read from, stays an error
/// saying what to write (the forms drt makes, `impl Iterator<Item = T>`,
/// `&mut dyn Read`, `impl Fn(A) -> R`, are recognized before).
const STD_TRAITS: [&str; 46] = [
    "Into",
    "From",
    "TryInto",
    "TryFrom",
    "AsRef",
    "AsMut",
    "Borrow",
    "BorrowMut",
    "ToString",
    "ToOwned",
    "Display",
    "Debug",
    "Clone",
    "Copy",
    "Default",
    "Hash",
    "PartialEq",
    "Eq",
    "PartialOrd",
    "Ord",
    "Any",
    "Error",
    "Sized",
    "Send",
    "Sync",
    "Unpin",
    "FromStr",
    "Deref",
    "DerefMut",
    "Drop",
    "Extend",
    "FromIterator",
    "Future",
    "Write",
    "Seek",
    "Hasher",
    "BuildHasher",
    "Read",
    "BufRead",
    "Iterator",
    "IntoIterator",
    "DoubleEndedIterator",
    "ExactSizeIterator",
    "Fn",
    "FnMut",
    "FnOnce",
];

/// For the bounds of an `impl Clock`, `&dyn Clock` or generic `C: Clock`
/// parameter, one trait of the user's and at most `Send` besides: the mock
/// `#[drt::mock]` generates for it, `<dyn Clock as Mocked>::Mock` (rustc
/// says so when the trait has none).
fn mock_param(bounds: &Bounds) -> Option<Type> {
    let theirs: Vec<&syn::TraitBound> = bounds
        .iter()
        .filter_map(|b| match b {
            syn::TypeParamBound::Trait(t) if !t.path.is_ident("Send") => Some(t),
            _ => None,
        })
        .collect();
    let [t] = theirs[..] else { return None };
    let first = t.path.segments.first()?.ident.to_string();
    let last = t.path.segments.last()?;
    let std =
        ["std", "core", "alloc"].contains(&first.as_str()) || STD_TRAITS.contains(&last.ident.to_string().as_str());
    if std || t.lifetimes.is_some() || !matches!(last.arguments, PathArguments::None) {
        return None;
    }
    let path = &t.path;
    // Spanned at the trait, where rustc says when it has no mock.
    Some(syn::parse_quote_spanned!(syn::spanned::Spanned::span(path)=> <dyn #path as ::drt::__private::Mocked>::Mock))
}

/// For an `impl Trait` or generic parameter's bounds: the pool type of what
/// drt makes for it (an iterator, a reader, a writer), or why it cannot;
/// `None` when it makes nothing of the kind.
fn environment_param(bounds: &Bounds) -> Option<Result<Type, String>> {
    iterator_param(bounds).or_else(|| io_param(bounds).map(Ok))
}

/// `Read` or `BufRead`, or `Write` (with at most `Clone`, `Debug`, auto
/// traits and lifetimes besides): drt's reader, or its writer.
fn io_param(bounds: &Bounds) -> Option<Type> {
    let names: Vec<String> = bounds
        .iter()
        .filter_map(|b| match b {
            syn::TypeParamBound::Trait(t) => t.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        })
        .collect();
    // Asks for one of `traits`, and for nothing drt's type lacks.
    let asks = |traits: &[&str]| {
        names.iter().any(|n| traits.contains(&n.as_str()))
            && names.iter().all(|n| traits.contains(&n.as_str()) || IO_TRAITS.contains(&n.as_str()))
    };
    let made = if asks(&["Read", "BufRead"]) {
        READER
    } else if asks(&["Write"]) {
        WRITER
    } else {
        return None;
    };
    let made = format_ident!("{made}");
    Some(syn::parse_quote!(::drt::__private::#made))
}

/// For the bounds of an `impl Trait` parameter or a generic one: when they
/// ask for an iterator (`Iterator<Item = T>`, `IntoIterator<Item = T>` or
/// `DoubleEndedIterator<Item = T>`, with at most `Clone`, `Debug` and
/// lifetimes besides), the pool type of drt's iterators of `T`, or why it
/// cannot make one; `None` when they ask for something else.
fn iterator_param(bounds: &Bounds) -> Option<Result<Type, String>> {
    let mut item = None;
    for b in bounds {
        let syn::TypeParamBound::Trait(t) = b else { continue };
        let last = t.path.segments.last()?;
        let name = last.ident.to_string();
        if !ITER_TRAITS.contains(&name.as_str()) {
            return None;
        }
        if let PathArguments::AngleBracketed(args) = &last.arguments {
            item = item.or_else(|| {
                args.args.iter().find_map(|a| match a {
                    GenericArgument::AssocType(a) if a.ident == "Item" => Some(a.ty.clone()),
                    _ => None,
                })
            });
        }
    }
    let item = item?;
    let what = format!("an iterator of borrows (`Item = {}`); take owned items", show(&item));
    if let Err(why) = owned(&item, &what) {
        return Some(Err(why));
    }
    let iter = format_ident!("{ITER}");
    Some(Ok(syn::parse_quote!(::drt::__private::#iter<#item>)))
}

/// A closure parameter drt answers ([`closure_param`]).
pub struct Closure {
    /// The types of its arguments, as the signature writes them.
    pub args: Vec<Type>,
    /// Passed boxed: a generic `F: Fn(..)` drt instantiated with `BoxedFn`.
    pub boxed: bool,
}

/// Most arguments of a closure drt makes.
const MAX_CLOSURE_ARGS: usize = 3;

/// The traits drt's closures satisfy besides the `Fn` one asked for.
const CLOSURE_TRAITS: [&str; 3] = ["Send", "Clone", "Unpin"];

/// The `Fn(A, B) -> R` (or `FnMut`, `FnOnce`) among `bounds`, when the rest
/// are traits drt's closures have, or lifetimes.
fn fn_bound(bounds: &Bounds) -> Option<&syn::TraitBound> {
    let mut found = None;
    for b in bounds {
        let syn::TypeParamBound::Trait(t) = b else { continue };
        let last = t.path.segments.last()?;
        let name = last.ident.to_string();
        if ["Fn", "FnMut", "FnOnce"].contains(&name.as_str())
            && matches!(last.arguments, PathArguments::Parenthesized(_))
        {
            found = Some(t);
        } else if !CLOSURE_TRAITS.contains(&name.as_str()) {
            return None;
        }
    }
    found
}

/// For a parameter taking a closure (`impl Fn(A) -> R`, `&dyn Fn(A) -> R`,
/// `&mut dyn FnMut(A)`, or drt's instantiation of a generic `F: Fn`): how it
/// is passed, the pool type of its answers, and its arguments; or why drt
/// cannot make one. `None` for any other parameter.
pub fn closure_param(ty: &Type) -> Option<Result<(Kind, Type, Closure), String>> {
    let (kind, bounds, boxed) = match strip_parens(ty) {
        Type::ImplTrait(it) => (Kind::Value, &it.bounds, false),
        Type::Reference(r) => {
            (if r.mutability.is_some() { Kind::Mut } else { Kind::Ref }, trait_bounds(&r.elem)?, false)
        }
        _ => {
            let last = private_item(ty).filter(|s| s.ident == "BoxedFn").or_else(|| std_box(ty))?;
            let PathArguments::AngleBracketed(args) = &last.arguments else { return None };
            let Some(GenericArgument::Type(Type::TraitObject(t))) = args.args.first() else { return None };
            (Kind::Value, &t.bounds, true)
        }
    };
    // A `Box<dyn Fn>` of the signature's own is made by the `Box::new` builder
    // from the answers, so emitted tests box the closure too.
    let user_box = std_box(ty).is_some();
    let bound = fn_bound(bounds)?;
    let PathArguments::Parenthesized(sig) = &bound.path.segments.last()?.arguments else { return None };
    let args: Vec<Type> = sig.inputs.iter().map(|a| a.ty.clone()).collect();
    if args.len() > MAX_CLOSURE_ARGS {
        return Some(Err(format!(
            "drt makes closures of at most {MAX_CLOSURE_ARGS} arguments; skip this method with #[drt(skip)]"
        )));
    }
    let ret: Type = match &sig.output {
        syn::ReturnType::Default => syn::parse_quote!(()),
        syn::ReturnType::Type(_, t) => (**t).clone(),
    };
    let what = format!("a closure returning a borrow (`{}`); return an owned value", show(&ret));
    if let Err(why) = owned(&ret, &what) {
        return Some(Err(why));
    }
    let n = args.len();
    let pool = if user_box {
        syn::parse_quote!(::std::boxed::Box<::drt::__private::Answers<#ret, #n>>)
    } else {
        syn::parse_quote!(::drt::__private::Answers<#ret, #n>)
    };
    Some(Ok((kind, pool, Closure { args, boxed })))
}

/// The last segment of `Box<..>` (`std::boxed::Box<..>`).
fn std_box(ty: &Type) -> Option<&syn::PathSegment> {
    let Type::Path(p) = strip_parens(ty) else { return None };
    let last = p.path.segments.last()?;
    let std_path = p.path.segments.len() == 1 || ["std", "alloc"].iter().any(|s| p.path.segments[0].ident == s);
    (p.qself.is_none() && std_path && last.ident == "Box").then_some(last)
}

/// What a generic parameter bounded by a closure trait (`F: Fn(u32) -> bool`)
/// is instantiated with: `BoxedFn<dyn Fn(u32) -> bool>`.
fn closure_instantiation(bounds: &Bounds) -> Option<Type> {
    let bound = fn_bound(bounds)?;
    Some(syn::parse_quote!(::drt::__private::BoxedFn<dyn #bound>))
}

/// The builders of what drt makes for the environment (iterators,
/// readers, writers, closures' answers), when `ty` is its pool type, with
/// the types they are made of.
fn drt_environment(ty: &Type) -> Option<(proc_macro2::TokenStream, Vec<Type>)> {
    use quote::quote;
    let last = private_item(ty)?;
    let b = quote!(::drt::__private::builders);
    if last.ident == ITER {
        let item = generic_args(ty, ITER).filter(|a| a.len() == 1).map(|a| a[0].clone())?;
        return Some((quote!(#b::iter::<#item>()), vec![syn::parse_quote!(::std::vec::Vec<#item>)]));
    }
    if last.ident == "Answers" {
        let PathArguments::AngleBracketed(args) = &last.arguments else { return None };
        let [GenericArgument::Type(ret), GenericArgument::Const(n)] = &args.args.iter().collect::<Vec<_>>()[..] else {
            return None;
        };
        let parts = if is_unit(ret) { Vec::new() } else { vec![ret.clone()] };
        return Some((quote!(#b::answers::<#ret, { #n }>()), parts));
    }
    if last.ident == WRITER {
        return Some((quote!(#b::writer()), Vec::new()));
    }
    (last.ident == READER).then(|| (quote!(#b::reader()), vec![syn::parse_quote!(::std::vec::Vec<u8>)]))
}

/// Whether drt can make and keep values of `ty`, a part of something it
/// makes: not a borrow (`what` says what it cannot make and what to write).
fn owned(ty: &Type, what: &str) -> Result<(), String> {
    if let Type::Reference(_) = strip_parens(ty) {
        return Err(format!("drt cannot make {what}, or skip this method with #[drt(skip)]"));
    }
    storable(ty)
}

fn storable(ty: &Type) -> Result<(), String> {
    let u = unstorable(ty);
    if let Some(i) = u.impl_trait {
        return Err(format!(
            "drt cannot build a value of type `{}` (it contains `{i}`); take a concrete type, or skip this method with #[drt(skip)]",
            show(ty)
        ));
    }
    if let Some(b) = u.borrow {
        return Err(format!(
            "drt cannot build a value of type `{}` because it holds a borrow (`{b}`); take an owned type, or skip this method with #[drt(skip)]",
            show(ty)
        ));
    }
    Ok(())
}

fn strip_parens(ty: &Type) -> &Type {
    match ty {
        Type::Paren(p) => strip_parens(&p.elem),
        Type::Group(g) => strip_parens(&g.elem),
        _ => ty,
    }
}

/// What a return type gives the pool. Types holding a borrow or an `impl
/// Trait` are dropped right after the call (the call is still made).
pub fn ret(output: &syn::ReturnType) -> Ret {
    let syn::ReturnType::Type(_, ty) = output else {
        return Ret::Unit;
    };
    let ty = strip_parens(ty);
    if is_unit(ty) {
        return Ret::Unit;
    }
    if let Some(b) = borrowed(ty) {
        return Ret::Borrowed(b);
    }
    if let Some(item) = iterator(ty) {
        return Ret::Iter(item);
    }
    if matches!(ty, Type::Never(_)) || storable(ty).is_err() {
        return Ret::Discard;
    }
    if let Some(args) = generic_args(ty, "Option").filter(|a| a.len() == 1) {
        return Ret::Option(args[0].clone());
    }
    if let Some(args) = generic_args(ty, "Result").filter(|a| a.len() == 2) {
        return Ret::Result(args[0].clone(), args[1].clone());
    }
    // An alias with the error type fixed (`io::Result<T>`, a crate's own
    // `Result<T>`): its error type through the `Result` it names.
    if let Some(args) = generic_args(ty, "Result").filter(|a| a.len() == 1) {
        let err = syn::parse_quote!(<#ty as ::drt::__private::ResultParts>::Err);
        return Ret::Result(args[0].clone(), err);
    }
    Ret::Value(ty.clone())
}

/// Whether the pool type is `Vec<T>`; returns `T`.
pub fn vec_elem(ty: &Type) -> Option<Type> {
    generic_args(ty, "Vec").filter(|a| a.len() == 1).map(|a| a[0].clone())
}

/// Whether drt seeds this type itself: a number, `bool`, `char` or `String`.
pub fn is_primitive_or_string(ty: &Type) -> bool {
    named(
        ty,
        &[
            "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "f32", "f64",
            "bool", "char", "String",
        ],
    )
}

/// Whether this is `String` (a pool type that `&str` parameters borrow too).
pub fn is_string(ty: &Type) -> bool {
    named(ty, &["String"])
}

/// Whether the type is a path ending in one of these names, with no generic arguments.
fn named(ty: &Type, names: &[&str]) -> bool {
    match strip_parens(ty) {
        Type::Path(p) => {
            p.qself.is_none()
                && p.path.segments.last().is_some_and(|s| s.arguments.is_none() && names.iter().any(|n| s.ident == n))
        }
        _ => false,
    }
}

/// Whether values of this type are kept (as opposed to `()`).
pub fn keeps(ty: &Type) -> bool {
    !is_unit(strip_parens(ty))
}

/// The built-in builders for a std type drt can make from values of its
/// parts (`Range<usize>` from two `usize`s): the registration expression and
/// the parts, which need descriptors (and builders) of their own.
pub fn builders(ty: &Type) -> Option<(proc_macro2::TokenStream, Vec<Type>)> {
    use quote::quote;
    let b = quote!(::drt::__private::builders);
    if let Some(made) = drt_environment(ty) {
        return Some(made);
    }
    match strip_parens(ty) {
        Type::Tuple(t) if t.elems.len() == 2 || t.elems.len() == 3 => {
            let parts: Vec<Type> = t.elems.iter().cloned().collect();
            let f = if parts.len() == 2 { quote!(tuple2) } else { quote!(tuple3) };
            Some((quote!(#b::#f::<#(#parts),*>()), parts))
        }
        Type::Array(a) => {
            let (elem, len) = (&*a.elem, &a.len);
            Some((quote!(#b::array::<#elem, { #len }>()), vec![elem.clone()]))
        }
        Type::Path(p) if p.qself.is_none() => {
            let segs = &p.path.segments;
            let std_path = segs.len() == 1 || ["std", "core", "alloc"].iter().any(|s| segs[0].ident == s);
            let last = segs.last()?;
            let args = generic_args(ty, &last.ident.to_string()).unwrap_or_default();
            let f = match (last.ident.to_string().as_str(), args.len()) {
                _ if !std_path => return None,
                ("RangeFull", 0) => return Some((quote!(#b::range_full()), Vec::new())),
                ("Range", 1) => quote!(range),
                ("RangeInclusive", 1) => quote!(range_inclusive),
                ("RangeFrom", 1) => quote!(range_from),
                ("RangeTo", 1) => quote!(range_to),
                ("RangeToInclusive", 1) => quote!(range_to_inclusive),
                ("Option", 1) => quote!(option),
                ("Result", 2) => quote!(result),
                ("Box", 1) => quote!(boxed),
                ("Vec", 1) => quote!(vec),
                ("VecDeque", 1) => quote!(vec_deque),
                ("HashSet", 1) => quote!(hash_set),
                ("BTreeSet", 1) => quote!(btree_set),
                ("HashMap", 2) => quote!(hash_map),
                ("BTreeMap", 2) => quote!(btree_map),
                _ => return None,
            };
            // `Box<dyn Trait>`, `Box<str>`: no value of the part to box; such
            // values come from operations returning them.
            if args.iter().any(|a| unsized_type(a)) {
                return None;
            }
            let parts: Vec<Type> = args.into_iter().cloned().collect();
            Some((quote!(#b::#f::<#(#parts),*>()), parts))
        }
        _ => None,
    }
}

/// A type with no values of its own: a trait object, a slice or `str`.
fn unsized_type(ty: &Type) -> bool {
    match strip_parens(ty) {
        Type::TraitObject(_) | Type::Slice(_) => true,
        Type::Path(p) => p.path.is_ident("str"),
        _ => false,
    }
}
