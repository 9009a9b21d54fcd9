//! Real bugs of published crates, set b: one module per bug.

use drt_bugs_table::Bug;

pub mod bnum_is_multiple_of;
pub mod bytes_get_int;
pub mod fixedbitset_difference_count;
pub mod roaring_iter_nth;
pub mod roaring_remove_smallest;
pub mod rust_decimal_from_i128;
pub mod rust_decimal_round_dp_zero;

/// Every bug of this set.
pub fn bugs() -> Vec<Bug> {
    vec![
        roaring_remove_smallest::bug(),
        roaring_iter_nth::bug(),
        fixedbitset_difference_count::bug(),
        rust_decimal_round_dp_zero::bug(),
        rust_decimal_from_i128::bug(),
        bnum_is_multiple_of::bug(),
        bytes_get_int::bug(),
    ]
}

/// Explores `bug`'s careful harness in process with `seed` and `budget` and
/// asserts that a failure it recognises is reported.
#[cfg(test)]
pub(crate) fn assert_found(bug: Bug, seed: u64, budget: u64) {
    let report = (bug.careful)().seed(seed).max_sequences(budget).isolation(drt::Isolation::InProcess).report();
    assert!(report.failures.iter().any(|f| (bug.is_it)(f)), "{}: not found with seed {seed}\n{report}", bug.name);
}
