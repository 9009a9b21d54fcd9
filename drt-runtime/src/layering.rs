//! The runtime's floors (the crate docs list them), checked on its own
//! source: every module imports only from its own floor or below, and no
//! modules import each other in a circle, so the crate reads bottom-up and
//! a change ripples only upwards. A new module must be given a floor here.

use std::collections::BTreeMap;
use std::path::Path;

use proc_macro2::{Delimiter, TokenStream, TokenTree};

/// Every module and its floor, bottom first.
const FLOORS: &[(&str, u8)] = &[
    ("names", 1),
    ("ints", 1),
    ("value", 1),
    ("coverage", 1),
    ("coverage::functions", 1),
    ("coverage::symbols", 1),
    ("sequence", 1),
    ("hook", 1),
    ("rng", 1),
    ("memcheck", 1),
    ("memory", 1),
    ("config", 1),
    ("config::lines", 1),
    ("io", 1),
    ("guide", 1),
    ("iter", 1),
    ("macro_support", 2),
    ("macro_support::answers", 2),
    ("macro_support::builders", 2),
    ("macro_support::call", 2),
    ("macro_support::laws", 2),
    ("macro_support::laws::operators", 2),
    ("macro_support::passed_iter", 2),
    ("macro_support::probe", 2),
    ("macro_support::reference", 2),
    ("macro_support::registration", 2),
    ("macro_support::spec", 2),
    ("macro_support::type_desc", 2),
    ("report", 2),
    ("progress", 2),
    ("registry", 3),
    ("seeds", 3),
    ("outcome", 3),
    ("differential", 3),
    ("differential::plan", 3),
    ("differential::catalogue", 3),
    ("differential::catalogue::coverage", 3),
    ("differential::catalogue::hashed", 3),
    ("differential::catalogue::numbers", 3),
    ("differential::catalogue::ordered", 3),
    ("differential::catalogue::sequences", 3),
    ("differential::catalogue::text", 3),
    ("type_facts", 3),
    ("world", 3),
    ("pool", 3),
    ("reuse::snapshot", 3),
    ("sequence_text", 3),
    ("sizes", 3),
    ("laws", 3),
    ("oracle", 4),
    ("laws::check", 4),
    ("execute", 4),
    ("differential::compare", 4),
    ("differential::shadow", 4),
    ("render", 5),
    ("reuse", 5),
    ("render::statements", 5),
    ("render::rustfmt", 5),
    ("triage", 5),
    ("minimize", 5),
    ("saved_failures", 5),
    ("regression_tests", 5),
    ("untested", 5),
    ("json_report", 5),
    ("generate", 6),
    ("generate::cheap", 6),
    ("generate::costs", 6),
    ("generate::draft", 6),
    ("generate::findings", 6),
    ("generate::frontier", 6),
    ("generate::hints", 6),
    ("generate::pairing", 6),
    ("generate::pruning", 6),
    ("generate::weights", 6),
    ("isolate", 7),
    ("isolate::job", 7),
    ("isolate::wire", 7),
    ("isolate::supervisor", 7),
    ("isolate::jobs", 7),
    ("isolate::shared", 7),
    ("isolate::cores", 7),
    ("driver", 8),
    ("driver::lifecycle", 8),
    ("lib", 9),
];

/// Modules compiled only for tests: they may use anything.
const TEST_ONLY: &[&str] = &["fixtures", "layering", "generate::tests"];

