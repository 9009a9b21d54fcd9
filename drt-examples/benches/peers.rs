//! drt beside a proptest state machine, on four examples whose bugs are
//! wrong answers (no panic, no broken invariant): how much test code a user
//! writes for each, and how soon each finds the bug, over several seeds.
//!
//! - `ordered::OrderedSet` (`range` stops at a chunk boundary): drt against
//!   `BTreeSet<u32>`, with no model code;
//! - `tasks::TaskQueue` (sift-down ignores the right child): drt against the
//!   `QueueModel` written in tasks.rs, and against `BinaryHeap<u32>`;
//! - `cache::RecentCache` (`put` evicts before it looks its key up): drt with
//!   the `ensures` postconditions written on its impl block;
//! - `timeline::Timeline` (`range` includes its end): drt against
//!   `BTreeMap<u32, u32>`, with no model code.
//!
//! The proptest side of each is the state machine an ordinary user would
//! write from the proptest-state-machine docs: a `ReferenceStateMachine`
//! with a transition enum and a reference state, and a `StateMachineTest`
//! whose `apply` `assert_eq!`s each result against the reference, nothing
//! aimed at the bug. The bench drives it as `prop_state_machine!` would, with
//! a `TestRunner` seeded per seed, and times it to the first failing case,
//! shrinking excluded (drt's time is likewise to the first failure,
//! minimization excluded).
//!
//! Run with `cargo bench -p drt-examples --bench peers`. Settings:
//! - `DRT_BENCH_SEEDS`: how many seeds (default 10), from 1 on;
//! - `DRT_BENCH_SEQUENCES`: each drt exploration's `max_sequences` (default
//!   50000, dozens of times what any seed needs; 200000 finds each bug
//!   after the same sequences);
//! - `DRT_BENCH_CASES`: each proptest run's `cases` (default 100000);
//! - `DRT_BENCH_VERBOSE=1`: also each seed's time and sequences or cases to
//!   the first failure.
//!
//! Lines of test code are counted in this file (and in the example's source
//! for what drt reads there: the `QueueModel`, the `ensures` lines), never
//! written down: non-blank lines between `// lines: ...` and `// end lines`
//! that are neither comments nor `#[test]`, imports left out on both sides.
//! Everything runs in this process, one thing at a time; every number printed
//! is measured. See docs/BENCHMARKS.md.

use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};
use std::fmt::Debug;
use std::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use drt_examples::cache::RecentCache;
use drt_examples::ordered::OrderedSet;
use drt_examples::tasks::{self, TaskQueue};
use drt_examples::timeline::Timeline;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};
use proptest_state_machine::{prop_state_machine, ReferenceStateMachine, StateMachineTest};

// ---------------------------------------------------------------------------
// drt: the tests a user writes. The `#[test]` a user writes ends in `.run()`;
// here each returns its explorer, to which the bench adds the seed, the
// budget and in-process isolation, and calls `.report()`.

// lines: drt ordered
fn ordered_set_agrees_with_btree_set() -> drt::Explorer {
    drt::explore::<OrderedSet>().against::<BTreeSet<u32>>()
}
// end lines

// lines: drt queue model
fn task_queue_agrees_with_its_model() -> drt::Explorer {
    drt::explore::<TaskQueue>().against::<tasks::QueueModel>()
}
// end lines

// lines: drt queue heap
fn task_queue_agrees_with_binary_heap() -> drt::Explorer {
    drt::explore::<TaskQueue>().against::<BinaryHeap<u32>>()
}
// end lines

// lines: drt cache
fn recent_cache_keeps_its_postconditions() -> drt::Explorer {
    drt::explore::<RecentCache>()
}
// end lines

// lines: drt timeline
fn timeline_agrees_with_btree_map() -> drt::Explorer {
    drt::explore::<Timeline>().against::<BTreeMap<u32, u32>>()
}
// end lines

// ---------------------------------------------------------------------------
// proptest: the state machines a user writes. `StateMachineTest::apply` is
// handed the reference state *after* the transition (proptest-rs/proptest
// #488), so checking what a mutator returns needs the state before it: each
// system under test keeps a copy of it, the workaround that issue suggests.
// Transition weights follow the docs' heap example: the operation that adds
// weighs 2, every other 1. Sequences are `1..20` transitions long, as in that
// example.

