//! Real bugs of published crates, set a: one module per bug.

use drt_bugs_table::Bug;

pub mod circular_buffer_eq;
pub mod clru_clear_weight;
pub mod intervaltree_empty;
pub mod lru_zero_cap;
pub mod min_max_heap_replace;
pub mod priority_queue_double;
pub mod rangemap_coalesce;
pub mod ringbuffer_pow2;

/// Every bug of this set.
pub fn bugs() -> Vec<Bug> {
    vec![
        ringbuffer_pow2::bug(),
        rangemap_coalesce::bug(),
        min_max_heap_replace::bug(),
        priority_queue_double::bug(),
        circular_buffer_eq::bug(),
        clru_clear_weight::bug(),
        lru_zero_cap::bug(),
        intervaltree_empty::bug(),
    ]
}
