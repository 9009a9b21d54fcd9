//! The supervisor: spawns and watches the child processes of one exploration
//! (see the [module docs](super)), reruns a crashed child with tracing to
//! find the culprit, minimizes it by replay in fresh children, and merges
//! what every child found.

use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::job::{
    file, Channel, Job, CANNOT_GO_ON, CANNOT_GO_ON_STATUS, HEARTBEAT_EVERY, INTERNAL_ERROR, INTERNAL_ERROR_STATUS,
    REFERENCE_UNKNOWN, REFERENCE_UNKNOWN_STATUS,
};
use super::shared::Running;
use super::wire;
use crate::config::{Isolation, MinimizeLimits, Settings};
use crate::minimize::{minimize_with, Blame};
use crate::oracle::CheckAt;
use crate::report::{warn_once, Failure, FailureKind, OperationStats, Stats, WARNING};
use crate::saved_failures::{entry_comment, SavedFailuresFile};
use crate::sequence::Sequence;
use crate::sequence_text::{decode, encode};
use crate::sizes::{Throttle, Throttles};
use crate::triage::{crash_failure, Crash, Found};
use crate::world::World;

/// How long a call given a large integer may run (with its checks) before
/// its child is cut short ([`Ending::Slow`]), as a share of the call
/// timeout: 250 ms of the default 5 s, far longer than typical calls, far
/// shorter than the timeout, whose hang costs a run twice (once to find it,
/// once to find its sequence). A longer timeout allows slow calls longer.
const SLOW_SHARE: u32 = 20;

/// A record of a call or sequence given a large integer, when the
/// supervisor first saw it, and the processor time its child had used then.
type Seen = Option<((u64, u64), Instant, Option<Duration>)>;
/// The number of a sequence running past an exploration's time, when the
/// supervisor first saw it, and the processor time its child had used then.
type Overtime = Option<(u64, Instant, Option<Duration>)>;

/// How long past its time an exploring child may go on in one call before
/// it is stopped: an exploration ends within about a second of its time
/// limit, whatever its calls do, unless one loops (it is then stopped at
/// the call timeout, and reported as hung).
const GRACE: Duration = Duration::from_millis(500);
/// Crashes after which the supervisor stops restarting children.
const MAX_RESTARTS: u32 = 8;
/// The same for inputs too large for a run: each at least halves the bits
/// of a parameter's values, so a few per parameter.
const MAX_THROTTLED: u32 = 64;

/// Why [`supervise`] gave up.
#[derive(Debug)]
pub(crate) enum Stop {
    /// A child could not be started or watched: exploring in-process may still work.
    Io(std::io::Error),
    /// drt itself failed in a child (its own panic, not the user's code),
    /// with the line the child printed.
    Internal(String),
    /// The child does not know the reference its job names (a std
    /// collection chosen by an exploration that is not the test's first):
    /// exploring in-process works.
    ReferenceUnknown,
}

impl From<std::io::Error> for Stop {
    fn from(e: std::io::Error) -> Stop {
        Stop::Io(e)
    }
}

/// How a child ended.
#[derive(Clone, Debug)]
pub(crate) enum Ending {
    /// It finished and wrote its results.
    Finished,
    /// It died: how (`status` as people read it, `code` its exit code if
    /// it exited), what it printed last, and what it was running.
    Crashed { status: String, code: Option<i32>, said: String, running: Option<Running> },
    /// Its heartbeat stopped for longer than the call timeout; it was
    /// killed, running this.
    Hung(Option<Running>),
    /// It ran a call given a large integer (or in a sequence given one) for
    /// longer than [`SLOW_SHARE`] of the call timeout, of wall-clock and of
    /// processor time (see `Supervisor::cut_short`); it was killed.
    Slow(Running),
    /// Its exploration's time was up, [`GRACE`] ago, and one sequence had
    /// run longer than that, waiting rather than using the processor; it
    /// was killed, running this.
    OutOfTime(Running),
}

/// Spawns and watches children for one test.
pub(crate) struct Supervisor {
    pub test: String,
    channel: Channel,
    /// The warnings printed so far (the children's, forwarded, and the
    /// supervisor's own), without their `drt: warning: `; shared by the
    /// supervisors of one exploration's jobs, so each is printed once.
    warnings: Arc<Mutex<Vec<String>>>,
}

static CHANNELS: AtomicU64 = AtomicU64::new(0);

/// The test a child process should run to explore as this thread does:
/// the test on this thread (libtest names the thread after the test), or
/// `""` when this program is not a test (its child stops at its first
/// exploration); `None` when no child can: the program cannot be found,
/// or a thread of the user's own has no name, and re-running the binary
/// without a filter would run every test.
pub(crate) fn current_test() -> Option<String> {
    std::env::current_exe().ok()?;
    Some(match std::thread::current().name()? {
        "main" => String::new(),
        name => name.to_string(),
    })
}

