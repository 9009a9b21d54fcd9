//! Branch (edge) coverage that drt and an undirected random walk reach in a
//! fixed time on three real, bug-free crates from crates.io: an ordered map
//! (`indexmap::IndexMap`), a slot map (`slotmap::SlotMap`, and the same
//! crate's `DenseSlotMap`, whose removals move values, and `SecondaryMap`,
//! data attached to a slot map's keys) and a bit set
//! (`fixedbitset::FixedBitSet`). Each is explored through a newtype below
//! that forwards a rich part of its API, with the inputs that panic by
//! design turned into `None` or `false`, so a failure drt reports is a bug
//! in the crate or a false positive of drt's.
//!
//! The code must be built with coverage instrumentation by `cargo drt`, one
//! crate per run (from the workspace's root; `cargo drt` builds each choice
//! of crates in a directory of its own, `target/drt-crates+indexmap` and so on):
//!
//! ```sh
//! cargo build -p cargo-drt
//! DRT_COVERAGE_CRATES=indexmap,crates DRT_BENCH_CRATE=indexmap \
//!     ./target/debug/cargo-drt drt bench -p drt-examples --bench crates
//! DRT_COVERAGE_CRATES=slotmap,crates DRT_BENCH_CRATE=slotmap \
//!     ./target/debug/cargo-drt drt bench -p drt-examples --bench crates
//! DRT_COVERAGE_CRATES=slotmap,crates DRT_BENCH_CRATE=denseslotmap \
//!     ./target/debug/cargo-drt drt bench -p drt-examples --bench crates
//! DRT_COVERAGE_CRATES=slotmap,crates DRT_BENCH_CRATE=secondarymap \
//!     ./target/debug/cargo-drt drt bench -p drt-examples --bench crates
//! DRT_COVERAGE_CRATES=fixedbitset,crates DRT_BENCH_CRATE=fixedbitset \
//!     ./target/debug/cargo-drt drt bench -p drt-examples --bench crates
//! ```
//!
//! `crates` is this bench's own crate: a generic type such as
//! `SlotMap<DefaultKey, u32>`, and the `#[inline]` functions of a crate, are
//! compiled into the crate that uses them, so `DRT_COVERAGE_CRATES=slotmap`
//! alone instruments 3 edges. With it, `total` counts the crate's own
//! non-generic code and all of this file: the newtypes, the crates'
//! code compiled for them, and drt's generated glue; only the edges reached
//! compare.
//!
//! Settings: `DRT_BENCH_SECONDS`, each exploration's time limit (default
//! 10); `DRT_BENCH_SEEDS`, how many seeds, from 1 on (default 3);
//! `DRT_BENCH_CRATE`, which crate to explore (by default the first that
//! `DRT_COVERAGE_CRATES` names).
//!
//! Each seed is explored by drt (with coverage feedback) and by the random
//! walk (whose coverage is measured, never used), in-process, one at a time,
//! for 0.1 s, 1 s and the time limit. It prints a markdown table of the
//! edges reached, then each failure's test.

use std::collections::hash_map::DefaultHasher;
use std::fmt;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::ops::Range;
use std::time::Duration;

use fixedbitset::FixedBitSet;
use indexmap::IndexMap;
use slotmap::{DefaultKey, DenseSlotMap, Key, KeyData, SecondaryMap, SlotMap};

/// The most elements or bits a capacity argument may ask for, so that no
/// call allocates gigabytes.
const MOST: usize = 1 << 16;

/// A hasher with fixed keys: the map's layout, and so the code it reaches,
/// is the same on every run.
type FixedState = BuildHasherDefault<DefaultHasher>;

/// An `IndexMap<u16, u16>` with a fixed hasher. Its `==`, like
/// `IndexMap`'s, ignores the order of the entries.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrderedMap(IndexMap<u16, u16, FixedState>);

