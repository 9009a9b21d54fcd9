//! `arrayvec::ArrayVec<i32, 8>` behind a forwarding newtype, explored
//! against `Vec<i32>`.

use arrayvec::{ArrayVec, CapacityError};

#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Arr(ArrayVec<i32, 8>);

// The crate documents its panics as "***Panics*** if ..." sentences; drt only reads a `# Panics` heading
// (finding N2 in README.md), so each such sentence is put under one here.
#[drt::operations]
impl Arr {
    pub fn new() -> Self {
        Arr(ArrayVec::new())
    }
    pub const fn new_const() -> Self {
        Arr(ArrayVec::new_const())
    }
    pub const fn len(&self) -> usize {
        self.0.len()
    }
    pub const fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub const fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub const fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub const fn remaining_capacity(&self) -> usize {
        self.0.remaining_capacity()
    }
    /// # Panics
    /// ***Panics*** if the vector is already full.
    pub fn push(&mut self, element: i32) {
        self.0.push(element)
    }
    pub fn try_push(&mut self, element: i32) -> Result<(), CapacityError<i32>> {
        self.0.try_push(element)
    }
    pub fn truncate(&mut self, new_len: usize) {
        self.0.truncate(new_len)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    /// # Panics
    /// ***Panics*** if the array is full or the `index` is out of bounds.
    pub fn insert(&mut self, index: usize, element: i32) {
        self.0.insert(index, element)
    }
    /// # Panics
    /// ***Panics*** `index` is out of bounds.
    pub fn try_insert(&mut self, index: usize, element: i32) -> Result<(), CapacityError<i32>> {
        self.0.try_insert(index, element)
    }
    pub fn pop(&mut self) -> Option<i32> {
        self.0.pop()
    }
    /// # Panics
    /// ***Panics*** if the `index` is out of bounds.
    pub fn swap_remove(&mut self, index: usize) -> i32 {
        self.0.swap_remove(index)
    }
    pub fn swap_pop(&mut self, index: usize) -> Option<i32> {
        self.0.swap_pop(index)
    }
    /// # Panics
    /// ***Panics*** if the `index` is out of bounds.
    pub fn remove(&mut self, index: usize) -> i32 {
        self.0.remove(index)
    }
    pub fn pop_at(&mut self, index: usize) -> Option<i32> {
        self.0.pop_at(index)
    }
    pub fn retain<F: FnMut(&mut i32) -> bool>(&mut self, f: F) {
        self.0.retain(f)
    }
    pub fn spare_capacity_mut(&mut self) -> &mut [std::mem::MaybeUninit<i32>] {
        self.0.spare_capacity_mut()
    }
    pub fn try_extend_from_slice(&mut self, other: &[i32]) -> Result<(), CapacityError> {
        self.0.try_extend_from_slice(other)
    }
    /// # Panics
    /// **Panics** if the starting point is greater than the end point or if
    /// the end point is greater than the length of the vector.
    // `arrayvec::Drain` in the crate: written `impl Iterator` (finding N1).
    #[drt(instantiate(R = std::ops::Range<usize>))]
    pub fn drain<R: std::ops::RangeBounds<usize>>(&mut self, range: R) -> impl Iterator<Item = i32> + '_ {
        self.0.drain(range)
    }
    pub fn into_inner(self) -> Result<[i32; 8], Self> {
        self.0.into_inner().map_err(Arr)
    }
    pub fn take(&mut self) -> Self {
        Arr(self.0.take())
    }
    pub fn as_slice(&self) -> &[i32] {
        self.0.as_slice()
    }
    pub fn as_mut_slice(&mut self) -> &mut [i32] {
        self.0.as_mut_slice()
    }
    pub fn as_ptr(&self) -> *const i32 {
        self.0.as_ptr()
    }
    pub fn as_mut_ptr(&mut self) -> *mut i32 {
        self.0.as_mut_ptr()
    }
    // What `Deref<Target = [i32]>` gives: the slice methods a user of a
    // vector reaches for. `[T]::iter` returns `std::slice::Iter`, written
    // `impl Iterator` (finding N1).
    pub fn get(&self, index: usize) -> Option<&i32> {
        self.0.get(index)
    }
    pub fn get_mut(&mut self, index: usize) -> Option<&mut i32> {
        self.0.get_mut(index)
    }
    pub fn first(&self) -> Option<&i32> {
        self.0.first()
    }
    pub fn last(&self) -> Option<&i32> {
        self.0.last()
    }
    pub fn iter(&self) -> impl Iterator<Item = &i32> + '_ {
        self.0.iter()
    }
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut i32> + '_ {
        self.0.iter_mut()
    }
    pub fn contains(&self, x: &i32) -> bool {
        self.0.contains(x)
    }
    /// # Panics
    /// Panics if `a` or `b` are out of bounds.
    pub fn swap(&mut self, a: usize, b: usize) {
        self.0.swap(a, b)
    }
    pub fn reverse(&mut self) {
        self.0.reverse()
    }
    pub fn sort(&mut self) {
        self.0.sort()
    }
    pub fn binary_search(&self, x: &i32) -> Result<usize, usize> {
        self.0.binary_search(x)
    }
}

#[drt::operations]
impl From<[i32; 8]> for Arr {
    fn from(array: [i32; 8]) -> Self {
        Arr(ArrayVec::from(array))
    }
}

#[drt::operations]
impl TryFrom<&[i32]> for Arr {
    type Error = CapacityError;
    fn try_from(slice: &[i32]) -> Result<Self, Self::Error> {
        ArrayVec::try_from(slice).map(Arr)
    }
}

#[drt::operations]
impl Extend<i32> for Arr {
    /// # Panics
    /// ***Panics*** if extending the vector exceeds its capacity.
    fn extend<I: IntoIterator<Item = i32>>(&mut self, iter: I) {
        self.0.extend(iter)
    }
}

#[drt::operations]
impl FromIterator<i32> for Arr {
    /// # Panics
    /// ***Panics*** if the number of elements in the iterator exceeds the arrayvec's capacity.
    fn from_iter<I: IntoIterator<Item = i32>>(iter: I) -> Self {
        Arr(ArrayVec::from_iter(iter))
    }
}

mod common;

const BUDGET: u64 = 5_000;

#[test]
fn array_vec() {
    let report = drt::explore::<Arr>().against::<Vec<i32>>().seed(1).max_sequences(BUDGET).report();
    let pairing = common::summarize(&report, BUDGET);
    assert!(report.failures.is_empty(), "{report}");
    common::assert_paired(&pairing, "Arr", &["new", "push", "pop", "insert", "remove", "get", "iter", "len"]);
}