impl Supervisor {
    /// A supervisor re-running this test binary for `test` (see
    /// [`current_test`]) in a channel of its own, keeping its warnings in
    /// `warnings`.
    pub fn new(test: String, warnings: Arc<Mutex<Vec<String>>>) -> Supervisor {
        let n = CHANNELS.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("drt-{}-{n}", std::process::id()));
        let channel = Channel { dir, beat: None, record: None };
        Supervisor { test, channel, warnings }
    }

    /// A supervisor for the test on this thread.
    #[cfg(test)]
    pub fn for_current_test() -> Option<Supervisor> {
        Some(Supervisor::new(current_test()?, Default::default()))
    }

    /// Runs a child for `job` (with `sequence` for a replay) and waits for it.
    pub fn run(&self, job: &Job, sequence: Option<&str>) -> std::io::Result<Ending> {
        self.run_watched(job, sequence, None)
    }

    /// [`Supervisor::run`], telling `watch` what the child has run and
    /// found from its heartbeats while it runs.
    fn run_watched(&self, job: &Job, sequence: Option<&str>, watch: Option<&Watch<'_>>) -> std::io::Result<Ending> {
        let dir = &self.channel.dir;
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir)?;
        std::fs::write(self.channel.file(file::JOB), job.encode())?;
        if let Some(seq) = sequence {
            std::fs::write(self.channel.file(file::SEQUENCE), seq)?;
        }
        let stderr = std::fs::File::create(self.channel.file(file::STDERR))?;
        let args: &[&str] = if self.test.is_empty() {
            &[]
        } else {
            // `--include-ignored`: the test may be `#[ignore]`d (a long
            // exploration run with `cargo test -- --ignored`); `--exact`
            // still runs just this one.
            &[self.test.as_str(), "--exact", "--include-ignored", "--nocapture", "--test-threads=1", "-q"]
        };
        let mut command = self.command(job)?;
        let mut child = command
            .args(args)
            .env(super::job::CHILD_ENV, dir)
            .env("RUST_BACKTRACE", "0")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()?;
        // The last heartbeat, when it came, and the processor time the
        // child had used then.
        let pid = child.id();
        let mut last = (u64::MAX, Instant::now(), cpu_time(pid));
        let mut failures_seen = 0;
        // The sequence running past the deadline, since when, and the
        // processor time the child had used then.
        let mut overtime: Overtime = None;
        let mut large: Seen = None;
        let killed = loop {
            if let Some(status) = child.try_wait()? {
                break Ok(status);
            }
            let (beat, failures) = self.channel.last_heartbeat().unwrap_or((0, 0));
            if let Some(w) = watch {
                w.tally.ran(w.lane, w.sequences_before + beat);
                if failures != failures_seen {
                    failures_seen = failures;
                    let found = std::fs::read_to_string(self.channel.file(file::FAILURES)).unwrap_or_default();
                    w.tally.found(wire::failures(&found).iter());
                }
            }
            // What it runs is read as it is when the kill is decided (the
            // call may return before the kill lands).
            if beat != last.0 {
                last = (beat, Instant::now(), cpu_time(pid));
            } else if hung(last.1.elapsed(), (last.2, pid), job.settings.call_timeout) {
                break Err(Ending::Hung(self.channel.running()));
            } else if let Some(running) = self.cut_short(watch.is_some(), (last.1.elapsed(), pid), job, &mut large) {
                // A size too large for a run, most likely: cut it short.
                break Err(Ending::Slow(running));
            }
            if let Some(running) = self.out_of_time(watch.and_then(|w| w.deadline), pid, &mut overtime) {
                break Err(Ending::OutOfTime(running));
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        if killed.is_err() {
            let _ = child.kill();
            let _ = child.wait();
        }
        let said = std::fs::read_to_string(self.channel.file(file::STDERR)).unwrap_or_default();
        self.forward_warnings(&said);
        Ok(match killed {
            Ok(status) => self.ending(job, status, &said),
            Err(ending) => ending,
        })
    }

    /// The command starting the exploring child: this test binary, under
    /// valgrind's memcheck with `.memcheck(true)` (its log in the channel,
    /// named to the child, which reads each error it is told of there).
    fn command(&self, job: &Job) -> std::io::Result<Command> {
        let exe = std::env::current_exe()?;
        if !job.settings.memcheck || crate::memcheck::on_valgrind() {
            return Ok(Command::new(exe));
        }
        let log = self.channel.file(file::MEMCHECK);
        let mut command = Command::new("valgrind");
        command
            .args(crate::memcheck::FLAGS)
            // Every error is reported, however many, with frames enough
            // to reach the user's code past drt's.
            .arg("--error-limit=no")
            .arg("--num-callers=16")
            .arg(format!("--log-file={}", log.display()))
            .arg(exe)
            .env(crate::memcheck::LOG_ENV, log);
        Ok(command)
    }

    /// The call or sequence given a large integer that the exploring child
    /// (`watched`, process `pid`) runs, when it has run for [`SLOW_SHARE`]
    /// of the call timeout since the supervisor first saw it (`seen`: its
    /// record, when, and the processor time the child had used then), and
    /// used the processor for as long: a child that a loaded machine did not
    /// run is not slow, and its size is no cause. The time is counted from
    /// the record, not from the last heartbeat, which may come hundreds of
    /// quick sequences earlier. The record is read only once the child has
    /// been silent for a quarter of that share.
    fn cut_short(&self, watched: bool, (silent, pid): (Duration, u32), job: &Job, seen: &mut Seen) -> Option<Running> {
        let share = job.settings.call_timeout / SLOW_SHARE;
        if !watched || silent < share / 4 {
            return None;
        }
        let running = self.channel.running().filter(|r| r.large.is_some())?;
        match *seen {
            Some((record, since, cpu)) if record == running.large_record => {
                let ran = since.elapsed();
                (ran > share && busy(ran, (cpu, pid)) > share).then_some(running)
            }
            _ => {
                *seen = Some((running.large_record, Instant::now(), cpu_time(pid)));
                None
            }
        }
    }

    /// The sequence an exploring child (process `pid`) runs past its
    /// `deadline`, when it has run for [`GRACE`] since the supervisor first
    /// saw it then (`overtime`: its number, when, and the processor time the
    /// child had used then): a child between sequences (it minimizes a
    /// failure, it ends) goes on. So does one that used the processor for
    /// an eighth of that time or more: it may be in an endless loop, a bug,
    /// which the call timeout tells from a slow call (see [`hung`]);
    /// cutting it here would drop the bug with a note. A call that waits (a
    /// sleep, a lock) is cut: waiting on, it would be a hang only after
    /// many timeouts.
    fn out_of_time(&self, deadline: Option<Instant>, pid: u32, overtime: &mut Overtime) -> Option<Running> {
        if deadline.is_none_or(|d| Instant::now() < d) {
            return None;
        }
        let running = self.channel.running().filter(|r| r.exploring)?;
        match *overtime {
            Some((sequence, since, cpu)) if sequence == running.sequence => {
                let over = since.elapsed();
                // Where the system does not tell processor time, it is cut.
                // A call that waits uses next to none; one that loops on a
                // loaded machine (tests run side by side) may get an eighth.
                let looping = cpu.zip(cpu_time(pid)).is_some_and(|(then, now)| now.saturating_sub(then) > over / 8);
                (over > GRACE && !looping).then_some(running)
            }
            _ => {
                *overtime = Some((running.sequence, Instant::now(), cpu_time(pid)));
                None
            }
        }
    }

    /// Prints the `drt: warning:` lines the last child wrote (a saved failure
    /// that no longer matches the code, a file that cannot be written), each
    /// once however many children say it: the parent's output is the only
    /// one anyone reads.
    fn forward_warnings(&self, said: &str) {
        for warning in said.lines().filter_map(|line| line.strip_prefix(WARNING)) {
            self.warn(warning.to_string());
        }
    }

    /// Prints a warning once and keeps it for the report.
    fn warn(&self, message: String) {
        warn_once(&mut self.warnings.lock().unwrap_or_else(|e| e.into_inner()), message);
    }

    /// How a child that exited ended; `said` is its stderr.
    fn ending(&self, job: &Job, status: ExitStatus, said: &str) -> Ending {
        let finished = match job.replay {
            false => self.channel.file(file::STATS).exists(),
            true => self.channel.file(file::REPLAYED).exists(),
        };
        if status.success() && finished {
            return Ending::Finished;
        }
        // drt's own error whole (its message may span lines), else the last
        // thing it said, not std's advice on backtraces after it (an
        // allocation failure prints one).
        let line_start = |at: &usize| *at == 0 || said[..*at].ends_with('\n');
        let said = match said.rmatch_indices(INTERNAL_ERROR).map(|(at, _)| at).find(line_start) {
            Some(at) => said[at..].trim(),
            None => said
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty() && !l.starts_with("note: run with `RUST_BACKTRACE"))
                .unwrap_or("")
                .trim(),
        }
        .to_string();
        Ending::Crashed { status: describe(status), code: status.code(), said, running: self.channel.running() }
    }

    /// Sequences the last child reported running.
    pub fn heartbeat(&self) -> u64 {
        self.channel.last_heartbeat().map_or(0, |(sequences, _)| sequences)
    }

    /// The sequences the last child traced.
    pub fn traced(&self) -> Vec<String> {
        let text = std::fs::read_to_string(self.channel.file(file::TRACE)).unwrap_or_default();
        crate::sequence_text::split(&text)
    }

    /// The failures the last child found (its final list when it finished,
    /// else what it logged before it died), and its stats when it finished.
    pub fn results(&self) -> (Vec<wire::Grouped>, Option<Stats>) {
        let stats = std::fs::read_to_string(self.channel.file(file::STATS)).ok().and_then(|s| wire::parse_stats(&s));
        let list = if stats.is_some() { file::FINAL } else { file::FAILURES };
        let mut failures = std::fs::read_to_string(self.channel.file(list)).unwrap_or_default();
        if stats.is_none() {
            // A failure the child was shortening when it died.
            failures.push_str(&std::fs::read_to_string(self.channel.file(file::PENDING)).unwrap_or_default());
        }
        (wire::failures(&failures), stats)
    }
}

