//! The arguments of `#[drt::operations(...)]` and of `#[drt(...)]` on methods.

use proc_macro2::{TokenStream, TokenTree};
use syn::meta::ParseNestedMeta;
use syn::parse::Parser;
use syn::{Expr, ExprLit, Ident, Lit};

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
    let name = meta.path.get_ident().map(ToString::to_string).unwrap_or_else(|| "?".into());
    if NOT_YET.contains(&name.as_str()) {
        cx.error_spanned_by(&meta.path, format!("drt argument `{name}` is not supported by this version of drt yet"));
    } else {
        cx.error_spanned_by(&meta.path, format!("unknown drt argument `{name}`"));
    }
    // Skip this argument's value, up to the next comma, so the arguments
    // after it still parse.
    let _ = meta.input.step(|cursor| {
        let mut rest = *cursor;
        while let Some((tt, next)) = rest.token_tree() {
            match tt {
                TokenTree::Punct(p) if p.as_char() == ',' => break,
                _ => rest = next,
            }
        }
        Ok(((), rest))
    });
}

/// The value of `weight = 3`.
fn weight(cx: &Ctxt, meta: &ParseNestedMeta<'_>) -> syn::Result<Option<u32>> {
    let value: Expr = meta.value()?.parse()?;
    if let Expr::Lit(ExprLit { lit: Lit::Int(lit), .. }) = &value {
        if let Ok(w @ 1..) = lit.base10_parse::<u32>() {
            return Ok(Some(w));
        }
    }
    cx.error_spanned_by(&value, "weight must be a positive integer");
    Ok(None)
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
                    match (m.path.get_ident(), weight(cx, &m)?) {
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
                    out.weight = weight(cx, &meta)?;
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
