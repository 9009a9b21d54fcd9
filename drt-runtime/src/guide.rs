//! # The guide: from an impl block to a bug fixed in ten minutes
//!
//! This module holds no code: it is drt's manual, chapter by chapter, with
//! examples that compile and run as the crate's doctests. The README at
//! the root of drt's repository says the same at more length.
//!
//! ## 1. Install
//!
//! The package is `drt-runtime`; its library is `drt`. Explorations run in
//! `#[test]`s, so it is a dev-dependency (until it is on crates.io, by path
//! from a clone of its repository):
//!
//! ```toml
//! [dev-dependencies]
//! drt = { package = "drt-runtime", version = "0.1" }
//! # not yet on crates.io: drt = { package = "drt-runtime", path = "../drt/drt-runtime" }
//! ```
//!
//! and the annotations and explorations are compiled for tests only, so
//! `cargo build` never compiles drt:
//!
//! ```ignore
//! #[cfg_attr(test, drt::operations)]
//! impl Schedule {
//!     // ... its methods; tune one with #[cfg_attr(test, drt(skip))]
//! }
//!
//! #[cfg(test)]
//! mod explore {
//!     #[test]
//!     fn schedule() {
//!         drt::explore::<super::Schedule>().run();
//!     }
//! }
//! ```
//!
//! The chapters below write `#[drt::operations]` and `#[drt(...)]` for
//! short. To explore from `tests/`, make drt an optional dependency and
//! annotate with `#[cfg_attr(feature = "drt", drt::operations)]`; run
//! `cargo test --features drt`.
//!
//! ## 2. Annotate
//!
//! Put [`#[drt::operations]`](crate::operations) on an impl block. Every
//! method and associated function in it becomes an *operation* drt may
//! call, private ones included. Receivers `self`, `&self`, `&mut self` or
//! none; parameters by value, `&T`, `&mut T`, `&str`, `&[T]`; any return.
//! `Err` and `None` are normal outcomes, and what comes back in `Ok` or
//! `Some` feeds later calls.
//!
//! ```
//! pub struct Schedule { targets: Vec<i16>, offset: i16 }
//!
//! #[drt::operations]
//! impl Schedule {
//!     pub fn new() -> Self { Schedule { targets: vec![200; 24], offset: 0 } }
//!
//!     pub fn set(&mut self, hour: u8, tenths: i16) -> Result<(), String> {
//!         if hour >= 24 { return Err(format!("no hour {hour}")); }
//!         self.targets[hour as usize] = tenths;
//!         Ok(())
//!     }
//!
//!     pub fn shift(&mut self, delta: i16) { self.offset += delta }
//!
//!     pub fn target(&self, hour: u8) -> Option<i16> {
//!         self.targets.get(hour as usize).map(|t| t + self.offset)
//!     }
//! }
//! # let report = drt::explore::<Schedule>().max_sequences(2_000).report();
//! # assert!(report.failures.iter().any(|f| f.message.contains("overflow")), "{report}");
//! ```
//!
//! A generic impl names the types to explore it with,
//! `#[drt::operations(instantiate(T = u8))]`; a trait impl is annotated the
//! same way, and emitted tests call it as a person writes it (`a + b`,
//! `v[i]`). A type drt cannot build from operations gets a
//! [`#[drt::generator]`](crate::generator) from a seeded [`Rng`](crate::Rng).
//!
//! ## 3. Explore
//!
//! In a test, [`explore`](crate::explore) the type and
//! [`run`](crate::Explorer::run): it explores for 2 seconds and panics with
//! the report when anything failed. [`report`](crate::Explorer::report)
//! returns the [`Report`](crate::Report) instead:
//!
//! ```
//! pub struct Counter { hits: u8 }
//!
//! #[drt::operations]
//! impl Counter {
//!     pub fn new() -> Self { Counter { hits: 0 } }
//!     pub fn add(&mut self, n: u8) { self.hits += n }
//! }
//!
//! // #[test]
//! fn explore_counter() {
//!     let report = drt::explore::<Counter>().seed(7).max_sequences(2_000).report();
//!     let f = &report.failures[0];
//!     assert_eq!(f.operation, "Counter::add");
//!     assert_eq!(f.kind, drt::FailureKind::Panic);
//!     assert!(f.message.contains("attempt to add with overflow"));
//!     assert!(f.code.contains("counter.add("));
//! }
//! # explore_counter();
//! ```
//!
//! drt keeps a pool of call sequences that ran normally and extends them
//! one call at a time, each argument a seed value (`0`, `-1`, `MAX`, `""`,
//! the literals of your method bodies...) or a value an earlier sequence
//! made, running each new sequence at once (Randoop's feedback-directed
//! generation). A sequence whose last call panics in a documented way, or
//! breaks a precondition, is illegal and dropped; one that fails is
//! minimized and reported.
//!
//! What fails, with no code from you: an unexpected panic; `x != x` for an
//! `Eq` type; `==` not symmetric; equal values hashing apart; `cmp`
//! disagreeing with `==` or not transitive; `x.clone() != x`; `Debug`,
//! `Display` or `Drop` panicking. With a line more: your invariants,
//! postconditions, and a reference's answers (chapter 7).
//!
//! ## 4. Read a report
//!
//! Each [`Failure`](crate::Failure) has its `kind`, the failing
//! `operation`, the `message`, where a panic happened (`location`), and
//! `code`: a complete `#[test]` that compiles as-is in an integration test
//! of your crate and fails the same way. Paste it, watch it fail, fix the
//! bug, keep the test. The `Display` of a report prints them all, and
//! [`Stats`](crate::Stats) says how much ran: sequences, calls, how many
//! were normal, illegal, redundant or failing, per operation too, and why an
//! operation never ran (`uncallable`).
//!
//! Failures are grouped (one entry per operation, kind and panic location
//! or invariant), and each keeps the shortest sequence found: calls
//! removed, values simplified toward `0` and `""`, while the same failure
//! still happens.
//!
//! ## 5. Tune
//!
//! Attribute arguments: `skip(method)`, `weight(method = 3)`,
//! `seeds(u32 = [7, 1000])`, `invariant(method)`, `requires(method = "expr")`,
//! `panics(method)` (a documented panic, not a bug), `instantiate(T = u8)`;
//! or the same on a method, `#[drt(skip)]`, `#[drt(panics = "empty")]`.
//! An enum whose variants have no fields, taken by some operation, needs
//! only `#[drt::operations]` on its definition: each variant is a value.
//! Builder methods, each overridden by a `DRT_*` variable so CI can change
//! every exploration without code: [`time_limit`](crate::Explorer::time_limit)
//! (`DRT_TIME_LIMIT`), [`max_sequences`](crate::Explorer::max_sequences)
//! (`DRT_MAX_SEQUENCES`), [`seed`](crate::Explorer::seed) (`DRT_SEED`),
//! [`max_len`](crate::Explorer::max_len) (`DRT_MAX_LEN`),
//! [`jobs`](crate::Explorer::jobs) (`DRT_JOBS`).
//!
//! A count budget and a seed make a run fully deterministic, for tests that
//! must not flake:
//!
//! ```
//! # pub struct Tally(u32);
//! # #[drt::operations]
//! # impl Tally {
//! #     pub fn new() -> Self { Tally(0) }
//! #     pub fn add(&mut self, n: u16) { self.0 = self.0.saturating_add(u32::from(n)) }
//! # }
//! let a = drt::explore::<Tally>().seed(3).max_sequences(500).report();
//! let b = drt::explore::<Tally>().seed(3).max_sequences(500).report();
//! assert_eq!((a.stats.sequences, a.stats.calls), (b.stats.sequences, b.stats.calls));
//! ```
//!
//! ## 6. The environment
//!
//! Code that takes its environment is explored with it, the environment's
//! answers chosen by the search (Pex's "closing the environment"):
//!
//! - a trait of yours with [`#[drt::mock]`](crate::mock) gets `TraitMock`,
//!   whose methods answer values drt chose, in turn (`ClockMock::new().now_ms([5, 0])`),
//!   for parameters `impl Clock`, `&dyn Clock`, `Box<dyn Clock>`, `Arc<dyn Clock>`
//!   or a generic `C: Clock`;
//! - `impl Iterator` and `impl IntoIterator` parameters get iterators with
//!   an exact size hint, with a lower bound of 0 (as `filter`'s), and
//!   ones that lie ([`iter::Lying`](crate::iter::Lying)): a call given a
//!   lying one fails only by crashing;
//! - closure parameters get closures answering as the search chose,
//!   [`answers!`](crate::answers), some panicking on cue to test unwind
//!   safety;
//! - reader and writer parameters get [`io::Reader`](crate::io::Reader)s
//!   and [`io::Writer`](crate::io::Writer)s that read and write short, are
//!   interrupted, and fail.
//!
//! ```
//! #[drt::mock]
//! pub trait Clock {
//!     fn now_ms(&self) -> u64;
//! }
//!
//! pub struct Limiter { clock: Box<dyn Clock>, last_ms: u64 }
//!
//! #[drt::operations]
//! impl Limiter {
//!     pub fn new(clock: Box<dyn Clock>) -> Self {
//!         let last_ms = clock.now_ms();
//!         Limiter { clock, last_ms }
//!     }
//!     /// Milliseconds since the last call: underflows when the clock goes back.
//!     pub fn elapsed(&mut self) -> u64 {
//!         let now = self.clock.now_ms();
//!         let since = now - self.last_ms;
//!         self.last_ms = now;
//!         since
//!     }
//! }
//!
//! let report = drt::explore::<Limiter>().seed(1).max_sequences(1_000).report();
//! assert!(report.failures[0].code.contains("ClockMock::new().now_ms(vec!["), "{report}");
//! ```
//!
//! ## 7. Wrong answers
//!
//! A wrong answer panics nowhere. drt catches many with no code of yours:
//! where the type's signatures follow a convention std documents, the
//! **laws** check it after every call (`iter().count() == len()`, a peek
//! that shows what the pop returns, a `remove` returning what `get` shows,
//! `a += b` leaving `a == a + b`, `to_string()` parsing back, and the rest
//! of the README's table). `Stats::laws` lists the laws checked;
//! `laws(skip(name))` on any block of the type turns one off for it, and
//! [`laws(false)`](crate::Explorer::laws) (`DRT_LAWS=off`) all of them.
//!
//! ```
//! /// A stack whose `is_empty` looks at a stale flag.
//! #[derive(Clone, Debug, PartialEq)]
//! pub struct Stack { items: Vec<u8>, emptied: bool }
//!
//! #[drt::operations]
//! impl Stack {
//!     pub fn new() -> Self { Stack { items: Vec::new(), emptied: true } }
//!     pub fn push(&mut self, x: u8) { self.items.push(x); }
//!     pub fn pop(&mut self) -> Option<u8> { self.items.pop() }
//!     pub fn len(&self) -> usize { self.items.len() }
//!     pub fn is_empty(&self) -> bool { self.emptied }
//! }
//!
//! let report = drt::explore::<Stack>().seed(1).max_sequences(500).report();
//! let law = &report.failures[0];
//! assert_eq!(law.kind, drt::FailureKind::Law);
//! assert!(law.message.starts_with("law `is_empty` is broken"), "{report}");
//! ```
//!
//! Where no convention says what is right, three ways to catch a wrong answer:
//!
//! - **a reference**: [`against`](crate::Explorer::against) runs every
//!   sequence on a value of another type too (a std collection, or a naive
//!   model of yours) and compares the results of paired calls (their
//!   errors too, when both are `Result`s of one error type with
//!   `PartialEq`);
//! - **a postcondition**: `ensures(m = "expr")` over the parameters,
//!   `result`, `self` after the call and `old` (a clone from before);
//! - **a parameterized test**: a law over several values, in a block of
//!   its own on a marker type, called with values sequences made.
//!
//! ```
//! /// A set kept in a sorted vector, whose `remove` forgets to look.
//! #[derive(Clone, Debug, Default)]
//! pub struct SortedSet(Vec<u32>);
//!
//! #[drt::operations]
//! impl SortedSet {
//!     pub fn new() -> Self { SortedSet::default() }
//!     pub fn insert(&mut self, x: u32) -> bool {
//!         match self.0.binary_search(&x) {
//!             Ok(_) => false,
//!             Err(at) => { self.0.insert(at, x); true }
//!         }
//!     }
//!     pub fn remove(&mut self, x: &u32) -> bool {
//!         self.0.pop().is_some_and(|last| last == *x)
//!     }
//!     pub fn len(&self) -> usize { self.0.len() }
//! }
//!
//! let report = drt::explore::<SortedSet>()
//!     .against::<std::collections::BTreeSet<u32>>()
//!     .seed(2)
//!     .max_sequences(2_000)
//!     .report();
//! assert!(report.failures.iter().all(|f| f.kind == drt::FailureKind::Divergence), "{report}");
//! assert!(!report.failures.is_empty());
//! ```
//!
//! ## 8. Crashes and hangs
//!
//! A stack overflow, an abort, a segfault in `unsafe` code or an infinite
//! loop cannot be caught inside a process, so by default (on Unix) an
//! exploration runs in a child process: the test binary run again for just
//! this test. A crash, or a call running past its timeout (5 s,
//! `DRT_CALL_TIMEOUT`), is replayed in fresh children to minimize it and
//! reported as a `Crash` or `Timeout` failure with its test. The test run
//! never hangs and nothing is lost. Crashes are grouped by where they
//! happened (the signal, the panic that aborted, else the last words), so
//! two defects of one operation are two failures; the operation that
//! crashed is explored on, half as often after each crash.
//!
//! A size is an input, not a bug: a call given an integer of at least 1,024
//! that fails to allocate, panics with std's `capacity overflow` or runs
//! longer than a twentieth of the call timeout (250 ms of processor time) is an illegal
//! input. The operation stays in the exploration, that parameter is drawn
//! smaller from then on, and the summary lists it (`stats.throttled`):
//! bound it with `requires(...)` to choose its sizes yourself. A time limit
//! holds whatever the calls do: a sequence still running half a second
//! after it is stopped, and a note says so, unless it used the processor
//! all along: an endless loop met late is still a `Timeout`.
//!
//! Most memory errors of `unsafe` code crash nothing: a use after free
//! reads bytes the freed block still holds. For types with `unsafe` code or
//! FFI, [`memcheck(true)`](crate::Explorer::memcheck) (`DRT_MEMCHECK=on`)
//! runs the exploring child under valgrind's memcheck, and an invalid read
//! or write, a bad free or a decision on uninitialised memory is a failure
//! of kind `Memory` of the call that made it, its test wrapped in
//! [`drt::memcheck::run`](crate::memcheck::run), which runs it under
//! valgrind again. It needs valgrind on `PATH` and runs hundreds of times
//! slower (about a thousand sequences a second on small types, after a
//! start of a few seconds): budget it in sequences. The message's first
//! line is memcheck's kind of error (`Invalid read`, `Invalid write`,
//! `Invalid free()`, `Conditional jump or move depends on uninitialised
//! value(s)`); the next ones name your frames: where, which block, where
//! it was freed and allocated. The clone drt makes to check `x.clone() ==
//! x` is dropped after the sequence's values, so a `Clone` that shares a
//! block its original frees is reported with a test that runs the clone.
//!
//! ## 9. Saved failures
//!
//! Every minimized failure is saved in `drt-regressions/<type>.txt` beside
//! your `Cargo.toml` and run first on the next exploration, so a fixed bug
//! stays fixed and a broken one fails at once. Commit the file. An entry
//! that no longer matches the code is skipped with a warning, which fails
//! the test under `DRT_STRICT` (on in CI). `DRT_PERSIST=off`
//! turns saving off; `DRT_MAX_SEQUENCES=0` replays the saved failures only.
//!
//! ## 10. Regression suites
//!
//! [`emit_regression_tests`](crate::Explorer::emit_regression_tests)
//! writes passing tests after exploring: for every operation that ran
//! normally, its shortest sequence and `assert_eq!`s of what it returned.
//! The file is yours once written: a later exploration that observes
//! something else writes its version beside it, in a `.new` file, for you
//! to review. In CI nothing is written unless asked: a missing or
//! out-of-date file fails the test there. `DRT_UPDATE` (or
//! [`update_regression_tests`](crate::Explorer::update_regression_tests))
//! asks, as insta's `INSTA_UPDATE`: `always` accepts every change, `new`
//! writes `.new` files in CI too, `no` never writes. Only a run that could
//! have written the file judges it: one with another seed (a CI shard's),
//! or one bounded by time, which no seed repeats, leaves it as it is with
//! a note.
//!
//! ## 11. CI: longer runs, shards, JSON and jobs
//!
//! CI is told as insta tells it: `CI` set (not to `false` or `0`), else
//! `TF_BUILD` (Azure Pipelines). There `DRT_STRICT` is on: a warning about
//! drt's files fails the test. A nightly job explores longer without
//! code changes: `DRT_TIME_LIMIT=10m` lengthens every exploration the run
//! starts (and sets aside their `max_sequences`), so name the exploration
//! tests so that a filter selects them: `cargo test -- explore`.
//!
//! Shards explore the same tests, each with a seed of its own
//! (`DRT_SEED`). Each exploration's report can be written as JSON
//! (`DRT_REPORT_JSON=<dir>`, or [`json_report`](crate::Explorer::json_report)),
//! with each failure's test beside it as a `.rs` file; an absolute
//! directory gathers a workspace's member crates. The JSON names the
//! `test` that explored and its `package`, and each failure's `group`
//! (subject, kind, place), by which the shards' reports merge as one run's
//! would. `docs/ci/drt-shard.sh` in drt's repository is one shard, for any
//! CI, and `docs/ci/drt-explore.yml` a GitHub Actions workflow of four.
//!
//! ```
//! # pub struct Counter { hits: u8 }
//! # #[drt::operations]
//! # impl Counter {
//! #     pub fn new() -> Self { Counter { hits: 0 } }
//! #     pub fn hit(&mut self) { self.hits = self.hits.saturating_add(1) }
//! # }
//! let dir = std::env::temp_dir().join(format!("drt-guide-json-{}", std::process::id()));
//! let report = drt::explore::<Counter>().seed(3).max_sequences(200).json_report(&dir).report();
//! assert!(report.failures.is_empty());
//! let written: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name()).collect();
//! assert_eq!(written.len(), 1, "one <crate>__<Type>.json per exploration: {written:?}");
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```
//!
//! [`jobs`](crate::Explorer::jobs) (`DRT_JOBS=n`, or `auto` for one per
//! core) explores in several child processes at once and merges their
//! reports. Explorations running at once share the machine's cores: each
//! holds one while it runs, and `auto` takes only those no other holds,
//! one at least, with a note, so a parallel test run does not start a
//! child per core for every test.
//!
//! A report says what repeats its run: for one bounded by
//! `max_sequences`, `DRT_SEED` with `DRT_MAX_SEQUENCES`; a run bounded by
//! time (the default) is repeated by no seed, and each printed test
//! reproduces its failure, as the saved failures do (the report names the
//! `cargo test` command that replays them).
//!
//! ## 12. Coverage feedback and fuzzing
//!
//! `cargo drt test` (install it from drt's repository with `cargo install
//! --path <drt>/cargo-drt`) runs `cargo test` with the crate under test
//! built with SanitizerCoverage, on stable Rust: the exploration then steers
//! by the code its calls reach and the values that code compares, and the
//! summary counts the edges reached and lists the functions no sequence
//! entered (in the modules some sequence did). Only the packages cargo builds are
//! instrumented (`DRT_COVERAGE_CRATES=a,b` chooses others), never drt.
//! `DRT_COVERAGE=off` explores without it in such a build.
//!
//! [`fuzz`](crate::fuzz) is an entry point for libFuzzer, cargo-fuzz or
//! bolero: the fuzzer's bytes take the place of the seed, every oracle
//! runs, and a failure panics with its minimized test. `cargo drt fuzz
//! <Type>` writes the target in `fuzz/` (cargo-fuzz's layout), fuzzes it
//! on stable with libFuzzer's instrumentation on your package only, and
//! `cargo drt fuzz <Type> <crash file>` prints the crash's test and saves
//! it where the type's exploration replays it first.
//!
//! ```
//! # pub struct Counter { hits: u8 }
//! # #[drt::operations]
//! # impl Counter {
//! #     pub fn new() -> Self { Counter { hits: 0 } }
//! #     pub fn hit(&mut self) { self.hits = self.hits.saturating_add(1) }
//! # }
//! // fuzz/fuzz_targets/counter.rs: fuzz_target!(|data: &[u8]| drt::fuzz::<Counter>(data));
//! drt::fuzz::<Counter>(b"any bytes are a valid run");
//! ```
