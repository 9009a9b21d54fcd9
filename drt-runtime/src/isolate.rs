//! Crash and hang isolation (DESIGN.md §4), modelled on proptest's
//! `run_in_fork`: a stack overflow, an abort or an infinite loop cannot be
//! caught in-process, so the exploration runs in a child process, the test
//! binary re-executed for exactly this test.
//!
//! 1. The supervisor writes a job into a fresh directory and starts the test
//!    binary filtered to the current test (`<name> --exact`), with
//!    `DRT_CHILD_DIR` naming the directory.
//! 2. The child explores with the job's seed and budget, writes a heartbeat
//!    (sequences run so far) every 256 sequences, appends each failure it
//!    finds, and writes its stats when done.
//! 3. A child that dies without its stats crashed; one whose heartbeat stops
//!    for longer than the call timeout is killed (a hang). Exploration is
//!    deterministic, so the supervisor runs the same job again with tracing
//!    on after the last heartbeat: the last sequence traced is the culprit.
//! 4. The culprit is minimized by replaying candidates in fresh children, and
//!    exploring restarts with another seed (at most [`MAX_RESTARTS`] times).

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::report::{Failure, FailureKind, OperationStats, Stats};
use crate::sequence::Sequence;
use crate::world::World;

/// The environment variable that makes a test process a child.
pub(crate) const CHILD_ENV: &str = "DRT_CHILD_DIR";
/// Crashes after which the supervisor stops restarting children.
pub(crate) const MAX_RESTARTS: u32 = 8;
/// Sequences between two heartbeats of a child.
pub(crate) const HEARTBEAT_EVERY: u64 = 256;

/// Where an exploration runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Isolation {
    /// In a child process, so that crashes and hangs are reported instead of
    /// killing the test run (the default on Unix).
    Process,
    /// In the test's own thread: faster to start, but a stack overflow, an
    /// abort or an infinite loop takes the whole test binary down.
    #[default]
    InProcess,
}

impl Isolation {
    /// `" in a child process"` or `""`, for one-line summaries.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Isolation::Process => " in a child process",
            Isolation::InProcess => "",
        }
    }
}

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
    pub seed: u64,
    pub max_sequences: Option<u64>,
    pub time_ms: Option<u64>,
    pub max_len: usize,
    /// Trace every sequence after this many.
    pub trace_after: Option<u64>,
    /// Run the sequences saved in the crate's regression file first.
    pub replay_saved: bool,
    /// Save failures to the crate's regression file.
    pub save: bool,
    /// Write regression tests here.
    pub regression_tests: Option<PathBuf>,
    /// Operations left out: they crashed an earlier child.
    pub avoid: Vec<String>,
}

impl Job {
    fn encode(&self) -> String {
        let opt = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
        let mut out = String::new();
        for s in &self.subjects {
            out.push_str(&format!("subject {s}\n"));
        }
        out.push_str(&format!(
            "replay {}\nseed {}\nmax_sequences {}\ntime_ms {}\nmax_len {}\ntrace_after {}\nreplay_saved {}\nsave {}\n",
            self.replay,
            self.seed,
            opt(self.max_sequences),
            opt(self.time_ms),
            self.max_len,
            opt(self.trace_after),
            self.replay_saved,
            self.save
        ));
        if let Some(p) = &self.regression_tests {
            out.push_str(&format!("regression_tests {}\n", p.display()));
        }
        for op in &self.avoid {
            out.push_str(&format!("avoid {op}\n"));
        }
        out
    }

