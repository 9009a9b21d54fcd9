//! Fault injection: user trait impls that panic once a few calls have
//! broken a value's state. Every such panic is the user's failure, reported
//! with a reproducing test, in both isolation modes; none is drt's internal
//! error, none is silent, and the exploration's other findings survive.

#[path = "support/layout.rs"]
mod layout;
use std::fmt;
use std::hash::{Hash, Hasher};

use drt::{FailureKind, Isolation, Report};

/// Explores `T` in both isolation modes; checks every failure is the user's.
fn explore_both<T: 'static>() -> Vec<Report> {
    [Isolation::InProcess, Isolation::Process]
        .into_iter()
        .map(|isolation| {
            let report = drt::explore::<T>().seed(3).max_sequences(2_000).isolation(isolation).report();
            for f in &report.failures {
                assert!(
                    matches!(f.kind, FailureKind::Panic | FailureKind::Contract | FailureKind::Invariant),
                    "{isolation:?}: not the user's failure:\n{report}"
                );
                assert!(layout::holds(&f.code, "#[test]"), "{isolation:?}: no test:\n{report}");
            }
            report
        })
        .collect()
}

/// Some failure of every report says `what`.
fn assert_found(reports: &[Report], what: &str) {
    for r in reports {
        assert!(r.failures.iter().any(|f| f.message.contains(what) || f.operation.contains(what)), "{what}:\n{r}");
    }
}

macro_rules! hostile {
    ($(#[$derive:meta])* $name:ident) => {
        /// A counter that breaks once `wreck` was called twice.
        #[derive(Default)]
        $(#[$derive])*
        pub struct $name {
            wrecked: u8,
        }

        #[drt::operations]
        impl $name {
            pub fn new() -> Self {
                $name { wrecked: 0 }
            }
            pub fn wreck(&mut self) {
                self.wrecked = self.wrecked.saturating_add(1);
            }
            pub fn combine(&mut self, other: &$name) {
                self.wrecked = self.wrecked.max(other.wrecked);
            }
            pub fn absorb(&mut self, other: $name) {
                self.wrecked = self.wrecked.max(other.wrecked);
            }
            pub fn level(&self) -> u8 {
                self.wrecked
            }
        }

        impl $name {
            fn broken(&self) -> bool {
                self.wrecked >= 2
            }
        }
    };
}

hostile!(DebugBomb);
impl fmt::Debug for DebugBomb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        assert!(!self.broken(), "DebugBomb: Debug of a wrecked value");
        write!(f, "DebugBomb({})", self.wrecked)
    }
}

#[test]
fn a_panicking_debug_is_the_users_failure() {
    assert_found(&explore_both::<DebugBomb>(), "Debug of a wrecked value");
}

hostile!(DisplayBomb);
impl fmt::Display for DisplayBomb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        assert!(!self.broken(), "DisplayBomb: Display of a wrecked value");
        write!(f, "{}", self.wrecked)
    }
}

#[test]
fn a_panicking_display_is_the_users_failure() {
    assert_found(&explore_both::<DisplayBomb>(), "Display of a wrecked value");
}

hostile!(CloneBomb);
impl Clone for CloneBomb {
    fn clone(&self) -> Self {
        assert!(!self.broken(), "CloneBomb: Clone of a wrecked value");
        CloneBomb { wrecked: self.wrecked }
    }
}

#[test]
fn a_panicking_clone_is_the_users_failure() {
    assert_found(&explore_both::<CloneBomb>(), "Clone of a wrecked value");
}

#[test]
fn a_clone_drt_makes_for_an_argument_that_panics_is_the_clone_s_failure() {
    // No `PartialEq`: no check `x.clone() == x`; `absorb(other: Self)` takes
    // a clone of a wrecked value.
    for r in explore_both::<CloneBomb>() {
        let f = r.failures.iter().find(|f| f.operation == "CloneBomb::clone").unwrap_or_else(|| panic!("{r}"));
        assert_eq!((f.kind, f.message.as_str()), (FailureKind::Panic, "CloneBomb: Clone of a wrecked value"), "{r}");
        assert!(
            layout::holds(&f.code, "fn clone_bomb_clone_panics()") && layout::holds(&f.code, ".clone())"),
            "{}",
            f.code
        );
    }
}

