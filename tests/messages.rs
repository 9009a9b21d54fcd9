//! Every message a user can see, shown once.

#![allow(clippy::new_without_default)]

use std::panic;

/// A counter whose `bump` overflows at 255.
pub struct Counter {
    n: u8,
}

#[drt::operations]
impl Counter {
    pub fn new() -> Self {
        Counter { n: 250 }
    }
    pub fn bump(&mut self) {
        self.n += 1;
    }
}

/// Nothing can go wrong here.
pub struct Calm;

#[drt::operations]
impl Calm {
    pub fn new() -> Self {
        Calm
    }
    pub fn noop(&self) -> u8 {
        1
    }
}

/// A type without operations.
pub struct Unregistered;

fn panic_text(f: impl FnOnce() + panic::UnwindSafe) -> String {
    let payload = panic::catch_unwind(f).expect_err("should panic");
    payload.downcast_ref::<String>().cloned().unwrap_or_default()
}

#[test]
fn report_display_shows_failure_test_and_next_step() {
    let report = drt::explore::<Counter>().seed(5).max_sequences(200).report();
    let text = report.to_string();
    let expected_start = "\
drt: failure 1 of 1: panic in Counter::bump: attempt to add with overflow
  at tests/messages.rs:18:9
";
    assert!(text.starts_with(expected_start), "{text}");
    let test = "\
    // drt: Counter::bump panics: attempt to add with overflow
    #[test]
    fn counter_bump_panics() {
        let mut counter = messages::Counter::new();
        counter.bump();
        counter.bump();
        counter.bump();
        counter.bump();
        counter.bump();
        counter.bump();
    }
";
    assert!(text.contains(test), "{text}");
    assert!(text.contains("reproduced in 7 calls:"), "{text}");
    assert!(text.contains(&format!("drt: {} sequences (", report.stats.sequences)), "{text}");
    assert!(
        text.ends_with(
            "drt: paste a test above into tests/ to keep the bug fixed; re-run this exploration with DRT_SEED=5 \
             DRT_MAX_SEQUENCES=200\n"
        ),
        "{text}"
    );
    assert_eq!(report.failures[0].len, 7);
}

/// A run bounded by time is not repeated by its seed (it was told to be,
/// and the seed alone explores for another count of sequences, weighing
/// other measured costs): the report says what reproduces its failures.
#[test]
fn a_run_bounded_by_time_says_its_seed_does_not_repeat_it() {
    let report = drt::explore::<Counter>().seed(5).time_limit(std::time::Duration::from_millis(300)).report();
    assert!(!report.failures.is_empty(), "{report}");
    let text = report.to_string();
    assert!(
        text.ends_with(
            "drt: paste a test above into tests/ to keep the bug fixed; this run was bounded by time, which \
             DRT_SEED=5 does not repeat: each test above reproduces its failure\n"
        ),
        "{text}"
    );
}

#[test]
fn run_panics_with_one_short_line_after_the_report() {
    let msg = panic_text(|| drt::explore::<Counter>().seed(5).max_sequences(200).persist(false).run());
    assert_eq!(msg, "drt found 1 failure in Counter (seed 5); the reproducing test is printed above");
}

#[test]
fn a_clean_run_summarizes_in_one_line() {
    let report = drt::explore::<Calm>().seed(1).max_sequences(100).report();
    assert!(report.failures.is_empty());
    let line = report.summary("Calm");
    assert!(line.starts_with("drt: Calm: "), "{line}");
    assert!(line.ends_with(", no failures (seed 1)"), "{line}");
    // The search space is tiny: it is exhausted long before the budget.
    assert!(report.stats.sequences < 100, "{:?}", report.stats);
    drt::explore::<Calm>().seed(1).max_sequences(100).persist(false).run();
}

#[test]
fn exploring_a_type_without_operations_says_what_to_do() {
    let msg = panic_text(|| drt::explore::<Unregistered>().max_sequences(10).persist(false).run());
    assert_eq!(
        msg,
        "drt: no operations are registered for Unregistered: put #[drt::operations] on its impl block (one under \
         #[cfg_attr(test, ...)] is compiled for the crate's unit tests only, not for those in tests/)"
    );
}

/// Every call panics, by design or not, or is refused: why each was never called successfully.
pub struct Refusals;

#[drt::operations(requires(picky = "false"))]
impl Refusals {
    pub fn new() -> Self {
        Refusals
    }
    pub fn broken(&self) {
        panic!("always");
    }
    pub fn picky(&self) {}
    /// # Panics
    ///
    /// Always, on purpose.
    pub fn strict(&self) {
        panic!("documented");
    }
}

