//! `bytes::BytesMut` behind a forwarding newtype, explored against
//! `Vec<u8>`: its inherent methods, the `Buf` and `BufMut` methods a user
//! of a byte buffer reaches for, and what `Deref<Target = [u8]>` gives.
//!
//! Not forwarded: `set_len` (`unsafe`), the rest of `Buf` and `BufMut`
//! (the other integer widths and endiannesses of `get_*` and `put_*`, which
//! add no behaviour beyond the ones here).

use bytes::{Buf, BufMut, Bytes, BytesMut};

#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Buffer(BytesMut);

#[drt::operations]
impl Buffer {
    pub fn with_capacity(capacity: usize) -> Self {
        Buffer(BytesMut::with_capacity(capacity))
    }
    pub fn new() -> Self {
        Buffer(BytesMut::new())
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
    pub fn freeze(self) -> Bytes {
        self.0.freeze()
    }
    pub fn zeroed(len: usize) -> Self {
        Buffer(BytesMut::zeroed(len))
    }
    /// # Panics
    ///
    /// Panics if `at > capacity`.
    pub fn split_off(&mut self, at: usize) -> Self {
        Buffer(self.0.split_off(at))
    }
    pub fn split(&mut self) -> Self {
        Buffer(self.0.split())
    }
    /// # Panics
    ///
    /// Panics if `at > len`.
    pub fn split_to(&mut self, at: usize) -> Self {
        Buffer(self.0.split_to(at))
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn resize(&mut self, new_len: usize, value: u8) {
        self.0.resize(new_len, value)
    }
    /// # Panics
    ///
    /// Panics if the new capacity overflows `usize`.
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }
    pub fn try_reclaim(&mut self, additional: usize) -> bool {
        self.0.try_reclaim(additional)
    }
    pub fn extend_from_slice(&mut self, extend: &[u8]) {
        self.0.extend_from_slice(extend)
    }
    /// # Panics
    ///
    /// Panics if `range` is out of bounds for this `BytesMut`.
    // The crate takes `range: impl RangeBounds<usize>`, which drt refuses (R7) and `instantiate` cannot name: a
    // `Range<usize>` here.
    pub fn extend_from_within(&mut self, range: std::ops::Range<usize>) {
        self.0.extend_from_within(range)
    }
    pub fn unsplit(&mut self, other: Self) {
        self.0.unsplit(other.0)
    }
    pub fn try_unsplit(&mut self, other: Self) -> Result<(), Self> {
        self.0.try_unsplit(other.0).map_err(Buffer)
    }
    pub fn spare_capacity_mut(&mut self) -> &mut [std::mem::MaybeUninit<u8>] {
        self.0.spare_capacity_mut()
    }
    // `Buf`
    pub fn remaining(&self) -> usize {
        self.0.remaining()
    }
    pub fn chunk(&self) -> &[u8] {
        self.0.chunk()
    }
    /// # Panics
    ///
    /// This function **may** panic if `cnt > self.remaining()`.
    pub fn advance(&mut self, cnt: usize) {
        self.0.advance(cnt)
    }
    pub fn has_remaining(&self) -> bool {
        self.0.has_remaining()
    }
    /// # Panics
    ///
    /// This function panics if there is no more remaining data in `self`.
    pub fn get_u8(&mut self) -> u8 {
        self.0.get_u8()
    }
    /// # Panics
    ///
    /// This function panics if there is not enough remaining data in `self`.
    pub fn get_u32(&mut self) -> u32 {
        self.0.get_u32()
    }
    /// # Panics
    ///
    /// This function panics if there is not enough remaining data in `self`.
    pub fn get_i64_le(&mut self) -> i64 {
        self.0.get_i64_le()
    }
    pub fn try_get_u16(&mut self) -> Result<u16, bytes::TryGetError> {
        self.0.try_get_u16()
    }
    /// # Panics
    ///
    /// This function panics if `len > self.remaining()`.
    pub fn copy_to_bytes(&mut self, len: usize) -> Bytes {
        self.0.copy_to_bytes(len)
    }
    // `BufMut`
    pub fn remaining_mut(&self) -> usize {
        self.0.remaining_mut()
    }
    pub fn put_u8(&mut self, n: u8) {
        self.0.put_u8(n)
    }
    pub fn put_u32(&mut self, n: u32) {
        self.0.put_u32(n)
    }
    pub fn put_i64_le(&mut self, n: i64) {
        self.0.put_i64_le(n)
    }
    pub fn put_slice(&mut self, src: &[u8]) {
        self.0.put_slice(src)
    }
    pub fn put_bytes(&mut self, val: u8, cnt: usize) {
        self.0.put_bytes(val, cnt)
    }
    // What `Deref<Target = [u8]>` gives: the slice methods a user of a
    // buffer reaches for (`iter` written `impl Iterator`, N1).
    pub fn get(&self, index: usize) -> Option<&u8> {
        self.0.get(index)
    }
    pub fn first(&self) -> Option<&u8> {
        self.0.first()
    }
    pub fn last(&self) -> Option<&u8> {
        self.0.last()
    }
    pub fn iter(&self) -> impl Iterator<Item = &u8> + '_ {
        self.0.iter()
    }
    pub fn contains(&self, x: &u8) -> bool {
        self.0.contains(x)
    }
    pub fn reverse(&mut self) {
        self.0.reverse()
    }
}

#[drt::operations]
impl From<&[u8]> for Buffer {
    fn from(src: &[u8]) -> Self {
        Buffer(BytesMut::from(src))
    }
}

#[drt::operations]
impl From<&str> for Buffer {
    fn from(src: &str) -> Self {
        Buffer(BytesMut::from(src))
    }
}

#[drt::operations]
impl FromIterator<u8> for Buffer {
    fn from_iter<T: IntoIterator<Item = u8>>(into_iter: T) -> Self {
        Buffer(BytesMut::from_iter(into_iter))
    }
}

#[drt::operations]
impl Extend<u8> for Buffer {
    fn extend<T: IntoIterator<Item = u8>>(&mut self, iter: T) {
        self.0.extend(iter)
    }
}

mod common;

const BUDGET: u64 = 5_000;

#[test]
fn bytes_mut() {
    let report = drt::explore::<Buffer>().against::<Vec<u8>>().seed(1).max_sequences(BUDGET).report();
    let pairing = common::summarize(&report, BUDGET);
    assert!(report.failures.is_empty(), "{report}");
    common::assert_paired(&pairing, "Buffer", &["new", "split_off", "truncate", "get", "iter", "len", "extend"]);
}
