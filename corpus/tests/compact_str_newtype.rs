//! `compact_str::CompactString` behind a forwarding newtype, explored
//! against `String`.
//!
//! Not forwarded: the `unsafe` methods (`from_utf8_unchecked`,
//! `spare_capacity_mut`, `as_mut_bytes`, `set_len`); `const_new(text: &'static
//! str)` (a `&'static` parameter, which drt refuses, and which no owned
//! text can be passed as); the `From`, `FromIterator` and `Extend` impls
//! over `&String`, `Cow`, `Box<str>`, `&char` and `&str`, beside the ones
//! here.

use compact_str::{CompactString, ReserveError, Utf16Error};

#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Compact(CompactString);

impl std::fmt::Display for Compact {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

#[drt::operations]
impl Compact {
    #[drt(instantiate(T = String))]
    pub fn new<T: AsRef<str>>(text: T) -> Self {
        Compact(CompactString::new(text))
    }
    #[drt(instantiate(T = String))]
    pub fn try_new<T: AsRef<str>>(text: T) -> Result<Self, ReserveError> {
        CompactString::try_new(text).map(Compact)
    }
    pub const fn as_static_str(&self) -> Option<&'static str> {
        self.0.as_static_str()
    }
    // `with_capacity(isize::MAX)` panics "Cannot allocate memory to hold CompactString" (the crate's `try_`
    // variant says it "won't panic if the system is out-of-memory"); drt treats only std's "capacity overflow" as a
    // size too large for a run, and reported it as a bug (false report D9): that panic is declared here.
    #[drt(panics = "Cannot allocate memory to hold CompactString")]
    pub fn with_capacity(capacity: usize) -> Self {
        Compact(CompactString::with_capacity(capacity))
    }
    pub fn try_with_capacity(capacity: usize) -> Result<Self, ReserveError> {
        CompactString::try_with_capacity(capacity).map(Compact)
    }
    #[drt(instantiate(B = Vec<u8>))]
    pub fn from_utf8<B: AsRef<[u8]>>(buf: B) -> Result<Self, std::str::Utf8Error> {
        CompactString::from_utf8(buf).map(Compact)
    }
    #[drt(instantiate(B = Vec<u16>))]
    pub fn from_utf16<B: AsRef<[u16]>>(buf: B) -> Result<Self, Utf16Error> {
        CompactString::from_utf16(buf).map(Compact)
    }
    #[drt(instantiate(B = Vec<u16>))]
    pub fn from_utf16_lossy<B: AsRef<[u16]>>(buf: B) -> Self {
        Compact(CompactString::from_utf16_lossy(buf))
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
    /// # Panics
    ///
    /// This method panics if the new capacity overflows `usize` or if the system is out-of-memory.
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }
    pub fn try_reserve(&mut self, additional: usize) -> Result<(), ReserveError> {
        self.0.try_reserve(additional)
    }
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
    pub fn as_mut_str(&mut self) -> &mut str {
        self.0.as_mut_str()
    }
    pub fn as_bytes(&self) -> &[u8] {
        self.0.as_bytes()
    }
    pub fn push(&mut self, ch: char) {
        self.0.push(ch)
    }
    pub fn pop(&mut self) -> Option<char> {
        self.0.pop()
    }
    pub fn push_str(&mut self, s: &str) {
        self.0.push_str(s)
    }
    /// # Panics
    ///
    /// If `idx` is past the total length, or not on a char boundary (the crate's `should_panic` examples).
    pub fn remove(&mut self, idx: usize) -> char {
        self.0.remove(idx)
    }
    pub fn is_heap_allocated(&self) -> bool {
        self.0.is_heap_allocated()
    }
    /// # Panics
    ///
    /// Panics if the starting point or end point do not lie on a [`char`]
    /// boundary, or if they're out of bounds.
    // The crate takes `range: impl RangeBounds<usize>` (refused, R7): a `Range<usize>` here.
    pub fn replace_range(&mut self, range: std::ops::Range<usize>, replace_with: &str) {
        self.0.replace_range(range, replace_with)
    }
    /// # Panics
    ///
    /// A panic upon overflow.
    pub fn repeat(&self, n: usize) -> Self {
        Compact(self.0.repeat(n))
    }
    /// # Panics
    ///
    /// Panics if the new end of the string does not lie on a [`char`] boundary.
    pub fn truncate(&mut self, new_len: usize) {
        self.0.truncate(new_len)
    }
    pub fn as_ptr(&self) -> *const u8 {
        self.0.as_ptr()
    }
    pub fn as_mut_ptr(&mut self) -> *mut u8 {
        self.0.as_mut_ptr()
    }
    /// # Panics
    ///
    /// Panics if `idx` is larger than the string's length, or if it does not lie on a char boundary (as
    /// `String::insert_str`; the crate's docs do not say).
    pub fn insert_str(&mut self, idx: usize, string: &str) {
        self.0.insert_str(idx, string)
    }
    /// # Panics
    ///
    /// Panics if `idx` is larger than the string's length, or if it does not lie on a char boundary (as
    /// `String::insert`; the crate's docs do not say).
    pub fn insert(&mut self, idx: usize, ch: char) {
        self.0.insert(idx, ch)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    /// # Panics
    ///
    /// Panics if `at` does not lie on a [`char`] boundary.
    pub fn split_off(&mut self, at: usize) -> Self {
        Compact(self.0.split_off(at))
    }
    /// # Panics
    ///
    /// Panics if the start or end of the range does not lie on a [`char`] boundary.
    // `range: impl RangeBounds<usize>` in the crate (R7), and `compact_str::Drain` (N1).
    pub fn drain(&mut self, range: std::ops::Range<usize>) -> impl Iterator<Item = char> + '_ {
        self.0.drain(range)
    }
    pub fn shrink_to(&mut self, min_capacity: usize) {
        self.0.shrink_to(min_capacity)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit()
    }
    pub fn retain(&mut self, predicate: impl FnMut(char) -> bool) {
        self.0.retain(predicate)
    }
    pub fn from_utf8_lossy(v: &[u8]) -> Self {
        Compact(CompactString::from_utf8_lossy(v))
    }
    // The crate takes `v: impl AsRef<[u8]>` (refused like R7): a `Vec<u8>` here, in the four below.
    pub fn from_utf16le(v: Vec<u8>) -> Result<Self, Utf16Error> {
        CompactString::from_utf16le(v).map(Compact)
    }
    pub fn from_utf16be(v: Vec<u8>) -> Result<Self, Utf16Error> {
        CompactString::from_utf16be(v).map(Compact)
    }
    pub fn from_utf16le_lossy(v: Vec<u8>) -> Self {
        Compact(CompactString::from_utf16le_lossy(v))
    }
    pub fn from_utf16be_lossy(v: Vec<u8>) -> Self {
        Compact(CompactString::from_utf16be_lossy(v))
    }
    pub fn into_string(self) -> String {
        self.0.into_string()
    }
    pub fn from_string_buffer(s: String) -> Self {
        Compact(CompactString::from_string_buffer(s))
    }
    pub fn to_ascii_lowercase(&self) -> Self {
        Compact(self.0.to_ascii_lowercase())
    }
    pub fn to_ascii_uppercase(&self) -> Self {
        Compact(self.0.to_ascii_uppercase())
    }
    pub fn to_lowercase(&self) -> Self {
        Compact(self.0.to_lowercase())
    }
    pub fn from_str_to_lowercase(input: &str) -> Self {
        Compact(CompactString::from_str_to_lowercase(input))
    }
    pub fn to_uppercase(&self) -> Self {
        Compact(self.0.to_uppercase())
    }
    pub fn from_str_to_uppercase(input: &str) -> Self {
        Compact(CompactString::from_str_to_uppercase(input))
    }
    // What `Deref<Target = str>` gives: the `str` methods `String`'s reference registers.
    pub fn chars(&self) -> impl Iterator<Item = char> + '_ {
        self.0.chars()
    }
    pub fn contains(&self, pat: &str) -> bool {
        self.0.contains(pat)
    }
    pub fn starts_with(&self, pat: &str) -> bool {
        self.0.starts_with(pat)
    }
    pub fn ends_with(&self, pat: &str) -> bool {
        self.0.ends_with(pat)
    }
    pub fn find(&self, pat: &str) -> Option<usize> {
        self.0.find(pat)
    }
}

