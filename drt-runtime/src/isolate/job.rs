//! What a supervisor asks of a child, and the files they share.

use std::io::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use super::shared::{SharedRecord, SharedText, Slot};
use super::wire;
use crate::config::Settings;
use crate::progress::Listener;
use crate::report::{Failure, Stats};
use crate::sizes::Throttle;
use crate::world::Watched;

/// The files of a channel's directory.
pub(crate) mod file {
    /// The [`Job`](super::Job), written by the supervisor.
    pub const JOB: &str = "job.txt";
    /// The sequence a replay job runs, written by the supervisor.
    pub const SEQUENCE: &str = "sequence.txt";
    /// Everything the child wrote to stderr.
    pub const STDERR: &str = "stderr.txt";
    /// valgrind's log, with `.memcheck(true)`: the child reads each error there.
    pub const MEMCHECK: &str = "memcheck.txt";
    /// Sequences run so far, rewritten in place.
    pub const HEARTBEAT: &str = "heartbeat.txt";
    /// The call running given a large integer, in memory the child shares
    /// with it (`isolate::shared`).
    pub const RUNNING: &str = "running.bin";
    /// The cost decisions of a run that weighs costs, likewise.
    pub const DECISIONS: &str = "decisions.bin";
    /// The text of the sequence running, with coverage, likewise.
    pub const TEXT: &str = "sequence.bin";
    /// Every sequence about to run, once tracing is on.
    pub const TRACE: &str = "trace.txt";
    /// Each failure as it is found (what is left when the child dies).
    pub const FAILURES: &str = "failures.txt";
    /// The final failures of a child that finished.
    pub const FINAL: &str = "final.txt";
    /// A failure found while the child shortens it, until it is told.
    pub const PENDING: &str = "pending.txt";
    /// The child's stats: written last, the sign that it finished.
    pub const STATS: &str = "stats.txt";
    /// The child's stats so far, rewritten with each timed heartbeat: what
    /// is known of a child stopped at the end of its time ([`super::Channel::snapshot`]).
    pub const SNAPSHOT: &str = "snapshot.txt";
    /// The outcome of a replay job.
    pub const REPLAYED: &str = "replayed.txt";
    /// In a replay, the check of user code running now (`Debug` of a
    /// value...), absent between checks: where a crash in no call happened.
    pub const CHECKING: &str = "checking.txt";
}

/// The environment variable that makes a test process a child.
pub(crate) const CHILD_ENV: &str = "DRT_CHILD_DIR";
/// Sequences between two heartbeats of a child...
pub(crate) const HEARTBEAT_EVERY: u64 = 256;
/// ...and the longest silence between two: a supervisor that hears nothing
/// for the call timeout kills the child as hung.
pub(crate) const HEARTBEAT_INTERVAL: Duration = Duration::from_millis(50);
/// When a time-limited child keeps its first timed snapshot of its stats:
/// soon, for a child that crashes early leaves only what it kept.
pub(crate) const FIRST_SNAPSHOT: Duration = Duration::from_millis(5);
/// Sequences between two snapshots of a child's stats, after the powers of
/// two up to it.
pub(crate) const SNAPSHOT_EVERY: u64 = 4_096;
/// The exit status of a child that found no job it could read.
pub(crate) const NO_JOB_STATUS: i32 = 3;
/// How a child starts the line saying drt itself failed.
pub(crate) const INTERNAL_ERROR: &str = "drt: internal error";
/// The exit status of a child in which drt itself failed (sysexits' EX_SOFTWARE).
pub(crate) const INTERNAL_ERROR_STATUS: i32 = 70;
/// How a child starts the line saying its job cannot go on without the
/// operations that crashed earlier children (they were needed to pair with
/// the reference)...
pub(crate) const CANNOT_GO_ON: &str = "drt: the exploration cannot go on: ";
/// ...and its exit status (sysexits' EX_CONFIG).
pub(crate) const CANNOT_GO_ON_STATUS: i32 = 78;
/// How a child starts the line saying it does not know its job's reference...
pub(crate) const REFERENCE_UNKNOWN: &str = "drt: this process has not met the reference";
/// ...and its exit status (sysexits' EX_UNAVAILABLE).
pub(crate) const REFERENCE_UNKNOWN_STATUS: i32 = 69;

