//! `bank::Account` under libFuzzer: the fee computation overflows.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| drt::fuzz::<drt_examples::bank::Account>(data));
