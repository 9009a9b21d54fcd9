//! Every std collection drt registers as a reference works as one: a
//! correct type built another way agrees with it over a large budget, each
//! of its methods paired with the reference's and run, and a variant of it
//! with one wrong answer is found as a divergence within a small one.
//! (`BTreeSet` and `BinaryHeap` catch planted bugs in tests/examples.rs.)
//! Last, a method returning another type than its counterpart.

// The types mirror std's inherent methods, `default` and `from_iter` included;
// the buggy ones only the few their bug needs.
#![allow(clippy::new_without_default, clippy::should_implement_trait, clippy::len_without_is_empty)]

#[path = "support/layout.rs"]
mod layout;
use std::collections::{BTreeMap, BinaryHeap, HashMap, HashSet, VecDeque};
use std::ops::RangeInclusive;

use drt::{Failure, FailureKind, Reference};
use drt_examples::seats::{FixedSeats, SeatsModel};

/// Sequences a correct type runs against its reference.
const LARGE: u64 = 20_000;
/// Sequences within which a planted bug is found.
const SMALL: u64 = 2_000;
const SEED: u64 = 1;

/// Explores `T` against `M` over a large budget: nothing diverges, every
/// operation of `T` has a counterpart in `M` whose results are compared,
/// and every one ran normally.
fn assert_agrees<T: 'static, M: Reference>() {
    let report = drt::explore::<T>().against::<M>().seed(SEED).max_sequences(LARGE).report();
    assert!(report.failures.is_empty(), "{report}");
    let uncompared: Vec<&String> =
        report.stats.notes.iter().filter(|n| n.starts_with("not compared with") || n.starts_with("run on")).collect();
    assert!(uncompared.is_empty(), "{uncompared:?}");
    let idle: Vec<&str> =
        report.stats.operations.iter().filter(|o| o.under_test && o.succeeded == 0).map(|o| o.name.as_str()).collect();
    assert!(idle.is_empty(), "never ran normally: {idle:?}\n{report}");
}

/// The one failure of exploring `T` against `M` within a small budget: a
/// divergence in `operation`, rendered as a test asserting the agreement.
fn divergence<T: 'static, M: Reference>(operation: &str) -> Failure {
    let report = drt::explore::<T>().against::<M>().seed(SEED).max_sequences(SMALL).report();
    assert_eq!(report.failures.len(), 1, "{report}");
    let f = report.failures[0].clone();
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Divergence, operation), "{report}");
    assert!(layout::holds(&f.code, "must agree with"), "{}", f.code);
    f
}

// ---- Vec ----

const CHUNK: usize = 4;

/// A vector kept in chunks of at most four values, none empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChunkedVec {
    chunks: Vec<Vec<u32>>,
}

impl ChunkedVec {
    /// The chunk holding `index` and its place there.
    fn locate(&self, mut index: usize) -> Option<(usize, usize)> {
        for (c, chunk) in self.chunks.iter().enumerate() {
            if index < chunk.len() {
                return Some((c, index));
            }
            index -= chunk.len();
        }
        None
    }
}

#[drt::operations(panics(insert, swap, split_off, remove, swap_remove))]
impl ChunkedVec {
    pub fn new() -> Self {
        ChunkedVec { chunks: Vec::new() }
    }
    pub fn default() -> Self {
        Self::new()
    }
    pub fn from_iter(items: Vec<u32>) -> Self {
        let mut v = Self::new();
        v.extend(items);
        v
    }
    pub fn len(&self) -> usize {
        self.chunks.iter().map(Vec::len).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.chunks.is_empty()
    }
    pub fn clear(&mut self) {
        self.chunks.clear()
    }
    pub fn get(&self, index: usize) -> Option<&u32> {
        let (c, i) = self.locate(index)?;
        Some(&self.chunks[c][i])
    }
    pub fn contains(&self, x: &u32) -> bool {
        self.chunks.iter().any(|chunk| chunk.contains(x))
    }
    pub fn iter(&self) -> impl Iterator<Item = &u32> + '_ {
        self.chunks.iter().flatten()
    }
    pub fn first(&self) -> Option<&u32> {
        self.chunks.first()?.first()
    }
    pub fn last(&self) -> Option<&u32> {
        self.chunks.last()?.last()
    }
    pub fn push(&mut self, value: u32) {
        match self.chunks.last_mut() {
            Some(chunk) if chunk.len() < CHUNK => chunk.push(value),
            _ => self.chunks.push(vec![value]),
        }
    }
    pub fn pop(&mut self) -> Option<u32> {
        let chunk = self.chunks.last_mut()?;
        let value = chunk.pop();
        if chunk.is_empty() {
            self.chunks.pop();
        }
        value
    }
    pub fn extend(&mut self, items: Vec<u32>) {
        items.into_iter().for_each(|x| self.push(x))
    }
    pub fn append(&mut self, other: &mut Self) {
        self.chunks.append(&mut other.chunks)
    }
    pub fn truncate(&mut self, len: usize) {
        let mut kept = 0;
        self.chunks.retain_mut(|chunk| {
            chunk.truncate(len - kept);
            kept += chunk.len();
            !chunk.is_empty()
        });
    }
    pub fn insert(&mut self, index: usize, element: u32) {
        let len = self.len();
        assert!(index <= len, "insertion index (is {index}) should be <= len (is {len})");
        let Some((c, i)) = self.locate(index) else { return self.push(element) };
        let chunk = &mut self.chunks[c];
        chunk.insert(i, element);
        if chunk.len() > CHUNK {
            let tail = chunk.split_off(CHUNK / 2);
            self.chunks.insert(c + 1, tail);
        }
    }
    pub fn remove(&mut self, index: usize) -> u32 {
        let (c, i) = self.locate(index).expect("removal index out of bounds");
        let value = self.chunks[c].remove(i);
        if self.chunks[c].is_empty() {
            self.chunks.remove(c);
        }
        value
    }
    pub fn swap_remove(&mut self, index: usize) -> u32 {
        let (c, i) = self.locate(index).expect("swap_remove index out of bounds");
        let last = self.pop().expect("not empty");
        if index == self.len() {
            return last;
        }
        std::mem::replace(&mut self.chunks[c][i], last)
    }
    pub fn swap(&mut self, a: usize, b: usize) {
        let (ca, ia) = self.locate(a).expect("index out of bounds");
        let (cb, ib) = self.locate(b).expect("index out of bounds");
        let x = self.chunks[ca][ia];
        self.chunks[ca][ia] = self.chunks[cb][ib];
        self.chunks[cb][ib] = x;
    }
    pub fn split_off(&mut self, at: usize) -> Self {
        let len = self.len();
        assert!(at <= len, "`at` split index (is {at}) should be <= len (is {len})");
        let Some((c, i)) = self.locate(at) else { return Self::new() };
        let mut tail = self.chunks.split_off(c);
        if i > 0 {
            self.chunks.push(tail[0].drain(..i).collect());
        }
        ChunkedVec { chunks: tail }
    }
    pub fn dedup(&mut self) {
        let mut out = Self::new();
        for x in self.chunks.drain(..).flatten() {
            if out.last() != Some(&x) {
                out.push(x);
            }
        }
        *self = out;
    }
    pub fn reverse(&mut self) {
        self.chunks.reverse();
        self.chunks.iter_mut().for_each(|chunk| chunk.reverse());
    }
}

/// A chunked vector whose `remove` finds its chunk as if every chunk were
/// full, which they are until a value leaves one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkewedChunks {
    chunks: Vec<Vec<u32>>,
}

#[drt::operations(panics(remove))]
impl SkewedChunks {
    pub fn new() -> Self {
        SkewedChunks { chunks: Vec::new() }
    }
    pub fn push(&mut self, value: u32) {
        match self.chunks.last_mut() {
            Some(chunk) if chunk.len() < CHUNK => chunk.push(value),
            _ => self.chunks.push(vec![value]),
        }
    }
    pub fn extend(&mut self, items: Vec<u32>) {
        items.into_iter().for_each(|x| self.push(x))
    }
    pub fn remove(&mut self, index: usize) -> u32 {
        let c = index / CHUNK;
        let value = self.chunks[c].remove(index % CHUNK);
        if self.chunks[c].is_empty() {
            self.chunks.remove(c);
        }
        value
    }
    pub fn len(&self) -> usize {
        self.chunks.iter().map(Vec::len).sum()
    }
}

/// Every method `Vec` is registered with, on a vector of chunks.
#[test]
fn a_chunked_vec_agrees_with_vec() {
    assert_agrees::<ChunkedVec, Vec<u32>>();
}

/// A `remove` that answers with the wrong value once a chunk is not full.
#[test]
fn finds_the_chunked_remove_against_vec() {
    let f = divergence::<SkewedChunks, Vec<u32>>("SkewedChunks::remove");
    // Five values at least, for a second chunk, then two removes, on each side.
    assert!(f.code.matches(".remove(").count() >= 4, "{}", f.code);
}

