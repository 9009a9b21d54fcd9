//! # drt: directed random testing for Rust
//!
//! Put `#[drt::operations]` on an impl block and call
//! `drt::explore::<T>().run()` in a `#[test]`. drt builds call sequences
//! bottom-up from the values earlier calls produced, executes each one at
//! once, uses the outcome to steer the search (Randoop's feedback-directed
//! generation, Pacheco's thesis), and reports every failure as a minimized,
//! ready-to-paste `#[test]`.
//!
//! ```
//! pub struct Counter { hits: u8 }
//!
//! #[drt::operations]
//! impl Counter {
//!     pub fn new() -> Self { Counter { hits: 0 } }
//!     pub fn hit(&mut self) { self.hits = self.hits.saturating_add(1) }
//!     pub fn hits(&self) -> u8 { self.hits }
//! }
//!
//! let report = drt::explore::<Counter>().max_sequences(1_000).report();
//! assert!(report.failures.is_empty());
//! ```
//!
//! Generic impls are explored per `instantiate(T = u8)`; trait impls
//! (`impl Add for Money`) are annotated the same way and rendered as a person
//! writes them (`a + b`); std argument types (ranges, `Option`, tuples, maps)
//! are built automatically, and a [`generator`] makes values of any other
//! type from a seeded [`Rng`].
//!
//! [`fuzz`] is the same generator driven by a fuzzer's bytes instead of a
//! seed: `fuzz_target!(|data: &[u8]| drt::fuzz::<T>(data))`.
//!
//! Code that takes its environment is explored with it: a trait of yours
//! with [`mock`] gets a mock whose answers the search chooses, and
//! iterator, reader, writer and closure parameters get values drt makes,
//! misbehaving as real ones do: [`io`]'s readers and writers read short,
//! are interrupted and fail, [`iter::Lying`] lies about its length, and
//! [`answers!`] closures answer as the search chose or panic on cue.
//!
//! Wrong answers are caught with no harness code: [`Explorer::against`]
//! runs every sequence on a reference too (a std collection, or a naive
//! model of your own) and compares the results, and `ensures(m = "expr")`
//! states a postcondition over `result`, `self` and `old`.
//!
//! Tuning goes through the attribute's arguments (`skip(...)`, `weight(...)`),
//! the [`Explorer`] builder and `DRT_*` environment variables.
//!
//! The [`guide`] is the manual, chapter by chapter: install, annotate,
//! explore, read a report, tune, the environment, wrong answers, crashes,
//! saved failures and regression suites, with examples that run.
//!
//! # How the runtime is built
//!
//! Modules are rooms named after the algorithm, stacked in floors; a module
//! imports only from its own floor or those below, never in a circle (a unit
//! test, `layering`, checks both on the source), so the crate reads
//! bottom-up:
//!
//! 1. plain text and data: `names`, `ints` (integers drawn beyond the seeds),
//!    `value` (a value as the engine holds it, erased: small ones inline),
//!    `coverage` (the edge counters and compared values of code built by
//!    `cargo drt`), `sequence`, `hook`, `rng`, `memory` (the machine's
//!    memory and a child's ceiling), `memcheck` (valgrind's error count,
//!    asked between calls), `io` and `iter` (the readers, writers
//!    and lying iterators drt passes, public), and `config` (the
//!    [`Explorer`] builder and the `Settings` resolved from it);
//! 2. `macro_support` (everything `#[drt::operations]` expansions name, behind
//!    `__private`), `report` (the public [`Report`] types) and `progress`
//!    (the line a long run prints every few seconds, and the `Listener`
//!    trait through which whoever watches an exploration hears of it);
//! 3. `registry`, `seeds`, `world`, `pool`, `sequence_text` (a sequence as
//!    text: saved failures, traces and replays), `outcome` (what a run's
//!    calls come to, and `Beside`, the seam through which a second side runs
//!    beside a sequence), `differential` (`against`, the pairing of an
//!    exploration's operations with a reference's, std's collections and
//!    integers as references), `reuse`'s `snapshot` (the values kept for reuse,
//!    their budget, the reused part of a run), `sizes` (the integer
//!    arguments too large for a run, and the throttles learned from them),
//!    and `laws` (which of std's conventions an exploration checks, and
//!    where std states each);
//! 4. `oracle`, `execute`, `laws`' `check` (the laws checked after a
//!    call, through `World::check_laws`), and `differential`'s `shadow`
//!    (the reference's side of each run, through `Beside`) and `compare`;
//! 5. `render`, `triage` (when two failures are the same, the rerun that
//!    confirms one, and its entry in the report), `minimize`,
//!    `saved_failures` (failing sequences replayed first), `regression_tests`
//!    (passing tests that guard behaviour), `untested` (why an operation
//!    never ran), `json_report` (the report for CI systems), `reuse`
//!    (incremental execution: which parts a run reuses, what it keeps, the
//!    runs from scratch that verify both);
//! 6. `generate`: the engine, a folder of the parts it owns (the draft
//!    being built, index pruning, pairing, the
//!    coverage frontier, comparison hints, costs, operation weights, the
//!    findings);
//! 7. `isolate`: child processes (the job file and wire format they share
//!    with their supervisor, the supervisor, several side by side);
//! 8. `driver`: where an exploration runs (`run` / `report`, parent or
//!    child, supervised or in-process; `fuzz`), the one place an engine is
//!    assembled, and its lifecycle (saved failures replayed, the search,
//!    failures saved, regression tests written);
//! 9. this file, which only declares and re-exports.
//!
//! When a new piece does not fit, ask which room it belongs to rather than
//! adding an import back up.

#![warn(missing_docs)]

extern crate self as drt;

// Floor 1: plain text and data.
mod config;
mod coverage;
mod hook;
mod ints;
pub mod io;
pub mod iter;
pub mod memcheck;
mod memory;
mod names;
mod rng;
mod sequence;
// Floor 2: what generated code names, the public report types, who hears of a run.
mod macro_support;
mod progress;
mod report;
mod value;
// Floor 3: what an exploration is made of.
mod differential;
mod laws;
mod outcome;
mod pool;
mod registry;
mod seeds;
mod sequence_text;
mod sizes;
mod type_facts;
mod world;
// Floor 4: running sequences and checking them.
mod execute;
mod oracle;
// Floor 5: what becomes of a run.
mod json_report;
mod minimize;
mod regression_tests;
mod render;
mod reuse;
mod saved_failures;
mod triage;
mod untested;
// Floor 6: the engine.
mod generate;
// Floor 7: child processes (the shared files, the supervisor).
mod isolate;
// Floor 8: the driver.
mod driver;
// Documentation only: the manual.
pub mod guide;

#[cfg(test)]
mod fixtures;
#[cfg(test)]
mod layering;

pub use config::{
    explore, Explorer, Isolation, Update, DEFAULT_CALL_TIMEOUT, DEFAULT_MAX_LEN, DEFAULT_SEED, DEFAULT_TIME_LIMIT,
};
pub use driver::fuzz;
pub use drt_macros::{generator, mock, operations};
pub use macro_support::Reference;
pub use report::{Coverage, Failure, FailureKind, OperationStats, Report, Stats};
pub use rng::Rng;

/// Not public API. Used by generated code.
#[doc(hidden)]
pub mod __private {
    pub use crate::macro_support::*;
}
