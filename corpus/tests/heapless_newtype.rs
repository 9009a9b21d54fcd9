//! `heapless::Vec<i32, 8>` behind a forwarding newtype, explored against
//! `Vec<i32>`. Its `push` and `insert` return `Result<(), T>` where std's
//! return `()`: they pair, but their results are not compared.

use heapless::{CapacityError, Vec as HVec};

#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Heap(HVec<i32, 8>);

#[drt::operations]
impl Heap {
    pub const fn new() -> Self {
        Heap(HVec::new())
    }
    pub fn from_slice(other: &[i32]) -> Result<Self, CapacityError> {
        HVec::from_slice(other).map(Heap)
    }
    /// If the length of the provided array is greater than the capacity of the
    /// vector a compile-time error will be produced.
    #[drt(instantiate(M = 4))]
    pub const fn from_array<const M: usize>(src: [i32; M]) -> Self {
        Heap(HVec::from_array(src))
    }
    #[drt(instantiate(M = 8))]
    pub fn into_array<const M: usize>(self) -> Result<[i32; M], Self> {
        self.0.into_array().map_err(Heap)
    }
    #[drt(instantiate(NewLenT = u8))]
    pub fn cast_len_type<NewLenT: heapless::LenType>(self) -> HVec<i32, 8, NewLenT> {
        self.0.cast_len_type()
    }
    /// # Panics
    ///
    /// Panics if the starting point is greater than the end point or if
    /// the end point is greater than the length of the vector.
    // `heapless::vec::Drain` in the crate: written `impl Iterator` (N1).
    #[drt(instantiate(R = std::ops::Range<usize>))]
    pub fn drain<R: std::ops::RangeBounds<usize>>(&mut self, range: R) -> impl Iterator<Item = i32> + '_ {
        self.0.drain(range)
    }
    pub fn as_view(&self) -> &heapless::vec::VecView<i32> {
        self.0.as_view()
    }
    pub fn as_mut_view(&mut self) -> &mut heapless::vec::VecView<i32> {
        self.0.as_mut_view()
    }
    pub fn as_ptr(&self) -> *const i32 {
        self.0.as_ptr()
    }
    pub fn as_mut_ptr(&mut self) -> *mut i32 {
        self.0.as_mut_ptr()
    }
    pub fn as_slice(&self) -> &[i32] {
        self.0.as_slice()
    }
    pub fn as_mut_slice(&mut self) -> &mut [i32] {
        self.0.as_mut_slice()
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    /// Extends the vec from an iterator.
    ///
    /// # Panics
    ///
    /// Panics if the vec cannot hold all elements of the iterator.
    // The crate's heading is `# Panic`, which drt does not read (N2): written `# Panics` here.
    pub fn extend<I: IntoIterator<Item = i32>>(&mut self, iter: I) {
        self.0.extend(iter)
    }
    pub fn extend_from_slice(&mut self, other: &[i32]) -> Result<(), CapacityError> {
        self.0.extend_from_slice(other)
    }
    pub fn pop(&mut self) -> Option<i32> {
        self.0.pop()
    }
    pub fn push(&mut self, item: i32) -> Result<(), i32> {
        self.0.push(item)
    }
    pub fn push_mut(&mut self, item: i32) -> Result<&mut i32, i32> {
        self.0.push_mut(item)
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn resize(&mut self, new_len: usize, value: i32) -> Result<(), CapacityError> {
        self.0.resize(new_len, value)
    }
    pub fn resize_default(&mut self, new_len: usize) -> Result<(), CapacityError> {
        self.0.resize_default(new_len)
    }
    pub fn resize_with<F: FnMut() -> i32>(&mut self, new_len: usize, f: F) -> Result<(), CapacityError> {
        self.0.resize_with(new_len, f)
    }
    /// # Panics
    ///
    /// Panics if `index` is out of bounds.
    pub fn swap_remove(&mut self, index: usize) -> i32 {
        self.0.swap_remove(index)
    }
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn starts_with(&self, needle: &[i32]) -> bool {
        self.0.starts_with(needle)
    }
    pub fn ends_with(&self, needle: &[i32]) -> bool {
        self.0.ends_with(needle)
    }
    /// # Panics
    ///
    /// Panics if `index > len`.
    pub fn insert(&mut self, index: usize, element: i32) -> Result<(), i32> {
        self.0.insert(index, element)
    }
    /// # Panics
    ///
    /// Panics if `index` is out of bounds.
    pub fn remove(&mut self, index: usize) -> i32 {
        self.0.remove(index)
    }
    pub fn retain<F: FnMut(&i32) -> bool>(&mut self, f: F) {
        self.0.retain(f)
    }
    pub fn retain_mut<F: FnMut(&mut i32) -> bool>(&mut self, f: F) {
        self.0.retain_mut(f)
    }
    pub fn spare_capacity_mut(&mut self) -> &mut [std::mem::MaybeUninit<i32>] {
        self.0.spare_capacity_mut()
    }
    // What `Deref<Target = [i32]>` gives (heapless has no inherent `len`):
    // the slice methods a user of a vector reaches for (`iter` written
    // `impl Iterator`, N1).
    pub fn len(&self) -> usize {
        self.0.len()
    }
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
impl TryFrom<&[i32]> for Heap {
    type Error = CapacityError;
    fn try_from(slice: &[i32]) -> Result<Self, Self::Error> {
        HVec::try_from(slice).map(Heap)
    }
}

#[drt::operations]
impl TryFrom<Vec<i32>> for Heap {
    type Error = CapacityError;
    fn try_from(vec: Vec<i32>) -> Result<Self, Self::Error> {
        HVec::try_from(vec).map(Heap)
    }
}

#[drt::operations]
impl FromIterator<i32> for Heap {
    /// # Panics
    /// With more items than the capacity ("Vec::from_iter overflow"; the crate's docs do not say).
    fn from_iter<I: IntoIterator<Item = i32>>(iter: I) -> Self {
        Heap(HVec::from_iter(iter))
    }
}

mod common;

const BUDGET: u64 = 5_000;

#[test]
fn heapless_vec() {
    let report = drt::explore::<Heap>().against::<Vec<i32>>().seed(1).max_sequences(BUDGET).report();
    let pairing = common::summarize(&report, BUDGET);
    assert!(report.failures.is_empty(), "{report}");
    common::assert_paired(&pairing, "Heap", &["new", "pop", "remove", "get", "iter", "len"]);
}
