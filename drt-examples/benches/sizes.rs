//! Size-taking types of published crates explored as most users first write
//! it: a newtype whose methods forward one to one, with no `requires`, no
//! checks and no cap on any size (so `with_capacity(1 << 40)`, `reserve`,
//! `resize`, `grow` and ranges of billions are all tried). Six crates:
//! `smallvec::SmallVec`, `bytes::BytesMut`, `bit_vec::BitVec`,
//! `fixedbitset::FixedBitSet`, `indexmap::IndexMap` and `slotmap::SlotMap`.
//!
//! Each is explored for a time limit with the default settings (in child
//! processes), and the table says how many sequences ran, how long the run
//! took past its limit, how many failures were reported, how many of those
//! were allocation failures or timeouts (a size too large for a run, which is
//! no bug of the crate: the measure of issue 35), and how many parameters
//! were throttled. The other failures are the crates' documented panics
//! (`insert` past the end, `split_off` past the capacity), which a
//! forwarding newtype with no `requires` reports: what the laws of a later
//! issue are for.
//!
//! Run with `cargo bench -p drt-examples --bench sizes`. Settings:
//! `DRT_BENCH_SECONDS` (default 10), `DRT_BENCH_SEEDS` (default 1: seeds
//! 1..=n). Every number printed is measured in this run.

#![allow(clippy::new_without_default, clippy::len_without_is_empty)]

use std::time::{Duration, Instant};

use bit_vec::BitVec;
use bytes::BytesMut;
use fixedbitset::FixedBitSet;
use indexmap::IndexMap;
use slotmap::{DefaultKey, SlotMap};
use smallvec::SmallVec;

/// `smallvec::SmallVec<[u32; 4]>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Small(SmallVec<[u32; 4]>);

