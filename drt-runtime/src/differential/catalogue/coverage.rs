//! The catalogue's coverage of std, kept in a table beside this file
//! (`coverage.md`): every stable inherent method std documents for each
//! reference, whether drt registers it, and why not. The table is written
//! from std's own documentation (the `rust-docs` component's HTML) by an
//! ignored test, so it is never a list from memory:
//!
//! ```text
//! DRT_WRITE_COVERAGE=1 cargo test -p drt-runtime --lib coverage -- --ignored
//! ```
//!
//! and a test that always runs keeps it true of the catalogue: a method
//! the table says is registered is, and every registered one is in it.

use std::collections::BTreeSet;

use crate::macro_support::{Reference, Registrar};

/// The table, as kept.
const TABLE: &str = include_str!("coverage.md");
/// drt's oldest Rust (the workspace's `rust-version`): the catalogue calls
/// no method newer.
const OLDEST_RUST: (u32, u32) = (1, 89);

/// A reference as the table names it, its page in std's documentation,
/// and how it registers (with elements drt makes).
type DocumentedReference = (&'static str, &'static str, fn(&mut Registrar));

/// Each reference the table covers.
const REFERENCES: [DocumentedReference; 10] = [
    ("Vec", "vec/struct.Vec.html", <Vec<u32> as Reference>::register),
    ("VecDeque", "collections/struct.VecDeque.html", <std::collections::VecDeque<u32> as Reference>::register),
    ("BTreeMap", "collections/struct.BTreeMap.html", <std::collections::BTreeMap<u32, u32> as Reference>::register),
    ("BTreeSet", "collections/struct.BTreeSet.html", <std::collections::BTreeSet<u32> as Reference>::register),
    ("HashMap", "collections/struct.HashMap.html", <std::collections::HashMap<u32, u32> as Reference>::register),
    ("HashSet", "collections/struct.HashSet.html", <std::collections::HashSet<u32> as Reference>::register),
    ("BinaryHeap", "collections/struct.BinaryHeap.html", <std::collections::BinaryHeap<u32> as Reference>::register),
    ("String", "string/struct.String.html", <String as Reference>::register),
    ("unsigned integers (u8...u128, usize)", "primitive.u32.html", <u32 as Reference>::register),
    ("signed integers (i8...i128, isize)", "primitive.i32.html", <i32 as Reference>::register),
];

/// A row: the reference, the method, whether drt registers it, and why not.
#[derive(Debug, PartialEq, Eq)]
struct Row {
    reference: String,
    method: String,
    registered: bool,
    why: String,
}

/// The names of the methods `register` registers, without their
/// instances' types (`range`, once).
fn registered(register: fn(&mut Registrar)) -> BTreeSet<&'static str> {
    let mut r = Registrar::default();
    register(&mut r);
    r.ops.iter().map(|op| op.name.split("::<").next().unwrap_or(op.name)).collect()
}

/// The table's rows.
fn rows(table: &str) -> Vec<Row> {
    table
        .lines()
        .filter_map(|line| line.strip_prefix("| ")?.strip_suffix(" |"))
        .map(|line| line.split(" | ").map(str::trim).collect::<Vec<&str>>())
        .filter(|cells| cells.len() == 4 && cells[0] != "reference" && !cells[0].starts_with("---"))
        .map(|cells| Row {
            reference: cells[0].to_string(),
            method: cells[1].trim_matches('`').to_string(),
            registered: cells[2] == "yes",
            why: cells[3].to_string(),
        })
        .collect()
}

#[test]
fn the_table_says_what_the_catalogue_registers() {
    let rows = rows(TABLE);
    for (reference, _, register) in REFERENCES {
        let ours: Vec<&Row> = rows.iter().filter(|r| r.reference == reference).collect();
        assert!(!ours.is_empty(), "coverage.md has no row of {reference}");
        let said: BTreeSet<&str> = ours.iter().filter(|r| r.registered).map(|r| r.method.as_str()).collect();
        assert_eq!(said, registered(register), "coverage.md is not what {reference} registers: write it again");
        for row in &ours {
            assert_eq!(row.registered, row.why.is_empty(), "{row:?}: a reason is given exactly for what is left out");
        }
    }
}

/// A method std documents: its name, its signature as text, the version
/// it is stable since, and whether it is deprecated.
struct Documented {
    name: String,
    signature: String,
    since: (u32, u32),
    deprecated: bool,
}

