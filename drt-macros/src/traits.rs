//! Trait impls: which std traits drt explores, and how emitted tests call
//! their methods the way a person would (`a + b`, `"1.50".parse::<Money>()`,
//! `a == b`, `v[i]`, `it.next()`).

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Operation, Receiver};
use crate::ctxt::Ctxt;
use crate::types::{Kind, Ret};

/// std traits outside the prelude whose methods emitted code calls with an
/// operator or a qualified path, and the public module they live in.
const STD_HOMES: &[(&str, &[&str])] = &[
    (
        "std::ops",
        &[
            "Add",
            "Sub",
            "Mul",
            "Div",
            "Rem",
            "BitAnd",
            "BitOr",
            "BitXor",
            "Shl",
            "Shr",
            "AddAssign",
            "SubAssign",
            "MulAssign",
            "DivAssign",
            "RemAssign",
            "BitAndAssign",
            "BitOrAssign",
            "BitXorAssign",
            "ShlAssign",
            "ShrAssign",
            "Neg",
            "Not",
            "Index",
            "IndexMut",
        ],
    ),
    ("std::str", &["FromStr"]),
];

/// Traits of the 2021 prelude: their methods need no import, so emitted code
/// uses plain method syntax (`it.next()`, `Money::from(5)`, `Money::default()`).
const PRELUDE: &[&str] = &[
    "Clone",
    "Default",
    "From",
    "Into",
    "TryFrom",
    "TryInto",
    "Iterator",
    "DoubleEndedIterator",
    "ExactSizeIterator",
    "Extend",
    "FromIterator",
    "IntoIterator",
    "PartialEq",
    "PartialOrd",
    "Ord",
    "AsRef",
    "AsMut",
    "ToString",
    "ToOwned",
];

/// Traits drt already checks on every value it makes.
const CHECKED: &[&str] = &["Debug", "Display", "Hash", "Drop", "Eq"];

fn last_ident(path: &syn::Path) -> String {
    path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default()
}

/// A trait whose impl drt can explore: not one of those it checks itself.
pub fn check_trait(cx: &Ctxt, path: &syn::Path) -> bool {
    let name = last_ident(path);
    if CHECKED.contains(&name.as_str()) {
        cx.error_spanned_by(
            path,
            format!("drt already checks `{name}` on every value it makes; remove #[drt::operations] from this impl"),
        );
        return false;
    }
    true
}

/// The trait as emitted code names it, as a `&'static str` expression: std
/// operator traits by their public path (`std::ops::Add<Cents>`), prelude
/// traits as written, and the crate's own traits by their full path, made
/// at the user's compile time (`my_crate::shapes::Shape`), so the emitted
/// test compiles in `tests/`.
pub fn emitted_name(path: &syn::Path) -> TokenStream {
    // The trait's type arguments (`IndexMut<Pos>`) by their full paths, as
    // `type_name` tells them when the registration runs: a type of the
    // crate is named as the test in `tests/` must name it.
    let mut bare = path.clone();
    if let Some(last) = bare.segments.last_mut() {
        if let syn::PathArguments::AngleBracketed(a) = &last.arguments {
            let types: Option<Vec<&syn::Type>> = a
                .args
                .iter()
                .map(|g| match g {
                    syn::GenericArgument::Type(t) => Some(t),
                    _ => None,
                })
                .collect();
            if let Some(types) = types.filter(|t| !t.is_empty()) {
                let types: Vec<syn::Type> = types.into_iter().cloned().collect();
                last.arguments = syn::PathArguments::None;
                let base = emitted_bare_name(&bare);
                return quote!(::drt::__private::trait_path(#base, &[#(::core::any::type_name::<#types>()),*]));
            }
        }
    }
    emitted_bare_name(path)
}

/// [`emitted_name`] of a path, its arguments as written.
fn emitted_bare_name(path: &syn::Path) -> TokenStream {
    let name = last_ident(path);
    let written = crate::types::show(path);
    if let Some((home, _)) = STD_HOMES.iter().find(|(_, names)| names.contains(&name.as_str())) {
        let full = if path.segments.len() == 1 { format!("{home}::{written}") } else { written };
        return quote!(#full);
    }
    let first = path.segments.first().map(|s| s.ident.to_string()).unwrap_or_default();
    let rest = |n: usize| {
        let segs: Vec<String> = path.segments.iter().skip(n).map(crate::types::show).collect();
        segs.join("::")
    };
    match first.as_str() {
        _ if PRELUDE.contains(&name.as_str()) && path.segments.len() == 1 => quote!(#written),
        _ if path.leading_colon.is_some() => quote!(#written),
        "crate" => {
            let rest = format!("::{}", rest(1));
            quote!(::core::concat!(::core::env!("CARGO_CRATE_NAME"), #rest))
        }
        "self" => {
            let rest = format!("::{}", rest(1));
            quote!(::core::concat!(::core::module_path!(), #rest))
        }
        // A trait of this module (or imported into it: a guess, which the
        // user adjusts like any `use`).
        _ if path.segments.len() == 1 => {
            let rest = format!("::{written}");
            quote!(::core::concat!(::core::module_path!(), #rest))
        }
        _ => quote!(#written),
    }
}

/// How emitted code writes a call of this trait method: an operator when
/// the method is the operator's (with the operator's signature), method
/// syntax for prelude traits, else a qualified path.
pub fn syntax(path: &syn::Path, op: &Operation) -> TokenStream {
    let name = last_ident(path);
    let method = op.original.sig.ident.to_string();
    let arity = op.params.len();
    let second = op.params.get(1).map(|p| p.kind);
    let binary = [
        ("Add", "add", "+"),
        ("Sub", "sub", "-"),
        ("Mul", "mul", "*"),
        ("Div", "div", "/"),
        ("Rem", "rem", "%"),
        ("BitAnd", "bitand", "&"),
        ("BitOr", "bitor", "|"),
        ("BitXor", "bitxor", "^"),
        ("Shl", "shl", "<<"),
        ("Shr", "shr", ">>"),
    ];
    for (t, m, sym) in binary {
        if name == t && method == m && op.receiver == Receiver::Value && arity == 2 {
            return quote!(Binary(#sym));
        }
        let (t, m, sym) = (format!("{t}Assign"), format!("{m}_assign"), format!("{sym}="));
        if name == t && method == m && op.receiver == Receiver::Mut && arity == 2 {
            return quote!(Assign(#sym));
        }
    }
    let compare = [("eq", "=="), ("ne", "!="), ("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">=")];
    for (m, sym) in compare {
        let traits: &[&str] = if m == "eq" || m == "ne" { &["PartialEq"] } else { &["PartialOrd"] };
        if traits.contains(&name.as_str())
            && method == m
            && op.receiver == Receiver::Ref
            && arity == 2
            && second == Some(Kind::Ref)
        {
            return quote!(Compare(#sym));
        }
    }
    match (name.as_str(), method.as_str()) {
        ("Neg", "neg") | ("Not", "not") if op.receiver == Receiver::Value && arity == 1 => {
            let sym = if name == "Neg" { "-" } else { "!" };
            return quote!(Unary(#sym));
        }
        ("Index", "index") if op.receiver == Receiver::Ref && arity == 2 && matches!(op.ret, Ret::Borrowed(_)) => {
            return quote!(Index);
        }
        ("FromStr", "from_str") if op.receiver == Receiver::None && arity == 1 && op.params[0].kind == Kind::Str => {
            return quote!(Parse);
        }
        _ => {}
    }
    if PRELUDE.contains(&name.as_str()) {
        quote!(Call)
    } else {
        quote!(Qualified)
    }
}
