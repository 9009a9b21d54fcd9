//! Jobs: one exploration in several supervised children at once
//! (`.jobs(n)`, `DRT_JOBS`), merged into one report.
//!
//! Random testing parallelizes without coordination: independent runs with
//! different seeds find different failures, and their union is what one
//! longer run would have found (the thesis's experiments run Randoop with
//! many seeds for the same reason, §8.1). So each job is the exploration of
//! one supervisor ([`supervise`]), with its own seed and its part of the
//! budget, and nothing passes between jobs while they run but what the
//! progress line counts.
//!
//! 1. The job's budget is split: job `i` explores with a seed derived from
//!    the run's (job 0 with the run's own, so one job explores exactly as
//!    before) and its share of `max_sequences`; a time limit is each job's.
//!    Only job 0 replays the saved failures and writes regression tests;
//!    every job saves the failures it finds (the file is locked while it
//!    is written).
//! 2. At most one job per core runs at once; the others wait for a free
//!    core. With a sequence budget that keeps the report the same for the
//!    same seed and jobs on any machine.
//! 3. The jobs' failures are merged as one child's are (same grouping,
//!    shortest reproduction kept), in the order their jobs found them, and
//!    their stats added up. A job that could not start a child takes
//!    nothing of the others' results with it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::job::Job;
use super::supervisor::{add, group, supervise, Stop, Supervisor, Tally};
use super::wire;
use crate::progress::Progress;
use crate::report::{warn_once, Failure, Stats};
use crate::saved_failures::SavedFailuresFile;
use crate::world::World;

/// How often the progress line's clock is read while jobs run.
const POLL: Duration = Duration::from_millis(20);

/// What one job gave.
type Explored = Result<(Vec<wire::Grouped>, Stats), Stop>;

/// Explores `job` in `job.settings.jobs` jobs of child processes re-running
/// `test`, and merges their reports.
pub(crate) fn explore_in_jobs<'r>(
    test: &str,
    world: &(dyn Fn() -> World<'r> + Sync),
    job: &Job,
    store: Option<&SavedFailuresFile>,
) -> Result<(Vec<Failure>, Stats), Stop> {
    let start = Instant::now();
    let lanes = lanes(job);
    let at_once = lanes.len().min(crate::config::cores());
    let tally = Tally::new(lanes.len());
    let warnings = Arc::new(Mutex::new(Vec::new()));
    let next = AtomicUsize::new(0);
    let mut results: Vec<(usize, Explored)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..at_once)
            .map(|_| {
                scope.spawn(|| {
                    let world = world();
                    let mut explored = Vec::new();
                    loop {
                        let lane = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = lanes.get(lane) else { return explored };
                        let sup = Supervisor::new(test.to_string(), warnings.clone());
                        explored.push((lane, supervise(&sup, &world, job.clone(), store, (&tally, lane))));
                    }
                })
            })
            .collect();
        let mut progress =
            job.settings.progress.map(|every| Progress::new(job.settings.budget.seed, every).in_jobs(lanes.len()));
        while !workers.iter().all(|w| w.is_finished()) {
            std::thread::sleep(POLL);
            if let Some(progress) = &mut progress {
                let (sequences, failures) = tally.so_far();
                progress.tick(start.elapsed(), sequences, failures);
            }
        }
        workers.into_iter().flat_map(|w| w.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
    });
    results.sort_by_key(|(lane, _)| *lane);
    let mut merged = merge(results.into_iter().map(|(_, explored)| explored).collect(), &warnings)?;
    merged.1.seed = job.settings.budget.seed;
    merged.1.elapsed = start.elapsed();
    Ok(merged)
}

/// The jobs `job` is split into (see the module docs).
fn lanes(job: &Job) -> Vec<Job> {
    let budget = job.settings.budget;
    let n = match budget.max_sequences {
        // Replaying the saved failures only is one job's work.
        Some(0) => 1,
        Some(m) => m.min(job.settings.jobs as u64) as usize,
        None => job.settings.jobs,
    }
    .max(1);
    (0..n)
        .map(|i| {
            let mut lane = job.clone();
            let s = &mut lane.settings;
            s.jobs = 1;
            s.notes.clear();
            s.budget.seed = lane_seed(budget.seed, i);
            s.budget.max_sequences = budget.max_sequences.map(|m| share(m, n, i));
            if i > 0 {
                s.saved_failures.replay = false;
                s.regression_tests = None;
            }
            lane
        })
        .collect()
}

