//! The runtime's floors (the crate docs list them), checked on its own
//! source: every module imports only from its own floor or below, and no
//! modules import each other in a circle, so the crate reads bottom-up and
//! a change ripples only upwards. A new module must be given a floor here.

use std::collections::BTreeMap;
use std::path::Path;

/// Every module and its floor, bottom first.
const FLOORS: &[(&str, u8)] = &[
    ("names", 1),
    ("sequence", 1),
    ("hook", 1),
    ("rng", 1),
    ("config", 1),
    ("macro_support", 2),
    ("macro_support::builders", 2),
    ("macro_support::call", 2),
    ("macro_support::probe", 2),
    ("macro_support::registration", 2),
    ("macro_support::spec", 2),
    ("macro_support::type_desc", 2),
    ("report", 2),
    ("registry", 3),
    ("seeds", 3),
    ("world", 3),
    ("pool", 3),
    ("sequence_text", 3),
    ("oracle", 4),
    ("execute", 4),
    ("render", 5),
    ("triage", 5),
    ("minimize", 5),
    ("saved_failures", 5),
    ("regression_tests", 5),
    ("untested", 5),
    ("isolate", 6),
    ("isolate::job", 6),
    ("isolate::wire", 6),
    ("generate", 7),
    ("isolate::supervisor", 8),
    ("driver", 9),
    ("lib", 10),
];

/// Modules compiled only for tests: they may use anything.
const TEST_ONLY: &[&str] = &["fixtures", "layering", "generate_tests"];

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

/// The code a module compiles outside tests: comments, literals and
/// `#[cfg(test)] mod` items dropped (doc links, emitted code and test
/// modules are not imports).
fn code(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let at = |k: usize| chars.get(k).copied().unwrap_or(' ');
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let word_start = i == 0 || !(at(i - 1).is_alphanumeric() || at(i - 1) == '_');
        let hashes = (i + 1..chars.len()).take_while(|&k| chars[k] == '#').count();
        if at(i) == '/' && at(i + 1) == '/' {
            i = (i..chars.len()).find(|&k| chars[k] == '\n').unwrap_or(chars.len());
        } else if at(i) == '/' && at(i + 1) == '*' {
            i = (i + 2..chars.len()).find(|&k| chars[k] == '*' && at(k + 1) == '/').map_or(chars.len(), |k| k + 2);
        } else if word_start && at(i) == 'r' && at(i + 1 + hashes) == '"' {
            // A raw string: to the quote followed by as many `#`s.
            let close = |k: usize| chars[k] == '"' && (1..=hashes).all(|h| at(k + h) == '#');
            i = (i + 2 + hashes..chars.len()).find(|&k| close(k)).map_or(chars.len(), |k| k + 1 + hashes);
            out.push_str("\"\"");
        } else if at(i) == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if at(i) == '\'' && at(i + 1) == '\\' {
            // An escaped char literal: `'\''`, `'\n'`, `'\u{1F980}'`.
            i = (i + 3..chars.len()).find(|&k| chars[k] == '\'').map_or(chars.len(), |k| k + 1);
        } else if at(i) == '\'' && at(i + 2) == '\'' {
            i += 3;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    without_test_modules(&out)
}

/// `code` without its `#[cfg(test)] mod name { .. }` and `#[cfg(test)] mod name;` items.
fn without_test_modules(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "#[cfg(test)]".len()..];
        // Further attributes (`#[path = ".."]`), then the item.
        let mut item = after.trim_start();
        while item.starts_with("#[") {
            item = item[item.find(']').map_or(item.len(), |k| k + 1)..].trim_start();
        }
        let item_at = after.len() - item.len();
        let is_mod = item.strip_prefix("pub(crate) ").unwrap_or(item).starts_with("mod ");
        let end = match (is_mod, item.find([';', '{'])) {
            (true, Some(k)) if item.as_bytes()[k] == b';' => k + 1,
            (true, Some(k)) => {
                let mut depth = 0;
                let close = item[k..].char_indices().find(|&(_, c)| {
                    depth += match c {
                        '{' => 1,
                        '}' => -1,
                        _ => 0,
                    };
                    depth == 0
                });
                close.map_or(item.len(), |(j, _)| k + j + 1)
            }
            // A test-only function or impl is compiled in tests only, but is checked like the rest.
            _ => 0,
        };
        if end == 0 {
            out.push_str("#[cfg(test)]");
            rest = after;
        } else {
            rest = &after[item_at + end..];
        }
    }
    out.push_str(rest);
    out
}

