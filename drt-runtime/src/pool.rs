//! The component set (thesis §5.4, Fig 5-4): normal sequences kept for
//! extension, indexed by the types of the values they offer, with index
//! pruning (thesis §5.8, §7.4): a value equal to one seen before is not
//! offered again.
//!
//! Randoop's component set only grows, and so would an exploration's
//! memory, by a kilobyte or two per kept sequence: a ten-minute run would
//! need tens of gigabytes. This one is bounded. An entry refers to the
//! entries it extends instead of copying them (Randoop's sequence of
//! subsequences, thesis §7.6), so it costs bytes in proportion to what it
//! adds; an evicted entry that others extend stays, hidden, as their part.
//! Entries are counted in bytes, and past their share of the bound
//! ([`Pool::new`]) entries are evicted until they hold three quarters of
//! it, chosen so that the pool stays diverse: the
//! shortest few entries offering each type and ending in each operation are
//! always kept (every type and operation stays reachable, by its cheapest
//! sequences), and the rest are evicted at random in proportion to their
//! length, so the pool keeps the
//! many short sequences the search extends best (GRT's orienteering favours
//! them too) and some long ones, which hold deep states. Every entry offers
//! a value new when it was made (index pruning), so no rule is needed for
//! that. The fingerprint sets are bounded too ([`Seen`]).
//!
//! Entries hold nothing of their own on the heap (but the element lists of
//! `Vec` arguments built from seeds): their calls (on a
//! [`Shelf`]), live variables and snapshots lie in arrays the pool shares
//! among them, so adding one allocates nothing once the arrays have grown,
//! and an eviction packs the arrays in place instead of freeing entries one
//! by one (on the bench's cheap type, 245k → 283k–311k sequences a second).
//!
//! An entry may also hold a snapshot ([`Snapshot`], of the reuse room) of
//! the values its run left, so a
//! sequence extending it starts from clones of them instead of running its
//! calls again. Those values are a cache with a budget of its own, the part
//! of the bound the entries do not get: when it is full nothing more is
//! kept, and entries are never evicted for values, so what is kept never
//! changes what is explored.

use rustc_hash::FxHashMap;
use std::any::TypeId;
use std::mem::size_of;
use std::rc::Rc;

use rand::RngExt as _;

use crate::macro_support::CloneFn;
use crate::reuse::snapshot::{Held, Kept, KeptValues, Snapshot};
use crate::sequence::{Composed, Holey, Sequence, Shelf, Shelved, Span, View};
use crate::sizes::Largest;

/// Entries kept however full the pool is, per type offered and per
/// operation ended in: the shortest ones.
const PROTECTED_PER_KIND: usize = 8;
/// The entries get one part in this many of the pool's bound, the values
/// kept the rest. The search reads entries at random, so their share is
/// kept small enough to stay in a processor's cache: measured on the
/// bench's cheap type, a pool of 32 MiB of entries runs 1.7 times as many
/// sequences a second as one of 256 MiB, and finds the examples' bugs alike.
const ENTRIES_SHARE: u64 = 8;
/// Bytes of the entries' share per fingerprint a [`Seen`] generation holds.
const BYTES_PER_REMEMBERED: u64 = 256;
/// Entries added between two looks at the process's resident memory.
const RESIDENT_CHECK_EVERY: usize = 1_024;
/// The process may always grow this much before kept values are dropped
/// (other threads, a test harness's, grow it too).
const MIN_RESIDENT_GROWTH: u64 = 256 << 20;
/// The fewest fingerprints a [`Seen`] generation holds.
const MIN_REMEMBERED: usize = 4_096;
/// The most fingerprints a [`Seen`] generation holds, however large the
/// bound (or with none): its table, allocated whole, then takes 32 MiB.
const MAX_REMEMBERED: usize = 1 << 21;

/// A sequence added to the pool takes in the own calls of each component
/// that has fewer ([`View::compacted`]), so that writing a sequence looks
/// up a component every this many calls or so, not every call: measured
/// in the throughput bench (docs/BENCHMARKS.md, issue 41).
const FEW_OWN_CALLS: usize = 8;

/// A value the pool offers: variable `var` of entry `entry`, whose
/// sequence is `len` calls long (here too, so that choosing among offers
/// by length reads no entry).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Offer {
    pub entry: u32,
    pub var: u32,
    pub len: u32,
}

