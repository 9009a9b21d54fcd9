//! How soon drt finds each example's bug, over several seeds: the deep
//! examples (a dozen calls in order, a large state, a value no seed gives)
//! beside a few shallow ones, so a change that helps one kind and hurts the
//! other shows.
//!
//! Run with `cargo bench -p drt-examples --bench deep`. Settings:
//! - `DRT_BENCH_SEEDS`: how many seeds (default 10), from `DRT_BENCH_FIRST_SEED`
//!   (default 1) on;
//! - `DRT_BENCH_SEQUENCES`: each exploration's `max_sequences` (default 20000);
//! - `DRT_BENCH_ONLY`: a comma-separated list of example names to run;
//! - `DRT_BENCH_VERBOSE=1`: also each seed's sequences to the first failure.
//!
//! `cargo drt bench -p drt-examples --bench deep` runs it with coverage
//! feedback (`DRT_COVERAGE=off` then turns the feedback off in the same
//! instrumented build).
//!
//! Explorations run in-process, one at a time. Every number printed is
//! measured in this process; see docs/BENCHMARKS.md.

use std::time::Duration;

use drt_examples::{bank, bitpack, chunked, deque, frames, inline_stack, ring, tags, username, version};

/// An example: its name, and an exploration of it with a seed and a budget.
type Example = (&'static str, fn(u64, u64) -> drt::Report);

fn explore<T: 'static>(seed: u64, budget: u64) -> drt::Report {
    drt::explore::<T>().seed(seed).max_sequences(budget).isolation(drt::Isolation::InProcess).report()
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().map_or(default, |v| v.trim().parse().unwrap_or_else(|_| panic!("{name}: a number")))
}

fn median(mut xs: Vec<f64>) -> Option<f64> {
    xs.sort_by(f64::total_cmp);
    (!xs.is_empty()).then(|| xs[xs.len() / 2])
}

fn main() {
    let seeds = env_u64("DRT_BENCH_SEEDS", 10);
    let first = env_u64("DRT_BENCH_FIRST_SEED", 1);
    let budget = env_u64("DRT_BENCH_SEQUENCES", 20_000);
    let only = std::env::var("DRT_BENCH_ONLY").ok();
    let examples: Vec<Example> = vec![
        ("deque::BoundedDeque (deep)", explore::<deque::BoundedDeque>),
        ("chunked::ChunkedSet (large)", explore::<chunked::ChunkedSet>),
        ("bitpack::BitPacker (value)", explore::<bitpack::BitPacker>),
        ("tags::TagSet (a pair)", explore::<tags::TagSet>),
        ("frames::FrameDecoder (magic, checksum)", explore::<frames::FrameDecoder>),
        ("ring::RingBuffer", explore::<ring::RingBuffer>),
        ("inline_stack::InlineStack", explore::<inline_stack::InlineStack>),
        ("bank::Account", explore::<bank::Account>),
        ("username::Username", explore::<username::Username>),
        ("version::Version", explore::<version::Version>),
    ];
    let coverage = match explore::<bank::Account>(1, 10).stats.coverage {
        Some(_) => "coverage on (cargo drt)",
        None => "coverage off",
    };
    println!(
        "drt deep-examples bench: seeds {first}..={}, {budget} sequences each, in-process, {coverage}\n",
        first + seeds - 1
    );
    println!("| example | found | median sequences to the first | worst | median time to the first | median (longest) calls in its test | sequences/s |");
    println!("|---|---|---|---|---|---|---|");
    for (name, explore) in examples {
        if only.as_deref().is_some_and(|o| !o.split(',').any(|w| name.contains(w.trim()))) {
            continue;
        }
        let (mut before, mut after, mut len, mut rate) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for seed in first..first + seeds {
            let report = explore(seed, budget);
            let s = &report.stats;
            rate.push(s.sequences as f64 / s.elapsed.as_secs_f64().max(1e-9));
            let first = report.failures.iter().min_by_key(|f| f.sequences_before);
            if std::env::var_os("DRT_BENCH_VERBOSE").is_some() {
                let at = first.map_or("missed".to_string(), |f| format!("{} ({} calls)", f.sequences_before, f.len));
                println!("  {name}, seed {seed}: {at}, {} sequences run", s.sequences);
            }
            if let Some(f) = first {
                before.push(f.sequences_before as f64);
                after.push(f.found_after.as_secs_f64());
                len.push(f.len as f64);
            }
        }
        let found = before.len();
        let worst = if found < seeds as usize {
            "missed".to_string()
        } else {
            format!("{}", before.iter().copied().fold(0.0, f64::max))
        };
        let show = |x: Option<f64>, f: &dyn Fn(f64) -> String| x.map_or("-".to_string(), f);
        println!(
            "| {name} | {found}/{seeds} | {} | {worst} | {} | {} | {} |",
            show(median(before), &|x| format!("{x}")),
            show(median(after), &|x| format!("{:.1} ms", Duration::from_secs_f64(x).as_secs_f64() * 1e3)),
            show(median(len.clone()), &|x| format!("{x} ({})", len.iter().copied().fold(0.0, f64::max))),
            show(median(rate), &|x| format!("{x:.0}")),
        );
    }
}
