//! The arguments of `#[drt::operations(...)]` and of `#[drt(...)]` on methods.

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens as _;
use syn::meta::ParseNestedMeta;
use syn::parse::Parse as _;
use syn::parse::Parser;
use syn::{Expr, ExprLit, Ident, Lit, LitStr, Token};

use crate::ctxt::Ctxt;

/// One `instantiate(T = u8, N = 4)`: a concrete type (or const value) for
/// each generic parameter.
#[derive(Clone)]
pub struct Instantiation {
    /// The `instantiate` keyword, for errors about the whole instantiation.
    pub at: Ident,
    pub bindings: Vec<(Ident, syn::GenericArgument)>,
}

/// One `T = u8` (a type) or `N = 4` (a const: a literal or a block).
struct Binding(Ident, syn::GenericArgument);

impl syn::parse::Parse for Binding {
    fn parse(input: syn::parse::ParseStream<'_>) -> syn::Result<Self> {
        let name: Ident = input.parse()?;
        input.parse::<Token![=]>()?;
        let value = if input.peek(Lit) || input.peek(syn::token::Brace) || input.peek(Token![-]) {
            syn::GenericArgument::Const(input.parse()?)
        } else {
            syn::GenericArgument::Type(input.parse()?)
        };
        Ok(Binding(name, value))
    }
}

/// `instantiate(T = u8, ...)` after its keyword.
fn instantiation(meta: &ParseNestedMeta<'_>) -> syn::Result<Instantiation> {
    let at = meta.path.get_ident().cloned().expect("called for `instantiate`");
    let content;
    syn::parenthesized!(content in meta.input);
    let bindings = content.parse_terminated(Binding::parse, Token![,])?;
    Ok(Instantiation { at, bindings: bindings.into_iter().map(|Binding(n, v)| (n, v)).collect() })
}

/// The laws' names (DESIGN §3.8), which `laws(skip(...))` takes; the
/// runtime's catalogue (`drt-runtime/src/laws/mod.rs`) has the same, in the
/// same order.
pub const LAWS: &[&str] = &[
    "is_empty",
    "len_iter",
    "exact_size",
    "size_hint",
    "iter_methods",
    "get_iter",
    "contains_iter",
    "get_remove",
    "peek_pop",
    "capacity",
    "op_assign",
    "roundtrip",
    "default_new",
];

/// Arguments of the attribute on the impl block.
#[derive(Default)]
pub struct ImplArgs {
    /// `skip(a, b)`.
    pub skip: Vec<Ident>,
    /// `weight(a = 3)`.
    pub weights: Vec<(Ident, u32)>,
    /// `invariant(f)`.
    pub invariant: Option<Ident>,
    /// `panics(a, b = "capacity")`.
    pub panics: Vec<(Ident, Option<LitStr>)>,
    /// `requires(a = "expr")`.
    pub requires: Vec<(Ident, LitStr)>,
    /// `ensures(a = "expr")`.
    pub ensures: Vec<(Ident, LitStr)>,
    /// `crate = "path"`: where drt is, when not `::drt`.
    pub krate: Option<syn::Path>,
    /// `seeds(u8 = [0, 64], String = ["a/b"])`.
    pub seeds: Vec<(syn::Type, Vec<Expr>)>,
    /// `instantiate(T = u8), instantiate(T = String)`.
    pub instantiate: Vec<Instantiation>,
    /// `laws(skip(len_iter, roundtrip))`: laws not checked for this type.
    pub laws_skip: Vec<Ident>,
}

/// One `Type = [expr, ...]` of `seeds(...)`.
struct SeedList(syn::Type, Vec<Expr>);

impl syn::parse::Parse for SeedList {
    fn parse(input: syn::parse::ParseStream<'_>) -> syn::Result<Self> {
        let ty: syn::Type = input.parse()?;
        input.parse::<Token![=]>()?;
        let list: syn::ExprArray = input.parse()?;
        Ok(SeedList(ty, list.elems.into_iter().collect()))
    }
}

/// `#[drt(...)]` on one method.
#[derive(Default)]
pub struct MethodArgs {
    /// `#[drt(skip)]`.
    pub skip: bool,
    /// `#[drt(weight = 3)]`.
    pub weight: Option<u32>,
    /// `#[drt(panics)]` (`Some(None)`) or `#[drt(panics = "capacity")]`.
    pub panics: Option<Option<LitStr>>,
    /// `#[drt(requires = "expr")]`.
    pub requires: Option<LitStr>,
    /// `#[drt(ensures = "expr")]`.
    pub ensures: Option<LitStr>,
    /// `#[drt(instantiate(U = u8))]`, repeatable.
    pub instantiate: Vec<Instantiation>,
    /// `#[drt(model = "name")]`.
    pub model: Option<LitStr>,
}