#[drt::operations]
impl Small {
    pub fn new() -> Self {
        Small(SmallVec::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        Small(SmallVec::with_capacity(n))
    }
    pub fn push(&mut self, v: u32) {
        self.0.push(v)
    }
    pub fn pop(&mut self) -> Option<u32> {
        self.0.pop()
    }
    pub fn reserve(&mut self, n: usize) {
        self.0.reserve(n)
    }
    pub fn resize(&mut self, n: usize, v: u32) {
        self.0.resize(n, v)
    }
    pub fn truncate(&mut self, n: usize) {
        self.0.truncate(n)
    }
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit()
    }
    pub fn extend_from_slice(&mut self, items: Vec<u32>) {
        self.0.extend_from_slice(&items)
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
}

/// `bytes::BytesMut`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bytes(BytesMut);

#[drt::operations]
impl Bytes {
    pub fn new() -> Self {
        Bytes(BytesMut::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        Bytes(BytesMut::with_capacity(n))
    }
    pub fn zeroed(n: usize) -> Self {
        Bytes(BytesMut::zeroed(n))
    }
    pub fn reserve(&mut self, n: usize) {
        self.0.reserve(n)
    }
    pub fn resize(&mut self, n: usize, v: u8) {
        self.0.resize(n, v)
    }
    pub fn extend_from_slice(&mut self, bytes: Vec<u8>) {
        self.0.extend_from_slice(&bytes)
    }
    pub fn truncate(&mut self, n: usize) {
        self.0.truncate(n)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
}

/// `bit_vec::BitVec`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bits(BitVec);

#[drt::operations]
impl Bits {
    pub fn new() -> Self {
        Bits(BitVec::new())
    }
    pub fn from_elem(n: usize, bit: bool) -> Self {
        Bits(BitVec::from_elem(n, bit))
    }
    pub fn with_capacity(n: usize) -> Self {
        Bits(BitVec::with_capacity(n))
    }
    pub fn grow(&mut self, n: usize, bit: bool) {
        self.0.grow(n, bit)
    }
    pub fn reserve(&mut self, n: usize) {
        self.0.reserve(n)
    }
    pub fn push(&mut self, bit: bool) {
        self.0.push(bit)
    }
    pub fn pop(&mut self) -> Option<bool> {
        self.0.pop()
    }
    pub fn truncate(&mut self, n: usize) {
        self.0.truncate(n)
    }
    pub fn get(&self, i: usize) -> Option<bool> {
        self.0.get(i)
    }
    pub fn negate(&mut self) {
        self.0.negate()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn any(&self) -> bool {
        self.0.any()
    }
}

/// `fixedbitset::FixedBitSet`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FixedBits(FixedBitSet);

#[drt::operations]
impl FixedBits {
    pub fn with_capacity(bits: usize) -> Self {
        FixedBits(FixedBitSet::with_capacity(bits))
    }
    pub fn grow(&mut self, bits: usize) {
        self.0.grow(bits)
    }
    pub fn insert_range(&mut self, start: usize, end: usize) {
        self.0.insert_range(start..end)
    }
    pub fn contains(&self, bit: usize) -> bool {
        self.0.contains(bit)
    }
    pub fn count_ones(&self) -> usize {
        self.0.count_ones(..)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

/// `indexmap::IndexMap<u16, u16>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ordered(IndexMap<u16, u16>);

#[drt::operations]
impl Ordered {
    pub fn new() -> Self {
        Ordered(IndexMap::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        Ordered(IndexMap::with_capacity(n))
    }
    pub fn reserve(&mut self, n: usize) {
        self.0.reserve(n)
    }
    pub fn insert(&mut self, k: u16, v: u16) -> Option<u16> {
        self.0.insert(k, v)
    }
    pub fn swap_remove(&mut self, k: &u16) -> Option<u16> {
        self.0.swap_remove(k)
    }
    pub fn get(&self, k: &u16) -> Option<&u16> {
        self.0.get(k)
    }
    pub fn truncate(&mut self, n: usize) {
        self.0.truncate(n)
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

/// `slotmap::SlotMap<DefaultKey, u32>`.
#[derive(Clone, Debug)]
pub struct Slots(SlotMap<DefaultKey, u32>);

#[drt::operations]
impl Slots {
    pub fn new() -> Self {
        Slots(SlotMap::new())
    }
    pub fn with_capacity(n: usize) -> Self {
        Slots(SlotMap::with_capacity(n))
    }
    pub fn reserve(&mut self, n: usize) {
        self.0.reserve(n)
    }
    pub fn insert(&mut self, v: u32) -> Key {
        Key(self.0.insert(v))
    }
    pub fn remove(&mut self, k: &Key) -> Option<u32> {
        self.0.remove(k.0)
    }
    pub fn get(&self, k: &Key) -> Option<&u32> {
        self.0.get(k.0)
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
}

/// A key of [`Slots`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key(DefaultKey);

/// One type's exploration: its name and how to explore it for a time limit with a seed.
type Target = (&'static str, fn(Duration, u64) -> drt::Report);

fn explore<T: 'static>(limit: Duration, seed: u64) -> drt::Report {
    drt::explore::<T>().time_limit(limit).seed(seed).report()
}

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let limit = Duration::from_secs(setting("DRT_BENCH_SECONDS", 10));
    let seeds = setting("DRT_BENCH_SEEDS", 1);
    let targets: Vec<Target> = vec![
        ("smallvec::SmallVec", explore::<Small>),
        ("bytes::BytesMut", explore::<Bytes>),
        ("bit_vec::BitVec", explore::<Bits>),
        ("fixedbitset::FixedBitSet", explore::<FixedBits>),
        ("indexmap::IndexMap", explore::<Ordered>),
        ("slotmap::SlotMap", explore::<Slots>),
    ];
    println!(
        "\n| type ({}-s limit) | seed | sequences | past the limit | failures | of them allocation failures or timeouts | \
         throttled |",
        limit.as_secs()
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut reports = Vec::new();
    for (name, explore) in &targets {
        for seed in 1..=seeds {
            let start = Instant::now();
            let report = explore(limit, seed);
            let past = start.elapsed().saturating_sub(limit);
            let sized = report
                .failures
                .iter()
                .filter(|f| {
                    matches!(f.kind, drt::FailureKind::Timeout)
                        || f.message.contains("memory allocation of")
                        || f.message.contains("capacity overflow")
                        || f.message.contains("call timeout")
                })
                .count();
            let throttled = report.to_string().matches("drt: sizes throttled: ").count();
            println!(
                "| {name} | {seed} | {} | {:.1} s | {} | {sized} | {throttled} |",
                report.stats.sequences,
                past.as_secs_f64(),
                report.failures.len()
            );
            reports.push((name, seed, report));
        }
    }
    println!();
    for (name, seed, report) in reports {
        for f in &report.failures {
            println!("{name} (seed {seed}): {:?} in {}: {}", f.kind, f.operation, f.message);
        }
    }
}
