//! The false-report benchmark of the laws: types of popular, bug-free
//! published crates explored as most users first write them, a newtype whose
//! methods forward one to one to the inner type, with no `requires`, no
//! checks, no cap on any size and no invariant. The newtypes spell the
//! conventional methods with the conventional signatures (`new`, `Default`,
//! `len`, `is_empty`, `capacity`, `is_full`, `iter`, `keys`, `values`, `get`,
//! `contains`, `contains_key`, `first`, `last`, `front`, `back`, `push`,
//! `pop`, `push_front`, `pop_back`, ..., the operators with their `*Assign`
//! forms, `Display` with `FromStr`), so every law whose signatures they match
//! applies, and a law failure reported here is a false report unless the crate
//! has a bug. One it has: `rust_decimal` 1.43.0's `Decimal::rescale` can leave
//! a scale above 28 (`Decimal::new(1, 10)` rescaled to 100 has scale 38), and
//! such a value's `Display` panics: a broken contract ("Display does not
//! panic"), which the law `roundtrip` leaves to that oracle. And one
//! inconsistency `op_assign` reports: `fixedbitset`'s `a &= &b` keeps `a`'s
//! length while `&a & &b` takes the shorter, and its `==` compares lengths
//! (docs/BENCHMARKS.md, issue 36's second slice).
//!
//! Sixteen crates: `indexmap`, `smallvec`, `arrayvec`, `hashbrown`, `slab`,
//! `bitvec`, `fixedbitset`, `semver`, `url`, `im`, `heapless`, `tinyvec`,
//! `num-bigint`, `rust_decimal`, `uuid` and `ipnet`. Each type is explored
//! for a fixed number of sequences with each seed, and the table says how many
//! sequences ran, how long the exploration took, how many failures were
//! reported and how many of those are law failures (the number this benchmark
//! wants at zero), beside how many laws applied to the type. The other failures are the crates' documented panics
//! (`insert` past the end, `push` into a full `ArrayVec`, a division by zero),
//! allocation failures of sizes too large for a run, and oracles other than the
//! laws: this benchmark does not judge them, but lists them all after the table,
//! with each law failure's emitted test.
//!
//! Run with `cargo bench -p drt-examples --bench laws`. Settings:
//! `DRT_BENCH_SEQUENCES` (default 20000: the sequence budget of each run),
//! `DRT_BENCH_SEEDS` (default 3: seeds 1..=n). Every number printed is measured
//! in this run.

#![allow(
    clippy::new_without_default,
    clippy::len_without_is_empty,
    clippy::should_implement_trait,
    clippy::result_unit_err
)]

use std::fmt;
use std::net::Ipv4Addr;
use std::ops::{
    Add, AddAssign, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Div, DivAssign, Mul, MulAssign,
    Neg, Not, Rem, RemAssign, Shl, ShlAssign, Shr, ShrAssign, Sub, SubAssign,
};
use std::str::FromStr;
use std::time::Instant;

/// Operators forwarded one to one, each in a `#[drt::operations]` block:
/// `plain ref_ref T: BitOr bitor` is `impl BitOr<&T> for T` forwarding to
/// `&self.0 | &rhs.0` (`own_ref`: `self.0 | &rhs.0`; `own_own`: `impl BitOr
/// for T`, `self.0 | rhs.0`); `assign ref T: BitOrAssign bitor_assign` is
/// `impl BitOrAssign<&T> for T` forwarding to `self.0 |= &rhs.0` (`own`:
/// `impl BitOrAssign for T`, `self.0 |= rhs.0`).
macro_rules! forward {
    (plain ref_ref $T:ident: $($Op:ident $op:ident),*) => {$(
        #[drt::operations]
        impl $Op<&$T> for $T {
            type Output = $T;
            fn $op(self, rhs: &$T) -> $T {
                $T($Op::$op(&self.0, &rhs.0))
            }
        }
    )*};
    (plain own_ref $T:ident: $($Op:ident $op:ident),*) => {$(
        #[drt::operations]
        impl $Op<&$T> for $T {
            type Output = $T;
            fn $op(self, rhs: &$T) -> $T {
                $T($Op::$op(self.0, &rhs.0))
            }
        }
    )*};
    (plain own_own $T:ident: $($Op:ident $op:ident),*) => {$(
        #[drt::operations]
        impl $Op for $T {
            type Output = $T;
            fn $op(self, rhs: $T) -> $T {
                $T($Op::$op(self.0, rhs.0))
            }
        }
    )*};
    (assign ref $T:ident: $($Op:ident $op:ident),*) => {$(
        #[drt::operations]
        impl $Op<&$T> for $T {
            fn $op(&mut self, rhs: &$T) {
                $Op::$op(&mut self.0, &rhs.0)
            }
        }
    )*};
    (assign own $T:ident: $($Op:ident $op:ident),*) => {$(
        #[drt::operations]
        impl $Op for $T {
            fn $op(&mut self, rhs: $T) {
                $Op::$op(&mut self.0, rhs.0)
            }
        }
    )*};
}

// ---------------------------------------------------------------- indexmap

/// `indexmap::IndexMap<u16, u16>`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IdxMap(indexmap::IndexMap<u16, u16>);

#[drt::operations]
impl IdxMap {
    pub fn new() -> Self {
        IdxMap(indexmap::IndexMap::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        IdxMap(indexmap::IndexMap::with_capacity(n))
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
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&u16, &u16)> + ExactSizeIterator + '_ {
        self.0.iter()
    }
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &u16> + ExactSizeIterator + '_ {
        self.0.keys()
    }
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &u16> + ExactSizeIterator + '_ {
        self.0.values()
    }
    pub fn get(&self, key: &u16) -> Option<&u16> {
        self.0.get(key)
    }
    pub fn contains_key(&self, key: &u16) -> bool {
        self.0.contains_key(key)
    }
    pub fn get_index(&self, index: usize) -> Option<(&u16, &u16)> {
        self.0.get_index(index)
    }
    pub fn get_index_of(&self, key: &u16) -> Option<usize> {
        self.0.get_index_of(key)
    }
    pub fn first(&self) -> Option<(&u16, &u16)> {
        self.0.first()
    }
    pub fn last(&self) -> Option<(&u16, &u16)> {
        self.0.last()
    }
    pub fn insert(&mut self, key: u16, value: u16) -> Option<u16> {
        self.0.insert(key, value)
    }
    pub fn shift_insert(&mut self, index: usize, key: u16, value: u16) -> Option<u16> {
        self.0.shift_insert(index, key, value)
    }
    pub fn swap_remove(&mut self, key: &u16) -> Option<u16> {
        self.0.swap_remove(key)
    }
    pub fn shift_remove(&mut self, key: &u16) -> Option<u16> {
        self.0.shift_remove(key)
    }
    pub fn swap_remove_index(&mut self, index: usize) -> Option<(u16, u16)> {
        self.0.swap_remove_index(index)
    }
    pub fn shift_remove_index(&mut self, index: usize) -> Option<(u16, u16)> {
        self.0.shift_remove_index(index)
    }
    pub fn pop(&mut self) -> Option<(u16, u16)> {
        self.0.pop()
    }
    pub fn move_index(&mut self, from: usize, to: usize) {
        self.0.move_index(from, to)
    }
    pub fn swap_indices(&mut self, a: usize, b: usize) {
        self.0.swap_indices(a, b)
    }
    pub fn split_off(&mut self, at: usize) -> Self {
        IdxMap(self.0.split_off(at))
    }
    pub fn sort_keys(&mut self) {
        self.0.sort_keys()
    }
    pub fn reverse(&mut self) {
        self.0.reverse()
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit()
    }
    pub fn extend(&mut self, items: Vec<(u16, u16)>) {
        self.0.extend(items)
    }
}

