//! Code-coverage feedback: which edges of the code under test a run
//! reached, and which values it compared, when that code was built by
//! `cargo drt` (SanitizerCoverage's inline 8-bit counters and comparison
//! tracing; the receiver of their callbacks is linked in by `cargo drt`,
//! and this crate is built with `--cfg drt_coverage` to read it). In any
//! other build there is nothing to read and [`Feedback::new`] says why.
//!
//! An edge's counter is read as libFuzzer and AFL read it, by buckets of
//! hit counts (1, 2, 3, 4-7, 8-15, 16-31, 32-127, 128+), so a loop that
//! runs more times than before is new too.

/// Why there is no coverage to use, for the note when it was asked for.
#[cfg_attr(drt_coverage, allow(dead_code))]
pub(crate) const NOT_BUILT: &str = "coverage is off: the code under test was not built for it; run the test with \
                                    `cargo drt test` (install it from drt's repository: `cargo install --path <drt>/cargo-drt`)";
/// As [`NOT_BUILT`], when drt was built for it but no code was instrumented.
#[cfg_attr(not(drt_coverage), allow(dead_code))]
pub(crate) const NOTHING_INSTRUMENTED: &str = "coverage is off: `cargo drt` instrumented no code in this program; \
                                               it instruments the packages cargo builds (-p) or those named in \
                                               DRT_COVERAGE_CRATES";

#[cfg(drt_coverage)]
mod receiver {
    use std::sync::atomic::{AtomicU64, AtomicUsize};

    extern "C" {
        pub fn drt_coverage_v1_regions(out: *mut [*mut u8; 2], max: usize) -> usize;
        pub fn drt_coverage_v1_pcs(out: *mut [*mut usize; 2], max: usize) -> usize;
        pub fn drt_coverage_v1_compares(slots: *mut usize, count: *mut *const AtomicUsize) -> *const AtomicU64;
    }
}

pub(crate) mod functions;
mod symbols;

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Why this program's coverage cannot be read, if it cannot.
pub(crate) fn unavailable() -> Option<&'static str> {
    Regions::get().err()
}

/// Where the ring of compares was when the method under test last started
/// and returned (`usize::MAX`: it has not returned), as the invoker marks
/// them ([`calling`], [`called`]).
static WINDOW: [AtomicUsize; 2] = [AtomicUsize::new(0), AtomicUsize::new(usize::MAX)];

/// The method under test starts (its invoker made its arguments).
#[inline(always)]
pub(crate) fn calling() {
    #[cfg(drt_coverage)]
    if let Some(c) = Compares::global() {
        WINDOW[0].store(c.mark(), Relaxed);
    }
}

/// The method under test returned.
#[inline(always)]
pub(crate) fn called() {
    #[cfg(drt_coverage)]
    if let Some(c) = Compares::global() {
        WINDOW[1].store(c.mark(), Relaxed);
    }
}

/// Where the ring of compares was when a method started and when it
/// returned: what it compared lies between.
pub(crate) type Window = (usize, usize);

/// The counters of every instrumented module, one slice per region.
struct Regions(Vec<(*mut u8, usize)>);

/// The counters (over every region) that are functions' entries, with
/// their program counters; none when the code was built without the
/// tables that say (a build of an older `cargo drt`).
#[cfg(drt_coverage)]
fn function_entries(counters: usize) -> Vec<(usize, usize)> {
    let mut out = [[std::ptr::null_mut(); 2]; 64];
    // SAFETY: the receiver writes at most `out.len()` pairs.
    let n = unsafe { receiver::drt_coverage_v1_pcs(out.as_mut_ptr(), out.len()) };
    let tables: Vec<&[usize]> = out[..n.min(out.len())]
        .iter()
        .filter(|[s, e]| !s.is_null() && e > s)
        // SAFETY: each table is the instrumented code's section of
        // `(pc, flags)` words, alive for the whole program.
        .map(|&[s, e]| unsafe { std::slice::from_raw_parts(s, e.offset_from(s) as usize) })
        .collect();
    functions::entries(counters, &tables)
}

#[cfg(not(drt_coverage))]
fn function_entries(_: usize) -> Vec<(usize, usize)> {
    Vec::new()
}

