//! Differential testing (`.against::<M>()`): every sequence of the type
//! under test `T` runs on a reference `M` too, each operation of `T` as
//! its counterpart in `M` (same name, or the one `#[drt(model = "...")]`
//! names, with the same parameters, `T` read as `M`), and the results of
//! the paired calls must agree. The thesis checks each call against
//! contracts a user or the library states (§5.3); a reference states them
//! all at once, as the pairing of an implementation with a specification
//! in model-based testing does, without the user writing the model's
//! transitions.
//!
//! The feature's rooms:
//! - this file: `against`, and the references a process knows by name
//!   (so that a child process finds the one its job names);
//! - [`plan`]: the pairing of operations, and a sequence's counterpart;
//! - [`catalogue`]: std's collections as references;
//! - [`shadow`]: the reference's side of each run, beside the tested one;
//! - [`compare`]: whether two paired calls' results agree.

mod catalogue;
pub(crate) mod compare;
pub(crate) mod plan;
pub(crate) mod shadow;

use std::any::TypeId;
use std::sync::Mutex;

use crate::config::Explorer;
use crate::macro_support::{Reference, Registrar};
use crate::registry::Registry;

impl Explorer {
    /// Runs every sequence on a value of the reference `M` too, and
    /// reports a [`Divergence`](crate::FailureKind::Divergence) where the
    /// results of paired calls differ.
    ///
    /// An operation of the type under test pairs with the method of `M`
    /// of the same name and parameters (`Self` read as `M`), or the one
    /// its `#[drt(model = "name")]` names. The results are compared with
    /// `==` where their types are the same (`Option` and `Result` returns by
    /// their `Some` / `Ok` payloads, `None` and `Err` alike; iterators by
    /// their first items); a panic of the reference where the type under
    /// test returned is a divergence too. Methods with no counterpart run
    /// without comparison: the summary lists them.
    ///
    /// `M` is a std collection (`Vec`, `VecDeque`, `BTreeMap`, `BTreeSet`,
    /// `HashMap`, `HashSet`, `BinaryHeap`: their common methods are
    /// registered by drt; hash-ordered ones are not compared on iteration
    /// order) or any type with a constructor in an inherent
    /// `#[drt::operations]` block.
    ///
    /// # Examples
    ///
    /// ```
    /// # use std::collections::BTreeSet;
    /// # #[derive(Debug, Clone, PartialEq)]
    /// # pub struct SortedVec(Vec<u32>);
    /// # #[drt::operations]
    /// # impl SortedVec {
    /// #     pub fn new() -> Self { SortedVec(Vec::new()) }
    /// #     pub fn insert(&mut self, value: u32) -> bool {
    /// #         match self.0.binary_search(&value) { Ok(_) => false, Err(i) => { self.0.insert(i, value); true } }
    /// #     }
    /// #     pub fn contains(&self, value: &u32) -> bool { self.0.binary_search(value).is_ok() }
    /// #     pub fn len(&self) -> usize { self.0.len() }
    /// # }
    /// drt::explore::<SortedVec>().against::<BTreeSet<u32>>().max_sequences(2_000).run();
    /// ```
    pub fn against<M: Reference>(self) -> Self {
        let name = std::any::type_name::<M>();
        let mut chosen = CHOSEN.lock().unwrap_or_else(|e| e.into_inner());
        if !chosen.iter().any(|c| c.name == name) {
            chosen.push(Chosen { id: TypeId::of::<M>(), name, register: M::register, registry: None });
        }
        drop(chosen);
        self.with_reference(TypeId::of::<M>(), name)
    }
}

/// A reference some `against` named in this process.
struct Chosen {
    id: TypeId,
    name: &'static str,
    register: fn(&mut Registrar),
    /// The registry with its registrations, once made.
    registry: Option<&'static Registry>,
}

/// The references named in this process, so that a child process finds
/// the one its job names.
static CHOSEN: Mutex<Vec<Chosen>> = Mutex::new(Vec::new());

/// The reference named `name` by some `against` in this process, and the
/// registry an exploration against it reads: the process's, plus what the
/// reference registers itself (a std collection's methods). Made once per
/// reference and kept for the process's life.
pub(crate) fn reference(name: &str) -> Option<(TypeId, &'static Registry)> {
    let mut chosen = CHOSEN.lock().unwrap_or_else(|e| e.into_inner());
    let Some(c) = chosen.iter_mut().find(|c| c.name == name) else {
        // A type with `#[drt::operations]` is known by name in any process.
        let global = Registry::global();
        let id = global.types.values().find(|d| d.name == name)?.id;
        return global.ops.iter().any(|o| o.spec.owner == id).then_some((id, global));
    };
    let registry = *c.registry.get_or_insert_with(|| {
        let mut own = Registrar::default();
        (c.register)(&mut own);
        if own.ops.is_empty() {
            Registry::global()
        } else {
            Box::leak(Box::new(Registry::with(c.register)))
        }
    });
    Some((c.id, registry))
}

/// Whether a child process learns the reference of that `type_name` only
/// from an `against` naming it (a std collection, whose methods drt
/// registers there), not from the registry every process has.
pub(crate) fn registered_by_against(name: &str) -> bool {
    reference(name).is_some_and(|(_, registry)| !std::ptr::eq(registry, Registry::global()))
}

thread_local! {
    /// The reference of the first exploration of the test running on this
    /// thread (libtest runs each test on a thread of its own), once one ran.
    static FIRST: std::cell::Cell<Option<Option<&'static str>>> = const { std::cell::Cell::new(None) };
}

/// Whether an exploration against `reference` can run in a child process:
/// the child re-runs the test and explores at its first exploration, so it
/// knows a std reference only when that exploration named it too.
/// Records the test's first exploration on the way.
pub(crate) fn child_knows(reference: Option<&'static str>) -> bool {
    let first = FIRST.with(|f| {
        let first = f.get().unwrap_or(reference);
        f.set(Some(first));
        first
    });
    match reference {
        Some(name) if registered_by_against(name) => first == Some(name),
        _ => true,
    }
}