#[drt::operations]
impl OrderedMap {
    /// An empty map.
    pub fn new() -> Self {
        OrderedMap(IndexMap::default())
    }

    /// An empty map with room for `n` entries (at most [`MOST`]).
    pub fn with_capacity(n: usize) -> Self {
        OrderedMap(IndexMap::with_capacity_and_hasher(n.min(MOST), FixedState::default()))
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Inserts or replaces; the old value.
    pub fn insert(&mut self, key: u16, value: u16) -> Option<u16> {
        self.0.insert(key, value)
    }

    /// Inserts at the key's sorted place (if the map is sorted).
    pub fn insert_sorted(&mut self, key: u16, value: u16) -> (usize, Option<u16>) {
        self.0.insert_sorted(key, value)
    }

    /// Inserts (or moves the key) before `index`; `None` past the end.
    pub fn insert_before(&mut self, index: usize, key: u16, value: u16) -> Option<(usize, Option<u16>)> {
        (index <= self.0.len()).then(|| self.0.insert_before(index, key, value))
    }

    /// The key's value, inserting `value` first if it is absent.
    pub fn entry_or_insert(&mut self, key: u16, value: u16) -> u16 {
        *self.0.entry(key).or_insert(value)
    }

    /// The key's value.
    pub fn get(&self, key: u16) -> Option<u16> {
        self.0.get(&key).copied()
    }

    /// The entry at `index`.
    pub fn get_index(&self, index: usize) -> Option<(u16, u16)> {
        self.0.get_index(index).map(|(k, v)| (*k, *v))
    }

    /// The key's index.
    pub fn get_index_of(&self, key: u16) -> Option<usize> {
        self.0.get_index_of(&key)
    }

    /// Removes the key, moving the last entry into its place.
    pub fn swap_remove(&mut self, key: u16) -> Option<u16> {
        self.0.swap_remove(&key)
    }

    /// Removes the key, shifting the later entries down.
    pub fn shift_remove(&mut self, key: u16) -> Option<u16> {
        self.0.shift_remove(&key)
    }

    /// Removes the entry at `index`, moving the last entry into its place.
    pub fn swap_remove_index(&mut self, index: usize) -> Option<(u16, u16)> {
        self.0.swap_remove_index(index)
    }

    /// Removes the last entry.
    pub fn pop(&mut self) -> Option<(u16, u16)> {
        self.0.pop()
    }

    /// Moves the entry at `from` to `to`; false when either is out of bounds.
    pub fn move_index(&mut self, from: usize, to: usize) -> bool {
        let fits = from < self.0.len() && to < self.0.len();
        if fits {
            self.0.move_index(from, to);
        }
        fits
    }

    /// Swaps two entries; false when either is out of bounds.
    pub fn swap_indices(&mut self, a: usize, b: usize) -> bool {
        let fits = a < self.0.len() && b < self.0.len();
        if fits {
            self.0.swap_indices(a, b);
        }
        fits
    }

    /// Sorts the entries by key.
    pub fn sort_keys(&mut self) {
        self.0.sort_keys()
    }

    /// Keeps the first `len` entries.
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }

    /// Splits off the entries from `at` on; `None` past the end.
    pub fn split_off(&mut self, at: usize) -> Option<OrderedMap> {
        (at <= self.0.len()).then(|| OrderedMap(self.0.split_off(at)))
    }

    /// Removes the entries in `range`; `None` when it does not fit.
    pub fn drain(&mut self, range: Range<usize>) -> Option<Vec<(u16, u16)>> {
        (range.start <= range.end && range.end <= self.0.len()).then(|| self.0.drain(range).collect())
    }

    /// Reserves room for `n` more entries (at most [`MOST`]).
    pub fn reserve(&mut self, n: usize) {
        self.0.reserve(n.min(MOST))
    }

    /// Removes every entry.
    pub fn clear(&mut self) {
        self.0.clear()
    }