/// A test's later exploration against another std collection than its
/// first's: a child process re-runs the test up to the first exploration,
/// which has not met that collection's methods, so it says so and the
/// exploration runs in this process, still finding the bug, with a note.
#[test]
fn a_second_std_reference_of_a_test_explores_in_this_process() {
    let first = drt::explore::<ChunkedVec>().against::<Vec<u32>>().seed(SEED).max_sequences(SMALL).report();
    assert!(first.failures.is_empty(), "{first}");
    assert_eq!(first.stats.isolation, drt::Isolation::Process, "{first}");
    let second = drt::explore::<GrowingRing>().against::<VecDeque<u32>>().seed(SEED).max_sequences(SMALL).report();
    assert_eq!(second.stats.isolation, drt::Isolation::InProcess, "{second}");
    assert!(
        second.stats.notes.iter().any(|n| n.contains("learns the methods of VecDeque<u32> only from the test's first")),
        "{:?}",
        second.stats.notes
    );
    assert_eq!(second.failures.len(), 1, "{second}");
}

// ---- VecDeque ----

/// A double-ended queue in a ring buffer that doubles when full.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RingDeque {
    buf: Vec<u32>,
    head: usize,
    len: usize,
}

impl RingDeque {
    /// Where the `index`-th value is kept.
    fn slot(&self, index: usize) -> usize {
        (self.head + index) % self.buf.len()
    }
    /// Room for one more, the values laid out from the start.
    fn reserve_one(&mut self) {
        if self.len == self.buf.len() {
            let mut buf: Vec<u32> = self.iter().copied().collect();
            buf.resize((2 * self.len).max(4), 0);
            (self.buf, self.head) = (buf, 0);
        }
    }
}

#[drt::operations(panics(insert, swap, split_off, rotate_left, rotate_right))]
impl RingDeque {
    pub fn new() -> Self {
        RingDeque { buf: Vec::new(), head: 0, len: 0 }
    }
    pub fn default() -> Self {
        Self::new()
    }
    pub fn from_iter(items: Vec<u32>) -> Self {
        let mut d = Self::new();
        d.extend(items);
        d
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn clear(&mut self) {
        (self.head, self.len) = (0, 0);
    }
    pub fn get(&self, index: usize) -> Option<&u32> {
        (index < self.len).then(|| &self.buf[self.slot(index)])
    }
    pub fn contains(&self, x: &u32) -> bool {
        self.iter().any(|y| y == x)
    }
    pub fn iter(&self) -> impl Iterator<Item = &u32> + '_ {
        (0..self.len).map(|i| &self.buf[self.slot(i)])
    }
    pub fn front(&self) -> Option<&u32> {
        self.get(0)
    }
    pub fn back(&self) -> Option<&u32> {
        self.get(self.len.checked_sub(1)?)
    }
    pub fn push_back(&mut self, value: u32) {
        self.reserve_one();
        let slot = self.slot(self.len);
        self.buf[slot] = value;
        self.len += 1;
    }
    pub fn push_front(&mut self, value: u32) {
        self.reserve_one();
        self.head = (self.head + self.buf.len() - 1) % self.buf.len();
        self.buf[self.head] = value;
        self.len += 1;
    }
    pub fn pop_back(&mut self) -> Option<u32> {
        self.len = self.len.checked_sub(1)?;
        Some(self.buf[self.slot(self.len)])
    }
    pub fn pop_front(&mut self) -> Option<u32> {
        let value = *self.front()?;
        self.head = self.slot(1);
        self.len -= 1;
        Some(value)
    }
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }
    pub fn swap(&mut self, a: usize, b: usize) {
        assert!(a < self.len && b < self.len, "index out of bounds");
        let (a, b) = (self.slot(a), self.slot(b));
        self.buf.swap(a, b);
    }
    pub fn insert(&mut self, index: usize, value: u32) {
        assert!(index <= self.len, "index out of bounds");
        self.push_back(value);
        for i in (index..self.len - 1).rev() {
            self.swap(i, i + 1);
        }
    }
    pub fn remove(&mut self, index: usize) -> Option<u32> {
        if index >= self.len {
            return None;
        }
        for i in index..self.len - 1 {
            self.swap(i, i + 1);
        }
        self.pop_back()
    }
    pub fn swap_remove_back(&mut self, index: usize) -> Option<u32> {
        if index >= self.len {
            return None;
        }
        self.swap(index, self.len - 1);
        self.pop_back()
    }
    pub fn swap_remove_front(&mut self, index: usize) -> Option<u32> {
        if index >= self.len {
            return None;
        }
        self.swap(index, 0);
        self.pop_front()
    }
    pub fn rotate_left(&mut self, n: usize) {
        assert!(n <= self.len, "n out of bounds");
        for _ in 0..n {
            let value = self.pop_front().expect("n <= len");
            self.push_back(value);
        }
    }
    pub fn rotate_right(&mut self, n: usize) {
        assert!(n <= self.len, "n out of bounds");
        for _ in 0..n {
            let value = self.pop_back().expect("n <= len");
            self.push_front(value);
        }
    }
    pub fn extend(&mut self, items: Vec<u32>) {
        items.into_iter().for_each(|x| self.push_back(x))
    }
    pub fn append(&mut self, other: &mut Self) {
        while let Some(x) = other.pop_front() {
            self.push_back(x);
        }
    }
    pub fn split_off(&mut self, at: usize) -> Self {
        assert!(at <= self.len, "`at` out of bounds");
        let tail = Self::from_iter(self.iter().skip(at).copied().collect());
        self.len = at;
        tail
    }
}

/// A ring buffer that grows in place, leaving the values that had wrapped
/// around at the start of the old buffer instead of after its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrowingRing {
    buf: Vec<u32>,
    head: usize,
    len: usize,
}

#[drt::operations]
impl GrowingRing {
    pub fn new() -> Self {
        GrowingRing { buf: vec![0; 2], head: 0, len: 0 }
    }
    pub fn push_back(&mut self, value: u32) {
        if self.len == self.buf.len() {
            self.buf.resize(2 * self.len, 0);
        }
        let slot = (self.head + self.len) % self.buf.len();
        self.buf[slot] = value;
        self.len += 1;
    }
    pub fn pop_front(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        let value = self.buf[self.head];
        self.head = (self.head + 1) % self.buf.len();
        self.len -= 1;
        Some(value)
    }
    pub fn len(&self) -> usize {
        self.len
    }
}

/// Every method `VecDeque` is registered with, on a ring buffer.
#[test]
fn a_ring_buffer_agrees_with_vec_deque() {
    assert_agrees::<RingDeque, VecDeque<u32>>();
}

/// A wrapped-around ring that grows: `pop_front` later answers from the
/// wrong slot.
#[test]
fn finds_the_ring_growth_against_vec_deque() {
    divergence::<GrowingRing, VecDeque<u32>>("GrowingRing::pop_front");
}

// ---- BTreeMap ----

/// A map kept as a `Vec` of pairs sorted by key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SortedMap {
    entries: Vec<(u8, u32)>,
}

impl SortedMap {
    fn find(&self, key: &u8) -> Result<usize, usize> {
        self.entries.binary_search_by_key(key, |e| e.0)
    }
}

#[drt::operations(panics(range))]
impl SortedMap {
    pub fn new() -> Self {
        SortedMap { entries: Vec::new() }
    }
    pub fn default() -> Self {
        Self::new()
    }
    pub fn from_iter(pairs: Vec<(u8, u32)>) -> Self {
        let mut map = Self::new();
        map.extend(pairs);
        map
    }
    pub fn insert(&mut self, key: u8, value: u32) -> Option<u32> {
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (key, value));
                None
            }
        }
    }
    pub fn remove(&mut self, key: &u8) -> Option<u32> {
        let i = self.find(key).ok()?;
        Some(self.entries.remove(i).1)
    }
    pub fn get(&self, key: &u8) -> Option<&u32> {
        let i = self.find(key).ok()?;
        Some(&self.entries[i].1)
    }
    pub fn contains_key(&self, key: &u8) -> bool {
        self.find(key).is_ok()
    }
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
    pub fn pop_first(&mut self) -> Option<(u8, u32)> {
        (!self.entries.is_empty()).then(|| self.entries.remove(0))
    }
    pub fn pop_last(&mut self) -> Option<(u8, u32)> {
        self.entries.pop()
    }
    pub fn get_key_value(&self, key: &u8) -> Option<(&u8, &u32)> {
        let (k, v) = &self.entries[self.find(key).ok()?];
        Some((k, v))
    }
    pub fn first_key_value(&self) -> Option<(&u8, &u32)> {
        self.entries.first().map(|(k, v)| (k, v))
    }
    pub fn last_key_value(&self) -> Option<(&u8, &u32)> {
        self.entries.last().map(|(k, v)| (k, v))
    }
    pub fn iter(&self) -> impl Iterator<Item = (&u8, &u32)> + '_ {
        self.entries.iter().map(|(k, v)| (k, v))
    }
    pub fn range(&self, range: RangeInclusive<u8>) -> impl Iterator<Item = (&u8, &u32)> + '_ {
        assert!(range.start() <= range.end(), "range start is greater than range end in BTreeMap");
        self.iter().filter(move |(k, _)| range.contains(k))
    }
    pub fn keys(&self) -> impl Iterator<Item = &u8> + '_ {
        self.entries.iter().map(|(k, _)| k)
    }
    pub fn values(&self) -> impl Iterator<Item = &u32> + '_ {
        self.entries.iter().map(|(_, v)| v)
    }
    pub fn clear(&mut self) {
        self.entries.clear()
    }
    pub fn extend(&mut self, pairs: Vec<(u8, u32)>) {
        for (k, v) in pairs {
            self.insert(k, v);
        }
    }
    pub fn append(&mut self, other: &mut Self) {
        self.extend(std::mem::take(&mut other.entries))
    }
    pub fn split_off(&mut self, key: &u8) -> Self {
        let at = self.find(key).unwrap_or_else(|i| i);
        SortedMap { entries: self.entries.split_off(at) }
    }
}