// lines: proptest ordered
/// Drives the test and is its reference: a `BTreeSet<u32>`.
struct OrderedSetMachine;

#[derive(Clone, Debug)]
enum SetTransition {
    Insert(u32),
    Remove(u32),
    PopFirst,
    Contains(u32),
    First,
    Last,
    Range(Range<u32>),
}

impl ReferenceStateMachine for OrderedSetMachine {
    type State = BTreeSet<u32>;
    type Transition = SetTransition;

    fn init_state() -> BoxedStrategy<Self::State> {
        Just(BTreeSet::new()).boxed()
    }

    fn transitions(_state: &Self::State) -> BoxedStrategy<Self::Transition> {
        // Values: any u32, as the docs' heap example pushes any i32.
        prop_oneof![
            2 => any::<u32>().prop_map(SetTransition::Insert),
            1 => any::<u32>().prop_map(SetTransition::Remove),
            1 => Just(SetTransition::PopFirst),
            1 => any::<u32>().prop_map(SetTransition::Contains),
            1 => Just(SetTransition::First),
            1 => Just(SetTransition::Last),
            // `BTreeSet::range` panics when the start is past the end.
            1 => (any::<u32>(), any::<u32>()).prop_map(|(a, b)| SetTransition::Range(a.min(b)..a.max(b))),
        ]
        .boxed()
    }

    fn apply(mut state: Self::State, transition: &Self::Transition) -> Self::State {
        match transition {
            SetTransition::Insert(value) => {
                state.insert(*value);
            }
            SetTransition::Remove(value) => {
                state.remove(value);
            }
            SetTransition::PopFirst => {
                state.pop_first();
            }
            SetTransition::Contains(_) | SetTransition::First | SetTransition::Last | SetTransition::Range(_) => {}
        }
        state
    }
}

struct SetUnderTest {
    set: OrderedSet,
    before: BTreeSet<u32>,
}

impl StateMachineTest for OrderedSetMachine {
    type SystemUnderTest = SetUnderTest;
    type Reference = Self;

    fn init_test(reference: &BTreeSet<u32>) -> SetUnderTest {
        SetUnderTest { set: OrderedSet::new(), before: reference.clone() }
    }

    fn apply(mut sut: SetUnderTest, reference: &BTreeSet<u32>, transition: SetTransition) -> SetUnderTest {
        match transition {
            SetTransition::Insert(value) => assert_eq!(sut.set.insert(value), !sut.before.contains(&value)),
            SetTransition::Remove(value) => assert_eq!(sut.set.remove(&value), sut.before.contains(&value)),
            SetTransition::PopFirst => assert_eq!(sut.set.pop_first(), sut.before.first().copied()),
            SetTransition::Contains(value) => assert_eq!(sut.set.contains(&value), reference.contains(&value)),
            SetTransition::First => assert_eq!(sut.set.first(), reference.first()),
            SetTransition::Last => assert_eq!(sut.set.last(), reference.last()),
            SetTransition::Range(range) => {
                assert_eq!(sut.set.range(range.clone()).collect::<Vec<_>>(), reference.range(range).collect::<Vec<_>>())
            }
        }
        sut.before = reference.clone();
        sut
    }

    fn check_invariants(sut: &SetUnderTest, reference: &BTreeSet<u32>) {
        assert_eq!(sut.set.iter().collect::<Vec<_>>(), reference.iter().collect::<Vec<_>>());
        assert_eq!(sut.set.len(), reference.len());
        assert_eq!(sut.set.is_empty(), reference.is_empty());
    }
}

prop_state_machine! {
    #[test]
    fn ordered_set_matches_btree_set(sequential 1..20 => OrderedSetMachine);
}
// end lines

// lines: proptest queue
/// Drives the test and is its reference: a plain list, the highest
/// priority found by a scan.
struct QueueMachine;

#[derive(Clone, Debug)]
enum QueueTransition {
    Push(u32),
    Pop,
    Peek,
}

