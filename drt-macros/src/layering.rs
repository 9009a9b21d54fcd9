//! The crate's modules import each other one way (lib.rs says in what
//! order), checked on its own source: a module's `crate::` and `super::`
//! paths outside its tests, read by proc-macro2's lexer (so comments and
//! literals are never taken for code), must not lead back to it.

use std::collections::BTreeMap;
use std::path::Path;

use proc_macro2::{Delimiter, TokenStream, TokenTree};

/// Every module (`types::params`; `mod` files by their folder) and its source.
fn modules() -> BTreeMap<String, String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).expect("the crate's sources are readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).expect("under src").with_extension("");
                let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
                if parts.last().is_some_and(|p| p == "mod") {
                    parts.pop();
                }
                out.insert(parts.join("::"), std::fs::read_to_string(&path).expect("a readable source file"));
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    walk(&root, &root, &mut out);
    out
}

/// The modules `module`'s code names through `crate::`, `super::` and
/// child modules' paths (`pub use child::..`), outside `#[cfg(test)]` items.
fn imports(module: &str, source: &str, modules: &BTreeMap<String, String>) -> Vec<String> {
    let tokens: Vec<TokenTree> = source.parse::<TokenStream>().expect("the sources lex").into_iter().collect();
    let mut paths = Vec::new();
    walk_tokens(&tokens, &mut paths);
    let own: Vec<&str> = module.split("::").collect();
    let mut out: Vec<String> = paths
        .into_iter()
        .filter_map(|path| {
            let (base, rest): (Vec<&str>, &[String]) = match path.first().map(String::as_str) {
                Some("crate") => (Vec::new(), &path[1..]),
                Some("super") => (own[..own.len().saturating_sub(1)].to_vec(), &path[1..]),
                // A child module's item (`pub use params::param;` in `types`).
                Some(first) if modules.contains_key(&format!("{module}::{first}")) => (own.clone(), &path[..]),
                _ => return None,
            };
            let full: Vec<&str> = base.into_iter().chain(rest.iter().map(String::as_str)).collect();
            (1..=full.len()).rev().map(|k| full[..k].join("::")).find(|m| modules.contains_key(m))
        })
        .filter(|target| target != module)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Every `a::b::c` path in `tokens`, skipping `#[cfg(test)]` items.
fn walk_tokens(tokens: &[TokenTree], out: &mut Vec<Vec<String>>) {
    let mut i = 0;
    while i < tokens.len() {
        if is_test_attribute(&tokens[i..]) {
            // The attribute, then the item up to its body or `;`.
            i += 2;
            while i < tokens.len() && !matches!(&tokens[i], TokenTree::Group(g) if g.delimiter() == Delimiter::Brace) {
                if matches!(&tokens[i], TokenTree::Punct(p) if p.as_char() == ';') {
                    break;
                }
                i += 1;
            }
            i += 1;
            continue;
        }
        match &tokens[i] {
            TokenTree::Ident(_) if is_colons(tokens, i + 1) => {
                let mut path = Vec::new();
                let mut k = i;
                while let Some(TokenTree::Ident(segment)) = tokens.get(k) {
                    path.push(segment.to_string());
                    if !is_colons(tokens, k + 1) {
                        break;
                    }
                    k += 3;
                }
                out.push(path);
                i = k + 1;
            }
            TokenTree::Group(group) => {
                let inner: Vec<TokenTree> = group.stream().into_iter().collect();
                walk_tokens(&inner, out);
                i += 1;
            }
            _ => i += 1,
        }
    }
}

fn is_colons(tokens: &[TokenTree], k: usize) -> bool {
    let colon = |k: usize| matches!(tokens.get(k), Some(TokenTree::Punct(p)) if p.as_char() == ':');
    colon(k) && colon(k + 1)
}

fn is_test_attribute(tokens: &[TokenTree]) -> bool {
    match (tokens.first(), tokens.get(1)) {
        (Some(TokenTree::Punct(hash)), Some(TokenTree::Group(g))) if hash.as_char() == '#' => {
            g.delimiter() == Delimiter::Bracket && g.stream().to_string().replace(' ', "") == "cfg(test)"
        }
        _ => false,
    }
}

#[test]
fn no_modules_import_each_other_in_a_circle() {
    let modules = modules();
    let graph: BTreeMap<String, Vec<String>> =
        modules.iter().map(|(name, source)| (name.clone(), imports(name, source, &modules))).collect();
    assert!(graph["expand"].contains(&"ast".to_string()), "the test reads imports: {graph:?}");
    fn visit(m: &str, graph: &BTreeMap<String, Vec<String>>, path: &mut Vec<String>, done: &mut Vec<String>) {
        if done.iter().any(|d| d == m) {
            return;
        }
        if let Some(at) = path.iter().position(|p| p == m) {
            panic!("modules import each other in a circle: {} -> {m}", path[at..].join(" -> "));
        }
        path.push(m.to_string());
        for t in graph.get(m).map_or(&[][..], Vec::as_slice) {
            visit(t, graph, path, done);
        }
        path.pop();
        done.push(m.to_string());
    }
    let mut done = Vec::new();
    for m in graph.keys() {
        visit(m, &graph, &mut Vec::new(), &mut done);
    }
}