/// A sorted map whose `insert` replaces a value without returning it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForgetfulMap {
    entries: Vec<(u8, u32)>,
}

#[drt::operations]
impl ForgetfulMap {
    pub fn new() -> Self {
        ForgetfulMap { entries: Vec::new() }
    }
    pub fn insert(&mut self, key: u8, value: u32) -> Option<u32> {
        match self.entries.binary_search_by_key(&key, |e| e.0) {
            Ok(i) => self.entries[i].1 = value,
            Err(i) => self.entries.insert(i, (key, value)),
        }
        None
    }
    pub fn get(&self, key: &u8) -> Option<&u32> {
        let i = self.entries.binary_search_by_key(key, |e| e.0).ok()?;
        Some(&self.entries[i].1)
    }
    pub fn len(&self) -> usize {
        self.entries.len()
    }
}

/// Every method `BTreeMap` is registered with, on a sorted `Vec` of pairs;
/// of its two `range`s, the one taking a `RangeInclusive`.
#[test]
fn a_sorted_vec_map_agrees_with_btree_map() {
    assert_agrees::<SortedMap, BTreeMap<u8, u32>>();
}

/// An `insert` over an existing key that says `None`.
#[test]
fn finds_the_insert_losing_the_old_value_against_btree_map() {
    let f = divergence::<ForgetfulMap, BTreeMap<u8, u32>>("ForgetfulMap::insert");
    assert!(f.message.starts_with("ForgetfulMap::insert returned None, but "), "{}", f.message);
}

// ---- HashMap ----

/// A map kept as an unordered `Vec` of pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssocList {
    pairs: Vec<(u8, u32)>,
}

impl AssocList {
    fn position(&self, key: &u8) -> Option<usize> {
        self.pairs.iter().position(|(k, _)| k == key)
    }
}

#[drt::operations]
impl AssocList {
    pub fn new() -> Self {
        AssocList { pairs: Vec::new() }
    }
    pub fn default() -> Self {
        Self::new()
    }
    pub fn from_iter(pairs: Vec<(u8, u32)>) -> Self {
        let mut map = Self::new();
        map.extend(pairs);
        map
    }
    pub fn insert(&mut self, key: u8, value: u32) -> Option<u32> {
        match self.position(&key) {
            Some(i) => Some(std::mem::replace(&mut self.pairs[i].1, value)),
            None => {
                self.pairs.push((key, value));
                None
            }
        }
    }
    pub fn remove(&mut self, key: &u8) -> Option<u32> {
        let i = self.position(key)?;
        Some(self.pairs.swap_remove(i).1)
    }
    pub fn get(&self, key: &u8) -> Option<&u32> {
        let i = self.position(key)?;
        Some(&self.pairs[i].1)
    }
    pub fn contains_key(&self, key: &u8) -> bool {
        self.position(key).is_some()
    }
    pub fn get_key_value(&self, key: &u8) -> Option<(&u8, &u32)> {
        let (k, v) = &self.pairs[self.position(key)?];
        Some((k, v))
    }
    pub fn len(&self) -> usize {
        self.pairs.len()
    }
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }
    pub fn clear(&mut self) {
        self.pairs.clear()
    }
    pub fn extend(&mut self, pairs: Vec<(u8, u32)>) {
        for (k, v) in pairs {
            self.insert(k, v);
        }
    }
}

/// An association list whose `insert` over an existing key returns the
/// new value instead of the old one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EchoingList {
    pairs: Vec<(u8, u32)>,
}

#[drt::operations]
impl EchoingList {
    pub fn new() -> Self {
        EchoingList { pairs: Vec::new() }
    }
    pub fn insert(&mut self, key: u8, value: u32) -> Option<u32> {
        match self.pairs.iter_mut().find(|(k, _)| *k == key) {
            Some(pair) => {
                pair.1 = value;
                Some(value)
            }
            None => {
                self.pairs.push((key, value));
                None
            }
        }
    }
    pub fn get(&self, key: &u8) -> Option<&u32> {
        self.pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
    pub fn len(&self) -> usize {
        self.pairs.len()
    }
}

/// Every method `HashMap` is registered with, on an association list.
#[test]
fn an_association_list_agrees_with_hash_map() {
    assert_agrees::<AssocList, HashMap<u8, u32>>();
}

/// An `insert` over an existing key that answers with the value it was given.
#[test]
fn finds_the_insert_echoing_the_new_value_against_hash_map() {
    divergence::<EchoingList, HashMap<u8, u32>>("EchoingList::insert");
}

// ---- HashSet ----

/// Every `u8`, for `get` to lend.
static BYTES: [u8; 256] = {
    let mut all = [0; 256];
    let mut i = 0;
    while i < 256 {
        all[i] = i as u8;
        i += 1;
    }
    all
};

/// The word and bit of `value` in a bitset.
fn bit(value: u8) -> (usize, u64) {
    (value as usize / 64, 1 << (value % 64))
}

/// A set of bytes as 256 bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByteSet {
    words: [u64; 4],
}

#[drt::operations]
impl ByteSet {
    pub fn new() -> Self {
        ByteSet { words: [0; 4] }
    }
    pub fn default() -> Self {
        Self::new()
    }
    pub fn from_iter(values: Vec<u8>) -> Self {
        let mut set = Self::new();
        set.extend(values);
        set
    }
    pub fn insert(&mut self, value: u8) -> bool {
        let (w, b) = bit(value);
        let absent = self.words[w] & b == 0;
        self.words[w] |= b;
        absent
    }
    pub fn remove(&mut self, value: &u8) -> bool {
        let (w, b) = bit(*value);
        let present = self.words[w] & b != 0;
        self.words[w] &= !b;
        present
    }
    pub fn take(&mut self, value: &u8) -> Option<u8> {
        self.remove(value).then_some(*value)
    }
    pub fn contains(&self, value: &u8) -> bool {
        let (w, b) = bit(*value);
        self.words[w] & b != 0
    }
    pub fn get(&self, value: &u8) -> Option<&u8> {
        self.contains(value).then(|| &BYTES[*value as usize])
    }
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.words == [0; 4]
    }
    pub fn clear(&mut self) {
        self.words = [0; 4];
    }
    pub fn extend(&mut self, values: Vec<u8>) {
        for v in values {
            self.insert(v);
        }
    }
    pub fn is_subset(&self, other: &Self) -> bool {
        self.words.iter().zip(&other.words).all(|(a, b)| a & !b == 0)
    }
    pub fn is_disjoint(&self, other: &Self) -> bool {
        self.words.iter().zip(&other.words).all(|(a, b)| a & b == 0)
    }
}

/// A bitset whose `remove` says whether the value's word had any bit set,
/// not its own bit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoarseBits {
    words: [u64; 4],
}

#[drt::operations]
impl CoarseBits {
    pub fn new() -> Self {
        CoarseBits { words: [0; 4] }
    }
    pub fn insert(&mut self, value: u8) -> bool {
        let (w, b) = bit(value);
        let absent = self.words[w] & b == 0;
        self.words[w] |= b;
        absent
    }
    pub fn remove(&mut self, value: &u8) -> bool {
        let (w, b) = bit(*value);
        let present = self.words[w] != 0;
        self.words[w] &= !b;
        present
    }
    pub fn contains(&self, value: &u8) -> bool {
        let (w, b) = bit(*value);
        self.words[w] & b != 0
    }
}

/// Every method `HashSet` is registered with, on a bitset.
#[test]
fn a_bitset_agrees_with_hash_set() {
    assert_agrees::<ByteSet, HashSet<u8>>();
}

