//! Borrowed returns feed later calls as owned copies: `&T` by `.clone()`,
//! `Option<&T>` by `.cloned()`, `&str` by `.to_string()`, `&[T]` by `.to_vec()`.

#![allow(clippy::new_without_default)]

#[path = "support/layout.rs"]
mod layout;
use drt::FailureKind;

/// A ticket has no constructor: drt can only get one through `Desk`'s getters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ticket {
    id: u32,
}

pub struct Desk {
    open: Vec<Ticket>,
    next: u32,
    name: String,
}

#[drt::operations]
impl Desk {
    pub fn new() -> Self {
        Desk { open: Vec::new(), next: 0, name: "front".into() }
    }
    pub fn issue(&mut self) -> u32 {
        self.next += 1;
        self.open.push(Ticket { id: self.next });
        self.next
    }
    pub fn get(&self, i: usize) -> Option<&Ticket> {
        self.open.get(i)
    }
    pub fn all(&self) -> &[Ticket] {
        &self.open
    }
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Redeems a ticket. BUG: a ticket redeemed twice is not found the second time.
    pub fn redeem(&mut self, ticket: Ticket) {
        let at = self.open.iter().position(|t| *t == ticket).expect("ticket is open");
        self.open.remove(at);
    }
    pub fn rename(&mut self, name: String) {
        self.name = name;
    }
}

#[test]
fn a_value_only_a_getter_returns_reaches_the_bug() {
    let report = drt::explore::<Desk>().seed(4).max_sequences(3_000).report();
    assert_eq!(report.failures.len(), 1, "{report}");
    let f = &report.failures[0];
    assert_eq!(
        (f.kind, f.operation.as_str(), f.message.as_str()),
        (FailureKind::Panic, "Desk::redeem", "ticket is open")
    );
    let copied = [".get(0).cloned().unwrap()", ".all().to_vec()"];
    assert!(copied.iter().any(|c| layout::holds(&f.code, c)), "{}", f.code);
    assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
}

#[test]
fn every_borrowed_return_feeds_later_calls() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("borrowed_regressions.rs");
    // A file there is never overwritten: this run writes its own.
    let _ = std::fs::remove_file(&path);
    let report = drt::explore::<Desk>().seed(4).max_sequences(3_000).emit_regression_tests(&path);
    let report = report.update_regression_tests(drt::Update::New).report();
    let ops = &report.stats.operations;
    // `rename` takes a String; `name()`'s copies are among the values it gets.
    assert!(ops.iter().all(|o| o.succeeded > 0), "{ops:?}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("fn desk_name()") && text.contains(".name().to_string();"), "{text}");
}
