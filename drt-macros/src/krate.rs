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

/// `body` with the probe traits `traits` of `drt::__private::{module}` in
/// scope (autoref specialization), imported by the runtime's `probing!`
/// through its `$crate`: a `use` of the expansion's own would report a
/// wrong `crate = "path"` a second time.
pub fn probing(module: &str, traits: &[&str], body: TokenStream) -> TokenStream {
    let module = module.split("::").filter(|m| !m.is_empty()).map(|m| quote::format_ident!("{}", m));
    let traits = traits.iter().map(|t| quote::format_ident!("{}", t));
    quote::quote!(::drt::__private::probing!(#( #module )::* { #( #traits ),* } #body))
}

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

/// `path` as written in code: `::my_tests::drt`, `crate::testing::drt`.
pub fn text(path: &syn::Path) -> String {
    let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let lead = if path.leading_colon.is_some() { "::" } else { "" };
    format!("{lead}{}", segments.join("::"))
}

/// `tokens` with every path starting `::drt` starting `path` instead.
pub fn rewrite(tokens: TokenStream, path: Option<&syn::Path>) -> TokenStream {
    match path {
        Some(path) => replace(tokens, &path.to_token_stream()),
        None => tokens,
    }
}

/// The keywords a path may follow: all but `crate`, `self`, `super` and
/// `Self`, which a path continues from.
const KEYWORDS: [&str; 34] = [
    "as", "async", "await", "break", "const", "continue", "dyn", "else", "enum", "extern", "false", "fn", "for", "if",
    "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "static", "struct", "trait",
    "true", "type", "unsafe", "use", "where", "while",
];

fn replace(tokens: TokenStream, with: &TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        // `::drt` where a path starts: not after a name (`a::drt`,
        // `crate::drt` name something else), but after a keyword
        // (`impl ::drt::X for`, `<T as ::drt::X>`) or a punctuation mark
        // (`-> ::drt::X`, `<::drt::X>`).
        let starts_path = match out.last() {
            Some(TokenTree::Ident(id)) => KEYWORDS.contains(&id.to_string().as_str()),
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
        let tokens = quote!(::drt::__private::builder::<u8>(); impl ::drt::__private::Mocked for X {} a::drt::b; crate::drt::c; { ::drt::x } |s| -> ::drt::R {});
        let out = rewrite(tokens, Some(&path)).to_string();
        assert_eq!(
            out,
            quote!(my_tests::drt::__private::builder::<u8>(); impl my_tests::drt::__private::Mocked for X {} a::drt::b; crate::drt::c; { my_tests::drt::x } |s| -> my_tests::drt::R {}).to_string()
        );
    }

    /// Every expansion names drt by the path given, nowhere by `::drt`:
    /// the ui-pass test cannot tell, since `::drt` resolves there too.
    #[test]
    fn no_expansion_keeps_a_path_from_drt() {
        let ops = crate::expand::operations(
            quote!(crate = "facade::drt"),
            quote!(impl A {
                fn new() -> Self { A }
                fn f(&self, c: impl Fn(u8) -> bool, r: impl std::io::Read, i: impl Iterator<Item = u8>) {}
                fn g(&mut self, c: &dyn Clock) -> Option<&u8> { None }
            }),
        );
        let mock = crate::mock::mock(
            quote!(crate = "facade::drt"),
            quote!(
                trait Clock {
                    fn now(&self) -> u64;
                }
            ),
        );
        let generator = crate::generator::generator(
            quote!(crate = "facade::drt"),
            quote!(
                fn any_a(rng: &mut facade::drt::Rng) -> A {
                    A
                }
            ),
        );
        for out in [ops, mock, generator] {
            let text = out.to_string();
            assert!(text.contains("facade :: drt :: __private"), "{text}");
            assert!(!text.replace("facade :: drt ::", "").contains(":: drt ::"), "{text}");
        }
    }
}
