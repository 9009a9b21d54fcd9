//! The oracles: default contracts, invariants, documented panics,
//! preconditions, grouping and flakiness, on small fixtures and on the
//! drt-examples types that break each contract.

#![allow(clippy::new_without_default)]

#[path = "support/layout.rs"]
mod layout;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use drt::{FailureKind, Report};
use drt_examples::{ledger, playlist, username, version};

fn explore<T: 'static>(n: u64) -> Report {
    drt::explore::<T>().seed(11).max_sequences(n).report()
}

fn only_failure(report: &Report) -> &drt::Failure {
    assert_eq!(report.failures.len(), 1, "expected exactly one failure:\n{report}");
    &report.failures[0]
}

// --- contracts broken by the example types -------------------------------

#[test]
fn hash_disagreeing_with_eq_is_a_two_call_test() {
    let report = explore::<username::Username>(5_000);
    let f = only_failure(&report);
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Contract, "Username::canonical"));
    assert_eq!(
        f.message,
        "`equal values hash alike` is broken: a == b but hash(a) != hash(b), with a = Username(\"guest\") and b = Username(\"Guest\")"
    );
    assert_eq!(f.len, 2, "{}", f.code);
    assert!(layout::holds(&f.code, "std::hash::Hash::hash(&username, &mut written"), "{}", f.code);
    assert_eq!(f.location, None);
}

#[test]
fn ord_ignoring_a_field_breaks_cmp_agrees_with_eq() {
    let report = explore::<version::Version>(5_000);
    let f = only_failure(&report);
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Contract, "Version::with_build"));
    assert!(
        f.message.starts_with("`cmp agrees with ==` is broken: a.cmp(&b) is Equal but a == b is false"),
        "{}",
        f.message
    );
    assert!(layout::holds(&f.code, "std::cmp::Ordering::Equal"), "{}", f.code);
    assert_eq!(f.len, 2, "{}", f.code);
}

#[test]
fn clone_dropping_state_breaks_clone_equals_original() {
    let report = explore::<playlist::Playlist>(5_000);
    let f = only_failure(&report);
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Contract, "Playlist::play_next"));
    assert_eq!(
        f.message,
        "`x.clone() == x` is broken: Playlist { tracks: [0], cursor: 1 } is not equal to its clone Playlist { tracks: [0], cursor: 0 }"
    );
    assert!(layout::holds(&f.code, "assert!(playlist.clone() == playlist"), "{}", f.code);
    assert_eq!(f.len, 3);
}

#[test]
fn an_invariant_broken_after_several_operations_is_found() {
    let report = explore::<ledger::Ledger>(5_000);
    let f = only_failure(&report);
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Invariant, "Ledger::compact"));
    assert!(f.message.starts_with("invariant `entries_match_balance` does not hold (it returned false) for Ledger"));
    assert_eq!(f.len, 4, "new, two records, compact:\n{}", f.code);
    assert!(layout::holds(&f.code, "assert!(ledger.entries_match_balance()"), "{}", f.code);
}

// --- fixtures ---------------------------------------------------------------

/// Float-like: `PartialEq` but not `Eq`; NaN != NaN is not a bug.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Celsius(f64);

#[drt::operations]
impl Celsius {
    pub fn new(degrees: f64) -> Self {
        Celsius(degrees)
    }
    pub fn warmer(&self, by: f64) -> Celsius {
        Celsius(self.0 + by)
    }
}

#[test]
fn a_float_like_type_is_not_flagged_for_nan() {
    let report = explore::<Celsius>(5_000);
    assert!(report.failures.is_empty(), "{report}");
}

/// `Eq`, but an expired token is not equal to itself.
#[derive(Clone, Debug)]
pub struct Token {
    id: u32,
    expired: bool,
}

impl PartialEq for Token {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id && !self.expired
    }
}
impl Eq for Token {}

#[drt::operations]
impl Token {
    pub fn issue(id: u32) -> Token {
        Token { id, expired: false }
    }
    pub fn expire(&mut self) {
        self.expired = true;
    }
}

#[test]
fn eq_that_is_not_reflexive_is_reported() {
    let report = explore::<Token>(2_000);
    let f = only_failure(&report);
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Contract, "Token::expire"));
    assert_eq!(f.message, "`x == x` is broken: x == x is false for an Eq type: x = Token { id: 0, expired: true }");
    assert!(
        layout::holds(&f.code, "#[allow(clippy::eq_op)]") && layout::holds(&f.code, "assert!(token == token"),
        "{}",
        f.code
    );
}

/// `Debug` panics in one state.
#[derive(Clone, PartialEq, Eq)]
pub struct Gauge(u8);

impl fmt::Debug for Gauge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        assert!(self.0 != 3, "gauge 3 has no label");
        write!(f, "Gauge({})", self.0)
    }
}