    fn decode(text: &str) -> Option<Job> {
        let mut job = Job {
            subjects: Vec::new(),
            replay: false,
            seed: 0,
            max_sequences: None,
            time_ms: None,
            max_len: 0,
            trace_after: None,
            replay_saved: false,
            save: false,
            regression_tests: None,
            avoid: Vec::new(),
        };
        let opt = |v: &str| -> Option<Option<u64>> {
            match v {
                "-" => Some(None),
                v => v.parse().ok().map(Some),
            }
        };
        for line in text.lines() {
            let (key, value) = line.split_once(' ')?;
            match key {
                "subject" => job.subjects.push(value.to_string()),
                "replay" => job.replay = value.parse().ok()?,
                "seed" => job.seed = value.parse().ok()?,
                "max_sequences" => job.max_sequences = opt(value)?,
                "time_ms" => job.time_ms = opt(value)?,
                "max_len" => job.max_len = value.parse().ok()?,
                "trace_after" => job.trace_after = opt(value)?,
                "replay_saved" => job.replay_saved = value.parse().ok()?,
                "save" => job.save = value.parse().ok()?,
                "regression_tests" => job.regression_tests = Some(PathBuf::from(value)),
                "avoid" => job.avoid.push(value.to_string()),
                _ => return None,
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
    beat: Option<std::sync::Arc<std::fs::File>>,
}

impl Channel {
    fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// A child's channel, when this process is one.
    pub fn from_env() -> Option<Channel> {
        let dir = PathBuf::from(std::env::var_os(CHILD_ENV)?);
        let beat = std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(dir.join("heartbeat.txt"));
        Some(Channel { dir, beat: beat.ok().map(std::sync::Arc::new) })
    }

    pub fn job(&self) -> Option<Job> {
        Job::decode(&std::fs::read_to_string(self.file("job.txt")).ok()?)
    }

    /// Records that `sequences` have run (the child's heartbeat): a
    /// fixed-width number rewritten in place.
    pub fn heartbeat(&self, sequences: u64) {
        let text = format!("{sequences:>20}\n");
        #[cfg(unix)]
        if let Some(file) = &self.beat {
            use std::os::unix::fs::FileExt;
            let _ = file.write_at(text.as_bytes(), 0);
            return;
        }
        let _ = std::fs::write(self.file("heartbeat.txt"), text);
    }

    fn last_heartbeat(&self) -> Option<(u64, std::time::SystemTime)> {
        let path = self.file("heartbeat.txt");
        let n = std::fs::read_to_string(&path).ok()?.trim().parse().ok()?;
        Some((n, std::fs::metadata(&path).ok()?.modified().ok()?))
    }

    /// Appends a sequence about to run (tracing mode).
    pub fn trace(&self, text: &str) {
        if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(self.file("trace.txt")) {
            let _ = write!(f, "{text}");
            let _ = f.flush();
        }
    }

    /// Appends a failure the child found.
    pub fn failure(&self, failure: &Failure) {
        if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(self.file("failures.txt")) {
            let _ = f.write_all(wire::failure(failure).as_bytes());
        }
    }

    /// Writes the child's final failures, then its stats: the sign that it finished.
    pub fn done(&self, failures: &[Failure], stats: &Stats) {
        let text: String = failures.iter().map(wire::failure).collect();
        let _ = std::fs::write(self.file("final.txt"), text);
        let _ = std::fs::write(self.file("stats.txt"), wire::stats(stats));
    }

    /// Writes a replayed sequence's outcome.
    pub fn replayed(&self, failed: bool) {
        let _ = std::fs::write(self.file("replayed.txt"), if failed { "failed" } else { "normal" });
    }
}

/// How a child ended.
#[derive(Clone, Debug)]
pub(crate) enum Ending {
    /// It finished and wrote its results.
    Finished,
    /// It died: how, and what it printed last.
    Crashed { status: String, said: String },
    /// Its heartbeat stopped for longer than the call timeout; it was killed.
    Hung,
}

/// Spawns and watches children for one test.
pub(crate) struct Supervisor {
    pub test: String,
    pub call_timeout: Duration,
    channel: Channel,
}

static CHANNELS: AtomicU64 = AtomicU64::new(0);

impl Supervisor {
    /// A supervisor re-running this test binary for the test on this thread
    /// (libtest names the thread after the test), or re-running this program
    /// when it is not a test (its child stops at its first exploration).
    pub fn for_current_test(call_timeout: Duration) -> Option<Supervisor> {
        std::env::current_exe().ok()?;
        let test = match std::thread::current().name() {
            Some("main") | None => String::new(),
            Some(name) => name.to_string(),
        };
        let n = CHANNELS.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("drt-{}-{n}", std::process::id()));
        Some(Supervisor { test, call_timeout, channel: Channel { dir, beat: None } })
    }

    /// Runs a child for `job` (with `sequence` for a replay) and waits for it.
    pub fn run(&self, job: &Job, sequence: Option<&str>) -> std::io::Result<Ending> {
        let dir = &self.channel.dir;
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir)?;
        std::fs::write(self.channel.file("job.txt"), job.encode())?;
        if let Some(seq) = sequence {
            std::fs::write(self.channel.file("sequence.txt"), seq)?;
        }
        let stderr = std::fs::File::create(self.channel.file("stderr.txt"))?;
        let args: &[&str] = if self.test.is_empty() {
            &[]
        } else {
            &[self.test.as_str(), "--exact", "--nocapture", "--test-threads=1", "-q"]
        };
        let mut child = Command::new(std::env::current_exe()?)
            .args(args)
            .env(CHILD_ENV, dir)
            .env("RUST_BACKTRACE", "0")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()?;
        let mut last = (u64::MAX, Instant::now());
        loop {
            if let Some(status) = child.try_wait()? {
                return Ok(self.ending(job, status));
            }
            let beat = self.channel.last_heartbeat().map_or(0, |(n, _)| n);
            if beat != last.0 {
                last = (beat, Instant::now());
            } else if last.1.elapsed() > self.call_timeout {
                let _ = child.kill();
                let _ = child.wait();
                return Ok(Ending::Hung);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    fn ending(&self, job: &Job, status: ExitStatus) -> Ending {
        let finished = match job.replay {
            false => self.channel.file("stats.txt").exists(),
            true => self.channel.file("replayed.txt").exists(),
        };
        if status.success() && finished {
            return Ending::Finished;
        }
        let said = std::fs::read_to_string(self.channel.file("stderr.txt")).unwrap_or_default();
        let said = said.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("").trim().to_string();
        Ending::Crashed { status: describe(status), said }
    }

    /// Sequences the last child reported running.
    pub fn heartbeat(&self) -> u64 {
        self.channel.last_heartbeat().map_or(0, |(n, _)| n)
    }

    /// The sequences the last child traced.
    pub fn traced(&self) -> Vec<String> {
        let text = std::fs::read_to_string(self.channel.file("trace.txt")).unwrap_or_default();
        text.split_inclusive("end\n").map(str::to_string).collect()
    }

    /// The failures the last child found (its final list when it finished,
    /// else what it logged before it died), and its stats when it finished.
    pub fn results(&self) -> (Vec<Failure>, Option<Stats>) {
        let stats = std::fs::read_to_string(self.channel.file("stats.txt")).ok().and_then(|s| wire::parse_stats(&s));
        let list = if stats.is_some() { "final.txt" } else { "failures.txt" };
        let failures = std::fs::read_to_string(self.channel.file(list)).unwrap_or_default();
        (wire::failures(&failures), stats)
    }

    /// Removes the channel's files.
    pub fn clean_up(&self) {
        let _ = std::fs::remove_dir_all(&self.channel.dir);
    }
}

/// `killed by signal 11 (SIGSEGV)`, `exit status 134`.
fn describe(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                4 => " (SIGILL)",
                6 => " (SIGABRT)",
                7 => " (SIGBUS)",
                8 => " (SIGFPE)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                _ => "",
            };
            return format!("killed by signal {signal}{name}");
        }
    }
    match status.code() {
        Some(code) => format!("exit status {code}"),
        None => "unknown status".into(),
    }
}

/// A crash failure for `seq`.
pub(crate) fn crash_failure(
    world: &World<'_>,
    seq: &Sequence,
    ending: &Ending,
    found: (Duration, u64),
    timeout: Duration,
) -> Failure {
    let (kind, message) = match ending {
        Ending::Hung => (FailureKind::Timeout, format!("a call ran longer than the call timeout ({timeout:?})")),
        Ending::Crashed { status, said } if said.is_empty() => {
            (FailureKind::Crash, format!("the process was {status}"))
        }
        Ending::Crashed { status, said } => (FailureKind::Crash, format!("the process was {status}: {said}")),
        Ending::Finished => (FailureKind::Flaky, "the crash did not happen again".to_string()),
    };
    let operation = seq.calls.last().map_or(String::new(), |c| world.ops[c.op as usize].op.display.clone());
    let code = crate::render::render_crash(world, seq, &operation, kind, &message);
    Failure {
        kind,
        operation,
        message,
        location: None,
        code,
        len: seq.len(),
        found_after: found.0,
        sequences_before: found.1,
        hits: 1,
        unminimized_len: seq.len(),
        minimize_limit: None,
    }
}

/// Failures and stats as text between processes: `name length\nbytes\n` fields.
mod wire {
    use super::*;

