//! `roaring::RoaringBitmap` behind a forwarding newtype, explored against
//! `BTreeSet<u32>`.
//!
//! Not forwarded: the operators on references (`&a | &b` and the like),
//! which drt refuses to explore (R5), and the by-reference right-hand sides
//! (`a | &b`), which would be a second `bitor` beside the by-value one.

use std::io;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Sub, SubAssign};

use roaring::{IntegerTooSmall, NonSortedIntegers, RoaringBitmap};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Roar(RoaringBitmap);

// Returned iterators are `roaring::bitmap::Iter` and `IntoIter` in the crate:
// written `impl Iterator` (N1).
#[drt::operations]
impl Roar {
    pub fn new() -> Self {
        Roar(RoaringBitmap::new())
    }
    // Skipped: `full()` holds 2^32 values, and `retain` on it calls its closure 2^32 times, longer than the call
    // timeout: reported as a `Timeout` (false report D8: drt's size rule covers large integer arguments, not a
    // large value a constructor without one makes).
    #[drt(skip)]
    pub fn full() -> Self {
        Roar(RoaringBitmap::full())
    }
    /// # Panics
    /// If `offset + bytes.len()` is more than 2^32 (an assertion; the crate's docs do not say).
    pub fn from_lsb0_bytes(offset: u32, bytes: &[u8]) -> Self {
        Roar(RoaringBitmap::from_lsb0_bytes(offset, bytes))
    }
    pub fn insert(&mut self, value: u32) -> bool {
        self.0.insert(value)
    }
    #[drt(instantiate(R = std::ops::Range<u32>))]
    pub fn insert_range<R: std::ops::RangeBounds<u32>>(&mut self, range: R) -> u64 {
        self.0.insert_range(range)
    }
    pub fn try_push(&mut self, value: u32) -> Result<(), IntegerTooSmall> {
        self.0.try_push(value)
    }
    pub fn remove(&mut self, value: u32) -> bool {
        self.0.remove(value)
    }
    #[drt(instantiate(R = std::ops::Range<u32>))]
    pub fn remove_range<R: std::ops::RangeBounds<u32>>(&mut self, range: R) -> u64 {
        self.0.remove_range(range)
    }
    pub fn contains(&self, value: u32) -> bool {
        self.0.contains(value)
    }
    #[drt(instantiate(R = std::ops::Range<u32>))]
    pub fn contains_range<R: std::ops::RangeBounds<u32>>(&self, range: R) -> bool {
        self.0.contains_range(range)
    }
    #[drt(instantiate(R = std::ops::Range<u32>))]
    pub fn range_cardinality<R: std::ops::RangeBounds<u32>>(&self, range: R) -> u64 {
        self.0.range_cardinality(range)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn len(&self) -> u64 {
        self.0.len()
    }
    pub fn min(&self) -> Option<u32> {
        self.0.min()
    }
    pub fn max(&self) -> Option<u32> {
        self.0.max()
    }
    pub fn rank(&self, value: u32) -> u64 {
        self.0.rank(value)
    }
    pub fn select(&self, n: u32) -> Option<u32> {
        self.0.select(n)
    }
    pub fn remove_smallest(&mut self, n: u64) {
        self.0.remove_smallest(n)
    }
    pub fn remove_biggest(&mut self, n: u64) {
        self.0.remove_biggest(n)
    }
    pub fn retain(&mut self, f: impl FnMut(u32) -> bool) {
        self.0.retain(f)
    }
    pub fn optimize(&mut self) -> bool {
        self.0.optimize()
    }
    pub fn remove_run_compression(&mut self) -> bool {
        self.0.remove_run_compression()
    }
    pub fn internal_validate(&self) -> Result<(), &'static str> {
        self.0.internal_validate()
    }
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter()
    }
    /// # Panics
    /// If the range starts after it ends (as `BTreeSet::range`; the crate's docs do not say).
    #[drt(instantiate(R = std::ops::Range<u32>))]
    pub fn range<R: std::ops::RangeBounds<u32>>(&self, range: R) -> impl Iterator<Item = u32> + '_ {
        self.0.range(range)
    }
    /// # Panics
    /// If the range starts after it ends (the crate's docs do not say).
    #[drt(instantiate(R = std::ops::Range<u32>))]
    pub fn into_range<R: std::ops::RangeBounds<u32>>(self, range: R) -> impl Iterator<Item = u32> {
        self.0.into_range(range)
    }
    pub fn from_sorted_iter<I: IntoIterator<Item = u32>>(iterator: I) -> Result<Self, NonSortedIntegers> {
        RoaringBitmap::from_sorted_iter(iterator).map(Roar)
    }
    pub fn append<I: IntoIterator<Item = u32>>(&mut self, iterator: I) -> Result<u64, NonSortedIntegers> {
        self.0.append(iterator)
    }
    pub fn is_disjoint(&self, other: &Self) -> bool {
        self.0.is_disjoint(&other.0)
    }
    pub fn is_subset(&self, other: &Self) -> bool {
        self.0.is_subset(&other.0)
    }
    pub fn is_superset(&self, other: &Self) -> bool {
        self.0.is_superset(&other.0)
    }
    pub fn intersection_len(&self, other: &Self) -> u64 {
        self.0.intersection_len(&other.0)
    }
    pub fn union_len(&self, other: &Self) -> u64 {
        self.0.union_len(&other.0)
    }
    pub fn difference_len(&self, other: &Self) -> u64 {
        self.0.difference_len(&other.0)
    }
    pub fn symmetric_difference_len(&self, other: &Self) -> u64 {
        self.0.symmetric_difference_len(&other.0)
    }
    pub fn serialized_size(&self) -> usize {
        self.0.serialized_size()
    }
    pub fn serialize_into<W: io::Write>(&self, writer: W) -> io::Result<()> {
        self.0.serialize_into(writer)
    }
    pub fn deserialize_from<R: io::Read>(reader: R) -> io::Result<Self> {
        RoaringBitmap::deserialize_from(reader).map(Roar)
    }
    pub fn deserialize_unchecked_from<R: io::Read>(reader: R) -> io::Result<Self> {
        RoaringBitmap::deserialize_unchecked_from(reader).map(Roar)
    }
    // drt makes readers for `R: io::Read` but not `io::Read + io::Seek`: it asked for `instantiate(R = u8)`
    // (refusal R6); a `Cursor` is what a user passes.
    #[drt(instantiate(R = std::io::Cursor<Vec<u8>>))]
    pub fn intersection_with_serialized_unchecked<R: io::Read + io::Seek>(&self, other: R) -> io::Result<Self> {
        self.0.intersection_with_serialized_unchecked(other).map(Roar)
    }
    pub fn statistics(&self) -> roaring::bitmap::Statistics {
        self.0.statistics()
    }
}

