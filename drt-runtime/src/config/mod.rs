//! What the user asked for and what an exploration runs with: the
//! [`Explorer`] builder (the request), and one [`Settings`] value resolved
//! from it once, `DRT_*` environment variables first (so CI can lengthen
//! every exploration without code changes), then the builder, then the
//! defaults. Plain data: nothing here runs an exploration (`driver/`
//! does), and a child process receives the settings in its job instead of
//! resolving its own.

mod lines;

use std::any::TypeId;
use std::path::PathBuf;
use std::time::Duration;

/// The seed used when neither `.seed()` nor `DRT_SEED` gives one.
pub const DEFAULT_SEED: u64 = 0x5eed;
/// The time limit when neither `.time_limit()`, `DRT_TIME_LIMIT` nor a
/// sequence budget gives one.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(2);
/// The longest sequence generated when neither `.max_len()` nor `DRT_MAX_LEN` gives one.
pub const DEFAULT_MAX_LEN: usize = 100;
/// How long a call may run before it counts as a hang, unless `.call_timeout()`
/// or `DRT_CALL_TIMEOUT` says otherwise (the thesis's 5 s).
pub const DEFAULT_CALL_TIMEOUT: Duration = Duration::from_secs(5);
/// Child processes where the platform lets drt watch them.
const DEFAULT_ISOLATION: Isolation = if cfg!(unix) { Isolation::Process } else { Isolation::InProcess };
/// Time between two progress lines of a long run (the first comes after
/// one such time) unless `DRT_PROGRESS` says otherwise.
const DEFAULT_PROGRESS: Duration = Duration::from_secs(5);
/// The pool's bound unless `.max_pool()` or `DRT_MAX_POOL` says otherwise:
/// with its fingerprint sets and the rest of an exploration, under 512 MiB.
const DEFAULT_MAX_POOL: u64 = 256 << 20;
/// The smallest pool bound: a long sequence with its values can take tens of KiB.
pub(crate) const MIN_MAX_POOL: u64 = 1 << 20;
/// Candidate executions one minimization may spend, unless `DRT_MINIMIZE_STEPS` says otherwise.
const DEFAULT_MINIMIZE_STEPS: u64 = 4_000;
/// Time one minimization may spend, unless `DRT_MINIMIZE_TIME` says otherwise.
const DEFAULT_MINIMIZE_TIME: Duration = Duration::from_secs(10);

/// Where an exploration runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isolation {
    /// In a child process, so that crashes and hangs are reported instead of
    /// killing the test run (the default on Unix).
    Process,
    /// In the test's own thread: faster to start, but a stack overflow, an
    /// abort or an infinite loop takes the whole test binary down (the
    /// default where drt cannot watch a child process).
    InProcess,
}

/// How [`Explorer::emit_regression_tests`] treats its file, insta's
/// `INSTA_UPDATE` for drt. A file already there is reviewed code: only
/// [`Update::Always`] writes over it. Env: `DRT_UPDATE` (`auto`, `new`,
/// `always` or `no`), which wins over the builder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Update {
    /// [`Update::New`] on a developer's machine; [`Update::No`] under
    /// `DRT_STRICT` (on when `CI` is set), so CI writes no file unless asked.
    #[default]
    Auto,
    /// Writes the file when there is none; when this exploration observed
    /// other behaviour than the file there says, writes its version beside
    /// it, in the file's path + `.new`, with a warning to review it.
    New,
    /// Writes the file, over one that is there: the new behaviour is
    /// accepted without review.
    Always,
    /// Writes nothing: a missing or out-of-date file is a warning (which
    /// fails `run()` under `DRT_STRICT`).
    No,
}

impl Update {
    /// Its `DRT_UPDATE` value: `auto`, `new`, `always`, `no`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Update::Auto => "auto",
            Update::New => "new",
            Update::Always => "always",
            Update::No => "no",
        }
    }
}

impl Default for Isolation {
    /// What an exploration uses unless told otherwise: [`Isolation::Process`]
    /// on Unix, else [`Isolation::InProcess`].
    fn default() -> Self {
        DEFAULT_ISOLATION
    }
}

/// Explores the operations registered for one or more types. Made by
/// [`explore`]; finish with [`Explorer::run`] or [`Explorer::report`].
///
/// # Examples
///
/// ```no_run
/// # struct Account;
/// # #[drt::operations] impl Account { fn new() -> Self { Account } }
/// drt::explore::<Account>()
///     .max_sequences(10_000)
///     .seed(7)
///     .run();
/// ```
#[derive(Clone, Debug)]
#[must_use = "an Explorer does nothing until .run() or .report()"]
pub struct Explorer {
    subjects: Vec<(TypeId, &'static str)>,
    time_limit: Option<Duration>,
    max_sequences: Option<u64>,
    seed: Option<u64>,
    max_len: Option<usize>,
    persist: Option<bool>,
    regression_tests: Option<PathBuf>,
    update: Option<Update>,
    isolation: Option<Isolation>,
    call_timeout: Option<Duration>,
    memory_limit: Option<u64>,
    max_pool: Option<u64>,
    jobs: Option<usize>,
    json_report: Option<PathBuf>,
    laws: Option<bool>,
    memcheck: Option<bool>,
    random_walk: bool,
    /// The reference `against` chose.
    reference: Option<Chosen>,
}

/// A reference `against` chose, as the builder carries it to the
/// exploration (and, in a child process, to the job that names it).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Chosen {
    pub(crate) id: TypeId,
    /// Its `type_name`, which a child's job names it by.
    pub(crate) name: &'static str,
    /// Registers what the reference brings itself (a std collection's
    /// methods) into the `Registrar` it is handed. The builder sits below
    /// `macro_support`, so the registrar comes as `dyn Any`.
    pub(crate) register: fn(&mut dyn std::any::Any),
}

