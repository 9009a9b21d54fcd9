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

/// `DRT_BUG=<module> DRT_HARNESS=careful|bare DRT_SEEDS=1-10 cargo test --release -p drt-bugs-set-b measure -- --ignored --nocapture`:
/// for each seed, whether the bug was found within 200,000 sequences and after how many.
#[cfg(test)]
#[test]
#[ignore]
fn measure() {
    let want = std::env::var("DRT_BUG").unwrap_or_default();
    let harness = std::env::var("DRT_HARNESS").unwrap_or_else(|_| "careful".into());
    let seeds = std::env::var("DRT_SEEDS").unwrap_or_else(|_| "1-10".into());
    let (lo, hi) = seeds.split_once('-').map(|(a, b)| (a.parse().unwrap(), b.parse().unwrap())).unwrap_or((1, 10));
    let budget: u64 = std::env::var("DRT_BUDGET").ok().and_then(|b| b.parse().ok()).unwrap_or(200_000);
    for bug in bugs().into_iter().filter(|b| b.name.contains(&want)) {
        for seed in lo..=hi {
            let explorer = if harness == "bare" { (bug.bare)() } else { (bug.careful)() };
            let start = std::time::Instant::now();
            let report = explorer.seed(seed).max_sequences(budget).isolation(drt::Isolation::InProcess).report();
            let found = report.failures.iter().filter(|f| (bug.is_it)(f)).map(|f| f.sequences_before).min();
            let others: Vec<String> = report
                .failures
                .iter()
                .filter(|f| !(bug.is_it)(f))
                .map(|f| format!("{:?} {}: {}", f.kind, f.operation, f.message.lines().next().unwrap_or("")))
                .collect();
            if std::env::var("DRT_PRINT").is_ok() {
                eprintln!("{report}\n{:#?}", report.stats.notes);
                for op in &report.stats.operations {
                    eprintln!("OP {op:?}");
                }
            }
            eprintln!(
                "MEASURE {} | {harness} | seed {seed} | found {:?} | {} seqs in {:.1?} | others {:?}",
                bug.name,
                found,
                report.stats.sequences,
                start.elapsed(),
                others
            );
        }
    }
}