/// What a child is asked to do: explore (or replay one sequence) for these
/// subjects, with these settings. The child runs it at the first
/// `explore(...)` call its test reaches, whatever that call's own settings,
/// and exits, so no other code of the test runs twice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Job {
    /// The types under test, by `type_name`.
    pub subjects: Vec<String>,
    /// Replay `sequence.txt` once instead of exploring.
    pub replay: bool,
    /// The parent's settings, as it resolved them; a supervisor restarting
    /// after a crash changes the seed, what is left of the budget, and
    /// whether saved failures are replayed. (The child has no use for
    /// `isolation` and `call_timeout`, but gets the whole value.)
    pub settings: Settings,
    /// Trace every sequence after this many.
    pub trace_after: Option<u64>,
    /// Operations left out: they crashed earlier children too often.
    pub avoid: Vec<String>,
    /// Operations drawn less often, and how many times each crashed an
    /// earlier child (a second defect of theirs may still show).
    pub damped: Vec<(String, u32)>,
    /// Integer parameters drawn smaller: a large value of theirs crashed
    /// or hung an earlier child ([`crate::sizes`]).
    pub throttles: Vec<Throttle>,
    /// The reference the sequences run on too (`against`), by `type_name`.
    pub reference: Option<String>,
    /// Replay the cost decisions kept in this file (a rerun of a child
    /// that weighed costs, looking for its crash's sequence).
    pub decisions: Option<PathBuf>,
}

impl Job {
    /// The job as the child reads it: the job's own lines, then the
    /// settings' ([`Settings::to_lines`]).
    pub(crate) fn encode(&self) -> String {
        let mut out = String::new();
        for s in &self.subjects {
            out.push_str(&format!("subject {s}\n"));
        }
        out.push_str(&format!("replay {}\n", self.replay));
        if let Some(after) = self.trace_after {
            out.push_str(&format!("trace_after {after}\n"));
        }
        for op in &self.avoid {
            out.push_str(&format!("avoid {op}\n"));
        }
        for (op, times) in &self.damped {
            out.push_str(&format!("damp {times} {op}\n"));
        }
        for t in &self.throttles {
            out.push_str(&format!("throttle {}\n", t.encode()));
        }
        if let Some(r) = &self.reference {
            out.push_str(&format!("reference {r}\n"));
        }
        if let Some(path) = &self.decisions {
            out.push_str(&format!("decisions {}\n", path.display()));
        }
        out.push_str(&self.settings.to_lines());
        out
    }

    /// The job [`Job::encode`] wrote; `None` when a line is not one of its.
    pub(crate) fn decode(text: &str) -> Option<Job> {
        let mut job = Job {
            subjects: Vec::new(),
            replay: false,
            settings: Settings::unread(),
            trace_after: None,
            avoid: Vec::new(),
            damped: Vec::new(),
            throttles: Vec::new(),
            reference: None,
            decisions: None,
        };
        for line in text.lines() {
            let (key, value) = line.split_once(' ')?;
            match key {
                "subject" => job.subjects.push(value.to_string()),
                "replay" => job.replay = value.parse().ok()?,
                "trace_after" => job.trace_after = Some(value.parse().ok()?),
                "avoid" => job.avoid.push(value.to_string()),
                "damp" => {
                    let (times, op) = value.split_once(' ')?;
                    job.damped.push((op.to_string(), times.parse().ok()?));
                }
                "throttle" => job.throttles.push(Throttle::decode(value)?),
                "reference" => job.reference = Some(value.to_string()),
                "decisions" => job.decisions = Some(PathBuf::from(value)),
                _ => job.settings.read_line(key, value)?,
            }
        }
        Some(job)
    }
}

