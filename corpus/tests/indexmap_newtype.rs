//! `indexmap::IndexMap<u8, i32>` and `indexmap::IndexSet<u8>` behind
//! forwarding newtypes, explored against `HashMap<u8, i32>` and
//! `HashSet<u8>`.
//!
//! The crate documents its panics as "***Panics*** if ..." sentences; drt
//! reads only a `# Panics` heading (finding N2 in README.md), so each such
//! sentence is put under one here.

#![allow(deprecated)] // `IndexMap::remove` and `remove_entry` are deprecated aliases, forwarded all the same

use std::cmp::Ordering;
use std::collections::hash_map::RandomState;

use indexmap::map::Slice;
use indexmap::{GetDisjointMutError, IndexMap, IndexSet, TryReserveError};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Map(IndexMap<u8, i32>);

// Returned iterators are named types in the crate (`indexmap::map::Iter`
// and so on); drt compiles those but only drops them (finding N1), so they
// are written `impl Iterator` here.
//
// drt makes no `std::cmp::Ordering` (defect D6): without these seeds every
// closure returning one (`binary_search_by`) has no answers and panics on
// its first call, so the method never runs normally against the reference.
#[drt::operations(seeds(Ordering = [Ordering::Less, Ordering::Equal, Ordering::Greater]))]
impl Map {
    pub fn new() -> Self {
        Map(IndexMap::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        Map(IndexMap::with_capacity(n))
    }
    pub fn with_capacity_and_hasher(n: usize, hash_builder: RandomState) -> Self {
        Map(IndexMap::with_capacity_and_hasher(n, hash_builder))
    }
    pub fn with_hasher(hash_builder: RandomState) -> Self {
        Map(IndexMap::with_hasher(hash_builder))
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn hasher(&self) -> &RandomState {
        self.0.hasher()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn iter(&self) -> impl Iterator<Item = (&u8, &i32)> + '_ {
        self.0.iter()
    }
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (&u8, &mut i32)> + '_ {
        self.0.iter_mut()
    }
    pub fn keys(&self) -> impl Iterator<Item = &u8> + '_ {
        self.0.keys()
    }
    pub fn into_keys(self) -> impl Iterator<Item = u8> {
        self.0.into_keys()
    }
    pub fn values(&self) -> impl Iterator<Item = &i32> + '_ {
        self.0.values()
    }
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut i32> + '_ {
        self.0.values_mut()
    }
    pub fn into_values(self) -> impl Iterator<Item = i32> {
        self.0.into_values()
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    /// # Panics
    /// ***Panics*** if the starting point is greater than the end point or if
    /// the end point is greater than the length of the map.
    #[drt(instantiate(R = std::ops::Range<usize>))]
    pub fn drain<R: std::ops::RangeBounds<usize>>(&mut self, range: R) -> impl Iterator<Item = (u8, i32)> + '_ {
        self.0.drain(range)
    }
    /// # Panics
    /// ***Panics*** if the starting point is greater than the end point or if
    /// the end point is greater than the length of the map.
    // The crate's `extract_if<F: FnMut(&K, &mut V) -> bool, R: RangeBounds<usize>>`: drt asks `instantiate`
    // to name `F` too (refusal R2), which no closure type can be, so `pred` is an `impl FnMut` here.
    #[drt(instantiate(R = std::ops::Range<usize>))]
    pub fn extract_if<'a, R: std::ops::RangeBounds<usize>>(
        &'a mut self,
        range: R,
        pred: impl FnMut(&u8, &mut i32) -> bool + 'a,
    ) -> impl Iterator<Item = (u8, i32)> + 'a {
        self.0.extract_if(range, pred)
    }
    /// # Panics
    /// ***Panics*** if `at > len`.
    pub fn split_off(&mut self, at: usize) -> Self {
        Map(self.0.split_off(at))
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }
    pub fn reserve_exact(&mut self, additional: usize) {
        self.0.reserve_exact(additional)
    }
    pub fn try_reserve(&mut self, additional: usize) -> Result<(), TryReserveError> {
        self.0.try_reserve(additional)
    }
    pub fn try_reserve_exact(&mut self, additional: usize) -> Result<(), TryReserveError> {
        self.0.try_reserve_exact(additional)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit()
    }
    pub fn shrink_to(&mut self, min_capacity: usize) {
        self.0.shrink_to(min_capacity)
    }
    pub fn insert(&mut self, key: u8, value: i32) -> Option<i32> {
        self.0.insert(key, value)
    }
    pub fn insert_full(&mut self, key: u8, value: i32) -> (usize, Option<i32>) {
        self.0.insert_full(key, value)
    }
    pub fn insert_sorted(&mut self, key: u8, value: i32) -> (usize, Option<i32>) {
        self.0.insert_sorted(key, value)
    }
    // drt makes closures of at most 3 arguments (refusal R3).
    #[drt(skip)]
    pub fn insert_sorted_by<F: FnMut(&u8, &i32, &u8, &i32) -> Ordering>(
        &mut self,
        key: u8,
        value: i32,
        cmp: F,
    ) -> (usize, Option<i32>) {
        self.0.insert_sorted_by(key, value, cmp)
    }
    // The crate's key type `B: Ord` is fixed to i32: drt cannot instantiate a generic closure return (R1).
    pub fn insert_sorted_by_key<F: FnMut(&u8, &i32) -> i32>(
        &mut self,
        key: u8,
        value: i32,
        sort_key: F,
    ) -> (usize, Option<i32>) {
        self.0.insert_sorted_by_key(key, value, sort_key)
    }
    /// # Panics
    /// ***Panics*** if `index` is out of bounds.
    pub fn insert_before(&mut self, index: usize, key: u8, value: i32) -> (usize, Option<i32>) {
        self.0.insert_before(index, key, value)
    }
    /// # Panics
    /// ***Panics*** if `index` is out of bounds.
    pub fn shift_insert(&mut self, index: usize, key: u8, value: i32) -> Option<i32> {
        self.0.shift_insert(index, key, value)
    }
    /// # Panics
    /// ***Panics*** if `index` is out of bounds.
    pub fn replace_index(&mut self, index: usize, key: u8) -> Result<u8, (usize, u8)> {
        self.0.replace_index(index, key)
    }
    pub fn entry(&mut self, key: u8) -> indexmap::map::Entry<'_, u8, i32> {
        self.0.entry(key)
    }
    /// # Panics
    /// ***Panics*** if the starting point is greater than the end point or if
    /// the end point is greater than the length of the map.
    #[drt(instantiate(R = std::ops::Range<usize>, I = Vec<(u8, i32)>))]
    pub fn splice<'a, R: std::ops::RangeBounds<usize>, I: IntoIterator<Item = (u8, i32)>>(
        &'a mut self,
        range: R,
        replace_with: I,
    ) -> impl Iterator<Item = (u8, i32)> + 'a
    where
        I::IntoIter: 'a,
    {
        self.0.splice(range, replace_with)
    }
    pub fn append(&mut self, other: &mut Self) {
        self.0.append(&mut other.0)
    }
    pub fn contains_key(&self, key: &u8) -> bool {
        self.0.contains_key(key)
    }
    pub fn get(&self, key: &u8) -> Option<&i32> {
        self.0.get(key)
    }
    pub fn get_key_value(&self, key: &u8) -> Option<(&u8, &i32)> {
        self.0.get_key_value(key)
    }
    pub fn get_full(&self, key: &u8) -> Option<(usize, &u8, &i32)> {
        self.0.get_full(key)
    }
    pub fn get_index_of(&self, key: &u8) -> Option<usize> {
        self.0.get_index_of(key)
    }
    pub fn get_mut(&mut self, key: &u8) -> Option<&mut i32> {
        self.0.get_mut(key)
    }
    pub fn get_key_value_mut(&mut self, key: &u8) -> Option<(&u8, &mut i32)> {
        self.0.get_key_value_mut(key)
    }
    pub fn get_full_mut(&mut self, key: &u8) -> Option<(usize, &u8, &mut i32)> {
        self.0.get_full_mut(key)
    }
    /// # Panics
    /// ***Panics*** if any key is duplicated.
    // The crate takes `keys: [&Q; N]`, which drt refuses (a borrow inside a parameter, refusal R4): owned
    // keys here, borrowed for the call.
    #[drt(instantiate(N = 2))]
    pub fn get_disjoint_mut<const N: usize>(&mut self, keys: [u8; N]) -> [Option<&mut i32>; N] {
        self.0.get_disjoint_mut(keys.each_ref())
    }
    pub fn remove(&mut self, key: &u8) -> Option<i32> {
        self.0.remove(key)
    }
    pub fn remove_entry(&mut self, key: &u8) -> Option<(u8, i32)> {
        self.0.remove_entry(key)
    }
    pub fn swap_remove(&mut self, key: &u8) -> Option<i32> {
        self.0.swap_remove(key)
    }
    pub fn swap_remove_entry(&mut self, key: &u8) -> Option<(u8, i32)> {
        self.0.swap_remove_entry(key)
    }
    pub fn swap_remove_full(&mut self, key: &u8) -> Option<(usize, u8, i32)> {
        self.0.swap_remove_full(key)
    }
    pub fn shift_remove(&mut self, key: &u8) -> Option<i32> {
        self.0.shift_remove(key)
    }
    pub fn shift_remove_entry(&mut self, key: &u8) -> Option<(u8, i32)> {
        self.0.shift_remove_entry(key)
    }
    pub fn shift_remove_full(&mut self, key: &u8) -> Option<(usize, u8, i32)> {
        self.0.shift_remove_full(key)
    }
    pub fn pop(&mut self) -> Option<(u8, i32)> {
        self.0.pop()
    }
    pub fn pop_if(&mut self, predicate: impl FnOnce(&u8, &mut i32) -> bool) -> Option<(u8, i32)> {
        self.0.pop_if(predicate)
    }
    pub fn retain<F: FnMut(&u8, &mut i32) -> bool>(&mut self, keep: F) {
        self.0.retain(keep)
    }
    pub fn sort_keys(&mut self) {
        self.0.sort_keys()
    }
    #[drt(skip)] // a closure of 4 arguments (R3)
    pub fn sort_by<F: FnMut(&u8, &i32, &u8, &i32) -> Ordering>(&mut self, cmp: F) {
        self.0.sort_by(cmp)
    }
    #[drt(skip)] // a closure of 4 arguments (R3)
    pub fn sorted_by<F: FnMut(&u8, &i32, &u8, &i32) -> Ordering>(self, cmp: F) -> impl Iterator<Item = (u8, i32)> {
        self.0.sorted_by(cmp)
    }
    // `T: Ord` fixed to i32 (R1), here and in the other `*_by_key` methods.
    // Skipped: drt's key closure answers 0, 1, 0, ... whatever the entry, so std's sort panics with "user-provided
    // comparison function does not correctly implement a total order" (false report D5).
    #[drt(skip)]
    pub fn sort_by_key<F: FnMut(&u8, &i32) -> i32>(&mut self, sort_key: F) {
        self.0.sort_by_key(sort_key)
    }
    pub fn sort_unstable_keys(&mut self) {
        self.0.sort_unstable_keys()
    }
    #[drt(skip)] // a closure of 4 arguments (R3)
    pub fn sort_unstable_by<F: FnMut(&u8, &i32, &u8, &i32) -> Ordering>(&mut self, cmp: F) {
        self.0.sort_unstable_by(cmp)
    }
    #[drt(skip)] // a closure of 4 arguments (R3)
    pub fn sorted_unstable_by<F: FnMut(&u8, &i32, &u8, &i32) -> Ordering>(
        self,
        cmp: F,
    ) -> impl Iterator<Item = (u8, i32)> {
        self.0.sorted_unstable_by(cmp)
    }
    pub fn sort_unstable_by_key<F: FnMut(&u8, &i32) -> i32>(&mut self, sort_key: F) {
        self.0.sort_unstable_by_key(sort_key)
    }
    pub fn sort_by_cached_key<F: FnMut(&u8, &i32) -> i32>(&mut self, sort_key: F) {
        self.0.sort_by_cached_key(sort_key)
    }
    pub fn binary_search_keys(&self, x: &u8) -> Result<usize, usize> {
        self.0.binary_search_keys(x)
    }
    // The crate's `binary_search_by<'a, F: FnMut(&'a K, &'a V) -> Ordering>(&'a self, f: F)`: the expansion
    // does not declare `'a` (E0261, defect D4), so the lifetime is left out here and below.
    pub fn binary_search_by<F: FnMut(&u8, &i32) -> Ordering>(&self, f: F) -> Result<usize, usize> {
        self.0.binary_search_by(f)
    }
    pub fn binary_search_by_key<F: FnMut(&u8, &i32) -> i32>(
        &self,
        b: &i32,
        f: F,
    ) -> Result<usize, usize> {
        self.0.binary_search_by_key(b, f)
    }
    pub fn is_sorted(&self) -> bool {
        self.0.is_sorted()
    }
    #[drt(skip)] // a closure of 4 arguments (R3)
    pub fn is_sorted_by<'a, F: FnMut(&'a u8, &'a i32, &'a u8, &'a i32) -> bool>(&'a self, cmp: F) -> bool {
        self.0.is_sorted_by(cmp)
    }
    pub fn is_sorted_by_key<F: FnMut(&u8, &i32) -> i32>(&self, sort_key: F) -> bool {
        self.0.is_sorted_by_key(sort_key)
    }
    pub fn partition_point<P: FnMut(&u8, &i32) -> bool>(&self, pred: P) -> usize {
        self.0.partition_point(pred)
    }
    pub fn reverse(&mut self) {
        self.0.reverse()
    }
    pub fn as_slice(&self) -> &Slice<u8, i32> {
        self.0.as_slice()
    }
    pub fn as_mut_slice(&mut self) -> &mut Slice<u8, i32> {
        self.0.as_mut_slice()
    }
    pub fn into_boxed_slice(self) -> Box<Slice<u8, i32>> {
        self.0.into_boxed_slice()
    }
    pub fn get_index(&self, index: usize) -> Option<(&u8, &i32)> {
        self.0.get_index(index)
    }
    pub fn get_index_mut(&mut self, index: usize) -> Option<(&u8, &mut i32)> {
        self.0.get_index_mut(index)
    }
    pub fn get_index_entry(&mut self, index: usize) -> Option<indexmap::map::IndexedEntry<'_, u8, i32>> {
        self.0.get_index_entry(index)
    }
    #[drt(instantiate(N = 2))]
    pub fn get_disjoint_indices_mut<const N: usize>(
        &mut self,
        indices: [usize; N],
    ) -> Result<[(&u8, &mut i32); N], GetDisjointMutError> {
        self.0.get_disjoint_indices_mut(indices)
    }
    #[drt(instantiate(R = std::ops::Range<usize>))]
    pub fn get_range<R: std::ops::RangeBounds<usize>>(&self, range: R) -> Option<&Slice<u8, i32>> {
        self.0.get_range(range)
    }
    #[drt(instantiate(R = std::ops::Range<usize>))]
    pub fn get_range_mut<R: std::ops::RangeBounds<usize>>(&mut self, range: R) -> Option<&mut Slice<u8, i32>> {
        self.0.get_range_mut(range)
    }
    pub fn first(&self) -> Option<(&u8, &i32)> {
        self.0.first()
    }
    pub fn first_mut(&mut self) -> Option<(&u8, &mut i32)> {
        self.0.first_mut()
    }
    pub fn first_entry(&mut self) -> Option<indexmap::map::IndexedEntry<'_, u8, i32>> {
        self.0.first_entry()
    }
    pub fn last(&self) -> Option<(&u8, &i32)> {
        self.0.last()
    }
    pub fn last_mut(&mut self) -> Option<(&u8, &mut i32)> {
        self.0.last_mut()
    }
    pub fn last_entry(&mut self) -> Option<indexmap::map::IndexedEntry<'_, u8, i32>> {
        self.0.last_entry()
    }
    pub fn swap_remove_index(&mut self, index: usize) -> Option<(u8, i32)> {
        self.0.swap_remove_index(index)
    }
    pub fn shift_remove_index(&mut self, index: usize) -> Option<(u8, i32)> {
        self.0.shift_remove_index(index)
    }
    /// # Panics
    /// ***Panics*** if `from` or `to` are out of bounds.
    pub fn move_index(&mut self, from: usize, to: usize) {
        self.0.move_index(from, to)
    }
    /// # Panics
    /// ***Panics*** if `a` or `b` are out of bounds.
    pub fn swap_indices(&mut self, a: usize, b: usize) {
        self.0.swap_indices(a, b)
    }
}