/// A `remove` of an absent byte that says it was there.
#[test]
fn finds_the_remove_of_an_absent_value_against_hash_set() {
    let f = divergence::<CoarseBits, HashSet<u8>>("CoarseBits::remove");
    assert!(f.message.starts_with("CoarseBits::remove returned true, but "), "{}", f.message);
}

// ---- BinaryHeap ----

/// A max-heap kept as a sorted `Vec`, the largest last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SortedHeap {
    items: Vec<u32>,
}

#[drt::operations]
impl SortedHeap {
    pub fn new() -> Self {
        SortedHeap { items: Vec::new() }
    }
    pub fn default() -> Self {
        Self::new()
    }
    pub fn from_iter(items: Vec<u32>) -> Self {
        let mut heap = Self::new();
        heap.extend(items);
        heap
    }
    pub fn push(&mut self, item: u32) {
        let at = self.items.partition_point(|x| *x < item);
        self.items.insert(at, item);
    }
    pub fn pop(&mut self) -> Option<u32> {
        self.items.pop()
    }
    pub fn peek(&self) -> Option<&u32> {
        self.items.last()
    }
    pub fn len(&self) -> usize {
        self.items.len()
    }
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    pub fn clear(&mut self) {
        self.items.clear()
    }
    pub fn into_sorted_vec(self) -> Vec<u32> {
        self.items
    }
    pub fn extend(&mut self, items: Vec<u32>) {
        items.into_iter().for_each(|x| self.push(x))
    }
    pub fn append(&mut self, other: &mut Self) {
        self.extend(std::mem::take(&mut other.items))
    }
}

/// Every method `BinaryHeap` is registered with, on a sorted `Vec`.
#[test]
fn a_sorted_vec_heap_agrees_with_binary_heap() {
    assert_agrees::<SortedHeap, BinaryHeap<u32>>();
}

// ---- String ----

/// Text as a `Vec` of `char`s, indexed by UTF-8 byte offsets as `String` is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CharText {
    chars: Vec<char>,
}

impl CharText {
    /// The index of the char starting at byte `at` (the length at the end).
    ///
    /// # Panics
    ///
    /// If `at` is not a char boundary.
    fn char_index(&self, at: usize) -> usize {
        let mut byte = 0;
        for (i, c) in self.chars.iter().enumerate() {
            if byte == at {
                return i;
            }
            byte += c.len_utf8();
        }
        assert_eq!(byte, at, "byte index {at} is not a char boundary");
        self.chars.len()
    }
}

#[drt::operations(panics(truncate, insert, insert_str, remove, split_off))]
impl CharText {
    pub fn new() -> Self {
        CharText { chars: Vec::new() }
    }
    pub fn default() -> Self {
        Self::new()
    }
    pub fn from(text: &str) -> Self {
        CharText { chars: text.chars().collect() }
    }
    pub fn from_iter(chars: Vec<char>) -> Self {
        CharText { chars }
    }
    pub fn len(&self) -> usize {
        self.chars.iter().map(|c| c.len_utf8()).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }
    pub fn clear(&mut self) {
        self.chars.clear()
    }
    pub fn push(&mut self, ch: char) {
        self.chars.push(ch)
    }
    pub fn push_str(&mut self, text: &str) {
        self.chars.extend(text.chars())
    }
    pub fn pop(&mut self) -> Option<char> {
        self.chars.pop()
    }
    pub fn chars(&self) -> impl Iterator<Item = char> + '_ {
        self.chars.iter().copied()
    }
    pub fn find(&self, pattern: &str) -> Option<usize> {
        let pattern: Vec<char> = pattern.chars().collect();
        let last = self.chars.len().checked_sub(pattern.len())?;
        let at = (0..=last).find(|&i| self.chars[i..].starts_with(&pattern))?;
        Some(self.chars[..at].iter().map(|c| c.len_utf8()).sum())
    }
    pub fn contains(&self, pattern: &str) -> bool {
        self.find(pattern).is_some()
    }
    pub fn starts_with(&self, pattern: &str) -> bool {
        self.chars.starts_with(&pattern.chars().collect::<Vec<char>>())
    }
    pub fn ends_with(&self, pattern: &str) -> bool {
        self.chars.ends_with(&pattern.chars().collect::<Vec<char>>())
    }
    pub fn truncate(&mut self, new_len: usize) {
        if new_len < self.len() {
            let at = self.char_index(new_len);
            self.chars.truncate(at);
        }
    }
    pub fn insert(&mut self, idx: usize, ch: char) {
        let at = self.char_index(idx);
        self.chars.insert(at, ch);
    }
    pub fn insert_str(&mut self, idx: usize, text: &str) {
        let at = self.char_index(idx);
        self.chars.splice(at..at, text.chars());
    }
    pub fn remove(&mut self, idx: usize) -> char {
        let at = self.char_index(idx);
        self.chars.remove(at)
    }
    pub fn split_off(&mut self, at: usize) -> Self {
        let at = self.char_index(at);
        CharText { chars: self.chars.split_off(at) }
    }
}

/// Text whose `len` counts chars, not the bytes `String` counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CharCounted {
    chars: Vec<char>,
}

#[drt::operations]
impl CharCounted {
    pub fn new() -> Self {
        CharCounted { chars: Vec::new() }
    }
    pub fn push_str(&mut self, text: &str) {
        self.chars.extend(text.chars())
    }
    pub fn pop(&mut self) -> Option<char> {
        self.chars.pop()
    }
    pub fn len(&self) -> usize {
        self.chars.len()
    }
}

/// Every method `String` is registered with but `as_str`, which text kept
/// as `char`s cannot lend.
#[test]
fn a_char_vec_text_agrees_with_string() {
    assert_agrees::<CharText, String>();
}

/// A `len` in chars, wrong for any non-ASCII text.
#[test]
fn finds_the_len_in_chars_against_string() {
    let f = divergence::<CharCounted, String>("CharCounted::len");
    assert!(layout::holds(&f.code, "push_str("), "{}", f.code);
}

// ---- Signatures unlike the reference's ----

/// A vector whose `len` is a `u32`, not `Vec`'s `usize`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    items: Vec<u32>,
}

#[drt::operations]
impl Counted {
    pub fn new() -> Self {
        Counted { items: Vec::new() }
    }
    pub fn push(&mut self, value: u32) {
        self.items.push(value)
    }
    pub fn len(&self) -> u32 {
        self.items.len() as u32
    }
    pub fn contains(&self, x: &u32) -> bool {
        self.items.contains(x)
    }
    /// An iterator that holds a borrow: dropped after the call, where
    /// `Vec::iter`'s first items are kept.
    pub fn iter(&self) -> std::slice::Iter<'_, u32> {
        self.items.iter()
    }
}

/// A result of another type than its counterpart's runs on the reference
/// too, but is not compared, and not passed on there: the `u32` a later
/// `push` takes is no counterpart of `Vec::len`'s `usize`. The summary
/// names it, and the iterator whose items drt cannot copy.
#[test]
fn a_result_of_another_type_is_not_passed_on_to_the_reference() {
    let report = drt::explore::<Counted>().against::<Vec<u32>>().seed(SEED).max_sequences(SMALL).report();
    assert!(report.failures.is_empty(), "{report}");
    assert_eq!(
        report.stats.notes,
        ["run on Vec<u32> too, but their results are not compared (the types differ, have no PartialEq, or hold \
          borrows drt cannot copy): Counted::iter, Counted::len"]
    );
}

// ---- Errors ----

/// Why an account refuses a withdrawal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    Short { balance: u32 },
    Frozen,
}

/// Refuses to withdraw the whole balance: `Result<(), E>` says only
/// whether it succeeded, which is compared.
#[derive(Clone, Debug)]
pub struct Strict {
    balance: u32,
}

#[drt::operations]
impl Strict {
    pub fn new() -> Self {
        Strict { balance: 0 }
    }
    pub fn deposit(&mut self, amount: u32) {
        self.balance = self.balance.saturating_add(amount)
    }
    pub fn withdraw(&mut self, amount: u32) -> Result<(), Refused> {
        // BUG: `>`: the whole balance may be withdrawn.
        if amount >= self.balance && amount > 0 {
            return Err(Refused::Short { balance: self.balance });
        }
        self.balance -= amount;
        Ok(())
    }
}

/// Reports the balance wrong in its error, and only there.
#[derive(Clone, Debug)]
pub struct Misreported {
    balance: u32,
}

#[drt::operations]
impl Misreported {
    pub fn new() -> Self {
        Misreported { balance: 0 }
    }
    pub fn deposit(&mut self, amount: u32) {
        self.balance = self.balance.saturating_add(amount)
    }
    pub fn withdraw(&mut self, amount: u32) -> Result<(), Refused> {
        if amount > self.balance {
            // BUG: the amount asked for, not the balance.
            return Err(Refused::Short { balance: amount });
        }
        self.balance -= amount;
        Ok(())
    }
}