/// The files of one supervised exploration.
#[derive(Clone, Debug)]
pub(crate) struct Channel {
    pub dir: PathBuf,
    /// The heartbeat file, kept open in the child: rewriting it with
    /// `fs::write` cost 150 µs a time, a positioned write 1 µs.
    pub(crate) beat: Option<std::sync::Arc<std::fs::File>>,
    /// The record of a call given a large integer, mapped in the child.
    pub(crate) record: Option<std::sync::Arc<SharedRecord>>,
}

impl Channel {
    pub(crate) fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// A child's channel, when this process is one.
    pub fn from_env() -> Option<Channel> {
        let dir = PathBuf::from(std::env::var_os(CHILD_ENV)?);
        let beat = std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(dir.join(file::HEARTBEAT));
        let record = SharedRecord::create(&dir.join(file::RUNNING)).ok().map(std::sync::Arc::new);
        Some(Channel { dir, beat: beat.ok().map(std::sync::Arc::new), record })
    }

    pub fn job(&self) -> Option<Job> {
        Job::decode(&std::fs::read_to_string(self.file(file::JOB)).ok()?)
    }

    /// Records that `sequences` have run and `failures` were found (the
    /// child's heartbeat): fixed-width numbers rewritten in place.
    pub fn heartbeat(&self, sequences: u64, failures: usize) {
        let text = format!("{sequences:>20} {failures:>10}\n");
        #[cfg(unix)]
        if let Some(file) = &self.beat {
            use std::os::unix::fs::FileExt;
            let _ = file.write_at(text.as_bytes(), 0);
            return;
        }
        let _ = std::fs::write(self.file(file::HEARTBEAT), text);
    }

    /// Records what the world's watch was told in sequence `sequence`: a
    /// call starts or returned, a sequence given a large integer starts or
    /// returned.
    pub fn record(&self, sequence: u64, watched: Watched<'_>) {
        let Some(record) = &self.record else { return };
        match watched {
            Watched::Call(op, large) => {
                // The operation given the large integer, when another's (a
                // builder's), where a sequence's record names what it extends.
                let (given, param, magnitude) = large.unwrap_or((op, 0, 0));
                let given = if given == op { "" } else { given };
                record.running(Slot::Call, sequence, (op, given), param, magnitude);
            }
            Watched::Returned => record.returned(Slot::Call),
            Watched::Sequence(Some((extends, (op, param, magnitude)))) => {
                record.running(Slot::Sequence, sequence, (op, extends), param, magnitude)
            }
            Watched::Sequence(None) => record.returned(Slot::Sequence),
        }
    }

    /// What the child was running when it stopped (see [`super::shared`]).
    pub(crate) fn running(&self) -> Option<super::shared::Running> {
        super::shared::read(&self.file(file::RUNNING))
    }

    /// The text of sequence `sequence`, when the child kept it as it
    /// started (see [`SharedText`]).
    pub(crate) fn running_text(&self, sequence: u64) -> Option<String> {
        super::shared::read_text(&self.file(file::TEXT), sequence)
    }

    /// The sequences the child last said it had run, and the failures it
    /// had found.
    pub(crate) fn last_heartbeat(&self) -> Option<(u64, usize)> {
        let text = std::fs::read_to_string(self.file(file::HEARTBEAT)).ok()?;
        let mut fields = text.split_whitespace();
        Some((fields.next()?.parse().ok()?, fields.next()?.parse().ok()?))
    }

    /// Appends a sequence about to run (tracing mode).
    pub fn trace(&self, text: &str) {
        if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(self.file(file::TRACE)) {
            let _ = write!(f, "{text}");
            let _ = f.flush();
        }
    }

    /// Appends a failure the child found.
    pub fn failure(&self, group: &str, failure: &Failure) {
        if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(self.file(file::FAILURES)) {
            let _ = f.write_all(wire::failure(group, failure).as_bytes());
        }
    }