/// Starts an exploration of the operations registered by `#[drt::operations]`
/// on `T`'s impl blocks.
///
/// Operations of other registered types join in when they build values those
/// operations need.
pub fn explore<T: 'static>() -> Explorer {
    Explorer {
        subjects: vec![(TypeId::of::<T>(), std::any::type_name::<T>())],
        time_limit: None,
        max_sequences: None,
        seed: None,
        max_len: None,
        persist: None,
        regression_tests: None,
        update: None,
        isolation: None,
        call_timeout: None,
        memory_limit: None,
        max_pool: None,
        jobs: None,
        json_report: None,
        laws: None,
        memcheck: None,
        random_walk: false,
        reference: None,
    }
}

impl Explorer {
    /// Stops after this much time (default 2 s, or none when
    /// `max_sequences` is set). Env: `DRT_TIME_LIMIT` (`500` ms, `2s`, `10m`, `1h`),
    /// which also sets aside the code's `.max_sequences()`, so CI can
    /// lengthen any test's run (`DRT_MAX_SEQUENCES` still applies with it).
    /// A run longer than 5 s prints a progress line every 5 s
    /// (`DRT_PROGRESS`: another interval, or `off`).
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Stops after executing this many sequences; with no time limit this
    /// makes the run fully deterministic. `0` runs only the saved failures
    /// (and passes when none fails), as `PROPTEST_CASES=0` does. Env:
    /// `DRT_MAX_SEQUENCES`.
    pub fn max_sequences(mut self, n: u64) -> Self {
        self.max_sequences = Some(n);
        self
    }

    /// The random seed (default [`DEFAULT_SEED`]); every report prints it.
    /// Env: `DRT_SEED` (a number, or `random` for a fresh one each run,
    /// printed when the run starts).
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// The longest sequence to generate, in calls (default 100). Env: `DRT_MAX_LEN`.
    pub fn max_len(mut self, calls: usize) -> Self {
        self.max_len = Some(calls);
        self
    }

    /// Whether failing sequences are saved to `drt-regressions/<type>.txt` in
    /// the crate under test and replayed first next time (default: yes for
    /// [`run`](Self::run), no for [`report`](Self::report)). Env:
    /// `DRT_PERSIST=off` (or `on`).
    pub fn persist(mut self, on: bool) -> Self {
        self.persist = Some(on);
        self
    }

    /// After exploring, writes a file of passing `#[test]`s to `path` (relative
    /// to the crate under test when run by `cargo test`): for every operation
    /// that ran normally, its shortest sequence and `assert_eq!`s of what it
    /// returned and of its receiver's `Debug` text. Each test was run twice
    /// and kept only when both runs agreed; the same seed and
    /// `max_sequences` write the same file. A file already there is
    /// reviewed code and is not overwritten: when this exploration observed
    /// something else, its version goes beside it, in `path` + `.new`, with
    /// a warning to review it. In CI (under `DRT_STRICT`) nothing is written
    /// unless asked, and a missing or out-of-date file is a warning that
    /// fails `run()`. [`update_regression_tests`](Self::update_regression_tests)
    /// or `DRT_UPDATE` chooses otherwise.
    pub fn emit_regression_tests(mut self, path: impl Into<PathBuf>) -> Self {
        self.regression_tests = Some(path.into());
        self
    }

    /// How [`emit_regression_tests`](Self::emit_regression_tests) writes its
    /// file (default [`Update::Auto`]: as [`Update::New`], but nothing in
    /// CI). Env: `DRT_UPDATE` (`auto`, `new`, `always` or `no`), as insta's
    /// `INSTA_UPDATE`: `DRT_UPDATE=always cargo test` accepts every change,
    /// `DRT_UPDATE=new` in CI writes the files for its artifacts.
    pub fn update_regression_tests(mut self, update: Update) -> Self {
        self.update = Some(update);
        self
    }

    /// Where to explore: [`Isolation::Process`] (the default on Unix) runs the
    /// exploration in a child process, so a stack overflow, an abort or an
    /// infinite loop is reported as a failure instead of killing the test
    /// run. Env: `DRT_ISOLATION` (`process` or `in-process`).
    pub fn isolation(mut self, isolation: Isolation) -> Self {
        self.isolation = Some(isolation);
        self
    }

    /// How long a call may run before it counts as a hang (default 5 s; only
    /// with [`Isolation::Process`]). Env: `DRT_CALL_TIMEOUT`.
    pub fn call_timeout(mut self, timeout: Duration) -> Self {
        self.call_timeout = Some(timeout);
        self
    }

    /// The most memory the exploring child process may allocate, in bytes
    /// (default: half of the machine's memory, or of its container's limit,
    /// and at least 1 GiB; only with [`Isolation::Process`], on Linux).
    /// Past it an allocation fails and the child aborts: a runaway
    /// allocation in the code under test is then a reported failure with
    /// its sequence, not an out-of-memory kill of the test run. Env:
    /// `DRT_MEMORY_LIMIT` (`512M`, `4G`, or `off`).
    pub fn memory_limit(mut self, bytes: u64) -> Self {
        self.memory_limit = Some(bytes);
        self
    }

    /// The most memory the pool of sequences kept for extension, and of the
    /// values kept to extend them, may hold, in bytes (default 256 MiB,
    /// which keeps a long exploration under 512 MiB in all; at least 1 MiB).
    /// The sequences get an eighth of it (small enough to stay in a
    /// processor's cache, which the search reads at random); past that, the
    /// pool evicts sequences at random, longer ones more often, never the
    /// shortest few offering each type and ending in each operation;
    /// [`Stats::evicted`](crate::Stats::evicted) counts them. The values
    /// kept so that extending a sequence need not run it again get the
    /// rest; past that, no more are kept (which costs time, never changes
    /// what is explored). Env: `DRT_MAX_POOL` (`64M`, `1G`, or `off` for no bound).
    pub fn max_pool(mut self, bytes: u64) -> Self {
        self.max_pool = Some(bytes);
        self
    }

    /// Explores in `n` child processes at once (default 1), each with its
    /// own seed derived from the run's, and merges what they find into one
    /// report: the same grouping, the shortest reproduction kept, the
    /// [`Stats`](crate::Stats) added up. A `max_sequences` budget is split
    /// among them, and the report is the same for the same seed and `n` on
    /// any machine: at most as many children as there are cores run at
    /// once, the others after them. A time limit is each child's, so
    /// there are then no more jobs than cores. Needs
    /// [`Isolation::Process`]; each child has its own `max_pool` and
    /// memory limit. Env: `DRT_JOBS` (a number, or `auto` for one per
    /// core).
    pub fn jobs(mut self, n: usize) -> Self {
        self.jobs = Some(n);
        self
    }