    /// Inserts each pair in order.
    pub fn extend(&mut self, pairs: Vec<(u16, u16)>) {
        self.0.extend(pairs)
    }

    /// Moves every entry of `other` into this map.
    pub fn append(&mut self, other: &mut OrderedMap) {
        self.0.append(&mut other.0)
    }
}

/// `==` and `Hash` by the `Debug` text, for a newtype over maps that have
/// neither: the text shows every slot's version and the free list, the
/// whole state.
macro_rules! by_debug_text {
    ($newtype:ident) => {
        impl PartialEq for $newtype {
            fn eq(&self, other: &Self) -> bool {
                format!("{self:?}") == format!("{other:?}")
            }
        }

        impl Eq for $newtype {}

        impl Hash for $newtype {
            fn hash<H: Hasher>(&self, state: &mut H) {
                format!("{self:?}").hash(state)
            }
        }
    };
}

/// The operations the slot maps share (`SlotMap` and `DenseSlotMap` have
/// the same API), forwarded to the map in field 0 with keys of type `$key`,
/// and `==` and `Hash` by the `Debug` text (neither map has them). Not
/// `capacity`: a clone's differs from the original's, so
/// drt, which extends clones of the values it keeps, would say so and run
/// every sequence from its first call.
macro_rules! slot_map {
    ($newtype:ident, $map:ident, $key:ident) => {
        by_debug_text!($newtype);

        #[drt::operations]
        impl $newtype {
            /// An empty slot map.
            pub fn new() -> Self {
                $newtype($map::with_key())
            }

            /// An empty slot map with room for `n` values (at most [`MOST`]).
            pub fn with_capacity(n: usize) -> Self {
                $newtype($map::with_capacity_and_key(n.min(MOST)))
            }

            /// Number of values.
            pub fn len(&self) -> usize {
                self.0.len()
            }

            /// Whether there are none.
            pub fn is_empty(&self) -> bool {
                self.0.is_empty()
            }

            /// Reserves room for `n` more values (at most [`MOST`]).
            pub fn reserve(&mut self, n: usize) {
                self.0.reserve(n.min(MOST))
            }

            /// Whether the key is present.
            pub fn contains_key(&self, key: $key) -> bool {
                self.0.contains_key(key)
            }

            /// Stores a value; its key.
            pub fn insert(&mut self, value: u32) -> $key {
                self.0.insert(value)
            }

            /// Stores the new key's slot index as its value; the key.
            pub fn insert_with_key(&mut self) -> $key {
                self.0.insert_with_key(|k| k.data().as_ffi() as u32)
            }

            /// Removes the key's value.
            pub fn remove(&mut self, key: $key) -> Option<u32> {
                self.0.remove(key)
            }

            /// The key's value.
            pub fn get(&self, key: $key) -> Option<u32> {
                self.0.get(key).copied()
            }

            /// Replaces the key's value; false when the key is absent.
            pub fn set(&mut self, key: $key, value: u32) -> bool {
                self.0.get_mut(key).map(|v| *v = value).is_some()
            }

            /// Swaps two keys' values; false unless both are present and distinct.
            pub fn swap(&mut self, a: $key, b: $key) -> bool {
                self.0.get_disjoint_mut([a, b]).map(|[x, y]| std::mem::swap(x, y)).is_some()
            }

            /// Removes every value.
            pub fn clear(&mut self) {
                self.0.clear()
            }

            /// Removes every value; the pairs removed.
            pub fn drain(&mut self) -> Vec<($key, u32)> {
                self.0.drain().collect()
            }

            /// The pairs, in slot order.
            pub fn iter(&self) -> Vec<($key, u32)> {
                self.0.iter().map(|(k, v)| (k, *v)).collect()
            }

            /// The keys, in slot order.
            pub fn keys(&self) -> Vec<$key> {
                self.0.keys().collect()
            }
        }
    };
}