    fn field(out: &mut String, name: &str, value: &str) {
        out.push_str(&format!("{name} {}\n{value}\n", value.len()));
    }

    struct Reader<'a>(&'a str);

    impl<'a> Reader<'a> {
        fn field(&mut self, name: &str) -> Option<&'a str> {
            let (header, rest) = self.0.split_once('\n')?;
            let (n, len) = header.split_once(' ')?;
            let len: usize = len.parse().ok()?;
            if n != name || rest.len() < len + 1 {
                return None;
            }
            let value = &rest[..len];
            self.0 = &rest[len + 1..];
            Some(value)
        }
        fn num<T: std::str::FromStr>(&mut self, name: &str) -> Option<T> {
            self.field(name)?.parse().ok()
        }
    }

    fn kind_name(kind: FailureKind) -> &'static str {
        match kind {
            FailureKind::Panic => "panic",
            FailureKind::Contract => "contract",
            FailureKind::Invariant => "invariant",
            FailureKind::Crash => "crash",
            FailureKind::Timeout => "timeout",
            FailureKind::Flaky => "flaky",
        }
    }

    pub fn failure(f: &Failure) -> String {
        let mut out = String::new();
        field(&mut out, "kind", kind_name(f.kind));
        field(&mut out, "operation", &f.operation);
        field(&mut out, "message", &f.message);
        field(&mut out, "location", f.location.as_deref().unwrap_or(""));
        field(&mut out, "code", &f.code);
        field(&mut out, "len", &f.len.to_string());
        field(&mut out, "found_ms", &f.found_after.as_millis().to_string());
        field(&mut out, "before", &f.sequences_before.to_string());
        field(&mut out, "hits", &f.hits.to_string());
        field(&mut out, "unminimized", &f.unminimized_len.to_string());
        field(&mut out, "limit", f.minimize_limit.as_deref().unwrap_or(""));
        out
    }

    fn read_failure(r: &mut Reader<'_>) -> Option<Failure> {
        let kind = r.field("kind")?;
        let kind = [
            FailureKind::Panic,
            FailureKind::Contract,
            FailureKind::Invariant,
            FailureKind::Crash,
            FailureKind::Timeout,
            FailureKind::Flaky,
        ]
        .into_iter()
        .find(|k| kind_name(*k) == kind)?;
        let operation = r.field("operation")?.to_string();
        let message = r.field("message")?.to_string();
        let location = Some(r.field("location")?.to_string()).filter(|l| !l.is_empty());
        let code = r.field("code")?.to_string();
        let len = r.num("len")?;
        let found_after = Duration::from_millis(r.num("found_ms")?);
        let sequences_before = r.num("before")?;
        let hits = r.num("hits")?;
        let unminimized_len = r.num("unminimized")?;
        let minimize_limit = Some(r.field("limit")?.to_string()).filter(|l| !l.is_empty());
        Some(Failure {
            kind,
            operation,
            message,
            location,
            code,
            len,
            found_after,
            sequences_before,
            hits,
            unminimized_len,
            minimize_limit,
        })
    }

    /// Every complete failure in `text` (a crash may cut the last one short).
    pub fn failures(text: &str) -> Vec<Failure> {
        let mut r = Reader(text);
        std::iter::from_fn(|| read_failure(&mut r)).collect()
    }

    pub fn stats(s: &Stats) -> String {
        let mut out = String::new();
        for (name, v) in [
            ("sequences", s.sequences),
            ("calls", s.calls),
            ("normal", s.normal),
            ("illegal", s.illegal),
            ("redundant", s.redundant),
            ("failing", s.failing),
        ] {
            field(&mut out, name, &v.to_string());
        }
        for o in &s.operations {
            field(&mut out, "op", &format!("{} {} {} {} {}", o.attempted, o.succeeded, o.illegal, o.failed, o.name));
        }
        for (op, why) in &s.uncallable {
            field(&mut out, "uncallable", op);
            field(&mut out, "why", why);
        }
        out
    }

    pub fn parse_stats(text: &str) -> Option<Stats> {
        let mut r = Reader(text);
        let mut s = Stats {
            sequences: r.num("sequences")?,
            calls: r.num("calls")?,
            normal: r.num("normal")?,
            illegal: r.num("illegal")?,
            redundant: r.num("redundant")?,
            failing: r.num("failing")?,
            ..Stats::default()
        };
        while let Some(op) = r.field("op") {
            let mut w = op.splitn(5, ' ');
            let mut n = || w.next()?.parse::<u64>().ok();
            let (attempted, succeeded, illegal, failed) = (n()?, n()?, n()?, n()?);
            let name = op.splitn(5, ' ').nth(4)?.to_string();
            s.operations.push(OperationStats { name, attempted, succeeded, illegal, failed });
        }
        while let (Some(op), Some(why)) = (r.field("uncallable"), r.field("why")) {
            s.uncallable.push((op.to_string(), why.to_string()));
        }
        Some(s)
    }
}

