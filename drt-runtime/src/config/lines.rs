//! Settings as `key value` lines: how a supervisor hands its resolved
//! settings to a child in the job file, unchanged. Each setting a child
//! uses is one row of [`FIELDS`], written and read there; `jobs`,
//! `json_report` and `notes` stay with the parent.

use std::path::PathBuf;
use std::time::Duration;

use super::{parse_update, Budget, Isolation, MinimizeLimits, SavedFailures, Settings};

/// A setting's key, how it is written, and how it is read back (`None`:
/// the value does not parse).
type Field = (&'static str, fn(&Settings) -> String, fn(&mut Settings, &str) -> Option<()>);

/// Every setting a child explores with. The regression tests' path is
/// last: it may hold spaces (a line's value is the rest of the line).
const FIELDS: &[Field] = &[
    ("seed", |s| s.budget.seed.to_string(), |s, v| set(&mut s.budget.seed, v.parse().ok())),
    ("max_sequences", |s| opt(s.budget.max_sequences), |s, v| set(&mut s.budget.max_sequences, read_opt(v))),
    ("time_ns", |s| opt(s.budget.time_limit.map(nanos)), |s, v| set(&mut s.budget.time_limit, read_time(v))),
    ("max_len", |s| s.budget.max_len.to_string(), |s, v| set(&mut s.budget.max_len, v.parse().ok())),
    ("minimize_steps", |s| s.minimize.steps.to_string(), |s, v| set(&mut s.minimize.steps, v.parse().ok())),
    ("minimize_ns", |s| nanos(s.minimize.time).to_string(), |s, v| set(&mut s.minimize.time, read_nanos(v))),
    ("replay_saved", |s| s.saved_failures.replay.to_string(), |s, v| set(&mut s.saved_failures.replay, v.parse().ok())),
    ("save", |s| s.saved_failures.save.to_string(), |s, v| set(&mut s.saved_failures.save, v.parse().ok())),
    ("isolation", |s| isolation(s.isolation).to_string(), |s, v| set(&mut s.isolation, read_isolation(v))),
    ("call_timeout_ns", |s| nanos(s.call_timeout).to_string(), |s, v| set(&mut s.call_timeout, read_nanos(v))),
    ("strict", |s| s.strict.to_string(), |s, v| set(&mut s.strict, v.parse().ok())),
    ("memory_limit", |s| opt(s.memory_limit), |s, v| set(&mut s.memory_limit, read_opt(v))),
    ("max_pool", |s| s.max_pool.to_string(), |s, v| set(&mut s.max_pool, v.parse().ok())),
    ("progress_ns", |s| opt(s.progress.map(nanos)), |s, v| set(&mut s.progress, read_time(v))),
    ("coverage", |s| s.coverage.to_string(), |s, v| set(&mut s.coverage, v.parse().ok())),
    ("laws", |s| s.laws.to_string(), |s, v| set(&mut s.laws, v.parse().ok())),
    ("memcheck", |s| s.memcheck.to_string(), |s, v| set(&mut s.memcheck, v.parse().ok())),
    ("random_walk", |s| s.random_walk.to_string(), |s, v| set(&mut s.random_walk, v.parse().ok())),
    ("regression_tests", regression_tests, |s, v| set(&mut s.regression_tests, read_regression_tests(v))),
];

impl Settings {
    /// The settings as lines, one per setting a child uses; a regression
    /// test file is written only when there is one.
    pub(crate) fn to_lines(&self) -> String {
        let mut out = String::new();
        for (key, write, _) in FIELDS {
            let value = write(self);
            if !value.is_empty() {
                out.push_str(&format!("{key} {value}\n"));
            }
        }
        out
    }

    /// What a child starts from before it reads the lines: no budget,
    /// saved failures and progress lines off, no bounds, one job, coverage
    /// used where the code was built for it (as by default).
    pub(crate) fn unread() -> Settings {
        Settings {
            budget: Budget { seed: 0, time_limit: None, max_sequences: None, max_len: 0 },
            minimize: MinimizeLimits { steps: 0, time: Duration::ZERO },
            saved_failures: SavedFailures::both(false),
            isolation: Isolation::Process,
            call_timeout: Duration::ZERO,
            regression_tests: None,
            strict: false,
            memory_limit: None,
            max_pool: u64::MAX,
            progress: None,
            jobs: 1,
            jobs_auto: false,
            json_report: None,
            coverage: true,
            laws: true,
            memcheck: false,
            random_walk: false,
            notes: Vec::new(),
        }
    }

    /// Reads one line [`Settings::to_lines`] wrote, `key` and `value`:
    /// `None` when the key is no setting's or the value does not parse.
    pub(crate) fn read_line(&mut self, key: &str, value: &str) -> Option<()> {
        let (_, _, read) = FIELDS.iter().find(|(k, _, _)| *k == key)?;
        read(self, value)
    }
}

/// Sets `field` to `value`, when it parsed.
fn set<T>(field: &mut T, value: Option<T>) -> Option<()> {
    *field = value?;
    Some(())
}

/// `-` for none.
fn opt(v: Option<u64>) -> String {
    v.map_or("-".to_string(), |v| v.to_string())
}

fn read_opt(v: &str) -> Option<Option<u64>> {
    match v {
        "-" => Some(None),
        v => v.parse().ok().map(Some),
    }
}

fn nanos(d: Duration) -> u64 {
    d.as_nanos().min(u128::from(u64::MAX)) as u64
}

fn read_nanos(v: &str) -> Option<Duration> {
    v.parse().ok().map(Duration::from_nanos)
}

fn read_time(v: &str) -> Option<Option<Duration>> {
    read_opt(v).map(|t| t.map(Duration::from_nanos))
}

fn isolation(i: Isolation) -> &'static str {
    match i {
        Isolation::Process => "process",
        Isolation::InProcess => "in-process",
    }
}

fn read_isolation(v: &str) -> Option<Isolation> {
    [Isolation::Process, Isolation::InProcess].into_iter().find(|&i| isolation(i) == v)
}

/// `update path`, or nothing when no regression tests are asked for.
fn regression_tests(s: &Settings) -> String {
    s.regression_tests.as_ref().map_or(String::new(), |(p, update)| format!("{} {}", update.name(), p.display()))
}

fn read_regression_tests(v: &str) -> Option<Option<(PathBuf, super::Update)>> {
    let (update, path) = v.split_once(' ')?;
    Some(Some((PathBuf::from(path), parse_update(update)?)))
}
