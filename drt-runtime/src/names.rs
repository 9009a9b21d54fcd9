//! Plain text about Rust code: type names for people and for emitted code,
//! test and variable names. Pure functions over strings; the bottom floor of
//! the runtime (it imports nothing of it).

/// Whether a type is std's own (primitives, `String`, `Vec<u8>`, ...): its
/// contracts hold, and checking them would only cost time.
pub(crate) fn is_std(name: &str) -> bool {
    !name.contains("::") || ["core::", "alloc::", "std::"].iter().any(|p| name.starts_with(p))
}

/// `a::b::C<d::E>` -> `C`.
pub(crate) fn short_type_name(name: &str) -> &str {
    let base = name.split('<').next().unwrap_or(name);
    base.rsplit("::").next().unwrap_or(base)
}

/// Splits a type name into path tokens and the punctuation between them.
fn map_paths(name: &str, f: impl Fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut path = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() || c == '_' || c == ':' {
            path.push(c);
        } else {
            if !path.is_empty() {
                out.push_str(&f(&path));
                path.clear();
            }
            out.push(c);
        }
    }
    if !path.is_empty() {
        out.push_str(&f(&path));
    }
    out
}

/// A type name for people: every path shortened to its last segment,
/// generics kept: `a::Stack<alloc::string::String>` -> `Stack<String>`.
pub(crate) fn display_type_name(name: &str) -> String {
    map_paths(name, |p| p.rsplit("::").next().unwrap_or(p).to_string())
}

/// Prelude types emitted code names without a path.
const PRELUDE: &[&str] = &["String", "Vec", "Option", "Box", "Result"];

/// A type name as emitted code writes it. `type_name` gives `alloc::` and
/// `core::` paths, some through private modules (`core::ops::range::Range`);
/// std re-exports every public type one module down (`std::ops::Range`), and
/// prelude types need no path: `a::Stack<alloc::string::String>` ->
/// `a::Stack<String>`.
pub(crate) fn code_type_name(name: &str) -> String {
    map_paths(name, |p| match p.split_once("::") {
        Some(("alloc" | "core" | "std", rest)) => {
            let last = rest.rsplit("::").next().unwrap_or(rest);
            match rest.split_once("::") {
                _ if PRELUDE.contains(&last) => last.to_string(),
                Some((module, _)) => format!("std::{module}::{last}"),
                None => format!("std::{rest}"),
            }
        }
        _ => p.to_string(),
    })
}

/// `base`, or `base{sep}2`, `base{sep}3`, ... when `used` has it; the name
/// returned is added to `used`, so every test in a file (or variable in a
/// test) has its own name.
pub(crate) fn unique_name(base: &str, sep: &str, used: &mut Vec<String>) -> String {
    let mut name = base.to_string();
    let mut n = 2;
    while used.contains(&name) {
        name = format!("{base}{sep}{n}");
        n += 1;
    }
    used.push(name.clone());
    name
}

/// `SortedVec` -> `sorted_vec`.
pub(crate) fn snake_case(name: &str) -> String {
    let mut out = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if c.is_uppercase() {
            if prev_lower {
                out.push('_');
            }
            out.extend(c.to_lowercase());
            prev_lower = false;
        } else {
            let c = if c.is_alphanumeric() { c } else { '_' };
            // One `_` between words: `LruCache<String, i32>` -> `lru_cache_string_i32`.
            if c != '_' || !(out.is_empty() || out.ends_with('_')) {
                out.push(c);
            }
            prev_lower = c.is_lowercase() || c.is_ascii_digit();
        }
    }
    out.trim_end_matches('_').to_string()
}

/// Whether a test (or its assertion) says it compiles only inside the crate:
/// the macro writes "`f` is private: put this test in a #[cfg(test)] module
/// next to it" above a private invariant's assertion.
pub(crate) fn belongs_inside_the_crate(code: &str) -> bool {
    code.contains(" is private: put this test in a #[cfg(test)] module")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_drop_paths_and_generics() {
        assert_eq!(short_type_name("a::b::Account"), "Account");
        assert_eq!(short_type_name("alloc::vec::Vec<core::option::Option<u8>>"), "Vec");
        assert_eq!(short_type_name("u64"), "u64");
    }

    #[test]
    fn type_names_for_people_and_for_code() {
        let name = "a::Stack<alloc::string::String, (core::ops::range::Range<usize>, [u8; 4])>";
        assert_eq!(display_type_name(name), "Stack<String, (Range<usize>, [u8; 4])>");
        assert_eq!(code_type_name(name), "a::Stack<String, (std::ops::Range<usize>, [u8; 4])>");
        assert_eq!(code_type_name("alloc::collections::vec_deque::VecDeque<u8>"), "std::collections::VecDeque<u8>");
        assert_eq!(code_type_name("core::num::nonzero::NonZero<u8>"), "std::num::NonZero<u8>");
    }

    #[test]
    fn snake_case_splits_words() {
        assert_eq!(snake_case("SortedVec"), "sorted_vec");
        assert_eq!(snake_case("HTTPServer"), "httpserver");
        assert_eq!(snake_case("u64"), "u64");
        assert_eq!(snake_case("Ring2Buffer"), "ring2_buffer");
        assert_eq!(snake_case("LruCache<String, i32>_get"), "lru_cache_string_i32_get");
    }
}