/// A normal sequence in the component set. What it holds lies in the
/// pool's arrays, shared by all entries (no allocation of its own).
pub(crate) struct Entry {
    /// The sequence, as its own calls and the entries it extends.
    pub seq: Shelved,
    /// Whether it offers values. An evicted entry that a kept one extends
    /// stays, hidden, as part of that one: its calls and nothing else.
    pub offered: bool,
    /// Whether its snapshot holds every live value the contracts compare
    /// new values with (see [`World::compares`](crate::world::World::compares)).
    partners_kept: bool,
    /// Every variable alive at the end with a value, and its type by
    /// number, in the pool's `alive` ([`Pool::alive`] reads them).
    alive: Span,
    /// Its snapshot, in the pool's `kept`: some of those values, by
    /// variable, in order. A sequence extending this one that uses only
    /// these starts from clones of them instead of running its calls again.
    kept: Span,
    /// What it holds, by [`Pool::measure`], when it was added or hidden.
    size: u32,
    /// What a sequence extending it costs, in nanoseconds: the least its
    /// own run or one extending it took ([`Pool::ran`]).
    pub cost: u32,
    /// The largest integer its calls were given, when large and a child
    /// process watches sizes ([`crate::sizes`]) or costs are weighed.
    pub largest: Option<Largest>,
}

/// What an entry's sequence was as it was made (see [`Pool`]'s `as_made`).
struct AsMade {
    parts: Span,
    bytes: u32,
}

/// A set of fingerprints that remembers the last `capacity` ones inserted
/// and holds at most twice that many: two generations, the older dropped
/// when the newer fills. Until the first generation fills it is an exact
/// set, so short explorations run exactly as with an unbounded one;
/// past that, a value or sequence seen long ago may count as new again
/// (it is then explored again, which costs time, never correctness).
///
/// It is one table of buckets the size of a cache line, so a look-up
/// reads one line (two hash sets, one per generation, read up to four).
/// The table has four slots per fingerprint remembered, so a bucket is
/// seldom full; when one is, the new fingerprint takes the place of an
/// older generation's, or at worst of one of its own (which is forgotten
/// early: explored again, as above).
pub(crate) struct Seen {
    buckets: Vec<Bucket>,
    /// `buckets.len() - 1` (a power of two, less one).
    mask: usize,
    capacity: usize,
    /// Fingerprints inserted in the current generation.
    count: usize,
    /// The current generation's parity, kept in each slot's lowest bit.
    parity: u32,
}

/// Slots of a [`Seen`] bucket: 0 is empty, else 32 bits of a fingerprint
/// (not those that chose the bucket) with the second bit set and the first
/// the generation's parity. Two fingerprints alike in those 30 bits and
/// their bucket count as one: one in a hundred million look-ups.
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([u32; 16]);

impl Seen {
    pub fn new(capacity: usize) -> Seen {
        let capacity = capacity.max(1);
        let buckets = (4 * capacity).div_ceil(16).next_power_of_two();
        Seen { buckets: vec![Bucket::default(); buckets], mask: buckets - 1, capacity, count: 0, parity: 0 }
    }

    /// The bucket of `fingerprint`, and its tag there (the parity bit aside).
    fn place(&self, fingerprint: u64) -> (usize, u32) {
        // The high bits of a multiply pick the bucket; the low bits stay in the slot.
        let at = (fingerprint.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize & self.mask;
        (at, fingerprint as u32 | 3)
    }

    /// Records `fingerprint`; true when it was not remembered.
    pub fn insert(&mut self, fingerprint: u64) -> bool {
        let (at, tag) = self.place(fingerprint);
        let bucket = &mut self.buckets[at].0;
        let (mut empty, mut older) = (None, None);
        for (i, &slot) in bucket.iter().enumerate() {
            if slot == 0 {
                empty = empty.or(Some(i));
            } else if slot | 1 == tag {
                return false;
            } else if slot & 1 != self.parity {
                older = older.or(Some(i));
            }
        }
        let i = empty.or(older).unwrap_or((fingerprint >> 60) as usize);
        bucket[i] = (tag & !1) | self.parity;
        self.count += 1;
        if self.count >= self.capacity {
            // A new generation: the one before the last is dropped.
            self.parity ^= 1;
            self.count = 0;
            for slot in self.buckets.iter_mut().flat_map(|b| &mut b.0) {
                if *slot & 1 == self.parity {
                    *slot = 0;
                }
            }
        }
        true
    }

    /// Forgets `fingerprint`, when remembered (it counts as new again; the
    /// generation's count is left as is).
    pub fn remove(&mut self, fingerprint: u64) {
        let (at, tag) = self.place(fingerprint);
        for slot in &mut self.buckets[at].0 {
            if *slot != 0 && *slot | 1 == tag {
                *slot = 0;
            }
        }
    }

    /// Fingerprints held.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.buckets.iter().flat_map(|b| b.0).filter(|&s| s != 0).count()
    }
}

