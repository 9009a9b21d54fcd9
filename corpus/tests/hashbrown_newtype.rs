//! `hashbrown::HashMap<u8, i32>` behind a forwarding newtype, explored
//! against `std::collections::HashMap<u8, i32>`.
//!
//! Not forwarded: the allocator-taking constructors (`new_in`,
//! `with_capacity_in`, `with_hasher_in`, `with_capacity_and_hasher_in`) and
//! `allocator`, whose `A = Global` is allocator-api2's type, which this
//! crate does not name; the `unsafe` methods (`insert_unique_unchecked`,
//! `get_disjoint_unchecked_mut` and the like), which drt refuses; the
//! deprecated `get_many_*` aliases of `get_disjoint_*`.

use hashbrown::hash_map::{EntryRef, OccupiedError};
use hashbrown::{DefaultHashBuilder, HashMap, TryReserveError};

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Brown(HashMap<u8, i32>);

// Returned iterators are named types in the crate (`hashbrown::hash_map::Iter`
// and so on): written `impl Iterator` (N1).
#[drt::operations]
impl Brown {
    pub fn new() -> Self {
        Brown(HashMap::new())
    }
    pub fn with_capacity(capacity: usize) -> Self {
        Brown(HashMap::with_capacity(capacity))
    }
    pub const fn with_hasher(hash_builder: DefaultHashBuilder) -> Self {
        Brown(HashMap::with_hasher(hash_builder))
    }
    pub fn with_capacity_and_hasher(capacity: usize, hash_builder: DefaultHashBuilder) -> Self {
        Brown(HashMap::with_capacity_and_hasher(capacity, hash_builder))
    }
    pub fn hasher(&self) -> &DefaultHashBuilder {
        self.0.hasher()
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
    pub fn keys(&self) -> impl Iterator<Item = &u8> + '_ {
        self.0.keys()
    }
    pub fn values(&self) -> impl Iterator<Item = &i32> + '_ {
        self.0.values()
    }
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut i32> + '_ {
        self.0.values_mut()
    }
    pub fn iter(&self) -> impl Iterator<Item = (&u8, &i32)> + '_ {
        self.0.iter()
    }
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (&u8, &mut i32)> + '_ {
        self.0.iter_mut()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn drain(&mut self) -> impl Iterator<Item = (u8, i32)> + '_ {
        self.0.drain()
    }
    pub fn retain<F: FnMut(&u8, &mut i32) -> bool>(&mut self, f: F) {
        self.0.retain(f)
    }
    pub fn extract_if<'a, F: FnMut(&u8, &mut i32) -> bool + 'a>(
        &'a mut self,
        f: F,
    ) -> impl Iterator<Item = (u8, i32)> + 'a {
        self.0.extract_if(f)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn into_keys(self) -> impl Iterator<Item = u8> {
        self.0.into_keys()
    }
    pub fn into_values(self) -> impl Iterator<Item = i32> {
        self.0.into_values()
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }
    pub fn try_reserve(&mut self, additional: usize) -> Result<(), TryReserveError> {
        self.0.try_reserve(additional)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit()
    }
    pub fn shrink_to(&mut self, min_capacity: usize) {
        self.0.shrink_to(min_capacity)
    }
    pub fn entry(&mut self, key: u8) -> hashbrown::hash_map::Entry<'_, u8, i32, DefaultHashBuilder> {
        self.0.entry(key)
    }
    pub fn entry_ref<'a, 'b>(&'a mut self, key: &'b u8) -> EntryRef<'a, 'b, u8, u8, i32, DefaultHashBuilder> {
        self.0.entry_ref(key)
    }
    pub fn get(&self, k: &u8) -> Option<&i32> {
        self.0.get(k)
    }
    pub fn get_key_value(&self, k: &u8) -> Option<(&u8, &i32)> {
        self.0.get_key_value(k)
    }
    pub fn get_key_value_mut(&mut self, k: &u8) -> Option<(&u8, &mut i32)> {
        self.0.get_key_value_mut(k)
    }
    pub fn contains_key(&self, k: &u8) -> bool {
        self.0.contains_key(k)
    }
    pub fn get_mut(&mut self, k: &u8) -> Option<&mut i32> {
        self.0.get_mut(k)
    }
    /// # Panics
    ///
    /// Panics if any keys are overlapping.
    // The crate takes `ks: [&Q; N]`, refused (R4): owned keys here, borrowed for the call.
    #[drt(instantiate(N = 2))]
    pub fn get_disjoint_mut<const N: usize>(&mut self, ks: [u8; N]) -> [Option<&'_ mut i32>; N] {
        self.0.get_disjoint_mut(ks.each_ref())
    }
    /// # Panics
    ///
    /// Panics if any keys are overlapping.
    #[drt(instantiate(N = 2))]
    pub fn get_disjoint_key_value_mut<const N: usize>(&mut self, ks: [u8; N]) -> [Option<(&'_ u8, &'_ mut i32)>; N] {
        self.0.get_disjoint_key_value_mut(ks.each_ref())
    }
    pub fn insert(&mut self, k: u8, v: i32) -> Option<i32> {
        self.0.insert(k, v)
    }
    pub fn try_insert(
        &mut self,
        key: u8,
        value: i32,
    ) -> Result<&mut i32, OccupiedError<'_, u8, i32, DefaultHashBuilder>> {
        self.0.try_insert(key, value)
    }
    pub fn remove(&mut self, k: &u8) -> Option<i32> {
        self.0.remove(k)
    }
    pub fn remove_entry(&mut self, k: &u8) -> Option<(u8, i32)> {
        self.0.remove_entry(k)
    }
    pub fn allocation_size(&self) -> usize {
        self.0.allocation_size()
    }
}

#[drt::operations]
impl std::ops::Index<&u8> for Brown {
    type Output = i32;
    /// # Panics
    ///
    /// Panics if the key is not present in the `HashMap`.
    fn index(&self, key: &u8) -> &i32 {
        &self.0[key]
    }
}

#[drt::operations]
impl FromIterator<(u8, i32)> for Brown {
    fn from_iter<T: IntoIterator<Item = (u8, i32)>>(iter: T) -> Self {
        Brown(HashMap::from_iter(iter))
    }
}

#[drt::operations]
impl From<[(u8, i32); 3]> for Brown {
    fn from(arr: [(u8, i32); 3]) -> Self {
        Brown(HashMap::from(arr))
    }
}

#[drt::operations]
impl Extend<(u8, i32)> for Brown {
    fn extend<T: IntoIterator<Item = (u8, i32)>>(&mut self, iter: T) {
        self.0.extend(iter)
    }
}

mod common;

const BUDGET: u64 = 5_000;

#[test]
fn hashbrown_map() {
    let report =
        drt::explore::<Brown>().against::<std::collections::HashMap<u8, i32>>().seed(1).max_sequences(BUDGET).report();
    let pairing = common::summarize(&report, BUDGET);
    assert!(report.failures.is_empty(), "{report}");
    common::assert_paired(&pairing, "Brown", &["new", "insert", "remove", "get", "contains_key", "len", "extend"]);
}
