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

/// Counter regions, one per module on targets whose linker does not merge
/// the sections (ELF merges them, and every module reports the same one).
const MAX_REGIONS: usize = 64;
static STARTS: [AtomicPtr<u8>; MAX_REGIONS] = [const { AtomicPtr::new(core::ptr::null_mut()) }; MAX_REGIONS];
static ENDS: [AtomicPtr<u8>; MAX_REGIONS] = [const { AtomicPtr::new(core::ptr::null_mut()) }; MAX_REGIONS];
static REGIONS: AtomicUsize = AtomicUsize::new(0);

/// The last compared operand pairs that differed, in order: pair `n` is
/// `[a, b]` at `2 * (n % SLOTS)`, and `COMPARED` counts the pairs so far.
const SLOTS: usize = 1024;
static COMPARES: [AtomicU64; 2 * SLOTS] = [const { AtomicU64::new(0) }; 2 * SLOTS];
static COMPARED: AtomicUsize = AtomicUsize::new(0);

#[no_mangle]
pub unsafe extern "C" fn __sanitizer_cov_8bit_counters_init(start: *mut u8, end: *mut u8) {
    let n = REGIONS.load(Relaxed);
    for i in 0..n.min(MAX_REGIONS) {
        if STARTS[i].load(Relaxed) == start {
            return;
        }
    }
    if n < MAX_REGIONS && start < end {
        STARTS[n].store(start, Relaxed);
        ENDS[n].store(end, Relaxed);
        REGIONS.store(n + 1, Relaxed);
    }
}

/// The tables of program counters beside the counters (`(pc, flags)`
/// pairs, one per counter, in the counters' order; flag 1 marks a
/// function's entry), one per module as the counters.
static PCS_STARTS: [AtomicPtr<usize>; MAX_REGIONS] = [const { AtomicPtr::new(core::ptr::null_mut()) }; MAX_REGIONS];
static PCS_ENDS: [AtomicPtr<usize>; MAX_REGIONS] = [const { AtomicPtr::new(core::ptr::null_mut()) }; MAX_REGIONS];
static PCS: AtomicUsize = AtomicUsize::new(0);

#[no_mangle]
pub extern "C" fn __sanitizer_cov_pcs_init(start: *const usize, end: *const usize) {
    let (start, end) = (start as *mut usize, end as *mut usize);
    let n = PCS.load(Relaxed);
    for i in 0..n.min(MAX_REGIONS) {
        if PCS_STARTS[i].load(Relaxed) == start {
            return;
        }
    }
    if n < MAX_REGIONS && start < end {
        PCS_STARTS[n].store(start, Relaxed);
        PCS_ENDS[n].store(end, Relaxed);
        PCS.store(n + 1, Relaxed);
    }
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
    let n = REGIONS.load(Relaxed).min(MAX_REGIONS);
    for i in 0..n.min(max) {
        *out.add(i) = [STARTS[i].load(Relaxed), ENDS[i].load(Relaxed)];
    }
    n
}

/// Writes up to `max` tables of program counters as (start, end) pairs
/// into `out`, in the order of the counter regions; returns how many
/// there are (none when the code was built without the tables).
#[no_mangle]
pub unsafe extern "C" fn drt_coverage_v1_pcs(out: *mut [*const usize; 2], max: usize) -> usize {
    let n = PCS.load(Relaxed).min(MAX_REGIONS);
    for i in 0..n.min(max) {
        *out.add(i) = [PCS_STARTS[i].load(Relaxed), PCS_ENDS[i].load(Relaxed)];
    }
    n
}

/// The ring of recent compares: `2 * *slots` words, `[a, b]` pairs, and
/// the count of pairs written to it so far.
#[no_mangle]
pub unsafe extern "C" fn drt_coverage_v1_compares(slots: *mut usize, count: *mut *const AtomicUsize) -> *const AtomicU64 {
    *slots = SLOTS;
    *count = &COMPARED;
    COMPARES.as_ptr()
}