impl Regions {
    #[cfg(drt_coverage)]
    fn get() -> Result<Regions, &'static str> {
        let mut out = [[std::ptr::null_mut(); 2]; 64];
        // SAFETY: the receiver writes at most `out.len()` pairs.
        let n = unsafe { receiver::drt_coverage_v1_regions(out.as_mut_ptr(), out.len()) };
        let regions: Vec<_> =
            out[..n.min(out.len())].iter().map(|[s, e]| (*s, (*e as usize).saturating_sub(*s as usize))).collect();
        if regions.iter().all(|r| r.1 == 0) {
            return Err(NOTHING_INSTRUMENTED);
        }
        Ok(Regions(regions))
    }

    #[cfg(not(drt_coverage))]
    fn get() -> Result<Regions, &'static str> {
        Err(NOT_BUILT)
    }

    fn len(&self) -> usize {
        self.0.iter().map(|r| r.1).sum()
    }

    /// Every counter, in order, its count handed to `f` and then zeroed.
    /// The counters are written by the instrumented code without
    /// synchronization; drt reads them in the thread that ran that code.
    fn drain(&self, mut f: impl FnMut(usize, u8)) {
        let mut base = 0;
        for &(start, len) in &self.0 {
            // SAFETY: the region is the instrumented code's counter section,
            // alive for the whole program.
            let counters = unsafe { std::slice::from_raw_parts_mut(start, len) };
            let (head, words, tail) = unsafe { counters.align_to_mut::<u64>() };
            let mut at = base;
            for c in head.iter_mut() {
                if *c != 0 {
                    f(at, std::mem::take(c));
                }
                at += 1;
            }
            for w in words.iter_mut() {
                if *w != 0 {
                    for (k, b) in std::mem::take(w).to_ne_bytes().into_iter().enumerate() {
                        if b != 0 {
                            f(at + k, b);
                        }
                    }
                }
                at += 8;
            }
            for c in tail.iter_mut() {
                if *c != 0 {
                    f(at, std::mem::take(c));
                }
                at += 1;
            }
            base += len;
        }
    }
}

/// Runs `f` and leaves the edge counters as they were: what an oracle's
/// check runs (a law calling `default()` and `==`) is no code a sequence
/// reached, and counted, it would be credited to the next sequence read.
pub(crate) fn unobserved<T>(f: impl FnOnce() -> T) -> T {
    let Ok(regions) = Regions::get() else { return f() };
    let saved: Vec<Vec<u8>> = regions
        .0
        .iter()
        // SAFETY: the region is the instrumented code's counter section,
        // alive for the whole program.
        .map(|&(start, len)| unsafe { std::slice::from_raw_parts(start, len) }.to_vec())
        .collect();
    let out = f();
    for (&(start, len), before) in regions.0.iter().zip(&saved) {
        // SAFETY: as above; this thread ran the code that writes them.
        unsafe { std::slice::from_raw_parts_mut(start, len) }.copy_from_slice(before);
    }
    out
}

/// The bucket of a hit count, as one bit.
fn bucket(count: u8) -> u8 {
    match count {
        0 => 0,
        1 => 1,
        2 => 2,
        3 => 4,
        4..=7 => 8,
        8..=15 => 16,
        16..=31 => 32,
        32..=127 => 64,
        _ => 128,
    }
}

/// What the runs so far reached, and the reading of the next.
pub(crate) struct Feedback {
    regions: Regions,
    /// Per edge, the buckets of hit counts seen in some run.
    seen: Vec<u8>,
    reached: u64,
    /// Per edge, whether it is the entry of a function of the catalogue
    /// (the code under test's, not entered before the exploration began).
    is_entry: Vec<bool>,
    /// Whether a run entered a function no earlier one had, since
    /// [`Feedback::functions_changed`] last said.
    entered_new: bool,
    /// The functions of those entries, named before the exploration starts
    /// (reading the program's symbols takes tens of milliseconds, which in
    /// a sequence's time would read as a slow call); `None` when they
    /// cannot be named.
    catalog: Option<functions::Catalog>,
}