    /// Also writes the report as JSON to `path`, and each failure's
    /// `#[test]` to a file of its own beside it, for CI systems to keep
    /// as artifacts. A path ending in `.json` is the file; any other is a
    /// directory, where the file is named after the types under test (so
    /// one directory serves every exploration of a test run). Relative to
    /// the crate under test when run by `cargo test`. A file that cannot
    /// be written is a warning; the run's verdict does not change. Needs
    /// the `json` feature (on by default). Env: `DRT_REPORT_JSON`.
    pub fn json_report(mut self, path: impl Into<PathBuf>) -> Self {
        self.json_report = Some(path.into());
        self
    }

    /// Whether to check the laws (default: on): the conventions std
    /// documents for the names and traits a type uses, such as
    /// `x.iter().count() == x.len()` and `x.is_empty() == (x.len() == 0)`,
    /// checked wherever the type's signatures match one exactly (the
    /// guide's chapter on laws lists them). Turn one law off for one type
    /// with `laws(skip(name))` on its `#[drt::operations]` instead. Env:
    /// `DRT_LAWS` (`on` or `off`).
    pub fn laws(mut self, on: bool) -> Self {
        self.laws = Some(on);
        self
    }

    /// Whether to explore under valgrind's memcheck (default: off): the
    /// exploring child runs under the checker, and a read or write outside
    /// an allocation, a use after free, a double or invalid free, or a
    /// decision on uninitialised memory during a call is a failure of kind
    /// [`FailureKind::Memory`](crate::FailureKind::Memory) of that call,
    /// its message valgrind's. For types with `unsafe` code or FFI; it
    /// needs valgrind on `PATH` and costs what valgrind costs (a few
    /// seconds to start, then hundreds of times slower: budget it in
    /// sequences). Env: `DRT_MEMCHECK` (`on` or `off`).
    pub fn memcheck(mut self, on: bool) -> Self {
        self.memcheck = Some(on);
        self
    }

    /// Explores by the thesis's undirected baseline instead (Rw, thesis
    /// §8.3): one sequence extended call by call, each executed, and
    /// started over at the first illegal input or failure; no pool, no
    /// feedback. For benchmarks that measure what the directed search
    /// adds; not for testing.
    #[doc(hidden)]
    pub fn random_walk(mut self) -> Self {
        self.random_walk = true;
        self
    }

    /// Also puts `U`'s operations under test.
    pub fn also<U: 'static>(mut self) -> Self {
        self.subjects.push((TypeId::of::<U>(), std::any::type_name::<U>()));
        self
    }
}

/// What an exploration runs for: the decisions the builder leaves to where
/// it runs, made in [`Explorer::settings`] with the rest (insta's request
/// apart from its decision).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// A test's `run()` (`saved`: saved failures on unless asked otherwise)
    /// or `report()` (off).
    Test { saved: bool },
    /// `drt::fuzz`: one short exploration per input, in this process,
    /// saving nothing, printing no progress line, with the smallest pool.
    Fuzz,
}

impl Purpose {
    /// `report()`'s.
    #[cfg(test)]
    pub(crate) const REPORT: Purpose = Purpose::Test { saved: false };
}

/// Everything one exploration runs with, decided once from the builder, the
/// environment and the defaults. A supervisor hands it to its children in
/// their job, changed only where a restart must (another seed, what is left
/// of the budget).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Settings {
    pub budget: Budget,
    pub minimize: MinimizeLimits,
    pub saved_failures: SavedFailures,
    pub isolation: Isolation,
    pub call_timeout: Duration,
    /// Where to write passing regression tests after exploring, when asked,
    /// and how ([`Update::Auto`] goes by `strict`).
    pub regression_tests: Option<(PathBuf, Update)>,
    /// Whether a warning about drt's files fails `run()` (`DRT_STRICT`, on when `CI` is set).
    pub strict: bool,
    /// The exploring child's memory ceiling in bytes, if any.
    pub memory_limit: Option<u64>,
    /// The bound on the pool's bytes (`u64::MAX`: none).
    pub max_pool: u64,
    /// Time between two progress lines, the first after one such time
    /// (`DRT_PROGRESS`; `None`: off).
    pub progress: Option<Duration>,
    /// Children exploring side by side, each with its part of the budget
    /// (`.jobs()`, `DRT_JOBS`); 1 in a child.
    pub jobs: usize,
    /// Whether `jobs` is `DRT_JOBS=auto`'s, one per core: then only the
    /// cores no other exploration holds are taken (`isolate::cores`).
    pub jobs_auto: bool,
    /// Where to write the report as JSON (`.json_report()`,
    /// `DRT_REPORT_JSON`); not sent to a child.
    pub json_report: Option<PathBuf>,
    /// Whether to steer by the code under test's coverage where it was
    /// built for it (`cargo drt`): `DRT_COVERAGE`, on by default.
    pub coverage: bool,
    /// Whether to check the laws (`.laws()`, `DRT_LAWS`, on by default).
    pub laws: bool,
    /// Whether the exploring child runs under valgrind's memcheck
    /// (`.memcheck()`, `DRT_MEMCHECK`, off by default).
    pub memcheck: bool,
    /// Whether to explore by an undirected random walk instead
    /// ([`Explorer::random_walk`], for benchmarks).
    pub random_walk: bool,
    /// What the reader of the report should know about how the settings
    /// were decided (a `DRT_JOBS` that could not be followed), printed
    /// already; not sent to a child.
    pub notes: Vec<String>,
}

/// How much to explore, and from which seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    pub seed: u64,
    pub time_limit: Option<Duration>,
    pub max_sequences: Option<u64>,
    pub max_len: usize,
}

