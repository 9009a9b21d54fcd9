//! `drt::fuzz`, the fuzzer entry point: random bytes, as a fuzzer's first
//! inputs are, find a planted bug and panic with its reproducing test; any
//! bytes at all are a valid input.

use std::panic::{catch_unwind, AssertUnwindSafe};

use drt_examples::{bank, bugfree};

/// xorshift64*: the inputs a fuzzer without coverage would try.
fn random_inputs(seed: u64, count: usize) -> impl Iterator<Item = Vec<u8>> {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    (0..count).map(move |_| {
        let len = (next() % 512) as usize;
        (0..len).map(|_| (next() >> 56) as u8).collect()
    })
}

/// The panic message of `fuzz` on `input`, if it panicked.
fn fuzz_message<T: 'static>(input: &[u8]) -> Option<String> {
    let payload = catch_unwind(AssertUnwindSafe(|| drt::fuzz::<T>(input))).err()?;
    Some(payload.downcast_ref::<String>().cloned().unwrap_or_default())
}

#[test]
fn random_bytes_find_the_fee_overflow_with_its_test() {
    let found =
        random_inputs(7, 2_000).enumerate().find_map(|(i, input)| Some((i, fuzz_message::<bank::Account>(&input)?)));
    let (tries, message) = found.expect("2,000 random inputs find the fee overflow");
    assert!(message.starts_with("drt::fuzz found 1 failure in Account with this input:"), "{message}");
    assert!(message.contains("panic in Account::charge_fee: attempt to multiply with overflow"), "{message}");
    assert!(message.contains("#[test]\n    fn account_charge_fee_panics() {"), "{message}");
    assert!(message.contains("reproduced in 3 calls"), "minimized:\n{message}");
    println!("found after {} inputs", tries + 1);
}

#[test]
fn an_input_runs_the_same_calls_every_time() {
    let input = random_inputs(7, 2_000).find(|input| fuzz_message::<bank::Account>(input).is_some()).unwrap();
    // All but the time it took.
    let calls = |message: Option<String>| message.unwrap().split_once("s); reproduced").unwrap().1.to_string();
    assert_eq!(calls(fuzz_message::<bank::Account>(&input)), calls(fuzz_message::<bank::Account>(&input)));
}

#[test]
fn any_bytes_are_a_valid_input() {
    for input in [&[][..], &[0], &[255; 7], &[0; 300], b"garbage \xff\xfe input"] {
        assert_eq!(fuzz_message::<bugfree::SortedSet>(input), None, "{input:?}");
    }
    for input in random_inputs(3, 300) {
        assert_eq!(fuzz_message::<bugfree::SortedSet>(&input), None, "{input:?}");
    }
}
