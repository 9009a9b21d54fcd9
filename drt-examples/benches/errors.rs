//! What comparing errors with a reference's finds, and what it costs: the
//! seat holds' wrong count inside an error (`seats::Seats` against its
//! model) over several seeds, and the speed of a bug-free seat holds
//! against the same model, whose calls return `Err` often (errors are
//! kept, boxed, only while a sequence runs against a reference).
//!
//! Run with `cargo bench -p drt-examples --bench errors`. Settings:
//! `DRT_BENCH_SEEDS` (default 10) seeds from 1 on, each exploration at most
//! `DRT_BENCH_SEQUENCES` (default 20000) sequences; `DRT_BENCH_RUNS`
//! (default 5) timed runs of `DRT_BENCH_SPEED_SEQUENCES` (default 100000)
//! sequences of the bug-free type. Explorations run in-process. Every number
//! printed is measured in this process; see docs/BENCHMARKS.md.

use std::time::Instant;

use drt_examples::seats::{FixedSeats, Seats, SeatsModel};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let seeds = env("DRT_BENCH_SEEDS", 10);
    let budget = env("DRT_BENCH_SEQUENCES", 20_000);
    let runs = env("DRT_BENCH_RUNS", 5);
    let speed_budget = env("DRT_BENCH_SPEED_SEQUENCES", 100_000);
    println!("drt errors bench: {seeds} seeds, {budget} sequences each; {runs} timed runs of {speed_budget}");
    println!();
    println!("| seed | Seats::hold's wrong error: sequences before it |");
    println!("|---:|---:|");
    let mut found = Vec::new();
    for seed in 1..=seeds {
        let report = drt::explore::<Seats>()
            .against::<SeatsModel>()
            .isolation(drt::Isolation::InProcess)
            .seed(seed)
            .max_sequences(budget)
            .report();
        let first = report.failures.iter().filter(|f| f.operation == "Seats::hold").map(|f| f.sequences_before).min();
        found.extend(first);
        println!("| {seed} | {} |", first.map_or(format!("not within {budget}"), |n| n.to_string()));
    }
    found.sort_unstable();
    if let Some(median) = found.get(found.len() / 2) {
        println!("found on {} of {seeds} seeds; median {median} sequences", found.len());
    } else {
        println!("found on 0 of {seeds} seeds");
    }
    println!();
    let mut rates: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            let report = drt::explore::<FixedSeats>()
                .against::<SeatsModel>()
                .isolation(drt::Isolation::InProcess)
                .max_sequences(speed_budget)
                .report();
            assert!(report.failures.is_empty(), "{report}");
            report.stats.sequences as f64 / start.elapsed().as_secs_f64()
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    println!("| FixedSeats against SeatsModel | median | min | max |");
    println!("|---|---:|---:|---:|");
    let cell = |r: f64| format!("{r:.0}");
    if let (Some(min), Some(max)) = (rates.first(), rates.last()) {
        println!("| sequences/s | {} | {} | {} |", cell(rates[rates.len() / 2]), cell(*min), cell(*max));
    }
}