hostile!(EqBomb);
impl PartialEq for EqBomb {
    fn eq(&self, other: &Self) -> bool {
        assert!(!self.broken(), "EqBomb: == on a wrecked value");
        self.wrecked == other.wrecked
    }
}
impl Eq for EqBomb {}

#[test]
fn a_panicking_eq_is_the_users_failure() {
    assert_found(&explore_both::<EqBomb>(), "== on a wrecked value");
}

// `PartialEq` without `Eq` (as a float-like type has): `x != x` is allowed, a panic is not.
hostile!(PartialEqBomb);
impl PartialEq for PartialEqBomb {
    fn eq(&self, other: &Self) -> bool {
        assert!(!self.broken(), "PartialEqBomb: == on a wrecked value");
        self.wrecked == other.wrecked
    }
}

#[test]
fn a_panicking_partial_eq_is_the_users_failure() {
    let reports = explore_both::<PartialEqBomb>();
    assert_found(&reports, "`PartialEq does not panic` is broken: panicked: PartialEqBomb: == on a wrecked value");
}

hostile!(
    #[derive(PartialEq, Eq)]
    HashBomb
);
impl Hash for HashBomb {
    fn hash<H: Hasher>(&self, state: &mut H) {
        assert!(!self.broken(), "HashBomb: hash of a wrecked value");
        self.wrecked.hash(state);
    }
}

#[test]
fn a_panicking_hash_is_the_users_failure() {
    assert_found(&explore_both::<HashBomb>(), "hash of a wrecked value");
}

hostile!(
    #[derive(PartialEq, Eq)]
    OrdBomb
);
impl PartialOrd for OrdBomb {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for OrdBomb {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        assert!(!self.broken(), "OrdBomb: cmp of a wrecked value");
        self.wrecked.cmp(&other.wrecked)
    }
}

#[test]
fn a_panicking_ord_is_the_users_failure() {
    assert_found(&explore_both::<OrdBomb>(), "cmp of a wrecked value");
}

hostile!(DropBomb);
impl Drop for DropBomb {
    fn drop(&mut self) {
        if self.broken() && !std::thread::panicking() {
            panic!("DropBomb: drop of a wrecked value");
        }
    }
}

#[test]
fn a_panicking_drop_is_the_users_failure() {
    assert_found(&explore_both::<DropBomb>(), "drop of a wrecked value");
}

/// A ledger whose invariant breaks once wrecked, and whose `Debug` asserts
/// that same invariant (as a published crate's did): the report must show
/// the broken invariant, not drt's internal error.
#[derive(Default)]
pub struct Audited {
    wrecked: u8,
}

#[drt::operations(invariant(sound))]
impl Audited {
    pub fn new() -> Self {
        Audited { wrecked: 0 }
    }
    pub fn wreck(&mut self) {
        self.wrecked = self.wrecked.saturating_add(1);
    }
    fn sound(&self) -> bool {
        self.wrecked < 2
    }
}

impl fmt::Debug for Audited {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        assert!(self.sound(), "Audited: Debug of an unsound value");
        write!(f, "Audited({})", self.wrecked)
    }
}

#[test]
fn a_debug_that_panics_in_a_failure_message_is_shown_as_such() {
    let reports = explore_both::<Audited>();
    for r in &reports {
        let f = r.failures.iter().find(|f| f.kind == FailureKind::Invariant).unwrap_or_else(|| panic!("{r}"));
        assert!(f.message.contains("<Debug panicked: Audited: Debug of an unsound value>"), "{r}");
    }
}

/// Explores in a child process (the only mode an abort or a hang leaves
/// standing) and returns the report, which must hold a failure of `kind`
/// with a reproducing test.
fn crash_in_child(kind: FailureKind, explorer: drt::Explorer) -> drt::Report {
    let report = explorer.seed(3).max_sequences(2_000).isolation(Isolation::Process).report();
    assert_eq!(report.stats.isolation, Isolation::Process);
    let f = report.failures.iter().find(|f| f.kind == kind).unwrap_or_else(|| panic!("no {kind:?}:\n{report}"));
    assert!(layout::holds(&f.code, "#[test]") && f.len >= 1, "no reproducing test:\n{report}");
    report
}

/// The report's one failure, after an exploration that went on past it
/// (the crashing operation left out): nothing else was lost.
fn explored_on(report: &drt::Report) -> &drt::Failure {
    assert_eq!(report.failures.len(), 1, "{report}");
    assert!(report.stats.sequences > 100, "{report}");
    &report.failures[0]
}