#[test]
fn why_an_operation_never_ran_is_said() {
    let report = drt::explore::<Refusals>().seed(3).max_sequences(300).isolation(drt::Isolation::InProcess).report();
    let reason = |op: &str| report.stats.uncallable.iter().find(|(o, _)| o == op).map(|(_, w)| w.as_str());
    assert_eq!(reason("Refusals::broken"), Some("every call failed (see the failures)"));
    let illegal = "every call was illegal: its precondition was false or it panicked as documented";
    assert_eq!(reason("Refusals::picky"), Some(illegal));
    assert_eq!(reason("Refusals::strict"), Some(illegal));
    assert_eq!(reason("Refusals::new"), None);
}

/// A type only an operation taking it can touch: nothing makes one.
pub struct Orphan(u8);

#[drt::operations]
impl Orphan {
    pub fn get(&self) -> u8 {
        self.0
    }
}

#[test]
fn a_run_that_tested_nothing_fails_and_says_why() {
    let report = drt::explore::<Orphan>().max_sequences(50).report();
    assert!(report.tested_nothing(), "{:?}", report.stats);
    assert!(!drt::explore::<Calm>().max_sequences(50).report().tested_nothing());
    let msg = panic_text(|| drt::explore::<Orphan>().max_sequences(50).persist(false).run());
    let (summary, rest) = msg.split_once('\n').unwrap();
    assert!(summary.starts_with("drt: Orphan: 0 sequences (0 calls) in "), "{summary}");
    assert!(summary.ends_with(", no failures (seed 24301)"), "{summary}");
    assert_eq!(
        rest,
        "drt: never called successfully: Orphan::get: no value of type `Orphan` could be built: put \
         #[drt::operations] on an impl with a constructor of `Orphan`, or give values with seeds(Orphan = [...])\n\
         drt: nothing in Orphan was tested: none of its operations ever ran normally; the reasons are above"
    );
}

/// A percentage; its constructor overflows for large inputs.
#[derive(Clone, Debug)]
pub struct Percent(u8);

#[drt::operations]
impl Percent {
    pub fn of(part: u8, whole: u8) -> Percent {
        Percent(part * 100 / whole.max(1))
    }
}

/// Takes a `Percent`, which only `Percent`'s own operations make.
pub struct Discount {
    off: u8,
}

#[drt::operations]
impl Discount {
    pub fn new(p: &Percent) -> Discount {
        Discount { off: p.0.min(100) }
    }
    pub fn apply(&self, price: u32) -> u32 {
        price - price / 100 * u32::from(self.off)
    }
}

#[test]
fn a_helper_types_failure_is_a_note_not_a_failure_of_the_type_explored() {
    let report = drt::explore::<Discount>().seed(2).max_sequences(2_000).report();
    assert!(report.failures.is_empty(), "{report}");
    assert_eq!(report.stats.notes.len(), 1, "{:?}", report.stats.notes);
    let note = &report.stats.notes[0];
    assert!(
        note.starts_with("Percent::of failed in ")
            && note.contains("sequences while making arguments (panicked at tests/messages.rs:")
            && note.ends_with(
                ": attempt to multiply with overflow); it is not under test here, so it is not reported: \
                 explore Percent (or add .also::<Percent>()) to see it"
            ),
        "{note}"
    );
    assert!(report.to_string().contains(&format!("drt: note: {note}")), "{report}");
    // Under test, the same panic is a failure.
    let both = drt::explore::<Discount>().also::<Percent>().seed(2).max_sequences(2_000).report();
    assert_eq!(both.failures.len(), 1, "{both}");
    assert_eq!(both.failures[0].operation, "Percent::of");
    assert!(both.stats.notes.is_empty(), "{:?}", both.stats.notes);
}

/// Samples, read by index.
pub struct Samples(Vec<i32>);

#[drt::operations]
impl Samples {
    pub fn new() -> Samples {
        Samples(Vec::new())
    }
}

#[drt::operations]
impl std::ops::Index<usize> for Samples {
    type Output = i32;
    fn index(&self, at: usize) -> &i32 {
        &self.0[at]
    }
}

