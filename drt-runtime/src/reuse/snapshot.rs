//! What reusing executed values keeps: snapshots of the values a kept
//! sequence's run left (pool entries hold them, in the pool's arrays), the
//! budget the kept values share, and the part of a run that starts from
//! them ([`Reused`]). Plain data, below the pool and the executor that
//! read it; the policy over it is the room above ([`crate::reuse`]).

use std::any::Any;
use std::cell::Cell;
use std::mem::size_of;
use std::panic::{self, AssertUnwindSafe};
use std::rc::Rc;

use crate::macro_support::{CloneFn, Value};

/// What `malloc` adds to each allocation, for the byte count.
const ALLOCATION_OVERHEAD: usize = 16;

/// Values a kept sequence left alive, by variable, in order: those of types
/// worth keeping (not the numbers, text and such that seeds give). They are
/// never changed, only cloned, so entries extending one another share them.
#[derive(Clone, Copy)]
pub(crate) struct Snapshot<'a> {
    pub values: &'a [Held],
    /// Whether every live value the contracts compare new values with (see
    /// [`World::compares`](crate::world::World::compares)) is among them.
    pub partners_kept: bool,
}

impl<'a> Snapshot<'a> {
    /// The kept value of variable `var`.
    pub fn get(&self, var: u32) -> Option<&'a Held> {
        self.values.binary_search_by_key(&var, |h| h.var).ok().map(|i| &self.values[i])
    }
}

/// A value in a snapshot: variable `var` holds `value`, which is a contract
/// partner (compared with new values) or not. The flag is here rather than
/// in the value so that reading it reads no value.
#[derive(Clone)]
pub(crate) struct Held {
    pub var: u32,
    pub partner: bool,
    pub value: Rc<Kept>,
}

/// A value kept in the pool. It counts its bytes in what kept values hold while
/// it lives, once however many snapshots share it.
pub(crate) struct Kept {
    value: Value,
    /// Its type's `Clone`.
    pub clone: CloneFn,
    bytes: usize,
    live: Rc<Cell<usize>>,
}

impl Kept {
    /// A clone of the value (the user's `Clone`: it may panic).
    pub fn copy(&self) -> Value {
        (self.clone)(&*self.value)
    }
}

impl Drop for Kept {
    /// Dropping a value is the user's code: a panic there is ignored (the
    /// run that made the value had its `Drop` checked).
    fn drop(&mut self) {
        self.live.set(self.live.get() - self.bytes);
        let value = std::mem::replace(&mut self.value, Value::new(()));
        if panic::catch_unwind(AssertUnwindSafe(move || drop(value))).is_err() {
            let _ = crate::hook::SilentPanics::take_last();
        }
    }
}

/// Calls a run skips: the earlier run of calls `at..at + len` (a component
/// of the sequence, as it ran on its own, numbered from 0) left `values`
/// (some of its live variables, by number, never changed, only cloned). The
/// variables of it that later calls use (`used`, numbered in the whole
/// sequence, sorted) and the contracts' partners start as clones of those.
pub(crate) struct Reused<'a> {
    pub at: usize,
    pub len: usize,
    pub values: &'a [Held],
    pub used: &'a [u32],
}

/// What the values kept in snapshots hold, and the most they may: a cache
/// with a budget of its own, the part of the pool's bound the entries do
/// not get.
pub(crate) struct KeptValues {
    live: Rc<Cell<usize>>,
    max: usize,
}

impl KeptValues {
    /// Kept values holding at most `max` bytes.
    pub fn new(max: usize) -> KeptValues {
        KeptValues { live: Rc::default(), max }
    }

    /// `value` (cloned by `clone`), to keep in a snapshot, unless the kept
    /// values already hold their budget: they are a cache, and a full cache
    /// keeps nothing more rather than evict entries, so what is kept never
    /// changes what is explored. Its bytes count while it lives: its inline
    /// size and `heap`, an estimate of what it owns on the heap.
    pub fn keep(&self, value: Value, clone: CloneFn, heap: usize) -> Option<Rc<Kept>> {
        if !self.keeps_more() {
            return None;
        }
        let bytes = size_of_val::<dyn Any>(&*value)
            + heap
            + size_of::<Kept>()
            + 2 * size_of::<usize>()
            + 2 * ALLOCATION_OVERHEAD;
        self.live.set(self.live.get() + bytes);
        Some(Rc::new(Kept { value, clone, bytes, live: Rc::clone(&self.live) }))
    }

    /// Whether [`KeptValues::keep`] keeps another value.
    pub fn keeps_more(&self) -> bool {
        self.live.get() <= self.max
    }

    /// What the values kept now hold, by the estimate.
    pub fn held(&self) -> usize {
        self.live.get()
    }

    /// Lowers the budget to at most `max` bytes.
    pub fn at_most(&mut self, max: usize) {
        self.max = self.max.min(max);
    }
}