impl ReferenceStateMachine for QueueMachine {
    type State = Vec<u32>;
    type Transition = QueueTransition;

    fn init_state() -> BoxedStrategy<Self::State> {
        Just(Vec::new()).boxed()
    }

    fn transitions(_state: &Self::State) -> BoxedStrategy<Self::Transition> {
        // Priorities: any u32, as the docs' heap example pushes any i32.
        prop_oneof![
            2 => any::<u32>().prop_map(QueueTransition::Push),
            1 => Just(QueueTransition::Pop),
            1 => Just(QueueTransition::Peek),
        ]
        .boxed()
    }

    fn apply(mut state: Self::State, transition: &Self::Transition) -> Self::State {
        match transition {
            QueueTransition::Push(priority) => state.push(*priority),
            QueueTransition::Pop => {
                if let Some(top) = (0..state.len()).max_by_key(|&i| state[i]) {
                    state.swap_remove(top);
                }
            }
            QueueTransition::Peek => {}
        }
        state
    }
}

struct QueueUnderTest {
    queue: TaskQueue,
    before: Vec<u32>,
}

impl StateMachineTest for QueueMachine {
    type SystemUnderTest = QueueUnderTest;
    type Reference = Self;

    fn init_test(reference: &Vec<u32>) -> QueueUnderTest {
        QueueUnderTest { queue: TaskQueue::new(), before: reference.clone() }
    }

    fn apply(mut sut: QueueUnderTest, reference: &Vec<u32>, transition: QueueTransition) -> QueueUnderTest {
        match transition {
            QueueTransition::Push(priority) => sut.queue.push(priority),
            QueueTransition::Pop => assert_eq!(sut.queue.pop(), sut.before.iter().max().copied()),
            QueueTransition::Peek => assert_eq!(sut.queue.peek(), reference.iter().max()),
        }
        sut.before = reference.clone();
        sut
    }

    fn check_invariants(sut: &QueueUnderTest, reference: &Vec<u32>) {
        assert_eq!(sut.queue.len(), reference.len());
        assert_eq!(sut.queue.is_empty(), reference.is_empty());
    }
}

prop_state_machine! {
    #[test]
    fn task_queue_matches_model(sequential 1..20 => QueueMachine);
}
// end lines

// lines: proptest cache
/// Drives the test and is its reference: the entries as a list, the most
/// recently used first.
struct CacheMachine;

#[derive(Clone, Debug)]
struct CacheModel {
    capacity: u8,
    entries: Vec<(u8, u32)>,
}

impl CacheModel {
    fn value(&self, key: u8) -> Option<u32> {
        self.entries.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }
}

#[derive(Clone, Debug)]
enum CacheTransition {
    Put(u8, u32),
    Get(u8),
    Peek(u8),
    Contains(u8),
}

impl ReferenceStateMachine for CacheMachine {
    type State = CacheModel;
    type Transition = CacheTransition;

    fn init_state() -> BoxedStrategy<Self::State> {
        // A small cache, so that it fills up and evicts.
        (1..=8u8).prop_map(|capacity| CacheModel { capacity, entries: Vec::new() }).boxed()
    }

    fn transitions(_state: &Self::State) -> BoxedStrategy<Self::Transition> {
        // Keys from a small range (twice the largest capacity), so that gets
        // hit and puts replace; values: any u32.
        let key = 0..16u8;
        prop_oneof![
            2 => (key.clone(), any::<u32>()).prop_map(|(k, v)| CacheTransition::Put(k, v)),
            1 => key.clone().prop_map(CacheTransition::Get),
            1 => key.clone().prop_map(CacheTransition::Peek),
            1 => key.prop_map(CacheTransition::Contains),
        ]
        .boxed()
    }

    fn apply(mut state: Self::State, transition: &Self::Transition) -> Self::State {
        match *transition {
            CacheTransition::Put(key, value) => {
                if let Some(i) = state.entries.iter().position(|(k, _)| *k == key) {
                    state.entries.remove(i);
                } else if state.entries.len() == usize::from(state.capacity) {
                    state.entries.pop();
                }
                state.entries.insert(0, (key, value));
            }
            CacheTransition::Get(key) => {
                if let Some(i) = state.entries.iter().position(|(k, _)| *k == key) {
                    let entry = state.entries.remove(i);
                    state.entries.insert(0, entry);
                }
            }
            CacheTransition::Peek(_) | CacheTransition::Contains(_) => {}
        }
        state
    }
}