    /// Keeps `stats`, the child's so far, for its supervisor to read if it
    /// stops the child at the end of its time, in a call that outlasts it.
    /// Written aside, then renamed: a reader never sees half of it.
    pub fn snapshot(&self, stats: &Stats) {
        let aside = self.file("snapshot.new");
        if std::fs::write(&aside, wire::stats(stats)).is_ok() {
            let _ = std::fs::rename(aside, self.file(file::SNAPSHOT));
        }
    }

    /// The stats the child last kept with [`Channel::snapshot`].
    pub(crate) fn last_snapshot(&self) -> Option<Stats> {
        wire::parse_stats(&std::fs::read_to_string(self.file(file::SNAPSHOT)).ok()?)
    }

    /// Keeps a failure found while the child shortens it, or forgets it.
    pub fn pending(&self, pending: Option<(&str, &Failure)>) {
        let _ = match pending {
            Some((group, failure)) => std::fs::write(self.file(file::PENDING), wire::failure(group, failure)),
            None => std::fs::remove_file(self.file(file::PENDING)),
        };
    }

    /// Writes the child's final failures, then its stats: the sign that it finished.
    pub fn done(&self, failures: &[Failure], groups: &[String], stats: &Stats) {
        let text: String = groups.iter().zip(failures).map(|(g, f)| wire::failure(g, f)).collect();
        let _ = std::fs::write(self.file(file::FINAL), text);
        let _ = std::fs::write(self.file(file::STATS), wire::stats(stats));
    }

    /// Has every check this process runs announced in the channel, so that
    /// a crash inside one (not in a call) can be told apart.
    pub fn announce_checks(&self) {
        let path = self.file(file::CHECKING);
        crate::oracle::announce_checks(Box::new(move |check| {
            let _ = match check {
                Some(check) => std::fs::write(&path, check.encode()),
                None => std::fs::remove_file(&path),
            };
        }));
    }

    /// The check a replay was running when it crashed, if it was in one.
    pub fn crashed_checking(&self) -> Option<crate::oracle::CheckAt> {
        crate::oracle::CheckAt::decode(&std::fs::read_to_string(self.file(file::CHECKING)).ok()?)
    }

    /// Writes a replayed sequence's outcome.
    pub fn replayed(&self, failed: bool) {
        let _ = std::fs::write(self.file(file::REPLAYED), if failed { "failed" } else { "normal" });
    }
}

/// A child's [`Listener`]: it traces each sequence after `trace_after`
/// (to find the one that crashes), beats every [`HEARTBEAT_EVERY`]
/// sequences, before each saved failure replayed and every
/// [`HEARTBEAT_INTERVAL`] of the exploration's clock, and passes on each
/// failure found. It keeps a snapshot of the stats at the 16th, 32nd...
/// sequence, then every [`SNAPSHOT_EVERY`], and in a time-limited run
/// with each timed heartbeat too (the first after [`FIRST_SNAPSHOT`]).
pub(crate) struct ChildListener {
    channel: Channel,
    trace_after: Option<u64>,
    /// Whether time bounds the run (its snapshots follow the clock too).
    timed: bool,
    /// When the next timed heartbeat is due, on the exploration's clock.
    next_beat: Duration,
    /// The number of the sequence running, shared with the world's
    /// `watch` (see [`Channel::running`]).
    running: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// Where the text of each sequence is kept as it starts, in a run that
    /// is not repeatable (see [`SharedText`]).
    text: Option<SharedText>,
}

impl ChildListener {
    /// Reports to `channel`, tracing sequences after `trace_after`, for a
    /// run bounded by time when `timed`; keeping the text of each sequence
    /// as it starts when the run is not `repeatable`.
    pub fn new(channel: Channel, trace_after: Option<u64>, timed: bool, repeatable: bool) -> ChildListener {
        let text = if repeatable { None } else { SharedText::create(&channel.file(file::TEXT)).ok() };
        ChildListener { channel, trace_after, timed, next_beat: FIRST_SNAPSHOT, running: Default::default(), text }
    }