/// Adds a finished child's counts to the supervisor's.
pub(crate) fn add_stats(total: &mut Stats, child: &Stats) {
    total.sequences += child.sequences;
    total.calls += child.calls;
    total.normal += child.normal;
    total.illegal += child.illegal;
    total.redundant += child.redundant;
    total.failing += child.failing;
    for o in &child.operations {
        match total.operations.iter_mut().find(|t| t.name == o.name) {
            Some(t) => {
                t.attempted += o.attempted;
                t.succeeded += o.succeeded;
                t.illegal += o.illegal;
                t.failed += o.failed;
            }
            None => total.operations.push(o.clone()),
        }
    }
    total.uncallable = child.uncallable.clone();
}

/// Replays one sequence in a child, at most this many times per crash.
const MAX_CRASH_REPLAYS: usize = 64;
/// The same for a hang, where each replay costs a call timeout.
const MAX_HANG_REPLAYS: usize = 4;

/// A child process: runs the job its supervisor wrote, then exits.
pub(crate) fn child_main(channel: &Channel) -> ! {
    let Some(job) = channel.job() else { std::process::exit(3) };
    let registry = crate::registry::Registry::global();
    let ids: Vec<std::any::TypeId> = job
        .subjects
        .iter()
        .filter_map(|name| registry.types.values().find(|d| d.name == name.as_str()).map(|d| d.id))
        .collect();
    let mut world = World::new(registry, &ids);
    world.ops.retain(|o| !job.avoid.contains(&format!("{}::{}", o.op.owner_name, o.op.spec.name)));
    let _silent = crate::hook::SilentPanics::install();
    if job.replay {
        let text = std::fs::read_to_string(channel.file("sequence.txt")).unwrap_or_default();
        let failed = crate::persist::decode(&world, &text).is_ok_and(|seq| {
            let outcome = world.execute(&seq, crate::execute::Checks::ALL).finish(&world);
            matches!(outcome, crate::execute::Outcome::Failed { .. })
        });
        channel.replayed(failed);
        std::process::exit(0);
    }
    let budget = crate::generate::Budget {
        seed: job.seed,
        time_limit: job.time_ms.map(Duration::from_millis),
        max_sequences: job.max_sequences,
        max_len: job.max_len,
        minimize: crate::config::minimize_limits(),
    };
    let names: Vec<&str> = job.subjects.iter().map(String::as_str).collect();
    let store = if job.save || job.replay_saved { crate::persist::Store::for_crate(&names) } else { None };
    let report = crate::generate::Engine::new(&world, budget)
        .with_store(store, job.replay_saved, job.save)
        .with_regression_tests(job.regression_tests.clone())
        .with_channel(channel.clone(), job.trace_after)
        .run();
    channel.done(&report.failures, &report.stats);
    std::process::exit(0);
}

