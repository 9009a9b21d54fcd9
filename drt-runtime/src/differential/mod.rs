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
//! - this file: `against`, and the registry an exploration against a
//!   reference reads (in a child process, the one its job names);
//! - [`plan`]: the pairing of operations, and a sequence's counterpart;
//! - [`catalogue`]: std's collections and integers as references;
//! - [`shadow`]: the reference's side of each run, beside the tested one;
//! - [`compare`]: whether two paired calls' results agree.

mod catalogue;
pub(crate) mod compare;
pub(crate) mod plan;
pub(crate) mod shadow;

use std::any::{Any, TypeId};

use crate::config::{Chosen, Explorer};
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
    /// `HashMap`, `HashSet`, `BinaryHeap`, `String`: their common methods
    /// are registered by drt; hash-ordered ones are not compared on
    /// iteration order), one of std's integers (for a crate's fixed-width
    /// integer: its values are compared as numbers, through `Display` or a
    /// newtype's `Debug`), or any type with a constructor in an inherent
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
        self.with_reference(Chosen { id: TypeId::of::<M>(), name: std::any::type_name::<M>(), register: register::<M> })
    }
}

/// `M`'s own registrations, into a registrar handed over as `dyn Any`.
fn register<M: Reference>(into: &mut dyn Any) {
    if let Some(registrar) = into.downcast_mut::<Registrar>() {
        M::register(registrar);
    }
}

/// The registry an exploration reads: the process's, or the process's
/// plus what its reference registers itself (a std collection's methods),
/// made for the exploration.
pub(crate) enum Registries {
    Process,
    Own(Box<Registry>),
}

impl Registries {
    pub(crate) fn get(&self) -> &Registry {
        match self {
            Registries::Process => Registry::global(),
            Registries::Own(registry) => registry,
        }
    }
}

/// The reference `chosen`, and the registry an exploration against it reads.
pub(crate) fn registries(chosen: Chosen) -> (TypeId, Registries) {
    let mut own = Registrar::default();
    (chosen.register)(&mut own);
    let registries = if own.ops.is_empty() {
        Registries::Process
    } else {
        Registries::Own(Box::new(Registry::with(|r| (chosen.register)(r))))
    };
    (chosen.id, registries)
}

/// The reference a child's job names by `name`, as an exploration of its
/// test knows it: the one that exploration's `against` chose, or a type
/// with `#[drt::operations]`, which every process knows. None for a std
/// collection some other exploration of the test chose: the child learns
/// its methods only from that exploration's `against`.
pub(crate) fn named(name: &str, chosen: Option<Chosen>) -> Option<(TypeId, Registries)> {
    if let Some(chosen) = chosen.filter(|c| c.name == name) {
        return Some(registries(chosen));
    }
    let global = Registry::global();
    let id = global.types.values().find(|d| d.name == name)?.id;
    global.ops.iter().any(|o| o.spec.owner == id).then_some((id, Registries::Process))
}
