//! `bugfree::SortedSet` under libFuzzer: no bug to find, so a run ends only
//! at its time or run limit.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| drt::fuzz::<drt_examples::bugfree::SortedSet>(data));