impl Budget {
    /// Whether only the saved failures are to run: `max_sequences` 0
    /// (`DRT_MAX_SEQUENCES=0`, as `PROPTEST_CASES=0`).
    pub fn replay_only(&self) -> bool {
        self.max_sequences == Some(0)
    }

    /// Whether a run that ran `ran` sequences repeats with its seed: a
    /// count of sequences run to its end does; a run the clock stopped (or
    /// bounded by time alone) does not, for its costs are measured times.
    pub fn repeats(&self, ran: u64) -> bool {
        self.max_sequences.is_some_and(|n| self.time_limit.is_none() || ran >= n)
    }
}

/// How much one minimization may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MinimizeLimits {
    pub steps: u64,
    pub time: Duration,
}

/// What happens to *saved failures*, the failing sequences kept in the
/// crate's `drt-regressions/` file: replayed before exploring, and the new
/// ones saved after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SavedFailures {
    pub replay: bool,
    pub save: bool,
}

impl SavedFailures {
    /// Both, or neither.
    pub fn both(on: bool) -> SavedFailures {
        SavedFailures { replay: on, save: on }
    }

    /// Whether the file is read or written at all.
    pub fn any(self) -> bool {
        self.replay || self.save
    }
}

impl Explorer {
    /// The types under test, with their `type_name`s.
    pub(crate) fn subjects(&self) -> &[(TypeId, &'static str)] {
        &self.subjects
    }

    /// The reference the sequences run on too.
    pub(crate) fn reference(&self) -> Option<Chosen> {
        self.reference
    }

    /// Sets the reference (see `Explorer::against`).
    pub(crate) fn with_reference(mut self, chosen: Chosen) -> Self {
        self.reference = Some(chosen);
        self
    }

    /// Resolves the settings: environment first, then the builder, then
    /// defaults, then what the exploration runs for (`purpose`): every
    /// decision is made here, once, and the settings travel unchanged.
    pub(crate) fn settings(&self, purpose: Purpose, env: &dyn Fn(&str) -> Option<String>) -> Result<Settings, String> {
        let saved_by_default = matches!(purpose, Purpose::Test { saved: true, .. });
        let persist = parse_env(env, "DRT_PERSIST", parse_switch)?.or(self.persist).unwrap_or(saved_by_default);
        let isolation =
            parse_env(env, "DRT_ISOLATION", parse_isolation)?.or(self.isolation).unwrap_or(DEFAULT_ISOLATION);
        // A zero timeout would take every child for hung.
        let call_timeout =
            parse_env(env, "DRT_CALL_TIMEOUT", |s| parse_duration(s).filter(|d| !d.is_zero()))?.or(self.call_timeout);
        let strict = parse_env(env, "DRT_STRICT", parse_switch)?.unwrap_or_else(|| in_ci(env));
        let update = parse_env(env, "DRT_UPDATE", parse_update)?.or(self.update);
        let budget = self.budget(env)?;
        let memcheck = parse_env(env, "DRT_MEMCHECK", parse_switch)?.or(self.memcheck).unwrap_or(false);
        if memcheck {
            crate::memcheck::usable(isolation == Isolation::InProcess)?;
        }
        let mut notes = Vec::new();
        let jobs = self.resolve_jobs(env, isolation, &budget, &mut notes);
        let jobs_auto = jobs > 1 && env("DRT_JOBS").is_some_and(|v| v.trim().eq_ignore_ascii_case("auto"));
        let coverage = parse_env(env, "DRT_COVERAGE", parse_switch)?;
        if coverage == Some(true) {
            notes.extend(crate::coverage::unavailable().map(String::from));
        }
        // The default share of the machine is split among the children running at once.
        let memory_limit = match parse_env(env, "DRT_MEMORY_LIMIT", crate::memory::parse_size)? {
            Some(limit) => limit,
            None => self.memory_limit.or_else(|| crate::memory::default_limit(jobs.min(cores()))),
        };
        let max_pool = match parse_env(env, "DRT_MAX_POOL", crate::memory::parse_size)? {
            Some(bound) => bound.unwrap_or(u64::MAX),
            None => self.max_pool.unwrap_or(DEFAULT_MAX_POOL),
        };
        if call_timeout.is_some_and(|t| t.is_zero()) {
            return Err("drt: .call_timeout() must be positive: a zero timeout takes every call for hung".into());
        }
        if max_pool < MIN_MAX_POOL {
            return Err(format!(
                "drt: the pool bound (.max_pool() or DRT_MAX_POOL) must be at least {}, to hold the sequences \
                 it extends; got {max_pool} bytes",
                crate::memory::describe(MIN_MAX_POOL)
            ));
        }
        let settings = Settings {
            budget,
            minimize: minimize_limits(env)?,
            saved_failures: SavedFailures::both(persist),
            isolation,
            // Under valgrind a call takes tens of times as long.
            call_timeout: call_timeout.unwrap_or(if memcheck {
                DEFAULT_CALL_TIMEOUT * crate::memcheck::SLOWER
            } else {
                DEFAULT_CALL_TIMEOUT
            }),
            regression_tests: self.regression_tests.clone().map(|path| (path, update.unwrap_or_default())),
            strict,
            memory_limit,
            max_pool,
            progress: parse_env(env, "DRT_PROGRESS", parse_progress)?.unwrap_or(Some(DEFAULT_PROGRESS)),
            jobs,
            jobs_auto,
            json_report: env("DRT_REPORT_JSON")
                .filter(|v| !v.trim().is_empty())
                .map(PathBuf::from)
                .or_else(|| self.json_report.clone()),
            coverage: coverage.unwrap_or(true),
            laws: parse_env(env, "DRT_LAWS", parse_switch)?.or(self.laws).unwrap_or(true),
            memcheck,
            random_walk: self.random_walk,
            notes,
        };
        Ok(self.for_purpose(settings, purpose))
    }

    /// The settings as `purpose` needs them: a fuzzer's input is one short
    /// exploration.
    fn for_purpose(&self, mut settings: Settings, purpose: Purpose) -> Settings {
        match purpose {
            Purpose::Test { .. } => {}
            Purpose::Fuzz => {
                // The fuzzer isolates, keeps its corpus and crashes, and reports progress.
                settings.isolation = Isolation::InProcess;
                settings.saved_failures = SavedFailures::both(false);
                settings.progress = None;
                // An input makes a few dozen sequences, and its tables are made anew for each.
                settings.max_pool = MIN_MAX_POOL;
            }
        }
        settings
    }

    /// The jobs to explore in: `DRT_JOBS`, else `.jobs()`, else 1. A value
    /// that cannot be followed is not an error (CI may set `DRT_JOBS` for
    /// every test, and run them where there are fewer cores): it is told in
    /// a note, and a sensible number is taken instead.
    fn resolve_jobs(
        &self,
        env: &dyn Fn(&str) -> Option<String>,
        isolation: Isolation,
        budget: &Budget,
        notes: &mut Vec<String>,
    ) -> usize {
        let cores = cores();
        let (asked, from) = match env("DRT_JOBS").map(|v| v.trim().to_string()).filter(|v| !v.is_empty()) {
            Some(v) if v.eq_ignore_ascii_case("auto") => (cores, "DRT_JOBS=auto".to_string()),
            Some(v) => match v.parse::<usize>() {
                Ok(n) if n > 0 => (n, format!("DRT_JOBS={n}")),
                _ => {
                    notes.push(format!(
                        "DRT_JOBS must be a positive number of jobs or `auto` (one per core), got `{v}`; \
                         explored in 1 job"
                    ));
                    (1, String::new())
                }
            },
            None => match self.jobs {
                Some(0) => {
                    notes.push(".jobs(0) asks for no jobs at all; explored in 1 job".to_string());
                    (1, String::new())
                }
                Some(n) => (n, format!(".jobs({n})")),
                None => (1, String::new()),
            },
        };
        let too_many =
            format!("{from} asks for more jobs than the {cores} core{} here", crate::names::plural(cores as u64));
        if asked > 1 && isolation == Isolation::InProcess {
            notes.push(format!(
                "{from} needs child processes, but isolation is in-process (DRT_ISOLATION or .isolation()); \
                 explored in 1 job"
            ));
            1
        } else if asked > cores && budget.time_limit.is_some() {
            // Each job runs for the whole time: more than the cores would
            // only share them.
            notes.push(format!("{too_many}; explored in {cores}"));
            cores
        } else {
            if asked > cores {
                notes.push(format!(
                    "{too_many}; {cores} run at once and the others take turns, so the report is the one {asked} \
                     jobs give on any machine"
                ));
            }
            asked
        }
    }

    fn budget(&self, env: &dyn Fn(&str) -> Option<String>) -> Result<Budget, String> {
        let env_time_limit = parse_env(env, "DRT_TIME_LIMIT", parse_duration)?;
        let time_limit = env_time_limit.or(self.time_limit);
        // `DRT_TIME_LIMIT` lengthens a run whatever the code says: it
        // replaces the code's `.max_sequences()` (`DRT_MAX_SEQUENCES` still counts).
        let code_max_sequences = self.max_sequences.filter(|_| env_time_limit.is_none());
        let max_sequences = parse_env(env, "DRT_MAX_SEQUENCES", |s| s.parse::<u64>().ok())?.or(code_max_sequences);
        let seed =
            match parse_env(env, "DRT_SEED", |s| if s == "random" { Some(None) } else { parse_seed(s).map(Some) })? {
                Some(Some(seed)) => seed,
                Some(None) => {
                    let seed = random_seed();
                    eprintln!(
                        "drt: DRT_SEED=random: this run's seed is {seed} (DRT_SEED={seed} explores with it again)"
                    );
                    seed
                }
                None => self.seed.unwrap_or(DEFAULT_SEED),
            };
        let max_len = parse_env(env, "DRT_MAX_LEN", |s| s.parse::<usize>().ok().filter(|n| *n > 0))?
            .or(self.max_len)
            .unwrap_or(DEFAULT_MAX_LEN);
        if max_len == 0 {
            return Err("drt: .max_len() must be positive: a sequence needs at least one call".into());
        }
        let time_limit = match (time_limit, max_sequences) {
            (None, None) => Some(DEFAULT_TIME_LIMIT),
            (t, _) => t,
        };
        Ok(Budget { seed, time_limit, max_sequences, max_len })
    }
}

/// The cores this process may use (at least 1).
pub(crate) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Whether a CI system runs this process (see `in_ci`).
pub(crate) fn in_ci_now() -> bool {
    in_ci(&|name| std::env::var(name).ok())
}

/// Whether a CI system runs this, as insta tells it: `CI` is set, and not
/// to `false` or `0` (GitHub Actions, GitLab, CircleCI, Travis and
/// Buildkite all set it); without `CI`, `TF_BUILD` is (Azure Pipelines
/// sets that instead).
fn in_ci(env: &dyn Fn(&str) -> Option<String>) -> bool {
    match env("CI") {
        Some(v) => !v.trim().is_empty() && parse_switch(v.trim()) != Some(false),
        None => env("TF_BUILD").is_some_and(|v| !v.trim().is_empty()),
    }
}

fn parse_env<T>(
    env: &dyn Fn(&str) -> Option<String>,
    name: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<Option<T>, String> {
    match env(name) {
        None => Ok(None),
        Some(raw) if raw.trim().is_empty() => Ok(None),
        Some(raw) => parse(raw.trim()).map(Some).ok_or_else(|| {
            const DURATION: &str = "milliseconds (`500`), or a number with `ms`, `s`, `m` or `h` (`2s`, `10m`)";
            let expected = match name {
                "DRT_TIME_LIMIT" | "DRT_MINIMIZE_TIME" => DURATION.to_string(),
                "DRT_CALL_TIMEOUT" => format!("a positive duration: {DURATION}"),
                "DRT_SEED" => "an integer (decimal or 0x hex), or `random`".to_string(),
                "DRT_MAX_LEN" => "a positive integer".to_string(),
                "DRT_PERSIST" | "DRT_STRICT" => "`on` or `off` (`1` / `0`, `true` / `false`, `yes` / `no`)".to_string(),
                "DRT_MEMORY_LIMIT" | "DRT_MAX_POOL" => {
                    "a size in bytes, or with `K`, `M`, `G` or `T` (`512M`, `4G`), or `off`".to_string()
                }
                "DRT_ISOLATION" => "`process` or `in-process`".to_string(),
                "DRT_UPDATE" => "`auto`, `new`, `always` or `no`".to_string(),
                "DRT_PROGRESS" => format!("{DURATION}, or `off`"),
                _ => "an integer".to_string(),
            };
            format!("drt: {name} must be {expected}, got `{raw}`")
        }),
    }
}

/// `off` (or `0`): no progress lines; else the time between two.
fn parse_progress(s: &str) -> Option<Option<Duration>> {
    match s {
        "off" | "0" => Some(None),
        s => parse_duration(s).filter(|d| !d.is_zero()).map(Some),
    }
}

/// `500` (ms), `500ms`, `2s`, `1.5s`, `10m`, `1h`.
fn parse_duration(s: &str) -> Option<Duration> {
    if let Some(ms) = s.strip_suffix("ms") {
        return ms.trim().parse::<u64>().ok().map(Duration::from_millis);
    }
    let (number, unit) = match s.char_indices().last()? {
        (at, 's') => (&s[..at], 1.0),
        (at, 'm') => (&s[..at], 60.0),
        (at, 'h') => (&s[..at], 3600.0),
        _ => return s.parse::<u64>().ok().map(Duration::from_millis),
    };
    let secs = number.trim().parse::<f64>().ok()? * unit;
    Duration::try_from_secs_f64(secs).ok()
}

fn minimize_limits(env: &dyn Fn(&str) -> Option<String>) -> Result<MinimizeLimits, String> {
    Ok(MinimizeLimits {
        steps: parse_env(env, "DRT_MINIMIZE_STEPS", |s| s.parse::<u64>().ok())?.unwrap_or(DEFAULT_MINIMIZE_STEPS),
        time: parse_env(env, "DRT_MINIMIZE_TIME", parse_duration)?.unwrap_or(DEFAULT_MINIMIZE_TIME),
    })
}

/// The `DRT_UPDATE` value naming an [`Update`] (any case).
pub(crate) fn parse_update(s: &str) -> Option<Update> {
    [Update::Auto, Update::New, Update::Always, Update::No].into_iter().find(|u| s.eq_ignore_ascii_case(u.name()))
}

fn parse_isolation(s: &str) -> Option<Isolation> {
    match s.to_ascii_lowercase().as_str() {
        "process" | "child" | "on" => Some(Isolation::Process),
        "in-process" | "inprocess" | "thread" | "off" => Some(Isolation::InProcess),
        _ => None,
    }
}

fn parse_switch(s: &str) -> Option<bool> {
    match s.to_ascii_lowercase().as_str() {
        "on" | "1" | "true" | "yes" => Some(true),
        "off" | "0" | "false" | "no" => Some(false),
        _ => None,
    }
}

/// A seed no earlier run is likely to have had: std's per-process random
/// hash keys, the time and the process id, hashed; kept to 10 digits.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher as _, Hasher as _};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
    h.write_u32(std::process::id());
    h.finish() >> 32
}

fn parse_seed(s: &str) -> Option<u64> {
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => s.parse().ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_of(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |name| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
    }

    #[test]
    fn what_an_exploration_runs_for_is_decided_with_the_rest() {
        let env = env_of(&[("DRT_ISOLATION", "process")]);
        let run = |purpose| explore::<u8>().settings(purpose, &env).unwrap();
        let test = run(Purpose::Test { saved: true });
        assert_eq!((test.isolation, test.saved_failures.save), (Isolation::Process, true));
        assert!(test.notes.is_empty(), "{:?}", test.notes);
        let report = run(Purpose::REPORT);
        assert_eq!((report.isolation, report.saved_failures.save), (Isolation::Process, false));
        let fuzz = run(Purpose::Fuzz);
        assert_eq!((fuzz.progress, fuzz.max_pool), (None, MIN_MAX_POOL));
        assert_eq!((fuzz.isolation, fuzz.saved_failures.any()), (Isolation::InProcess, false));
    }

    #[test]
    fn defaults_apply_without_env_or_builder() {
        let b = explore::<u8>().settings(Purpose::REPORT, &env_of(&[])).unwrap().budget;
        assert_eq!(
            (b.seed, b.time_limit, b.max_sequences, b.max_len),
            (DEFAULT_SEED, Some(DEFAULT_TIME_LIMIT), None, 100)
        );
    }

    #[test]
    fn a_sequence_budget_drops_the_default_time_limit() {
        let b = explore::<u8>().max_sequences(10).settings(Purpose::REPORT, &env_of(&[])).unwrap().budget;
        assert_eq!((b.time_limit, b.max_sequences), (None, Some(10)));
    }

    #[test]
    fn env_wins_over_the_builder() {
        let env =
            env_of(&[("DRT_SEED", "0x10"), ("DRT_TIME_LIMIT", "2s"), ("DRT_MAX_LEN", "7"), ("DRT_MAX_SEQUENCES", "5")]);
        let b = explore::<u8>().seed(1).max_len(3).max_sequences(9).settings(Purpose::REPORT, &env).unwrap().budget;
        assert_eq!((b.seed, b.time_limit, b.max_sequences, b.max_len), (16, Some(Duration::from_secs(2)), Some(5), 7));
    }

    #[test]
    fn an_env_time_limit_sets_aside_the_codes_sequence_budget() {
        let code = || explore::<u8>().max_sequences(9);
        let b = code().settings(Purpose::REPORT, &env_of(&[("DRT_TIME_LIMIT", "10m")])).unwrap().budget;
        assert_eq!((b.time_limit, b.max_sequences), (Some(Duration::from_secs(600)), None));
        // The environment's own sequence budget still counts, and the code's time limit gives way.
        let env = env_of(&[("DRT_TIME_LIMIT", "10m"), ("DRT_MAX_SEQUENCES", "5")]);
        let b = code().time_limit(Duration::from_secs(1)).settings(Purpose::REPORT, &env).unwrap().budget;
        assert_eq!((b.time_limit, b.max_sequences), (Some(Duration::from_secs(600)), Some(5)));
    }

    #[test]
    fn a_random_seed_differs_from_run_to_run() {
        let env = env_of(&[("DRT_SEED", "random")]);
        let seeds: Vec<u64> =
            (0..4).map(|_| explore::<u8>().seed(1).settings(Purpose::REPORT, &env).unwrap().budget.seed).collect();
        assert!(seeds.iter().all(|&s| s != 1 && s < 1 << 32), "{seeds:?}");
        assert!(seeds.windows(2).any(|w| w[0] != w[1]), "{seeds:?}");
        let err = explore::<u8>().settings(Purpose::REPORT, &env_of(&[("DRT_SEED", "randomly")])).unwrap_err();
        assert!(err.contains("`random`"), "{err}");
    }

    #[test]
    fn durations_accept_ms_seconds_minutes_and_hours() {
        assert_eq!(parse_duration("500"), Some(Duration::from_millis(500)));
        assert_eq!(parse_duration("250ms"), Some(Duration::from_millis(250)));
        assert_eq!(parse_duration("1.5s"), Some(Duration::from_millis(1500)));
        assert_eq!(parse_duration("10m"), Some(Duration::from_secs(600)));
        assert_eq!(parse_duration("1.5h"), Some(Duration::from_secs(5400)));
        assert_eq!(parse_duration("2 m"), Some(Duration::from_secs(120)));
        for bad in ["soon", "m", "-1s", "1e400s", "NaNh", "5d"] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
        let err = explore::<u8>().settings(Purpose::REPORT, &env_of(&[("DRT_TIME_LIMIT", "10 minutes")])).unwrap_err();
        assert_eq!(
            err,
            "drt: DRT_TIME_LIMIT must be milliseconds (`500`), or a number with `ms`, `s`, `m` or `h` (`2s`, `10m`), \
             got `10 minutes`"
        );
    }

    #[test]
    fn the_default_isolation_is_a_child_process_where_drt_can_watch_one() {
        let expected = if cfg!(unix) { Isolation::Process } else { Isolation::InProcess };
        assert_eq!(Isolation::default(), expected);
        assert_eq!(explore::<u8>().settings(Purpose::REPORT, &env_of(&[])).unwrap().isolation, expected);
    }

    #[test]
    fn strict_is_on_in_ci_unless_turned_off() {
        let strict = |pairs| explore::<u8>().settings(Purpose::REPORT, &env_of(pairs)).unwrap().strict;
        assert!(!strict(&[]));
        assert!(strict(&[("CI", "true")]));
        assert!(strict(&[("CI", "1")]));
        assert!(!strict(&[("CI", "false")]));
        assert!(!strict(&[("CI", "")]));
        assert!(!strict(&[("CI", "true"), ("DRT_STRICT", "0")]));
        // Azure Pipelines sets TF_BUILD, not CI; CI set to false wins.
        assert!(strict(&[("TF_BUILD", "True")]));
        assert!(!strict(&[("TF_BUILD", "True"), ("CI", "false")]));
        assert!(strict(&[("DRT_STRICT", "1")]));
    }

    #[test]
    fn drt_update_wins_over_the_builder_which_wins_over_auto() {
        let update = |explorer: Explorer, pairs| {
            explorer.settings(Purpose::REPORT, &env_of(pairs)).map(|s| s.regression_tests.map(|(_, update)| update))
        };
        let emitting = || explore::<u8>().emit_regression_tests("tests/r.rs");
        assert_eq!(update(explore::<u8>(), &[("DRT_UPDATE", "always")]), Ok(None));
        assert!(update(explore::<u8>(), &[("DRT_UPDATE", "yes")]).is_err(), "a typo is an error everywhere");
        assert_eq!(update(emitting(), &[]), Ok(Some(Update::Auto)));
        assert_eq!(update(emitting().update_regression_tests(Update::No), &[]), Ok(Some(Update::No)));
        let asked = &[("DRT_UPDATE", "always")];
        assert_eq!(update(emitting().update_regression_tests(Update::No), asked), Ok(Some(Update::Always)));
        assert_eq!(update(emitting(), &[("DRT_UPDATE", "new")]), Ok(Some(Update::New)));
        assert_eq!(
            update(emitting(), &[("DRT_UPDATE", "yes")]),
            Err("drt: DRT_UPDATE must be `auto`, `new`, `always` or `no`, got `yes`".to_string())
        );
    }

    #[test]
    fn the_memory_limit_comes_from_env_then_builder_then_machine() {
        let limit =
            |e: &'static [(&'static str, &'static str)], x: Explorer| x.settings(Purpose::REPORT, &env_of(e)).unwrap();
        assert_eq!(limit(&[], explore::<u8>()).memory_limit, crate::memory::default_limit(1));
        assert_eq!(limit(&[], explore::<u8>().memory_limit(1 << 20)).memory_limit, Some(1 << 20));
        assert_eq!(limit(&[("DRT_MEMORY_LIMIT", "2G")], explore::<u8>().memory_limit(5)).memory_limit, Some(2 << 30));
        assert_eq!(limit(&[("DRT_MEMORY_LIMIT", "off")], explore::<u8>().memory_limit(5)).memory_limit, None);
        let err = explore::<u8>().settings(Purpose::REPORT, &env_of(&[("DRT_MEMORY_LIMIT", "lots")])).unwrap_err();
        assert_eq!(
            err,
            "drt: DRT_MEMORY_LIMIT must be a size in bytes, or with `K`, `M`, `G` or `T` (`512M`, `4G`), or `off`, \
             got `lots`"
        );
    }

    #[test]
    fn the_pool_bound_has_a_default_a_floor_and_an_off_switch() {
        let bound = |e: &'static [(&'static str, &'static str)], x: Explorer| x.settings(Purpose::REPORT, &env_of(e));
        assert_eq!(bound(&[], explore::<u8>()).unwrap().max_pool, 256 << 20);
        assert_eq!(bound(&[], explore::<u8>().max_pool(2 << 20)).unwrap().max_pool, 2 << 20);
        assert_eq!(bound(&[("DRT_MAX_POOL", "64M")], explore::<u8>().max_pool(5)).unwrap().max_pool, 64 << 20);
        assert_eq!(bound(&[("DRT_MAX_POOL", "off")], explore::<u8>()).unwrap().max_pool, u64::MAX);
        let err = bound(&[], explore::<u8>().max_pool(1000)).unwrap_err();
        assert_eq!(
            err,
            "drt: the pool bound (.max_pool() or DRT_MAX_POOL) must be at least 1 MiB, to hold the sequences it \
             extends; got 1000 bytes"
        );
    }

    #[test]
    fn coverage_asked_for_in_a_build_without_it_is_a_note_that_says_how() {
        let coverage = |pairs: &'static [(&'static str, &'static str)]| {
            let s = explore::<u8>().settings(Purpose::REPORT, &env_of(pairs)).unwrap();
            (s.coverage, s.notes)
        };
        assert_eq!(coverage(&[("DRT_COVERAGE", "off")]), (false, vec![]));
        if cfg!(drt_coverage) {
            return;
        }
        assert_eq!(coverage(&[]), (true, vec![]), "used where there is some, silently");
        let (on, notes) = coverage(&[("DRT_COVERAGE", "on")]);
        assert!(on);
        assert_eq!(notes, [crate::coverage::NOT_BUILT]);
        assert!(notes[0].contains("cargo drt test"), "{}", notes[0]);
        let err = explore::<u8>().settings(Purpose::REPORT, &env_of(&[("DRT_COVERAGE", "maybe")])).unwrap_err();
        assert!(err.contains("DRT_COVERAGE"), "{err}");
    }

