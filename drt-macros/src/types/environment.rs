//! Parameters of the environment: an `impl Trait` or `&mut dyn Trait` drt
//! makes a value for (an iterator, a reader or writer, a closure, a
//! `#[drt::mock]` trait's mock).

use quote::format_ident;
use syn::{GenericArgument, PathArguments, Type};

use super::written::{generic_args, is_unit, owned, show, strip_parens};

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
pub(super) fn trait_bounds(ty: &Type) -> Option<&Bounds> {
    match strip_parens(ty) {
        Type::TraitObject(t) => Some(&t.bounds),
        Type::ImplTrait(t) => Some(&t.bounds),
        _ => None,
    }
}

/// The last segment of `::drt::__private::Name<..>`, a type drt makes for
/// the environment (`Iter`, `Reader`, `Writer`, `Answers`, `BoxedFn`).
pub(super) fn private_item(ty: &Type) -> Option<&syn::PathSegment> {
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
pub(super) fn mock_param(bounds: &Bounds) -> Option<Type> {
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
/// drt makes for it (an iterator, a reader, a writer, a range), or why it
/// cannot; `None` when it makes nothing of the kind.
pub(super) fn environment_param(bounds: &Bounds) -> Option<Result<Type, String>> {
    iterator_param(bounds).or_else(|| io_param(bounds).map(Ok)).or_else(|| range_param(bounds).map(Ok))
}

/// `RangeBounds<T>` (with at most `Clone`, `Debug`, auto traits and
/// lifetimes besides), as `drain`, `range` and `replace_range` take it: a
/// `Range<T>`, as a person passes one most often (`2..5`).
fn range_param(bounds: &Bounds) -> Option<Type> {
    let mut range = None;
    for b in bounds {
        let syn::TypeParamBound::Trait(t) = b else { continue };
        let last = t.path.segments.last()?;
        match last.ident.to_string().as_str() {
            "RangeBounds" => {
                let PathArguments::AngleBracketed(args) = &last.arguments else { return None };
                let Some(GenericArgument::Type(of)) = args.args.first() else { return None };
                range = Some(syn::parse_quote!(::std::ops::Range<#of>));
            }
            name if IO_TRAITS.contains(&name) => {}
            _ => return None,
        }
    }
    range
}

/// `Read` or `BufRead`, or `Write` (with at most `Clone`, `Debug`, auto
/// traits and lifetimes besides): drt's reader, or its writer.
pub(super) fn io_param(bounds: &Bounds) -> Option<Type> {
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
pub(super) const MAX_CLOSURE_ARGS: usize = 3;

/// The traits drt's closures satisfy besides the `Fn` one asked for.
const CLOSURE_TRAITS: [&str; 3] = ["Send", "Clone", "Unpin"];

/// The `Fn(A, B) -> R` (or `FnMut`, `FnOnce`) among `bounds`, when the rest
/// are traits drt's closures have, or lifetimes.
pub(super) fn fn_bound(bounds: &Bounds) -> Option<&syn::TraitBound> {
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

/// The last segment of `Box<..>` (`std::boxed::Box<..>`).
pub(super) fn std_box(ty: &Type) -> Option<&syn::PathSegment> {
    let Type::Path(p) = strip_parens(ty) else { return None };
    let last = p.path.segments.last()?;
    let std_path = p.path.segments.len() == 1 || ["std", "alloc"].iter().any(|s| p.path.segments[0].ident == s);
    (p.qself.is_none() && std_path && last.ident == "Box").then_some(last)
}

/// What a generic parameter bounded by a closure trait (`F: Fn(u32) -> bool`)
/// is instantiated with: `BoxedFn<dyn Fn(u32) -> bool>`.
fn closure_instantiation(bounds: &Bounds) -> Option<Type> {
    let mut bound = fn_bound(bounds)?.clone();
    // `F: FnMut(&'a K) -> Ordering` of a method `<'a, F>(&'a self, f: F)`:
    // the instantiation is written outside the method, where `'a` is not
    // declared; a closure taking any lifetime satisfies the bound.
    syn::visit_mut::VisitMut::visit_trait_bound_mut(&mut AnyLifetime, &mut bound);
    Some(syn::parse_quote!(::drt::__private::BoxedFn<dyn #bound>))
}

/// Makes every named lifetime but `'static` the elided one (`'_`): in a
/// closure's arguments, any lifetime.
pub(super) struct AnyLifetime;

impl syn::visit_mut::VisitMut for AnyLifetime {
    fn visit_lifetime_mut(&mut self, l: &mut syn::Lifetime) {
        if l.ident != "static" {
            l.ident = syn::Ident::new("_", l.ident.span());
        }
    }
}

/// The builders of what drt makes for the environment (iterators,
/// readers, writers, closures' answers), when `ty` is its pool type, with
/// the types they are made of.
pub(super) fn drt_environment(ty: &Type) -> Option<(proc_macro2::TokenStream, Vec<Type>)> {
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
