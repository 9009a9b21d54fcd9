//! Jobs (`.jobs(n)`, `DRT_JOBS`): an exploration in several children at
//! once, merged into one report that is the same for the same seed and jobs.

use drt::{FailureKind, Report};
use drt_examples::{arena, bank, money};

/// What must be the same in two runs with the same seed and jobs.
fn outcome(report: &Report) -> Vec<(String, String, usize, u64, u64)> {
    report.failures.iter().map(|f| (f.code.clone(), f.message.clone(), f.len, f.sequences_before, f.hits)).collect()
}

#[test]
fn two_jobs_split_the_budget_and_merge_into_one_deterministic_report() {
    let run = || drt::explore::<money::Money>().seed(7).max_sequences(20_000).jobs(2).report();
    let (a, b) = (run(), run());
    assert_eq!(a.stats.jobs, 2, "{a}");
    assert_eq!(a.stats.sequences, 20_000, "the jobs' parts add up to the budget:\n{a}");
    assert_eq!(outcome(&a), outcome(&b));
    assert_eq!(a.stats.operations, b.stats.operations);
    assert_eq!((a.stats.calls, a.stats.normal, a.stats.failing), (b.stats.calls, b.stats.normal, b.stats.failing));
    // Both jobs find the negation overflow and the empty parse; the report
    // has each once, with the hits of both.
    let one_job = drt::explore::<money::Money>().seed(7).max_sequences(20_000).report();
    let ops = |r: &Report| {
        let mut ops: Vec<String> = r.failures.iter().map(|f| f.operation.clone()).collect();
        ops.sort();
        ops
    };
    assert_eq!(ops(&a), ops(&one_job), "{a}\n{one_job}");
    assert!(a.failures.iter().any(|f| f.hits > 1), "{a}");
    let attempted: u64 = a.stats.operations.iter().map(|o| o.attempted).sum();
    assert!(attempted > 0 && a.stats.uncallable.is_empty(), "{a}");
    let text = a.to_string();
    assert!(
        text.contains("in 2 jobs of child processes") && text.contains("DRT_SEED=7 DRT_MAX_SEQUENCES=20000 DRT_JOBS=2"),
        "{text}"
    );
}

#[test]
fn one_job_explores_exactly_as_no_jobs() {
    let plain = drt::explore::<bank::Account>().seed(7).max_sequences(5_000).report();
    let one = drt::explore::<bank::Account>().seed(7).max_sequences(5_000).jobs(1).report();
    assert_eq!(outcome(&plain), outcome(&one));
    assert_eq!(plain.stats.operations, one.stats.operations);
    assert_eq!(one.stats.jobs, 1);
}

#[test]
fn a_crash_in_each_job_is_one_failure() {
    let report = drt::explore::<arena::Arena>().seed(1).max_sequences(3_000).jobs(2).report();
    assert_eq!(report.failures.len(), 1, "{report}");
    let f = &report.failures[0];
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Crash, "Arena::free"), "{report}");
    assert!(f.len <= 4, "{}", f.code);
    assert!(report.stats.sequences > 0 && report.stats.sequences <= 3_000, "{report}");
}

/// `DRT_JOBS` that cannot be followed is a note on stderr, and the run goes on.
#[test]
#[ignore = "run by a_bad_drt_jobs_is_a_note_and_one_job"]
fn explore_with_env_jobs() {
    let report = drt::explore::<bank::Account>().max_sequences(300).report();
    println!("jobs explored: {}", report.stats.jobs);
    for note in &report.stats.notes {
        println!("report note: {note}");
    }
}

#[test]
fn a_bad_drt_jobs_is_a_note_and_one_job() {
    for (value, note) in [
        ("0", "DRT_JOBS must be a positive number of jobs or `auto` (one per core), got `0`; explored in 1 job"),
        ("many", "DRT_JOBS must be a positive number of jobs or `auto` (one per core), got `many`; explored in 1 job"),
    ] {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["explore_with_env_jobs", "--exact", "--ignored", "--nocapture"])
            .env("DRT_JOBS", value)
            .env_remove("DRT_CHILD_DIR")
            .output()
            .unwrap();
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "{value}:\n{stdout}\n{stderr}");
        // Said on stderr as the run starts, even though libtest captures the test's output...
        assert_eq!(stderr.matches(note).count(), 1, "{value}:\n{stderr}");
        // ...and kept in the report.
        assert!(stdout.contains(&format!("report note: {note}")), "{value}:\n{stdout}");
        assert!(stdout.contains("jobs explored: 1"), "{value}:\n{stdout}");
    }
}

/// `DRT_JOBS=auto` takes only the cores no other exploration holds: with
/// every core held (here by this test, as running explorations hold them:
/// a lock on a file per core), it explores in fewer jobs, one at least,
/// and says why. Before, every exploration of a parallel test run took all
/// the cores, up to cores² children at once.
#[test]
#[cfg(unix)]
fn auto_jobs_take_only_the_cores_no_other_exploration_holds() {
    use std::os::unix::fs::MetadataExt;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if cores < 2 {
        return; // `auto` is one job here anyway.
    }
    let probe = std::env::temp_dir().join(format!("drt-uid-probe-{}", std::process::id()));
    std::fs::write(&probe, "").unwrap();
    let uid = std::fs::metadata(&probe).unwrap().uid();
    std::fs::remove_file(&probe).unwrap();
    let dir = std::env::temp_dir().join(format!("drt-cores-{uid}"));
    std::fs::create_dir_all(&dir).unwrap();
    let held: Vec<std::fs::File> = (0..cores)
        .filter_map(|core| {
            let file = std::fs::File::options()
                .create(true)
                .truncate(false)
                .write(true)
                .open(dir.join(format!("core-{core}")));
            file.ok().filter(|f| f.try_lock().is_ok())
        })
        .collect();
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["explore_with_env_jobs", "--exact", "--ignored", "--nocapture"])
        .env("DRT_JOBS", "auto")
        .env_remove("DRT_CHILD_DIR")
        .output()
        .unwrap();
    drop(held);
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let jobs: usize = stdout.lines().find_map(|l| l.strip_prefix("jobs explored: ")?.parse().ok()).unwrap();
    assert!((1..cores).contains(&jobs), "{jobs} jobs of {cores} cores:\n{stdout}");
    let note = format!("report note: DRT_JOBS=auto explored in {jobs} job");
    assert!(stdout.contains(&note) && stdout.contains(&format!("of the {cores} cores")), "{stdout}");
}