/// `indexmap::IndexSet<u16>`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IdxSet(indexmap::IndexSet<u16>);

#[drt::operations]
impl IdxSet {
    pub fn new() -> Self {
        IdxSet(indexmap::IndexSet::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        IdxSet(indexmap::IndexSet::with_capacity(n))
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
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &u16> + ExactSizeIterator + '_ {
        self.0.iter()
    }
    pub fn contains(&self, value: &u16) -> bool {
        self.0.contains(value)
    }
    pub fn get_index(&self, index: usize) -> Option<&u16> {
        self.0.get_index(index)
    }
    pub fn get_index_of(&self, value: &u16) -> Option<usize> {
        self.0.get_index_of(value)
    }
    pub fn first(&self) -> Option<&u16> {
        self.0.first()
    }
    pub fn last(&self) -> Option<&u16> {
        self.0.last()
    }
    pub fn insert(&mut self, value: u16) -> bool {
        self.0.insert(value)
    }
    pub fn swap_remove(&mut self, value: &u16) -> bool {
        self.0.swap_remove(value)
    }
    pub fn shift_remove(&mut self, value: &u16) -> bool {
        self.0.shift_remove(value)
    }
    pub fn pop(&mut self) -> Option<u16> {
        self.0.pop()
    }
    pub fn sort(&mut self) {
        self.0.sort()
    }
    pub fn reverse(&mut self) {
        self.0.reverse()
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }
    pub fn extend(&mut self, items: Vec<u16>) {
        self.0.extend(items)
    }
    pub fn is_subset(&self, other: &IdxSet) -> bool {
        self.0.is_subset(&other.0)
    }
}

forward!(plain ref_ref IdxSet: BitOr bitor, BitAnd bitand, BitXor bitxor, Sub sub);

// ---------------------------------------------------------------- smallvec

/// `smallvec::SmallVec<[u32; 4]>`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Small(smallvec::SmallVec<[u32; 4]>);

#[drt::operations]
impl Small {
    pub fn new() -> Self {
        Small(smallvec::SmallVec::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        Small(smallvec::SmallVec::with_capacity(n))
    }
    pub fn from_elem(elem: u32, n: usize) -> Self {
        Small(smallvec::SmallVec::from_elem(elem, n))
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
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &u32> + ExactSizeIterator + '_ {
        self.0.iter()
    }
    pub fn get(&self, index: usize) -> Option<&u32> {
        self.0.get(index)
    }
    pub fn contains(&self, x: &u32) -> bool {
        self.0.contains(x)
    }
    pub fn first(&self) -> Option<&u32> {
        self.0.first()
    }
    pub fn last(&self) -> Option<&u32> {
        self.0.last()
    }
    pub fn push(&mut self, value: u32) {
        self.0.push(value)
    }
    pub fn pop(&mut self) -> Option<u32> {
        self.0.pop()
    }
    pub fn insert(&mut self, index: usize, value: u32) {
        self.0.insert(index, value)
    }
    pub fn insert_many(&mut self, index: usize, items: Vec<u32>) {
        self.0.insert_many(index, items)
    }
    pub fn remove(&mut self, index: usize) -> u32 {
        self.0.remove(index)
    }
    pub fn swap_remove(&mut self, index: usize) -> u32 {
        self.0.swap_remove(index)
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }
    pub fn grow(&mut self, new_cap: usize) {
        self.0.grow(new_cap)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit()
    }
    pub fn resize(&mut self, len: usize, value: u32) {
        self.0.resize(len, value)
    }
    pub fn dedup(&mut self) {
        self.0.dedup()
    }
    pub fn extend(&mut self, items: Vec<u32>) {
        self.0.extend(items)
    }
    pub fn extend_from_slice(&mut self, items: &[u32]) {
        self.0.extend_from_slice(items)
    }
    pub fn append(&mut self, other: &mut Small) {
        self.0.append(&mut other.0)
    }
}

// ---------------------------------------------------------------- arrayvec

/// `arrayvec::ArrayVec<u32, 8>`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArrVec(arrayvec::ArrayVec<u32, 8>);

#[drt::operations]
impl ArrVec {
    pub fn new() -> Self {
        ArrVec(arrayvec::ArrayVec::new())
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
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn remaining_capacity(&self) -> usize {
        self.0.remaining_capacity()
    }
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &u32> + ExactSizeIterator + '_ {
        self.0.iter()
    }
    pub fn get(&self, index: usize) -> Option<&u32> {
        self.0.get(index)
    }
    pub fn contains(&self, x: &u32) -> bool {
        self.0.contains(x)
    }
    pub fn first(&self) -> Option<&u32> {
        self.0.first()
    }
    pub fn last(&self) -> Option<&u32> {
        self.0.last()
    }
    pub fn push(&mut self, value: u32) {
        self.0.push(value)
    }
    pub fn try_push(&mut self, value: u32) -> Result<(), arrayvec::CapacityError<u32>> {
        self.0.try_push(value)
    }
    pub fn pop(&mut self) -> Option<u32> {
        self.0.pop()
    }
    pub fn insert(&mut self, index: usize, value: u32) {
        self.0.insert(index, value)
    }
    pub fn try_insert(&mut self, index: usize, value: u32) -> Result<(), arrayvec::CapacityError<u32>> {
        self.0.try_insert(index, value)
    }
    pub fn remove(&mut self, index: usize) -> u32 {
        self.0.remove(index)
    }
    pub fn pop_at(&mut self, index: usize) -> Option<u32> {
        self.0.pop_at(index)
    }
    pub fn swap_remove(&mut self, index: usize) -> u32 {
        self.0.swap_remove(index)
    }
    pub fn swap_pop(&mut self, index: usize) -> Option<u32> {
        self.0.swap_pop(index)
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn extend(&mut self, items: Vec<u32>) {
        self.0.extend(items)
    }
    pub fn try_extend_from_slice(&mut self, items: &[u32]) -> Result<(), arrayvec::CapacityError> {
        self.0.try_extend_from_slice(items)
    }
}

/// `arrayvec::ArrayString<16>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArrStr(arrayvec::ArrayString<16>);

#[drt::operations]
impl ArrStr {
    pub fn new() -> Self {
        ArrStr(arrayvec::ArrayString::new())
    }
    pub fn from(s: &str) -> Result<Self, arrayvec::CapacityError<&str>> {
        arrayvec::ArrayString::from(s).map(ArrStr)
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
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn remaining_capacity(&self) -> usize {
        self.0.remaining_capacity()
    }
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
    pub fn push(&mut self, c: char) {
        self.0.push(c)
    }
    pub fn try_push(&mut self, c: char) -> Result<(), arrayvec::CapacityError<char>> {
        self.0.try_push(c)
    }
    pub fn push_str(&mut self, s: &str) {
        self.0.push_str(s)
    }
    pub fn try_push_str<'a>(&mut self, s: &'a str) -> Result<(), arrayvec::CapacityError<&'a str>> {
        self.0.try_push_str(s)
    }
    pub fn pop(&mut self) -> Option<char> {
        self.0.pop()
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn remove(&mut self, index: usize) -> char {
        self.0.remove(index)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
}

impl fmt::Display for ArrStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[drt::operations]
impl FromStr for ArrStr {
    type Err = arrayvec::CapacityError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        arrayvec::ArrayString::from_str(s).map(ArrStr)
    }
}

// ---------------------------------------------------------------- hashbrown

/// `hashbrown::HashMap<u16, u16>`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HbMap(hashbrown::HashMap<u16, u16>);

#[drt::operations]
impl HbMap {
    pub fn new() -> Self {
        HbMap(hashbrown::HashMap::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        HbMap(hashbrown::HashMap::with_capacity(n))
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
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&u16, &u16)> + '_ {
        self.0.iter()
    }
    pub fn keys(&self) -> impl ExactSizeIterator<Item = &u16> + '_ {
        self.0.keys()
    }
    pub fn values(&self) -> impl ExactSizeIterator<Item = &u16> + '_ {
        self.0.values()
    }
    pub fn get(&self, key: &u16) -> Option<&u16> {
        self.0.get(key)
    }
    pub fn get_key_value(&self, key: &u16) -> Option<(&u16, &u16)> {
        self.0.get_key_value(key)
    }
    pub fn contains_key(&self, key: &u16) -> bool {
        self.0.contains_key(key)
    }
    pub fn insert(&mut self, key: u16, value: u16) -> Option<u16> {
        self.0.insert(key, value)
    }
    pub fn remove(&mut self, key: &u16) -> Option<u16> {
        self.0.remove(key)
    }
    pub fn remove_entry(&mut self, key: &u16) -> Option<(u16, u16)> {
        self.0.remove_entry(key)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit()
    }
    pub fn shrink_to(&mut self, min_capacity: usize) {
        self.0.shrink_to(min_capacity)
    }
    pub fn extend(&mut self, items: Vec<(u16, u16)>) {
        self.0.extend(items)
    }
}

/// `hashbrown::HashSet<u16>`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HbSet(hashbrown::HashSet<u16>);

#[drt::operations]
impl HbSet {
    pub fn new() -> Self {
        HbSet(hashbrown::HashSet::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        HbSet(hashbrown::HashSet::with_capacity(n))
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
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &u16> + '_ {
        self.0.iter()
    }
    pub fn contains(&self, value: &u16) -> bool {
        self.0.contains(value)
    }
    pub fn get(&self, value: &u16) -> Option<&u16> {
        self.0.get(value)
    }
    pub fn insert(&mut self, value: u16) -> bool {
        self.0.insert(value)
    }
    pub fn replace(&mut self, value: u16) -> Option<u16> {
        self.0.replace(value)
    }
    pub fn remove(&mut self, value: &u16) -> bool {
        self.0.remove(value)
    }
    pub fn take(&mut self, value: &u16) -> Option<u16> {
        self.0.take(value)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit()
    }
    pub fn extend(&mut self, items: Vec<u16>) {
        self.0.extend(items)
    }
    pub fn is_subset(&self, other: &HbSet) -> bool {
        self.0.is_subset(&other.0)
    }
    pub fn is_disjoint(&self, other: &HbSet) -> bool {
        self.0.is_disjoint(&other.0)
    }
}

forward!(plain ref_ref HbSet: BitOr bitor, BitAnd bitand, BitXor bitxor, Sub sub);
forward!(
    assign ref HbSet:
    BitOrAssign bitor_assign, BitAndAssign bitand_assign, BitXorAssign bitxor_assign, SubAssign sub_assign
);

// ---------------------------------------------------------------- slab

/// `slab::Slab<u32>`.
#[derive(Clone, Debug, Default)]
pub struct Slots(slab::Slab<u32>);

#[drt::operations]
impl Slots {
    pub fn new() -> Self {
        Slots(slab::Slab::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        Slots(slab::Slab::with_capacity(n))
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
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (usize, &u32)> + ExactSizeIterator + '_ {
        self.0.iter()
    }
    pub fn get(&self, key: usize) -> Option<&u32> {
        self.0.get(key)
    }
    pub fn contains(&self, key: usize) -> bool {
        self.0.contains(key)
    }
    pub fn vacant_key(&self) -> usize {
        self.0.vacant_key()
    }
    pub fn insert(&mut self, value: u32) -> usize {
        self.0.insert(value)
    }
    pub fn remove(&mut self, key: usize) -> u32 {
        self.0.remove(key)
    }
    pub fn try_remove(&mut self, key: usize) -> Option<u32> {
        self.0.try_remove(key)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit()
    }
}

// ---------------------------------------------------------------- bitvec

/// `bitvec::vec::BitVec` (of `usize`, `Lsb0`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bits(bitvec::vec::BitVec);

#[drt::operations]
impl Bits {
    pub fn new() -> Self {
        Bits(bitvec::vec::BitVec::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        Bits(bitvec::vec::BitVec::with_capacity(n))
    }
    pub fn repeat(bit: bool, len: usize) -> Self {
        Bits(bitvec::vec::BitVec::repeat(bit, len))
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
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = bool> + ExactSizeIterator + '_ {
        self.0.iter().by_vals()
    }
    pub fn get(&self, index: usize) -> Option<bool> {
        self.0.get(index).map(|b| *b)
    }
    pub fn first(&self) -> Option<bool> {
        self.0.first().map(|b| *b)
    }
    pub fn last(&self) -> Option<bool> {
        self.0.last().map(|b| *b)
    }
    pub fn count_ones(&self) -> usize {
        self.0.count_ones()
    }
    pub fn any(&self) -> bool {
        self.0.any()
    }
    pub fn all(&self) -> bool {
        self.0.all()
    }
    pub fn first_one(&self) -> Option<usize> {
        self.0.first_one()
    }
    pub fn set(&mut self, index: usize, value: bool) {
        self.0.set(index, value)
    }
    pub fn push(&mut self, value: bool) {
        self.0.push(value)
    }
    pub fn pop(&mut self) -> Option<bool> {
        self.0.pop()
    }
    pub fn insert(&mut self, index: usize, value: bool) {
        self.0.insert(index, value)
    }
    pub fn remove(&mut self, index: usize) -> bool {
        self.0.remove(index)
    }
    pub fn swap_remove(&mut self, index: usize) -> bool {
        self.0.swap_remove(index)
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn resize(&mut self, len: usize, value: bool) {
        self.0.resize(len, value)
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit()
    }
    pub fn fill(&mut self, value: bool) {
        self.0.fill(value)
    }
    pub fn reverse(&mut self) {
        self.0.reverse()
    }
    pub fn rotate_left(&mut self, by: usize) {
        self.0.rotate_left(by)
    }
    pub fn shift_end(&mut self, by: usize) {
        self.0.shift_end(by)
    }
    pub fn extend(&mut self, bits: Vec<bool>) {
        self.0.extend(bits)
    }
    pub fn append(&mut self, other: &mut Bits) {
        self.0.append(&mut other.0)
    }
    pub fn split_off(&mut self, at: usize) -> Self {
        Bits(self.0.split_off(at))
    }
}

impl fmt::Display for Bits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

forward!(plain own_ref Bits: BitAnd bitand, BitOr bitor, BitXor bitxor);
forward!(assign ref Bits: BitAndAssign bitand_assign, BitOrAssign bitor_assign, BitXorAssign bitxor_assign);

#[drt::operations]
impl Not for Bits {
    type Output = Bits;
    fn not(self) -> Bits {
        Bits(!self.0)
    }
}

// ---------------------------------------------------------------- fixedbitset

/// `fixedbitset::FixedBitSet`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FixedBits(fixedbitset::FixedBitSet);

#[drt::operations]
impl FixedBits {
    pub fn new() -> Self {
        FixedBits(fixedbitset::FixedBitSet::new())
    }
    pub fn with_capacity(bits: usize) -> Self {
        FixedBits(fixedbitset::FixedBitSet::with_capacity(bits))
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
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn ones(&self) -> impl DoubleEndedIterator<Item = usize> + '_ {
        self.0.ones()
    }
    pub fn contains(&self, bit: usize) -> bool {
        self.0.contains(bit)
    }
    pub fn minimum(&self) -> Option<usize> {
        self.0.minimum()
    }
    pub fn maximum(&self) -> Option<usize> {
        self.0.maximum()
    }
    pub fn count_ones(&self) -> usize {
        self.0.count_ones(..)
    }
    pub fn grow(&mut self, bits: usize) {
        self.0.grow(bits)
    }
    pub fn grow_and_insert(&mut self, bit: usize) {
        self.0.grow_and_insert(bit)
    }
    pub fn insert(&mut self, bit: usize) {
        self.0.insert(bit)
    }
    pub fn remove(&mut self, bit: usize) {
        self.0.remove(bit)
    }
    pub fn put(&mut self, bit: usize) -> bool {
        self.0.put(bit)
    }
    pub fn toggle(&mut self, bit: usize) {
        self.0.toggle(bit)
    }
    pub fn set(&mut self, bit: usize, enabled: bool) {
        self.0.set(bit, enabled)
    }
    pub fn insert_range(&mut self, start: usize, end: usize) {
        self.0.insert_range(start..end)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn is_subset(&self, other: &FixedBits) -> bool {
        self.0.is_subset(&other.0)
    }
}

impl fmt::Display for FixedBits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

forward!(plain ref_ref FixedBits: BitAnd bitand, BitOr bitor, BitXor bitxor);
forward!(assign ref FixedBits: BitAndAssign bitand_assign, BitOrAssign bitor_assign, BitXorAssign bitxor_assign);

// ---------------------------------------------------------------- semver

/// `semver::Version`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SemVersion(semver::Version);

#[drt::operations(seeds(String = ["1.2.3", "0.0.0-alpha.1+build.5", "1.0.0-rc.1", "10.20.30+meta"]))]
impl SemVersion {
    pub fn new(major: u64, minor: u64, patch: u64) -> Self {
        SemVersion(semver::Version::new(major, minor, patch))
    }
    pub fn parse(text: &str) -> Result<Self, semver::Error> {
        semver::Version::parse(text).map(SemVersion)
    }
    pub fn major(&self) -> u64 {
        self.0.major
    }
    pub fn minor(&self) -> u64 {
        self.0.minor
    }
    pub fn patch(&self) -> u64 {
        self.0.patch
    }
    pub fn pre(&self) -> &str {
        self.0.pre.as_str()
    }
    pub fn build(&self) -> &str {
        self.0.build.as_str()
    }
    pub fn set_pre(&mut self, pre: &str) -> Result<(), semver::Error> {
        self.0.pre = semver::Prerelease::new(pre)?;
        Ok(())
    }
    pub fn set_build(&mut self, build: &str) -> Result<(), semver::Error> {
        self.0.build = semver::BuildMetadata::new(build)?;
        Ok(())
    }
    pub fn cmp_precedence(&self, other: &SemVersion) -> std::cmp::Ordering {
        self.0.cmp_precedence(&other.0)
    }
}

impl fmt::Display for SemVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[drt::operations]
impl FromStr for SemVersion {
    type Err = semver::Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        semver::Version::from_str(s).map(SemVersion)
    }
}

/// `semver::VersionReq`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SemReq(semver::VersionReq);

#[drt::operations(seeds(String = ["^1.2.3", ">=1.0, <2.0", "~0.3", "=1.0.0-alpha", "*", "1.*", "<=2.1.0-rc.1"]))]
impl SemReq {
    pub fn parse(text: &str) -> Result<Self, semver::Error> {
        semver::VersionReq::parse(text).map(SemReq)
    }
    pub fn matches(&self, version: &SemVersion) -> bool {
        self.0.matches(&version.0)
    }
    pub fn len(&self) -> usize {
        self.0.comparators.len()
    }
}

impl fmt::Display for SemReq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[drt::operations]
impl FromStr for SemReq {
    type Err = semver::Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        semver::VersionReq::from_str(s).map(SemReq)
    }
}

// ---------------------------------------------------------------- url

/// `url::Url`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Link(url::Url);

#[drt::operations(seeds(String = [
    "https://user:pw@example.com:8080/a/b?q=1#frag",
    "http://127.0.0.1/",
    "file:///tmp/x",
    "mailto:someone@example.com",
    "data:text/plain,hi",
    "../c/./d",
    "//other.org/p",
    "?x=y",
    "#top",
    "https://[::1]:443/",
]))]
impl Link {
    pub fn parse(input: &str) -> Result<Self, url::ParseError> {
        url::Url::parse(input).map(Link)
    }
    pub fn join(&self, input: &str) -> Result<Self, url::ParseError> {
        self.0.join(input).map(Link)
    }
    pub fn make_relative(&self, base: &Link) -> Option<String> {
        self.0.make_relative(&base.0)
    }
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
    pub fn scheme(&self) -> &str {
        self.0.scheme()
    }
    pub fn cannot_be_a_base(&self) -> bool {
        self.0.cannot_be_a_base()
    }
    pub fn username(&self) -> &str {
        self.0.username()
    }
    pub fn password(&self) -> Option<&str> {
        self.0.password()
    }
    pub fn host_str(&self) -> Option<&str> {
        self.0.host_str()
    }
    pub fn port(&self) -> Option<u16> {
        self.0.port()
    }
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.0.port_or_known_default()
    }
    pub fn path(&self) -> &str {
        self.0.path()
    }
    pub fn query(&self) -> Option<&str> {
        self.0.query()
    }
    pub fn fragment(&self) -> Option<&str> {
        self.0.fragment()
    }
    pub fn set_scheme(&mut self, scheme: &str) -> Result<(), ()> {
        self.0.set_scheme(scheme)
    }
    pub fn set_username(&mut self, username: &str) -> Result<(), ()> {
        self.0.set_username(username)
    }
    pub fn set_password(&mut self, password: Option<String>) -> Result<(), ()> {
        self.0.set_password(password.as_deref())
    }
    pub fn set_host(&mut self, host: Option<String>) -> Result<(), url::ParseError> {
        self.0.set_host(host.as_deref())
    }
    pub fn set_port(&mut self, port: Option<u16>) -> Result<(), ()> {
        self.0.set_port(port)
    }
    pub fn set_path(&mut self, path: &str) {
        self.0.set_path(path)
    }
    pub fn set_query(&mut self, query: Option<String>) {
        self.0.set_query(query.as_deref())
    }
    pub fn set_fragment(&mut self, fragment: Option<String>) {
        self.0.set_fragment(fragment.as_deref())
    }
}