/// The runtime's modules: name (`isolate::job`, `lib` for the root) and source.
fn modules() -> BTreeMap<String, String> {
    fn walk(dir: &Path, root: &Path, out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).expect("the runtime's sources are readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).expect("under src").with_extension("");
                let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
                if parts.last().is_some_and(|p| p == "mod") {
                    parts.pop();
                }
                let source = std::fs::read_to_string(&path).expect("a readable source file");
                out.insert(parts.join("::"), source);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    walk(&root, &root, &mut out);
    out
}

/// The paths a module's code names outside its `#[cfg(test)] mod` items,
/// as full paths from the crate root: `use` trees with their braces
/// expanded (a `use` path that starts with none of the keywords below is
/// relative to the module), and `crate::`, `drt::` (the crate's name for
/// itself), `self::` and `super::` paths anywhere. The source is read by
/// proc-macro2's lexer, so comments and literals are never taken for code.
/// A `$crate::` path in a `macro_rules!` body is no import: it is resolved
/// where the macro expands (in the user's crate; in the runtime, only
/// `type_desc!` in its own room, where `$crate::__private` is that room).
fn named_paths(module: &str, source: &str) -> Vec<Vec<String>> {
    let own: Vec<String> = module.split("::").filter(|_| module != "lib").map(String::from).collect();
    let tokens: Vec<TokenTree> =
        source.parse::<TokenStream>().expect("the runtime's sources lex").into_iter().collect();
    let mut out = Vec::new();
    walk_tokens(&tokens, &own, &mut out);
    out
}

fn walk_tokens(tokens: &[TokenTree], own: &[String], out: &mut Vec<Vec<String>>) {
    let mut i = 0;
    while i < tokens.len() {
        if let Some(end) = test_module_end(&tokens[i..]) {
            i += end;
            continue;
        }
        let after_dollar = i > 0 && is_punct(&tokens[i - 1], '$');
        let after_colons = i > 0 && is_punct(&tokens[i - 1], ':');
        match &tokens[i] {
            TokenTree::Ident(word) if word == "use" => {
                let end = (i..tokens.len()).find(|&k| is_punct(&tokens[k], ';')).unwrap_or(tokens.len());
                // `use $crate::..` in a macro body is the expansion site's.
                if !is_punct_at(tokens, i + 1, '$') {
                    for path in expand(&tokens[i + 1..end]) {
                        out.extend(absolute(&path, own, true));
                    }
                }
                i = end;
            }
            TokenTree::Ident(_) if !after_dollar && !after_colons && is_punct_at(tokens, i + 1, ':') => {
                // A path: `word :: word :: ..`.
                let mut path = Vec::new();
                let mut k = i;
                while let Some(TokenTree::Ident(segment)) = tokens.get(k) {
                    path.push(segment.to_string());
                    if !(is_punct_at(tokens, k + 1, ':') && is_punct_at(tokens, k + 2, ':')) {
                        break;
                    }
                    k += 3;
                }
                out.extend(absolute(&path, own, false));
                i = k;
            }
            TokenTree::Group(group) => {
                let inner: Vec<TokenTree> = group.stream().into_iter().collect();
                walk_tokens(&inner, own, out);
            }
            _ => {}
        }
        i += 1;
    }
}

/// How many tokens a `#[cfg(test)] mod name { .. }` (or `mod name;`) item
/// starting here spans, attributes included.
fn test_module_end(tokens: &[TokenTree]) -> Option<usize> {
    let attribute = |k: usize| match (tokens.get(k), tokens.get(k + 1)) {
        (Some(hash), Some(TokenTree::Group(g))) if is_punct(hash, '#') && g.delimiter() == Delimiter::Bracket => {
            Some(g.stream().to_string().replace(' ', ""))
        }
        _ => None,
    };
    if attribute(0)? != "cfg(test)" {
        return None;
    }
    let mut k = 2;
    while attribute(k).is_some() {
        k += 2;
    }
    if matches!(tokens.get(k), Some(TokenTree::Ident(w)) if w == "pub") {
        k += 1;
        if matches!(tokens.get(k), Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis) {
            k += 1;
        }
    }
    let is_mod = matches!(tokens.get(k), Some(TokenTree::Ident(w)) if w == "mod");
    // `mod`, its name, then `;` or its body.
    is_mod.then_some(k + 3)
}

fn is_punct(token: &TokenTree, c: char) -> bool {
    matches!(token, TokenTree::Punct(p) if p.as_char() == c)
}

fn is_punct_at(tokens: &[TokenTree], k: usize, c: char) -> bool {
    tokens.get(k).is_some_and(|t| is_punct(t, c))
}

/// The paths of a `use` tree's tokens: `a::{b, c::{d, e}}` -> `[a, b]`,
/// `[a, c, d]`, `[a, c, e]` (a rename or a glob ends a path).
fn expand(tokens: &[TokenTree]) -> Vec<Vec<String>> {
    let mut prefix = Vec::new();
    for token in tokens {
        match token {
            TokenTree::Ident(word) if word == "as" => break,
            TokenTree::Ident(word) if word == "pub" => {}
            TokenTree::Ident(word) => prefix.push(word.to_string()),
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                return inner
                    .split(|t| is_punct(t, ','))
                    .filter(|part| !part.is_empty())
                    .flat_map(expand)
                    .map(|tail| prefix.iter().cloned().chain(tail).collect())
                    .collect();
            }
            _ => {}
        }
    }
    vec![prefix]
}