/// The paths a module's code names, as full paths from the crate root:
/// `use` trees with their braces expanded (a path in a `use` that starts
/// with none of the keywords below is relative to the module), and
/// `crate::`, `drt::` (the crate's name for itself), `self::` and
/// `super::` paths anywhere. A `$crate::` path in a `macro_rules!` body is
/// no import: it is resolved where the macro expands (in the user's crate;
/// in the runtime, only `type_desc!` in its own room, where `$crate::__private`
/// is that room).
fn named_paths(module: &str, code: &str) -> Vec<Vec<String>> {
    let own: Vec<String> = module.split("::").filter(|_| module != "lib").map(String::from).collect();
    let chars: Vec<char> = code.chars().collect();
    let text = |from: usize, n: usize| -> String { chars[from..(from + n).min(chars.len())].iter().collect() };
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let prev = if i == 0 { ' ' } else { chars[i - 1] };
        let at_word = !(prev.is_alphanumeric() || prev == '_' || prev == ':' || prev == '$');
        let start = if !at_word {
            None
        } else if text(i, 7) == "crate::" {
            Some((Vec::new(), 7))
        } else if text(i, 5) == "drt::" {
            Some((Vec::new(), 5))
        } else if text(i, 6) == "self::" {
            Some((own.clone(), 6))
        } else if text(i, 7) == "super::" {
            let mut base = own.clone();
            let mut skip = 0;
            while text(i + skip, 7) == "super::" {
                base.pop();
                skip += 7;
            }
            Some((base, skip))
        } else if text(i, 4) == "use " && (i + 4..chars.len()).find(|&k| !chars[k].is_whitespace()).is_some() {
            let from = (i + 4..chars.len()).find(|&k| !chars[k].is_whitespace()).unwrap_or(i + 4);
            let (tree, _) = use_tree(&chars[from..]);
            let first = tree.split("::").next().unwrap_or("");
            let keyword = ["crate", "drt", "self", "super", "$crate", "std", "core", "alloc"].contains(&first);
            (!keyword && !first.is_empty()).then(|| (own.clone(), from - i))
        } else {
            None
        };
        match start {
            Some((base, skip)) => {
                let (tree, len) = use_tree(&chars[i + skip..]);
                for path in expand(&tree) {
                    out.push(base.iter().cloned().chain(path).collect());
                }
                i += skip + len.max(1);
            }
            None => i += 1,
        }
    }
    out
}

/// The text of a path or `use` tree starting here (`a::{b, c::d}`), and its length.
fn use_tree(chars: &[char]) -> (String, usize) {
    let mut depth = 0;
    let mut len = 0;
    for &c in chars {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            c if depth == 0 && !(c.is_alphanumeric() || c == '_' || c == ':') => break,
            _ => {}
        }
        len += 1;
    }
    (chars[..len].iter().collect(), len)
}

/// `a::{b, c::{d, e}}` -> `[a, b]`, `[a, c, d]`, `[a, c, e]`.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        return vec![tree.split("::").map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect()];
    };
    let prefix: Vec<String> = tree[..open].split("::").filter(|s| !s.is_empty()).map(String::from).collect();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut parts, mut depth, mut from) = (Vec::new(), 0, 0);
    for (k, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[from..k]);
                from = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[from..]);
    parts
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(expand)
        .map(|tail| prefix.iter().cloned().chain(tail).collect())
        .collect()
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
        let mut targets: Vec<String> = named_paths(name, &code(source))
            .iter()
            // The capability macro is exported at the crate root, where `#[macro_export]` puts it.
            .filter(|p| p.first().is_none_or(|s| s != "__type_desc"))
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
    let paths = named_paths("isolate::job", &code(source));
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