    #[test]
    fn jobs_come_from_env_then_builder_and_a_bad_value_is_a_note() {
        let jobs = |pairs: &'static [(&'static str, &'static str)], x: Explorer| {
            let s = x.settings(Purpose::REPORT, &env_of(pairs)).unwrap();
            (s.jobs, s.notes)
        };
        let counted = || explore::<u8>().max_sequences(100).isolation(Isolation::Process);
        assert_eq!(jobs(&[], counted()), (1, vec![]));
        // With a sequence budget, more jobs than cores keeps the report the
        // same on every machine: they take turns.
        let (n, notes) = jobs(&[], counted().jobs(cores() + 3));
        assert_eq!(n, cores() + 3);
        assert_eq!(notes.len(), 1);
        assert!(notes[0]
            .ends_with(&format!("the others take turns, so the report is the one {n} jobs give on any machine")));
        assert_eq!(jobs(&[("DRT_JOBS", "auto")], counted().jobs(9)), (cores(), vec![]));
        assert_eq!(jobs(&[("DRT_JOBS", " 2 ")], counted().jobs(9)).0, 2);
        let bad = |v: &str| {
            format!("DRT_JOBS must be a positive number of jobs or `auto` (one per core), got `{v}`; explored in 1 job")
        };
        assert_eq!(jobs(&[("DRT_JOBS", "0")], counted().jobs(2)), (1, vec![bad("0")]));
        assert_eq!(jobs(&[("DRT_JOBS", "two")], counted()), (1, vec![bad("two")]));
        assert_eq!(
            jobs(&[], counted().jobs(0)),
            (1, vec![".jobs(0) asks for no jobs at all; explored in 1 job".into()])
        );
        // A time limit is each job's: more jobs than cores would share them.
        let timed = explore::<u8>().isolation(Isolation::Process).jobs(cores() + 1);
        let (n, notes) = jobs(&[], timed);
        assert_eq!(n, cores());
        assert_eq!(notes.len(), 1);
        assert!(notes[0].starts_with(&format!(".jobs({}) asks for more jobs than the {} core", cores() + 1, cores())));
        let (n, notes) = jobs(&[("DRT_JOBS", "2")], counted().isolation(Isolation::InProcess));
        assert_eq!(n, 1);
        assert_eq!(
            notes,
            ["DRT_JOBS=2 needs child processes, but isolation is in-process (DRT_ISOLATION or .isolation()); \
              explored in 1 job"]
        );
    }

    #[test]
    fn bad_values_name_the_variable() {
        let err = explore::<u8>().settings(Purpose::REPORT, &env_of(&[("DRT_SEED", "abc")])).unwrap_err();
        assert_eq!(err, "drt: DRT_SEED must be an integer (decimal or 0x hex), or `random`, got `abc`");
        let err = explore::<u8>().settings(Purpose::REPORT, &env_of(&[("DRT_MAX_LEN", "0")])).unwrap_err();
        assert_eq!(err, "drt: DRT_MAX_LEN must be a positive integer, got `0`");
        assert!(explore::<u8>().max_len(0).settings(Purpose::REPORT, &env_of(&[])).unwrap_err().contains(".max_len()"));
        let zero = explore::<u8>().call_timeout(Duration::ZERO).settings(Purpose::REPORT, &env_of(&[]));
        assert!(zero.unwrap_err().contains(".call_timeout() must be positive"));
        let err = explore::<u8>().settings(Purpose::REPORT, &env_of(&[("DRT_CALL_TIMEOUT", "0")])).unwrap_err();
        assert_eq!(
            err,
            "drt: DRT_CALL_TIMEOUT must be a positive duration: milliseconds (`500`), or a number with `ms`, `s`, `m` \
             or `h` (`2s`, `10m`), got `0`"
        );
        let err = explore::<u8>().settings(Purpose::REPORT, &env_of(&[("DRT_STRICT", "maybe")])).unwrap_err();
        assert_eq!(
            err,
            "drt: DRT_STRICT must be `on` or `off` (`1` / `0`, `true` / `false`, `yes` / `no`), got `maybe`"
        );
        let strict = |vars| explore::<u8>().settings(Purpose::REPORT, &env_of(vars)).unwrap().strict;
        assert!(strict(&[("DRT_STRICT", "1")]) && strict(&[("DRT_STRICT", "yes")]));
        assert!(!strict(&[("DRT_STRICT", "0")]) && !strict(&[("DRT_STRICT", "off")]));
    }
}
