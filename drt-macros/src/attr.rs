//! The arguments of `#[drt::operations(...)]` and of `#[drt(...)]` on methods.

use proc_macro2::TokenStream;
use syn::meta::ParseNestedMeta;
use syn::parse::Parser;
use syn::{Ident, LitInt};

use crate::ctxt::Ctxt;

/// Arguments of the attribute on the impl block.
#[derive(Default)]
pub struct ImplArgs {
    /// `skip(a, b)`.
    pub skip: Vec<Ident>,
    /// `weight(a = 3)`.
    pub weights: Vec<(Ident, u32)>,
}

/// `#[drt(...)]` on one method.
#[derive(Default)]
pub struct MethodArgs {
    /// `#[drt(skip)]`.
    pub skip: bool,
    /// `#[drt(weight = 3)]`.
    pub weight: Option<u32>,
}

/// Arguments that DESIGN.md defines but this version does not implement yet.
const NOT_YET: &[&str] = &["invariant", "panics", "requires", "instantiate", "seeds"];

fn unknown(cx: &Ctxt, meta: &ParseNestedMeta<'_>) {
    let name = meta
        .path
        .get_ident()
        .map(ToString::to_string)
        .unwrap_or_else(|| "?".into());
    if NOT_YET.contains(&name.as_str()) {
        cx.error_spanned_by(
            &meta.path,
            format!("drt argument `{name}` is not supported by this version of drt yet"),
        );
    } else {
        cx.error_spanned_by(&meta.path, format!("unknown drt argument `{name}`"));
    }
    // Skip whatever follows so the next argument still parses.
    let _ = meta.input.parse::<TokenStream>();
}

fn weight(cx: &Ctxt, lit: &LitInt) -> Option<u32> {
    match lit.base10_parse::<u32>() {
        Ok(w) if w > 0 => Some(w),
        _ => {
            cx.error_spanned_by(lit, "weight must be a positive integer");
            None
        }
    }
}

impl ImplArgs {
    pub fn parse(cx: &Ctxt, args: TokenStream) -> ImplArgs {
        let mut out = ImplArgs::default();
        let parser = syn::meta::parser(|meta| {
            if meta.path.is_ident("skip") {
                // skip(method, method, ...)
                meta.parse_nested_meta(|m| {
                    match m.path.get_ident() {
                        Some(id) => out.skip.push(id.clone()),
                        None => cx.error_spanned_by(&m.path, "expected a method name"),
                    }
                    Ok(())
                })
            } else if meta.path.is_ident("weight") {
                // weight(method = 3, ...)
                meta.parse_nested_meta(|m| {
                    let lit: LitInt = m.value()?.parse()?;
                    match (m.path.get_ident(), weight(cx, &lit)) {
                        (Some(id), Some(w)) => out.weights.push((id.clone(), w)),
                        (None, _) => cx.error_spanned_by(&m.path, "expected a method name"),
                        _ => {}
                    }
                    Ok(())
                })
            } else {
                unknown(cx, &meta);
                Ok(())
            }
        });
        if let Err(e) = parser.parse2(args) {
            cx.syn_error(e);
        }
        out
    }
}

impl MethodArgs {
    pub fn parse(cx: &Ctxt, attrs: &[syn::Attribute]) -> MethodArgs {
        let mut out = MethodArgs::default();
        for attr in attrs.iter().filter(|a| a.path().is_ident("drt")) {
            let r = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("skip") {
                    // #[drt(skip)]
                    out.skip = true;
                } else if meta.path.is_ident("weight") {
                    // #[drt(weight = 3)]
                    let lit: LitInt = meta.value()?.parse()?;
                    out.weight = weight(cx, &lit);
                } else {
                    unknown(cx, &meta);
                }
                Ok(())
            });
            if let Err(e) = r {
                cx.syn_error(e);
            }
        }
        out
    }
}
