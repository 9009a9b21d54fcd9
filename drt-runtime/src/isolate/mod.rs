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

mod job;
mod wire;

use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

pub(crate) use job::{Channel, Job};

use crate::report::{Failure, FailureKind, Stats};
use crate::sequence::Sequence;
use crate::world::World;

/// The environment variable that makes a test process a child.
pub(crate) const CHILD_ENV: &str = "DRT_CHILD_DIR";
/// Crashes after which the supervisor stops restarting children.
pub(crate) const MAX_RESTARTS: u32 = 8;
/// Sequences between two heartbeats of a child.
pub(crate) const HEARTBEAT_EVERY: u64 = 256;
/// How a child starts the line saying drt itself failed.
const INTERNAL_ERROR: &str = "drt: internal error";
/// The exit status of a child in which drt itself failed (sysexits' EX_SOFTWARE).
const INTERNAL_ERROR_STATUS: i32 = 70;

/// Whether [`supervise`] stopped because drt itself failed in a child.
pub(crate) fn is_internal_error(e: &std::io::Error) -> bool {
    e.to_string().starts_with(INTERNAL_ERROR)
}

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
        // A thread of the user's own has no name: re-running the binary
        // without a filter would run every test, so it explores in-process.
        let test = match std::thread::current().name()? {
            "main" => String::new(),
            name => name.to_string(),
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
    pub fn results(&self) -> (Vec<wire::Grouped>, Option<Stats>) {
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
    let (operation, code) = match seq.calls.last() {
        Some(last) => {
            let operation = world.ops[last.op as usize].op.display.clone();
            let code = crate::render::render_crash(world, seq, &operation, kind, &message);
            (operation, code)
        }
        // The crash did not happen again: no sequence, so no test to write.
        None => (
            "(unknown call)".to_string(),
            format!(
                "// drt: no call sequence reproduces this crash: {message}\n\
                 // drt: it did not happen again when the same exploration was rerun\n"
            ),
        ),
    };
    Failure {
        kind,
        operation,
        message,
        location: None,
        code,
        len: crate::render::statement_count(world, seq),
        found_after: found.0,
        sequences_before: found.1,
        hits: 1,
        unminimized_len: crate::render::statement_count(world, seq),
        minimize_limit: None,
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
    for note in &child.notes {
        if !total.notes.contains(note) {
            total.notes.push(note.clone());
        }
    }
}

/// Replays one sequence in a child, at most this many times per crash.
const MAX_CRASH_REPLAYS: usize = 256;
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
    let world = World::new(registry, &ids).without(&job.avoid);
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
    let engine = crate::generate::Engine::new(&world, budget)
        .with_store(store, job.replay_saved, job.save)
        .with_regression_tests(job.regression_tests.clone())
        .with_channel(channel.clone(), job.trace_after);
    // A panic of drt's own (a bug in drt) must not pass for a crash of the
    // user's code: it says what it was, which the supervisor shows.
    if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| engine.run())).is_err() {
        let at = crate::hook::SilentPanics::take_last()
            .map(|c| format!("{} at {}", c.message, c.location.unwrap_or_default()));
        eprintln!("{INTERNAL_ERROR} (a bug in drt, please report it): {}", at.unwrap_or_default());
        std::process::exit(INTERNAL_ERROR_STATUS);
    }
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
        if let Ending::Crashed { said, .. } = &ending {
            // Not the user's crash: drt's own, which the caller reports.
            if said.starts_with(INTERNAL_ERROR) {
                return Err(std::io::Error::other(said.clone()));
            }
        }
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
                    store.save(world, &[(crate::persist::entry_comment(&f, job.seed), &seq)]);
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
        let how = match &ending {
            Ending::Crashed { status, .. } => status.clone(),
            Ending::Hung | Ending::Finished => String::new(),
        };
        failures.push((format!("{}\n{how}", failure.operation), failure));
        restarts += 1;
        if restarts > MAX_RESTARTS {
            stats.notes.push(format!(
                "the exploration stopped after {MAX_RESTARTS} crashes; fix them (or #[drt(skip)] the crashing \
                 operations) to explore further"
            ));
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
    world.ops.iter().find(|o| o.op.display == failure.operation).map(|o| o.op.path.clone())
}

/// One failure per (kind, group) across all children, the shortest kept;
/// the group is what the child's engine grouped by (the operation, or the
/// type of a broken contract, and the place), for a crash the operation and
/// how the process ended.
fn group(failures: Vec<wire::Grouped>) -> Vec<Failure> {
    let mut out: Vec<wire::Grouped> = Vec::new();
    for (place, f) in failures {
        let same = |(p, g): &&mut wire::Grouped| *p == place && g.kind == f.kind;
        match out.iter_mut().find(|g| same(g)) {
            Some(g) if f.len < g.1.len => g.1 = f,
            Some(_) => {}
            None => out.push((place, f)),
        }
    }
    out.into_iter().map(|(_, f)| f).collect()
}