struct CacheUnderTest {
    cache: RecentCache,
    before: CacheModel,
}

impl StateMachineTest for CacheMachine {
    type SystemUnderTest = CacheUnderTest;
    type Reference = Self;

    fn init_test(reference: &CacheModel) -> CacheUnderTest {
        CacheUnderTest { cache: RecentCache::new(reference.capacity), before: reference.clone() }
    }

    fn apply(mut sut: CacheUnderTest, reference: &CacheModel, transition: CacheTransition) -> CacheUnderTest {
        match transition {
            CacheTransition::Put(key, value) => assert_eq!(sut.cache.put(key, value), sut.before.value(key)),
            CacheTransition::Get(key) => assert_eq!(sut.cache.get(&key).copied(), reference.value(key)),
            CacheTransition::Peek(key) => assert_eq!(sut.cache.peek(&key).copied(), reference.value(key)),
            CacheTransition::Contains(key) => assert_eq!(sut.cache.contains(&key), reference.value(key).is_some()),
        }
        sut.before = reference.clone();
        sut
    }

    fn check_invariants(sut: &CacheUnderTest, reference: &CacheModel) {
        assert_eq!(sut.cache.len(), reference.entries.len());
        assert_eq!(sut.cache.is_empty(), reference.entries.is_empty());
    }
}

prop_state_machine! {
    #[test]
    fn recent_cache_matches_model(sequential 1..20 => CacheMachine);
}
// end lines

// lines: proptest timeline
/// Drives the test and is its reference: a `BTreeMap<u32, u32>`.
struct TimelineMachine;

#[derive(Clone, Debug)]
enum TimelineTransition {
    Insert(u32, u32),
    Remove(u32),
    Get(u32),
    FirstKeyValue,
    LastKeyValue,
    Range(Range<u32>),
}

impl ReferenceStateMachine for TimelineMachine {
    type State = BTreeMap<u32, u32>;
    type Transition = TimelineTransition;

    fn init_state() -> BoxedStrategy<Self::State> {
        Just(BTreeMap::new()).boxed()
    }

    fn transitions(_state: &Self::State) -> BoxedStrategy<Self::Transition> {
        // Times and values: any u32, as the docs' heap example pushes any i32.
        prop_oneof![
            2 => (any::<u32>(), any::<u32>()).prop_map(|(t, v)| TimelineTransition::Insert(t, v)),
            1 => any::<u32>().prop_map(TimelineTransition::Remove),
            1 => any::<u32>().prop_map(TimelineTransition::Get),
            1 => Just(TimelineTransition::FirstKeyValue),
            1 => Just(TimelineTransition::LastKeyValue),
            // `BTreeMap::range` panics when the start is past the end.
            1 => (any::<u32>(), any::<u32>()).prop_map(|(a, b)| TimelineTransition::Range(a.min(b)..a.max(b))),
        ]
        .boxed()
    }

    fn apply(mut state: Self::State, transition: &Self::Transition) -> Self::State {
        match transition {
            TimelineTransition::Insert(time, value) => {
                state.insert(*time, *value);
            }
            TimelineTransition::Remove(time) => {
                state.remove(time);
            }
            TimelineTransition::Get(_)
            | TimelineTransition::FirstKeyValue
            | TimelineTransition::LastKeyValue
            | TimelineTransition::Range(_) => {}
        }
        state
    }
}

struct TimelineUnderTest {
    timeline: Timeline,
    before: BTreeMap<u32, u32>,
}

impl StateMachineTest for TimelineMachine {
    type SystemUnderTest = TimelineUnderTest;
    type Reference = Self;

    fn init_test(reference: &BTreeMap<u32, u32>) -> TimelineUnderTest {
        TimelineUnderTest { timeline: Timeline::new(), before: reference.clone() }
    }