/// Types numbered in the order they are first met: an entry lists its live
/// values' types by number, a third of the bytes of a `TypeId`.
#[derive(Default)]
struct TypeNumbers {
    ids: Vec<TypeId>,
    numbers: FxHashMap<TypeId, u32>,
    /// The type last asked for and its number: a sequence's live values
    /// are mostly of one type, asked for one after the other.
    last: Option<(TypeId, u32)>,
}

impl TypeNumbers {
    /// The number of `ty`, given it now if it has none.
    #[inline]
    fn number(&mut self, ty: TypeId) -> u32 {
        match self.last {
            Some((last, n)) if last == ty => n,
            _ => self.look_up(ty),
        }
    }

    fn look_up(&mut self, ty: TypeId) -> u32 {
        let n = *self.numbers.entry(ty).or_insert_with(|| {
            self.ids.push(ty);
            self.ids.len() as u32 - 1
        });
        self.last = Some((ty, n));
        n
    }
}

/// The buffers an eviction works in, kept for the next: freeing buffers
/// this large makes `malloc` consolidate every small block freed since.
#[derive(Default)]
struct EvictBuffers {
    keep: Vec<bool>,
    evict: Vec<bool>,
    stays: Vec<bool>,
    needed: Vec<bool>,
    renumber: Vec<u32>,
    ids: Vec<u32>,
    candidates: Vec<(f64, u32)>,
    by_op: FxHashMap<u32, Vec<u32>>,
}

/// Keeps the items of `v` whose places are marked in `stays`.
fn retain_marked<T>(v: &mut Vec<T>, stays: &[bool]) {
    let mut i = 0;
    v.retain(|_| {
        i += 1;
        stays[i - 1]
    });
}

/// `v` becomes `n` copies of `x`, in the storage it has.
fn reset<T: Clone>(v: &mut Vec<T>, n: usize, x: T) {
    v.clear();
    v.resize(n, x);
}

/// The component set.
pub(crate) struct Pool {
    pub entries: Vec<Entry>,
    /// The entries' sequences.
    shelf: Shelf,
    /// The entries' live variables: (variable, type by number).
    alive: Vec<(u32, u32)>,
    /// The entries' snapshots.
    kept: Vec<Held>,
    /// The values offered, by type.
    by_type: FxHashMap<TypeId, Vec<Offer>>,
    /// Fingerprints of the values created (the thesis's value set).
    values: Seen,
    /// Structural hashes of the sequences generated.
    made: Seen,
    /// What the entries hold: the sum of their `size`s.
    bytes: usize,
    /// What the values kept in snapshots hold, and the most they may.
    kept_values: KeptValues,
    /// The most `bytes` may reach before entries are evicted.
    max_entries: usize,
    /// The process's resident memory when the pool was made, and the most
    /// it may grow by: kept values are counted by an estimate, and when the
    /// process outgrows the bound anyway, the estimate was short.
    resident: Option<(u64, u64)>,
    added: usize,
    /// Entries evicted so far.
    pub evicted: u64,
    /// The types of live values, numbered.
    types: TypeNumbers,
    evict_buffers: EvictBuffers,
    /// The sequence being added, compacted ([`View::compacted`]).
    compact: Composed,
    /// Each entry's sequence as it was made, for the books: the entries it
    /// extends (in `as_made_parts`) and the bytes it held. Evictions go by
    /// these, not by the compacted copy the shelf holds, so compacting
    /// changes what a sequence costs to write and nothing the search does.
    as_made: Vec<AsMade>,
    as_made_parts: Vec<u32>,
}