/// The accounts' reference, which they agree with but for their bugs.
#[derive(Clone, Debug)]
pub struct AccountModel {
    balance: u32,
}

#[drt::operations]
impl AccountModel {
    pub fn new() -> Self {
        AccountModel { balance: 0 }
    }
    pub fn deposit(&mut self, amount: u32) {
        self.balance = self.balance.saturating_add(amount)
    }
    pub fn withdraw(&mut self, amount: u32) -> Result<(), Refused> {
        self.balance = self.balance.checked_sub(amount).ok_or(Refused::Short { balance: self.balance })?;
        Ok(())
    }
}

/// A `Result<(), E>` that is `Err` where the reference's is `Ok` diverges
/// (it was not compared at all: no value to compare), and the test asserts
/// the two `Result`s equal.
#[test]
fn finds_an_err_where_the_reference_is_ok() {
    let f = divergence::<Strict, AccountModel>("Strict::withdraw");
    let (ours, theirs) = f.message.split_once(", but ").expect("two sides");
    assert!(ours.starts_with("Strict::withdraw returned Err(Short { balance: "), "{}", f.message);
    assert_eq!(theirs, "AccountModel::withdraw (the reference) returned Ok(())");
    assert!(layout::holds(&f.code, "assert_eq!(withdraw, model_withdraw, "), "{}", f.code);
}

/// Two `Err`s of one error type with `PartialEq` are compared too.
#[test]
fn finds_a_wrong_error_against_the_reference() {
    let f = divergence::<Misreported, AccountModel>("Misreported::withdraw");
    assert_eq!(
        f.message,
        "Misreported::withdraw returned Err(Short { balance: 1 }), but AccountModel::withdraw (the reference) \
         returned Err(Short { balance: 0 })"
    );
    assert!(layout::holds(&f.code, "assert_eq!(withdraw, model_withdraw, "), "{}", f.code);
}

/// The same account without its bug agrees with the reference, errors and all.
#[derive(Clone, Debug)]
pub struct Account {
    balance: u32,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }
    pub fn deposit(&mut self, amount: u32) {
        self.balance = self.balance.saturating_add(amount)
    }
    pub fn withdraw(&mut self, amount: u32) -> Result<(), Refused> {
        if amount > self.balance {
            return Err(Refused::Short { balance: self.balance });
        }
        self.balance -= amount;
        Ok(())
    }
}

#[test]
fn an_account_agrees_with_its_reference_errors_and_all() {
    assert_agrees::<Account, AccountModel>();
}

/// drt-examples' seat holds without their bug (the free seats in the
/// `SoldOut` error) agree with their model.
#[test]
fn fixed_seat_holds_agree_with_their_model() {
    assert_agrees::<FixedSeats, SeatsModel>();
}

/// A vault opened with a code; a constructor returning `Result<Self, E>`.
#[derive(Clone, Debug)]
pub struct Vault {
    code: u32,
}

#[drt::operations]
impl Vault {
    pub fn open(code: u32) -> Result<Vault, Refused> {
        match code {
            // BUG: a code of zero is not frozen, only short.
            0 => Err(Refused::Frozen),
            c if c > 9_999 => Err(Refused::Short { balance: c }),
            c => Ok(Vault { code: c }),
        }
    }
    pub fn code(&self) -> u32 {
        self.code
    }
}

/// `Vault`'s reference.
#[derive(Clone, Debug)]
pub struct VaultModel {
    code: u32,
}

#[drt::operations]
impl VaultModel {
    pub fn open(code: u32) -> Result<VaultModel, Refused> {
        if code == 0 || code > 9_999 {
            return Err(Refused::Short { balance: code });
        }
        Ok(VaultModel { code })
    }
    pub fn code(&self) -> u32 {
        self.code
    }
}

/// Where the `Ok` values are the type under test and the reference, the
/// errors are still compared.
#[test]
fn finds_a_wrong_error_of_a_constructor() {
    let f = divergence::<Vault, VaultModel>("Vault::open");
    assert_eq!(
        f.message,
        "Vault::open returned Err(Frozen), but VaultModel::open (the reference) returned Err(Short { balance: 0 })"
    );
    assert!(layout::holds(&f.code, "assert_eq!(vault.as_ref().err(), vault_model.as_ref().err(), "), "{}", f.code);
}

/// A shelf whose `get` lends an item or says why not: `Result<&T, E>`.
#[derive(Clone, Debug)]
pub struct Shelf {
    items: Vec<u32>,
}

#[drt::operations]
impl Shelf {
    pub fn new() -> Self {
        Shelf { items: Vec::new() }
    }
    pub fn push(&mut self, item: u32) {
        self.items.push(item)
    }
    pub fn get(&self, at: u32) -> Result<&u32, Refused> {
        // BUG: the last item is out of reach (`at >= len`).
        if at >= (self.items.len() as u32).saturating_sub(1) {
            return Err(Refused::Short { balance: self.items.len() as u32 });
        }
        Ok(&self.items[at as usize])
    }
}

/// `Shelf`'s reference.
#[derive(Clone, Debug)]
pub struct ShelfModel {
    items: Vec<u32>,
}

#[drt::operations]
impl ShelfModel {
    pub fn new() -> Self {
        ShelfModel { items: Vec::new() }
    }
    pub fn push(&mut self, item: u32) {
        self.items.push(item)
    }
    pub fn get(&self, at: u32) -> Result<&u32, Refused> {
        self.items.get(at as usize).ok_or(Refused::Short { balance: self.items.len() as u32 })
    }
}

/// A borrowed `Ok` is copied and compared, errors too (it was dropped, and
/// so never compared).
#[test]
fn finds_a_wrong_result_of_a_borrow() {
    let f = divergence::<Shelf, ShelfModel>("Shelf::get");
    let (ours, theirs) = f.message.split_once(", but ").expect("two sides");
    assert_eq!(ours, "Shelf::get returned Err(Short { balance: 1 })", "{}", f.message);
    assert!(theirs.starts_with("ShelfModel::get (the reference) returned Ok("), "{}", f.message);
    assert!(layout::holds(&f.code, "let get = shelf.get(0).cloned();"), "{}", f.code);
    assert!(layout::holds(&f.code, "assert_eq!(get, model_get, "), "{}", f.code);
    assert_agrees::<FixedShelf, ShelfModel>();
}

/// `Shelf` without its bug.
#[derive(Clone, Debug)]
pub struct FixedShelf {
    items: Vec<u32>,
}

#[drt::operations]
impl FixedShelf {
    pub fn new() -> Self {
        FixedShelf { items: Vec::new() }
    }
    pub fn push(&mut self, item: u32) {
        self.items.push(item)
    }
    pub fn get(&self, at: u32) -> Result<&u32, Refused> {
        if at >= self.items.len() as u32 {
            return Err(Refused::Short { balance: self.items.len() as u32 });
        }
        Ok(&self.items[at as usize])
    }
}

/// A label lent as `Result<&str, E>` (copied as a `String`), and as an
/// iterator of its chars in a `Result` (a borrow drt does not copy).
#[derive(Clone, Debug)]
pub struct Label {
    text: String,
}

#[drt::operations]
impl Label {
    pub fn new() -> Self {
        Label { text: String::new() }
    }
    pub fn set(&mut self, text: &str) {
        self.text = text.to_string()
    }
    pub fn text(&self) -> Result<&str, Refused> {
        // BUG: a label of one char is refused.
        if self.text.chars().count() == 1 {
            return Err(Refused::Frozen);
        }
        Ok(&self.text)
    }
    pub fn chars(&self) -> Result<std::str::Chars<'_>, Refused> {
        Ok(self.text.chars())
    }
}

/// `Label`'s reference, with the same signatures.
#[derive(Clone, Debug)]
pub struct LabelModel {
    text: String,
}

#[drt::operations]
impl LabelModel {
    pub fn new() -> Self {
        LabelModel { text: String::new() }
    }
    pub fn set(&mut self, text: &str) {
        self.text = text.to_string()
    }
    pub fn text(&self) -> Result<&str, Refused> {
        Ok(&self.text)
    }
    pub fn chars(&self) -> Result<std::str::Chars<'_>, Refused> {
        Ok(self.text.chars())
    }
}