/// A `SlotMap<DefaultKey, u32>`.
#[derive(Clone, Debug, Default)]
pub struct Slots(SlotMap<DefaultKey, u32>);

slot_map!(Slots, SlotMap, DefaultKey);

#[drt::operations]
impl Slots {
    /// Removes the key's value, keeping its slot for [`Slots::reattach`].
    pub fn detach(&mut self, key: DefaultKey) -> Option<u32> {
        self.0.detach(key)
    }

    /// Puts a value back under a detached key.
    #[drt(panics = "key is not detached")]
    pub fn reattach(&mut self, key: DefaultKey, value: u32) {
        self.0.reattach(key, value)
    }

    /// A key from its FFI form: the version in the high half, the slot
    /// index in the low one.
    pub fn key_from_ffi(value: u64) -> DefaultKey {
        KeyData::from_ffi(value).into()
    }

    /// The null key, which no value has.
    pub fn null_key() -> DefaultKey {
        DefaultKey::null()
    }
}

slotmap::new_key_type! {
    /// The keys of [`DenseSlots`]: a type of their own, so that neither
    /// slot map's exploration calls the other's operations to make keys.
    pub struct DenseKey;
}

/// A `DenseSlotMap<DenseKey, u32>`: the slot map whose values sit in a
/// dense array beside the slots (iteration is fast, a removal moves the last
/// value into the hole and re-points its slot).
#[derive(Clone, Debug, Default)]
pub struct DenseSlots(DenseSlotMap<DenseKey, u32>);

slot_map!(DenseSlots, DenseSlotMap, DenseKey);

slotmap::new_key_type! {
    /// The keys of [`Linked`], a type of their own (as [`DenseKey`]).
    pub struct LinkedKey;
}

/// A `SlotMap<LinkedKey, u32>` with a `SecondaryMap<LinkedKey, u32>`
/// attaching data to its keys, as the crate's documentation uses them: the
/// secondary map tells a key from an older or newer one in the same slot by
/// its version, and keeps a stale entry until the slot is used again.
/// Compared and hashed by the maps' `Debug` text.
#[derive(Clone, Debug, Default)]
pub struct Linked(SlotMap<LinkedKey, u32>, SecondaryMap<LinkedKey, u32>);

by_debug_text!(Linked);

#[drt::operations]
impl Linked {
    /// Two empty maps.
    pub fn new() -> Self {
        Linked::default()
    }

    /// Stores a value in the slot map; its key.
    pub fn insert(&mut self, value: u32) -> LinkedKey {
        self.0.insert(value)
    }

    /// Removes the key's value from the slot map (not its attached data).
    pub fn remove(&mut self, key: LinkedKey) -> Option<u32> {
        self.0.remove(key)
    }

    /// The key's value in the slot map.
    pub fn get(&self, key: LinkedKey) -> Option<u32> {
        self.0.get(key).copied()
    }

    /// Number of values in the slot map.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the slot map has no values.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Attaches data to a key; the data it replaces.
    pub fn attach(&mut self, key: LinkedKey, data: u32) -> Option<u32> {
        self.1.insert(key, data)
    }

    /// The key's attached data.
    pub fn attached(&self, key: LinkedKey) -> Option<u32> {
        self.1.get(key).copied()
    }

    /// Whether the key has data attached.
    pub fn has_attached(&self, key: LinkedKey) -> bool {
        self.1.contains_key(key)
    }

    /// Removes the key's attached data.
    pub fn unattach(&mut self, key: LinkedKey) -> Option<u32> {
        self.1.remove(key)
    }

    /// The key's attached data, attaching `data` first if it has none;
    /// `None` for a key older than the slot's.
    pub fn attached_or(&mut self, key: LinkedKey, data: u32) -> Option<u32> {
        self.1.entry(key).map(|e| *e.or_insert(data))
    }

    /// Number of keys with data attached.
    pub fn attached_len(&self) -> usize {
        self.1.len()
    }