impl Pool {
    /// A pool whose entries and kept values hold at most about `max_bytes`
    /// (an eighth for the entries); its fingerprint sets are sized in
    /// proportion (a few percent of it more).
    pub fn new(max_bytes: u64) -> Pool {
        let entries = max_bytes / ENTRIES_SHARE;
        let remembered =
            usize::try_from(entries / BYTES_PER_REMEMBERED).unwrap_or(usize::MAX).clamp(MIN_REMEMBERED, MAX_REMEMBERED);
        Pool {
            entries: Vec::new(),
            shelf: Shelf::default(),
            alive: Vec::new(),
            kept: Vec::new(),
            by_type: FxHashMap::default(),
            values: Seen::new(remembered),
            made: Seen::new(remembered),
            bytes: 0,
            kept_values: KeptValues::new(usize::try_from(max_bytes - entries).unwrap_or(usize::MAX)),
            max_entries: usize::try_from(entries).unwrap_or(usize::MAX),
            resident: crate::memory::resident().map(|now| (now, max_bytes.max(MIN_RESIDENT_GROWTH))),
            added: 0,
            evicted: 0,
            types: TypeNumbers::default(),
            evict_buffers: EvictBuffers::default(),
            compact: Composed::default(),
            as_made: Vec::new(),
            as_made_parts: Vec::new(),
        }
    }

    /// `value` (cloned by `clone`, owning about `heap` bytes on the heap),
    /// to keep in a snapshot, unless the kept values already hold their
    /// share of the bound (what the entries' share leaves): see
    /// [`KeptValues::keep`].
    pub fn keep(&self, value: crate::macro_support::Value, clone: CloneFn, heap: usize) -> Option<Rc<Kept>> {
        self.kept_values.keep(value, clone, heap)
    }

    /// Whether [`Pool::keep`] keeps another value.
    pub fn keeps_more(&self) -> bool {
        self.kept_values.keeps_more()
    }

    /// Records a value's fingerprint; true when it was not seen before.
    pub fn is_new_value(&mut self, fingerprint: u64) -> bool {
        self.values.insert(fingerprint)
    }

    /// Forgets a value's fingerprint: the value failed a check, and an equal
    /// value another sequence makes must be checked too (and fail there,
    /// not pass unchecked and be extended into a later call's failure).
    pub fn forget_value(&mut self, fingerprint: u64) {
        self.values.remove(fingerprint);
    }

    /// Records a sequence; true when it was not generated before.
    pub fn is_new_sequence(&mut self, seq: &Composed) -> bool {
        self.made.insert(seq.structural_hash())
    }