#[drt::operations]
impl From<[u32; 4]> for Roar {
    fn from(arr: [u32; 4]) -> Self {
        Roar(RoaringBitmap::from(arr))
    }
}

#[drt::operations]
impl FromIterator<u32> for Roar {
    fn from_iter<I: IntoIterator<Item = u32>>(iterator: I) -> Self {
        Roar(RoaringBitmap::from_iter(iterator))
    }
}

#[drt::operations]
impl Extend<u32> for Roar {
    fn extend<I: IntoIterator<Item = u32>>(&mut self, iterator: I) {
        self.0.extend(iterator)
    }
}

macro_rules! ops {
    ($($op:ident $f:ident $assign:ident $fa:ident),*) => {$(
        #[drt::operations]
        impl $op<Roar> for Roar {
            type Output = Roar;
            fn $f(self, rhs: Roar) -> Roar {
                Roar($op::$f(self.0, rhs.0))
            }
        }
        #[drt::operations]
        impl $assign<Roar> for Roar {
            fn $fa(&mut self, rhs: Roar) {
                $assign::$fa(&mut self.0, rhs.0)
            }
        }
    )*};
}

ops!(BitOr bitor BitOrAssign bitor_assign, BitAnd bitand BitAndAssign bitand_assign, Sub sub SubAssign sub_assign,
    BitXor bitxor BitXorAssign bitxor_assign);

mod common;

const BUDGET: u64 = 5_000;

#[test]
fn roaring_bitmap() {
    let report = drt::explore::<Roar>()
        .against::<std::collections::BTreeSet<u32>>()
        .seed(1)
        .max_sequences(BUDGET)
        .report();
    let pairing = common::summarize(&report, BUDGET);
    assert!(report.failures.is_empty(), "{report}");
    common::assert_paired(&pairing, "Roar", &["new", "insert", "remove", "contains", "iter", "is_subset"]);
}
