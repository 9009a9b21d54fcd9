//! How soon drt finds each example's bug, over several seeds: the deep
//! examples (a dozen calls in order, a large state, a value no seed gives)
//! beside a few shallow ones, so a change that helps one kind and hurts the
//! other shows.
//!
//! Run with `cargo bench -p drt-examples --bench deep`. Settings:
//! - `DRT_BENCH_SEEDS`: how many seeds (default 10), from `DRT_BENCH_FIRST_SEED`
//!   (default 1) on;
//! - `DRT_BENCH_SEQUENCES`: each exploration's `max_sequences` (default 20000; the
//!   bitmap, whose values are expensive, at most 2000);
//! - `DRT_BENCH_SECONDS`: a time limit for each exploration instead (then
//!   no `max_sequences`): the searches then weigh pool values by what
//!   extending them costs, which they never do under a sequence budget;
//! - `DRT_BENCH_ONLY`: a comma-separated list of example names to run;
//! - `DRT_BENCH_VERBOSE=1`: also each seed's sequences to the first failure;
//!   `2`: and each exploration's time per operation and summary.
//!
//! Each example is explored three ways, side by side: by an undirected
//! random walk (the thesis's baseline, §8.3: one sequence extended call by
//! call until an illegal input or a failure), by drt, and by drt with
//! coverage feedback. The last needs the build `cargo drt bench -p
//! drt-examples --bench deep` makes; in it, the first two run with
//! `DRT_COVERAGE=off`. `DRT_BENCH_SEARCHES` (`walk,drt,coverage`) picks some.
//!
//! Explorations run in-process, one at a time. Every number printed is
//! measured in this process; see docs/BENCHMARKS.md.

use std::time::Duration;

use drt_examples::{bank, bitmap, bitpack, chunked, deque, frames, inline_stack, ring, tags, username, version};

/// An example: its name, an exploration of it with a search, a seed and a
/// budget, and the most sequences that budget may be (an example whose
/// values are expensive would take minutes per seed).
type Example = (&'static str, fn(Search, u64, Budget) -> drt::Report, u64);

/// How an example is explored.
#[derive(Clone, Copy, PartialEq)]
enum Search {
    Walk,
    Drt,
    Coverage,
}

impl Search {
    fn name(self) -> &'static str {
        match self {
            Search::Walk => "walk",
            Search::Drt => "drt",
            Search::Coverage => "coverage",
        }
    }
}

/// How much each exploration may do.
#[derive(Clone, Copy)]
enum Budget {
    Sequences(u64),
    Time(Duration),
}

fn explore<T: 'static>(search: Search, seed: u64, budget: Budget) -> drt::Report {
    // The benchmark runs on one thread: nothing reads the environment meanwhile.
    std::env::set_var("DRT_COVERAGE", if search == Search::Coverage { "on" } else { "off" });
    let explorer = drt::explore::<T>().seed(seed).isolation(drt::Isolation::InProcess);
    let explorer = match budget {
        Budget::Sequences(n) => explorer.max_sequences(n),
        Budget::Time(limit) => explorer.time_limit(limit),
    };
    match search {
        Search::Walk => explorer.random_walk().report(),
        Search::Drt | Search::Coverage => explorer.report(),
    }
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().map_or(default, |v| v.trim().parse().unwrap_or_else(|_| panic!("{name}: a number")))
}

fn median(mut xs: Vec<f64>) -> Option<f64> {
    xs.sort_by(f64::total_cmp);
    (!xs.is_empty()).then(|| xs[xs.len() / 2])
}

/// What one search did on one example over the seeds.
#[derive(Default)]
struct Row {
    sequences: Vec<f64>,
    seconds: Vec<f64>,
    len: Vec<f64>,
    rate: Vec<f64>,
}

impl Row {
    /// `found/seeds`, median sequences to the first failure (and the worst,
    /// or "missed"), median time to it, median calls in its test, sequences/s.
    fn cells(&self, seeds: u64) -> [String; 5] {
        let found = self.sequences.len();
        let worst = if found < seeds as usize {
            "missed".to_string()
        } else {
            format!("{}", self.sequences.iter().copied().fold(0.0, f64::max))
        };
        let show = |x: Option<f64>, f: &dyn Fn(f64) -> String| x.map_or("-".to_string(), f);
        [
            format!("{found}/{seeds}"),
            show(median(self.sequences.clone()), &|x| format!("{x} ({worst})")),
            show(median(self.seconds.clone()), &|x| format!("{:.1} ms", x * 1e3)),
            show(median(self.len.clone()), &|x| format!("{x}")),
            show(median(self.rate.clone()), &|x| format!("{x:.0}")),
        ]
    }
}