impl Drop for Supervisor {
    /// Removes the channel's files, however supervising ended.
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.channel.dir);
    }
}

/// How much longer than the call timeout a child that the machine hardly
/// ran may stay silent before it is taken for hung.
const STARVED: u32 = 4;

/// Whether a child silent for `silent` since its last heartbeat (when it
/// had used `cpu_then` of processor time; process `pid`) hangs: past the
/// call timeout, and either busy for half of it since (a loop), or silent
/// for [`STARVED`] times it (a call that blocks: it uses no processor time).
/// A child a loaded machine did not run is not hung: under `cargo test` of
/// a large workspace, or a CI runner with other jobs, a quick call's
/// heartbeat can come seconds late.
fn hung(silent: Duration, (cpu_then, pid): (Option<Duration>, u32), timeout: Duration) -> bool {
    silent > timeout && (busy(silent, (cpu_then, pid)) > timeout / 2 || silent > timeout * STARVED)
}

/// The processor time a child silent for `silent` used since (it had used
/// `cpu_then`); the silence itself where the system does not tell.
fn busy(silent: Duration, (cpu_then, pid): (Option<Duration>, u32)) -> Duration {
    match (cpu_then, cpu_time(pid)) {
        (Some(then), Some(now)) => now.saturating_sub(then),
        _ => silent,
    }
}

/// The processor time process `pid` has used (user and system), where the
/// system tells it (`/proc/<pid>/stat` on Linux, to a clock tick).
fn cpu_time(pid: u32) -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // After the command's name in parentheses (which may hold either):
        // the state, then 10 fields before utime and stime.
        let mut fields = stat.get(stat.rfind(')')? + 1..)?.split_whitespace().skip(11);
        let ticks: u64 = fields.next()?.parse::<u64>().ok()? + fields.next()?.parse::<u64>().ok()?;
        // SAFETY: sysconf reads a constant of the system, with no memory of ours.
        let per_second = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).ok().filter(|t| *t > 0)?;
        Some(Duration::from_nanos(ticks.saturating_mul(1_000_000_000) / per_second))
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = pid;
        None
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

/// What the children of one exploration have run and found so far, told
/// by the supervisors watching them (one per job) and read by whoever
/// prints the progress line.
pub(crate) struct Tally {
    /// Per job, the sequences its children have run.
    sequences: Vec<AtomicU64>,
    /// The failures' groups found so far by any child, each once (by
    /// [`group_key`], as [`group`] groups them).
    groups: Mutex<Vec<(String, FailureKind)>>,
}