    fn apply(
        mut sut: TimelineUnderTest,
        reference: &BTreeMap<u32, u32>,
        transition: TimelineTransition,
    ) -> TimelineUnderTest {
        match transition {
            TimelineTransition::Insert(time, value) => {
                assert_eq!(sut.timeline.insert(time, value), sut.before.get(&time).copied())
            }
            TimelineTransition::Remove(time) => assert_eq!(sut.timeline.remove(&time), sut.before.get(&time).copied()),
            TimelineTransition::Get(time) => assert_eq!(sut.timeline.get(&time), reference.get(&time)),
            TimelineTransition::FirstKeyValue => {
                assert_eq!(sut.timeline.first_key_value(), reference.first_key_value())
            }
            TimelineTransition::LastKeyValue => assert_eq!(sut.timeline.last_key_value(), reference.last_key_value()),
            TimelineTransition::Range(range) => assert_eq!(
                sut.timeline.range(range.clone()).collect::<Vec<_>>(),
                reference.range(range).collect::<Vec<_>>()
            ),
        }
        sut.before = reference.clone();
        sut
    }

    fn check_invariants(sut: &TimelineUnderTest, reference: &BTreeMap<u32, u32>) {
        assert_eq!(sut.timeline.iter().collect::<Vec<_>>(), reference.iter().collect::<Vec<_>>());
        assert_eq!(sut.timeline.len(), reference.len());
        assert_eq!(sut.timeline.is_empty(), reference.is_empty());
    }
}

prop_state_machine! {
    #[test]
    fn timeline_matches_btree_map(sequential 1..20 => TimelineMachine);
}
// end lines

// ---------------------------------------------------------------------------
// The bench.

/// The transitions in a proptest case, as the `prop_state_machine!`
/// invocations above say.
const TRANSITIONS: Range<usize> = 1..20;

/// This file, for counting its lines of test code.
const THIS_FILE: &str = include_str!("peers.rs");
/// What drt reads of the task queue's source: its `QueueModel`.
const TASKS_RS: &str = include_str!("../src/tasks.rs");
/// What drt reads of the cache's source: its `ensures` lines.
const CACHE_RS: &str = include_str!("../src/cache.rs");

/// Whether `line` is test code: not blank, not a comment, not `#[test]`.
fn is_code(line: &str) -> bool {
    let line = line.trim();
    !line.is_empty() && !line.starts_with("//") && line != "#[test]"
}

/// Lines of test code between `// lines: {name}` and the next `// end lines` in this file.
fn lines_of(name: &str) -> usize {
    let start = format!("// lines: {name}");
    let mut lines = THIS_FILE.lines().skip_while(|l| l.trim() != start).skip(1);
    let region: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "// end lines").collect();
    assert!(!region.is_empty(), "no `{start}` region in peers.rs");
    region.into_iter().filter(|l| is_code(l)).count()
}

/// Lines of `QueueModel` in tasks.rs: from the attributes above
/// `pub struct QueueModel` to the end of `impl QueueModel`.
fn queue_model_lines() -> usize {
    let lines: Vec<&str> = TASKS_RS.lines().collect();
    let decl = lines.iter().position(|l| l.starts_with("pub struct QueueModel")).expect("QueueModel in tasks.rs");
    let first = (0..decl).rev().take_while(|&i| lines[i].starts_with("#[")).last().unwrap_or(decl);
    let open = (decl..lines.len()).find(|&i| lines[i].starts_with("impl QueueModel")).expect("impl QueueModel");
    let close = (open..lines.len()).find(|&i| lines[i] == "}").expect("the end of impl QueueModel");
    lines[first..=close].iter().filter(|l| is_code(l)).count()
}

/// Lines of cache.rs that state a postcondition.
fn ensures_lines() -> usize {
    CACHE_RS.lines().filter(|l| is_code(l) && l.contains("ensures")).count()
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().map_or(default, |v| v.trim().parse().unwrap_or_else(|_| panic!("{name}: a number")))
}

/// What one tool did on one example over the seeds.
struct Row {
    example: &'static str,
    tool: String,
    lines: usize,
    seeds: u64,
    /// Per seed where it was found: time to the first failure, and the
    /// sequences (drt) or cases (proptest) run before it.
    found: Vec<(Duration, u64)>,
    /// Per seed where it was not: the budget and the time spent.
    missed: Vec<(u64, Duration)>,
}

