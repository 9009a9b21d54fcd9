//! What a return type gives the pool: a value, an `Option`'s or `Result`'s
//! payload, an owned copy of a borrow, or an iterator's first items.

use syn::{GenericArgument, PathArguments, Type};

use super::written::{generic_args, is_unit, storable, strip_parens};

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
pub(super) fn iterator(ty: &Type) -> Option<IterItem> {
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
        // `&mut T` (`iter_mut`): lent to change in place, nothing to keep.
        Type::Reference(r) if r.mutability.is_some() => IterItem::Drained,
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