impl Tally {
    /// A tally of `jobs` jobs.
    pub fn new(jobs: usize) -> Tally {
        Tally { sequences: (0..jobs).map(|_| AtomicU64::new(0)).collect(), groups: Mutex::default() }
    }

    /// Job `lane`'s children have run `sequences` in all.
    pub fn ran(&self, lane: usize, sequences: u64) {
        self.sequences[lane].store(sequences, Ordering::Relaxed);
    }

    /// Failures were found (the same failure found again adds nothing).
    fn found<'a>(&self, failures: impl Iterator<Item = &'a wire::Grouped>) {
        let mut groups = self.groups.lock().unwrap_or_else(|e| e.into_inner());
        for found in failures {
            let key = group_key(found);
            if !groups.iter().any(|(place, kind)| (place.as_str(), *kind) == key) {
                groups.push((key.0.to_string(), key.1));
            }
        }
    }

    /// Sequences run so far by all the jobs, and the distinct failures found.
    pub fn so_far(&self) -> (u64, usize) {
        let sequences = self.sequences.iter().map(|n| n.load(Ordering::Relaxed)).sum();
        (sequences, self.groups.lock().unwrap_or_else(|e| e.into_inner()).len())
    }
}

/// Where a supervisor tells what its running child has done: the job's
/// tally, and what the job's children before it ran.
struct Watch<'a> {
    tally: &'a Tally,
    lane: usize,
    sequences_before: u64,
    /// When the exploration's time is up, if time bounds it.
    deadline: Option<Instant>,
}

/// Replays one sequence in a child, at most this many times per crash.
const MAX_CRASH_REPLAYS: usize = 256;
/// The same for a hang, where each replay costs a call timeout.
const MAX_HANG_REPLAYS: usize = 4;

/// Whether two endings are the same crash: both died at the same place
/// ([`Crash::place`]: the same signal or status, and the same panic or last
/// words), or both hung.
fn same_crash(a: &Ending, b: &Ending) -> bool {
    match (a, b) {
        (Ending::Crashed { .. }, Ending::Crashed { .. }) => {
            crash(a, None, None).place() == crash(b, None, None).place()
        }
        (Ending::Hung(_), Ending::Hung(_)) | (Ending::Slow(_), Ending::Slow(_)) => true,
        _ => false,
    }
}

impl Supervisor {
    /// Runs the job again with tracing after the last heartbeat; the last
    /// sequence traced before it crashes the same way is the culprit. A
    /// run that is not repeatable kept the text of the sequence it ran,
    /// which is replayed alone first.
    fn culprit(&self, world: &World<'_>, job: &Job, ran: u64, ending: &Ending) -> std::io::Result<Option<Sequence>> {
        // A run that is not repeatable kept the text of the sequence it
        // ran (see `shared::SharedText`): that sequence alone, first.
        let kept = running(ending).and_then(|r| self.channel.running_text(r.sequence));
        if let Some(text) = kept {
            let replay = Job { replay: true, ..job.clone() };
            if self.replay_crash(&replay, &text, ending).is_some() {
                return Ok(decode(world, &text).ok());
            }
        }
        let mut rerun = Job { trace_after: Some(ran), ..job.clone() };
        rerun.settings.budget.max_sequences = Some(ran + HEARTBEAT_EVERY);
        rerun.settings.budget.time_limit = None;
        // A child that weighed costs (which are times) kept its decisions:
        // the rerun makes them again instead.
        let kept = self.channel.dir.with_extension("decisions");
        if std::fs::rename(self.channel.file(file::DECISIONS), &kept).is_ok() {
            rerun.decisions = Some(kept.clone());
        }
        let again = self.run(&rerun, None);
        let _ = std::fs::remove_file(&kept);
        let again = again?;
        let traced = self.traced();
        if same_crash(&again, ending) {
            return Ok(traced.last().and_then(|text| decode(world, text).ok()));
        }
        // The rerun went another way, or its crash did not happen again:
        // the sequence it traced under the number that crashed, replayed
        // alone in a fresh child, may still crash the same way.
        let number = running(ending).map(|r| r.sequence);
        let Some(text) = number.and_then(|n| traced.get(usize::try_from(n.checked_sub(ran + 1)?).ok()?)) else {
            return Ok(None);
        };
        let replay = Job { replay: true, ..job.clone() };
        Ok(self.replay_crash(&replay, text, ending).and_then(|_| decode(world, text).ok()))
    }

    /// Replays `text` in a fresh child: when it crashed as `ending` did,
    /// how (its own last words), and in which of drt's checks, if in one.
    fn replay_crash(&self, replay: &Job, text: &str, ending: &Ending) -> Option<(Ending, Option<CheckAt>)> {
        let again = self.run(replay, Some(text)).ok()?;
        same_crash(&again, ending).then(|| (again, self.channel.crashed_checking()))
    }

    /// Minimizes a crashing sequence, replaying each candidate in a fresh
    /// child; and tells how the minimized one crashes (its message may
    /// differ: a smaller allocation failed) and whether in one of drt's
    /// checks after the calls (a `Debug` that loops), not in a call.
    fn minimize_crash(
        &self,
        world: &World<'_>,
        job: &Job,
        seq: Sequence,
        ending: &Ending,
    ) -> (Sequence, Option<(Ending, Option<CheckAt>)>) {
        let replays = if matches!(ending, Ending::Hung(_)) { MAX_HANG_REPLAYS } else { MAX_CRASH_REPLAYS };
        let limits = MinimizeLimits { steps: replays as u64, time: Duration::from_secs(30) };
        let replay = Job { replay: true, ..job.clone() };
        // How and where each candidate that crashed the same way crashed.
        let mut crashed: Vec<(String, (Ending, Option<CheckAt>))> = Vec::new();
        let mut oracle = |candidate: Sequence| {
            let text = encode(world, &candidate);
            let how = self.replay_crash(&replay, &text, ending)?;
            crashed.push((text, how));
            Some(candidate)
        };
        let seq = minimize_with(world, seq, limits, Blame::AnyCall, &mut oracle).0;
        let text = encode(world, &seq);
        let how = match crashed.into_iter().find(|(t, _)| *t == text) {
            Some((_, how)) => Some(how),
            // Never replayed (no candidate crashed): once more, to see how.
            None => self.replay_crash(&replay, &text, ending),
        };
        (seq, how)
    }
}

