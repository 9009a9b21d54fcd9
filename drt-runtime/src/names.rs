//! Plain text about Rust code: type names for people and for emitted code,
//! test and variable names. Pure functions over strings; the bottom floor of
//! the runtime (it imports nothing of it).

use std::borrow::Cow;

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

/// Where the name of the test a failure's code defines is in it
/// (`money_neg_panics` in `...\nfn money_neg_panics() {`).
pub(crate) fn test_fn_name(code: &str) -> Option<std::ops::Range<usize>> {
    let start = code.find("\nfn ")? + 4;
    let len = code[start..].find('(')?;
    Some(start..start + len)
}

/// The name of a file about these types under test:
/// `drt_examples__money__Money+Stack_u8_` (a saved-failures file, a JSON report).
pub(crate) fn file_name(subjects: &[&str]) -> String {
    subjects
        .iter()
        .map(|s| code_type_name(s).replace("::", "__"))
        .collect::<Vec<_>>()
        .join("+")
        .chars()
        .map(|c| if c.is_alphanumeric() || "_+-".contains(c) { c } else { '_' })
        .collect()
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

/// `Debug` text with the entries of every map and set (`{"b": 2, "a": 1}`)
/// in sorted order, so that equal `HashMap`s and `HashSet`s, whose `Debug`
/// lists entries in a random order, read the same. A brace opens a map or a
/// set where no name precedes it (`Calendar { .. }` is a struct). Borrowed
/// when there is nothing to sort: index pruning fingerprints every new
/// value of a type without `Hash` this way.
pub(crate) fn sorted_debug(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut out = String::new();
    // `text[..copied]` is in `out` already.
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' | b'\'' => i = quote_end(bytes, i) + 1,
            b'{' if opens_set(&bytes[..i]) => {
                let end = group_end(bytes, i);
                let mut entries: Vec<Cow<'_, str>> =
                    split_entries(&text[i + 1..end]).into_iter().map(|e| sorted_debug(e.trim())).collect();
                entries.sort();
                out.push_str(&text[copied..i]);
                out.push('{');
                out.push_str(&entries.join(", "));
                out.push('}');
                i = end + 1;
                copied = i.min(text.len());
            }
            _ => i += 1,
        }
    }
    if copied == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

/// Whether a brace after `before` opens a map or a set: nothing but
/// punctuation precedes it.
fn opens_set(before: &[u8]) -> bool {
    before.iter().rev().find(|b| !b.is_ascii_whitespace()).is_none_or(|b| b"[({,:=".contains(b))
}

