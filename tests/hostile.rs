//! Fault injection: user trait impls that panic once a few calls have
//! broken a value's state. Every such panic is the user's failure, reported
//! with a reproducing test, in both isolation modes; none is drt's internal
//! error, none is silent, and the exploration's other findings survive.

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
                assert!(f.code.contains("#[test]"), "{isolation:?}: no test:\n{report}");
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
