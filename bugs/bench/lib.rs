//! Every bug of the benchmark, from both sets.

/// The bugs, set A's then set B's.
pub fn bugs() -> Vec<drt_bugs_table::Bug> {
    let mut bugs = drt_bugs_set_a::bugs();
    bugs.extend(drt_bugs_set_b::bugs());
    bugs
}