/// Whether two endings are the same crash (same signal or status, or both hangs).
fn same_crash(a: &Ending, b: &Ending) -> bool {
    match (a, b) {
        (Ending::Crashed { status: x, .. }, Ending::Crashed { status: y, .. }) => x == y,
        (Ending::Hung, Ending::Hung) => true,
        _ => false,
    }
}

impl Supervisor {
    /// Runs the job again with tracing after the last heartbeat; the last
    /// sequence traced before it crashes the same way is the culprit.
    fn culprit(&self, world: &World<'_>, job: &Job, ran: u64, ending: &Ending) -> std::io::Result<Option<Sequence>> {
        let rerun =
            Job { trace_after: Some(ran), max_sequences: Some(ran + HEARTBEAT_EVERY), time_ms: None, ..job.clone() };
        let again = self.run(&rerun, None)?;
        if !same_crash(&again, ending) {
            return Ok(None);
        }
        Ok(self.traced().last().and_then(|text| crate::persist::decode(world, text).ok()))
    }

    /// Minimizes a crashing sequence, replaying each candidate in a fresh child.
    fn minimize_crash(&self, world: &World<'_>, job: &Job, seq: Sequence, ending: &Ending) -> Sequence {
        let replays = if matches!(ending, Ending::Hung) { MAX_HANG_REPLAYS } else { MAX_CRASH_REPLAYS };
        let limits = crate::minimize::Limits { steps: replays as u64, time: Duration::from_secs(30) };
        let replay = Job { replay: true, ..job.clone() };
        let mut oracle = |candidate: Sequence| {
            let text = crate::persist::encode(world, &candidate);
            let ending2 = self.run(&replay, Some(&text)).ok()?;
            same_crash(&ending2, ending).then_some(candidate)
        };
        crate::minimize::minimize_with(world, seq, limits, false, &mut oracle).0
    }
}

