//! Time to each real bug of the benchmark (`bugs/README.md`): every bug,
//! through its careful harness and its bare one, by the undirected random
//! walk (the thesis's baseline), by drt, and by drt with coverage feedback
//! when the bench was built for it (`cargo drt bench`), over seeds.
//!
//! Run from `bugs/`: `cargo bench -p drt-bugs-bench`. Settings:
//! - `DRT_BENCH_SEEDS`: how many seeds (default 10), from `DRT_BENCH_FIRST_SEED` (default 1);
//! - `DRT_BENCH_SEQUENCES`: each exploration's `max_sequences` (default 20000; 0 for none: then time
//!   alone bounds it, as by default, and costs are weighed);
//! - `DRT_BENCH_SECONDS`: each exploration's time limit besides (default 5): a
//!   bug found after it counts as missed (the search stays repeatable until then:
//!   costs are weighed only when time alone bounds a run);
//! - `DRT_BENCH_ONLY`: a comma-separated list of words, one of which a bug's name must contain;
//! - `DRT_BENCH_SEARCHES`: some of `walk,drt,coverage`; `DRT_BENCH_HARNESSES`: some of `careful,bare`;
//! - `DRT_BENCH_VERBOSE=1`: each seed's result, and any report that is not the bug; `2`, with
//!   `DRT_BENCH_ONE=index,harness,search,seed` (one exploration, in this process): its time per
//!   operation and its summary, on stderr.
//!
//! Explorations run one at a time, each in a process of its own (the bench
//! runs itself with `DRT_BENCH_ONE`), which explores in a child process as
//! users' tests do: a bare harness's `reserve(usize::MAX)` aborts on
//! allocation failure, a buggy `Drop` panics while unwinding. Every number
//! printed is measured by this run.

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

/// What one exploration of a bug found: sequences and seconds to the bug,
/// sequences run, and the reports that are not the bug (operation and
/// message).
struct Outcome {
    found: Option<(u64, f64)>,
    sequences: u64,
    others: Vec<String>,
}

/// Explores bug `index`'s `harness` with `search` on `seed`, in this process,
/// and prints what it found for [`explore`] to read.
fn explore_here(index: usize, harness: &str, search: Search, seed: u64, budget: (u64, Duration)) {
    let bug = &drt_bugs_bench::bugs()[index];
    std::env::set_var("DRT_COVERAGE", if search == Search::Coverage { "on" } else { "off" });
    let explorer = if harness == "careful" { (bug.careful)() } else { (bug.bare)() };
    let explorer = explorer.seed(seed).time_limit(budget.1).persist(false);
    // No count: time alone bounds the run, as by default (costs weighed).
    let explorer = if budget.0 == 0 { explorer } else { explorer.max_sequences(budget.0) };
    let report = match search {
        Search::Walk => explorer.random_walk().report(),
        Search::Drt | Search::Coverage => explorer.report(),
    };
    let found =
        report.failures.iter().enumerate().filter(|(_, f)| (bug.is_it)(f)).min_by_key(|(_, f)| f.sequences_before);
    println!("BENCH sequences {}", report.stats.sequences);
    if std::env::var("DRT_BENCH_VERBOSE").as_deref() == Ok("2") {
        for o in &report.stats.operations {
            eprintln!("    {}: {} sequences, {:?}", o.name, o.attempted, o.time);
        }
        eprintln!("{}", report.summary(bug.name));
    }
    if let Some((_, f)) = found {
        println!("BENCH found {} {}", f.sequences_before, f.found_after.as_secs_f64());
    }
    for f in report.failures.iter().filter(|f| !(bug.is_it)(f)) {
        println!("BENCH other {}: {}", f.operation, f.message.lines().next().unwrap_or(""));
    }
}

/// Explores bug `index`'s `harness` with `search` on `seed` in a process of
/// its own: each is then its test binary's first exploration (a child
/// process explores an `.against` only then), and an abort (a bare
/// harness's huge allocation explored in-process) loses that one alone.
fn explore(index: usize, harness: &str, search: Search, seed: u64) -> Outcome {
    let out = std::process::Command::new(std::env::current_exe().expect("the bench's path"))
        .env("DRT_BENCH_ONE", format!("{index},{harness},{},{seed}", search.name()))
        .stderr(std::process::Stdio::null())
        .output()
        .expect("the bench runs itself");
    let text = String::from_utf8_lossy(&out.stdout);
    let mut outcome = Outcome { found: None, sequences: 0, others: Vec::new() };
    for line in text.lines().filter_map(|l| l.strip_prefix("BENCH ")) {
        if let Some(n) = line.strip_prefix("sequences ") {
            outcome.sequences = n.parse().unwrap_or(0);
        } else if let Some(at) = line.strip_prefix("found ") {
            let (n, t) = at.split_once(' ').expect("sequences and seconds");
            outcome.found = Some((n.parse().expect("sequences"), t.parse().expect("seconds")));
        } else if let Some(other) = line.strip_prefix("other ") {
            outcome.others.push(other.to_string());
        }
    }
    if !out.status.success() {
        outcome.others.push(format!("the exploration's process ended with {}", out.status));
    }
    outcome
}

fn search_named(name: &str) -> Search {
    [Search::Walk, Search::Drt, Search::Coverage].into_iter().find(|s| s.name() == name).expect("a search")
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
    if let Ok(one) = std::env::var("DRT_BENCH_ONE") {
        let parts: Vec<&str> = one.split(',').collect();
        let index = parts[0].parse().expect("a bug's index");
        explore_here(index, parts[1], search_named(parts[2]), parts[3].parse().expect("a seed"), budget);
        return;
    }
    let only = std::env::var("DRT_BENCH_ONLY").ok();
    let bugs: Vec<(usize, Bug)> = drt_bugs_bench::bugs()
        .into_iter()
        .enumerate()
        .filter(|(_, b)| only.as_deref().is_none_or(|o| o.split(',').any(|w| b.name.contains(w.trim()))))
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
        "drt real-bug bench: {} bugs, seeds {first}..={}, {} each, in child processes, {}\n",
        bugs.len(),
        first + seeds - 1,
        match budget.0 {
            0 => format!("{:?} (costs weighed)", budget.1),
            n => format!("at most {n} sequences and {:?}", budget.1),
        },
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
    for (index, bug) in &bugs {
        let mut line = format!("| {} |", bug.name);
        let mut column = 0;
        for &harness in &harnesses {
            for &search in &searches {
                let mut cell = Cell::default();
                for seed in first..first + seeds {
                    let outcome = explore(*index, harness, search, seed);
                    cell.others += outcome.others.len();
                    if let Some((n, t)) = outcome.found {
                        cell.sequences.push(n as f64);
                        cell.seconds.push(t);
                    }
                    if verbose {
                        let at =
                            outcome.found.map_or("missed".to_string(), |(n, t)| format!("{n} seq, {:.1} ms", t * 1e3));
                        println!(
                            "  {}, {harness}, {}, seed {seed}: {at} ({} sequences run)",
                            bug.name,
                            search.name(),
                            outcome.sequences
                        );
                        for o in &outcome.others {
                            println!("    other: {o}");
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