/// The stable inherent methods (those of `Deref` targets too) a page of
/// std's documentation lists, in its order, each once.
fn documented(page: &str) -> Vec<Documented> {
    let inherent = page.split("id=\"trait-implementations\"").next().unwrap_or(page);
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for section in inherent.split("<section id=\"method.").skip(1) {
        let Some(id) = section.split('"').next() else { continue };
        // A `Deref` target's method of the same name: `len-1`.
        let name = id.split('-').next().unwrap_or(id).to_string();
        let (header, after) = section.split_once("</section>").unwrap_or((section, ""));
        let Some(since) = header.split("Stable since Rust version ").nth(1).and_then(|s| s.split('"').next()) else {
            continue;
        };
        let mut version = since.split('.').map(|n| n.parse::<u32>().unwrap_or(0));
        let since = (version.next().unwrap_or(0), version.next().unwrap_or(0));
        let signature = header.split("<h4 class=\"code-header\">").nth(1).unwrap_or("");
        let signature = unescape(&strip_tags(signature.split("</h4>").next().unwrap_or("")));
        let deprecated = after.split("<section").next().unwrap_or("").contains("stab deprecated");
        if seen.insert(name.clone()) {
            out.push(Documented {
                name,
                signature: signature.split_whitespace().collect::<Vec<_>>().join(" "),
                since,
                deprecated,
            });
        }
    }
    out
}

fn strip_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&#39;", "'").replace("&quot;", "\"").replace("&amp;", "&")
}

/// Why some methods are left out, which their signatures do not say: a
/// reference's name (or the start of it, "" for all), the methods, why.
const KNOWN: &[(&str, &[&str], &str)] = &[
    ("", &["binary_search"], "meaningless unless sorted, and which match it finds is unspecified"),
    ("Vec", &["sort", "sort_unstable", "is_sorted"], "needs `T: Ord`, which `Vec` as a reference does not ask"),
    ("Vec", &["copy_from_slice", "copy_within", "repeat"], "needs `T: Copy`, which `Vec` as a reference does not ask"),
    ("Vec", &["into_flattened", "concat", "join"], "needs elements that are sequences themselves"),
    ("Vec", &["split_off_first", "split_off_last"], "takes `&mut &[T]`: a slice, not the vector"),
    (
        "",
        &["split_first", "split_last", "split_at", "split_at_checked", "split_once", "rsplit_once"],
        "returns a pair of borrows",
    ),
    (
        "Vec",
        &["first_chunk", "last_chunk", "split_first_chunk", "split_last_chunk", "as_chunks", "as_rchunks"],
        "returns arrays of a const-generic length",
    ),
    ("Vec", &["windows", "chunks", "chunks_exact", "rchunks", "rchunks_exact"], "an iterator of borrowed slices"),
    (
        "String",
        &[
            "split_whitespace",
            "split_ascii_whitespace",
            "lines",
            "split",
            "split_inclusive",
            "rsplit",
            "split_terminator",
            "rsplit_terminator",
            "splitn",
            "rsplitn",
            "matches",
            "rmatches",
            "match_indices",
            "rmatch_indices",
        ],
        "an iterator of borrowed text",
    ),
    ("String", &["escape_debug", "escape_default", "escape_unicode"], "returns an iterator type of its own"),
    ("String", &["from_utf8_lossy"], "returns a `Cow`"),
    ("String", &["parse"], "generic over what it makes"),
    ("VecDeque", &["as_slices"], "memory layout, not behaviour"),
    ("BinaryHeap", &["iter", "as_slice", "into_vec"], "in an order std leaves unspecified"),
    (
        "Hash",
        &[
            "iter",
            "keys",
            "values",
            "into_keys",
            "into_values",
            "difference",
            "symmetric_difference",
            "intersection",
            "union",
        ],
        "iterates in hash order, which is not the type under test's",
    ),
    ("Hash", &["with_hasher", "hasher"], "a hasher, not behaviour"),
    (
        "",
        &["pow", "abs", "next_power_of_two", "next_multiple_of"],
        "overflow panics in debug builds only: either behaviour is std's",
    ),
];

