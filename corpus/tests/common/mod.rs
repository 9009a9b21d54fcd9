//! What every corpus test checks of its report, and how the pairing with a
//! std reference is read from the report's notes.

#![allow(dead_code)]

use drt::Report;

/// The operations under test, sorted into what the reference did with them.
#[derive(Debug, Default)]
pub struct Pairing {
    /// Paired with a method of the reference: results compared, or nothing
    /// to compare (the reference's returns `()`), the state compared
    /// through later calls.
    pub paired: Vec<String>,
    /// Paired and run on the reference too, but results not compared (the
    /// note "run on X too, but their results are not compared").
    pub run_not_compared: Vec<String>,
    /// No method of the same name and parameters in the reference (the note
    /// "not compared with X, which has no method ...").
    pub unpaired: Vec<String>,
}

/// Splits `a, b<c, d>, e` at its top-level commas.
fn split_names(list: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    let bytes = list.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'<' | b'(' | b'[' => depth += 1,
            b'>' if i > 0 && bytes[i - 1] == b'-' => {}
            b'>' | b')' | b']' => depth -= 1,
            b',' if depth == 0 => {
                out.push(list[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(list[start..].trim().to_string());
    out.retain(|s| !s.is_empty());
    out
}

/// The operations a note lists after `marker`, up to the note's closing
/// parenthesis (" (pair one with ...)") if any.
fn listed(note: &str, marker: &str) -> Vec<String> {
    let Some(at) = note.find(marker) else { return Vec::new() };
    let rest = &note[at + marker.len()..];
    let rest = rest.split(" (pair one with").next().unwrap_or(rest);
    split_names(rest)
}

/// How the operations under test paired with the reference, read from the
/// report's notes.
pub fn pairing(report: &Report) -> Pairing {
    let mut p = Pairing::default();
    for note in &report.stats.notes {
        if note.starts_with("not compared with") {
            p.unpaired.extend(listed(note, "which has no method of the same name and parameters: "));
        } else if note.starts_with("run on") {
            p.run_not_compared.extend(listed(note, "cannot copy): "));
        }
    }
    for op in report.stats.operations.iter().filter(|o| o.under_test) {
        if !p.unpaired.contains(&op.name) && !p.run_not_compared.contains(&op.name) {
            p.paired.push(op.name.clone());
        }
    }
    p
}

/// The operations under test that never ran normally.
pub fn idle(report: &Report) -> Vec<String> {
    report.stats.operations.iter().filter(|o| o.under_test && o.succeeded == 0).map(|o| o.name.clone()).collect()
}

/// Prints the report and what the corpus's README table records of an
/// exploration against a reference, and checks that it ran its whole budget.
pub fn summarize(report: &Report, budget: u64) -> Pairing {
    let p = pairing(report);
    summarize_alone(report, budget);
    println!("corpus: paired with the reference ({}): {}", p.paired.len(), p.paired.join(", "));
    println!("corpus: run on the reference, not compared ({}): {}", p.run_not_compared.len(), p.run_not_compared.join(", "));
    println!("corpus: no counterpart ({}): {}", p.unpaired.len(), p.unpaired.join(", "));
    p
}

/// Prints the report and what the corpus's README table records of an
/// exploration with no reference, and checks that it ran its whole budget.
pub fn summarize_alone(report: &Report, budget: u64) {
    println!("{report}");
    let under_test = report.stats.operations.iter().filter(|o| o.under_test).count();
    println!("corpus: {under_test} operations under test");
    println!("corpus: never ran normally: {:?}", idle(report));
    for o in report.stats.operations.iter().filter(|o| o.under_test && o.succeeded == 0) {
        println!(
            "corpus: {}: attempted {}, succeeded {}, illegal {}, failed {}",
            o.name, o.attempted, o.succeeded, o.illegal, o.failed
        );
    }
    println!("corpus: failures: {}", report.failures.len());
    for f in &report.failures {
        println!("corpus: failure: {:?} in {}: {}", f.kind, f.operation, f.message);
    }
    for note in &report.stats.notes {
        println!("corpus: note: {note}");
    }
    assert_eq!(report.stats.sequences, budget, "the exploration stopped early\n{report}");
}

/// Asserts that each of `names` (without the `Type::` prefix) is an
/// operation paired with the reference's.
pub fn assert_paired(p: &Pairing, ty: &str, names: &[&str]) {
    for name in names {
        let full = format!("{ty}::{name}");
        assert!(p.paired.contains(&full), "{full} was not paired with the reference: {p:?}");
    }
}
