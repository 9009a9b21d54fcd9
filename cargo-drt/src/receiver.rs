//! The receiver of SanitizerCoverage's callbacks, linked into every program
//! `cargo drt` builds (an object file, so that programs that do not use drt,
//! a binary of the crate under test, still link). It keeps where the 8-bit
//! edge counters are and a table of recently compared operands, and hands
//! both to drt-runtime (built with `--cfg drt_coverage`) through the
//! `drt_coverage_v1_*` functions, with the table of program counters that
//! says which counter is a function's entry. `no_std` and free of panics: the object
//! must not need anything but what every Rust program links.
#![no_std]
#![allow(clippy::missing_safety_doc)]

use core::sync::atomic::{AtomicPtr, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Sections, one per module on targets whose linker does not merge them
/// (ELF merges them, and every module reports the same one): where each
/// starts and ends, and how many there are.
const MAX_REGIONS: usize = 64;
struct Sections<T> {
    starts: [AtomicPtr<T>; MAX_REGIONS],
    ends: [AtomicPtr<T>; MAX_REGIONS],
    count: AtomicUsize,
}

impl<T> Sections<T> {
    const fn new() -> Sections<T> {
        Sections {
            starts: [const { AtomicPtr::new(core::ptr::null_mut()) }; MAX_REGIONS],
            ends: [const { AtomicPtr::new(core::ptr::null_mut()) }; MAX_REGIONS],
            count: AtomicUsize::new(0),
        }
    }

    /// Keeps the section `[start, end)`, once.
    fn keep(&self, start: *mut T, end: *mut T) {
        let n = self.count.load(Relaxed);
        for i in 0..n.min(MAX_REGIONS) {
            if self.starts[i].load(Relaxed) == start {
                return;
            }
        }
        if n < MAX_REGIONS && start < end {
            self.starts[n].store(start, Relaxed);
            self.ends[n].store(end, Relaxed);
            self.count.store(n + 1, Relaxed);
        }
    }

    /// Writes up to `max` sections as (start, end) pairs into `out`;
    /// returns how many there are.
    unsafe fn write(&self, out: *mut [*mut T; 2], max: usize) -> usize {
        let n = self.count.load(Relaxed).min(MAX_REGIONS);
        for i in 0..n.min(max) {
            *out.add(i) = [self.starts[i].load(Relaxed), self.ends[i].load(Relaxed)];
        }
        n
    }
}

/// The 8-bit edge counters.
static COUNTERS: Sections<u8> = Sections::new();
/// The tables of program counters beside the counters (`(pc, flags)`
/// pairs, one per counter, in the counters' order; flag 1 marks a
/// function's entry), one per module as the counters.
static PCS: Sections<usize> = Sections::new();

/// The last compared operand pairs that differed, in order: pair `n` is
/// `[a, b]` at `2 * (n % SLOTS)`, and `COMPARED` counts the pairs so far.
const SLOTS: usize = 1024;
static COMPARES: [AtomicU64; 2 * SLOTS] = [const { AtomicU64::new(0) }; 2 * SLOTS];
static COMPARED: AtomicUsize = AtomicUsize::new(0);

#[no_mangle]
pub extern "C" fn __sanitizer_cov_8bit_counters_init(start: *mut u8, end: *mut u8) {
    COUNTERS.keep(start, end);
}

#[no_mangle]
pub extern "C" fn __sanitizer_cov_pcs_init(start: *const usize, end: *const usize) {
    PCS.keep(start as *mut usize, end as *mut usize);
}

#[inline(always)]
fn compared(a: u64, b: u64) {
    if a == b {
        return;
    }
    let n = COMPARED.load(Relaxed);
    let slot = n % SLOTS;
    COMPARES[2 * slot].store(a, Relaxed);
    COMPARES[2 * slot + 1].store(b, Relaxed);
    COMPARED.store(n.wrapping_add(1), Relaxed);
}

/// The comparison callbacks, plain and with a constant first (the
/// receiver treats both alike): each records the pair, widened to `u64`.
macro_rules! compares {
    ($($name:ident: $t:ty),* $(,)?) => {
        $(
            #[no_mangle]
            pub extern "C" fn $name(a: $t, b: $t) {
                compared(a.into(), b.into());
            }
        )*
    };
}

compares! {
    __sanitizer_cov_trace_cmp1: u8,
    __sanitizer_cov_trace_cmp2: u16,
    __sanitizer_cov_trace_cmp4: u32,
    __sanitizer_cov_trace_cmp8: u64,
    __sanitizer_cov_trace_const_cmp1: u8,
    __sanitizer_cov_trace_const_cmp2: u16,
    __sanitizer_cov_trace_const_cmp4: u32,
    __sanitizer_cov_trace_const_cmp8: u64,
}

/// `cases[0]` is the number of cases, `cases[1]` the width in bits, then
/// the case values.
#[no_mangle]
pub unsafe extern "C" fn __sanitizer_cov_trace_switch(value: u64, cases: *const u64) {
    let n = *cases;
    for i in 0..n.min(16) {
        compared(value, *cases.add(2 + i as usize));
    }
}

#[no_mangle]
pub extern "C" fn __sanitizer_cov_trace_div4(_: u32) {}
#[no_mangle]
pub extern "C" fn __sanitizer_cov_trace_div8(_: u64) {}
#[no_mangle]
pub extern "C" fn __sanitizer_cov_trace_gep(_: usize) {}

/// Writes up to `max` counter regions as (start, end) pairs into `out`;
/// returns how many there are.
#[no_mangle]
pub unsafe extern "C" fn drt_coverage_v1_regions(out: *mut [*mut u8; 2], max: usize) -> usize {
    COUNTERS.write(out, max)
}

/// Writes up to `max` tables of program counters as (start, end) pairs
/// into `out`, in the order of the counter regions; returns how many
/// there are (none when the code was built without the tables).
#[no_mangle]
pub unsafe extern "C" fn drt_coverage_v1_pcs(out: *mut [*mut usize; 2], max: usize) -> usize {
    PCS.write(out, max)
}

/// The ring of recent compares: `2 * *slots` words, `[a, b]` pairs, and
/// the count of pairs written to it so far.
#[no_mangle]
pub unsafe extern "C" fn drt_coverage_v1_compares(slots: *mut usize, count: *mut *const AtomicUsize) -> *const AtomicU64 {
    *slots = SLOTS;
    *count = &COMPARED;
    COMPARES.as_ptr()
}