impl fmt::Display for Link {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[drt::operations]
impl FromStr for Link {
    type Err = url::ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        url::Url::from_str(s).map(Link)
    }
}

// ---------------------------------------------------------------- im

/// `im::Vector<u32>`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ImVector(im::Vector<u32>);

#[drt::operations]
impl ImVector {
    pub fn new() -> Self {
        ImVector(im::Vector::new())
    }
    pub fn unit(value: u32) -> Self {
        ImVector(im::Vector::unit(value))
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &u32> + ExactSizeIterator + '_ {
        self.0.iter()
    }
    pub fn get(&self, index: usize) -> Option<&u32> {
        self.0.get(index)
    }
    pub fn contains(&self, x: &u32) -> bool {
        self.0.contains(x)
    }
    pub fn index_of(&self, x: &u32) -> Option<usize> {
        self.0.index_of(x)
    }
    pub fn front(&self) -> Option<&u32> {
        self.0.front()
    }
    pub fn back(&self) -> Option<&u32> {
        self.0.back()
    }
    pub fn head(&self) -> Option<&u32> {
        self.0.head()
    }
    pub fn last(&self) -> Option<&u32> {
        self.0.last()
    }
    pub fn push_front(&mut self, value: u32) {
        self.0.push_front(value)
    }
    pub fn push_back(&mut self, value: u32) {
        self.0.push_back(value)
    }
    pub fn pop_front(&mut self) -> Option<u32> {
        self.0.pop_front()
    }
    pub fn pop_back(&mut self) -> Option<u32> {
        self.0.pop_back()
    }
    pub fn insert(&mut self, index: usize, value: u32) {
        self.0.insert(index, value)
    }
    pub fn remove(&mut self, index: usize) -> u32 {
        self.0.remove(index)
    }
    pub fn set(&mut self, index: usize, value: u32) -> u32 {
        self.0.set(index, value)
    }
    pub fn update(&self, index: usize, value: u32) -> Self {
        ImVector(self.0.update(index, value))
    }
    pub fn swap(&mut self, i: usize, j: usize) {
        self.0.swap(i, j)
    }
    pub fn append(&mut self, other: ImVector) {
        self.0.append(other.0)
    }
    pub fn split_off(&mut self, at: usize) -> Self {
        ImVector(self.0.split_off(at))
    }
    pub fn skip(&self, count: usize) -> Self {
        ImVector(self.0.skip(count))
    }
    pub fn take(&self, count: usize) -> Self {
        ImVector(self.0.take(count))
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn sort(&mut self) {
        self.0.sort()
    }
    pub fn insert_ord(&mut self, value: u32) {
        self.0.insert_ord(value)
    }
    pub fn extend(&mut self, items: Vec<u32>) {
        self.0.extend(items)
    }
}

/// `im::OrdMap<u16, u16>`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ImMap(im::OrdMap<u16, u16>);

#[drt::operations]
impl ImMap {
    pub fn new() -> Self {
        ImMap(im::OrdMap::new())
    }
    pub fn unit(key: u16, value: u16) -> Self {
        ImMap(im::OrdMap::unit(key, value))
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&u16, &u16)> + ExactSizeIterator + '_ {
        self.0.iter()
    }
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &u16> + ExactSizeIterator + '_ {
        self.0.keys()
    }
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &u16> + ExactSizeIterator + '_ {
        self.0.values()
    }
    pub fn get(&self, key: &u16) -> Option<&u16> {
        self.0.get(key)
    }
    pub fn contains_key(&self, key: &u16) -> bool {
        self.0.contains_key(key)
    }
    pub fn get_min(&self) -> Option<&(u16, u16)> {
        self.0.get_min()
    }
    pub fn get_max(&self) -> Option<&(u16, u16)> {
        self.0.get_max()
    }
    pub fn insert(&mut self, key: u16, value: u16) -> Option<u16> {
        self.0.insert(key, value)
    }
    pub fn remove(&mut self, key: &u16) -> Option<u16> {
        self.0.remove(key)
    }
    pub fn remove_with_key(&mut self, key: &u16) -> Option<(u16, u16)> {
        self.0.remove_with_key(key)
    }
    pub fn update(&self, key: u16, value: u16) -> Self {
        ImMap(self.0.update(key, value))
    }
    pub fn without(&self, key: &u16) -> Self {
        ImMap(self.0.without(key))
    }
    pub fn union(self, other: ImMap) -> Self {
        ImMap(self.0.union(other.0))
    }
    pub fn intersection(self, other: ImMap) -> Self {
        ImMap(self.0.intersection(other.0))
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn extend(&mut self, items: Vec<(u16, u16)>) {
        self.0.extend(items)
    }
}