fn main() {
    let seeds = env_u64("DRT_BENCH_SEEDS", 10);
    let first = env_u64("DRT_BENCH_FIRST_SEED", 1);
    let budget = match std::env::var_os("DRT_BENCH_SECONDS") {
        Some(_) => Budget::Time(Duration::from_secs(env_u64("DRT_BENCH_SECONDS", 10))),
        None => Budget::Sequences(env_u64("DRT_BENCH_SEQUENCES", 20_000)),
    };
    let only = std::env::var("DRT_BENCH_ONLY").ok();
    let examples: Vec<Example> = vec![
        ("deque::BoundedDeque (deep)", explore::<deque::BoundedDeque>, u64::MAX),
        ("chunked::ChunkedSet (large)", explore::<chunked::ChunkedSet>, u64::MAX),
        ("bitpack::BitPacker (value)", explore::<bitpack::BitPacker>, u64::MAX),
        ("bitmap::Bitmap (next to expensive values)", explore::<bitmap::Bitmap>, 2_000),
        ("tags::TagSet (a pair)", explore::<tags::TagSet>, u64::MAX),
        ("frames::FrameDecoder (magic, checksum)", explore::<frames::FrameDecoder>, u64::MAX),
        ("ring::RingBuffer", explore::<ring::RingBuffer>, u64::MAX),
        ("inline_stack::InlineStack", explore::<inline_stack::InlineStack>, u64::MAX),
        ("bank::Account", explore::<bank::Account>, u64::MAX),
        ("username::Username", explore::<username::Username>, u64::MAX),
        ("version::Version", explore::<version::Version>, u64::MAX),
    ];
    let instrumented = explore::<bank::Account>(Search::Coverage, 1, Budget::Sequences(10)).stats.coverage.is_some();
    let asked = std::env::var("DRT_BENCH_SEARCHES").unwrap_or_else(|_| "walk,drt,coverage".into());
    let searches: Vec<Search> = [Search::Walk, Search::Drt, Search::Coverage]
        .into_iter()
        .filter(|s| asked.split(',').any(|a| a.trim() == s.name()))
        .filter(|s| *s != Search::Coverage || instrumented)
        .collect();
    println!(
        "drt deep-examples bench: seeds {first}..={}, {} each, in-process, {}\n",
        first + seeds - 1,
        match budget {
            Budget::Sequences(n) => format!("{n} sequences"),
            Budget::Time(limit) => format!("{limit:?}"),
        },
        if instrumented { "built for coverage (cargo drt)" } else { "not built for coverage (no coverage column)" },
    );
    println!("Per search: found, median sequences to the first failure (worst), median time to it, median calls in its test, sequences/s.\n");
    let mut head = "| example |".to_string();
    for s in &searches {
        let n = s.name();
        head += &format!(" {n}: found | {n}: sequences | {n}: time | {n}: calls | {n}: rate |");
    }
    println!("{head}\n|---|{}", "---|".repeat(5 * searches.len()));
    for (name, explore, most) in examples {
        let budget = match budget {
            Budget::Sequences(n) => Budget::Sequences(n.min(most)),
            time => time,
        };
        if only.as_deref().is_some_and(|o| !o.split(',').any(|w| name.contains(w.trim()))) {
            continue;
        }
        let mut line = format!("| {name} |");
        for &search in &searches {
            let mut row = Row::default();
            for seed in first..first + seeds {
                let report = explore(search, seed, budget);
                let s = &report.stats;
                row.rate.push(s.sequences as f64 / s.elapsed.as_secs_f64().max(1e-9));
                let found = report.failures.iter().min_by_key(|f| f.sequences_before);
                if std::env::var_os("DRT_BENCH_VERBOSE").is_some() {
                    let at = found.map_or("missed".to_string(), |f| {
                        format!("{} ({} calls, {:.0} ms)", f.sequences_before, f.len, f.found_after.as_secs_f64() * 1e3)
                    });
                    println!("  {name}, {}, seed {seed}: {at}, {} sequences run", search.name(), s.sequences);
                }
                if std::env::var("DRT_BENCH_VERBOSE").as_deref() == Ok("2") {
                    for o in &s.operations {
                        println!("    {}: {} sequences, {:?}", o.name, o.attempted, o.time);
                    }
                    println!("{}", report.summary(name));
                }
                if let Some(f) = found {
                    row.sequences.push(f.sequences_before as f64);
                    row.seconds.push(f.found_after.as_secs_f64());
                    row.len.push(f.len as f64);
                }
            }
            for cell in row.cells(seeds) {
                line += &format!(" {cell} |");
            }
        }
        println!("{line}");
    }
}
