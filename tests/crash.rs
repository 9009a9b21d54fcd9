//! Crash and hang isolation: a stack overflow, an abort or an infinite loop in
//! the code under test is a reported failure, and the test run goes on.

#[path = "support/layout.rs"]
mod layout;
use std::time::Duration;

use drt::{FailureKind, Isolation};
use drt_examples::{arena, clearing, index, units};

fn only_failure(report: &drt::Report) -> &drt::Failure {
    assert_eq!(report.failures.len(), 1, "expected exactly one failure:\n{report}");
    &report.failures[0]
}

/// The crashes of a report, which must be all its failures.
fn crashes(report: &drt::Report) -> &[drt::Failure] {
    assert!(!report.failures.is_empty(), "no failure:\n{report}");
    assert!(report.failures.iter().all(|f| f.kind == FailureKind::Crash), "{report}");
    &report.failures
}

#[test]
fn a_stack_overflow_is_a_crash_with_a_minimized_test() {
    let report = drt::explore::<units::Length>().seed(1).max_sequences(3_000).report();
    assert_eq!(report.stats.isolation, Isolation::Process);
    // `metres` overflows the stack, and so does `to`, which calls it; each is
    // left out of the exploration once it crashed, and `new` is explored on.
    for f in crashes(&report) {
        assert!(f.message.contains("stack overflow"), "{}", f.message);
        assert!(f.len <= 2, "not minimized:\n{}", f.code);
        assert!(layout::holds(&f.code, "fn length_") && layout::holds(&f.code, "_crashes()"), "{}", f.code);
    }
    assert!(report.stats.sequences > 0, "{report}");
}

#[test]
fn an_abort_is_a_crash() {
    let report = drt::explore::<arena::Arena>().seed(1).max_sequences(3_000).report();
    let f = &crashes(&report)[0];
    assert_eq!((report.failures.len(), f.operation.as_str()), (1, "Arena::free"), "{report}");
    assert!(f.message.contains("SIGABRT") && f.message.contains("arena: double free of handle"), "{}", f.message);
    assert!(layout::holds(&f.code, ".free(") && f.len <= 4, "{}", f.code);
}

#[test]
fn an_infinite_loop_is_a_timeout() {
    let report =
        drt::explore::<index::SortedIndex>().seed(1).max_sequences(3_000).call_timeout(Duration::from_secs(1)).report();
    let f = only_failure(&report);
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Timeout, "SortedIndex::position"), "{report}");
    assert!(
        layout::holds(&f.code, ".position(") && layout::holds(&f.code, "fn sorted_index_position_hangs()"),
        "{}",
        f.code
    );
    assert_eq!(f.message, "a call ran longer than the call timeout (1s)");
}

/// A backoff whose `settle` waits until its rate has added up to a budget:
/// with a rate of zero, which nothing here changes, it never returns (a
/// busy loop, as a retry loop that never gives up is).
#[derive(Default)]
pub struct Backoff {
    rate: u32,
}

#[drt::operations]
impl Backoff {
    pub fn new() -> Backoff {
        Backoff { rate: 0 }
    }
    pub fn settle(&self) -> u64 {
        let mut waited = 0u64;
        while waited < 100 {
            waited = std::hint::black_box(waited.wrapping_add(u64::from(self.rate)));
        }
        waited
    }
}

/// An endless loop met in a run bounded by time whose calls may take
/// longer than the run is still a hang: the call that uses the processor
/// past the time limit runs on to the call timeout. (Before, it was stopped
/// half a second after the time limit with a note, and a user's default
/// 2-s run, whose calls may take 5 s, could never report an endless loop.)
#[test]
fn an_infinite_loop_past_the_time_limit_is_a_timeout() {
    let explorer = drt::explore::<Backoff>().seed(1).call_timeout(Duration::from_secs(2));
    let report = explorer.time_limit(Duration::from_millis(700)).report();
    let f = only_failure(&report);
    assert_eq!((f.kind, f.operation.as_str()), (FailureKind::Timeout, "Backoff::settle"), "{report}");
    assert!(layout::holds(&f.code, ".settle()"), "{}", f.code);
    assert!(report.stats.notes.is_empty(), "{report}");
}

#[test]
fn panics_found_in_a_child_are_reported_like_in_process() {
    let child = drt::explore::<drt_examples::bank::Account>().seed(7).max_sequences(5_000).report();
    let local = drt::explore::<drt_examples::bank::Account>()
        .seed(7)
        .max_sequences(5_000)
        .isolation(Isolation::InProcess)
        .report();
    assert_eq!(local.stats.isolation, Isolation::InProcess);
    let key = |r: &drt::Report| r.failures.iter().map(|f| (f.code.clone(), f.sequences_before)).collect::<Vec<_>>();
    assert_eq!(key(&child), key(&local));
    assert_eq!(child.stats.sequences, local.stats.sequences);
    assert_eq!(child.stats.operations, local.stats.operations);
}

#[test]
fn a_thread_of_the_users_own_explores_in_process() {
    let report = std::thread::spawn(|| drt::explore::<drt_examples::bank::Account>().max_sequences(200).report())
        .join()
        .unwrap();
    assert_eq!(report.stats.isolation, Isolation::InProcess);
}

/// Explored in a child process only when asked for: `cargo test -- --ignored`.
#[test]
#[ignore = "run by an_ignored_exploration_runs_through_ignored_and_include_ignored"]
fn an_ignored_exploration() {
    drt::explore::<drt_examples::bugfree::SortedSet>().max_sequences(300).isolation(Isolation::Process).run();
}

/// The child re-runs exactly the parent's test, `#[ignore]`d or not: it
/// used to run without `--ignored`, skip the test, exit 0, and be reported
/// as a flaky crash.
#[test]
fn an_ignored_exploration_runs_through_ignored_and_include_ignored() {
    for flag in ["--ignored", "--include-ignored"] {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["an_ignored_exploration", "--exact", flag, "--nocapture"])
            .env_remove("DRT_CHILD_DIR")
            .output()
            .unwrap();
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "{flag}:\n{stdout}\n{stderr}");
        assert!(stdout.contains("1 passed"), "{flag}:\n{stdout}");
        assert!(stdout.contains("drt: SortedSet: 300 sequences"), "{flag}:\n{stdout}");
    }
}

#[test]
fn two_crashes_of_one_operation_are_two_failures() {
    let report = drt::explore::<clearing::Clearing>().seed(1).max_sequences(3_000).report();
    let crashes = crashes(&report);
    assert!(crashes.iter().all(|f| f.operation == "Clearing::transfer"), "{report}");
    let unsettled = crashes.iter().find(|f| f.message.contains("balance overflow"));
    let corrupt = crashes.iter().find(|f| f.message.contains("clearing: books corrupt"));
    let (Some(unsettled), Some(_)) = (unsettled, corrupt) else { panic!("not both crashes:\n{report}") };
    // The panic that aborted the process is the failure's place.
    assert!(unsettled.location.as_deref().is_some_and(|at| at.contains("clearing.rs")), "{report}");
    assert_eq!(crashes.len(), 2, "{report}");
}
