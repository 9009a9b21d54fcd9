//! Questions about a type as written, shared by the rooms beside: how it
//! reads (`show`), what it is made of (`Vec<T>`, `Option<T>`), whether drt can
//! store its values, and `Self` replaced by the impl's type.

use quote::ToTokens;
use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{GenericArgument, PathArguments, Type};

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
pub(super) fn generic_args<'a>(ty: &'a Type, name: &str) -> Option<Vec<&'a Type>> {
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

pub(super) fn is_unit(ty: &Type) -> bool {
    matches!(ty, Type::Tuple(t) if t.elems.is_empty())
}

/// Whether drt can make and keep values of `ty`, a part of something it
/// makes: not a borrow (`what` says what it cannot make and what to write).
pub(super) fn owned(ty: &Type, what: &str) -> Result<(), String> {
    if let Type::Reference(_) = strip_parens(ty) {
        return Err(format!("drt cannot make {what}, or skip this method with #[drt(skip)]"));
    }
    storable(ty)
}

pub(super) fn storable(ty: &Type) -> Result<(), String> {
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

pub(super) fn strip_parens(ty: &Type) -> &Type {
    match ty {
        Type::Paren(p) => strip_parens(&p.elem),
        Type::Group(g) => strip_parens(&g.elem),
        _ => ty,
    }
}

/// Whether two types are written alike (token for token).
pub fn same(a: &Type, b: &Type) -> bool {
    a.to_token_stream().to_string() == b.to_token_stream().to_string()
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