    /// Drops the data of keys the slot map no longer has.
    pub fn prune(&mut self) {
        let live = &self.0;
        self.1.retain(|k, _| live.contains_key(k))
    }

    /// The keys with data attached, and the data, in slot order.
    pub fn attachments(&self) -> Vec<(LinkedKey, u32)> {
        self.1.iter().map(|(k, v)| (k, *v)).collect()
    }

    /// The null key, which no value has.
    pub fn null_key() -> LinkedKey {
        LinkedKey::null()
    }
}

/// A `FixedBitSet`. Its own `Debug` shows the buffer's address, which
/// differs from run to run; the newtype's shows the length and the blocks
/// of bits in hex (drt formats every value it checks: printed bit by bit,
/// sets of 65536 bits halved the sequences it ran).
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BitSet(FixedBitSet);

impl fmt::Debug for BitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BitSet {{ len: {}, blocks: {:x?} }}", self.0.len(), self.0.as_slice())
    }
}

/// Whether `range` lies within `0..len`.
fn within(range: &Range<usize>, len: usize) -> bool {
    range.start <= range.end && range.end <= len
}

#[drt::operations]
impl BitSet {
    /// An empty set of no bits.
    pub fn new() -> Self {
        BitSet(FixedBitSet::new())
    }

    /// `bits` bits (at most [`MOST`]), all clear.
    pub fn with_capacity(bits: usize) -> Self {
        BitSet(FixedBitSet::with_capacity(bits.min(MOST)))
    }

    /// Grows to `bits` bits (at most [`MOST`]).
    pub fn grow(&mut self, bits: usize) {
        self.0.grow(bits.min(MOST))
    }

    /// Sets `bit`, growing to hold it; false (and nothing done) past [`MOST`].
    pub fn grow_and_insert(&mut self, bit: usize) -> bool {
        let fits = bit < MOST;
        if fits {
            self.0.grow_and_insert(bit);
        }
        fits
    }

    /// Number of bits.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it has no bits.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The lowest set bit.
    pub fn minimum(&self) -> Option<usize> {
        self.0.minimum()
    }

    /// The highest set bit.
    pub fn maximum(&self) -> Option<usize> {
        self.0.maximum()
    }

    /// Whether `bit` is set (false past the end).
    pub fn contains(&self, bit: usize) -> bool {
        self.0.contains(bit)
    }

    /// Sets `bit`; false (and nothing done) past the end.
    pub fn insert(&mut self, bit: usize) -> bool {
        let fits = bit < self.0.len();
        if fits {
            self.0.insert(bit);
        }
        fits
    }

    /// Flips `bit`; false (and nothing done) past the end.
    pub fn toggle(&mut self, bit: usize) -> bool {
        let fits = bit < self.0.len();
        if fits {
            self.0.toggle(bit);
        }
        fits
    }

    /// Sets `bit` to `enabled`; false (and nothing done) past the end.
    pub fn set(&mut self, bit: usize, enabled: bool) -> bool {
        let fits = bit < self.0.len();
        if fits {
            self.0.set(bit, enabled);
        }
        fits
    }

    /// Copies bit `from` (clear past the end) to `to`; false when `to` is past the end.
    pub fn copy_bit(&mut self, from: usize, to: usize) -> bool {
        let fits = to < self.0.len();
        if fits {
            self.0.copy_bit(from, to);
        }
        fits
    }

    /// Set bits in `range`; `None` when it does not fit.
    pub fn count_ones(&self, range: Range<usize>) -> Option<usize> {
        within(&range, self.0.len()).then(|| self.0.count_ones(range))
    }

    /// Sets the bits in `range`; false when it does not fit.
    pub fn insert_range(&mut self, range: Range<usize>) -> bool {
        let fits = within(&range, self.0.len());
        if fits {
            self.0.insert_range(range);
        }
        fits
    }