/// The optional `= "text"` after a name.
fn optional_str(meta: &ParseNestedMeta<'_>) -> syn::Result<Option<LitStr>> {
    if meta.input.peek(Token![=]) {
        Ok(Some(meta.value()?.parse()?))
    } else {
        Ok(None)
    }
}

/// A method name inside an argument list.
fn method_name(cx: &Ctxt, meta: &ParseNestedMeta<'_>) -> Option<Ident> {
    let id = meta.path.get_ident().cloned();
    if id.is_none() {
        cx.error_spanned_by(&meta.path, "expected a method name");
    }
    id
}

fn unknown(cx: &Ctxt, meta: &ParseNestedMeta<'_>) {
    let name = meta.path.get_ident().map(ToString::to_string).unwrap_or_else(|| "?".into());
    cx.error_spanned_by(&meta.path, format!("unknown drt argument `{name}`"));
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
    /// Whether method `name` (with its own arguments `margs`) is left out
    /// of the operations: skipped by either, or the block's invariant.
    pub fn leaves_out(&self, name: &Ident, margs: &MethodArgs) -> bool {
        margs.skip || self.invariant.as_ref() == Some(name) || self.skip.contains(name)
    }

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
            } else if meta.path.is_ident("invariant") {
                // invariant(method)
                meta.parse_nested_meta(|m| {
                    if let Some(id) = method_name(cx, &m) {
                        if out.invariant.is_some() {
                            cx.error_spanned_by(
                                &id,
                                "only one invariant per impl block; combine the checks in one method",
                            );
                        }
                        out.invariant = Some(id);
                    }
                    Ok(())
                })
            } else if meta.path.is_ident("panics") {
                // panics(method, method = "message part", ...)
                meta.parse_nested_meta(|m| {
                    let text = optional_str(&m)?;
                    if let Some(id) = method_name(cx, &m) {
                        out.panics.push((id, text));
                    }
                    Ok(())
                })
            } else if meta.path.is_ident("requires") {
                // requires(method = "expression over self and the parameters", ...)
                meta.parse_nested_meta(|m| {
                    let expr: LitStr = m.value()?.parse()?;
                    if let Some(id) = method_name(cx, &m) {
                        out.requires.push((id, expr));
                    }
                    Ok(())
                })
            } else if meta.path.is_ident("ensures") {
                // ensures(method = "expression over result, self, old and the parameters", ...)
                meta.parse_nested_meta(|m| {
                    let expr: LitStr = m.value()?.parse()?;
                    if let Some(id) = method_name(cx, &m) {
                        out.ensures.push((id, expr));
                    }
                    Ok(())
                })
            } else if meta.path.is_ident("seeds") {
                // seeds(Type = [expr, ...], ...)
                let content;
                syn::parenthesized!(content in meta.input);
                let lists = content.parse_terminated(SeedList::parse, Token![,])?;
                out.seeds.extend(lists.into_iter().map(|SeedList(ty, exprs)| (ty, exprs)));
                Ok(())
            } else if meta.path.is_ident("instantiate") {
                // instantiate(T = u8, N = 4)
                out.instantiate.push(instantiation(&meta)?);
                Ok(())
            } else if meta.path.is_ident("laws") {
                // laws(skip(law, law, ...))
                meta.parse_nested_meta(|m| {
                    if !m.path.is_ident("skip") {
                        let what = m.path.get_ident().map(ToString::to_string).unwrap_or_default();
                        cx.error_spanned_by(
                            &m.path,
                            format!("unknown drt argument `{what}` of `laws`: write `laws(skip(name, ...))`"),
                        );
                        // Its list is read past, so the arguments after it still parse.
                        if m.input.peek(syn::token::Paren) {
                            let list;
                            syn::parenthesized!(list in m.input);
                            list.parse::<TokenStream>()?;
                        }
                        return Ok(());
                    }
                    m.parse_nested_meta(|law| {
                        match law.path.get_ident() {
                            Some(id) if LAWS.contains(&id.to_string().as_str()) => out.laws_skip.push(id.clone()),
                            _ => cx.error_spanned_by(
                                &law.path,
                                format!(
                                    "unknown law `{}`; the laws are {}",
                                    law.path.to_token_stream(),
                                    LAWS.join(", ")
                                ),
                            ),
                        }
                        Ok(())
                    })
                })
            } else if crate::krate::is_crate(&meta) {
                // crate = "path::to::drt"
                out.krate = crate::krate::parse(cx, &meta)?;
                Ok(())
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
                } else if meta.path.is_ident("panics") {
                    // #[drt(panics)] or #[drt(panics = "message part")]
                    out.panics = Some(optional_str(&meta)?);
                } else if meta.path.is_ident("requires") {
                    // #[drt(requires = "expression over self and the parameters")]
                    out.requires = Some(meta.value()?.parse()?);
                } else if meta.path.is_ident("ensures") {
                    // #[drt(ensures = "expression over result, self, old and the parameters")]
                    out.ensures = Some(meta.value()?.parse()?);
                } else if meta.path.is_ident("instantiate") {
                    // #[drt(instantiate(U = u8))]
                    out.instantiate.push(instantiation(&meta)?);
                } else if meta.path.is_ident("model") {
                    // #[drt(model = "name of the reference's method")]
                    let name: LitStr = meta.value()?.parse()?;
                    if syn::parse_str::<Ident>(&name.value()).is_ok() {
                        out.model = Some(name);
                    } else {
                        cx.error_spanned_by(&name, "`model` names a method of the reference: `model = \"insert\"`");
                    }
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

/// A method's `#[drt(...)]` written under a condition, as the block's own
/// attribute is in a crate that takes drt as a dev-dependency:
/// `#[cfg_attr(test, drt(skip))]`. rustc hands an attribute macro its
/// block with such attributes unexpanded, so drt would not see the
/// `drt(...)` and rustc would later reject it as an unknown attribute.
/// Each is lifted out (`#[drt(skip)]`, and the `cfg_attr` keeps what else
/// it held), and its condition returned with where it was written: drt
/// reads the attribute as if the condition held, which the expansion
/// checks (a compile error where it does not: [`unmet_conditions`]).
pub fn lift_conditional(item: &mut syn::ItemImpl) -> Vec<(syn::Meta, proc_macro2::Span)> {
    use syn::spanned::Spanned as _;
    let mut conditions = Vec::new();
    for i in &mut item.items {
        let attrs = match i {
            syn::ImplItem::Fn(f) => &mut f.attrs,
            syn::ImplItem::Const(c) => &mut c.attrs,
            syn::ImplItem::Type(t) => &mut t.attrs,
            syn::ImplItem::Macro(m) => &mut m.attrs,
            _ => continue,
        };
        let mut lifted = Vec::new();
        for attr in std::mem::take(attrs) {
            let Some((condition, drt, rest)) = split_conditional(&attr) else {
                attrs.push(attr);
                continue;
            };
            conditions.push((condition.clone(), condition.span()));
            // What else it held stays under its condition.
            if !rest.is_empty() {
                let meta = syn::parse_quote!(cfg_attr(#condition, #(#rest),*));
                attrs.push(syn::Attribute { meta, ..attr.clone() });
            }
            lifted.extend(drt.into_iter().map(|meta| syn::Attribute { meta, ..attr.clone() }));
        }
        attrs.extend(lifted);
    }
    conditions
}

/// `#[cfg_attr(condition, a, drt(x), b)]`: its condition, its `drt(...)`
/// attributes and the others; `None` for any other attribute, or one
/// holding no `drt(...)`.
fn split_conditional(attr: &syn::Attribute) -> Option<(syn::Meta, Vec<syn::Meta>, Vec<syn::Meta>)> {
    use syn::punctuated::Punctuated;
    let list = attr.meta.require_list().ok().filter(|l| l.path.is_ident("cfg_attr"))?;
    let mut metas = list.parse_args_with(Punctuated::<syn::Meta, Token![,]>::parse_terminated).ok()?.into_iter();
    let condition = metas.next()?;
    let (drt, rest): (Vec<syn::Meta>, Vec<syn::Meta>) = metas.partition(|m| m.path().is_ident("drt"));
    (!drt.is_empty()).then_some((condition, drt, rest))
}

/// For each condition of a lifted `#[cfg_attr(condition, drt(...))]`, a
/// compile error where it does not hold though the block is explored
/// (`#[cfg_attr(feature = "slow", drt(skip))]` under a block explored in
/// every test): drt cannot read an attribute only some builds have.
pub fn unmet_conditions(conditions: &[(syn::Meta, proc_macro2::Span)]) -> TokenStream {
    conditions
        .iter()
        .map(|(condition, span)| {
            let message = format!(
                "drt reads `#[cfg_attr({}, drt(...))]` wherever the block is explored, and here `{}` does not hold: \
                 give the method's `cfg_attr` the same condition as the block's (`#[cfg_attr(test, drt::operations)]` \
                 with `#[cfg_attr(test, drt(skip))]`), or write `#[drt(...)]`",
                condition.to_token_stream(),
                condition.to_token_stream()
            );
            quote::quote_spanned! {*span=>
                #[cfg(not(#condition))]
                ::core::compile_error!(#message);
            }
        })
        .collect()
}