#[test]
fn a_panic_in_a_track_caller_method_is_located_in_the_users_code() {
    // `Index::index` is `#[track_caller]`: its panics are located at the
    // caller, which is drt's generated call; that call is spanned at the
    // method's name, not at the attribute.
    let report = drt::explore::<Samples>().max_sequences(100).report();
    let f = &report.failures[0];
    let line = include_str!("messages.rs").lines().position(|l| l.contains("fn index(&self, at: usize)")).unwrap();
    assert_eq!(f.location.as_deref(), Some(format!("tests/messages.rs:{}:8", line + 1).as_str()), "{report}");
}

/// Scores summed in a `u8`.
pub struct Scores(Vec<u8>);

#[drt::operations]
impl Scores {
    pub fn new() -> Scores {
        Scores(Vec::new())
    }
    pub fn add(&mut self, score: u8) {
        self.0.push(score);
    }
    pub fn total(&self) -> u8 {
        self.0.iter().sum()
    }
}

#[test]
fn a_panic_inside_std_is_located_at_the_users_line_that_led_there() {
    // `Iterator::sum` overflows inside core; the report shows the `.sum()`.
    let report = drt::explore::<Scores>().seed(1).max_sequences(500).report();
    let f = report.failures.iter().find(|f| f.operation == "Scores::total").expect("the overflow is found");
    let source = include_str!("messages.rs");
    let (line, text) = source.lines().enumerate().find(|(_, l)| l.contains("self.0.iter().sum()")).unwrap();
    let column = text.find("sum()").unwrap() + 1;
    assert_eq!(f.location, Some(format!("tests/messages.rs:{}:{column}", line + 1)), "{report}");
}

/// A stack explored for `u8` only.
pub struct Pile<T>(Vec<T>);

#[drt::operations(instantiate(T = u8))]
impl<T: Clone> Pile<T> {
    pub fn new() -> Self {
        Pile(Vec::new())
    }
    pub fn push(&mut self, t: T) {
        self.0.push(t);
    }
}

#[test]
fn exploring_an_instance_no_block_gives_says_which_ones_there_are() {
    let msg = panic_text(|| drt::explore::<Pile<String>>().max_sequences(10).persist(false).run());
    assert_eq!(
        msg,
        "drt: no operations are registered for Pile<String>: its #[drt::operations] blocks are instantiated for \
         Pile<u8> only; add an instantiate(...) that gives Pile<String>"
    );
}

/// A tally whose `Debug` shows none of its state (as a hand-written `Debug`
/// may): every value looks like every other.
pub struct Tally {
    hidden: u64,
}

#[drt::operations]
impl Tally {
    pub fn new() -> Self {
        Tally { hidden: 0 }
    }
    pub fn add(&mut self, by: u8) {
        self.hidden = self.hidden.wrapping_add(u64::from(by));
    }
    pub fn total(&self) -> u64 {
        self.hidden
    }
}

impl std::fmt::Debug for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tally { .. }")
    }
}

#[test]
fn an_exploration_that_runs_dry_says_so_and_suspects_a_debug_hiding_state() {
    let report = drt::explore::<Tally>().max_sequences(100_000).report();
    assert!(report.stats.sequences < 100_000, "{report}");
    let note = report.stats.notes.iter().find(|n| n.starts_with("the exploration stopped before")).expect("a note");
    assert!(note.contains("Values of Tally (no `Eq + Hash`) are told apart by their `Debug` text"), "{note}");
    let said =
        "drt: note: the exploration stopped before its budget: its last 20000 steps made nothing new (no sequence \
         it had not run, or one giving only values seen before), and ";
    assert!(report.to_string().contains(said), "{report}");
}

/// Explores long enough for a few progress lines at `DRT_PROGRESS=20ms`.
#[test]
#[ignore = "run by a_long_run_prints_its_progress_through_libtests_capture"]
fn a_long_exploration() {
    let report = drt::explore::<drt_examples::bugfree::SortedSet>().max_sequences(30_000).report();
    assert!(report.failures.is_empty(), "{report}");
}