    /// Flips the bits in `range`; false when it does not fit.
    pub fn toggle_range(&mut self, range: Range<usize>) -> bool {
        let fits = within(&range, self.0.len());
        if fits {
            self.0.toggle_range(range);
        }
        fits
    }

    /// Whether some bit in `range` is set; `None` when it does not fit.
    pub fn contains_any_in_range(&self, range: Range<usize>) -> Option<bool> {
        within(&range, self.0.len()).then(|| self.0.contains_any_in_range(range))
    }

    /// The set bits, in order.
    pub fn ones(&self) -> Vec<usize> {
        self.0.ones().collect()
    }

    /// The clear bits, in order.
    pub fn zeroes(&self) -> Vec<usize> {
        self.0.zeroes().collect()
    }

    /// Adds the bits of `other`, growing to its length.
    pub fn union_with(&mut self, other: &BitSet) {
        self.0.union_with(&other.0)
    }

    /// Keeps the bits `other` has too.
    pub fn intersect_with(&mut self, other: &BitSet) {
        self.0.intersect_with(&other.0)
    }

    /// Flips the bits `other` has, growing to its length.
    pub fn symmetric_difference_with(&mut self, other: &BitSet) {
        self.0.symmetric_difference_with(&other.0)
    }

    /// Bits set in both.
    pub fn intersection_count(&self, other: &BitSet) -> usize {
        self.0.intersection_count(&other.0)
    }

    /// Whether every bit set here is set in `other`.
    pub fn is_subset(&self, other: &BitSet) -> bool {
        self.0.is_subset(&other.0)
    }

    /// Clears every bit.
    pub fn clear(&mut self) {
        self.0.clear()
    }
}

/// How one exploration searches.
#[derive(Clone, Copy)]
enum Search {
    Drt,
    Walk,
}

impl Search {
    /// Its name in the table.
    fn name(self) -> &'static str {
        match self {
            Search::Drt => "drt",
            Search::Walk => "random walk",
        }
    }
}

/// Explores `T` in-process with `search`, `seed` and a time limit.
fn explore<T: 'static>(search: Search, seed: u64, limit: Duration) -> drt::Report {
    let explorer = drt::explore::<T>().seed(seed).time_limit(limit).isolation(drt::Isolation::InProcess);
    match search {
        Search::Drt => explorer.report(),
        Search::Walk => explorer.random_walk().report(),
    }
}

/// An exploration of one newtype, with a search, a seed and a time limit.
type Explore = fn(Search, u64, Duration) -> drt::Report;

/// The subjects explored: the name `DRT_BENCH_CRATE` gives, the crate to
/// instrument, and the exploration of its newtype.
const CRATES: [(&str, &str, Explore); 5] = [
    ("indexmap", "indexmap", explore::<OrderedMap>),
    ("slotmap", "slotmap", explore::<Slots>),
    ("denseslotmap", "slotmap", explore::<DenseSlots>),
    ("secondarymap", "slotmap", explore::<Linked>),
    ("fixedbitset", "fixedbitset", explore::<BitSet>),
];

/// The shorter time limits each seed is also explored with, to show growth.
const EARLY: [Duration; 2] = [Duration::from_millis(100), Duration::from_secs(1)];

/// An unsigned setting from the environment, or `default`.
fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().map_or(default, |v| v.trim().parse().unwrap_or_else(|_| panic!("{name}: a number")))
}

/// The median of `xs`, formatted with its range: `median (min-max)`.
fn spread(mut xs: Vec<u64>) -> String {
    xs.sort_unstable();
    format!("{} ({}-{})", xs[xs.len() / 2], xs[0], xs[xs.len() - 1])
}

