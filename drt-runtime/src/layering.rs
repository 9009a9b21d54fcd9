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
    ("explore", 9),
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

/// The code a module compiles outside tests: its trailing `#[cfg(test)]`
/// test module dropped, and comments and the text of string literals (doc
/// links and emitted code are not imports).
fn code(source: &str) -> String {
    let end = ["#[cfg(test)]\nmod ", "#[cfg(test)]\n#[path"].iter().filter_map(|m| source.find(m)).min();
    let code = &source[..end.unwrap_or(source.len())];
    let code = code.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
    let (mut out, mut in_str, mut escaped, mut prev) = (String::new(), false, false, ' ');
    for c in code.chars() {
        match (in_str, c) {
            (true, _) if escaped => escaped = false,
            (true, '\\') => escaped = true,
            (true, '"') => in_str = false,
            (true, _) => {}
            // `'"'` is a char, not the start of a string.
            (false, '"') if prev != '\'' => in_str = true,
            (false, c) => out.push(c),
        }
        prev = c;
    }
    out
}

/// The paths a module's code names, as full paths from the crate root:
/// `use` trees with their braces expanded, and `crate::` / `super::` paths
/// anywhere else. `$crate::` in macro bodies is the user's crate, not an import.
fn named_paths(module: &str, code: &str) -> Vec<Vec<String>> {
    let parent: Vec<String> = module.split("::").filter(|_| module != "lib").map(String::from).collect();
    let parent = &parent[..parent.len().saturating_sub(1)];
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let at_word = i == 0 || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_' || bytes[i - 1] == '$');
        let rest: String = bytes[i..(i + 7).min(bytes.len())].iter().collect();
        let start = if rest.starts_with("crate::") {
            Some((Vec::new(), 7))
        } else if rest.starts_with("super::") {
            Some((parent.to_vec(), 7))
        } else {
            None
        };
        match start.filter(|_| at_word) {
            Some((base, skip)) => {
                let (tree, len) = use_tree(&bytes[i + skip..]);
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
            .filter(|t| t != name && !name.starts_with(&format!("{t}::")))
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
fn use_trees_expand_to_full_paths() {
    let source =
        "use super::{wire, x::{Y, Z}};\nlet a = crate::b::c(); $crate::d::e; f(\"crate::g \\\" crate::h\", '\"');";
    let paths = named_paths("isolate::job", &code(source));
    let paths: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(paths, ["isolate::wire", "isolate::x::Y", "isolate::x::Z", "b::c"]);
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