/// Explores in child processes, reporting crashes and hangs as failures.
pub(crate) fn supervise(
    sup: &Supervisor,
    world: &World<'_>,
    mut job: Job,
    store: Option<&crate::persist::Store>,
) -> std::io::Result<(Vec<Failure>, Stats)> {
    let start = Instant::now();
    let time_limit = job.time_ms.map(Duration::from_millis);
    let mut stats = Stats { seed: job.seed, isolation: Isolation::Process, ..Stats::default() };
    let mut failures = Vec::new();
    let mut restarts = 0;
    loop {
        if let Some(limit) = time_limit {
            let left = limit.saturating_sub(start.elapsed());
            if left.is_zero() {
                break;
            }
            job.time_ms = Some(left.as_millis().max(1) as u64);
        }
        let ending = sup.run(&job, None)?;
        let (found, child_stats) = sup.results();
        failures.extend(found);
        if let (Ending::Finished, Some(child)) = (&ending, &child_stats) {
            add_stats(&mut stats, child);
            break;
        }
        let ran = sup.heartbeat();
        let elapsed = start.elapsed();
        let culprit = sup.culprit(world, &job, ran, &ending)?;
        // The trace counts the sequences after the last heartbeat, the culprit last.
        let ran = ran + sup.traced().len().saturating_sub(1) as u64;
        let found_at = (elapsed, stats.sequences + ran);
        stats.sequences += ran + 1;
        stats.failing += 1;
        let timeout = sup.call_timeout;
        let failure = match culprit {
            Some(seq) => {
                let seq = sup.minimize_crash(world, &job, seq, &ending);
                let f = crash_failure(world, &seq, &ending, found_at, timeout);
                if let Some(store) = store.filter(|_| job.save) {
                    store.save(world, &[(format!("{} in {}: {}\n{}", f.kind, f.operation, f.message, f.code), &seq)]);
                }
                f
            }
            None => {
                let mut f = crash_failure(world, &Sequence::default(), &ending, found_at, timeout);
                f.kind = FailureKind::Flaky;
                f.message = format!("{} (it did not happen again when the same exploration was rerun)", f.message);
                f
            }
        };
        let crashed_op = culprit_op(world, &failure);
        failures.push(failure);
        restarts += 1;
        if restarts > MAX_RESTARTS {
            stats.uncallable.push(("(exploration)".into(), format!("stopped after {MAX_RESTARTS} crashes")));
            break;
        }
        // Explore on with another seed, without the operation that crashed
        // (it would crash again) and without the saved sequences.
        match crashed_op {
            Some(op) if !job.avoid.contains(&op) => job.avoid.push(op),
            _ => {}
        }
        job.seed = job.seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        job.max_sequences = job.max_sequences.map(|m| m.saturating_sub(ran + 1));
        job.replay_saved = false;
        if job.max_sequences == Some(0) {
            break;
        }
    }
    sup.clean_up();
    stats.elapsed = start.elapsed();
    Ok((group(failures), stats))
}