/// Job `i`'s part of `total` sequences split among `n`: as even as can be,
/// the first jobs one more.
fn share(total: u64, n: usize, i: usize) -> u64 {
    let n = n as u64;
    total / n + u64::from((i as u64) < total % n)
}

/// Job `i`'s seed: the run's for job 0, else the run's mixed with `i`
/// (splitmix64's finalizer), so that no two jobs explore alike.
fn lane_seed(seed: u64, i: usize) -> u64 {
    if i == 0 {
        return seed;
    }
    let mut z = seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One report of the jobs', given in job order: drt's own error if a job
/// met one; else what the jobs that ran found, with a warning for each
/// that could not start a child, and the warnings all the jobs' supervisors
/// printed. When no job could start a child, the first such error (the
/// caller then explores in-process).
fn merge(results: Vec<Explored>, warnings: &Mutex<Vec<String>>) -> Result<(Vec<Failure>, Stats), Stop> {
    let jobs = results.len();
    let mut found: Vec<wire::Grouped> = Vec::new();
    let mut stats: Option<Stats> = None;
    let mut cannot_start = Vec::new();
    for result in results {
        match result {
            Err(Stop::Internal(said)) => return Err(Stop::Internal(said)),
            // Every job's child would say so.
            Err(Stop::ReferenceUnknown) => return Err(Stop::ReferenceUnknown),
            Err(Stop::Io(e)) => cannot_start.push(e),
            Ok((failures, lane)) => {
                found.extend(failures);
                stats = Some(match stats {
                    None => lane,
                    Some(total) => add(total, lane),
                });
            }
        }
    }
    let Some(mut stats) = stats else {
        return Err(Stop::Io(cannot_start.into_iter().next().expect("a job that neither ran nor failed")));
    };
    for e in cannot_start {
        let mut warnings = warnings.lock().unwrap_or_else(|e| e.into_inner());
        warn_once(&mut warnings, format!("a job could not start its child process ({e}); its part was not explored"));
    }
    stats.jobs = jobs;
    stats.warnings = warnings.lock().unwrap_or_else(|e| e.into_inner()).clone();
    // In the order found, each job counting its own sequences; a stable
    // sort keeps job order among equals.
    found.sort_by_key(|(_, f)| f.sequences_before);
    Ok((group(found).into_iter().map(|(group, f)| Failure { group, ..f }).collect(), stats))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::settings;
    use crate::report::OperationStats;

    fn job(jobs: usize, max_sequences: Option<u64>) -> Job {
        let mut settings = settings(7, 0);
        settings.budget.max_sequences = max_sequences;
        settings.saved_failures = crate::config::SavedFailures::both(true);
        settings.regression_tests = Some(("tests/regressions.rs".into(), crate::config::Update::Auto));
        settings.jobs = jobs;
        Job {
            subjects: vec!["a::B".into()],
            replay: false,
            settings,
            trace_after: None,
            avoid: Vec::new(),
            damped: Vec::new(),
            throttles: Vec::new(),
            decisions: None,
            reference: None,
        }
    }

    #[test]
    fn a_sequence_budget_is_split_and_only_the_first_job_replays() {
        let lanes = lanes(&job(3, Some(10)));
        let budgets: Vec<_> = lanes.iter().map(|l| l.settings.budget.max_sequences).collect();
        assert_eq!(budgets, [Some(4), Some(3), Some(3)]);
        let seeds: Vec<u64> = lanes.iter().map(|l| l.settings.budget.seed).collect();
        assert_eq!(seeds[0], 7, "one job explores as an exploration without jobs does");
        assert!(seeds[1] != seeds[0] && seeds[2] != seeds[1] && seeds[2] != seeds[0], "{seeds:?}");
        assert!(lanes[0].settings.saved_failures.replay && lanes[0].settings.regression_tests.is_some());
        for lane in &lanes[1..] {
            assert!(!lane.settings.saved_failures.replay && lane.settings.saved_failures.save);
            assert_eq!(lane.settings.regression_tests, None);
        }
        assert!(lanes.iter().all(|l| l.settings.jobs == 1));
    }

    #[test]
    fn no_job_gets_an_empty_budget() {
        assert_eq!(lanes(&job(4, Some(2))).len(), 2, "a job with 0 sequences would only replay");
        assert_eq!(lanes(&job(4, Some(0))).len(), 1);
        let timed = lanes(&job(4, None));
        assert_eq!(timed.len(), 4);
        assert!(timed.iter().all(|l| l.settings.budget.max_sequences.is_none()));
    }

    fn failure(operation: &str, len: usize, sequences_before: u64) -> Failure {
        Failure {
            kind: crate::FailureKind::Panic,
            operation: operation.into(),
            message: String::new(),
            location: None,
            code: format!("{operation} {len}"),
            len,
            found_after: Duration::ZERO,
            sequences_before,
            hits: 1,
            unminimized_len: len,
            minimize_limit: None,
            group: String::new(),
        }
    }

    fn stats(sequences: u64, ops: &[(&str, u64)], uncallable: &[&str]) -> Stats {
        Stats {
            sequences,
            operations: ops
                .iter()
                .map(|(name, succeeded)| OperationStats {
                    name: name.to_string(),
                    attempted: 10,
                    succeeded: *succeeded,
                    ..OperationStats::default()
                })
                .collect(),
            uncallable: uncallable.iter().map(|op| (op.to_string(), "no value".to_string())).collect(),
            ..Stats::default()
        }
    }

    #[test]
    fn jobs_merge_into_one_report() {
        let edges = |reached, unentered: &[&str]| {
            let unentered = unentered.iter().map(|f| f.to_string()).collect();
            Some(crate::report::Coverage { reached, total: 90, functions: 6, unentered })
        };
        let first = (
            vec![("x".to_string(), failure("A::f", 5, 90)), ("y".to_string(), failure("A::g", 2, 10))],
            Stats { coverage: edges(40, &["a::f", "a::g"]), ..stats(100, &[("A::f", 3), ("A::h", 0)], &["A::h"]) },
        );
        let second = (
            vec![("x".to_string(), failure("A::f", 3, 40)), ("z".to_string(), failure("A::k", 1, 400))],
            Stats {
                coverage: edges(31, &["a::g", "a::h"]),
                ..stats(500, &[("A::f", 1), ("A::h", 2), ("A::k", 0)], &["A::k"])
            },
        );
        let warnings = Mutex::new(Vec::new());
        let (failures, stats) = merge(vec![Ok(first), Ok(second)], &warnings).unwrap();
        let found: Vec<(&str, usize, u64, u64)> =
            failures.iter().map(|f| (f.operation.as_str(), f.len, f.sequences_before, f.hits)).collect();
        // In the order found; one per group, the shortest reproduction with
        // the earliest find and the hits of both.
        assert_eq!(found, [("A::g", 2, 10, 1), ("A::f", 3, 40, 2), ("A::k", 1, 400, 1)]);
        assert_eq!((stats.sequences, stats.jobs), (600, 2));
        let ops: Vec<(&str, u64, u64)> =
            stats.operations.iter().map(|o| (o.name.as_str(), o.attempted, o.succeeded)).collect();
        assert_eq!(ops, [("A::f", 20, 4), ("A::h", 20, 2), ("A::k", 10, 0)]);
        let uncallable: Vec<&str> = stats.uncallable.iter().map(|(op, _)| op.as_str()).collect();
        assert_eq!(uncallable, ["A::k"], "A::h ran in the second job");
        assert_eq!(stats.coverage, edges(40, &["a::g"]), "the most one job reached, what no job entered");
    }

    #[test]
    fn a_job_that_cannot_start_takes_nothing_of_the_others() {
        let ran = (vec![("x".to_string(), failure("A::f", 2, 5))], stats(100, &[("A::f", 1)], &[]));
        let warnings = Mutex::new(Vec::new());
        let io = || Err(Stop::Io(std::io::Error::other("no processes left")));
        let (failures, stats) = merge(vec![io(), Ok(ran)], &warnings).unwrap();
        assert_eq!((failures.len(), stats.sequences), (1, 100));
        assert_eq!(
            stats.warnings,
            ["a job could not start its child process (no processes left); its part was not explored"]
        );
        assert!(matches!(merge(vec![io(), io()], &Mutex::new(Vec::new())), Err(Stop::Io(_))));
        let internal = Err(Stop::Internal("drt: internal error".into()));
        assert!(matches!(merge(vec![internal, io()], &Mutex::new(Vec::new())), Err(Stop::Internal(_))));
    }
}