/// Why a method drt does not register (of `reference`) is left out, read
/// from its signature or [`KNOWN`]; "not yet" when nothing keeps drt from it.
fn why_not(reference: &str, m: &Documented) -> &'static str {
    let (name, sig) = (m.name.as_str(), m.signature.as_str());
    let known = KNOWN.iter().find(|(of, names, _)| reference.starts_with(of) && names.contains(&name));
    let returns = sig.rsplit_once("->").map_or("", |(_, r)| r);
    let any = |words: &[&str]| words.iter().any(|w| name.contains(w));
    if m.deprecated {
        "deprecated"
    } else if m.since > OLDEST_RUST {
        "newer than Rust 1.89, drt's oldest"
    } else if let Some((_, _, why)) = known {
        why
    } else if sig.contains("unsafe fn") {
        "unsafe"
    } else if sig.contains("Fn(") || sig.contains("FnMut(") || sig.contains("FnOnce(") {
        "takes a closure"
    } else if any(&["capacity", "reserve", "shrink", "allocator", "leak", "spare", "ptr", "raw", "set_len", "non_null"])
        || name.ends_with("_in")
    {
        "memory layout, not behaviour"
    } else if name.ends_with("_mut") || returns.contains("&mut") {
        "lends `&mut`, which a reference's side cannot copy"
    } else if ["Entry", "Drain", "Splice", "ExtractIf", "Cursor", "Hasher", "hasher"]
        .iter()
        .any(|v| returns.contains(v))
    {
        "returns a view of the collection or its hasher"
    } else if name.starts_with("strict_") || name.starts_with("carrying_") || name.starts_with("borrowing_") {
        "newer than Rust 1.89, drt's oldest"
    } else {
        "not yet"
    }
}

/// The table for what std documents (`docs`: the directory of std's
/// pages) and what the catalogue registers.
fn table(docs: &std::path::Path) -> String {
    let mut out = String::from(
        "# The std catalogue's coverage\n\n\
         Every stable inherent method std documents for each reference drt knows with no code \
         (its `Deref` target's too), whether drt registers it, and why not; then what drt registers \
         from std's traits (`from_iter`, `extend`, `default`, operators). Written from std's own \
         documentation by `DRT_WRITE_COVERAGE=1 cargo test -p drt-runtime --lib coverage -- --ignored` \
         (see `coverage.rs`); a test keeps it true of the catalogue.\n\n",
    );
    let mut totals = (0, 0, 0);
    let mut body = String::new();
    for (reference, page, register) in REFERENCES {
        let page = std::fs::read_to_string(docs.join(page)).expect("std's documentation page");
        let ours = registered(register);
        let methods = documented(&page);
        let mut lines = Vec::new();
        for m in &methods {
            let yes = ours.contains(m.name.as_str());
            let why = if yes { "" } else { why_not(reference, m) };
            totals.0 += usize::from(yes);
            totals.1 += usize::from(!yes && why == "not yet");
            totals.2 += 1;
            lines.push(format!("| {reference} | `{}` | {} | {why} |", m.name, if yes { "yes" } else { "no" }));
        }
        for name in ours.iter().filter(|n| !methods.iter().any(|m| m.name == **n)) {
            lines.push(format!("| {reference} | `{name}` | yes |  |"));
        }
        body.push_str(&format!("\n## {reference}\n\n| reference | method | drt | why not |\n|---|---|---|---|\n"));
        body.push_str(&lines.join("\n"));
        body.push('\n');
    }
    out.push_str(&format!(
        "Of {} methods std documents, drt registers {}; {} are left out for no reason their \
         signatures give (\"not yet\").\n",
        totals.2, totals.0, totals.1
    ));
    out + &body
}

/// Writes the table again from std's documentation (with
/// `DRT_WRITE_COVERAGE=1`), or checks that it is what they say.
#[test]
#[ignore = "reads std's documentation (the rust-docs component): DRT_WRITE_COVERAGE=1 to write coverage.md"]
fn the_table_is_what_std_documents() {
    let sysroot = std::process::Command::new("rustc").args(["--print", "sysroot"]).output().expect("rustc");
    let sysroot = String::from_utf8(sysroot.stdout).expect("a path");
    let docs = std::path::Path::new(sysroot.trim()).join("share/doc/rust/html/std");
    // (Run with the ignored tests on a machine without the component, as
    // CI's nextest run does, it has nothing to read: it says so.)
    if !docs.is_dir() {
        eprintln!("std's documentation is not installed (rustup component add rust-docs): coverage.md not checked");
        return;
    }
    let written = table(&docs);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/differential/catalogue/coverage.md");
    if std::env::var_os("DRT_WRITE_COVERAGE").is_some() {
        std::fs::write(&path, &written).expect("coverage.md written");
    } else {
        assert!(written == TABLE, "coverage.md is not what std documents: write it again (DRT_WRITE_COVERAGE=1)");
    }
}