#[drt::operations]
impl Gauge {
    pub fn new() -> Self {
        Gauge(0)
    }
    pub fn step(&mut self) {
        self.0 = self.0.wrapping_add(1);
    }
}

#[test]
fn a_panicking_debug_is_reported() {
    let report = explore::<Gauge>(2_000);
    let f = only_failure(&report);
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Contract, "Gauge::step"));
    assert_eq!(f.message, "`Debug does not panic` is broken: panicked: gauge 3 has no label");
    assert!(layout::holds(&f.code, "let _ = format!(\"{:?}\", gauge);"), "{}", f.code);
    assert_eq!(f.len, 4);
}

/// A buffer whose `reserve` panics on purpose above its capacity, and by mistake on 7.
pub struct Buffer {
    len: usize,
}

#[drt::operations(panics(reserve = "capacity"))]
impl Buffer {
    pub fn new() -> Self {
        Buffer { len: 0 }
    }
    pub fn reserve(&mut self, n: usize) {
        assert!(n <= 1000, "capacity exceeded");
        assert!(n != 7, "unlucky seven");
        self.len = n;
    }
    /// Shrinks to `n`.
    ///
    /// # Panics
    ///
    /// If `n` is larger than the buffer.
    pub fn truncate(&mut self, n: usize) {
        assert!(n <= self.len, "cannot grow by truncating");
        self.len = n;
    }
    #[drt(panics = "zero")]
    pub fn per_item(&self, items: usize) -> usize {
        assert!(items != 0, "zero items");
        self.len / items
    }
}

#[test]
fn only_undocumented_panics_are_failures() {
    let report = explore::<Buffer>(3_000);
    let f = only_failure(&report);
    assert_eq!(
        (f.kind, f.operation.as_str(), f.message.as_str()),
        (FailureKind::Panic, "Buffer::reserve", "unlucky seven")
    );
    let ops = &report.stats.operations;
    let illegal = |name: &str| ops.iter().find(|o| o.name == name).unwrap().illegal;
    assert!(illegal("Buffer::reserve") > 0 && illegal("Buffer::truncate") > 0 && illegal("Buffer::per_item") > 0);
}

/// Preconditions over a `Copy` parameter, an owned `String`, `&str` and `self`.
pub struct Shelf {
    labels: Vec<String>,
}

#[drt::operations(requires(divide = "by != 0", first_char = "self.labels.len() > 0"))]
impl Shelf {
    pub fn new() -> Self {
        Shelf { labels: Vec::new() }
    }
    #[drt(requires = "!label.is_empty() && self.labels.len() < 4")]
    pub fn add(&mut self, label: String) {
        assert!(self.labels.len() < 4, "shelf full");
        self.labels.push(label.chars().next().unwrap().to_string());
    }
    #[drt(requires = "prefix.len() == 1")]
    pub fn count_prefix(&self, prefix: &str) -> usize {
        assert_eq!(prefix.chars().count(), 1, "one-character prefix");
        self.labels.iter().filter(|l| l.starts_with(prefix)).count()
    }
    pub fn divide(&self, by: u32) -> u32 {
        self.labels.len() as u32 / by
    }
    pub fn first_char(&self) -> char {
        self.labels[0].chars().next().unwrap()
    }
}

#[test]
fn false_preconditions_are_illegal_not_failures() {
    let report = explore::<Shelf>(5_000);
    assert!(report.failures.is_empty(), "{report}");
    let ops = &report.stats.operations;
    assert!(ops.iter().all(|o| o.succeeded > 0), "{ops:?}");
    assert!(ops.iter().filter(|o| o.name != "Shelf::new").all(|o| o.illegal > 0), "{ops:?}");
}

/// Invariants written as `Result` and as a panicking check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range {
    lo: i32,
    hi: i32,
}

#[drt::operations(invariant(ordered))]
impl Range {
    pub fn new() -> Self {
        Range { lo: 0, hi: 0 }
    }
    pub fn shift_lo(&mut self, by: i8) {
        self.lo = self.lo.saturating_add(i32::from(by)); // forgets to keep lo <= hi
    }
    pub fn ordered(&self) -> Result<(), String> {
        if self.lo <= self.hi {
            Ok(())
        } else {
            Err(format!("lo {} > hi {}", self.lo, self.hi))
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tank {
    litres: u8,
}

#[drt::operations(invariant(check))]
impl Tank {
    pub fn new() -> Self {
        Tank { litres: 0 }
    }
    pub fn fill(&mut self, litres: u8) {
        self.litres = self.litres.saturating_add(litres);
    }
    pub fn check(&self) {
        assert!(self.litres <= 200, "tank overflows at {} litres", self.litres);
    }
}

#[test]
fn invariants_may_return_result_or_panic() {
    let report = explore::<Range>(2_000);
    let f = only_failure(&report);
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Invariant, "Range::shift_lo"));
    assert_eq!(
        f.message,
        "invariant `ordered` does not hold (it returned Err(\"lo 1 > hi 0\")) for Range { lo: 1, hi: 0 }"
    );
    assert!(layout::holds(&f.code, "range.ordered().expect("), "{}", f.code);

    let report = explore::<Tank>(2_000);
    let f = only_failure(&report);
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Invariant, "Tank::fill"));
    assert_eq!(f.message, "invariant `check` does not hold (tank overflows at 201 litres) for Tank { litres: 201 }");
    assert!(f.code.trim_end().ends_with("tank.check();\n}"), "{}", f.code);
}