/// A `Result<&str, E>` is compared (its `Ok` copied as a `String`); a
/// result dropped on both sides is not, and the summary says so (it said
/// nothing).
#[test]
fn a_borrowed_str_is_compared_and_a_dropped_result_is_named() {
    let report = drt::explore::<Label>().against::<LabelModel>().seed(SEED).max_sequences(SMALL).report();
    assert_eq!(report.failures.len(), 1, "{report}");
    let f = &report.failures[0];
    let (ours, theirs) = f.message.split_once(", but ").expect("two sides");
    assert_eq!(ours, "Label::text returned Err(Frozen)", "{}", f.message);
    assert!(theirs.starts_with("LabelModel::text (the reference) returned Ok(\""), "{}", f.message);
    assert!(layout::holds(&f.code, "let text = label.text().map(str::to_string);"), "{}", f.code);
    let note = "run on LabelModel too, but their results are not compared (the types differ, have no PartialEq, or \
                hold borrows drt cannot copy): Label::chars";
    assert!(report.stats.notes.iter().any(|n| n == note), "{:?}", report.stats.notes);
}

#[test]
#[should_panic(expected = "drt: ShelfModel cannot be its own reference: explore it .against() another type")]
fn a_type_is_not_its_own_reference() {
    let _ = drt::explore::<ShelfModel>().against::<ShelfModel>().max_sequences(10).report();
}

/// A vector behind a newtype, as a user checking a dependency writes it:
/// `insert` and `remove` panic past the end, as `Vec`'s do; `get` panics
/// where `Vec::get` returns `None`.
#[derive(Clone, Debug, Default)]
pub struct Wrapped(Vec<u32>);

#[drt::operations]
impl Wrapped {
    pub fn new() -> Self {
        Wrapped(Vec::new())
    }
    /// No counterpart in `Vec`'s registered methods (as `SmallVec::from_vec`).
    pub fn from_items(items: Vec<u32>) -> Self {
        Wrapped(items)
    }
    pub fn push(&mut self, x: u32) {
        self.0.push(x)
    }
    pub fn insert(&mut self, at: usize, x: u32) {
        self.0.insert(at, x)
    }
    pub fn remove(&mut self, at: usize) -> u32 {
        self.0.remove(at)
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn get(&self, at: usize) -> Option<&u32> {
        // BUG: indexes instead of asking.
        Some(&self.0[at])
    }
    /// No counterpart in `Vec`'s registered methods: runs on this side only.
    pub fn spare(&self) -> usize {
        self.0.capacity() - self.0.len()
    }
}

/// A panic where the reference's counterpart panics too, as std documents
/// (an index past the end), is illegal input, not a failure: `get`, whose
/// counterpart returns `None`, fails. So is one the reference cannot check,
/// on a value only this side made (`from_items`, `spare`, which have no
/// counterpart): its counterpart documents that panic, so a forward of it
/// is no bug (it was reported, on smallvec's `from_vec` and arrayvec's
/// `try_from`). A call with no counterpart in the reference's sequence
/// does not look there for one (it did, and drt panicked).
#[test]
fn a_panic_the_reference_shares_is_illegal_input() {
    let report = drt::explore::<Wrapped>().against::<Vec<u32>>().seed(SEED).max_sequences(SMALL).report();
    let operations: Vec<&str> = report.failures.iter().map(|f| f.operation.as_str()).collect();
    assert_eq!(operations, ["Wrapped::get"], "{report}");
    assert_eq!(report.failures[0].kind, FailureKind::Panic);
    let ops = &report.stats.operations;
    for name in ["Wrapped::insert", "Wrapped::remove", "Wrapped::from_items", "Wrapped::spare"] {
        let op = ops.iter().find(|o| o.name == name).expect(name);
        assert!(op.succeeded > 0, "{op:?}");
    }
    for name in ["Wrapped::insert", "Wrapped::remove"] {
        let op = ops.iter().find(|o| o.name == name).expect(name);
        assert!(op.illegal > 0, "{op:?}");
    }
}

/// A vector whose only constructor aborts the process for three items.
pub struct FragileVec(Vec<u32>);

#[drt::operations]
impl FragileVec {
    pub fn from_iter(items: Vec<u32>) -> Self {
        if items.len() == 3 {
            std::process::abort();
        }
        FragileVec(items)
    }
    pub fn push(&mut self, value: u32) {
        self.0.push(value)
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

/// Explores `T` against `Vec<u32>` in a child process, whose one failure
/// must be a crash of `op`.
fn crash_against_vec<T: 'static>(op: &str) -> drt::Report {
    let explorer = drt::explore::<T>().against::<Vec<u32>>().seed(SEED).max_sequences(SMALL);
    let report = explorer.isolation(drt::Isolation::Process).report();
    assert_eq!(report.failures.len(), 1, "{report}");
    let f = &report.failures[0];
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Crash, op), "{report}");
    report
}

/// The only constructor that pairs with the reference's crashes: the
/// crash is reported, and the exploration goes on with the constructor
/// (drawn less often), which works for other inputs.
#[test]
fn a_crashed_constructor_the_pairing_needs_is_explored_on() {
    let report = crash_against_vec::<FragileVec>("FragileVec::from_iter");
    let f = &report.failures[0];
    assert!(f.hits > 1, "{report}");
    for name in ["FragileVec::from_iter", "FragileVec::push"] {
        let op = report.stats.operations.iter().find(|o| o.name == name).expect(name);
        assert!(op.succeeded > 0, "{report}");
    }
    assert!(report.stats.uncallable.is_empty() && report.stats.notes.is_empty(), "{report}");
}

/// A vector whose only constructor always aborts the process.
pub struct DoomedVec(Vec<u32>);

#[drt::operations]
impl DoomedVec {
    pub fn from_iter(_items: Vec<u32>) -> Self {
        std::process::abort();
    }
    pub fn push(&mut self, value: u32) {
        self.0.push(value)
    }
}

/// Once the only constructor that pairs with the reference has crashed
/// too often to keep (16 times), the exploration, which cannot go on
/// without it, stops with a note saying so, not with a failure of drt's
/// own.
#[test]
fn a_constructor_the_pairing_needs_that_always_crashes_stops_the_exploration_with_a_note() {
    let report = crash_against_vec::<DoomedVec>("DoomedVec::from_iter");
    let note = report.stats.notes.iter().find(|n| n.starts_with("the exploration stopped early: "));
    let note = note.unwrap_or_else(|| panic!("{report}"));
    assert!(note.contains("without DoomedVec::from_iter, which crashed"), "{note}");
}

// ---- a generic method's instance ----

/// A sorted vector as a set, whose generic `range` leaves out the last value
/// before the range's end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VecSet {
    items: Vec<i32>,
}

#[drt::operations]
impl VecSet {
    pub fn new() -> Self {
        VecSet { items: Vec::new() }
    }
    pub fn insert(&mut self, value: i32) -> bool {
        match self.items.binary_search(&value) {
            Ok(_) => false,
            Err(at) => {
                self.items.insert(at, value);
                true
            }
        }
    }
    /// BUG: stops one value early when the range holds more than two.
    #[drt(instantiate(R = std::ops::Range<i32>))]
    pub fn range<R: std::ops::RangeBounds<i32>>(&self, range: R) -> impl Iterator<Item = &i32> {
        let inside: Vec<&i32> = self.items.iter().filter(|x| range.contains(x)).collect();
        let keep = if inside.len() > 2 { inside.len() - 1 } else { inside.len() };
        inside.into_iter().take(keep)
    }
}

/// `range::<Range<i32>>` pairs with `BTreeSet::range` by its base name.
#[test]
fn a_generic_method_s_instance_pairs_with_the_reference_s_method() {
    let f = divergence::<VecSet, std::collections::BTreeSet<i32>>("VecSet::range::<std::ops::Range<i32>>");
    assert!(layout::holds(&f.code, ".range::<"), "{}", f.code);
}

// ---- `Extend` and `FromIterator` forwarded ----

/// A set whose `Extend` leaves out the last item; its `FromIterator` is right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShortSet(std::collections::BTreeSet<u32>);

