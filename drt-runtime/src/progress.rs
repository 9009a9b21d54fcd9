//! A line on stderr every few seconds while an exploration runs long, so
//! that a nightly job or a `DRT_TIME_LIMIT=10m` run can be watched:
//!
//! ```text
//! drt: 10s: 3,012,345 sequences (301,234/s), 1 failure so far (seed 24301)
//! ```
//!
//! Short runs print nothing: the first line comes after one interval (5 s
//! unless `DRT_PROGRESS` says otherwise; `off` prints none). The line
//! is written straight to the process's stderr in one piece, not through
//! `eprintln!`, which libtest captures: `cargo test` shows it as the run
//! goes (nextest keeps it with the test's output).
//!
//! The line is one [`Listener`] of an exploration; a child's channel to
//! its supervisor is the other.

use std::io::Write as _;
use std::time::Duration;

use crate::report::{Failure, Stats};

/// Who hears how an exploration goes as it runs: the progress line, or a
/// supervisor's channel. The engine calls it and knows no more of either.
pub(crate) trait Listener {
    /// Sequence `stats.sequences` (counting from 1) is about to run, with
    /// `stats` so far and `failures` groups found; `replaying` when it is a
    /// saved failure (a replay and its minimization may be long); `text`
    /// encodes it, for a trace.
    fn starting(&mut self, stats: &Stats, failures: usize, replaying: bool, text: &dyn Fn() -> String) {
        let _ = (stats, failures, replaying, text);
    }

    /// The exploration read its clock: `elapsed` since it started, with
    /// `stats` so far and `failures` found. The clock is read every few
    /// sequences while sequences are fast, after each while they are slow.
    fn tick(&mut self, elapsed: Duration, stats: &Stats, failures: usize) {
        let _ = (elapsed, stats, failures);
    }

    /// A failure group's entry, `failure`, was made or improved.
    fn failure(&mut self, group: &str, failure: &Failure) {
        let _ = (group, failure);
    }

    /// Whether it keeps a failure found while drt looks for a shorter
    /// reproduction of it ([`Listener::pending`]): making one costs a run.
    fn keeps_pending(&self) -> bool {
        false
    }

    /// `failure` of `group`, as it stands while drt looks for a shorter
    /// reproduction by generating fresh sequences (`None`: the search is
    /// over): a process that one of them kills (a size that aborts it)
    /// still tells the failure.
    fn pending(&mut self, pending: Option<(&str, &Failure)>) {
        let _ = pending;
    }
}

/// When the next progress line is due.
#[derive(Clone, Debug)]
pub(crate) struct Progress {
    next: Duration,
    every: Duration,
    seed: u64,
    /// Children exploring side by side (named in the line when more than one).
    jobs: usize,
}

impl Progress {
    /// Progress of an exploration with this seed: a line `every` so often,
    /// the first after that long.
    pub fn new(seed: u64, every: Duration) -> Progress {
        Progress { next: every, every, seed, jobs: 1 }
    }

    /// The same, for an exploration in `jobs` children.
    pub fn in_jobs(self, jobs: usize) -> Progress {
        Progress { jobs, ..self }
    }

    /// At `elapsed` since the exploration started, with `sequences` run and
    /// `failures` found: the line to print, when one is due.
    pub fn due(&mut self, elapsed: Duration, sequences: u64, failures: usize) -> Option<String> {
        if elapsed < self.next {
            return None;
        }
        self.next = elapsed + self.every;
        Some(line(elapsed, sequences, failures, self.seed, self.jobs))
    }

    /// [`Progress::due`], printed.
    pub fn tick(&mut self, elapsed: Duration, sequences: u64, failures: usize) {
        if let Some(line) = self.due(elapsed, sequences, failures) {
            let _ = std::io::stderr().write_all(line.as_bytes());
        }
    }
}

impl Listener for Progress {
    fn tick(&mut self, elapsed: Duration, stats: &Stats, failures: usize) {
        Progress::tick(self, elapsed, stats.sequences, failures);
    }
}

/// `drt: 10s: 3,012,345 sequences (301,234/s), no failures so far (seed 7)\n`
/// (the time with a tenth of a second under 10 s; `(seed 7, 2 jobs)` in jobs).
fn line(elapsed: Duration, sequences: u64, failures: usize, seed: u64, jobs: usize) -> String {
    let rate = sequences as f64 / elapsed.as_secs_f64().max(1e-9);
    let found = match failures {
        0 => "no failures".to_string(),
        1 => "1 failure".to_string(),
        n => format!("{n} failures"),
    };
    let secs = elapsed.as_secs_f64();
    let time = if secs < 10.0 { format!("{secs:.1}") } else { format!("{secs:.0}") };
    let jobs = if jobs > 1 { format!(", {jobs} jobs") } else { String::new() };
    let done = match sequences {
        // A child that takes long to start (under valgrind, in seconds).
        0 => "starting, no sequence run yet".to_string(),
        1 => "1 sequence".to_string(),
        n => format!("{} sequences ({}/s)", thousands(n), thousands(rate as u64)),
    };
    format!("drt: {time}s: {done}, {found} so far (seed {seed}{jobs})\n")
}

/// Writes `line` straight to stderr, as progress lines are (libtest does
/// not hold it back), unless this process wrote it already: a note on the
/// settings that every exploration of a test binary would repeat.
pub(crate) fn notice_once(line: &str) {
    static SAID: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut said = SAID.lock().unwrap_or_else(|e| e.into_inner());
    if !said.iter().any(|s| s == line) {
        said.push(line.to_string());
        let _ = std::io::stderr().write_all(line.as_bytes());
    }
}

/// `3012345` -> `3,012,345`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_every_few_seconds_after_the_first_few() {
        let mut p = Progress::new(7, Duration::from_secs(5));
        let s = Duration::from_secs;
        assert_eq!(p.due(s(4), 100, 0), None, "short runs print nothing");
        assert_eq!(
            p.due(s(5), 1_500_000, 0).as_deref(),
            Some("drt: 5.0s: 1,500,000 sequences (300,000/s), no failures so far (seed 7)\n")
        );
        assert_eq!(p.due(s(9), 2_000_000, 1), None);
        assert_eq!(
            p.due(s(12), 3_012_345, 1).as_deref(),
            Some("drt: 12s: 3,012,345 sequences (251,028/s), 1 failure so far (seed 7)\n")
        );
        assert!(p.due(s(17), 4_000_000, 2).is_some_and(|l| l.contains("2 failures so far")));
        let mut jobs = Progress::new(7, Duration::from_secs(5)).in_jobs(2);
        assert!(jobs.due(s(5), 10, 0).is_some_and(|l| l.ends_with("so far (seed 7, 2 jobs)\n")));
        let mut slow = Progress::new(7, Duration::from_secs(5));
        assert_eq!(
            slow.due(s(5), 0, 0).as_deref(),
            Some("drt: 5.0s: starting, no sequence run yet, no failures so far (seed 7)\n")
        );
        assert!(slow.due(s(10), 1, 0).is_some_and(|l| l.starts_with("drt: 10s: 1 sequence, no failures")));
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
    }
}