#[drt::operations]
impl std::ops::Index<&u8> for Map {
    type Output = i32;
    /// # Panics
    /// ***Panics*** if `key` is not present in the map.
    fn index(&self, key: &u8) -> &i32 {
        &self.0[key]
    }
}

#[drt::operations]
impl std::ops::IndexMut<&u8> for Map {
    /// # Panics
    /// ***Panics*** if `key` is not present in the map.
    fn index_mut(&mut self, key: &u8) -> &mut i32 {
        &mut self.0[key]
    }
}

#[drt::operations]
impl std::ops::Index<usize> for Map {
    type Output = i32;
    /// # Panics
    /// ***Panics*** if `index` is out of bounds.
    fn index(&self, index: usize) -> &i32 {
        &self.0[index]
    }
}

#[drt::operations]
impl std::ops::IndexMut<usize> for Map {
    /// # Panics
    /// ***Panics*** if `index` is out of bounds.
    fn index_mut(&mut self, index: usize) -> &mut i32 {
        &mut self.0[index]
    }
}

#[drt::operations]
impl FromIterator<(u8, i32)> for Map {
    fn from_iter<I: IntoIterator<Item = (u8, i32)>>(iterable: I) -> Self {
        Map(IndexMap::from_iter(iterable))
    }
}

#[drt::operations]
impl From<[(u8, i32); 3]> for Map {
    fn from(arr: [(u8, i32); 3]) -> Self {
        Map(IndexMap::from(arr))
    }
}

