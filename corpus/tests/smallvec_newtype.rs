//! `smallvec::SmallVec<[i32; 4]>` behind a forwarding newtype, explored
//! against `Vec<i32>`.

use smallvec::SmallVec;

#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Small(SmallVec<[i32; 4]>);

#[drt::operations]
impl Small {
    pub fn new() -> Self {
        Small(SmallVec::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        Small(SmallVec::with_capacity(n))
    }
    // Paired with `Vec::from_iter`: a value made by a constructor with no
    // counterpart has no reference value, and then a panic std documents for
    // `insert`/`remove` (index past the end) is reported as a bug (defect D1
    // in README.md).
    #[drt(model = "from_iter")]
    pub fn from_vec(vec: Vec<i32>) -> Self {
        Small(SmallVec::from_vec(vec))
    }
    pub fn from_buf(buf: [i32; 4]) -> Self {
        Small(SmallVec::from_buf(buf))
    }
    /// # Panics
    /// If `len` is greater than the size of `buf` ("Also sets the length, which must be less or equal to the size
    /// of `buf`").
    pub fn from_buf_and_len(buf: [i32; 4], len: usize) -> Self {
        Small(SmallVec::from_buf_and_len(buf, len))
    }
    pub fn from_slice(slice: &[i32]) -> Self {
        Small(SmallVec::from_slice(slice))
    }
    pub fn from_elem(elem: i32, n: usize) -> Self {
        Small(SmallVec::from_elem(elem, n))
    }
    pub fn inline_size(&self) -> usize {
        self.0.inline_size()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn spilled(&self) -> bool {
        self.0.spilled()
    }
    /// # Panics
    /// Panics if the starting point is greater than the end point or if the end point is greater than the
    /// length of the vector.
    // Returns `smallvec::Drain` in the crate; written `impl Iterator` here, since drt compiles a named iterator
    // type but only drops it (finding N1 in README.md).
    #[drt(instantiate(R = std::ops::Range<usize>))]
    pub fn drain<R: std::ops::RangeBounds<usize>>(&mut self, range: R) -> impl Iterator<Item = i32> + '_ {
        self.0.drain(range)
    }
    pub fn push(&mut self, value: i32) {
        self.0.push(value)
    }
    pub fn pop(&mut self) -> Option<i32> {
        self.0.pop()
    }
    pub fn append(&mut self, other: &mut Self) {
        self.0.append(&mut other.0)
    }
    pub fn grow(&mut self, new_cap: usize) {
        self.0.grow(new_cap)
    }
    pub fn try_grow(&mut self, new_cap: usize) -> Result<(), smallvec::CollectionAllocErr> {
        self.0.try_grow(new_cap)
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }
    pub fn try_reserve(&mut self, additional: usize) -> Result<(), smallvec::CollectionAllocErr> {
        self.0.try_reserve(additional)
    }
    pub fn reserve_exact(&mut self, additional: usize) {
        self.0.reserve_exact(additional)
    }
    pub fn try_reserve_exact(&mut self, additional: usize) -> Result<(), smallvec::CollectionAllocErr> {
        self.0.try_reserve_exact(additional)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit()
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn as_slice(&self) -> &[i32] {
        self.0.as_slice()
    }
    pub fn as_mut_slice(&mut self) -> &mut [i32] {
        self.0.as_mut_slice()
    }
    /// # Panics
    /// Panics if `index` is out of bounds.
    pub fn swap_remove(&mut self, index: usize) -> i32 {
        self.0.swap_remove(index)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    /// # Panics
    /// Panics if `index` is out of bounds.
    pub fn remove(&mut self, index: usize) -> i32 {
        self.0.remove(index)
    }
    /// # Panics
    /// Panics if `index > len`.
    pub fn insert(&mut self, index: usize, element: i32) {
        self.0.insert(index, element)
    }
    /// # Panics
    /// If `index > len` (an assertion; the crate's docs do not say).
    pub fn insert_many<I: IntoIterator<Item = i32>>(&mut self, index: usize, iterable: I) {
        self.0.insert_many(index, iterable)
    }
    pub fn into_vec(self) -> Vec<i32> {
        self.0.into_vec()
    }
    pub fn into_boxed_slice(self) -> Box<[i32]> {
        self.0.into_boxed_slice()
    }
    pub fn into_inner(self) -> Result<[i32; 4], Self> {
        self.0.into_inner().map_err(Small)
    }
    pub fn retain<F: FnMut(&mut i32) -> bool>(&mut self, f: F) {
        self.0.retain(f)
    }
    pub fn retain_mut<F: FnMut(&mut i32) -> bool>(&mut self, f: F) {
        self.0.retain_mut(f)
    }
    pub fn dedup(&mut self) {
        self.0.dedup()
    }
    pub fn dedup_by<F: FnMut(&mut i32, &mut i32) -> bool>(&mut self, same_bucket: F) {
        self.0.dedup_by(same_bucket)
    }
    // drt refused `dedup_by_key<F: FnMut(&mut i32) -> K, K: PartialEq>`, with or without
    // `instantiate(K = i32)` (which asks for `F = ...` too): the key type is fixed to i32 here.
    pub fn dedup_by_key<F: FnMut(&mut i32) -> i32>(&mut self, key: F) {
        self.0.dedup_by_key(key)
    }
    pub fn resize_with<F: FnMut() -> i32>(&mut self, new_len: usize, f: F) {
        self.0.resize_with(new_len, f)
    }
    pub fn as_ptr(&self) -> *const i32 {
        self.0.as_ptr()
    }
    pub fn as_mut_ptr(&mut self) -> *mut i32 {
        self.0.as_mut_ptr()
    }
    /// # Panics
    /// If `index > len` (an assertion; the crate's docs do not say).
    pub fn insert_from_slice(&mut self, index: usize, slice: &[i32]) {
        self.0.insert_from_slice(index, slice)
    }
    pub fn extend_from_slice(&mut self, slice: &[i32]) {
        self.0.extend_from_slice(slice)
    }
    pub fn resize(&mut self, len: usize, value: i32) {
        self.0.resize(len, value)
    }
    // What `Deref<Target = [i32]>` gives a `SmallVec`: the slice methods a
    // user of a vector reaches for.
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
    // `[T]::iter` returns `std::slice::Iter`: drt compiles that but neither compares it with `Vec::iter` nor
    // checks the iterator laws on it (finding N1), so it is written `impl Iterator` here.
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
impl Extend<i32> for Small {
    fn extend<I: IntoIterator<Item = i32>>(&mut self, iter: I) {
        self.0.extend(iter)
    }
}

#[drt::operations]
impl FromIterator<i32> for Small {
    fn from_iter<I: IntoIterator<Item = i32>>(iter: I) -> Self {
        Small(SmallVec::from_iter(iter))
    }
}

mod common;

const BUDGET: u64 = 3_000;

#[test]
fn small_vec() {
    let report = drt::explore::<Small>().against::<Vec<i32>>().seed(1).max_sequences(BUDGET).report();
    let pairing = common::summarize(&report, BUDGET);
    assert!(report.failures.is_empty(), "{report}");
    common::assert_paired(&pairing, "Small", &["new", "push", "pop", "insert", "remove", "get", "iter", "len"]);
}