/// `im::OrdSet<u16>`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ImSet(im::OrdSet<u16>);

#[drt::operations]
impl ImSet {
    pub fn new() -> Self {
        ImSet(im::OrdSet::new())
    }
    pub fn unit(value: u16) -> Self {
        ImSet(im::OrdSet::unit(value))
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &u16> + ExactSizeIterator + '_ {
        self.0.iter()
    }
    pub fn contains(&self, value: &u16) -> bool {
        self.0.contains(value)
    }
    pub fn get_min(&self) -> Option<&u16> {
        self.0.get_min()
    }
    pub fn get_max(&self) -> Option<&u16> {
        self.0.get_max()
    }
    pub fn get_prev(&self, value: &u16) -> Option<&u16> {
        self.0.get_prev(value)
    }
    pub fn get_next(&self, value: &u16) -> Option<&u16> {
        self.0.get_next(value)
    }
    pub fn insert(&mut self, value: u16) -> Option<u16> {
        self.0.insert(value)
    }
    pub fn remove(&mut self, value: &u16) -> Option<u16> {
        self.0.remove(value)
    }
    pub fn remove_min(&mut self) -> Option<u16> {
        self.0.remove_min()
    }
    pub fn remove_max(&mut self) -> Option<u16> {
        self.0.remove_max()
    }
    pub fn difference(self, other: ImSet) -> Self {
        ImSet(self.0.difference(other.0))
    }
    pub fn symmetric_difference(self, other: ImSet) -> Self {
        ImSet(self.0.symmetric_difference(other.0))
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn extend(&mut self, items: Vec<u16>) {
        self.0.extend(items)
    }
    pub fn is_subset(&self, other: &ImSet) -> bool {
        self.0.is_subset(&other.0)
    }
}

forward!(plain own_own ImSet: Add add, Mul mul);

// ---------------------------------------------------------------- heapless

/// `heapless::Vec<u32, 8>`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HlVec(heapless::Vec<u32, 8>);

#[drt::operations]
impl HlVec {
    pub fn new() -> Self {
        HlVec(heapless::Vec::new())
    }
    pub fn from_slice(items: &[u32]) -> Result<Self, heapless::CapacityError> {
        heapless::Vec::from_slice(items).map(HlVec)
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
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &u32> + ExactSizeIterator + '_ {
        self.0.iter()
    }
    pub fn get(&self, index: usize) -> Option<&u32> {
        self.0.get(index)
    }
    pub fn contains(&self, x: &u32) -> bool {
        self.0.contains(x)
    }
    pub fn first(&self) -> Option<&u32> {
        self.0.first()
    }
    pub fn last(&self) -> Option<&u32> {
        self.0.last()
    }
    pub fn push(&mut self, value: u32) -> Result<(), u32> {
        self.0.push(value)
    }
    pub fn pop(&mut self) -> Option<u32> {
        self.0.pop()
    }
    pub fn insert(&mut self, index: usize, value: u32) -> Result<(), u32> {
        self.0.insert(index, value)
    }
    pub fn remove(&mut self, index: usize) -> u32 {
        self.0.remove(index)
    }
    pub fn swap_remove(&mut self, index: usize) -> u32 {
        self.0.swap_remove(index)
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn resize(&mut self, len: usize, value: u32) -> Result<(), heapless::CapacityError> {
        self.0.resize(len, value)
    }
    pub fn extend(&mut self, items: Vec<u32>) {
        self.0.extend(items)
    }
    pub fn extend_from_slice(&mut self, items: &[u32]) -> Result<(), heapless::CapacityError> {
        self.0.extend_from_slice(items)
    }
}

/// `heapless::Deque<u32, 8>`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HlDeque(heapless::Deque<u32, 8>);

#[drt::operations]
impl HlDeque {
    pub fn new() -> Self {
        HlDeque(heapless::Deque::new())
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
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &u32> + ExactSizeIterator + '_ {
        self.0.iter()
    }
    pub fn get(&self, index: usize) -> Option<&u32> {
        self.0.get(index)
    }
    pub fn front(&self) -> Option<&u32> {
        self.0.front()
    }
    pub fn back(&self) -> Option<&u32> {
        self.0.back()
    }
    pub fn push_front(&mut self, value: u32) -> Result<(), u32> {
        self.0.push_front(value)
    }
    pub fn push_back(&mut self, value: u32) -> Result<(), u32> {
        self.0.push_back(value)
    }
    pub fn pop_front(&mut self) -> Option<u32> {
        self.0.pop_front()
    }
    pub fn pop_back(&mut self) -> Option<u32> {
        self.0.pop_back()
    }
    pub fn swap(&mut self, i: usize, j: usize) {
        self.0.swap(i, j)
    }
    pub fn swap_remove_front(&mut self, index: usize) -> Option<u32> {
        self.0.swap_remove_front(index)
    }
    pub fn swap_remove_back(&mut self, index: usize) -> Option<u32> {
        self.0.swap_remove_back(index)
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn make_contiguous(&mut self) -> &mut [u32] {
        self.0.make_contiguous()
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn extend(&mut self, items: Vec<u32>) {
        self.0.extend(items)
    }
}

/// `heapless::String<16>`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HlString(heapless::String<16>);

#[drt::operations]
impl HlString {
    pub fn new() -> Self {
        HlString(heapless::String::new())
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
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
    pub fn push(&mut self, c: char) -> Result<(), heapless::CapacityError> {
        self.0.push(c)
    }
    pub fn push_str(&mut self, s: &str) -> Result<(), heapless::CapacityError> {
        self.0.push_str(s)
    }
    pub fn insert(&mut self, index: usize, c: char) -> Result<(), heapless::CapacityError> {
        self.0.insert(index, c)
    }
    pub fn insert_str(&mut self, index: usize, s: &str) -> Result<(), heapless::CapacityError> {
        self.0.insert_str(index, s)
    }
    pub fn pop(&mut self) -> Option<char> {
        self.0.pop()
    }
    pub fn remove(&mut self, index: usize) -> char {
        self.0.remove(index)
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
}

impl fmt::Display for HlString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[drt::operations]
impl FromStr for HlString {
    type Err = heapless::CapacityError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        heapless::String::from_str(s).map(HlString)
    }
}

// ---------------------------------------------------------------- tinyvec

/// `tinyvec::ArrayVec<[u32; 8]>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TinyArr(tinyvec::ArrayVec<[u32; 8]>);

#[drt::operations]
impl TinyArr {
    pub fn new() -> Self {
        TinyArr(tinyvec::ArrayVec::new())
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
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &u32> + ExactSizeIterator + '_ {
        self.0.iter()
    }
    pub fn get(&self, index: usize) -> Option<&u32> {
        self.0.get(index)
    }
    pub fn contains(&self, x: &u32) -> bool {
        self.0.contains(x)
    }
    pub fn first(&self) -> Option<&u32> {
        self.0.first()
    }
    pub fn last(&self) -> Option<&u32> {
        self.0.last()
    }
    pub fn push(&mut self, value: u32) {
        self.0.push(value)
    }
    pub fn try_push(&mut self, value: u32) -> Option<u32> {
        self.0.try_push(value)
    }
    pub fn pop(&mut self) -> Option<u32> {
        self.0.pop()
    }
    pub fn insert(&mut self, index: usize, value: u32) {
        self.0.insert(index, value)
    }
    pub fn try_insert(&mut self, index: usize, value: u32) -> Option<u32> {
        self.0.try_insert(index, value)
    }
    pub fn remove(&mut self, index: usize) -> u32 {
        self.0.remove(index)
    }
    pub fn swap_remove(&mut self, index: usize) -> u32 {
        self.0.swap_remove(index)
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn resize(&mut self, len: usize, value: u32) {
        self.0.resize(len, value)
    }
    pub fn split_off(&mut self, at: usize) -> Self {
        TinyArr(self.0.split_off(at))
    }
    pub fn append(&mut self, other: &mut TinyArr) {
        self.0.append(&mut other.0)
    }
    pub fn extend(&mut self, items: Vec<u32>) {
        self.0.extend(items)
    }
    pub fn extend_from_slice(&mut self, items: &[u32]) {
        self.0.extend_from_slice(items)
    }
}

/// `tinyvec::TinyVec<[u32; 4]>`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tiny(tinyvec::TinyVec<[u32; 4]>);

#[drt::operations]
impl Tiny {
    pub fn new() -> Self {
        Tiny(tinyvec::TinyVec::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        Tiny(tinyvec::TinyVec::with_capacity(n))
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
    pub fn is_inline(&self) -> bool {
        self.0.is_inline()
    }
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &u32> + ExactSizeIterator + '_ {
        self.0.iter()
    }
    pub fn get(&self, index: usize) -> Option<&u32> {
        self.0.get(index)
    }
    pub fn contains(&self, x: &u32) -> bool {
        self.0.contains(x)
    }
    pub fn first(&self) -> Option<&u32> {
        self.0.first()
    }
    pub fn last(&self) -> Option<&u32> {
        self.0.last()
    }
    pub fn push(&mut self, value: u32) {
        self.0.push(value)
    }
    pub fn pop(&mut self) -> Option<u32> {
        self.0.pop()
    }
    pub fn insert(&mut self, index: usize, value: u32) {
        self.0.insert(index, value)
    }
    pub fn remove(&mut self, index: usize) -> u32 {
        self.0.remove(index)
    }
    pub fn swap_remove(&mut self, index: usize) -> u32 {
        self.0.swap_remove(index)
    }
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit()
    }
    pub fn move_to_the_heap(&mut self) {
        self.0.move_to_the_heap()
    }
    pub fn resize(&mut self, len: usize, value: u32) {
        self.0.resize(len, value)
    }
    pub fn split_off(&mut self, at: usize) -> Self {
        Tiny(self.0.split_off(at))
    }
    pub fn append(&mut self, other: &mut Tiny) {
        self.0.append(&mut other.0)
    }
    pub fn extend(&mut self, items: Vec<u32>) {
        self.0.extend(items)
    }
    pub fn extend_from_slice(&mut self, items: &[u32]) {
        self.0.extend_from_slice(items)
    }
}

// ---------------------------------------------------------------- num-bigint

/// `num_bigint::BigInt`, its operators taking the right side by value.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Big(num_bigint::BigInt);

#[drt::operations]
impl Big {
    pub fn bits(&self) -> u64 {
        self.0.bits()
    }
    pub fn trailing_zeros(&self) -> Option<u64> {
        self.0.trailing_zeros()
    }
    pub fn sqrt(&self) -> Self {
        Big(self.0.sqrt())
    }
    pub fn checked_sub(&self, other: &Big) -> Option<Self> {
        self.0.checked_sub(&other.0).map(Big)
    }
    pub fn checked_div(&self, other: &Big) -> Option<Self> {
        self.0.checked_div(&other.0).map(Big)
    }
    pub fn to_str_radix(&self, radix: u32) -> String {
        self.0.to_str_radix(radix)
    }
    pub fn parse_bytes(buf: &[u8], radix: u32) -> Option<Self> {
        num_bigint::BigInt::parse_bytes(buf, radix).map(Big)
    }
    pub fn to_signed_bytes_le(&self) -> Vec<u8> {
        self.0.to_signed_bytes_le()
    }
    pub fn from_signed_bytes_le(bytes: &[u8]) -> Self {
        Big(num_bigint::BigInt::from_signed_bytes_le(bytes))
    }
}

#[drt::operations]
impl From<i64> for Big {
    fn from(v: i64) -> Self {
        Big(num_bigint::BigInt::from(v))
    }
}

impl fmt::Display for Big {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[drt::operations]
impl FromStr for Big {
    type Err = num_bigint::ParseBigIntError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        num_bigint::BigInt::from_str(s).map(Big)
    }
}

forward!(plain own_own Big: Add add, Sub sub, Mul mul, Div div, Rem rem, BitAnd bitand, BitOr bitor, BitXor bitxor);
forward!(
    assign own Big:
    AddAssign add_assign, SubAssign sub_assign, MulAssign mul_assign, DivAssign div_assign, RemAssign rem_assign,
    BitAndAssign bitand_assign, BitOrAssign bitor_assign, BitXorAssign bitxor_assign
);

#[drt::operations]
impl Shl<u8> for Big {
    type Output = Big;
    fn shl(self, rhs: u8) -> Big {
        Big(self.0 << rhs)
    }
}

#[drt::operations]
impl ShlAssign<u8> for Big {
    fn shl_assign(&mut self, rhs: u8) {
        self.0 <<= rhs
    }
}

#[drt::operations]
impl Shr<u8> for Big {
    type Output = Big;
    fn shr(self, rhs: u8) -> Big {
        Big(self.0 >> rhs)
    }
}

#[drt::operations]
impl ShrAssign<u8> for Big {
    fn shr_assign(&mut self, rhs: u8) {
        self.0 >>= rhs
    }
}

#[drt::operations]
impl Neg for Big {
    type Output = Big;
    fn neg(self) -> Big {
        Big(-self.0)
    }
}

/// `num_bigint::BigUint`, its operators taking the right side by reference.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BigU(num_bigint::BigUint);

#[drt::operations]
impl BigU {
    pub fn bits(&self) -> u64 {
        self.0.bits()
    }
    pub fn count_ones(&self) -> u64 {
        self.0.count_ones()
    }
    pub fn set_bit(&mut self, bit: u64, value: bool) {
        self.0.set_bit(bit, value)
    }
    pub fn bit(&self, bit: u64) -> bool {
        self.0.bit(bit)
    }
    pub fn to_bytes_le(&self) -> Vec<u8> {
        self.0.to_bytes_le()
    }
    pub fn from_bytes_le(bytes: &[u8]) -> Self {
        BigU(num_bigint::BigUint::from_bytes_le(bytes))
    }
}

#[drt::operations]
impl From<u64> for BigU {
    fn from(v: u64) -> Self {
        BigU(num_bigint::BigUint::from(v))
    }
}

impl fmt::Display for BigU {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[drt::operations]
impl FromStr for BigU {
    type Err = num_bigint::ParseBigIntError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        num_bigint::BigUint::from_str(s).map(BigU)
    }
}

forward!(plain own_ref BigU: Add add, Sub sub, Mul mul, Div div, Rem rem, BitAnd bitand, BitOr bitor, BitXor bitxor);
forward!(
    assign ref BigU:
    AddAssign add_assign, SubAssign sub_assign, MulAssign mul_assign, DivAssign div_assign, RemAssign rem_assign,
    BitAndAssign bitand_assign, BitOrAssign bitor_assign, BitXorAssign bitxor_assign
);

// ---------------------------------------------------------------- rust_decimal

/// `rust_decimal::Decimal`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dec(rust_decimal::Decimal);

#[drt::operations]
impl Dec {
    pub fn new(num: i64, scale: u32) -> Self {
        Dec(rust_decimal::Decimal::new(num, scale))
    }
    pub fn try_new(num: i64, scale: u32) -> Result<Self, rust_decimal::Error> {
        rust_decimal::Decimal::try_new(num, scale).map(Dec)
    }
    pub fn scale(&self) -> u32 {
        self.0.scale()
    }
    pub fn mantissa(&self) -> i128 {
        self.0.mantissa()
    }
    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }
    pub fn is_sign_negative(&self) -> bool {
        self.0.is_sign_negative()
    }
    pub fn set_sign_negative(&mut self, negative: bool) {
        self.0.set_sign_negative(negative)
    }
    pub fn set_scale(&mut self, scale: u32) -> Result<(), rust_decimal::Error> {
        self.0.set_scale(scale)
    }
    pub fn rescale(&mut self, scale: u32) {
        self.0.rescale(scale)
    }
    pub fn round_dp(&self, dp: u32) -> Self {
        Dec(self.0.round_dp(dp))
    }
    pub fn normalize(&self) -> Self {
        Dec(self.0.normalize())
    }
    pub fn trunc(&self) -> Self {
        Dec(self.0.trunc())
    }
    pub fn fract(&self) -> Self {
        Dec(self.0.fract())
    }
    pub fn abs(&self) -> Self {
        Dec(self.0.abs())
    }
    pub fn floor(&self) -> Self {
        Dec(self.0.floor())
    }
    pub fn ceil(&self) -> Self {
        Dec(self.0.ceil())
    }
}

impl fmt::Display for Dec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[drt::operations]
impl FromStr for Dec {
    type Err = rust_decimal::Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        rust_decimal::Decimal::from_str(s).map(Dec)
    }
}

forward!(plain own_own Dec: Add add, Sub sub, Mul mul, Div div, Rem rem);
forward!(
    assign own Dec:
    AddAssign add_assign, SubAssign sub_assign, MulAssign mul_assign, DivAssign div_assign, RemAssign rem_assign
);

#[drt::operations]
impl Neg for Dec {
    type Output = Dec;
    fn neg(self) -> Dec {
        Dec(-self.0)
    }
}

// ---------------------------------------------------------------- uuid

/// `uuid::Uuid`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Id(uuid::Uuid);

#[drt::operations]
impl Id {
    pub fn nil() -> Self {
        Id(uuid::Uuid::nil())
    }
    pub fn max() -> Self {
        Id(uuid::Uuid::max())
    }
    pub fn from_u128(v: u128) -> Self {
        Id(uuid::Uuid::from_u128(v))
    }
    pub fn from_u64_pair(high: u64, low: u64) -> Self {
        Id(uuid::Uuid::from_u64_pair(high, low))
    }
    pub fn parse_str(input: &str) -> Result<Self, uuid::Error> {
        uuid::Uuid::parse_str(input).map(Id)
    }
    pub fn as_u128(&self) -> u128 {
        self.0.as_u128()
    }
    pub fn as_u64_pair(&self) -> (u64, u64) {
        self.0.as_u64_pair()
    }
    pub fn is_nil(&self) -> bool {
        self.0.is_nil()
    }
    pub fn is_max(&self) -> bool {
        self.0.is_max()
    }
    pub fn get_version_num(&self) -> usize {
        self.0.get_version_num()
    }
    pub fn get_variant(&self) -> uuid::Variant {
        self.0.get_variant()
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[drt::operations]
impl FromStr for Id {
    type Err = uuid::Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        uuid::Uuid::from_str(s).map(Id)
    }
}

// ---------------------------------------------------------------- ipnet

/// `ipnet::Ipv4Net`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Net4(ipnet::Ipv4Net);

#[drt::operations]
impl Net4 {
    pub fn new(ip: u32, prefix_len: u8) -> Result<Self, ipnet::PrefixLenError> {
        ipnet::Ipv4Net::new(Ipv4Addr::from(ip), prefix_len).map(Net4)
    }
    pub fn addr(&self) -> Ipv4Addr {
        self.0.addr()
    }
    pub fn prefix_len(&self) -> u8 {
        self.0.prefix_len()
    }
    pub fn max_prefix_len(&self) -> u8 {
        self.0.max_prefix_len()
    }
    pub fn netmask(&self) -> Ipv4Addr {
        self.0.netmask()
    }
    pub fn hostmask(&self) -> Ipv4Addr {
        self.0.hostmask()
    }
    pub fn network(&self) -> Ipv4Addr {
        self.0.network()
    }
    pub fn broadcast(&self) -> Ipv4Addr {
        self.0.broadcast()
    }
    pub fn trunc(&self) -> Self {
        Net4(self.0.trunc())
    }
    pub fn supernet(&self) -> Option<Self> {
        self.0.supernet().map(Net4)
    }
    pub fn is_sibling(&self, other: &Net4) -> bool {
        self.0.is_sibling(&other.0)
    }
    pub fn contains(&self, other: &Net4) -> bool {
        self.0.contains(&other.0)
    }
    pub fn hosts(&self) -> impl Iterator<Item = Ipv4Addr> {
        self.0.hosts()
    }
    pub fn subnets(&self, new_prefix_len: u8) -> Result<impl Iterator<Item = ipnet::Ipv4Net>, ipnet::PrefixLenError> {
        self.0.subnets(new_prefix_len)
    }
}

impl fmt::Display for Net4 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[drt::operations]
impl FromStr for Net4 {
    type Err = ipnet::AddrParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ipnet::Ipv4Net::from_str(s).map(Net4)
    }
}

/// `ipnet::IpNet` (v4 or v6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Net(ipnet::IpNet);

#[drt::operations(seeds(String = ["10.0.0.0/8", "192.168.1.77/24", "fd00::/8", "2001:db8::1/128", "::/0", "0.0.0.0/0"]))]
impl Net {
    pub fn prefix_len(&self) -> u8 {
        self.0.prefix_len()
    }
    pub fn max_prefix_len(&self) -> u8 {
        self.0.max_prefix_len()
    }
    pub fn trunc(&self) -> Self {
        Net(self.0.trunc())
    }
    pub fn supernet(&self) -> Option<Self> {
        self.0.supernet().map(Net)
    }
    pub fn is_sibling(&self, other: &Net) -> bool {
        self.0.is_sibling(&other.0)
    }
    pub fn contains(&self, other: &Net) -> bool {
        self.0.contains(&other.0)
    }
}

impl fmt::Display for Net {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[drt::operations]
impl FromStr for Net {
    type Err = ipnet::AddrParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ipnet::IpNet::from_str(s).map(Net)
    }
}

// ---------------------------------------------------------------- the run

/// One type's exploration: its name and how to explore it for a number of
/// sequences with a seed.
type Target = (&'static str, fn(u64, u64) -> drt::Report);

fn explore<T: 'static>(sequences: u64, seed: u64) -> drt::Report {
    drt::explore::<T>().max_sequences(sequences).seed(seed).report()
}

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Whether a failure is a law's.
fn is_law(f: &drt::Failure) -> bool {
    f.kind == drt::FailureKind::Law
}

fn main() {
    let sequences = setting("DRT_BENCH_SEQUENCES", 20_000);
    let seeds = setting("DRT_BENCH_SEEDS", 3);
    let targets: Vec<Target> = vec![
        ("indexmap::IndexMap<u16, u16>", explore::<IdxMap>),
        ("indexmap::IndexSet<u16>", explore::<IdxSet>),
        ("smallvec::SmallVec<[u32; 4]>", explore::<Small>),
        ("arrayvec::ArrayVec<u32, 8>", explore::<ArrVec>),
        ("arrayvec::ArrayString<16>", explore::<ArrStr>),
        ("hashbrown::HashMap<u16, u16>", explore::<HbMap>),
        ("hashbrown::HashSet<u16>", explore::<HbSet>),
        ("slab::Slab<u32>", explore::<Slots>),
        ("bitvec::vec::BitVec", explore::<Bits>),
        ("fixedbitset::FixedBitSet", explore::<FixedBits>),
        ("semver::Version", explore::<SemVersion>),
        ("semver::VersionReq", explore::<SemReq>),
        ("url::Url", explore::<Link>),
        ("im::Vector<u32>", explore::<ImVector>),
        ("im::OrdMap<u16, u16>", explore::<ImMap>),
        ("im::OrdSet<u16>", explore::<ImSet>),
        ("heapless::Vec<u32, 8>", explore::<HlVec>),
        ("heapless::Deque<u32, 8>", explore::<HlDeque>),
        ("heapless::String<16>", explore::<HlString>),
        ("tinyvec::ArrayVec<[u32; 8]>", explore::<TinyArr>),
        ("tinyvec::TinyVec<[u32; 4]>", explore::<Tiny>),
        ("num_bigint::BigInt", explore::<Big>),
        ("num_bigint::BigUint", explore::<BigU>),
        ("rust_decimal::Decimal", explore::<Dec>),
        ("uuid::Uuid", explore::<Id>),
        ("ipnet::Ipv4Net", explore::<Net4>),
        ("ipnet::IpNet", explore::<Net>),
    ];
    println!(
        "\n| type ({sequences} sequences a run) | seed | laws checked | sequences | seconds | failures | of them laws |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut reports = Vec::new();
    for (name, explore) in &targets {
        for seed in 1..=seeds {
            let start = Instant::now();
            let report = explore(sequences, seed);
            let seconds = start.elapsed().as_secs_f64();
            let laws = report.failures.iter().filter(|f| is_law(f)).count();
            println!(
                "| {name} | {seed} | {} | {} | {seconds:.1} | {} | {laws} |",
                report.stats.laws.len(),
                report.stats.sequences,
                report.failures.len()
            );
            reports.push((name, seed, report));
        }
    }
    println!();
    for (name, seed, report) in &reports {
        for f in &report.failures {
            println!("{name} (seed {seed}): {:?} in {}: {}", f.kind, f.operation, f.message);
            if is_law(f) {
                println!("{}", f.code);
            }
        }
    }
}
