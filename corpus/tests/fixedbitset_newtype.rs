//! `fixedbitset::FixedBitSet` behind a forwarding newtype, explored alone:
//! no std collection is a fixed-size bit set whose `insert` panics past its
//! length.
//!
//! Not forwarded: the `unsafe` `*_unchecked` methods; the operators on
//! references (`&a & &b`, `&a | &b`, `&a ^ &b`), which drt refuses to explore
//! (R5), and the by-reference right-hand sides of `&=`, `|=`, `^=`.

use std::ops::{BitAndAssign, BitOrAssign, BitXorAssign};

use fixedbitset::{Block, FixedBitSet, IndexRange};

#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bits(FixedBitSet);

impl std::fmt::Display for Bits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

// The crate documents its panics as "**Panics** if ..." sentences, put under
// `# Panics` here (N2); its iterators (`Ones`, `Zeroes`, `Union`, ...) are
// written `impl Iterator` (N1).
#[drt::operations]
impl Bits {
    pub const fn new() -> Self {
        Bits(FixedBitSet::new())
    }
    pub fn with_capacity(bits: usize) -> Self {
        Bits(FixedBitSet::with_capacity(bits))
    }
    pub fn with_capacity_and_blocks<I: IntoIterator<Item = Block>>(bits: usize, blocks: I) -> Self {
        Bits(FixedBitSet::with_capacity_and_blocks(bits, blocks))
    }
    pub fn grow(&mut self, bits: usize) {
        self.0.grow(bits)
    }
    /// # Panics
    ///
    /// Panics if `bits` is `usize::MAX`, because the required length cannot be represented.
    pub fn grow_and_insert(&mut self, bits: usize) {
        self.0.grow_and_insert(bits)
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn is_clear(&self) -> bool {
        self.0.is_clear()
    }
    pub fn minimum(&self) -> Option<usize> {
        self.0.minimum()
    }
    pub fn maximum(&self) -> Option<usize> {
        self.0.maximum()
    }
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn contains(&self, bit: usize) -> bool {
        self.0.contains(bit)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    /// # Panics
    ///
    /// **Panics** if **bit** is out of bounds.
    pub fn insert(&mut self, bit: usize) {
        self.0.insert(bit)
    }
    /// # Panics
    ///
    /// **Panics** if **bit** is out of bounds.
    pub fn remove(&mut self, bit: usize) {
        self.0.remove(bit)
    }
    /// # Panics
    ///
    /// **Panics** if **bit** is out of bounds.
    pub fn put(&mut self, bit: usize) -> bool {
        self.0.put(bit)
    }
    /// # Panics
    ///
    /// ***Panics*** if **bit** is out of bounds
    pub fn toggle(&mut self, bit: usize) {
        self.0.toggle(bit)
    }
    /// # Panics
    ///
    /// **Panics** if **bit** is out of bounds.
    pub fn set(&mut self, bit: usize, enabled: bool) {
        self.0.set(bit, enabled)
    }
    /// # Panics
    ///
    /// **Panics** if **to** is out of bounds.
    pub fn copy_bit(&mut self, from: usize, to: usize) {
        self.0.copy_bit(from, to)
    }
    /// # Panics
    ///
    /// **Panics** if the range extends past the end of the bitset.
    #[drt(instantiate(T = std::ops::Range<usize>))]
    pub fn count_ones<T: IndexRange>(&self, range: T) -> usize {
        self.0.count_ones(range)
    }
    /// # Panics
    ///
    /// **Panics** if the range extends past the end of the bitset.
    #[drt(instantiate(T = std::ops::Range<usize>))]
    pub fn count_zeroes<T: IndexRange>(&self, range: T) -> usize {
        self.0.count_zeroes(range)
    }
    /// # Panics
    ///
    /// **Panics** if the range extends past the end of the bitset.
    #[drt(instantiate(T = std::ops::Range<usize>))]
    pub fn insert_range<T: IndexRange>(&mut self, range: T) {
        self.0.insert_range(range)
    }
    /// # Panics
    ///
    /// **Panics** if the range extends past the end of the bitset.
    #[drt(instantiate(T = std::ops::Range<usize>))]
    pub fn remove_range<T: IndexRange>(&mut self, range: T) {
        self.0.remove_range(range)
    }
    /// # Panics
    ///
    /// **Panics** if the range extends past the end of the bitset.
    #[drt(instantiate(T = std::ops::Range<usize>))]
    pub fn toggle_range<T: IndexRange>(&mut self, range: T) {
        self.0.toggle_range(range)
    }
    /// # Panics
    ///
    /// **Panics** if the range extends past the end of the bitset.
    #[drt(instantiate(T = std::ops::Range<usize>))]
    pub fn contains_all_in_range<T: IndexRange>(&self, range: T) -> bool {
        self.0.contains_all_in_range(range)
    }
    /// # Panics
    ///
    /// **Panics** if the range extends past the end of the bitset.
    #[drt(instantiate(T = std::ops::Range<usize>))]
    pub fn contains_any_in_range<T: IndexRange>(&self, range: T) -> bool {
        self.0.contains_any_in_range(range)
    }
    /// # Panics
    ///
    /// **Panics** if the range extends past the end of the bitset.
    #[drt(instantiate(T = std::ops::Range<usize>))]
    pub fn set_range<T: IndexRange>(&mut self, range: T, enabled: bool) {
        self.0.set_range(range, enabled)
    }
    pub fn as_slice(&self) -> &[Block] {
        self.0.as_slice()
    }
    pub fn as_mut_slice(&mut self) -> &mut [Block] {
        self.0.as_mut_slice()
    }
    pub fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.ones()
    }
    pub fn into_ones(self) -> impl Iterator<Item = usize> {
        self.0.into_ones()
    }
    pub fn zeroes(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.zeroes()
    }
    pub fn intersection<'a>(&'a self, other: &'a Self) -> impl Iterator<Item = usize> + 'a {
        self.0.intersection(&other.0)
    }
    pub fn union<'a>(&'a self, other: &'a Self) -> impl Iterator<Item = usize> + 'a {
        self.0.union(&other.0)
    }
    pub fn difference<'a>(&'a self, other: &'a Self) -> impl Iterator<Item = usize> + 'a {
        self.0.difference(&other.0)
    }
    pub fn symmetric_difference<'a>(&'a self, other: &'a Self) -> impl Iterator<Item = usize> + 'a {
        self.0.symmetric_difference(&other.0)
    }
    pub fn union_with(&mut self, other: &Self) {
        self.0.union_with(&other.0)
    }
    pub fn intersect_with(&mut self, other: &Self) {
        self.0.intersect_with(&other.0)
    }
    pub fn difference_with(&mut self, other: &Self) {
        self.0.difference_with(&other.0)
    }
    pub fn symmetric_difference_with(&mut self, other: &Self) {
        self.0.symmetric_difference_with(&other.0)
    }
    pub fn union_count(&self, other: &Self) -> usize {
        self.0.union_count(&other.0)
    }
    pub fn intersection_count(&self, other: &Self) -> usize {
        self.0.intersection_count(&other.0)
    }
    pub fn difference_count(&self, other: &Self) -> usize {
        self.0.difference_count(&other.0)
    }
    pub fn symmetric_difference_count(&self, other: &Self) -> usize {
        self.0.symmetric_difference_count(&other.0)
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
}

#[drt::operations]
impl std::ops::Index<usize> for Bits {
    type Output = bool;
    fn index(&self, bit: usize) -> &bool {
        &self.0[bit]
    }
}

// Skipped, with `from_iter` below: `extend(vec![usize::MAX / 64])` grows the set to hold that bit, a
// multi-exabyte allocation that aborts (reported as a `Crash`) or a long one (a `Timeout`) (false report D10: the
// bit index is a size, but drt's size rule looks only at integer arguments, not at integers inside an iterator).
#[drt::operations(skip(extend))]
impl Extend<usize> for Bits {
    fn extend<I: IntoIterator<Item = usize>>(&mut self, src: I) {
        self.0.extend(src)
    }
}

#[drt::operations(skip(from_iter))]
impl FromIterator<usize> for Bits {
    fn from_iter<I: IntoIterator<Item = usize>>(src: I) -> Self {
        Bits(FixedBitSet::from_iter(src))
    }
}

#[drt::operations]
impl BitAndAssign for Bits {
    fn bitand_assign(&mut self, other: Self) {
        self.0 &= other.0
    }
}

#[drt::operations]
impl BitOrAssign for Bits {
    fn bitor_assign(&mut self, other: Self) {
        self.0 |= other.0
    }
}

#[drt::operations]
impl BitXorAssign for Bits {
    fn bitxor_assign(&mut self, other: Self) {
        self.0 ^= other.0
    }
}

mod common;

const BUDGET: u64 = 5_000;

#[test]
fn fixed_bit_set() {
    let report = drt::explore::<Bits>().seed(1).max_sequences(BUDGET).report();
    common::summarize_alone(&report, BUDGET);
    assert!(report.failures.is_empty(), "{report}");
}