#[drt::operations]
impl From<&str> for Compact {
    fn from(s: &str) -> Self {
        Compact(CompactString::from(s))
    }
}

#[drt::operations]
impl From<String> for Compact {
    fn from(s: String) -> Self {
        Compact(CompactString::from(s))
    }
}

#[drt::operations]
impl std::str::FromStr for Compact {
    type Err = core::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        CompactString::from_str(s).map(Compact)
    }
}

#[drt::operations]
impl FromIterator<char> for Compact {
    fn from_iter<T: IntoIterator<Item = char>>(iter: T) -> Self {
        Compact(CompactString::from_iter(iter))
    }
}

#[drt::operations]
impl Extend<char> for Compact {
    fn extend<T: IntoIterator<Item = char>>(&mut self, iter: T) {
        self.0.extend(iter)
    }
}

#[drt::operations]
impl std::ops::Add<&str> for Compact {
    type Output = Self;
    fn add(self, rhs: &str) -> Self {
        Compact(self.0 + rhs)
    }
}

#[drt::operations]
impl std::ops::AddAssign<&str> for Compact {
    fn add_assign(&mut self, rhs: &str) {
        self.0 += rhs
    }
}

mod common;

const BUDGET: u64 = 5_000;

#[test]
fn compact_string() {
    let report = drt::explore::<Compact>().against::<String>().seed(1).max_sequences(BUDGET).report();
    let pairing = common::summarize(&report, BUDGET);
    assert!(report.failures.is_empty(), "{report}");
    common::assert_paired(&pairing, "Compact", &["push", "push_str", "pop", "insert", "remove", "truncate", "len"]);
}
