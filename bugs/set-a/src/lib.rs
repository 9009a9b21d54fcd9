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

#[cfg(test)]
mod measure {
    /// Prints, per bug, how many of seeds 1-10 the careful harness finds it
    /// within 20,000 sequences (and the median sequences before), and whether
    /// the bare one does on seeds 1-3 within 200,000; and every other failure
    /// reported, to read for false reports. `cargo test --release -p
    /// drt-bugs-set-a --lib measure -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn measure() {
        // `MEASURE_ONLY=lru,clru`: the bugs whose names start with one of these.
        let only = std::env::var("MEASURE_ONLY").unwrap_or_default();
        for bug in super::bugs() {
            if !only.is_empty() && !only.split(',').any(|o| bug.name.starts_with(&format!("{o} "))) {
                continue;
            }
            // ringbuffer's buggy buffer aborts in its drop: it needs the child process.
            let isolation =
                if bug.name.starts_with("ringbuffer") { drt::Isolation::Process } else { drt::Isolation::InProcess };
            let mut found = vec![];
            let mut others = std::collections::BTreeSet::new();
            for seed in 1..=10 {
                let report = (bug.careful)().seed(seed).max_sequences(20_000).isolation(isolation).report();
                if let Some(f) = report.failures.iter().find(|f| (bug.is_it)(f)) {
                    found.push(f.sequences_before);
                }
                for f in report.failures.iter().filter(|f| !(bug.is_it)(f)) {
                    others.insert(format!("careful {:?} {}: {}", f.kind, f.operation, f.message));
                }
            }
            found.sort();
            let median = found.get(found.len() / 2).copied();
            println!("MEASURE {}: careful {}/10 within 20000, median {:?}, {:?}", bug.name, found.len(), median, found);
            for seed in 1..=3 {
                // Bare harnesses call `reserve(usize::MAX)` and the like: an allocation
                // failure aborts, which only the child process survives.
                let report = (bug.bare)().seed(seed).max_sequences(200_000).isolation(drt::Isolation::Process).report();
                let hit = report.failures.iter().find(|f| (bug.is_it)(f)).map(|f| f.sequences_before);
                println!("MEASURE {}: bare seed {seed}: {:?} ({} sequences)", bug.name, hit, report.stats.sequences);
                for f in report.failures.iter().filter(|f| !(bug.is_it)(f)) {
                    others.insert(format!("bare {:?} {}: {}", f.kind, f.operation, f.message));
                }
            }
            for o in others {
                println!("OTHER {}: {}", bug.name, o.chars().take(300).collect::<String>());
            }
        }
    }
}
