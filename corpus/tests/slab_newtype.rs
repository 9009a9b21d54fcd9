//! `slab::Slab<i32>` behind a forwarding newtype, explored alone: std has
//! no counterpart (a `Vec<Option<T>>` with a free list), so the oracles are
//! the panics, the contracts of its derives and std's laws.
//!
//! Not forwarded: the `unsafe` getters (`get_unchecked`, `get_unchecked_mut`,
//! `get2_unchecked_mut`).

use slab::{GetDisjointMutError, Slab};

#[derive(Clone, Debug, Default)]
pub struct Slots(Slab<i32>);

// `slab::Iter`, `IterMut` and `Drain` in the crate: written `impl Iterator` (N1).
#[drt::operations]
impl Slots {
    pub const fn new() -> Self {
        Slots(Slab::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Slots(Slab::with_capacity(capacity))
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    /// # Panics
    ///
    /// Panics if the new capacity exceeds `isize::MAX` bytes.
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }
    /// # Panics
    ///
    /// Panics if the new capacity exceeds `isize::MAX` bytes.
    pub fn reserve_exact(&mut self, additional: usize) {
        self.0.reserve_exact(additional)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit()
    }
    pub fn compact<F: FnMut(&mut i32, usize, usize) -> bool>(&mut self, rekey: F) {
        self.0.compact(rekey)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn iter(&self) -> impl Iterator<Item = (usize, &i32)> + '_ {
        self.0.iter()
    }
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (usize, &mut i32)> + '_ {
        self.0.iter_mut()
    }
    pub fn get(&self, key: usize) -> Option<&i32> {
        self.0.get(key)
    }
    pub fn get_mut(&mut self, key: usize) -> Option<&mut i32> {
        self.0.get_mut(key)
    }
    /// # Panics
    ///
    /// This function will panic if `key1` and `key2` are the same.
    pub fn get2_mut(&mut self, key1: usize, key2: usize) -> Option<(&mut i32, &mut i32)> {
        self.0.get2_mut(key1, key2)
    }
    #[drt(instantiate(N = 2))]
    pub fn get_disjoint_mut<const N: usize>(&mut self, keys: [usize; N]) -> Result<[&mut i32; N], GetDisjointMutError> {
        self.0.get_disjoint_mut(keys)
    }
    /// # Panics
    ///
    /// This function will panic if the reference is not owned by this slab.
    pub fn key_of(&self, present_element: &i32) -> usize {
        self.0.key_of(present_element)
    }
    /// # Panics
    ///
    /// Panics if the new storage in the vector exceeds `isize::MAX` bytes.
    pub fn insert(&mut self, val: i32) -> usize {
        self.0.insert(val)
    }
    pub fn vacant_key(&self) -> usize {
        self.0.vacant_key()
    }
    pub fn vacant_entry(&mut self) -> slab::VacantEntry<'_, i32> {
        self.0.vacant_entry()
    }
    pub fn try_remove(&mut self, key: usize) -> Option<i32> {
        self.0.try_remove(key)
    }
    /// # Panics
    ///
    /// Panics if `key` is not associated with a value.
    pub fn remove(&mut self, key: usize) -> i32 {
        self.0.remove(key)
    }
    pub fn contains(&self, key: usize) -> bool {
        self.0.contains(key)
    }
    pub fn retain<F: FnMut(usize, &mut i32) -> bool>(&mut self, f: F) {
        self.0.retain(f)
    }
    pub fn drain(&mut self) -> impl Iterator<Item = i32> + '_ {
        self.0.drain()
    }
}

#[drt::operations]
impl std::ops::Index<usize> for Slots {
    type Output = i32;
    /// # Panics
    /// If `key` has no value ("invalid key"; the crate's docs do not say).
    fn index(&self, key: usize) -> &i32 {
        &self.0[key]
    }
}

// Skipped: `from_iter(vec![(usize::MAX, 100)])` pushes `usize::MAX` vacant entries one by one, longer than the
// call timeout: reported as a `Timeout` (false report D10: the key is a size, but drt's size rule looks only at
// integer arguments, not at integers inside an iterator's items).
#[drt::operations(skip(from_iter))]
impl FromIterator<(usize, i32)> for Slots {
    fn from_iter<I: IntoIterator<Item = (usize, i32)>>(iterable: I) -> Self {
        Slots(Slab::from_iter(iterable))
    }
}

mod common;

const BUDGET: u64 = 5_000;

#[test]
fn slab() {
    let report = drt::explore::<Slots>().seed(1).max_sequences(BUDGET).report();
    common::summarize_alone(&report, BUDGET);
    assert!(report.failures.is_empty(), "{report}");
}