/// `path` from the crate root, when it names this crate: `crate::`, `drt::`,
/// `self::`, `super::`, or (in a `use`) a path relative to the module.
fn absolute(path: &[String], own: &[String], in_use: bool) -> Option<Vec<String>> {
    let (first, rest) = path.split_first()?;
    let (mut base, mut rest) = match first.as_str() {
        "crate" | "drt" => (Vec::new(), rest),
        "self" => (own.to_vec(), rest),
        "super" => (own.to_vec(), path),
        "std" | "core" | "alloc" => return None,
        _ if in_use => (own.to_vec(), path),
        _ => return None,
    };
    while let Some(("super", tail)) = rest.split_first().map(|(s, t)| (s.as_str(), t)) {
        base.pop();
        rest = tail;
    }
    Some(base.into_iter().chain(rest.iter().cloned()).collect())
}

/// The module a full path lands in: its longest prefix that is a module,
/// else the crate root (an item `lib.rs` re-exports).
fn target(path: &[String], modules: &BTreeMap<String, String>) -> String {
    // `__private` is the door to `macro_support`, for generated code.
    let door: Vec<String>;
    let path = match path.split_first() {
        Some((first, rest)) if first == "__private" => {
            door = std::iter::once("macro_support".to_string()).chain(rest.iter().cloned()).collect();
            &door[..]
        }
        _ => path,
    };
    (1..=path.len())
        .rev()
        .map(|k| path[..k].join("::"))
        .find(|m| modules.contains_key(m))
        .unwrap_or_else(|| "lib".to_string())
}

/// Each module's imports of other modules.
fn imports() -> BTreeMap<String, Vec<String>> {
    let modules = modules();
    let mut out = BTreeMap::new();
    for (name, source) in &modules {
        if TEST_ONLY.contains(&name.as_str()) {
            continue;
        }
        let mut targets: Vec<String> = named_paths(name, source)
            .iter()
            // The expansions' macros are exported at the crate root, where `#[macro_export]` puts them.
            .filter(|p| p.first().is_none_or(|s| !["__type_desc", "__probing"].contains(&s.as_str())))
            .map(|p| target(p, &modules))
            .filter(|t| t != name)
            .collect();
        targets.sort();
        targets.dedup();
        out.insert(name.clone(), targets);
    }
    out
}

fn floor(module: &str) -> u8 {
    FLOORS.iter().find(|(m, _)| *m == module).map(|(_, f)| *f).unwrap_or_else(|| {
        panic!("module `{module}` has no floor: add it to FLOORS in layering.rs (and to the crate docs)")
    })
}

#[test]
fn paths_are_read_the_way_rustc_reads_them() {
    let source = r##"use super::{wire, x::{Y, Z}};
use rand::Rng;
let a = crate::b::c(); $crate::d::e; f("crate::g \" crate::h", '"', '\'', r#"crate::i"#); // crate::j
let k = drt::k::K; let l = super::super::l::L; let m = 'a'; self::n::N; /* crate::o */
#[cfg(test)]
#[path = "p.rs"]
mod p;
#[cfg(test)]
mod tests { use crate::q::Q; fn f() { crate::r::R } }
fn after() { crate::s::S }"##;
    let paths = named_paths("isolate::job", source);
    let paths: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    let expected = [
        "isolate::wire",
        "isolate::x::Y",
        "isolate::x::Z",
        "isolate::job::rand::Rng",
        "b::c",
        "k::K",
        "l::L",
        "isolate::job::n::N",
        "s::S",
    ];
    assert_eq!(paths, expected);
}

#[test]
fn every_module_imports_only_from_its_floor_or_below() {
    let mut upward = Vec::new();
    for (module, targets) in imports() {
        for t in targets {
            if floor(&t) > floor(&module) {
                upward.push(format!("{module} (floor {}) imports {t} (floor {})", floor(&module), floor(&t)));
            }
        }
    }
    assert!(upward.is_empty(), "imports that run up a floor:\n{}", upward.join("\n"));
}

#[test]
fn no_modules_import_each_other_in_a_circle() {
    let imports = imports();
    // Depth-first search; a module met again while on the current path closes a circle.
    fn visit(m: &str, imports: &BTreeMap<String, Vec<String>>, path: &mut Vec<String>, done: &mut Vec<String>) {
        if done.iter().any(|d| d == m) {
            return;
        }
        if let Some(at) = path.iter().position(|p| p == m) {
            panic!("modules import each other in a circle: {} -> {m}", path[at..].join(" -> "));
        }
        path.push(m.to_string());
        for t in imports.get(m).map_or(&[][..], Vec::as_slice) {
            visit(t, imports, path, done);
        }
        path.pop();
        done.push(m.to_string());
    }
    let mut done = Vec::new();
    for m in imports.keys() {
        visit(m, &imports, &mut Vec::new(), &mut done);
    }
    assert!(done.len() >= FLOORS.len() - 1, "the check saw too few modules: {done:?}");
}