/// Explores in child processes, one after another, reporting crashes and
/// hangs as failures; as job `lane` of `tally`, which it keeps told of what
/// the children have run and found. The failures come grouped, each with
/// what groups it besides its operation and kind.
pub(crate) fn supervise(
    sup: &Supervisor,
    world: &World<'_>,
    mut job: Job,
    store: Option<&SavedFailuresFile>,
    (tally, lane): (&Tally, usize),
) -> Result<(Vec<wire::Grouped>, Stats), Stop> {
    let start = Instant::now();
    let time_limit = job.settings.budget.time_limit;
    let deadline = time_limit.map(|limit| start + limit);
    let mut stats = Stats { seed: job.settings.budget.seed, isolation: Isolation::Process, ..Stats::default() };
    let mut failures: Vec<wire::Grouped> = Vec::new();
    let mut restarts = 0;
    let mut throttled = 0;
    let mut throttles = Throttles::of(world, &job.throttles);
    // What the children that did not finish had run, from their last
    // snapshots (their sequences are counted apart, more closely).
    let mut unfinished: Option<Stats> = None;
    loop {
        if let Some(limit) = time_limit {
            let left = limit.saturating_sub(start.elapsed());
            if left.is_zero() {
                break;
            }
            job.settings.budget.time_limit = Some(left);
        }
        // A child counts from its own start: its failures are placed after
        // the sequences and the time of the children before it.
        let (sequences_before, time_before) = (stats.sequences, start.elapsed());
        let watch = Watch { tally, lane, sequences_before, deadline };
        let ending = sup.run_watched(&job, None, Some(&watch))?;
        if let Ending::Crashed { said, code, .. } = &ending {
            // Not the user's crash: drt's own, which the caller reports. Both
            // signs, so that a user's `exit(70)` is not taken for one.
            if said.starts_with(INTERNAL_ERROR) && *code == Some(INTERNAL_ERROR_STATUS) {
                return Err(Stop::Internal(said.clone()));
            }
            if said.starts_with(REFERENCE_UNKNOWN) && *code == Some(REFERENCE_UNKNOWN_STATUS) {
                return Err(Stop::ReferenceUnknown);
            }
            if let (Some(why), Some(CANNOT_GO_ON_STATUS)) = (said.strip_prefix(CANNOT_GO_ON), *code) {
                let left_out = displayed(world, &job.avoid).join(", ");
                let why = why.strip_prefix("drt: ").unwrap_or(why);
                stats.notes.push(format!("the exploration stopped early: without {left_out}, which crashed, {why}"));
                break;
            }
        }
        let (found, child_stats) = sup.results();
        failures.extend(found.into_iter().map(|(group, f)| {
            let (sequences_before, found_after) = (f.sequences_before + sequences_before, f.found_after + time_before);
            (group, Failure { sequences_before, found_after, ..f })
        }));
        if !matches!(ending, Ending::Finished | Ending::OutOfTime(_)) {
            if let Some(snapshot) = sup.channel.last_snapshot() {
                let snapshot = Stats { sequences: 0, ..snapshot };
                unfinished = Some(unfinished.map_or(snapshot.clone(), |u| add(u, snapshot)));
            }
        }
        match (&ending, child_stats) {
            (Ending::Finished, Some(child)) => {
                stats = after(stats, child);
                break;
            }
            (Ending::OutOfTime(running), _) => {
                // The time was up in a call that went on: what the child
                // ran is known from its last snapshot of its stats.
                let child = sup.channel.last_snapshot().unwrap_or_default();
                stats = after(stats, Stats { sequences: child.sequences.max(sup.heartbeat()), ..child });
                let op = running.call.as_ref().and_then(|path| displayed(world, std::slice::from_ref(path)).pop());
                let what = match op {
                    Some(op) => format!("a call of {op}"),
                    None => "a sequence (after its calls: drt's checks of its values)".to_string(),
                };
                stats.notes.push(format!(
                    "the time limit came while {what} had run for over {GRACE:?}; it was stopped there, not counted"
                ));
                break;
            }
            _ => {}
        }
        if let Some((n, _)) = too_large(world, &mut throttles, &ending, &job.settings) {
            // An input too large for a run, not a failure: explore on with
            // the parameter drawn smaller, the operation kept.
            let ran = n - 1;
            stats.sequences += n;
            stats.illegal += 1;
            job.throttles = throttles.learned();
            throttled += 1;
            if throttled > MAX_THROTTLED {
                stats.notes.push(format!(
                    "the exploration stopped after {throttled} sizes too large for a run crashed or hung it; bound \
                     them with requires(...) to explore further"
                ));
                break;
            }
            if !next_child(&mut job, ran) {
                break;
            }
            continue;
        }
        if let Some((at, number)) = known_crash(world, &failures, &ending, &job.settings) {
            // A crash already reported, in the same operation: one more
            // hit, with no rerun.
            stats.sequences += number;
            stats.failing += 1;
            failures[at].1.hits += 1;
            damp(world, &mut job, &failures[at].1);
            tally.ran(lane, stats.sequences);
            if !next_child(&mut job, number - 1) {
                break;
            }
            continue;
        }
        let ran = sup.heartbeat();
        let elapsed = start.elapsed();
        let culprit = sup.culprit(world, &job, ran, &ending)?;
        // The trace counts the sequences after the last heartbeat, the
        // culprit last; without one (a kept text was replayed, no rerun),
        // the record of the sequence running does.
        let ran = match sup.traced().len() {
            0 => running(&ending).map_or(ran, |r| r.sequence.saturating_sub(1).max(ran)),
            traced => ran + traced as u64 - 1,
        };
        let found_at = Found { after: elapsed, sequences_before: stats.sequences + ran };
        stats.sequences += ran + 1;
        stats.failing += 1;
        let (memory_limit, timeout) = (job.settings.memory_limit, Some(job.settings.call_timeout));
        let (failure, crash) = match culprit {
            Some(seq) => {
                let (seq, how) = sup.minimize_crash(world, &job, seq, &ending);
                // The minimized sequence's own crash, when a replay saw it.
                let (last, check) = how.as_ref().map_or((&ending, None), |(e, check)| (e, check.as_ref()));
                let crash = crash(last, memory_limit, timeout);
                let f = crash_failure(world, Some((&seq, check)), &crash, found_at);
                if let Some(store) = store.filter(|_| job.settings.saved_failures.save) {
                    if let Err(warning) = store.save(world, &[(entry_comment(&f, job.settings.budget.seed), &seq)]) {
                        sup.warn(warning);
                    }
                }
                (f, crash)
            }
            None => {
                let crash = crash(&ending, memory_limit, timeout);
                let mut failure = crash_failure(world, None, &crash, found_at);
                // No sequence to show, but the call it was in is known.
                let path = running(&ending).and_then(|r| r.call.as_ref().or(r.extending.as_ref()));
                if let Some(op) = path.and_then(|p| displayed(world, std::slice::from_ref(p)).pop()) {
                    failure.operation = op.to_string();
                }
                (failure, crash)
            }
        };
        let found = (crash.key(&failure).group_name(), failure);
        match failures.iter().position(|g| same_group(g, &found)) {
            // The same crash, known only once rerun and minimized (it
            // happened in another operation's checks, a `Debug` that loops
            // after any call): that costs too much to meet again.
            Some(at) => {
                failures[at].1.hits += 1;
                avoid(world, &mut job, &found.1);
            }
            None => {
                damp(world, &mut job, &found.1);
                failures.push(found);
                tally.found(failures.last().into_iter());
            }
        }
        tally.ran(lane, stats.sequences);
        restarts += 1;
        if restarts > MAX_RESTARTS {
            stats.notes.push(format!(
                "the exploration stopped after {restarts} crashes; fix them (or #[drt(skip)] the crashing \
                 operations) to explore further"
            ));
            break;
        }
        if !next_child(&mut job, ran) {
            break;
        }
    }
    if let Some(unfinished) = unfinished {
        stats = add(stats, unfinished);
    }
    // Every size learned, however the children ended: the time may be up
    // just after one was throttled, with no child left to list it.
    stats.throttled = throttles.described(world);
    if !job.avoid.is_empty() {
        // Why nothing could build a value may be that its maker crashed.
        let left_out = displayed(world, &job.avoid);
        let (it, was) = if left_out.len() == 1 { ("it", "was") } else { ("they", "were") };
        for (_, why) in &mut stats.uncallable {
            why.push_str(&format!(" ({} crashed, so {it} {was} left out of the exploration)", left_out.join(", ")));
        }
    }
    // The warnings, shared by the jobs' supervisors, are the merged report's (`jobs::merge`).
    stats.elapsed = start.elapsed();
    tally.ran(lane, stats.sequences);
    Ok((group(failures), stats))
}

