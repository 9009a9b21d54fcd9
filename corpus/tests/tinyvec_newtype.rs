//! `tinyvec::TinyVec<[i32; 4]>` behind a forwarding newtype, explored
//! against `Vec<i32>`. The crate documents its panics under `## Panics`
//! headings, which drt reads; they are copied with the forwards.

use std::collections::TryReserveError;

use tinyvec::TinyVec;

#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tiny(TinyVec<[i32; 4]>);

#[drt::operations]
impl Tiny {
    pub fn is_heap(&self) -> bool {
        self.0.is_heap()
    }
    pub fn is_inline(&self) -> bool {
        self.0.is_inline()
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit()
    }
    pub fn move_to_the_heap(&mut self) {
        self.0.move_to_the_heap()
    }
    pub fn try_move_to_the_heap(&mut self) -> Result<(), TryReserveError> {
        self.0.try_move_to_the_heap()
    }
    pub fn move_to_the_heap_and_reserve(&mut self, n: usize) {
        self.0.move_to_the_heap_and_reserve(n)
    }
    pub fn try_move_to_the_heap_and_reserve(&mut self, n: usize) -> Result<(), TryReserveError> {
        self.0.try_move_to_the_heap_and_reserve(n)
    }
    pub fn reserve(&mut self, n: usize) {
        self.0.reserve(n)
    }
    pub fn try_reserve(&mut self, n: usize) -> Result<(), TryReserveError> {
        self.0.try_reserve(n)
    }
    pub fn reserve_exact(&mut self, n: usize) {
        self.0.reserve_exact(n)
    }
    pub fn try_reserve_exact(&mut self, n: usize) -> Result<(), TryReserveError> {
        self.0.try_reserve_exact(n)
    }
    pub fn with_capacity(cap: usize) -> Self {
        Tiny(TinyVec::with_capacity(cap))
    }
    pub fn with_initial_len(len: usize) -> Self {
        Tiny(TinyVec::with_initial_len(len))
    }
    pub fn into_boxed_slice(self) -> Box<[i32]> {
        self.0.into_boxed_slice()
    }
    pub fn into_vec(self) -> Vec<i32> {
        self.0.into_vec()
    }
    pub fn append(&mut self, other: &mut Self) {
        self.0.append(&mut other.0)
    }
    // The crate writes these with typed receivers (`self: &mut Self`), as
    // here.
    /// ## Panics
    /// * If the index is out of bounds.
    pub fn swap_remove(self: &mut Self, index: usize) -> i32 {
        self.0.swap_remove(index)
    }
    pub fn pop(self: &mut Self) -> Option<i32> {
        self.0.pop()
    }
    /// ## Panics
    /// If the index is out of bounds.
    pub fn remove(self: &mut Self, index: usize) -> i32 {
        self.0.remove(index)
    }
    pub fn len(self: &Self) -> usize {
        self.0.len()
    }
    pub fn capacity(self: &Self) -> usize {
        self.0.capacity()
    }
    pub fn truncate(self: &mut Self, new_len: usize) {
        self.0.truncate(new_len)
    }
    pub fn as_mut_ptr(self: &mut Self) -> *mut i32 {
        self.0.as_mut_ptr()
    }
    pub fn as_ptr(self: &Self) -> *const i32 {
        self.0.as_ptr()
    }
    pub fn retain<F: FnMut(&i32) -> bool>(&mut self, acceptable: F) {
        self.0.retain(acceptable)
    }
    pub fn retain_mut<F: FnMut(&mut i32) -> bool>(&mut self, acceptable: F) {
        self.0.retain_mut(acceptable)
    }
    pub fn as_mut_slice(&mut self) -> &mut [i32] {
        self.0.as_mut_slice()
    }
    pub fn as_slice(&self) -> &[i32] {
        self.0.as_slice()
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    // `dedup`, `dedup_by` and `dedup_by_key` need the crate's nightly feature `nightly_slice_partition_dedup`:
    // not forwarded.
    /// ## Panics
    /// * If the start is greater than the end
    /// * If the end is past the edge of the vec.
    // `tinyvec::TinyVecDrain` in the crate: written `impl Iterator` (N1).
    #[drt(instantiate(R = std::ops::Range<usize>))]
    pub fn drain<R: std::ops::RangeBounds<usize>>(&mut self, range: R) -> impl Iterator<Item = i32> + '_ {
        self.0.drain(range)
    }
    pub fn extend_from_slice(&mut self, sli: &[i32]) {
        self.0.extend_from_slice(sli)
    }
    /// ## Panics
    /// The length must be less than or equal to the capacity of the array.
    pub fn from_array_len(data: [i32; 4], len: usize) -> Self {
        Tiny(TinyVec::from_array_len(data, len))
    }
    /// ## Panics
    /// * If `index` > `len`
    pub fn insert(&mut self, index: usize, item: i32) {
        self.0.insert(index, item)
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn new() -> Self {
        Tiny(TinyVec::new())
    }
    pub fn push(&mut self, val: i32) {
        self.0.push(val)
    }
    pub fn resize(&mut self, new_len: usize, new_val: i32) {
        self.0.resize(new_len, new_val)
    }
    pub fn resize_with<F: FnMut() -> i32>(&mut self, new_len: usize, f: F) {
        self.0.resize_with(new_len, f)
    }
    /// ## Panics
    /// * If `at > len`.
    pub fn split_off(&mut self, at: usize) -> Self {
        Tiny(self.0.split_off(at))
    }
    /// ## Panics
    /// * If the start is greater than the end
    /// * If the end is past the edge of the vec.
    /// * If the provided iterator panics.
    #[drt(instantiate(R = std::ops::Range<usize>, I = Vec<i32>))]
    pub fn splice<'a, R: std::ops::RangeBounds<usize>, I: IntoIterator<Item = i32>>(
        &'a mut self,
        range: R,
        replacement: I,
    ) -> impl Iterator<Item = i32> + 'a
    where
        I::IntoIter: 'a,
    {
        self.0.splice(range, replacement)
    }
    pub fn try_from_array_len(data: [i32; 4], len: usize) -> Result<Self, [i32; 4]> {
        TinyVec::try_from_array_len(data, len).map(Tiny)
    }
    // What `Deref<Target = [i32]>` gives: the slice methods a user of a
    // vector reaches for (`iter` written `impl Iterator`, N1).
    pub fn get(&self, index: usize) -> Option<&i32> {
        self.0.get(index)
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
}

#[drt::operations]
impl From<[i32; 4]> for Tiny {
    fn from(arr: [i32; 4]) -> Self {
        Tiny(TinyVec::from(arr))
    }
}

#[drt::operations]
impl From<&[i32]> for Tiny {
    fn from(slice: &[i32]) -> Self {
        Tiny(TinyVec::from(slice))
    }
}

#[drt::operations]
impl Extend<i32> for Tiny {
    fn extend<I: IntoIterator<Item = i32>>(&mut self, iter: I) {
        self.0.extend(iter)
    }
}

#[drt::operations]
impl FromIterator<i32> for Tiny {
    fn from_iter<I: IntoIterator<Item = i32>>(iter: I) -> Self {
        Tiny(TinyVec::from_iter(iter))
    }
}

mod common;

const BUDGET: u64 = 5_000;

#[test]
fn tiny_vec() {
    let report = drt::explore::<Tiny>().against::<Vec<i32>>().seed(1).max_sequences(BUDGET).report();
    let pairing = common::summarize(&report, BUDGET);
    assert!(report.failures.is_empty(), "{report}");
    common::assert_paired(&pairing, "Tiny", &["new", "push", "pop", "insert", "remove", "get", "iter", "len"]);
}
