//! `crate = "path"`: where the expansions find drt when it is not `::drt`
//! (a crate that re-exports it, `#[drt::operations(crate = "my_tests::drt")]`),
//! as serde's `#[serde(crate = "...")]`. The expansions are written against
//! `::drt`; with the argument, [`rewrite`] points every such path at the
//! one given.

use proc_macro2::{Group, Spacing, TokenStream, TokenTree};
use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::LitStr;

use crate::ctxt::Ctxt;

/// Whether this argument is `crate = ...`.
pub fn is_crate(meta: &ParseNestedMeta<'_>) -> bool {
    meta.path.is_ident("crate")
}

/// The path of `crate = "path"`; an error spanned on the string when it
/// is not a path.
pub fn parse(cx: &Ctxt, meta: &ParseNestedMeta<'_>) -> syn::Result<Option<syn::Path>> {
    let lit: LitStr = meta.value()?.parse()?;
    match lit.parse_with(syn::Path::parse_mod_style) {
        Ok(path) => Ok(Some(path)),
        Err(_) => {
            cx.error_spanned_by(&lit, "`crate` takes the path drt is reached by, e.g. `crate = \"my_tests::drt\"`");
            Ok(None)
        }
    }
}

/// The arguments of `#[drt::mock(...)]` and `#[drt::generator(...)]`,
/// which take `crate = "path"` only.
pub fn parse_only(cx: &Ctxt, args: TokenStream, what: &str) -> Option<syn::Path> {
    use syn::parse::Parser as _;
    let mut out = None;
    let parser = syn::meta::parser(|meta| {
        if is_crate(&meta) {
            out = parse(cx, &meta)?;
        } else {
            cx.error_spanned_by(&meta.path, format!("#[drt::{what}] takes `crate = \"path\"` only"));
        }
        Ok(())
    });
    if let Err(e) = parser.parse2(args) {
        cx.syn_error(e);
    }
    out
}

/// `tokens` with every path starting `::drt` starting `path` instead.
pub fn rewrite(tokens: TokenStream, path: Option<&syn::Path>) -> TokenStream {
    match path {
        Some(path) => replace(tokens, &path.to_token_stream()),
        None => tokens,
    }
}

/// The keywords a path may follow.
const KEYWORDS: [&str; 20] = [
    "impl", "for", "as", "dyn", "in", "where", "return", "let", "mut", "ref", "move", "else", "match", "if", "while",
    "break", "const", "static", "type", "unsafe",
];

fn replace(tokens: TokenStream, with: &TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        // `::drt` where a path starts: not after a name or `>` (`a::drt`,
        // `crate::drt`, `T<U>::drt` name something else), but after a
        // keyword (`impl ::drt::X for`, `<T as ::drt::X>`).
        let starts_path = match out.last() {
            Some(TokenTree::Ident(id)) => KEYWORDS.contains(&id.to_string().as_str()),
            Some(TokenTree::Punct(p)) => p.as_char() != '>',
            _ => true,
        };
        if let [TokenTree::Punct(a), TokenTree::Punct(b), TokenTree::Ident(name), ..] = &trees[i..] {
            if starts_path && a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':' && name == "drt"
            {
                out.extend(with.clone());
                i += 3;
                continue;
            }
        }
        out.push(match &trees[i] {
            TokenTree::Group(g) => {
                let mut inner = Group::new(g.delimiter(), replace(g.stream(), with));
                inner.set_span(g.span());
                TokenTree::Group(inner)
            }
            other => other.clone(),
        });
        i += 1;
    }
    out.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    #[test]
    fn paths_from_drt_are_rewritten_and_nothing_else() {
        let path: syn::Path = syn::parse_quote!(my_tests::drt);
        let tokens = quote!(::drt::__private::builder::<u8>(); impl ::drt::__private::Mocked for X {} a::drt::b; crate::drt::c; { ::drt::x });
        let out = rewrite(tokens, Some(&path)).to_string();
        assert_eq!(
            out,
            quote!(my_tests::drt::__private::builder::<u8>(); impl my_tests::drt::__private::Mocked for X {} a::drt::b; crate::drt::c; { my_tests::drt::x }).to_string()
        );
    }
}