/// The full path of the operation a crash failure names.
fn culprit_op(world: &World<'_>, failure: &Failure) -> Option<String> {
    let op = world.ops.iter().find(|o| o.op.display == failure.operation)?;
    Some(format!("{}::{}", op.op.owner_name, op.op.spec.name))
}

/// One failure per (operation, kind, location or message; for a crash, how
/// the process ended), the shortest kept.
fn group(failures: Vec<Failure>) -> Vec<Failure> {
    let mut out: Vec<Failure> = Vec::new();
    for f in failures {
        let key = |f: &Failure| {
            let place = match f.kind {
                FailureKind::Crash | FailureKind::Timeout => f.message.split(": ").next().unwrap_or("").to_string(),
                _ => f.location.clone().unwrap_or_else(|| f.message.clone()),
            };
            (f.operation.clone(), f.kind, place)
        };
        match out.iter_mut().find(|g| key(g) == key(&f)) {
            Some(g) if f.len < g.len => *g = f,
            Some(_) => {}
            None => out.push(f),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_round_trip() {
        let job = Job {
            subjects: vec!["a::B".into(), "a::C<u8>".into()],
            replay: false,
            seed: 7,
            max_sequences: Some(10),
            time_ms: None,
            max_len: 100,
            trace_after: Some(256),
            replay_saved: true,
            save: false,
            regression_tests: Some(PathBuf::from("tests/x y.rs")),
            avoid: vec!["a::B::f".into()],
        };
        assert_eq!(Job::decode(&job.encode()), Some(job.clone()));
        let replay = Job { replay: true, time_ms: Some(5), trace_after: None, regression_tests: None, ..job };
        assert_eq!(Job::decode(&replay.encode()), Some(replay));
    }

    #[test]
    fn failures_and_stats_round_trip() {
        let f = Failure {
            kind: FailureKind::Contract,
            operation: "A::b".into(),
            message: "two\nlines with a 5 in them".into(),
            location: None,
            code: "#[test]\nfn x() {}\n".into(),
            len: 3,
            found_after: Duration::from_millis(12),
            sequences_before: 40,
            hits: 2,
            unminimized_len: 9,
            minimize_limit: Some("raise X".into()),
        };
        let text = format!("{}{}", wire::failure(&f), wire::failure(&f));
        let back = wire::failures(&text);
        assert_eq!(back.len(), 2);
        assert_eq!(format!("{:?}", back[1]), format!("{f:?}"));
        // A failure cut short by a crash is dropped, not misread.
        assert_eq!(wire::failures(&text[..text.len() - 5]).len(), 1);
        let stats = Stats {
            sequences: 5,
            calls: 9,
            operations: vec![OperationStats {
                name: "A::b c".into(),
                attempted: 1,
                succeeded: 2,
                illegal: 3,
                failed: 4,
            }],
            uncallable: vec![("A::c".into(), "no value".into())],
            ..Stats::default()
        };
        let back = wire::parse_stats(&wire::stats(&stats)).unwrap();
        assert_eq!(format!("{back:?}"), format!("{stats:?}"));
    }
}