/// The stats of the children before the last (`before`), which left only
/// the sequences they ran, their crashes and the sizes too large for them,
/// followed by the last child's.
fn after(before: Stats, last: Stats) -> Stats {
    Stats {
        sequences: before.sequences + last.sequences,
        failing: before.failing + last.failing,
        illegal: before.illegal + last.illegal,
        seed: before.seed,
        isolation: Isolation::Process,
        notes: [before.notes, last.notes].concat(),
        ..last
    }
}

/// Two jobs' (or children's) stats added up: counts summed, per operation by name; an
/// operation is uncallable when it never ran normally in any job; notes
/// each once. (The warnings are the jobs' shared list: see `jobs::merge`.)
pub(super) fn add(mut total: Stats, lane: Stats) -> Stats {
    total.sequences += lane.sequences;
    total.calls += lane.calls;
    total.new_calls += lane.new_calls;
    total.reused_calls += lane.reused_calls;
    total.normal += lane.normal;
    total.illegal += lane.illegal;
    total.redundant += lane.redundant;
    total.failing += lane.failing;
    total.evicted += lane.evicted;
    // Jobs reach many of the same edges: the most one reached is the floor.
    total.coverage = match (total.coverage, lane.coverage) {
        (Some(a), Some(b)) => Some(a.and(b)),
        (a, b) => a.or(b),
    };
    for op in lane.operations {
        match total.operations.iter_mut().find(|o| o.name == op.name) {
            Some(o) => {
                o.attempted += op.attempted;
                o.succeeded += op.succeeded;
                o.illegal += op.illegal;
                o.failed += op.failed;
                o.time += op.time;
            }
            None => total.operations.push(op),
        }
    }
    for entry in lane.uncallable {
        if !total.uncallable.iter().any(|(op, _)| *op == entry.0) {
            total.uncallable.push(entry);
        }
    }
    for entry in lane.throttled {
        if !total.throttled.iter().any(|(param, _)| *param == entry.0) {
            total.throttled.push(entry);
        }
    }
    let ran = |name: &str, ops: &[OperationStats]| ops.iter().any(|o| o.name == name && o.succeeded > 0);
    let ops = std::mem::take(&mut total.operations);
    total.uncallable.retain(|(op, _)| !ran(op, &ops));
    total.operations = ops;
    for note in lane.notes {
        if !total.notes.contains(&note) {
            total.notes.push(note);
        }
    }
    total
}