impl Feedback {
    /// Feedback over this program's instrumented code, its counters zeroed,
    /// for an exploration of the `explored` types (by `type_name`); why
    /// there is none, when there is none.
    pub fn new(explored: &[&str]) -> Result<Feedback, &'static str> {
        let regions = Regions::get()?;
        let seen = vec![0; regions.len()];
        // What ran before (the test function, the harness) is no code a
        // sequence could have entered.
        let mut before = vec![false; regions.len()];
        regions.drain(|at, _| before[at] = true);
        let entries: Vec<(usize, usize)> =
            function_entries(regions.len()).into_iter().filter(|&(at, _)| !before[at]).collect();
        let catalog = (!entries.is_empty()).then(|| functions::Catalog::of(&entries, explored)).flatten();
        // Entering std's monomorphizations or drt's glue changes no list.
        let mut is_entry = vec![false; regions.len()];
        catalog.iter().flat_map(functions::Catalog::counters).for_each(|at| is_entry[at] = true);
        Ok(Feedback { regions, seen, reached: 0, is_entry, entered_new: false, catalog })
    }

    /// Forgets what ran since the last reading (a minimization's runs).
    pub fn clear(&self) {
        self.regions.drain(|_, _| {});
    }

    /// Reads what ran since the last reading: how many (edge, bucket)
    /// pairs no earlier run reached.
    pub fn collect(&mut self) -> u32 {
        let (seen, reached, is_entry, entered_new) =
            (&mut self.seen, &mut self.reached, &self.is_entry, &mut self.entered_new);
        let mut new = 0;
        self.regions.drain(|at, count| {
            let b = bucket(count);
            if seen[at] & b == 0 {
                if seen[at] == 0 {
                    *reached += 1;
                    *entered_new |= is_entry[at];
                }
                seen[at] |= b;
                new += 1;
            }
        });
        new
    }

    /// Edges reached by some run so far.
    pub fn reached(&self) -> u64 {
        self.reached
    }

    /// Edges instrumented.
    pub fn total(&self) -> u64 {
        self.seen.len() as u64
    }

    /// The functions of the code under test, and those no run so far
    /// entered; `None` when they cannot be told (code built without the
    /// tables, a program whose functions cannot be named).
    pub fn functions(&self) -> Option<(u64, Vec<String>)> {
        let catalog = self.catalog.as_ref()?;
        Some(catalog.unentered(|at| self.seen[at] != 0))
    }

    /// Whether a run entered a function no earlier run had, since the
    /// last time this was asked.
    pub fn functions_changed(&mut self) -> bool {
        std::mem::take(&mut self.entered_new)
    }
}

/// The ring of recently compared operand pairs (the ones that differed),
/// when there is one: values the code under test compared something with,
/// offered back as integer arguments (thesis §6.2's branch-directed
/// generation without a solver; libFuzzer's table of recent compares).
pub(crate) struct Compares {
    ring: &'static [AtomicU64],
    count: &'static AtomicUsize,
}