impl Row {
    /// Records what seed `seed` did: found after this time and this many
    /// sequences or cases, or not within `budget` in `spent`.
    fn record(&mut self, seed: u64, found: Option<(Duration, u64)>, budget: u64, spent: Duration) {
        match found {
            Some(f) => self.found.push(f),
            None => self.missed.push((budget, spent)),
        }
        if std::env::var_os("DRT_BENCH_VERBOSE").is_some() {
            let did = found.map_or("not found".to_string(), |(time, before)| {
                format!("{:.1} ms, {before} before", time.as_secs_f64() * 1e3)
            });
            println!("  {}, {}, seed {seed}: {did}", self.example, self.tool);
        }
    }

    fn print(&self) {
        let mut times: Vec<Duration> = self.found.iter().map(|f| f.0).collect();
        let mut before: Vec<u64> = self.found.iter().map(|f| f.1).collect();
        times.sort();
        before.sort();
        let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1e3);
        let (median, median_before) = match times.len() {
            0 => ("-".to_string(), "-".to_string()),
            n => (ms(times[n / 2]), before[n / 2].to_string()),
        };
        let worst = match self.missed.iter().max_by_key(|m| m.1) {
            Some(&(budget, spent)) => format!("not found in {budget} ({:.1} s)", spent.as_secs_f64()),
            None => times.last().map_or("-".to_string(), |&t| ms(t)),
        };
        println!(
            "| {} | {} | {} | {}/{} | {} | {} | {} |",
            self.example,
            self.tool,
            self.lines,
            self.found.len(),
            self.seeds,
            median,
            worst,
            median_before
        );
    }
}

/// drt: `explorer` over the seeds, each in-process with `sequences` at most;
/// the first failure of `kind` in each.
fn drt_row(
    example: &'static str,
    tool: &str,
    lines: usize,
    explorer: fn() -> drt::Explorer,
    kind: drt::FailureKind,
    seeds: u64,
    sequences: u64,
) -> Row {
    let mut row = Row { example, tool: tool.to_string(), lines, seeds, found: Vec::new(), missed: Vec::new() };
    for seed in 1..=seeds {
        let report = explorer().seed(seed).max_sequences(sequences).isolation(drt::Isolation::InProcess).report();
        for other in report.failures.iter().filter(|f| f.kind != kind) {
            println!(
                "  note: {tool}, seed {seed}, also found: {} in {}: {}",
                other.kind, other.operation, other.message
            );
        }
        let found = report.failures.iter().filter(|f| f.kind == kind).min_by_key(|f| f.sequences_before);
        row.record(seed, found.map(|f| (f.found_after, f.sequences_before)), sequences, report.stats.elapsed);
    }
    row
}

/// proptest: `M`'s sequential state machine test over the seeds, each with
/// a `TestRunner` seeded from it and `cases` cases at most, timed to the
/// first failing case; the minimal failing case of the first seed that
/// found one is printed, shortened.
fn proptest_row<M>(example: &'static str, lines: usize, seeds: u64, cases: u32) -> Row
where
    M: StateMachineTest<Reference = M> + ReferenceStateMachine,
    <M as ReferenceStateMachine>::State: Debug,
    <M as ReferenceStateMachine>::Transition: Debug,
{
    let mut row = Row { example, tool: "proptest".to_string(), lines, seeds, found: Vec::new(), missed: Vec::new() };
    let mut shown = false;
    for seed in 1..=seeds {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &bytes);
        let config = Config { cases, failure_persistence: None, ..Config::default() };
        let mut runner = TestRunner::new_with_rng(config.clone(), rng);
        let strategy = M::sequential_strategy(TRANSITIONS);
        let run = Cell::new(0u64);
        let first: Cell<Option<(Duration, u64)>> = Cell::new(None);
        let start = Instant::now();
        // Silent panics: every failing case, and every one tried while shrinking, panics.
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let result = runner.run(&strategy, |(initial, transitions, seen)| {
            let n = run.get();
            run.set(n + 1);
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                M::test_sequential(config.clone(), initial, transitions, seen);
            }));
            match outcome {
                Ok(()) => Ok(()),
                Err(payload) => {
                    if first.get().is_none() {
                        first.set(Some((start.elapsed(), n)));
                    }
                    let message = payload
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    Err(TestCaseError::fail(message))
                }
            }
        });
        std::panic::set_hook(hook);
        match (first.get(), result) {
            (Some(found), Err(TestError::Fail(reason, (initial, transitions, _)))) => {
                row.record(seed, Some(found), u64::from(cases), start.elapsed());
                if !shown {
                    shown = true;
                    let reason = reason.to_string().split_whitespace().collect::<Vec<_>>().join(" ");
                    println!("- {example}, proptest, seed {seed}, minimal failing case: initial state {initial:?}, transitions {transitions:?}");
                    println!("  {}", reason.chars().take(300).collect::<String>());
                }
            }
            (_, Ok(())) => row.record(seed, None, u64::from(cases), start.elapsed()),
            (_, Err(e)) => panic!("{example}: proptest stopped: {e}"),
        }
    }
    row
}