/// Crashes of one operation after which it is left out of the exploration
/// (each costs a child; before, it is drawn less often: see [`damp`]).
const AVOID_AFTER: u32 = 16;

/// When a child crashed (or hung) in a call (or in drt's checks after the
/// calls of a sequence), the same way as a crash already in `failures` of
/// that call's operation (the operation the sequence extends): its index
/// there, and the number of the sequence that crashed.
fn known_crash(
    world: &World<'_>,
    failures: &[wire::Grouped],
    ending: &Ending,
    settings: &Settings,
) -> Option<(usize, u64)> {
    let running = running(ending)?;
    let path = running.call.as_ref().or(running.extending.as_ref())?;
    let op = displayed(world, std::slice::from_ref(path)).pop()?;
    let (kind, crash) = match ending {
        Ending::Hung(_) => (FailureKind::Timeout, crash(ending, None, Some(settings.call_timeout))),
        Ending::Crashed { .. } => (FailureKind::Crash, crash(ending, settings.memory_limit, None)),
        _ => return None,
    };
    let group = crate::triage::FailureKey { subject: op.to_string(), kind, place: crash.place() }.group_name();
    let at = failures.iter().position(|(g, f)| *g == group && f.kind == kind)?;
    Some((at, running.sequence.max(1)))
}

/// What a child that did not finish was running, as far as it said.
fn running(ending: &Ending) -> Option<&Running> {
    match ending {
        Ending::Crashed { running, .. } | Ending::Hung(running) => running.as_ref(),
        Ending::Slow(running) | Ending::OutOfTime(running) => Some(running),
        Ending::Finished => None,
    }
}

/// Draws the operation of a crash `failure` half as often in the
/// children to come than before (`Weights::damp`), not never: it may have
/// another defect to show. Leaves it out once it crashed [`AVOID_AFTER`]
/// times.
fn damp(world: &World<'_>, job: &mut Job, failure: &Failure) {
    let Some(op) = culprit_op(world, failure) else { return };
    let times = match job.damped.iter_mut().find(|(path, _)| *path == op) {
        Some((_, times)) => {
            *times += 1;
            *times
        }
        None => {
            job.damped.push((op.clone(), 1));
            1
        }
    };
    if times >= AVOID_AFTER && !job.avoid.contains(&op) {
        job.avoid.push(op);
    }
}

/// Leaves the operation of a crash `failure` out of the children to come.
fn avoid(world: &World<'_>, job: &mut Job, failure: &Failure) {
    match culprit_op(world, failure) {
        Some(op) if !job.avoid.contains(&op) => job.avoid.push(op),
        _ => {}
    }
}

/// The operations at `paths`, as reports name them.
fn displayed<'w>(world: &'w World<'_>, paths: &[String]) -> Vec<&'w str> {
    paths
        .iter()
        .filter_map(|path| world.ops.iter().find(|o| o.op.path == *path).map(|o| o.op.display.as_str()))
        .collect()
}

/// Readies `job` for the child after one that crashed when `ran`
/// sequences had run before the culprit: another seed, the budget left,
/// and no saved sequences. Whether any budget is left.
fn next_child(job: &mut Job, ran: u64) -> bool {
    let budget = &mut job.settings.budget;
    budget.seed = budget.seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    budget.max_sequences = budget.max_sequences.map(|m| m.saturating_sub(ran + 1));
    job.settings.saved_failures.replay = false;
    job.settings.budget.max_sequences != Some(0)
}

/// When a child was cut short or failed to allocate in a call or
/// sequence given a large integer: an input too large for a run
/// ([`crate::sizes`]), whose parameter is throttled. The sequence's number,
/// and the throttle. `None` for any other crash, which is a failure. (A
/// hang never ran such a call: it would have been cut short first.)
fn too_large(
    world: &World<'_>,
    throttles: &mut Throttles,
    ending: &Ending,
    settings: &Settings,
) -> Option<(u64, Throttle)> {
    let (running, why) = match ending {
        Ending::Slow(running) => (running, format!("ran longer than {:?}", settings.call_timeout / SLOW_SHARE)),
        Ending::Crashed { said, running: Some(running), .. } if crate::sizes::allocation_failed(said) => {
            (running, format!("crashed: {said}"))
        }
        _ => return None,
    };
    Some((running.sequence, throttles.learn(world, running.large.clone()?, &why)?))
}

/// What triage is told of a child that did not finish: `memory_limit` is
/// the ceiling it ran under, `timeout` the call timeout.
fn crash(ending: &Ending, memory_limit: Option<u64>, timeout: Option<Duration>) -> Crash {
    let timeout = timeout.unwrap_or_default();
    match ending {
        // (A slow child ran a sequence given a large integer: see `too_large`.)
        Ending::Hung(_) | Ending::Slow(_) => Crash::Hung { timeout },
        Ending::Crashed { status, said, running, .. } => Crash::Died {
            status: status.clone(),
            said: said.clone(),
            // std's words when an allocation fails.
            out_of_memory: memory_limit.filter(|_| said.starts_with("memory allocation of")),
            // A panic in the call running when it died: what aborted it.
            panicked: running.as_ref().and_then(|r| {
                let (at, message) = r.panicking.as_deref()?.split_once('\n')?;
                Some((at.to_string(), message.to_string())).filter(|(at, _)| !at.is_empty())
            }),
        },
        Ending::Finished | Ending::OutOfTime(_) => Crash::NotAgain,
    }
}