impl Compares {
    /// This program's ring, when its code was built for coverage (every
    /// call asks: in any other build, this is `None` and costs nothing).
    #[cfg(drt_coverage)]
    pub fn global() -> Option<&'static Compares> {
        static RING: std::sync::OnceLock<Option<Compares>> = std::sync::OnceLock::new();
        RING.get_or_init(|| {
            let (mut slots, mut count) = (0, std::ptr::null());
            // SAFETY: the receiver's ring is a static of `2 * slots` words,
            // and its count a static.
            let ring = unsafe { receiver::drt_coverage_v1_compares(&mut slots, &mut count) };
            if ring.is_null() || count.is_null() || slots == 0 {
                return None;
            }
            Some(Compares { ring: unsafe { std::slice::from_raw_parts(ring, 2 * slots) }, count: unsafe { &*count } })
        })
        .as_ref()
    }

    /// This program's ring: there is none without `cargo drt`.
    #[cfg(not(drt_coverage))]
    #[inline(always)]
    pub fn global() -> Option<&'static Compares> {
        None
    }

    /// A ring over `ring` (two words per slot) and `count`, for tests.
    #[cfg(test)]
    pub fn over(ring: &'static [AtomicU64], count: &'static AtomicUsize) -> Compares {
        Compares { ring, count }
    }

    /// Where the ring is now: what [`Compares::between`] counts from.
    pub fn mark(&self) -> usize {
        self.count.load(Relaxed)
    }

    /// An invoker is about to run: its window starts here, in case it
    /// does not mark where its method starts.
    pub fn open(&self) {
        WINDOW[0].store(self.mark(), Relaxed);
        WINDOW[1].store(usize::MAX, Relaxed);
    }

    /// The window of the method the invoker ran, since [`Compares::open`]:
    /// from where it started to where it returned (or to now, when it
    /// panicked).
    pub fn window(&self) -> Window {
        let end = match WINDOW[1].load(Relaxed) {
            usize::MAX => self.mark(),
            end => end,
        };
        (WINDOW[0].load(Relaxed), end)
    }

    /// The last pairs compared between marks `from` and `to`, newest
    /// first, at most `max` of them (and no more than the ring holds).
    pub fn between(&self, (from, to): Window, max: usize) -> impl Iterator<Item = (u64, u64)> + '_ {
        let slots = self.ring.len() / 2;
        let now = to;
        let n = to.wrapping_sub(from).min(max).min(slots.saturating_sub(self.mark().wrapping_sub(to)));
        (1..=n).map(move |k| {
            let slot = now.wrapping_sub(k) % slots;
            (self.ring[2 * slot].load(Relaxed), self.ring[2 * slot + 1].load(Relaxed))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_counts_fall_in_eight_buckets() {
        let buckets: Vec<u8> = [1u8, 2, 3, 4, 7, 8, 15, 16, 31, 32, 127, 128, 255].iter().map(|&c| bucket(c)).collect();
        assert_eq!(buckets, [1, 2, 4, 8, 8, 16, 16, 32, 32, 64, 64, 128, 128]);
    }

    #[test]
    fn a_reading_counts_new_buckets_once_and_zeroes_the_counters() {
        let mut counters = vec![0u8; 37];
        let p = counters.as_mut_ptr();
        let set = |at: usize, v: u8| unsafe { *p.add(at) = v };
        let regions = Regions(vec![(p, counters.len())]);
        let (seen, is_entry) = (vec![0; regions.len()], vec![false; regions.len()]);
        let mut f = Feedback { seen, regions, reached: 0, is_entry, entered_new: false, catalog: None };
        set(0, 1);
        set(9, 3);
        set(36, 200);
        assert_eq!(f.collect(), 3);
        assert_eq!(f.reached(), 3);
        assert_eq!(f.collect(), 0, "the counters were zeroed");
        set(9, 3);
        set(10, 1);
        assert_eq!(f.collect(), 1, "edge 9 in a bucket seen before");
        set(9, 5);
        assert_eq!(f.collect(), 1, "edge 9 in a new bucket, not a new edge");
        assert_eq!((f.reached(), f.total()), (4, 37));
        drop(counters);
    }
}

#[cfg(test)]
mod ring_tests {
    use super::*;

    #[test]
    fn the_pairs_between_marks_come_newest_first_while_the_ring_holds_them() {
        let ring: &'static [AtomicU64] = Box::leak((0..8).map(|_| AtomicU64::new(0)).collect());
        let count: &'static AtomicUsize = Box::leak(Box::new(AtomicUsize::new(0)));
        let c = Compares { ring, count };
        let push = |a: u64, b: u64| {
            let n = count.load(Relaxed);
            ring[2 * (n % 4)].store(a, Relaxed);
            ring[2 * (n % 4) + 1].store(b, Relaxed);
            count.store(n + 1, Relaxed);
        };
        push(1, 2);
        let mark = c.mark();
        push(3, 4);
        push(5, 6);
        let end = c.mark();
        assert_eq!(c.between((mark, end), 10).collect::<Vec<_>>(), [(5, 6), (3, 4)]);
        assert_eq!(c.between((mark, end), 1).collect::<Vec<_>>(), [(5, 6)]);
        push(7, 8);
        assert_eq!(c.between((mark, end), 10).collect::<Vec<_>>(), [(5, 6), (3, 4)], "later pairs are not read");
        push(9, 10);
        push(11, 12);
        assert_eq!(c.between((mark, end), 10).collect::<Vec<_>>(), [(5, 6)], "(3, 4) was written over");
        for k in 0..10 {
            push(k, k + 1);
        }
        assert_eq!(c.between((mark, end), 100).count(), 0, "all written over");
    }
}