#[drt::operations]
impl ShortSet {
    pub fn new() -> Self {
        ShortSet(std::collections::BTreeSet::new())
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

#[drt::operations]
impl Extend<u32> for ShortSet {
    fn extend<I: IntoIterator<Item = u32>>(&mut self, iter: I) {
        let items: Vec<u32> = iter.into_iter().collect();
        let keep = items.len().saturating_sub(1);
        self.0.extend(items.into_iter().take(keep));
    }
}

#[drt::operations]
impl FromIterator<u32> for ShortSet {
    fn from_iter<I: IntoIterator<Item = u32>>(iter: I) -> Self {
        ShortSet(iter.into_iter().collect())
    }
}

/// drt passes its iterators to a forwarded `extend` and `from_iter`; the
/// reference's take a `Vec`: they get the items the iterator was made of.
#[test]
fn a_forwarded_extend_pairs_with_the_reference_s_on_the_same_items() {
    let report = drt::explore::<ShortSet>()
        .against::<std::collections::BTreeSet<u32>>()
        .seed(SEED)
        .max_sequences(SMALL)
        .report();
    let unpaired: Vec<&String> = report.stats.notes.iter().filter(|n| n.starts_with("not compared with")).collect();
    assert!(unpaired.is_empty(), "{unpaired:?}");
    let f = report.failures.first().unwrap_or_else(|| panic!("{report}"));
    assert_eq!(f.kind, FailureKind::Divergence, "{report}");
    assert!(layout::holds(&f.code, "short_set.extend(vec!["), "{}", f.code);
    assert!(layout::holds(&f.code, "model_btree_set.extend(vec!["), "{}", f.code);
    // The iterator is made on the tested side only.
    assert_eq!(f.code.matches(".into_iter()").count(), 1, "{}", f.code);
}

// ---- std's integers as references ----

/// `u128` behind a newtype, as a user forwards a crate's fixed-width
/// integer: one-to-one, with a derived `Debug` (`Native(5)`) and no
/// `Display`, so that drt reads its values through the wrapper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Native(u128);

#[drt::operations]
impl Native {
    pub fn from(value: u128) -> Native {
        Native(value)
    }
    pub fn max_value() -> Native {
        Native(u128::MAX)
    }
    pub fn from_str_radix(src: &str, radix: u32) -> Result<Native, std::num::ParseIntError> {
        u128::from_str_radix(src, radix).map(Native)
    }
    pub fn from_le_bytes(bytes: [u8; 16]) -> Native {
        Native(u128::from_le_bytes(bytes))
    }
    pub fn to_be_bytes(self) -> [u8; 16] {
        self.0.to_be_bytes()
    }
    pub fn count_ones(self) -> u32 {
        self.0.count_ones()
    }
    pub fn leading_zeros(self) -> u32 {
        self.0.leading_zeros()
    }
    pub fn trailing_ones(self) -> u32 {
        self.0.trailing_ones()
    }
    pub fn rotate_left(self, n: u32) -> Native {
        Native(self.0.rotate_left(n))
    }
    pub fn swap_bytes(self) -> Native {
        Native(self.0.swap_bytes())
    }
    pub fn checked_add(self, rhs: Native) -> Option<Native> {
        self.0.checked_add(rhs.0).map(Native)
    }
    pub fn checked_mul(self, rhs: Native) -> Option<Native> {
        self.0.checked_mul(rhs.0).map(Native)
    }
    pub fn checked_div(self, rhs: Native) -> Option<Native> {
        self.0.checked_div(rhs.0).map(Native)
    }
    pub fn checked_shl(self, rhs: u32) -> Option<Native> {
        self.0.checked_shl(rhs).map(Native)
    }
    pub fn checked_pow(self, exp: u32) -> Option<Native> {
        self.0.checked_pow(exp).map(Native)
    }
    pub fn checked_ilog10(self) -> Option<u32> {
        self.0.checked_ilog10()
    }
    pub fn checked_next_power_of_two(self) -> Option<Native> {
        self.0.checked_next_power_of_two().map(Native)
    }
    pub fn wrapping_sub(self, rhs: Native) -> Native {
        Native(self.0.wrapping_sub(rhs.0))
    }
    pub fn wrapping_mul(self, rhs: Native) -> Native {
        Native(self.0.wrapping_mul(rhs.0))
    }
    pub fn wrapping_rem(self, rhs: Native) -> Native {
        Native(self.0.wrapping_rem(rhs.0))
    }
    pub fn wrapping_neg(self) -> Native {
        Native(self.0.wrapping_neg())
    }
    pub fn overflowing_add(self, rhs: Native) -> (Native, bool) {
        let (sum, over) = self.0.overflowing_add(rhs.0);
        (Native(sum), over)
    }
    pub fn overflowing_shr(self, rhs: u32) -> (Native, bool) {
        let (shifted, over) = self.0.overflowing_shr(rhs);
        (Native(shifted), over)
    }
    pub fn saturating_sub(self, rhs: Native) -> Native {
        Native(self.0.saturating_sub(rhs.0))
    }
    pub fn saturating_pow(self, exp: u32) -> Native {
        Native(self.0.saturating_pow(exp))
    }
    pub fn div_euclid(self, rhs: Native) -> Native {
        Native(self.0.div_euclid(rhs.0))
    }
    pub fn isqrt(self) -> Native {
        Native(self.0.isqrt())
    }
    pub fn abs_diff(self, other: Native) -> Native {
        Native(self.0.abs_diff(other.0))
    }
    pub fn is_power_of_two(self) -> bool {
        self.0.is_power_of_two()
    }
    pub fn midpoint(self, rhs: Native) -> Native {
        Native(self.0.midpoint(rhs.0))
    }
    pub fn clamp(self, min: Native, max: Native) -> Native {
        Native(self.0.clamp(min.0, max.0))
    }
}

#[drt::operations]
impl std::ops::BitXor for Native {
    type Output = Native;
    fn bitxor(self, rhs: Native) -> Native {
        Native(self.0 ^ rhs.0)
    }
}

#[drt::operations]
impl std::ops::Div for Native {
    type Output = Native;
    fn div(self, rhs: Native) -> Native {
        Native(self.0 / rhs.0)
    }
}

/// A signed one, `i8`, whose extremes the search reaches at once: this
/// one displays in decimal, as a crate's integers do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tiny(i8);

impl std::fmt::Display for Tiny {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[drt::operations]
impl Tiny {
    pub fn from(value: i8) -> Tiny {
        Tiny(value)
    }
    pub fn min_value() -> Tiny {
        Tiny(i8::MIN)
    }
    pub fn checked_abs(self) -> Option<Tiny> {
        self.0.checked_abs().map(Tiny)
    }
    pub fn wrapping_abs(self) -> Tiny {
        Tiny(self.0.wrapping_abs())
    }
    pub fn overflowing_neg(self) -> (Tiny, bool) {
        let (negated, over) = self.0.overflowing_neg();
        (Tiny(negated), over)
    }
    pub fn unsigned_abs(self) -> u8 {
        self.0.unsigned_abs()
    }
    pub fn signum(self) -> Tiny {
        Tiny(self.0.signum())
    }
    pub fn checked_div(self, rhs: Tiny) -> Option<Tiny> {
        self.0.checked_div(rhs.0).map(Tiny)
    }
    pub fn rem_euclid(self, rhs: Tiny) -> Tiny {
        Tiny(self.0.rem_euclid(rhs.0))
    }
    pub fn saturating_neg(self) -> Tiny {
        Tiny(self.0.saturating_neg())
    }
    pub fn abs_diff(self, other: Tiny) -> u8 {
        self.0.abs_diff(other.0)
    }
    pub fn checked_isqrt(self) -> Option<Tiny> {
        self.0.checked_isqrt().map(Tiny)
    }
    pub fn is_negative(self) -> bool {
        self.0.is_negative()
    }
}

/// A crate's integer forwarded one-to-one agrees with the primitive of its
/// width: every operation pairs, each result is compared (a newtype's
/// `Native(5)`, a pair `(Native(5), true)`, a `Display`), and nothing
/// diverges, panics of std's documented domains included (`div_euclid` by
/// zero, `isqrt` of a negative, `clamp` with `min > max`).
#[test]
fn a_forwarded_integer_agrees_with_the_primitive() {
    assert_agrees::<Native, u128>();
}

#[test]
fn a_forwarded_signed_integer_agrees_with_the_primitive() {
    assert_agrees::<Tiny, i8>();
}

/// A 128-bit integer of two halves whose subtraction drops a borrow's
/// underflow from its flag: found against `u128` as a wrong flag, and as
/// the `Some` that `checked_sub` builds on it, each test comparing the
/// numbers as text.
#[test]
fn finds_the_dropped_borrow_against_u128() {
    use drt_examples::wide::U128;
    let report = drt::explore::<U128>().against::<u128>().seed(SEED).max_sequences(SMALL).report();
    let ops: Vec<&str> = report.failures.iter().map(|f| f.operation.as_str()).collect();
    assert_eq!(ops, ["U128::checked_sub", "U128::overflowing_sub"], "{report}");
    let [checked, overflowing] = &report.failures[..] else { unreachable!() };
    let wrapped =
        "returned Some(340282366920938463463374607431768211455), but u128::checked_sub (the reference) returned None";
    assert!(checked.message.ends_with(wrapped), "{}", checked.message);
    assert!(
        layout::holds(&checked.code, ".map(|v| v.to_string()), model_u128_value3.map(|v| v.to_string())"),
        "{}",
        checked.code
    );
    assert!(
        overflowing.message.contains("returned (340282366920938463463374607431768211455, false), but"),
        "{}",
        overflowing.message
    );
    assert!(
        layout::holds(&overflowing.code, "(overflowing_sub.0.to_string(), overflowing_sub.1)"),
        "{}",
        overflowing.code
    );
    let unpaired = report.stats.notes.iter().filter(|n| n.starts_with("not compared with") || n.starts_with("run on"));
    assert_eq!(unpaired.count(), 0, "every operation pairs and is compared:\n{report}");
}

// ---- std itself, forwarded: the catalogue's methods pair and agree ----

/// `Vec<u32>` forwarded one-to-one, slice methods included: every method
/// pairs with `Vec`'s and agrees with it (a wrong registration, a method
/// that panics where std's does not, would diverge).
#[derive(Clone, Debug, PartialEq)]
pub struct Forwarded(Vec<u32>);

#[drt::operations]
impl Forwarded {
    pub fn new() -> Self {
        Forwarded(Vec::new())
    }
    pub fn push(&mut self, value: u32) {
        self.0.push(value)
    }
    pub fn as_slice(&self) -> &[u32] {
        self.0.as_slice()
    }
    pub fn to_vec(&self) -> Vec<u32> {
        self.0.to_vec()
    }
    pub fn into_boxed_slice(self) -> Box<[u32]> {
        self.0.into_boxed_slice()
    }
    pub fn starts_with(&self, needle: &[u32]) -> bool {
        self.0.starts_with(needle)
    }
    pub fn strip_suffix(&self, suffix: &[u32]) -> Option<&[u32]> {
        self.0.strip_suffix(suffix)
    }
    pub fn extend_from_slice(&mut self, other: &[u32]) {
        self.0.extend_from_slice(other)
    }
    pub fn extend_from_within(&mut self, src: std::ops::Range<usize>) {
        self.0.extend_from_within(src)
    }
    pub fn resize(&mut self, new_len: usize, value: u32) {
        self.0.resize(new_len, value)
    }
    pub fn fill(&mut self, value: u32) {
        self.0.fill(value)
    }
    pub fn rotate_left(&mut self, mid: usize) {
        self.0.rotate_left(mid)
    }
    pub fn swap_with_slice(&mut self, other: &mut [u32]) {
        self.0.swap_with_slice(other)
    }
}

/// `String` forwarded: trimming, cases, bytes, replacing, patterns.
#[derive(Clone, Debug, PartialEq)]
pub struct ForwardedText(String);

#[drt::operations]
impl ForwardedText {
    pub fn from(s: &str) -> Self {
        ForwardedText(String::from(s))
    }
    pub fn push_str(&mut self, s: &str) {
        self.0.push_str(s)
    }
    pub fn trim(&self) -> &str {
        self.0.trim()
    }
    pub fn trim_matches(&self, pat: char) -> &str {
        self.0.trim_matches(pat)
    }
    pub fn to_uppercase(&self) -> String {
        self.0.to_uppercase()
    }
    pub fn make_ascii_lowercase(&mut self) {
        self.0.make_ascii_lowercase()
    }
    pub fn strip_prefix(&self, prefix: &str) -> Option<&str> {
        self.0.strip_prefix(prefix)
    }
    pub fn get(&self, range: std::ops::Range<usize>) -> Option<&str> {
        self.0.get(range)
    }
    pub fn rfind(&self, pat: &str) -> Option<usize> {
        self.0.rfind(pat)
    }
    pub fn replacen(&self, from: &str, to: &str, count: usize) -> String {
        self.0.replacen(from, to, count)
    }
    pub fn as_bytes(&self) -> &[u8] {
        self.0.as_bytes()
    }
    pub fn char_indices(&self) -> impl Iterator<Item = (usize, char)> + '_ {
        self.0.char_indices()
    }
    pub fn replace_range(&mut self, range: std::ops::Range<usize>, with: &str) {
        self.0.replace_range(range, with)
    }
    pub fn from_utf8(vec: Vec<u8>) -> Result<Self, std::string::FromUtf8Error> {
        String::from_utf8(vec).map(ForwardedText)
    }
}

/// `BTreeSet<u32>` and `BTreeMap<u32, u32>` forwarded: set algebra,
/// entries taken out, keys and values consumed.
#[derive(Clone, Debug, PartialEq)]
pub struct ForwardedSet(std::collections::BTreeSet<u32>);

#[drt::operations]
impl ForwardedSet {
    pub fn new() -> Self {
        ForwardedSet(std::collections::BTreeSet::new())
    }
    pub fn insert(&mut self, value: u32) -> bool {
        self.0.insert(value)
    }
    pub fn difference<'a>(&'a self, other: &'a ForwardedSet) -> impl Iterator<Item = &'a u32> + 'a {
        self.0.difference(&other.0)
    }
    pub fn symmetric_difference<'a>(&'a self, other: &'a ForwardedSet) -> impl Iterator<Item = &'a u32> + 'a {
        self.0.symmetric_difference(&other.0)
    }
    pub fn union<'a>(&'a self, other: &'a ForwardedSet) -> impl Iterator<Item = &'a u32> + 'a {
        self.0.union(&other.0)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ForwardedMap(BTreeMap<u32, u32>);

#[drt::operations]
impl ForwardedMap {
    pub fn new() -> Self {
        ForwardedMap(BTreeMap::new())
    }
    pub fn insert(&mut self, key: u32, value: u32) -> Option<u32> {
        self.0.insert(key, value)
    }
    pub fn remove_entry(&mut self, key: &u32) -> Option<(u32, u32)> {
        self.0.remove_entry(key)
    }
    pub fn into_values(self) -> impl Iterator<Item = u32> {
        self.0.into_values()
    }
}

/// `VecDeque<u32>` forwarded: a range of positions, a resize.
#[derive(Clone, Debug, PartialEq)]
pub struct ForwardedDeque(VecDeque<u32>);

#[drt::operations]
impl ForwardedDeque {
    pub fn new() -> Self {
        ForwardedDeque(VecDeque::new())
    }
    pub fn push_front(&mut self, value: u32) {
        self.0.push_front(value)
    }
    pub fn range(&self, range: std::ops::Range<usize>) -> impl Iterator<Item = &u32> {
        self.0.range(range)
    }
    pub fn resize(&mut self, new_len: usize, value: u32) {
        self.0.resize(new_len, value)
    }
}

#[test]
fn a_forwarded_vec_agrees_with_vec() {
    assert_agrees::<Forwarded, Vec<u32>>();
}

#[test]
fn a_forwarded_string_agrees_with_string() {
    assert_agrees::<ForwardedText, String>();
}

#[test]
fn a_forwarded_btree_set_agrees_with_btree_set() {
    assert_agrees::<ForwardedSet, std::collections::BTreeSet<u32>>();
}

#[test]
fn a_forwarded_btree_map_agrees_with_btree_map() {
    assert_agrees::<ForwardedMap, BTreeMap<u32, u32>>();
}

#[test]
fn a_forwarded_vec_deque_agrees_with_vec_deque() {
    assert_agrees::<ForwardedDeque, VecDeque<u32>>();
}

// ---- a bounded collection against an unbounded reference ----

/// A vector of at most four items whose `push` refuses when full, as
/// `arrayvec`'s `try_push` and `heapless`'s `push` do.
#[derive(Clone, Debug, PartialEq)]
pub struct Bounded {
    items: Vec<u32>,
    len: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Full;

#[drt::operations]
impl Bounded {
    pub fn new() -> Self {
        Bounded { items: Vec::new(), len: 0 }
    }
    pub fn push(&mut self, value: u32) -> Result<(), Full> {
        bounded_push(self, value, false)
    }
    pub fn pop(&mut self) -> Option<u32> {
        let popped = self.items.pop();
        self.len -= usize::from(popped.is_some());
        popped
    }
    pub fn len(&self) -> usize {
        self.len
    }
}

/// The same, whose refused push still counts the item.
#[derive(Clone, Debug, PartialEq)]
pub struct Leaky(Bounded);

#[drt::operations]
impl Leaky {
    pub fn new() -> Self {
        Leaky(Bounded::new())
    }
    pub fn push(&mut self, value: u32) -> Result<(), Full> {
        bounded_push(&mut self.0, value, true)
    }
    pub fn len(&self) -> usize {
        self.0.len
    }
}

fn bounded_push(b: &mut Bounded, value: u32, leaky: bool) -> Result<(), Full> {
    if b.len >= 4 {
        // The bug, when `leaky`: the refused item is counted.
        b.len += usize::from(leaky);
        return Err(Full);
    }
    b.items.push(value);
    b.len += 1;
    Ok(())
}

/// A push the bounded side refuses (`Err`) where `Vec::push` cannot is not
/// done on the reference either: no divergence follows (it did, from `len`
/// after the fifth push, in arraydeque's and heapless's newtypes), and a
/// refusal that half happened still diverges.
#[test]
fn a_refusal_the_reference_cannot_make_is_not_made_there() {
    assert_agrees::<Bounded, Vec<u32>>();
    let report = drt::explore::<Leaky>().against::<Vec<u32>>().seed(SEED).max_sequences(SMALL).report();
    let f = report.failures.first().unwrap_or_else(|| panic!("{report}"));
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Divergence, "Leaky::len"), "{report}");
}