fn main() {
    let seeds = env_u64("DRT_BENCH_SEEDS", 10);
    let sequences = env_u64("DRT_BENCH_SEQUENCES", 50_000);
    let cases = u32::try_from(env_u64("DRT_BENCH_CASES", 100_000)).expect("DRT_BENCH_CASES: at most u32::MAX");
    println!(
        "drt beside proptest-state-machine: seeds 1..={seeds}; drt in-process, at most {sequences} sequences; \
         proptest at most {cases} cases of {TRANSITIONS:?} transitions\n"
    );
    println!("Minimal failing cases proptest shrank to (the first seed that found one):\n");
    let ordered = "ordered::OrderedSet";
    let queue = "tasks::TaskQueue";
    let cache = "cache::RecentCache";
    let timeline = "timeline::Timeline";
    let rows = vec![
        drt_row(
            ordered,
            "drt, against `BTreeSet<u32>`",
            lines_of("drt ordered"),
            ordered_set_agrees_with_btree_set,
            drt::FailureKind::Divergence,
            seeds,
            sequences,
        ),
        proptest_row::<OrderedSetMachine>(ordered, lines_of("proptest ordered"), seeds, cases),
        drt_row(
            queue,
            "drt, against `QueueModel`",
            lines_of("drt queue model") + queue_model_lines(),
            task_queue_agrees_with_its_model,
            drt::FailureKind::Divergence,
            seeds,
            sequences,
        ),
        drt_row(
            queue,
            "drt, against `BinaryHeap<u32>`",
            lines_of("drt queue heap"),
            task_queue_agrees_with_binary_heap,
            drt::FailureKind::Divergence,
            seeds,
            sequences,
        ),
        proptest_row::<QueueMachine>(queue, lines_of("proptest queue"), seeds, cases),
        drt_row(
            cache,
            "drt, `ensures`",
            lines_of("drt cache") + ensures_lines(),
            recent_cache_keeps_its_postconditions,
            drt::FailureKind::Postcondition,
            seeds,
            sequences,
        ),
        proptest_row::<CacheMachine>(cache, lines_of("proptest cache"), seeds, cases),
        drt_row(
            timeline,
            "drt, against `BTreeMap<u32, u32>`",
            lines_of("drt timeline"),
            timeline_agrees_with_btree_map,
            drt::FailureKind::Divergence,
            seeds,
            sequences,
        ),
        proptest_row::<TimelineMachine>(timeline, lines_of("proptest timeline"), seeds, cases),
    ];
    println!(
        "\nLines of test code: drt's test function, plus the `QueueModel` in tasks.rs or the `ensures` lines in \
         cache.rs where drt reads them; proptest's state machine and its `prop_state_machine!`.\n\
         Time and sequences (drt) or cases (proptest) are to the first failure, minimization / shrinking excluded.\n"
    );
    println!(
        "| type | tool | lines of test code | found on seeds | median time to bug | worst | median cases/sequences before |"
    );
    println!("|---|---|---|---|---|---|---|");
    for row in &rows {
        row.print();
    }
}
