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
//! Tuning goes through the attribute's arguments (`skip(...)`, `weight(...)`),
//! the [`Explorer`] builder and `DRT_*` environment variables; see the README.

#![warn(missing_docs)]

extern crate self as drt;

mod config;
mod execute;
mod failure;
mod generate;
mod hook;
mod isolate;
mod macro_support;
mod minimize;
mod names;
mod oracle;
mod persist;
mod pool;
mod registry;
mod regress;
mod render;
mod report;
mod rng;
mod seeds;
mod sequence;
mod untested;
mod world;

pub use config::{explore, Explorer, DEFAULT_CALL_TIMEOUT, DEFAULT_MAX_LEN, DEFAULT_SEED, DEFAULT_TIME_LIMIT};
pub use drt_macros::{generator, operations};
pub use isolate::Isolation;
pub use report::{Failure, FailureKind, OperationStats, Report, Stats};
pub use rng::Rng;

/// Not public API. Used by generated code.
#[doc(hidden)]
pub mod __private {
    pub use crate::macro_support::*;
}