/// Panics the first time it is poked, never again: not reproducible.
pub struct Skittish;

static ARMED: AtomicBool = AtomicBool::new(true);

#[drt::operations]
impl Skittish {
    pub fn new() -> Self {
        Skittish
    }
    pub fn poke(&self) {
        assert!(!ARMED.swap(false, Ordering::SeqCst), "startled");
    }
}

#[test]
fn a_failure_that_does_not_reproduce_is_flaky() {
    let report = explore::<Skittish>(200);
    let f = only_failure(&report);
    assert_eq!((f.kind, f.message.as_str()), (FailureKind::Flaky, "startled"));
    assert!(layout::holds(&f.code, "// drt: flaky: this failed once but not when run again"), "{}", f.code);
    assert!(report.to_string().contains("drt: failure 1 of 1: flaky failure in Skittish::poke: startled"), "{report}");
}

/// Breaks on every large value: one group, many hits.
pub struct Meter(u8);

#[drt::operations]
impl Meter {
    pub fn new() -> Self {
        Meter(0)
    }
    pub fn add(&mut self, n: u8) {
        self.0 += n;
    }
}

#[test]
fn failures_are_grouped_by_operation_kind_and_location() {
    let report = explore::<Meter>(2_000);
    let f = only_failure(&report);
    assert!(f.hits > 10, "{} hits", f.hits);
    assert_eq!(f.len, 3, "{}", f.code);
    assert_eq!(report.stats.failing, report.failures.iter().map(|f| f.hits).sum::<u64>());
}

/// Dropping it panics once it was armed.
pub struct Bomb {
    armed: bool,
}

impl Drop for Bomb {
    fn drop(&mut self) {
        if self.armed && !std::thread::panicking() {
            panic!("boom");
        }
    }
}

#[drt::operations]
impl Bomb {
    pub fn new() -> Self {
        Bomb { armed: false }
    }
    pub fn arm(&mut self) {
        self.armed = true;
    }
}

#[test]
fn a_panicking_drop_is_reported() {
    let report = explore::<Bomb>(200);
    let f = only_failure(&report);
    assert_eq!((f.kind, f.operation.as_str(), f.message.as_str()), (FailureKind::Panic, "drop(Bomb)", "boom"));
    assert_eq!(f.len, 2, "{}", f.code);
}

/// An angle in degrees; equal when they point the same way, but `Hash` is
/// derived from the raw degrees.
#[derive(Clone, Copy, Debug, Hash)]
#[allow(clippy::derived_hash_with_manual_eq)] // the bug under test
pub struct Heading(u16);

impl PartialEq for Heading {
    fn eq(&self, other: &Self) -> bool {
        self.0 % 360 == other.0 % 360
    }
}
impl Eq for Heading {}

#[drt::operations]
impl Heading {
    pub fn degrees(d: u16) -> Heading {
        Heading(d)
    }
    pub fn turned(&self, by: u16) -> Heading {
        Heading(self.0.wrapping_add(by))
    }
}

#[test]
fn copy_values_are_hashed_by_reference_in_the_emitted_assertion() {
    let report = explore::<Heading>(2_000);
    let f = only_failure(&report);
    assert!(f.message.starts_with("`equal values hash alike` is broken"), "{}", f.message);
    // `Hash::hash` takes `&self`, `Copy` or not.
    assert!(layout::holds(&f.code, "std::hash::Hash::hash(&heading"), "{}", f.code);
}

/// A label compared without regard to case, but hashed with it: several
/// operations make values that show it.
#[derive(Clone, Debug, Hash)]
#[allow(clippy::derived_hash_with_manual_eq)] // the bug under test
pub struct Label(String);

impl PartialEq for Label {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_ignore_ascii_case(&other.0)
    }
}
impl Eq for Label {}

#[drt::operations]
impl Label {
    pub fn new(text: &str) -> Label {
        Label(text.to_string())
    }
    pub fn shouted(&self) -> Label {
        Label(self.0.to_uppercase())
    }
    pub fn capitalized(&self) -> Label {
        let mut chars = self.0.chars();
        Label(chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default())
    }
}