hostile!(AbortingClone);
impl Clone for AbortingClone {
    fn clone(&self) -> Self {
        if self.broken() {
            // An invariant check in release code that aborts rather than unwinds.
            std::process::abort();
        }
        AbortingClone { wrecked: self.wrecked }
    }
}

#[test]
fn an_abort_in_clone_is_a_crash_with_its_sequence() {
    let report = crash_in_child(FailureKind::Crash, drt::explore::<AbortingClone>());
    let f = explored_on(&report);
    assert!(f.message.contains("SIGABRT"), "{f:?}");
    assert!(layout::holds(&f.code, ".wreck()"), "{}", f.code);
}

hostile!(LoopingDebug);
impl fmt::Debug for LoopingDebug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        while self.broken() {
            std::hint::spin_loop();
        }
        write!(f, "LoopingDebug({})", self.wrecked)
    }
}

#[test]
fn a_loop_in_debug_is_a_timeout_with_its_sequence() {
    let explorer = drt::explore::<LoopingDebug>().call_timeout(std::time::Duration::from_millis(300));
    let report = crash_in_child(FailureKind::Timeout, explorer);
    let f = explored_on(&report);
    // The loop is in no call but in drt's check after the last one: the
    // test runs that check too, or it would not hang.
    assert_eq!(f.message, "drt's `Debug` check after the call ran longer than the call timeout (300ms)");
    let header = "// drt: after LoopingDebug::wreck, `let _ = format!(\"{:?}\", looping_debug)` hangs: ";
    assert!(f.code.starts_with(header), "{}", f.code);
    assert!(layout::holds(&f.code, ".wreck();\n    let _ = format!(\"{:?}\", looping_debug);\n}"), "{}", f.code);
}

/// An image whose constructor trusts the dimensions it is given, as a
/// decoder trusts a file's header: `new(65535, 65535)` asks for 16 GiB.
pub struct Image {
    width: u16,
    pixels: Vec<u32>,
}

#[drt::operations]
impl Image {
    pub fn new(width: u16, height: u16) -> Image {
        Image { width, pixels: vec![0xff00_00ff; usize::from(width) * usize::from(height)] }
    }
    pub fn pixel(&self, x: u16, y: u16) -> Option<u32> {
        let at = usize::from(y) * usize::from(self.width) + usize::from(x);
        (x < self.width).then(|| self.pixels.get(at).copied()).flatten()
    }
}

/// Dimensions too large for the child's memory ceiling are an input
/// outside `new`'s domain, not a bug: the child that failed to allocate
/// them is replaced, `new` stays in the exploration with smaller
/// dimensions (so `pixel` runs), and the report says which parameter was
/// throttled and why, instead of a crash.
#[test]
#[cfg(target_os = "linux")]
fn an_allocation_too_large_for_the_memory_limit_throttles_its_size() {
    let explorer = drt::explore::<Image>().memory_limit(256 << 20);
    let report = explorer.seed(3).max_sequences(2_000).isolation(Isolation::Process).report();
    assert!(report.failures.is_empty(), "{report}");
    assert_eq!(report.stats.sequences, 2_000, "{report}");
    let (param, why) = &report.stats.throttled[0];
    assert!(param == "Image::new(width)" || param == "Image::new(height)", "{param}");
    assert!(why.contains("crashed: memory allocation of") && why.contains("drawn below 2^"), "{why}");
    let pixel = report.stats.operations.iter().find(|o| o.name == "Image::pixel").unwrap();
    assert!(pixel.succeeded > 0, "{report}");
    assert!(report.to_string().contains("drt: sizes throttled: Image::new("), "{report}");
}

/// A checksum whose work grows with the rounds it is given, as a key
/// derivation's iteration count does: `new(u64::MAX)` would run for ages.
pub struct Stretched {
    digest: u64,
}

#[drt::operations]
impl Stretched {
    pub fn new(rounds: u64) -> Stretched {
        let mut digest = 0xcbf2_9ce4_8422_2325_u64;
        for round in 0..rounds {
            digest = std::hint::black_box((digest ^ round).wrapping_mul(0x100_0000_01b3));
        }
        Stretched { digest }
    }
    pub fn mix(&mut self, word: u64) {
        self.digest = (self.digest ^ word).rotate_left(5);
    }
    pub fn digest(&self) -> u64 {
        self.digest
    }
}

