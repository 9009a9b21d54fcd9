//! Time to each real bug of the benchmark (`bugs/README.md`): every bug,
//! through its careful harness and its bare one, by the undirected random
//! walk (the thesis's baseline), by drt, and by drt with coverage feedback
//! when the bench was built for it (`cargo drt bench`), over seeds.
//!
//! Run from `bugs/`: `cargo bench -p drt-bugs-bench`. Settings:
//! - `DRT_BENCH_SEEDS`: how many seeds (default 10), from `DRT_BENCH_FIRST_SEED` (default 1);
//! - `DRT_BENCH_SEQUENCES`: each exploration's `max_sequences` (default 20000);
//! - `DRT_BENCH_SECONDS`: each exploration's time limit besides (default 5): a
//!   bug found after it counts as missed (the search stays repeatable until then:
//!   costs are weighed only when time alone bounds a run);
//! - `DRT_BENCH_ONLY`: a comma-separated list of words, one of which a bug's name must contain;
//! - `DRT_BENCH_SEARCHES`: some of `walk,drt,coverage`; `DRT_BENCH_HARNESSES`: some of `careful,bare`;
//! - `DRT_BENCH_VERBOSE=1`: each seed's result, and any report that is not the bug.
//!
//! Explorations run one at a time, each in a child process as users run
//! them (a bare harness's `reserve(usize::MAX)` aborts on allocation
//! failure; a buggy `Drop` panics while unwinding). Every number printed is
//! measured by this run.

use std::time::Duration;

use drt_bugs_table::Bug;

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

/// Explores `explorer` with `search` on `seed`: the first failure that is
/// the bug, and every other failure's operation and message.
fn explore(
    explorer: drt::Explorer,
    search: Search,
    seed: u64,
    budget: (u64, Duration),
    is_it: fn(&drt::Failure) -> bool,
) -> (drt::Report, Option<usize>) {
    // The benchmark runs on one thread: nothing reads the environment meanwhile.
    std::env::set_var("DRT_COVERAGE", if search == Search::Coverage { "on" } else { "off" });
    let explorer = explorer.seed(seed).max_sequences(budget.0).time_limit(budget.1).persist(false);
    let report = match search {
        Search::Walk => explorer.random_walk().report(),
        Search::Drt | Search::Coverage => explorer.report(),
    };
    let found = report.failures.iter().enumerate().filter(|(_, f)| is_it(f)).min_by_key(|(_, f)| f.sequences_before);
    let found = found.map(|(i, _)| i);
    (report, found)
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().map_or(default, |v| v.trim().parse().unwrap_or_else(|_| panic!("{name}: a number")))
}

fn median(mut xs: Vec<f64>) -> Option<f64> {
    xs.sort_by(f64::total_cmp);
    (!xs.is_empty()).then(|| xs[xs.len() / 2])
}

/// Over the seeds: sequences and seconds to the bug where found, and the
/// other reports.
#[derive(Default)]
struct Cell {
    sequences: Vec<f64>,
    seconds: Vec<f64>,
    others: usize,
}

impl Cell {
    /// `found/seeds`, and the median sequences and time to the bug.
    fn show(&self, seeds: u64) -> String {
        let found = self.sequences.len();
        let others = if self.others > 0 { format!(", {} other", self.others) } else { String::new() };
        match (median(self.sequences.clone()), median(self.seconds.clone())) {
            (Some(n), Some(t)) => format!("{found}/{seeds}: {n} seq, {:.1} ms{others}", t * 1e3),
            _ => format!("0/{seeds}{others}"),
        }
    }
}