/// The full path of the operation a crash failure names.
fn culprit_op(world: &World<'_>, failure: &Failure) -> Option<String> {
    world.ops.iter().find(|o| o.op.display == failure.operation).map(|o| o.op.path.clone())
}

/// One failure per (kind, group) across all children, in the order found:
/// the shortest reproduction, found when the group was first met, with the
/// hits of all. The group is what the child's engine grouped by (the
/// operation, or the type of a broken contract, and the place), for a crash
/// the operation and how the process ended.
pub(crate) fn group(failures: Vec<wire::Grouped>) -> Vec<wire::Grouped> {
    let mut out: Vec<wire::Grouped> = Vec::new();
    for found in failures {
        match out.iter_mut().find(|g| same_group(g, &found)) {
            Some((_, g)) => {
                let (_, f) = found;
                let hits = g.hits + f.hits;
                if f.len < g.len {
                    *g = Failure { found_after: g.found_after, sequences_before: g.sequences_before, ..f };
                }
                g.hits = hits;
            }
            None => out.push(found),
        }
    }
    out
}

/// Whether two failures are of one group: the same kind at the same place.
fn same_group(a: &wire::Grouped, b: &wire::Grouped) -> bool {
    group_key(a) == group_key(b)
}

/// What tells a failure's group: its place and its kind.
fn group_key((place, f): &wire::Grouped) -> (&str, FailureKind) {
    (place, f.kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn drts_own_error_is_read_whole_from_a_childs_stderr() {
        use std::os::unix::process::ExitStatusExt;
        let sup = Supervisor::for_current_test().expect("tests run on named threads");
        let settings = crate::fixtures::settings(1, 1);
        let job = Job {
            subjects: Vec::new(),
            replay: false,
            settings,
            trace_after: None,
            avoid: Vec::new(),
            damped: Vec::new(),
            throttles: Vec::new(),
            decisions: None,
            reference: None,
        };
        let stderr = format!("the user's output\n{INTERNAL_ERROR} (a bug in drt, please report it): first\nsecond\n");
        let status = ExitStatus::from_raw(INTERNAL_ERROR_STATUS << 8);
        let Ending::Crashed { said, code, .. } = sup.ending(&job, status, &stderr) else { panic!("not a crash") };
        assert_eq!(code, Some(INTERNAL_ERROR_STATUS));
        assert_eq!(said, format!("{INTERNAL_ERROR} (a bug in drt, please report it): first\nsecond"));
        // A user's crash is still told by its last words.
        let Ending::Crashed { said, .. } = sup.ending(&job, ExitStatus::from_raw(6), "a\nlast words\n") else {
            panic!("not a crash")
        };
        assert_eq!(said, "last words");
    }

    /// A child that died while it shortened a failure still tells it: the
    /// failure it kept pending is among its results, until it is told.
    #[test]
    fn a_failure_pending_when_the_child_died_is_among_its_results() {
        let sup = Supervisor::for_current_test().expect("tests run on named threads");
        std::fs::create_dir_all(&sup.channel.dir).unwrap();
        let failure = Failure {
            kind: FailureKind::Panic,
            operation: "A::f".into(),
            message: "boom".into(),
            location: None,
            code: "#[test]\nfn t() {}\n".into(),
            len: 3,
            found_after: Duration::ZERO,
            sequences_before: 7,
            hits: 1,
            unminimized_len: 9,
            minimize_limit: None,
            group: String::new(),
        };
        sup.channel.pending(Some(("A::f panic here", &failure)));
        let (found, stats) = sup.results();
        assert!(stats.is_none());
        let told: Vec<(&str, &str, u64)> =
            found.iter().map(|(g, f)| (g.as_str(), f.operation.as_str(), f.sequences_before)).collect();
        assert_eq!(told, [("A::f panic here", "A::f", 7)]);
        sup.channel.pending(None);
        assert!(sup.results().0.is_empty(), "told (or the search over): no longer pending");
    }

    /// A process that works uses processor time, read from the system (a
    /// child that a loaded machine does not run uses none, and is not slow).
    #[cfg(target_os = "linux")]
    #[test]
    fn the_processor_time_of_a_process_is_read() {
        let me = std::process::id();
        let before = cpu_time(me).expect("Linux tells a process's processor time");
        let start = Instant::now();
        let mut x = 0u64;
        while start.elapsed() < Duration::from_millis(100) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        let worked = cpu_time(me).unwrap();
        assert!(worked >= before + Duration::from_millis(50), "{before:?} -> {worked:?}");
        assert_eq!(cpu_time(u32::MAX), None, "no such process");
    }

    /// A silent child is hung when it loops (it used the processor) or
    /// when it stays silent far past the timeout (it blocks); not when a
    /// loaded machine merely did not run it.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_child_the_machine_did_not_run_is_not_hung() {
        let me = std::process::id();
        let t = Duration::from_secs(5);
        let now = cpu_time(me);
        assert!(!hung(t, (now, me), t), "not past the timeout");
        assert!(!hung(2 * t, (now, me), t), "silent but idle: a loaded machine");
        assert!(hung(t * STARVED + Duration::from_millis(1), (now, me), t), "silent too long: a call that blocks");
        // A loop: the processor time it uses since (read in clock ticks)
        // is more than half of a timeout of 40 ms.
        let start = Instant::now();
        let mut x = 0u64;
        while start.elapsed() < Duration::from_millis(100) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        let ms = Duration::from_millis;
        assert!(hung(ms(100), (now, me), ms(40)), "busy past the timeout");
    }

    #[test]
    fn a_supervisor_leaves_no_files_behind() {
        let sup = Supervisor::for_current_test().expect("tests run on named threads");
        let dir = sup.channel.dir.clone();
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(sup.channel.file(file::STDERR), "said").unwrap();
        drop(sup);
        assert!(!dir.exists(), "{} is left behind", dir.display());
    }
}