/// A size that makes its call slow, far from hanging, is cut short after
/// a twentieth of the call timeout and its parameter throttled: no failure,
/// and the exploration goes on with smaller counts, however many quick
/// sequences ran since the child's last heartbeat. A digest that a call
/// returned, given for the count, is as slow: that call is refused.
#[test]
fn a_size_that_makes_its_call_slow_is_throttled() {
    let explorer = drt::explore::<Stretched>().seed(3).max_sequences(2_000).isolation(Isolation::Process);
    let report = explorer.report();
    assert!(report.failures.is_empty(), "{report}");
    assert_eq!(report.stats.sequences, 2_000, "{report}");
    let (param, why) = &report.stats.throttled[0];
    assert_eq!(param, "Stretched::new(rounds)");
    assert!(why.contains("ran longer than 250ms") && why.contains("drawn below 2^"), "{why}");
}

/// A size throttled just before the time is up is listed too, though no
/// child ran with it to list it: before, the report said "6 illegal" of
/// a run of 13 sequences and nothing more.
#[test]
fn a_size_throttled_as_the_time_ends_is_listed() {
    let explorer = drt::explore::<Stretched>().seed(3).time_limit(std::time::Duration::from_millis(200));
    let report = explorer.isolation(Isolation::Process).report();
    assert!(report.failures.is_empty(), "{report}");
    assert!(report.stats.illegal > 0, "no size was cut short: {report}");
    let params: Vec<&str> = report.stats.throttled.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(params, ["Stretched::new(rounds)"], "{report}");
}

/// A slab made from `(key, value)` pairs, as `slab::Slab::from_iter`
/// makes one: its slots run to the largest key, so a key near `usize::MAX`
/// asks for all the memory there is.
pub struct Slots {
    slots: Vec<Option<u32>>,
}

#[drt::operations]
impl Slots {
    pub fn from_pairs(pairs: impl IntoIterator<Item = (usize, u32)>) -> Slots {
        let mut slots = Vec::new();
        for (key, value) in pairs {
            if key >= slots.len() {
                slots.resize(key + 1, None);
            }
            slots[key] = Some(value);
        }
        Slots { slots }
    }
    pub fn get(&self, key: usize) -> Option<u32> {
        self.slots.get(key).copied().flatten()
    }
}

/// Integers inside a vector's items are sizes too: a slab keyed up to
/// `usize::MAX` is an input too large for the run, not a crash of the
/// crate, and its items are drawn smaller from then on (it was reported as
/// a crash, or a timeout, in the corpus's slab and fixedbitset newtypes).
#[test]
#[cfg(target_os = "linux")]
fn integers_inside_a_vector_are_sizes_too() {
    let explorer = drt::explore::<Slots>().memory_limit(256 << 20).seed(3).max_sequences(2_000);
    let report = explorer.isolation(Isolation::Process).report();
    assert!(report.failures.is_empty(), "{report}");
    assert_eq!(report.stats.sequences, 2_000, "{report}");
    assert!(!report.stats.throttled.is_empty(), "{report}");
    let get = report.stats.operations.iter().find(|o| o.name == "Slots::get").unwrap();
    assert!(get.succeeded > 0, "{report}");
}

/// A set of positions kept as words of bits, as fixedbitset's `FixedBitSet`
/// keeps one: its words can be read out, and `extend` grows it to the
/// largest position it is given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Positions {
    words: Vec<u64>,
}

#[drt::operations]
impl Positions {
    pub fn new() -> Positions {
        Positions::default()
    }
    pub fn insert(&mut self, at: u8) {
        self.extend([u64::from(at)]);
    }
    pub fn words(&self) -> Vec<u64> {
        self.words.clone()
    }
    pub fn extend(&mut self, positions: impl IntoIterator<Item = u64>) {
        for at in positions {
            let word = usize::try_from(at / 64).expect("64-bit");
            if word >= self.words.len() {
                self.words.resize(word + 1, 0);
            }
            self.words[word] |= 1 << (at % 64);
        }
    }
    pub fn contains(&self, at: u64) -> bool {
        self.words.get((at / 64) as usize).is_some_and(|w| w >> (at % 64) & 1 == 1)
    }
}