/// Explores the crate `DRT_BENCH_CRATE` names with both searches and
/// prints the table.
fn main() {
    // The benchmark runs on one thread: nothing reads the environment meanwhile.
    if std::env::var_os("DRT_PROGRESS").is_none() {
        std::env::set_var("DRT_PROGRESS", "off");
    }
    let seconds = env_u64("DRT_BENCH_SECONDS", 10);
    let seeds = env_u64("DRT_BENCH_SEEDS", 3).max(1);
    let instrumented = std::env::var("DRT_COVERAGE_CRATES").ok();
    let asked = std::env::var("DRT_BENCH_CRATE").ok().or(instrumented.clone()).unwrap_or_default();
    let chosen = CRATES.iter().find(|(name, _, _)| asked.split(',').any(|a| a.trim() == *name));
    let probe = drt::explore::<BitSet>().max_sequences(1).isolation(drt::Isolation::InProcess).report();
    if probe.stats.coverage.is_none() {
        let (name, krate) = chosen.map_or(("indexmap", "indexmap"), |c| (c.0, c.1));
        println!(
            "this build is not instrumented for coverage; from the workspace's root, run (for indexmap, slotmap, \
             denseslotmap, secondarymap or fixedbitset):\n  cargo build -p cargo-drt && DRT_COVERAGE_CRATES={krate},crates \
             DRT_BENCH_CRATE={name} ./target/debug/cargo-drt drt bench -p drt-examples --bench crates"
        );
        return;
    }
    let Some(&(name, _, run)) = chosen else {
        println!("DRT_BENCH_CRATE must be indexmap, slotmap, denseslotmap, secondarymap or fixedbitset, not {asked:?}");
        return;
    };
    if instrumented.is_some_and(|c| !c.split(',').any(|c| matches!(c.trim(), "crates" | "drt-examples"))) {
        println!(
            "note: DRT_COVERAGE_CRATES leaves out this bench's crate, where the crates' generic and inline code \
             is compiled: add `crates` to it, in a target directory of its own\n"
        );
    }
    println!("drt crates bench: {name}, seeds 1..={seeds}, {seconds} s each, in-process, built for coverage\n");
    let early: String = EARLY.iter().map(|t| format!(" edges at {t:?} |")).collect();
    println!("| crate | search | seeds |{early} edges at {seconds}s of total | sequences run | failures |");
    println!("|---|---|---|{}---|---|---|", "---|".repeat(EARLY.len()));
    let (mut failures, mut notes) = (Vec::new(), Vec::new());
    for search in [Search::Drt, Search::Walk] {
        let mut early = vec![Vec::new(); EARLY.len()];
        let (mut reached, mut totals, mut sequences, mut found) = (Vec::new(), Vec::new(), Vec::new(), 0);
        for seed in 1..=seeds {
            for (at, limit) in early.iter_mut().zip(EARLY) {
                at.push(run(search, seed, limit).stats.coverage.map_or(0, |c| c.reached));
            }
            let report = run(search, seed, Duration::from_secs(seconds));
            let coverage = report.stats.coverage.unwrap_or_default();
            reached.push(coverage.reached);
            totals.push(coverage.total);
            sequences.push(report.stats.sequences);
            found += report.failures.len();
            failures.extend(report.failures.into_iter().map(|f| (search.name(), seed, f)));
            notes.extend(
                report.stats.uncallable.into_iter().map(|(op, why)| format!("never called successfully: {op}: {why}")),
            );
            notes.extend(report.stats.notes);
        }
        totals.dedup();
        let total = totals.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
        let early: String = early.into_iter().map(|at| format!(" {} |", spread(at))).collect();
        println!(
            "| {name} | {} | {seeds} |{early} {} of {total} | {} | {found} |",
            search.name(),
            spread(reached),
            spread(sequences)
        );
    }
    for (search, seed, f) in &failures {
        println!("\n{search}, seed {seed}: {:?} in {}: {}\n{}", f.kind, f.operation, f.message, f.code);
    }
    notes.sort();
    notes.dedup();
    for note in notes {
        println!("\nnote: {note}");
    }
}