/// Where the string or char literal opened at `start` closes (the end, when it does not).
fn quote_end(bytes: &[u8], start: usize) -> usize {
    let quote = bytes[start];
    let mut i = start + 1;
    while i < bytes.len() && bytes[i] != quote {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    i.min(bytes.len())
}

/// Where the bracket opened at `start` closes (the end, when it does not).
fn group_end(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'{' | b'[' | b'(' => depth += 1,
            b'}' | b']' | b')' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            b'"' | b'\'' => i = quote_end(bytes, i),
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

/// The comma-separated entries of a group's inside, commas in nested
/// groups and literals left alone.
fn split_entries(inner: &str) -> Vec<&str> {
    let bytes = inner.as_bytes();
    let (mut out, mut from, mut i) = (Vec::new(), 0, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'{' | b'[' | b'(' => i = group_end(bytes, i),
            b'"' | b'\'' => i = quote_end(bytes, i),
            b',' => {
                out.push(&inner[from..i]);
                from = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    let last = &inner[from.min(inner.len())..];
    if !last.trim().is_empty() {
        out.push(last);
    }
    out
}

/// An integer as a Rust literal of its type: `u8::MAX` and `i64::MIN` by
/// name, other values by their digits.
pub(crate) fn int_literal<T: PartialEq + std::fmt::Display>(name: &str, v: T, min: T, max: T) -> String {
    if v == max {
        format!("{name}::MAX")
    } else if v == min && v.to_string().starts_with('-') {
        format!("{name}::MIN")
    } else {
        v.to_string()
    }
}

/// Whether the identifier `name` occurs in the Rust code `code`, outside
/// string and char literals.
pub(crate) fn mentions(code: &str, name: &str) -> bool {
    replace_ident(code, name, "\u{0}") != code
}

/// `code` with each occurrence of the identifier `name` (a whole word,
/// outside string and char literals, not a path's first segment `name::`
/// when `name` is `self`) replaced by `with`.
pub(crate) fn replace_ident(code: &str, name: &str, with: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = String::with_capacity(code.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '"' {
            // A string literal, copied whole.
            out.push(c);
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    out.push(chars[i]);
                    i += 1;
                }
                if i < chars.len() {
                    out.push(chars[i]);
                    i += 1;
                }
            }
            if i < chars.len() {
                out.push('"');
                i += 1;
            }
            continue;
        }
        // A char literal (`'"'`, `'\''`), copied whole; a lifetime's quote
        // is copied alone.
        if c == '\'' {
            let end = match chars.get(i + 1) {
                // `'\n'`, `'\''`, `'\u{..}'`: the quote after the escaped character.
                Some('\\') => {
                    chars.get(i + 3..).and_then(|rest| rest.iter().position(|&c| c == '\'')).map(|k| i + 3 + k + 1)
                }
                Some(_) if chars.get(i + 2) == Some(&'\'') => Some(i + 3),
                _ => None,
            };
            let end = end.unwrap_or(i + 1).min(chars.len());
            out.extend(&chars[i..end]);
            i = end;
            continue;
        }
        if ident(c) {
            let start = i;
            while i < chars.len() && ident(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let path = name == "self" && chars.get(i) == Some(&':');
            // `x.self` is a field; `0..self.width`, a range's end, is not.
            let field = start > 0 && chars[start - 1] == '.' && !(start > 1 && chars[start - 2] == '.');
            if word == name && !path && !field {
                out.push_str(with);
            } else {
                out.push_str(&word);
            }
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

/// The name of the test running on this thread, as libtest names it
/// (`tests::explore_stack`): libtest runs each test on a thread of its
/// name; `None` on a thread of no test (`main`, a harness of its own).
pub(crate) fn test_name() -> Option<String> {
    std::thread::current().name().filter(|n| *n != "main").map(String::from)
}

/// The `s` of a plural noun after a count: `"s"` unless `n` is 1.
pub(crate) fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
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

    #[test]
    fn maps_and_sets_read_the_same_in_any_order() {
        assert_eq!(sorted_debug(r#"{"b": 2, "a": 1}"#), r#"{"a": 1, "b": 2}"#);
        assert_eq!(sorted_debug(r#"{"b, {": "}", "a": 1}"#), r#"{"a": 1, "b, {": "}"}"#);
        assert_eq!(sorted_debug("[{3, 1}, {2}]"), "[{1, 3}, {2}]");
        assert_eq!(sorted_debug("{','}"), "{','}");
        assert_eq!(sorted_debug("{}"), "{}");
        // A struct's fields keep their order; a map inside one is sorted.
        let calendar = r#"Calendar { closed: false, renames: {"z": "a", "b": "c"} }"#;
        assert_eq!(sorted_debug(calendar), r#"Calendar { closed: false, renames: {"b": "c", "z": "a"} }"#);
    }

    #[test]
    fn identifiers_are_replaced_as_whole_words_outside_literals() {
        let code = r#"self.len() == old.len() + 1 && Self::MAX > 0 && name != "self" && my_self.0"#;
        assert_eq!(
            replace_ident(code, "self", "cache"),
            r#"cache.len() == old.len() + 1 && Self::MAX > 0 && name != "self" && my_self.0"#
        );
        assert_eq!(replace_ident("x.old + old", "old", "before"), "x.old + before");
        assert!(mentions("result.is_some()", "result"));
        assert!(!mentions("results.len() == 'r' as usize", "result"));
        // A quote inside a char literal opens no string.
        let quoted = r#"self.ends_with('"') && self.len() > 0 && c == ''' && self.x"#;
        assert_eq!(replace_ident(quoted, "self", "s"), r#"s.ends_with('"') && s.len() > 0 && c == ''' && s.x"#);
        // A range's end is no field: `(0..self.width)` checked a grid's rows.
        let range = "(0..self.width).all(|x| x.self < self.n)";
        assert_eq!(replace_ident(range, "self", "grid"), "(0..grid.width).all(|x| x.self < grid.n)");
    }
}