fn main() {
    let seeds = env_u64("DRT_BENCH_SEEDS", 10);
    let first = env_u64("DRT_BENCH_FIRST_SEED", 1);
    let budget = (env_u64("DRT_BENCH_SEQUENCES", 20_000), Duration::from_secs(env_u64("DRT_BENCH_SECONDS", 5)));
    let only = std::env::var("DRT_BENCH_ONLY").ok();
    let bugs: Vec<Bug> = drt_bugs_bench::bugs()
        .into_iter()
        .filter(|b| only.as_deref().is_none_or(|o| o.split(',').any(|w| b.name.contains(w.trim()))))
        .collect();
    let instrumented = {
        std::env::set_var("DRT_COVERAGE", "on");
        let first = drt_bugs_bench::bugs().into_iter().next().expect("a bug");
        (first.careful)()
            .max_sequences(10)
            .isolation(drt::Isolation::InProcess)
            .persist(false)
            .report()
            .stats
            .coverage
            .is_some()
    };
    let asked = std::env::var("DRT_BENCH_SEARCHES").unwrap_or_else(|_| "walk,drt,coverage".into());
    let searches: Vec<Search> = [Search::Walk, Search::Drt, Search::Coverage]
        .into_iter()
        .filter(|s| asked.split(',').any(|a| a.trim() == s.name()))
        .filter(|s| *s != Search::Coverage || instrumented)
        .collect();
    let harnesses = std::env::var("DRT_BENCH_HARNESSES").unwrap_or_else(|_| "careful,bare".into());
    let harnesses: Vec<&str> = ["careful", "bare"].into_iter().filter(|h| harnesses.contains(h)).collect();
    let verbose = std::env::var_os("DRT_BENCH_VERBOSE").is_some();
    println!(
        "drt real-bug bench: {} bugs, seeds {first}..={}, at most {} sequences and {:?} each, in child processes, {}\n",
        bugs.len(),
        first + seeds - 1,
        budget.0,
        budget.1,
        if instrumented { "built for coverage (cargo drt)" } else { "not built for coverage (no coverage column)" },
    );
    println!("Per harness and search: seeds that found the bug, median sequences and time to it (over those), other reports.\n");
    let mut head = "| bug |".to_string();
    for h in &harnesses {
        for s in &searches {
            head += &format!(" {h}, {} |", s.name());
        }
    }
    println!("{head}\n|---|{}", "---|".repeat(harnesses.len() * searches.len()));
    let mut totals = vec![(0u64, 0u64); harnesses.len() * searches.len()];
    for bug in &bugs {
        let mut line = format!("| {} |", bug.name);
        let mut column = 0;
        for &harness in &harnesses {
            for &search in &searches {
                let mut cell = Cell::default();
                for seed in first..first + seeds {
                    let explorer = if harness == "careful" { (bug.careful)() } else { (bug.bare)() };
                    let (report, found) = explore(explorer, search, seed, budget, bug.is_it);
                    let others: Vec<&drt::Failure> =
                        report.failures.iter().enumerate().filter(|(i, _)| Some(*i) != found).map(|(_, f)| f).collect();
                    cell.others += others.len();
                    if let Some(f) = found.map(|i| &report.failures[i]) {
                        cell.sequences.push(f.sequences_before as f64);
                        cell.seconds.push(f.found_after.as_secs_f64());
                    }
                    if verbose {
                        let at = found.map_or("missed".to_string(), |i| {
                            let f = &report.failures[i];
                            format!("{} seq, {:.1} ms", f.sequences_before, f.found_after.as_secs_f64() * 1e3)
                        });
                        println!(
                            "  {}, {harness}, {}, seed {seed}: {at} ({} sequences run)",
                            bug.name,
                            search.name(),
                            report.stats.sequences
                        );
                        for f in others {
                            println!("    other: {}: {}", f.operation, f.message.lines().next().unwrap_or(""));
                        }
                    }
                }
                totals[column].0 += cell.sequences.len() as u64;
                totals[column].1 += seeds;
                column += 1;
                line += &format!(" {} |", cell.show(seeds));
            }
        }
        println!("{line}");
    }
    let mut line = "| **found** |".to_string();
    for (found, of) in totals {
        line += &format!(" **{found}/{of}** |");
    }
    println!("{line}");
}