/// A run longer than the progress interval prints a line on stderr every
/// interval, in the process that explores or the one supervising it, and
/// libtest's capture (no `--nocapture` here) does not hold it back.
#[test]
fn a_long_run_prints_its_progress_through_libtests_capture() {
    for isolation in ["in-process", "process"] {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["a_long_exploration", "--exact", "--ignored"])
            .env_remove("DRT_CHILD_DIR")
            .env("DRT_ISOLATION", isolation)
            .env("DRT_PROGRESS", "20ms")
            .env("DRT_SEED", "7")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{isolation}:\n{stderr}");
        let lines: Vec<&str> = stderr.lines().filter(|l| l.contains(" sequences (")).collect();
        assert!(!lines.is_empty(), "{isolation}: no progress line:\n{stderr}");
        for line in lines {
            assert!(
                line.starts_with("drt: ") && line.ends_with("/s), no failures so far (seed 7)"),
                "{isolation}: {line}"
            );
        }
        // A random seed is said when the run starts, and is the one the progress lines name.
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["a_long_exploration", "--exact", "--ignored", "--nocapture"])
            .env_remove("DRT_CHILD_DIR")
            .env("DRT_ISOLATION", isolation)
            .env("DRT_PROGRESS", "20ms")
            .env("DRT_SEED", "random")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let said = "drt: DRT_SEED=random: this run's seed is ";
        let seed = stderr.split_once(said).and_then(|(_, rest)| rest.split_once(' ')).map(|(seed, _)| seed);
        let seed = seed.unwrap_or_else(|| panic!("{isolation}: no seed said:\n{stderr}"));
        assert!(stderr.contains(&format!("{said}{seed} (DRT_SEED={seed} explores with it again)\n")), "{stderr}");
        assert!(stderr.contains(&format!("so far (seed {seed})\n")), "{isolation}:\n{stderr}");
        // Off means off.
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["a_long_exploration", "--exact", "--ignored"])
            .env_remove("DRT_CHILD_DIR")
            .env("DRT_ISOLATION", isolation)
            .env("DRT_PROGRESS", "off")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && !stderr.contains(" sequences ("), "{isolation}:\n{stderr}");
    }
}

/// A set whose constructor has no counterpart in `BTreeSet`.
pub struct Capped(Vec<u32>);

#[drt::operations]
impl Capped {
    pub fn with_cap(cap: u8) -> Self {
        Capped(Vec::with_capacity(cap as usize))
    }
    pub fn insert(&mut self, value: u32) -> bool {
        self.0.push(value);
        true
    }
}

/// A set naming a counterpart `BTreeSet` does not have.
pub struct Misnamed(Vec<u32>);

#[drt::operations]
impl Misnamed {
    pub fn new() -> Self {
        Misnamed(Vec::new())
    }
    #[drt(model = "lowest")]
    pub fn min(&self) -> Option<u32> {
        self.0.iter().min().copied()
    }
}

/// A set with a counterpart for every method in `BTreeSet`.
pub struct PlainSet(std::collections::BTreeSet<u32>);

#[drt::operations]
impl PlainSet {
    pub fn new() -> Self {
        PlainSet(Default::default())
    }
    pub fn insert(&mut self, value: u32) -> bool {
        self.0.insert(value)
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[test]
fn a_reference_that_cannot_be_built_alongside_says_what_to_write() {
    let text = panic_text(|| drt::explore::<Capped>().against::<std::collections::BTreeSet<u32>>().run());
    assert_eq!(
        text,
        "drt: cannot run Capped's sequences on BTreeSet<u32>: none of Capped's constructors (Capped::with_cap) has a \
         counterpart in BTreeSet<u32> with the same name and parameters; write #[drt(model = \"...\")] on one, naming \
         a constructor of BTreeSet<u32> that takes the same parameters"
    );
    let text = panic_text(|| drt::explore::<Misnamed>().against::<std::collections::BTreeSet<u32>>().run());
    assert_eq!(
        text,
        "drt: Misnamed::min says #[drt(model = \"lowest\")], but BTreeSet<u32> has no method of that name: name a \
         method of BTreeSet<u32> taking the same parameters (`Self` read as BTreeSet<u32>)"
    );
}

/// A child process re-runs the test and explores at its first
/// exploration: a second one, against a std collection the first did not
/// name, runs in this process instead, and says so.
#[test]
fn a_second_exploration_against_a_std_collection_runs_in_process_and_says_why() {
    let first = drt::explore::<Calm>().seed(1).max_sequences(100).report();
    assert!(first.stats.notes.is_empty(), "{first}");
    let second =
        drt::explore::<PlainSet>().against::<std::collections::BTreeSet<u32>>().seed(1).max_sequences(100).report();
    assert!(second.failures.is_empty(), "{second}");
    assert_eq!(second.stats.isolation, drt::Isolation::InProcess);
    assert!(
        second.stats.notes.iter().any(|n| n.starts_with(
            "explored in this process, without crash isolation: a child process learns the methods of \
             BTreeSet<u32> only from the test's first exploration"
        )),
        "{second}"
    );
}