/// Integers inside a vector a call returned are sizes too: `words()` read
/// back as positions (`1 << 63` after `insert(63)`) ask `extend` for all
/// the memory there is, an input too large for the run. It was reported as
/// a crash of `extend` (fixedbitset's bare newtype in `bugs/`), for only
/// drawn vectors were read for sizes.
#[test]
#[cfg(target_os = "linux")]
fn integers_inside_a_vector_a_call_returned_are_sizes_too() {
    let explorer = drt::explore::<Positions>().memory_limit(256 << 20).seed(3).max_sequences(3_000);
    let report = explorer.isolation(Isolation::Process).report();
    assert!(report.failures.is_empty(), "{report}");
    assert_eq!(report.stats.sequences, 3_000, "{report}");
    let extend = report.stats.operations.iter().find(|o| o.name.starts_with("Positions::extend")).unwrap();
    assert!(extend.succeeded > 0, "{report}");
    // drt's iterator builders of one item type (exact, filtered, lying)
    // are throttled together, and listed once.
    let params: Vec<&str> = report.stats.throttled.iter().map(|(p, _)| p.as_str()).collect();
    assert!(!params.is_empty(), "{report}");
    assert!(params.iter().all(|p| params.iter().filter(|q| *q == p).count() == 1), "{params:?}");
}

/// Aborts the first time it is poked in one exploration, never again (a
/// file beside the children, named for the process that starts them,
/// remembers): a crash that no rerun repeats.
#[derive(Default)]
pub struct Jumpy;

#[cfg(unix)]
fn jumpy_marker() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("drt-jumpy-{}", std::os::unix::process::parent_id()))
}

#[drt::operations]
impl Jumpy {
    pub fn new() -> Jumpy {
        Jumpy
    }
    pub fn poke(&self) {
        #[cfg(unix)]
        if std::fs::File::options().write(true).create_new(true).open(jumpy_marker()).is_ok() {
            std::process::abort();
        }
    }
}

/// A crash that does not happen again when the exploration is rerun has
/// no sequence to show, but the call it happened in is named (it was
/// "(unknown call)").
#[test]
#[cfg(unix)]
fn a_crash_that_does_not_happen_again_names_its_call() {
    // The children's parent is this process: the marker is its own.
    let marker = std::env::temp_dir().join(format!("drt-jumpy-{}", std::process::id()));
    let report = drt::explore::<Jumpy>().seed(1).max_sequences(200).isolation(Isolation::Process).report();
    let _ = std::fs::remove_file(&marker);
    assert_eq!(report.failures.len(), 1, "{report}");
    let f = &report.failures[0];
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Flaky, "Jumpy::poke"), "{report}");
    assert!(f.message.contains("SIGABRT") && f.message.contains("did not happen again"), "{}", f.message);
}

/// A log whose `sync` blocks for seconds (a flush to a slow disk), far
/// longer than its other calls and the exploration's time, not as long as
/// the call timeout.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SlowLog {
    lines: u32,
}

#[drt::operations]
impl SlowLog {
    pub fn new() -> SlowLog {
        SlowLog::default()
    }
    pub fn append(&mut self) {
        self.lines += 1;
    }
    pub fn sync(&mut self) {
        std::thread::sleep(std::time::Duration::from_secs(4));
    }
}

/// A time limit holds whatever the calls do: the child still in a call
/// half a second after its time is up is stopped, which is no failure, and
/// the report says why the last sequence is missing. (Before, the run took
/// as long as the last `sync`: at least 4 s.)
#[test]
#[cfg(unix)]
fn a_time_limit_holds_whatever_the_calls_do() {
    let start = std::time::Instant::now();
    let explorer = drt::explore::<SlowLog>().seed(1).time_limit(std::time::Duration::from_secs(1));
    let report = explorer.isolation(Isolation::Process).report();
    let took = start.elapsed();
    assert!(
        took < std::time::Duration::from_secs(3),
        "{took:?}:
{report}"
    );
    assert!(report.failures.is_empty(), "{report}");
    let note = "the time limit came while a call of SlowLog::sync had run for over 500ms";
    assert!(report.stats.notes.iter().any(|n| n.starts_with(note)), "{report}");
}

/// A log that keeps 64 MiB per entry, and takes no size to do it.
pub struct Hoard {
    chunks: Vec<Vec<u8>>,
}

#[drt::operations]
impl Hoard {
    pub fn empty() -> Hoard {
        Hoard { chunks: Vec::new() }
    }
    pub fn record(&mut self) {
        self.chunks.push(vec![1; 64 << 20]);
    }
    pub fn entries(&self) -> usize {
        self.chunks.len()
    }
}