#[test]
fn a_broken_contract_is_one_failure_of_the_type_whichever_operation_shows_it() {
    let report = explore::<Label>(5_000);
    let f = only_failure(&report);
    assert_eq!(f.kind, FailureKind::Contract);
    assert!(f.message.starts_with("`equal values hash alike` is broken"), "{}", f.message);
    assert!(f.operation.starts_with("Label::"), "{}", f.operation);
    assert!(f.hits > 1, "every sequence that showed it is one hit of the same failure: {}", f.hits);
    assert!(f.len <= 3, "{}", f.code);
}

/// A counter that must stay even; its invariant is private.
#[derive(Debug)]
pub struct Even(u32);

#[drt::operations(invariant(is_even))]
impl Even {
    pub fn zero() -> Even {
        Even(0)
    }
    pub fn add(&mut self, n: u8) {
        // BUG: odd steps are not refused.
        self.0 += u32::from(n);
    }
    fn is_even(&self) -> bool {
        self.0.is_multiple_of(2)
    }
}

#[test]
fn a_private_invariants_test_is_written_for_inside_the_crate() {
    let report = explore::<Even>(500);
    let f = only_failure(&report);
    assert_eq!(f.kind, FailureKind::Invariant);
    assert!(
        layout::holds(&f.code, "// `is_even` is private: put this test in a #[cfg(test)] module next to it"),
        "{}",
        f.code
    );
    assert!(layout::holds(&f.code, "let mut even = crate::Even::zero();"), "{}", f.code);
    assert!(!layout::holds(&f.code, "oracles::"), "{}", f.code);
}

/// A refiller whose private `refill` overflows.
#[derive(Debug)]
pub struct Refiller(u8);

#[drt::operations]
impl Refiller {
    pub fn empty() -> Refiller {
        Refiller(0)
    }
    pub fn level(&self) -> u8 {
        self.0
    }
    fn refill(&mut self, n: u8) {
        // BUG: overflows past 255.
        self.0 += n;
    }
}

/// A test calling a private method is written for inside the crate, next
/// to the method, and a regression suite (an integration test) leaves the
/// method out.
#[test]
fn a_private_methods_test_is_written_for_inside_the_crate() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("refiller_regressions.rs");
    let _ = std::fs::remove_file(&path);
    let explorer = drt::explore::<Refiller>().seed(1).max_sequences(500);
    let report = explorer.emit_regression_tests(&path).update_regression_tests(drt::Update::Always).report();
    let f = only_failure(&report);
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Panic, "Refiller::refill"));
    let note = "    // `Refiller::refill` is private: put this test in a #[cfg(test)] module next to it\n";
    assert!(layout::holds(&f.code, &format!("fn refiller_refill_panics() {{\n{note}")), "{}", f.code);
    assert!(layout::holds(&f.code, "let mut refiller = crate::Refiller::empty();"), "{}", f.code);
    assert!(!layout::holds(&f.code, "oracles::"), "{}", f.code);
    let suite = std::fs::read_to_string(&path).unwrap();
    assert!(suite.contains("fn refiller_level()") && !suite.contains(".refill("), "{suite}");
}

/// Votes with a running weight.
pub struct Ballot {
    votes: Vec<u8>,
    weight: u8,
}

#[drt::operations]
impl Ballot {
    pub fn new() -> Ballot {
        Ballot { votes: Vec::new(), weight: 0 }
    }
    pub fn cast(&mut self, v: u8) {
        self.votes.push(v);
    }
    /// Takes the last vote back, adding it to the retracted weight.
    ///
    /// # Panics
    ///
    /// If there are no votes.
    pub fn retract(&mut self) -> u8 {
        let v = self.votes.pop().expect("no votes to retract");
        // BUG: overflows; the doc section says nothing about it.
        self.weight += v;
        v
    }
}

#[test]
fn a_panics_doc_section_does_not_excuse_an_overflow_it_does_not_mention() {
    let report = explore::<Ballot>(2_000);
    let f = only_failure(&report);
    assert_eq!((f.operation.as_str(), f.message.as_str()), ("Ballot::retract", "attempt to add with overflow"));
    // The documented panic stays an illegal input.
    let retract = report.stats.operations.iter().find(|o| o.name == "Ballot::retract").unwrap();
    assert!(retract.illegal > 0, "{retract:?}");
}

#[test]
fn the_report_says_where_a_private_invariants_test_goes() {
    let report = explore::<Even>(500);
    assert!(report.to_string().contains("drt: paste a test above into tests/ (or where it says) to keep"), "{report}");
    assert!(explore::<Ballot>(2_000).to_string().contains("drt: paste a test above into tests/ to keep"));
}