    /// The sequence of entry `id`.
    pub fn seq(&self, id: u32) -> View<'_> {
        self.shelf.get(&self.entries[id as usize].seq)
    }

    /// The snapshot of entry `id`, if it has one.
    pub fn snapshot(&self, id: u32) -> Option<Snapshot<'_>> {
        let e = &self.entries[id as usize];
        (e.kept.len > 0).then(|| Snapshot { values: &self.kept[e.kept.range()], partners_kept: e.partners_kept })
    }

    /// Appends the calls of `seq`, whose components are entries of this
    /// pool, to `out`; the components at positions where `hole` is true as holes.
    pub fn write(&self, seq: View<'_>, out: &mut Holey, hole: &dyn Fn(u32) -> bool) {
        seq.write(out, &|id| self.seq(id), hole);
    }

    /// Appends the whole of `seq`, whose components are entries of this
    /// pool, to `out`.
    pub fn flatten(&self, seq: View<'_>, out: &mut Sequence) {
        seq.flatten(out, &|id| self.seq(id));
    }

    /// The whole of `seq`, whose components are entries of this pool.
    pub fn flat(&self, seq: View<'_>) -> Sequence {
        let mut out = Sequence::default();
        self.flatten(seq, &mut out);
        out
    }

    /// The bytes entry `e` holds in the pool's arrays and index, offering
    /// `offered` values. Its snapshot counts as if it kept every live
    /// value: what it keeps depends on the kept values' budget, which the
    /// process's resident memory lowers ([`Pool::check_resident`]), and
    /// the entries' sizes decide evictions, so the search must not read it.
    fn measure(e: &Entry, made: &AsMade, offered: usize) -> u32 {
        let bytes = size_of::<Entry>()
            + made.bytes as usize
            + e.alive.len as usize * (size_of::<(u32, u32)>() + size_of::<Held>())
            + offered * size_of::<Offer>();
        bytes as u32
    }

    /// Adds a normal sequence with these `alive` variables, offering
    /// `reusable` (variable, type) values, and a snapshot of the values
    /// `kept` (by variable, in order; none when empty): whether it holds
    /// every contract partner is `partners_kept`. Evicts others (chosen
    /// with `rng`) when the pool is over its bound. Its run took `cost`
    /// nanoseconds.
    #[allow(clippy::too_many_arguments)]
    pub fn add(
        &mut self,
        seq: &Composed,
        cost: u32,
        largest: Option<Largest>,
        alive: &[(u32, TypeId)],
        kept: &mut Vec<Held>,
        partners_kept: bool,
        reusable: &[(u32, TypeId)],
        rng: &mut impl rand::Rng,
    ) {
        let id = self.entries.len() as u32;
        for (var, ty) in reusable {
            self.by_type.entry(*ty).or_default().push(Offer { entry: id, var: *var, len: seq.len() as u32 });
        }
        let alive = Span::push(&mut self.alive, alive.iter().map(|&(var, ty)| (var, self.types.number(ty))));
        let kept = Span::push(&mut self.kept, kept.drain(..));
        let made =
            AsMade { parts: Span::push(&mut self.as_made_parts, seq.view().parts()), bytes: seq.view().bytes() as u32 };
        // A sequence whose values are kept is mostly extended from them, its
        // calls not written; one whose values are not is written whole by
        // every sequence extending it.
        let seq = if kept.len == 0 {
            let mut compact = std::mem::take(&mut self.compact);
            seq.view().compacted(&mut compact, &|id| self.seq(id), FEW_OWN_CALLS);
            let shelved = self.shelf.put(compact.view());
            self.compact = compact;
            shelved
        } else {
            self.shelf.put(seq.view())
        };
        let mut entry = Entry { seq, offered: true, partners_kept, alive, kept, size: 0, cost, largest };
        entry.size = Self::measure(&entry, &made, reusable.len());
        self.as_made.push(made);
        self.bytes += entry.size as usize;
        self.entries.push(entry);
        if self.bytes > self.max_entries {
            self.evict(rng);
        }
        self.added += 1;
        if self.added.is_multiple_of(RESIDENT_CHECK_EVERY) {
            self.check_resident();
        }
    }

    /// Records that a sequence extending entry `id` took `cost`
    /// nanoseconds. The least such time stands for the entry: a run is
    /// longer than the entry's share when the new calls are expensive or
    /// the thread was preempted, never shorter.
    pub fn ran(&mut self, id: u32, cost: u32) {
        let e = &mut self.entries[id as usize];
        e.cost = e.cost.min(cost);
    }

    /// Makes the next look at the process's memory find it outgrown, and
    /// every later one that finds it grown at all: as when other tests in
    /// the process allocate.
    #[cfg(test)]
    pub fn outgrown(&mut self) {
        self.resident = Some((0, 0));
    }

    /// Kept values are counted by an estimate of what each owns (the length
    /// of its `Debug` text), which a value that prints a summary of itself
    /// defeats. When the process has grown by more than the bound since
    /// the pool was made, every kept value is dropped (they are a cache:
    /// the search does not change) and from then on they may hold half of
    /// what the estimate said they held; the process may not outgrow the
    /// memory it holds then.
    fn check_resident(&mut self) {
        let Some((start, bound)) = self.resident else { return };
        let Some(now) = crate::memory::resident() else { return };
        if now.saturating_sub(start) <= bound {
            return;
        }
        let estimated = self.kept_values.held();
        // The entries' sizes stay as they were, so evictions, and with them
        // the search, do not depend on the memory the machine reports.
        for e in &mut self.entries {
            e.kept = Span::default();
        }
        self.kept.clear();
        self.kept_values.at_most(estimated / 2);
        // The allocator keeps what was freed for the process to use again,
        // so resident memory seldom falls: growth is measured from here on.
        self.resident = crate::memory::resident().map(|now| (now.saturating_sub(bound), bound));
    }

    /// The number of type `ty` in this pool ([`TypeNumbers`]).
    pub fn type_number(&mut self, ty: TypeId) -> u32 {
        self.types.number(ty)
    }

    /// The variables alive at the end of entry `id` with a value, and
    /// their types by number ([`Pool::type_number`]).
    pub fn alive_numbered(&self, id: u32) -> &[(u32, u32)] {
        &self.alive[self.entries[id as usize].alive.range()]
    }

    /// The variables alive at the end of entry `id` with a value, and their types.
    pub fn alive(&self, id: u32) -> impl ExactSizeIterator<Item = (u32, TypeId)> + '_ {
        self.alive_numbered(id).iter().map(|&(var, ty)| (var, self.types.ids[ty as usize]))
    }

    /// The reusable values of type `ty`.
    pub fn values_of(&self, ty: TypeId) -> &[Offer] {
        self.by_type.get(&ty).map_or(&[], Vec::as_slice)
    }

    /// Evicts entries until the pool holds three quarters of its bound: a
    /// sample weighted by length, never the shortest few offering each
    /// type or ending in each operation. An evicted entry that a kept one
    /// extends stays hidden (its calls only), so evicting it frees less.
    fn evict(&mut self, rng: &mut impl rand::Rng) {
        let n = self.entries.len();
        let mut b = std::mem::take(&mut self.evict_buffers);
        reset(&mut b.keep, n, false);
        // The `PROTECTED_PER_KIND` shortest (the first made among equals).
        let protect = |ids: &mut Vec<u32>, entries: &[Entry], keep: &mut [bool]| {
            let key = |id: &u32| (entries[*id as usize].seq.len(), *id);
            if ids.len() > PROTECTED_PER_KIND {
                ids.select_nth_unstable_by_key(PROTECTED_PER_KIND, key);
                ids.truncate(PROTECTED_PER_KIND);
            }
            ids.iter().for_each(|&id| keep[id as usize] = true);
        };
        for values in self.by_type.values() {
            // An entry's values of one type are listed together.
            b.ids.clear();
            b.ids.extend(values.iter().map(|o| o.entry));
            b.ids.dedup();
            protect(&mut b.ids, &self.entries, &mut b.keep);
        }
        b.by_op.values_mut().for_each(Vec::clear);
        for (id, e) in self.entries.iter().enumerate().filter(|(_, e)| e.offered) {
            if let Some(last) = self.shelf.get(&e.seq).last_op() {
                b.by_op.entry(last).or_default().push(id as u32);
            }
        }
        for ids in b.by_op.values_mut() {
            protect(ids, &self.entries, &mut b.keep);
        }
        // A weighted sample without replacement (Efraimidis and Spirakis):
        // each candidate's key is u^(1/len), and the largest keys go first,
        // so a sequence is evicted in proportion to its length. The pool
        // keeps many short sequences, which the search extends best, and
        // some long ones, which hold deep states.
        b.candidates.clear();
        b.candidates.extend((0..n as u32).filter(|&id| !b.keep[id as usize] && self.entries[id as usize].offered).map(
            |id| {
                let len = self.entries[id as usize].seq.len().max(1) as f64;
                (rng.random::<f64>().powf(1.0 / len), id)
            },
        ));
        b.candidates.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let target = self.max_entries / 4 * 3;
        reset(&mut b.evict, n, false);
        let mut next = 0;
        // What stays: offered entries not evicted, and what they extend.
        reset(&mut b.stays, n, false);
        loop {
            // Evict until what the evicted entries hold would bring the pool
            // to the target, then see what the hidden parts still hold.
            let mut freed = 0;
            while let Some(&(_, id)) = b.candidates.get(next) {
                next += 1;
                b.evict[id as usize] = true;
                freed += self.entries[id as usize].size as usize;
                if self.bytes.saturating_sub(freed) <= target {
                    break;
                }
            }
            self.bytes = self.settle(&b.evict, &mut b.stays, &mut b.needed);
            if self.bytes <= target || next == b.candidates.len() {
                break;
            }
        }
        self.evicted += b.evict.iter().filter(|&&e| e).count() as u64;
        // Compact: surviving entries keep their order under new numbers.
        reset(&mut b.renumber, n, u32::MAX);
        let mut count = 0;
        for (i, stays) in b.stays.iter().enumerate() {
            if *stays {
                b.renumber[i] = count;
                count += 1;
            }
        }
        retain_marked(&mut self.entries, &b.stays);
        retain_marked(&mut self.as_made, &b.stays);
        // Pack the arrays: what stays moves down, in order, the rest is dropped.
        self.shelf.retain(self.entries.iter_mut().map(|e| &mut e.seq), |id| b.renumber[id as usize]);
        let (mut alive, mut kept, mut parts) = (0, 0, 0);
        for (e, made) in self.entries.iter_mut().zip(&mut self.as_made) {
            e.alive.move_down(&mut self.alive, &mut alive);
            e.kept.move_down(&mut self.kept, &mut kept);
            made.parts.move_down(&mut self.as_made_parts, &mut parts);
        }
        self.alive.truncate(alive as usize);
        self.kept.truncate(kept as usize);
        self.as_made_parts.truncate(parts as usize);
        self.as_made_parts.iter_mut().for_each(|id| *id = b.renumber[*id as usize]);
        for values in self.by_type.values_mut() {
            values.retain_mut(|o| {
                o.entry = if b.evict[o.entry as usize] { u32::MAX } else { b.renumber[o.entry as usize] };
                o.entry != u32::MAX
            });
        }
        debug_assert!(self.by_type.values().flatten().all(|o| self.entries[o.entry as usize].offered));
        self.evict_buffers = b;
    }

    /// Hides the `evict`ed entries that a staying one extends, and marks in
    /// `stays` every entry that stays; returns what they hold. Components
    /// are always older entries, so one pass from the newest settles it.
    fn settle(&mut self, evict: &[bool], stays: &mut [bool], needed: &mut Vec<bool>) -> usize {
        reset(needed, self.entries.len(), false);
        let mut bytes = 0;
        for i in (0..self.entries.len()).rev() {
            let e = &self.entries[i];
            let offered = e.offered && !evict[i];
            stays[i] = offered || needed[i];
            if !stays[i] {
                continue;
            }
            if !offered && e.offered {
                // Hidden from now on: only its calls are needed (what it
                // held in the other arrays is dropped when they are packed).
                let e = &mut self.entries[i];
                e.offered = false;
                (e.alive, e.kept) = (Span::default(), Span::default());
                let size = Self::measure(&self.entries[i], &self.as_made[i], 0);
                self.entries[i].size = size;
            }
            bytes += self.entries[i].size as usize;
            self.as_made_parts[self.as_made[i].parts.range()].iter().for_each(|&p| needed[p as usize] = true);
        }
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::{Mode, Operand};
    use rand::SeedableRng as _;

    /// What the pool's entries hold, counted afresh.
    fn counted(pool: &Pool) -> usize {
        let offered = |id: usize| pool.by_type.values().flatten().filter(|o| o.entry as usize == id).count();
        pool.entries.iter().enumerate().map(|(id, e)| Pool::measure(e, &pool.as_made[id], offered(id)) as usize).sum()
    }

    fn rng() -> rand_xoshiro::Xoshiro256PlusPlus {
        rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1)
    }

    /// A sequence of `len` calls of operation `op`, each using the last.
    fn chain(op: u32, len: usize) -> Composed {
        let mut seq = Composed::default();
        for i in 0..len {
            let args = if i == 0 { vec![] } else { vec![Operand::Var { var: i as u32 - 1, mode: Mode::Mut }] };
            seq.push(op, args);
        }
        seq
    }

    #[test]
    fn only_reusable_values_are_offered() {
        let mut pool = Pool::new(1 << 20);
        let t = TypeId::of::<u8>();
        pool.add(&Composed::default(), 0, None, &[(0, t), (1, t)], &mut Vec::new(), true, &[(1, t)], &mut rng());
        assert_eq!(pool.values_of(t), &[Offer { entry: 0, var: 1, len: 0 }]);
        assert!(pool.values_of(TypeId::of::<u16>()).is_empty());
    }

    #[test]
    fn a_pool_without_a_bound_has_bounded_fingerprint_sets() {
        let mut pool = Pool::new(u64::MAX);
        assert!(pool.made.buckets.len() * size_of::<Bucket>() <= 32 << 20);
        assert!(pool.is_new_sequence(&Composed::default()));
    }

    #[test]
    fn values_and_sequences_are_new_once() {
        let mut pool = Pool::new(1 << 20);
        assert!(pool.is_new_value(7));
        assert!(!pool.is_new_value(7));
        let s = Composed::default();
        assert!(pool.is_new_sequence(&s));
        assert!(!pool.is_new_sequence(&s));
    }

    #[test]
    fn a_forgotten_fingerprint_is_new_again() {
        let (a, b) = (0x1234_5678_9abc_def0, 0x0fed_cba9_8765_4321);
        let mut seen = Seen::new(8);
        assert!(seen.insert(a) && seen.insert(b) && !seen.insert(a));
        seen.remove(a);
        assert!(seen.insert(a) && !seen.insert(b));
    }

    #[test]
    fn seen_remembers_the_last_capacity_fingerprints_and_holds_at_most_twice() {
        let mut seen = Seen::new(100);
        assert!((0..1_000).all(|x| seen.insert(x)));
        assert!((900..1_000).all(|x| !seen.insert(x)), "the last 100 are remembered");
        assert!(seen.len() <= 200);
        assert!(seen.insert(0), "long forgotten");
        // Exact until the first generation fills, for fingerprints as
        // random as hashes are.
        let mut seen = Seen::new(10_000);
        let hash = |x: u64| {
            let z = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        assert!((0..9_999).all(|x| seen.insert(hash(x))));
        assert!((0..9_999).all(|x| !seen.insert(hash(x))));
        assert_eq!(seen.len(), 9_999);
    }

    #[test]
    fn a_full_pool_stays_under_its_bound_and_keeps_every_kind_reachable() {
        let max = ENTRIES_SHARE * (64 << 10);
        let mut pool = Pool::new(max);
        let (a, b) = (TypeId::of::<u8>(), TypeId::of::<u16>());
        let mut rng = rng();
        for i in 0..5_000u32 {
            // Operation 0 makes `u8`s in sequences of 1 to 40 calls; one
            // in a hundred sequences is operation 1's, making `u16`s.
            let (op, ty, len) = if i % 100 == 0 { (1, b, 30) } else { (0, a, 1 + (i as usize * 7) % 40) };
            let seq = chain(op, len);
            let last = len as u32 - 1;
            pool.add(&seq, 0, None, &[(last, ty)], &mut Vec::new(), true, &[(last, ty)], &mut rng);
            assert!(pool.bytes <= pool.max_entries, "{} bytes after {i}", pool.bytes);
        }
        assert!(pool.evicted > 4_000, "{}", pool.evicted);
        assert_eq!(pool.entries.len() as u64 + pool.evicted, 5_000);
        // The exact byte count after all that churn.
        assert_eq!(pool.bytes, counted(&pool));
        // The rare type is still offered, by its sequences; every value
        // offered is in a surviving entry, of the type listed.
        assert!(!pool.values_of(b).is_empty());
        for ty in [a, b] {
            for o in pool.values_of(ty) {
                assert!(pool.alive(o.entry).any(|a| a == (o.var, ty)));
                assert_eq!(o.len as usize, pool.entries[o.entry as usize].seq.len());
            }
        }
        // The shortest `u8` sequences (one call) survive every eviction.
        assert!(pool.entries.iter().filter(|e| e.seq.len() == 1).count() >= PROTECTED_PER_KIND);
    }

    #[test]
    fn evicted_entries_that_others_extend_stay_hidden_and_every_entry_keeps_its_calls() {
        let max = ENTRIES_SHARE * (64 << 10);
        let mut pool = Pool::new(max);
        let t = TypeId::of::<u8>();
        let mut rng = rng();
        // Each sequence extends one or two random entries by a call.
        let mut made = Vec::new();
        for i in 0..3_000u32 {
            let mut seq = Composed::default();
            let n = pool.entries.len() as u32;
            if n > 0 {
                for _ in 0..1 + i % 2 {
                    let id = rng.random_range(0..n);
                    if seq.len() + pool.entries[id as usize].seq.len() < 60 {
                        seq.push_part(id, pool.seq(id));
                    }
                }
            }
            let last = seq.len() as u32;
            seq.push(i % 5, (last > 0).then(|| Operand::Var { var: last - 1, mode: Mode::Mut }));
            made.push(pool.flat(seq.view()).structural_hash());
            pool.add(&seq, 0, None, &[(last, t)], &mut Vec::new(), true, &[(last, t)], &mut rng);
            assert!(pool.bytes <= pool.max_entries);
        }
        assert!(pool.evicted > 1_000, "{}", pool.evicted);
        let hidden = pool.entries.iter().filter(|e| !e.offered).count();
        assert!(hidden > 0, "nothing evicted is extended");
        // Every entry still writes the calls it was made with.
        for (id, e) in pool.entries.iter().enumerate() {
            let seq = pool.seq(id as u32);
            assert_eq!(pool.flat(seq).structural_hash(), seq.structural_hash());
            assert!(made.contains(&seq.structural_hash()));
            assert_eq!(e.offered, e.alive.len > 0);
        }
        // A hidden entry stays only while an entry extends it.
        for (id, e) in pool.entries.iter().enumerate().filter(|(_, e)| !e.offered) {
            let extends = |o: usize| pool.as_made_parts[pool.as_made[o].parts.range()].contains(&(id as u32));
            assert!((0..pool.entries.len()).any(extends), "{id} {:?}", e.seq);
        }
        assert_eq!(pool.bytes, counted(&pool));
    }
}