/// A runaway allocation no argument asked for hits the child's memory
/// ceiling: the child aborts, and the report names the allocation, the
/// ceiling and the call, instead of the machine running out of memory.
#[test]
#[cfg(target_os = "linux")]
fn a_runaway_allocation_is_a_crash_under_the_memory_limit() {
    let report = crash_in_child(FailureKind::Crash, drt::explore::<Hoard>().memory_limit(256 << 20));
    let f = &report.failures[0];
    assert_eq!(f.operation, "Hoard::record");
    assert!(f.message.contains("memory allocation of"), "{}", f.message);
    assert!(f.message.contains("may allocate 256 MiB in all: DRT_MEMORY_LIMIT"), "{}", f.message);
    assert!(layout::holds(&f.code, ".record();"), "{}", f.code);
    assert!(layout::holds(&f.code, "run it as `(ulimit -d 262144 && cargo test <its name>)`"), "{}", f.code);
    assert!(report.stats.throttled.is_empty(), "{report}");
}

/// A badge id, made by a generator that asserts on some of its draws (as a
/// generator's `unwrap` of a fallible parse would).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BadgeId(u8);

#[drt::generator]
pub fn any_badge_id(rng: &mut drt::Rng) -> BadgeId {
    let n = rng.below(256) as u8;
    assert!(n % 7 != 3, "any_badge_id: drew a reserved id");
    BadgeId(n)
}

/// A label whose only values are `seeds(...)` expressions, one of which panics.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Label(String);

impl Label {
    pub fn parse(text: &str) -> Label {
        assert!(!text.is_empty(), "Label::parse: empty label");
        Label(text.to_string())
    }
}

#[derive(Default)]
pub struct Badge {
    ids: Vec<BadgeId>,
    labels: Vec<Label>,
}

#[drt::operations(seeds(Label = [Label::parse("staff"), Label::parse("")]))]
impl Badge {
    pub fn new() -> Self {
        Badge::default()
    }
    pub fn grant(&mut self, id: BadgeId) {
        self.ids.push(id);
    }
    pub fn label(&mut self, label: Label) {
        self.labels.push(label);
    }
    pub fn count(&self) -> usize {
        self.ids.len() + self.labels.len()
    }
}

/// A panic in a generator or in a `seeds(...)` expression is the user's:
/// a note naming it while they only make arguments, and a failure with a
/// test once the generator's type is under test.
#[test]
fn panicking_generators_and_seed_expressions_are_the_users() {
    for report in explore_both::<Badge>() {
        assert!(report.failures.is_empty(), "{report}");
        let notes = report.stats.notes.join("\n");
        assert!(notes.contains("any_badge_id failed in ") && notes.contains("drew a reserved id"), "{report}");
        assert!(notes.contains("Label failed in ") && notes.contains("Label::parse: empty label"), "{report}");
    }
    for isolation in [Isolation::InProcess, Isolation::Process] {
        let report =
            drt::explore::<Badge>().also::<BadgeId>().seed(3).max_sequences(2_000).isolation(isolation).report();
        let f = report.failures.iter().find(|f| f.operation == "any_badge_id").unwrap_or_else(|| panic!("{report}"));
        assert_eq!(f.kind, FailureKind::Panic, "{report}");
        assert!(f.message.contains("drew a reserved id") && layout::holds(&f.code, "any_badge_id("), "{report}");
    }
}

/// A buffer whose `Debug` text is over a megabyte, and which unwraps what
/// the formatter says, as some hand-written ones do.
pub struct Megabyte(Vec<u8>);

impl fmt::Debug for Megabyte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in &self.0 {
            write!(f, "{b},").unwrap();
        }
        Ok(())
    }
}

#[drt::operations]
impl Megabyte {
    pub fn zeroed() -> Megabyte {
        Megabyte(vec![0; 600_000])
    }
    pub fn set(&mut self, at: u16, value: u8) {
        self.0[usize::from(at)] = value;
    }
}

/// drt prints a value's first megabyte only (a gigabyte took longer than
/// the call timeout): a `Debug` that panics on being cut short is no
/// failure.
#[test]
fn a_debug_cut_short_that_panics_is_no_failure() {
    let report = drt::explore::<Megabyte>().seed(3).max_sequences(20).isolation(Isolation::InProcess).report();
    assert!(report.failures.is_empty(), "{report}");
    assert!(report.stats.normal > 0, "{report}");
}