    /// The number of the sequence running, as this listener keeps it.
    pub fn running(&self) -> std::sync::Arc<std::sync::atomic::AtomicU64> {
        self.running.clone()
    }
}

impl Listener for ChildListener {
    fn starting(&mut self, stats: &Stats, failures: usize, replaying: bool, text: &dyn Fn() -> String) {
        let n = stats.sequences;
        self.running.store(n, std::sync::atomic::Ordering::Relaxed);
        if self.trace_after.is_some_and(|after| n > after) {
            self.channel.trace(&text());
        } else if let Some(kept) = &self.text {
            kept.starting(n, &text());
        }
        if n.is_multiple_of(HEARTBEAT_EVERY) || replaying {
            self.channel.heartbeat(n - 1, failures);
        }
        // At sequence counts, so that a run bounded by them keeps the same
        // snapshots every time (its report's counts are the same).
        if n >= 16 && (n.is_power_of_two() || n.is_multiple_of(SNAPSHOT_EVERY)) {
            self.channel.snapshot(stats);
        }
    }

    fn tick(&mut self, elapsed: Duration, stats: &Stats, failures: usize) {
        if elapsed >= self.next_beat {
            self.channel.heartbeat(stats.sequences, failures);
            if self.timed {
                self.channel.snapshot(stats);
            }
            self.next_beat = elapsed + HEARTBEAT_INTERVAL;
        }
    }

    fn failure(&mut self, group: &str, failure: &Failure) {
        self.channel.failure(group, failure);
    }

    fn keeps_pending(&self) -> bool {
        true
    }

    fn pending(&mut self, pending: Option<(&str, &Failure)>) {
        self.channel.pending(pending);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Budget, Isolation, MinimizeLimits, SavedFailures};

    #[test]
    fn jobs_round_trip() {
        let settings = Settings {
            budget: Budget { seed: 7, time_limit: None, max_sequences: Some(10), max_len: 100 },
            minimize: MinimizeLimits { steps: 4_000, time: Duration::from_micros(1_500) },
            saved_failures: SavedFailures { replay: true, save: false },
            isolation: Isolation::Process,
            call_timeout: Duration::from_secs(5),
            regression_tests: Some((PathBuf::from("tests/x y.rs"), crate::config::Update::Always)),
            strict: true,
            memory_limit: Some(256 << 20),
            max_pool: 64 << 20,
            progress: Some(Duration::from_secs(5)),
            jobs: 1,
            jobs_auto: false,
            json_report: None,
            coverage: false,
            laws: false,
            memcheck: true,
            random_walk: true,
            notes: Vec::new(),
        };
        let job = Job {
            subjects: vec!["a::B".into(), "a::C<u8>".into()],
            replay: false,
            settings,
            trace_after: Some(256),
            avoid: vec!["a::B::f".into()],
            damped: vec![("a::B::g".into(), 2)],
            throttles: vec![Throttle {
                op: "a::Iter<(usize, u32)>".into(),
                param: 1,
                bits: 20,
                why: "n = 1 ran long".into(),
            }],
            reference: Some("alloc::collections::btree::set::BTreeSet<u32>".into()),
            decisions: Some(PathBuf::from("/tmp/drt-1-0.decisions")),
        };
        assert_eq!(Job::decode(&job.encode()), Some(job.clone()));
        let mut replay = Job { replay: true, trace_after: None, reference: None, ..job };
        replay.settings.budget.time_limit = Some(Duration::from_millis(5));
        replay.settings.regression_tests = None;
        replay.settings.isolation = Isolation::InProcess;
        replay.settings.memory_limit = None;
        assert_eq!(Job::decode(&replay.encode()), Some(replay));
        // A line that is no job's or setting's, or a value that does not parse, is no job.
        assert_eq!(Job::decode("colour red\n"), None);
        assert_eq!(Job::decode("max_len many\n"), None);
        assert!(Job::decode("max_len 7\n").is_some_and(|j| j.settings.budget.max_len == 7));
    }
}