#[drt::operations]
impl Extend<(u8, i32)> for Map {
    fn extend<I: IntoIterator<Item = (u8, i32)>>(&mut self, iterable: I) {
        self.0.extend(iterable)
    }
}

mod common;

const BUDGET: u64 = 5_000;

#[test]
fn index_map() {
    let report =
        drt::explore::<Map>().against::<std::collections::HashMap<u8, i32>>().seed(1).max_sequences(BUDGET).report();
    let pairing = common::summarize(&report, BUDGET);
    assert!(report.failures.is_empty(), "{report}");
    common::assert_paired(&pairing, "Map", &["new", "insert", "remove", "get", "contains_key", "len"]);
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Set(IndexSet<u8>);

// As `Map`: named iterator types written `impl Iterator` (N1), `Ordering`
// seeds (D6), `***Panics***` sentences put under `# Panics` (N2).
#[drt::operations(seeds(Ordering = [Ordering::Less, Ordering::Equal, Ordering::Greater]))]
impl Set {
    pub fn new() -> Self {
        Set(IndexSet::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        Set(IndexSet::with_capacity(n))
    }
    pub fn with_capacity_and_hasher(n: usize, hash_builder: RandomState) -> Self {
        Set(IndexSet::with_capacity_and_hasher(n, hash_builder))
    }
    pub fn with_hasher(hash_builder: RandomState) -> Self {
        Set(IndexSet::with_hasher(hash_builder))
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn hasher(&self) -> &RandomState {
        self.0.hasher()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn iter(&self) -> impl Iterator<Item = &u8> + '_ {
        self.0.iter()
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    /// # Panics
    /// ***Panics*** if the starting point is greater than the end point or if
    /// the end point is greater than the length of the set.
    #[drt(instantiate(R = std::ops::Range<usize>))]
    pub fn drain<R: std::ops::RangeBounds<usize>>(&mut self, range: R) -> impl Iterator<Item = u8> + '_ {
        self.0.drain(range)
    }
    /// # Panics
    /// ***Panics*** if the starting point is greater than the end point or if
    /// the end point is greater than the length of the set.
    // `F` as `impl FnMut` (R2), as in `Map::extract_if`.
    #[drt(instantiate(R = std::ops::Range<usize>))]
    pub fn extract_if<'a, R: std::ops::RangeBounds<usize>>(
        &'a mut self,
        range: R,
        pred: impl FnMut(&u8) -> bool + 'a,
    ) -> impl Iterator<Item = u8> + 'a {
        self.0.extract_if(range, pred)
    }
    /// # Panics
    /// ***Panics*** if `at > len`.
    pub fn split_off(&mut self, at: usize) -> Self {
        Set(self.0.split_off(at))
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }
    pub fn reserve_exact(&mut self, additional: usize) {
        self.0.reserve_exact(additional)
    }
    pub fn try_reserve(&mut self, additional: usize) -> Result<(), TryReserveError> {
        self.0.try_reserve(additional)
    }
    pub fn try_reserve_exact(&mut self, additional: usize) -> Result<(), TryReserveError> {
        self.0.try_reserve_exact(additional)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit()
    }
    pub fn shrink_to(&mut self, min_capacity: usize) {
        self.0.shrink_to(min_capacity)
    }
    pub fn insert(&mut self, value: u8) -> bool {
        self.0.insert(value)
    }
    pub fn insert_full(&mut self, value: u8) -> (usize, bool) {
        self.0.insert_full(value)
    }
    pub fn insert_sorted(&mut self, value: u8) -> (usize, bool) {
        self.0.insert_sorted(value)
    }
    pub fn insert_sorted_by<F: FnMut(&u8, &u8) -> Ordering>(&mut self, value: u8, cmp: F) -> (usize, bool) {
        self.0.insert_sorted_by(value, cmp)
    }
    // `B: Ord` fixed to i32 (R1), here and in the other `*_by_key` methods.
    pub fn insert_sorted_by_key<F: FnMut(&u8) -> i32>(&mut self, value: u8, sort_key: F) -> (usize, bool) {
        self.0.insert_sorted_by_key(value, sort_key)
    }
    /// # Panics
    /// ***Panics*** if `index` is out of bounds.
    pub fn insert_before(&mut self, index: usize, value: u8) -> (usize, bool) {
        self.0.insert_before(index, value)
    }
    /// # Panics
    /// ***Panics*** if `index` is out of bounds.
    pub fn shift_insert(&mut self, index: usize, value: u8) -> bool {
        self.0.shift_insert(index, value)
    }
    pub fn replace(&mut self, value: u8) -> Option<u8> {
        self.0.replace(value)
    }
    pub fn replace_full(&mut self, value: u8) -> (usize, Option<u8>) {
        self.0.replace_full(value)
    }
    /// # Panics
    /// ***Panics*** if `index` is out of bounds.
    pub fn replace_index(&mut self, index: usize, value: u8) -> Result<u8, (usize, u8)> {
        self.0.replace_index(index, value)
    }
    pub fn difference<'a>(&'a self, other: &'a Self) -> impl Iterator<Item = &'a u8> + 'a {
        self.0.difference(&other.0)
    }
    pub fn symmetric_difference<'a>(&'a self, other: &'a Self) -> impl Iterator<Item = &'a u8> + 'a {
        self.0.symmetric_difference(&other.0)
    }
    pub fn intersection<'a>(&'a self, other: &'a Self) -> impl Iterator<Item = &'a u8> + 'a {
        self.0.intersection(&other.0)
    }
    pub fn union<'a>(&'a self, other: &'a Self) -> impl Iterator<Item = &'a u8> + 'a {
        self.0.union(&other.0)
    }
    /// # Panics
    /// ***Panics*** if the starting point is greater than the end point or if
    /// the end point is greater than the length of the set.
    #[drt(instantiate(R = std::ops::Range<usize>, I = Vec<u8>))]
    pub fn splice<'a, R: std::ops::RangeBounds<usize>, I: IntoIterator<Item = u8>>(
        &'a mut self,
        range: R,
        replace_with: I,
    ) -> impl Iterator<Item = u8> + 'a
    where
        I::IntoIter: 'a,
    {
        self.0.splice(range, replace_with)
    }
    pub fn append(&mut self, other: &mut Self) {
        self.0.append(&mut other.0)
    }
    pub fn contains(&self, value: &u8) -> bool {
        self.0.contains(value)
    }
    pub fn get(&self, value: &u8) -> Option<&u8> {
        self.0.get(value)
    }
    pub fn get_full(&self, value: &u8) -> Option<(usize, &u8)> {
        self.0.get_full(value)
    }
    pub fn get_index_of(&self, value: &u8) -> Option<usize> {
        self.0.get_index_of(value)
    }
    pub fn remove(&mut self, value: &u8) -> bool {
        self.0.remove(value)
    }
    pub fn swap_remove(&mut self, value: &u8) -> bool {
        self.0.swap_remove(value)
    }
    pub fn shift_remove(&mut self, value: &u8) -> bool {
        self.0.shift_remove(value)
    }
    pub fn take(&mut self, value: &u8) -> Option<u8> {
        self.0.take(value)
    }
    pub fn swap_take(&mut self, value: &u8) -> Option<u8> {
        self.0.swap_take(value)
    }
    pub fn shift_take(&mut self, value: &u8) -> Option<u8> {
        self.0.shift_take(value)
    }
    pub fn swap_remove_full(&mut self, value: &u8) -> Option<(usize, u8)> {
        self.0.swap_remove_full(value)
    }
    pub fn shift_remove_full(&mut self, value: &u8) -> Option<(usize, u8)> {
        self.0.shift_remove_full(value)
    }
    pub fn pop(&mut self) -> Option<u8> {
        self.0.pop()
    }
    pub fn pop_if(&mut self, predicate: impl FnOnce(&u8) -> bool) -> Option<u8> {
        self.0.pop_if(predicate)
    }
    pub fn retain<F: FnMut(&u8) -> bool>(&mut self, keep: F) {
        self.0.retain(keep)
    }
    pub fn sort(&mut self) {
        self.0.sort()
    }
    pub fn sort_by<F: FnMut(&u8, &u8) -> Ordering>(&mut self, cmp: F) {
        self.0.sort_by(cmp)
    }
    pub fn sorted_by<F: FnMut(&u8, &u8) -> Ordering>(self, cmp: F) -> impl Iterator<Item = u8> {
        self.0.sorted_by(cmp)
    }
    // Skipped: drt's key closure answers in turn whatever the value, so std's sort may panic with "user-provided
    // comparison function does not correctly implement a total order" (false report D5).
    #[drt(skip)]
    pub fn sort_by_key<F: FnMut(&u8) -> i32>(&mut self, sort_key: F) {
        self.0.sort_by_key(sort_key)
    }
    pub fn sort_unstable(&mut self) {
        self.0.sort_unstable()
    }
    pub fn sort_unstable_by<F: FnMut(&u8, &u8) -> Ordering>(&mut self, cmp: F) {
        self.0.sort_unstable_by(cmp)
    }
    pub fn sorted_unstable_by<F: FnMut(&u8, &u8) -> Ordering>(self, cmp: F) -> impl Iterator<Item = u8> {
        self.0.sorted_unstable_by(cmp)
    }
    pub fn sort_unstable_by_key<F: FnMut(&u8) -> i32>(&mut self, sort_key: F) {
        self.0.sort_unstable_by_key(sort_key)
    }
    pub fn sort_by_cached_key<F: FnMut(&u8) -> i32>(&mut self, sort_key: F) {
        self.0.sort_by_cached_key(sort_key)
    }
    pub fn binary_search(&self, x: &u8) -> Result<usize, usize> {
        self.0.binary_search(x)
    }
    // The crate's `'a` on `self` and the closure's arguments is left out (D4).
    pub fn binary_search_by<F: FnMut(&u8) -> Ordering>(&self, f: F) -> Result<usize, usize> {
        self.0.binary_search_by(f)
    }
    pub fn binary_search_by_key<F: FnMut(&u8) -> i32>(&self, b: &i32, f: F) -> Result<usize, usize> {
        self.0.binary_search_by_key(b, f)
    }
    pub fn is_sorted(&self) -> bool {
        self.0.is_sorted()
    }
    pub fn is_sorted_by<F: FnMut(&u8, &u8) -> bool>(&self, cmp: F) -> bool {
        self.0.is_sorted_by(cmp)
    }
    pub fn is_sorted_by_key<F: FnMut(&u8) -> i32>(&self, sort_key: F) -> bool {
        self.0.is_sorted_by_key(sort_key)
    }
    pub fn partition_point<P: FnMut(&u8) -> bool>(&self, pred: P) -> usize {
        self.0.partition_point(pred)
    }
    pub fn reverse(&mut self) {
        self.0.reverse()
    }
    pub fn as_slice(&self) -> &indexmap::set::Slice<u8> {
        self.0.as_slice()
    }
    pub fn into_boxed_slice(self) -> Box<indexmap::set::Slice<u8>> {
        self.0.into_boxed_slice()
    }
    pub fn get_index(&self, index: usize) -> Option<&u8> {
        self.0.get_index(index)
    }
    #[drt(instantiate(R = std::ops::Range<usize>))]
    pub fn get_range<R: std::ops::RangeBounds<usize>>(&self, range: R) -> Option<&indexmap::set::Slice<u8>> {
        self.0.get_range(range)
    }
    pub fn first(&self) -> Option<&u8> {
        self.0.first()
    }
    pub fn last(&self) -> Option<&u8> {
        self.0.last()
    }
    pub fn swap_remove_index(&mut self, index: usize) -> Option<u8> {
        self.0.swap_remove_index(index)
    }
    pub fn shift_remove_index(&mut self, index: usize) -> Option<u8> {
        self.0.shift_remove_index(index)
    }
    /// # Panics
    /// ***Panics*** if `from` or `to` are out of bounds.
    pub fn move_index(&mut self, from: usize, to: usize) {
        self.0.move_index(from, to)
    }
    /// # Panics
    /// ***Panics*** if `a` or `b` are out of bounds.
    pub fn swap_indices(&mut self, a: usize, b: usize) {
        self.0.swap_indices(a, b)
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
impl std::ops::Index<usize> for Set {
    type Output = u8;
    /// # Panics
    /// ***Panics*** if `index` is out of bounds.
    fn index(&self, index: usize) -> &u8 {
        &self.0[index]
    }
}

#[drt::operations]
impl FromIterator<u8> for Set {
    fn from_iter<I: IntoIterator<Item = u8>>(iterable: I) -> Self {
        Set(IndexSet::from_iter(iterable))
    }
}

#[drt::operations]
impl From<[u8; 3]> for Set {
    fn from(arr: [u8; 3]) -> Self {
        Set(IndexSet::from(arr))
    }
}

#[drt::operations]
impl Extend<u8> for Set {
    fn extend<I: IntoIterator<Item = u8>>(&mut self, iterable: I) {
        self.0.extend(iterable)
    }
}

// The crate's `impl BitAnd<&IndexSet> for &IndexSet` (and `BitOr`, `BitXor`, `Sub`), forwarded; `#[drt::operations]`
// on it is refused: "drt keeps owned values, so it cannot explore an impl for a reference; annotate the impl for
// `Set`" (refusal R5), so it is not explored.
impl std::ops::BitAnd<&Set> for &Set {
    type Output = Set;
    fn bitand(self, other: &Set) -> Set {
        Set(&self.0 & &other.0)
    }
}

#[test]
fn index_set() {
    let report =
        drt::explore::<Set>().against::<std::collections::HashSet<u8>>().seed(1).max_sequences(BUDGET).report();
    let pairing = common::summarize(&report, BUDGET);
    assert!(report.failures.is_empty(), "{report}");
    common::assert_paired(&pairing, "Set", &["new", "insert", "remove", "contains", "get", "take", "len"]);
}
