//! What an exploration found: [`Report`], its [`Failure`]s and [`Stats`].
//!
//! The types are `#[non_exhaustive]`: read their fields and match their
//! kinds with a `_` arm, and a later drt that adds one does not break you.

use std::fmt;
use std::time::Duration;

use crate::config::Isolation;

/// The result of an exploration. [`crate::Explorer::run`] panics with it when
/// `failures` is not empty; [`crate::Explorer::report`] returns it.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Report {
    /// One entry per distinct failure (operation, kind, panic location or
    /// invariant; type and contract for a broken contract), each with the
    /// shortest reproducing sequence found.
    pub failures: Vec<Failure>,
    /// Counts and settings of the run.
    pub stats: Stats,
}

/// What kind of failure a sequence revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum FailureKind {
    /// An operation panicked.
    Panic,
    /// A default contract (reflexive `==`, `Hash` agreeing with `Eq`, ...) was broken.
    Contract,
    /// A user invariant was broken.
    Invariant,
    /// The process crashed (stack overflow, abort, signal).
    Crash,
    /// A call exceeded the per-call time limit.
    Timeout,
    /// A failure that did not happen again when its sequence was re-run:
    /// nondeterminism (time, randomness, global state), not a reproducible bug.
    Flaky,
    /// The type under test and its reference (`.against::<M>()`) gave
    /// different results for the same calls, or the reference panicked
    /// where the type did not.
    Divergence,
    /// A postcondition (`ensures`) was false after a call.
    Postcondition,
    /// A law, a convention std documents for the names and traits the
    /// type uses (`iter().count() == len()`), was broken after a call.
    Law,
    /// valgrind's memcheck saw a memory error during a call (or a drop):
    /// a read or write outside an allocation, a use after free, a double
    /// or invalid free, a decision on uninitialised memory
    /// ([`Explorer::memcheck`](crate::Explorer::memcheck)).
    Memory,
}

/// `" in a child process"`, `" in 2 jobs of child processes"` or `""`,
/// for one-line summaries.
fn where_run(isolation: Isolation, jobs: usize) -> String {
    match isolation {
        Isolation::Process if jobs > 1 => format!(" in {jobs} jobs of child processes"),
        Isolation::Process => " in a child process".to_string(),
        Isolation::InProcess => String::new(),
    }
}

impl FailureKind {
    /// The kind in one lowercase word (`panic`, `contract`, `crash`...), as
    /// files between processes and JSON reports name it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            FailureKind::Panic => "panic",
            FailureKind::Contract => "contract",
            FailureKind::Invariant => "invariant",
            FailureKind::Crash => "crash",
            FailureKind::Timeout => "timeout",
            FailureKind::Flaky => "flaky",
            FailureKind::Divergence => "divergence",
            FailureKind::Postcondition => "postcondition",
            FailureKind::Law => "law",
            FailureKind::Memory => "memory",
        }
    }
}

impl fmt::Display for FailureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FailureKind::Panic => "panic",
            FailureKind::Contract => "broken contract",
            FailureKind::Invariant => "broken invariant",
            FailureKind::Crash => "crash",
            FailureKind::Timeout => "timeout",
            FailureKind::Flaky => "flaky failure",
            FailureKind::Divergence => "divergence from the reference",
            FailureKind::Postcondition => "broken postcondition",
            FailureKind::Law => "broken law",
            FailureKind::Memory => "memory error",
        })
    }
}

/// One failure, with a test that reproduces it.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Failure {
    /// What went wrong.
    pub kind: FailureKind,
    /// The failing call, e.g. `"Account::withdraw"`.
    pub operation: String,
    /// The panic message, or the contract / invariant broken, with the values.
    pub message: String,
    /// Where the panic happened (`"src/account.rs:42:9"`), when known.
    pub location: Option<String>,
    /// A complete `#[test] fn` reproducing the failure; it compiles as-is in an
    /// integration test of the crate under test, and fails the same way.
    pub code: String,
    /// Calls in the (minimized) sequence.
    pub len: usize,
    /// Time from the start of the exploration to the first sequence that failed this way.
    pub found_after: Duration,
    /// Sequences executed before that sequence.
    pub sequences_before: u64,
    /// Sequences that failed this way (this failure's group).
    pub hits: u64,
    /// Calls in the sequence as first found, before minimization.
    pub unminimized_len: usize,
    /// Set when minimization stopped at a limit: which setting to raise.
    pub minimize_limit: Option<String>,
    /// The group drt counted it in, as `subject\nplace` (with `kind`): the
    /// operation, or the type for a broken contract or law; the panic's
    /// location or message, the invariant, the contract or the law. Empty
    /// until the exploration's failures are final. The JSON report carries
    /// it, so that CI shards' reports merge as drt groups.
    #[cfg_attr(not(feature = "json"), allow(dead_code))]
    pub(crate) group: String,
}

/// Counts for one operation. `==` compares the counts, not the measured
/// `time`, so two runs with the same seed and `max_sequences` have equal
/// operations.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct OperationStats {
    /// `Type::method`.
    pub name: String,
    /// Sequences executed that ended with this operation, or whose illegal
    /// input or failure was a call of it (a call mixed in before the last,
    /// or one building an argument): each sequence counts once.
    pub attempted: u64,
    /// Of those, sequences that ran normally.
    pub succeeded: u64,
    /// Of those, sequences discarded as illegal inputs of a call of it.
    pub illegal: u64,
    /// Of those, sequences that revealed a failure in a call of it.
    pub failed: u64,
    /// Whether the operation is under test (registered on an explored type),
    /// as opposed to a helper of another type or a built-in builder.
    pub under_test: bool,
    /// Time spent running the sequences that ended with this operation
    /// (their new calls, and cloning, keeping and dropping their values).
    /// Measured, so not repeatable; under a `max_sequences` budget one
    /// sequence in 8 is timed and stands for the others.
    pub time: Duration,
}

impl PartialEq for OperationStats {
    fn eq(&self, other: &Self) -> bool {
        (&self.name, self.attempted, self.succeeded, self.illegal, self.failed, self.under_test)
            == (&other.name, other.attempted, other.succeeded, other.illegal, other.failed, other.under_test)
    }
}

impl Eq for OperationStats {}

/// Counts and settings of one exploration. Two runs with the same seed and
/// `max_sequences` have equal stats except for `elapsed` and the
/// operations' `time`.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Stats {
    /// The seed; re-run with `DRT_SEED=<seed>` to reproduce.
    pub seed: u64,
    /// Wall-clock time of the exploration.
    pub elapsed: Duration,
    /// Sequences executed: `normal + redundant + illegal + failing`, and the
    /// few whose argument turned out to have no value (an earlier call
    /// returned `None` or `Err`), in none of those.
    pub sequences: u64,
    /// Calls executed. A new sequence starts from the values its components
    /// left when they ran (kept in the pool when they can be cloned), so
    /// mostly only its new calls run: see `reused_calls`.
    pub calls: u64,
    /// Calls extending a sequence, as opposed to the calls of its components
    /// (`calls` counts those too when they ran again).
    pub new_calls: u64,
    /// Calls of components that did not run again because their values were
    /// cloned from an earlier run (incremental execution).
    pub reused_calls: u64,
    /// Sequences that ran normally and offered a new value, or reached code
    /// no earlier sequence did (with coverage feedback): kept for extension.
    pub normal: u64,
    /// Sequences discarded as illegal inputs.
    pub illegal: u64,
    /// Sequences that ran normally but only produced values seen before
    /// (and, with coverage feedback, reached no new code).
    pub redundant: u64,
    /// Sequences that revealed a failure.
    pub failing: u64,
    /// Normal sequences evicted from the pool to keep it under its bound
    /// ([`Explorer::max_pool`](crate::Explorer::max_pool)); they are no
    /// longer extended.
    pub evicted: u64,
    /// Per operation, in a stable order.
    pub operations: Vec<OperationStats>,
    /// Operations under test never executed successfully, and why.
    pub uncallable: Vec<(String, String)>,
    /// Integer parameters drawn smaller than their type allows from some
    /// point of the run on, and why (`Buf::with_capacity(n)`, `n =
    /// 1099511627776 crashed: memory allocation of 1099511627776 bytes
    /// failed: drawn below 2^16 from then on`): a value asked for more
    /// memory or time than a run has, which is an input outside the
    /// operation's domain, not a failure. Bound such a parameter with
    /// `requires` to choose its sizes yourself.
    pub throttled: Vec<(String, String)>,
    /// The laws checked, as (type, law) pairs (`("Stack", "len_iter")`):
    /// the conventions std documents that the type's signatures match, so
    /// a reader sees what was checked ([`Explorer::laws`](crate::Explorer::laws)).
    pub laws: Vec<(String, String)>,
    /// What a reader should know about the run itself (it stopped early
    /// after too many crashes).
    pub notes: Vec<String>,
    /// Problems with drt's files and set-up, each printed as a `drt: warning:`
    /// line when it happened: a saved failure that no longer matches the code
    /// (and so no longer runs), a saved-failures or regression-tests file that
    /// cannot be read or written, a memory limit that could not be set, a
    /// child process that could not be started (drt then explores in the
    /// test's process). With `DRT_STRICT=1` (on when `CI` is set),
    /// [`run`](crate::Explorer::run) fails the test on any of them.
    pub warnings: Vec<String>,
    /// Where the exploration ran: in a child process, or in the test's thread.
    pub isolation: Isolation,
    /// Jobs that explored side by side, each in child processes of its own
    /// ([`Explorer::jobs`](crate::Explorer::jobs)); their counts are added
    /// up here. 1 (or 0, in a report built by hand) when one did.
    pub jobs: usize,
    /// How the run was bounded, which decides what repeats it (the driver
    /// says; a report built by hand does not know).
    pub(crate) bound: Bound,
    /// The edges of the code under test the exploration reached, when that
    /// code was built for coverage feedback (`cargo drt test`); `None` in
    /// any other build, or with `DRT_COVERAGE=off`.
    pub coverage: Option<Coverage>,
}

/// Edge coverage of the code under test, read from the counters
/// SanitizerCoverage adds to a `cargo drt` build, and the functions no
/// sequence entered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Coverage {
    /// Edges some sequence reached. With several jobs, the most any one
    /// job reached; after a crash, the most one child process reached (a
    /// child that crashed, as its last snapshot of its stats said).
    pub reached: u64,
    /// Edges instrumented: every edge of the code under test's functions
    /// that were linked into the test program.
    pub total: u64,
    /// Functions of the code under test linked into the test program, in
    /// the modules some sequence entered (a crate holds more than the type
    /// explored; a generic is counted once), not counting the methods no
    /// sequence entered of other types with `#[drt::operations]` blocks of
    /// their own (their explorations call them), or 0 when they could not be
    /// told: a program whose symbols are stripped, code built by an older
    /// `cargo drt`.
    pub functions: u64,
    /// Those of [`functions`](Coverage::functions) no sequence entered,
    /// sorted by name (`my_crate::Ring<T>::compact`): what the search
    /// never reached, for a new operation, a wider argument or a
    /// `requires` to make reachable. With several jobs, those no job
    /// entered; after a crash, those no child process entered (a child
    /// that crashed, as its last snapshot of its stats said).
    pub unentered: Vec<String>,
}

impl Coverage {
    /// Two explorations' coverage (jobs, or the children of one): the most
    /// edges one reached, and the functions neither entered, when both
    /// could tell.
    pub(crate) fn and(self, other: Coverage) -> Coverage {
        let told = self.functions > 0 && other.functions > 0;
        let unentered = if told {
            self.unentered.into_iter().filter(|f| other.unentered.contains(f)).collect()
        } else {
            Vec::new()
        };
        let functions = if told { self.functions.max(other.functions) } else { 0 };
        Coverage { reached: self.reached.max(other.reached), total: self.total.max(other.total), functions, unentered }
    }

    /// This coverage without the methods of `types` (without generic
    /// arguments: `my::Counter`) no sequence entered: types with
    /// `#[drt::operations]` blocks of their own that this exploration does
    /// not explore. A module holds more than the type explored, and another
    /// type's methods, which its own exploration calls, are not what this
    /// one missed.
    pub(crate) fn without_methods_of(mut self, types: &[&str]) -> Coverage {
        let of_types =
            |f: &String| crate::coverage::functions::owner_type(f).is_some_and(|t| types.contains(&t.as_str()));
        let before = self.unentered.len();
        self.unentered.retain(|f| !of_types(f));
        self.functions -= (before - self.unentered.len()) as u64;
        self
    }

    /// The line that lists the functions no sequence entered (the first
    /// ten; all of them in the JSON report), when there are some.
    pub(crate) fn unentered_line(&self) -> Option<String> {
        const SHOWN: usize = 10;
        if self.unentered.is_empty() {
            return None;
        }
        let n = self.unentered.len();
        let mut names = self.unentered.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(", ");
        if n > SHOWN {
            names.push_str(&format!(" and {} more (the JSON report lists all)", n - SHOWN));
        }
        Some(format!(
            "never entered: {n} of the {} function{} in the modules reached: {names}",
            self.functions,
            crate::names::plural(self.functions)
        ))
    }
}

impl Report {
    /// Gives every failure's test its own name (`..._panics`, `..._panics_2`),
    /// so that all the tests of one report can be pasted into one file.
    pub(crate) fn name_tests_apart(&mut self) {
        let mut used = Vec::new();
        for failure in &mut self.failures {
            let Some(at) = crate::names::test_fn_name(&failure.code) else { continue };
            let name = failure.code[at.clone()].to_string();
            let unique = crate::names::unique_name(&name, "_", &mut used);
            if unique != name {
                failure.code.replace_range(at, &unique);
            }
        }
    }

    /// Whether no operation under test ever ran normally: the exploration
    /// tested nothing (every one of them is in `uncallable`).
    pub fn tested_nothing(&self) -> bool {
        let mut ops = self.stats.operations.iter().filter(|o| o.under_test).peekable();
        ops.peek().is_some() && ops.all(|o| o.succeeded == 0)
    }

    /// A one-line summary: `drt: Account: 1234 sequences (5678 calls) in 0.50s, no failures (seed 42)`.
    pub fn summary(&self, subject: &str) -> String {
        let s = &self.stats;
        let found = match self.failures.len() {
            0 => "no failures".to_string(),
            1 => "1 failure".to_string(),
            n => format!("{n} failures"),
        };
        let warned = match s.warnings.len() {
            0 => String::new(),
            1 => ", 1 warning".to_string(),
            n => format!(", {n} warnings"),
        };
        let laws = match s.laws.len() {
            0 => String::new(),
            1 => ", 1 law checked".to_string(),
            n => format!(", {n} laws checked"),
        };
        let mut out = format!("drt: {subject}: {}, {found}{warned}{laws} (seed {})", s.volume(), s.seed);
        if let Some(time) = s.time_hogs() {
            out.push_str(&format!("\ndrt: {time}"));
        }
        for (op, why) in &s.uncallable {
            out.push_str(&format!("\ndrt: never called successfully: {op}: {why}"));
        }
        if let Some(line) = s.coverage.as_ref().and_then(Coverage::unentered_line) {
            out.push_str(&format!("\ndrt: {line}"));
        }
        for (param, why) in &s.throttled {
            out.push_str(&format!("\ndrt: sizes throttled: {param}: {why}"));
        }
        for note in &s.notes {
            out.push_str(&format!("\ndrt: note: {note}"));
        }
        out
    }
}

/// The least time the sequences of a run must have taken for
/// [`Stats::time_hogs`] to say where it went.
const MIN_TIMED: Duration = Duration::from_millis(100);

/// How a warning line starts on standard error (a supervisor reads it there).
pub(crate) const WARNING: &str = "drt: warning: ";

/// Prints a warning about drt's files on standard error and adds it to
/// `warnings`, unless it is there already.
pub(crate) fn warn_once(warnings: &mut Vec<String>, message: String) {
    if !warnings.contains(&message) {
        eprintln!("{WARNING}{message}");
        warnings.push(message);
    }
}

impl Stats {
    /// Prints a warning about drt's files once, and keeps it for the report.
    pub(crate) fn warn(&mut self, message: String) {
        warn_once(&mut self.warnings, message);
    }

    /// Which operations took most of the time, when one or two did
    /// while ending few of the sequences (at least half of the time, four
    /// times their share of the sequences) in a run long enough to tell
    /// (sequences that ran for 0.1 s in all): `most of the time went to
    /// sequences ending in A::f (87% of it, for 9% of the sequences)`.
    pub(crate) fn time_hogs(&self) -> Option<String> {
        let total: Duration = self.operations.iter().map(|o| o.time).sum();
        let sequences: u64 = self.operations.iter().map(|o| o.attempted).sum();
        if total < MIN_TIMED || sequences == 0 {
            return None;
        }
        let mut ops: Vec<&OperationStats> = self.operations.iter().collect();
        ops.sort_by_key(|o| std::cmp::Reverse(o.time));
        let share = |o: &[&OperationStats]| {
            let time: Duration = o.iter().map(|o| o.time).sum();
            let n: u64 = o.iter().map(|o| o.attempted).sum();
            (time.as_secs_f64() / total.as_secs_f64(), n as f64 / sequences as f64)
        };
        let hogs = (1..=ops.len().min(2)).map(|n| &ops[..n]).find(|o| {
            let (time, seqs) = share(o);
            time >= 0.5 && time >= 4.0 * seqs
        })?;
        let (time, seqs) = share(hogs);
        let names: Vec<&str> = hogs.iter().map(|o| o.name.as_str()).collect();
        Some(format!(
            "most of the time went to sequences ending in {} ({:.0}% of it, for {:.0}% of the sequences)",
            names.join(" and "),
            time * 100.0,
            seqs * 100.0
        ))
    }

    /// `1234 sequences (5678 calls) in 0.50s in a child process`.
    /// The laws checked, by type: `Stack (is_empty, len_iter); Tally
    /// (len_iter)`, or `None` when none was.
    fn laws_checked(&self) -> Option<String> {
        let mut by_type: Vec<(&str, Vec<&str>)> = Vec::new();
        for (ty, law) in &self.laws {
            match by_type.iter_mut().find(|(t, _)| t == ty) {
                Some((_, laws)) => laws.push(law),
                None => by_type.push((ty, vec![law])),
            }
        }
        let text: Vec<String> = by_type.iter().map(|(ty, laws)| format!("{ty} ({})", laws.join(", "))).collect();
        (!text.is_empty()).then(|| text.join("; "))
    }

    fn volume(&self) -> String {
        let plural = crate::names::plural;
        let edges = match &self.coverage {
            Some(c) => format!(", {} of {} edges", c.reached, c.total),
            None => String::new(),
        };
        format!(
            "{} sequence{} ({} call{}{edges}) in {:.2}s{}",
            self.sequences,
            plural(self.sequences),
            self.calls,
            plural(self.calls),
            self.elapsed.as_secs_f64(),
            where_run(self.isolation, self.jobs)
        )
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} in {}: {}", self.kind, self.operation, self.message)?;
        if let Some(loc) = &self.location {
            writeln!(f, "  at {loc}")?;
        }
        let shrunk = if self.unminimized_len > self.len {
            format!(" (minimized from {})", self.unminimized_len)
        } else {
            String::new()
        };
        writeln!(
            f,
            "  found after {} sequence{} ({:.2}s); reproduced in {} call{}{shrunk}:",
            self.sequences_before,
            crate::names::plural(self.sequences_before),
            self.found_after.as_secs_f64(),
            self.len,
            crate::names::plural(self.len as u64),
        )?;
        if let Some(note) = &self.minimize_limit {
            writeln!(f, "  {note}")?;
        }
        writeln!(f)?;
        for line in self.code.lines() {
            writeln!(f, "    {line}")?;
        }
        Ok(())
    }
}

/// How an exploration was bounded: a number of sequences it ran to the
/// end, which its seed repeats with that number; or time, which no seed
/// repeats (costs are measured times, and a machine runs more or fewer
/// sequences in the same time).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Bound {
    #[default]
    Unknown,
    Sequences(u64),
    Time,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.failures_text())?;
        let s = &self.stats;
        let evicted = if s.evicted > 0 { format!(" ({} evicted from the pool)", s.evicted) } else { String::new() };
        writeln!(
            f,
            "drt: {}: {} normal{evicted}, {} redundant, {} illegal, {} failing",
            s.volume(),
            s.normal,
            s.redundant,
            s.illegal,
            s.failing
        )?;
        if let Some(time) = s.time_hogs() {
            writeln!(f, "drt: {time}")?;
        }
        if let Some(laws) = s.laws_checked() {
            writeln!(f, "drt: laws checked: {laws}")?;
        }
        for (op, why) in &s.uncallable {
            writeln!(f, "drt: never called successfully: {op}: {why}")?;
        }
        for (param, why) in &s.throttled {
            writeln!(f, "drt: sizes throttled: {param}: {why}")?;
        }
        if let Some(line) = s.coverage.as_ref().and_then(Coverage::unentered_line) {
            writeln!(f, "drt: {line}")?;
        }
        for note in &s.notes {
            writeln!(f, "drt: note: {note}")?;
        }
        if !self.failures.is_empty() {
            writeln!(f, "{}; {}", self.paste_advice(), self.repeat_advice())?;
        }
        Ok(())
    }
}

impl Report {
    /// Each failure with its test, numbered (`drt: failure 1 of 2: ...`),
    /// a blank line after each.
    pub(crate) fn failures_text(&self) -> String {
        let n = self.failures.len();
        self.failures
            .iter()
            .enumerate()
            .map(|(i, failure)| format!("drt: failure {} of {n}: {failure}\n", i + 1))
            .collect()
    }

    /// What repeats this exploration: its seed and count of sequences for
    /// a run bounded by them; for one bounded by time, nothing does, and the
    /// tests above are what reproduce its failures.
    pub(crate) fn repeat_advice(&self) -> String {
        let s = &self.stats;
        let jobs = if s.jobs > 1 { format!(" DRT_JOBS={}", s.jobs) } else { String::new() };
        match s.bound {
            Bound::Sequences(n) => {
                format!("re-run this exploration with DRT_SEED={} DRT_MAX_SEQUENCES={n}{jobs}", s.seed)
            }
            Bound::Time => format!(
                "this run was bounded by time, which DRT_SEED={} does not repeat: each test above reproduces its \
                 failure",
                s.seed
            ),
            Bound::Unknown => format!("re-run this exploration with DRT_SEED={}{jobs}", s.seed),
        }
    }

    /// `drt: paste a test above into tests/ to keep the bug fixed`, naming
    /// the other place when a test must live inside the crate.
    pub(crate) fn paste_advice(&self) -> String {
        let inside = self.failures.iter().any(|f| crate::names::belongs_inside_the_crate(&f.code));
        let place = if inside { "tests/ (or where it says)" } else { "tests/" };
        format!("drt: paste a test above into {place} to keep the bug fixed")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failure(code: &str) -> Failure {
        Failure {
            kind: FailureKind::Panic,
            operation: "Series::add".into(),
            message: String::new(),
            location: None,
            code: code.into(),
            len: 1,
            found_after: Duration::ZERO,
            sequences_before: 0,
            hits: 1,
            unminimized_len: 1,
            minimize_limit: None,
            group: String::new(),
        }
    }

    fn op(name: &str, attempted: u64, millis: u64) -> OperationStats {
        OperationStats { name: name.into(), attempted, time: Duration::from_millis(millis), ..Default::default() }
    }

    #[test]
    fn the_summary_names_the_operations_that_take_most_of_the_time() {
        let stats = |ops: Vec<OperationStats>| Stats { operations: ops, ..Stats::default() };
        let hogs = stats(vec![op("A::f", 10, 900), op("A::g", 45, 50), op("A::h", 45, 50)]).time_hogs();
        assert_eq!(
            hogs.as_deref(),
            Some("most of the time went to sequences ending in A::f (90% of it, for 10% of the sequences)")
        );
        let two = stats(vec![op("A::f", 5, 300), op("A::g", 5, 300), op("A::h", 90, 100)]).time_hogs();
        assert!(two.is_some_and(|t| t.contains("A::f and A::g (86% of it, for 10%")));
        // Time in proportion to the sequences, or too little to tell: nothing to say.
        assert_eq!(stats(vec![op("A::f", 50, 600), op("A::g", 50, 400)]).time_hogs(), None);
        assert_eq!(stats(vec![op("A::f", 1, 60), op("A::g", 99, 1)]).time_hogs(), None);
        let report = Report { failures: Vec::new(), stats: stats(vec![op("A::f", 1, 900), op("A::g", 99, 100)]) };
        assert!(report.summary("A").contains("\ndrt: most of the time went to sequences ending in A::f (90%"));
        assert!(report.to_string().contains("\ndrt: most of the time went to sequences ending in A::f (90%"));
    }

    #[test]
    fn the_summary_names_the_edges_reached_only_with_coverage() {
        let mut report = Report {
            failures: Vec::new(),
            stats: Stats { seed: 7, sequences: 5, calls: 9, jobs: 1, ..Stats::default() },
        };
        assert!(report.summary("A").starts_with("drt: A: 5 sequences (9 calls) in "), "{}", report.summary("A"));
        report.stats.coverage = Some(Coverage { reached: 31, total: 140, ..Coverage::default() });
        assert!(report.summary("A").starts_with("drt: A: 5 sequences (9 calls, 31 of 140 edges) in "));
        assert!(!report.summary("A").contains("never entered"), "nothing to list");
    }

    #[test]
    fn the_functions_never_entered_are_listed_ten_at_most() {
        let unentered: Vec<String> = (0..12).map(|i| format!("ring::Ring::f{i:02}")).collect();
        let coverage = Coverage { reached: 31, total: 140, functions: 30, unentered };
        let stats = Stats { seed: 7, jobs: 1, coverage: Some(coverage), ..Stats::default() };
        let report = Report { failures: Vec::new(), stats };
        let line = "\ndrt: never entered: 12 of the 30 functions in the modules reached: ring::Ring::f00, ";
        assert!(report.summary("A").contains(line), "{}", report.summary("A"));
        assert!(report.summary("A").ends_with("ring::Ring::f09 and 2 more (the JSON report lists all)"));
        assert!(report.to_string().contains(line), "{report}");
    }

    /// Exploring `Wallet`, whose module holds `Counter` (with a block of
    /// its own): `Counter`'s methods are its exploration's to enter.
    #[test]
    fn the_methods_never_entered_of_types_explored_elsewhere_are_left_out() {
        let unentered = [
            "<shop::Counter as shop::Reset>::reset",
            "shop::Counter::add",
            "shop::Counter<T>::add::{{closure}}",
            "shop::CounterSet::clear",
            "shop::Wallet::audit",
            "shop::checksum",
        ];
        let unentered = unentered.iter().map(|f| f.to_string()).collect();
        let coverage = Coverage { reached: 31, total: 140, functions: 9, unentered };
        let left = coverage.without_methods_of(&["shop::Counter", "shop::Ledger"]);
        assert_eq!(left.unentered, ["shop::CounterSet::clear", "shop::Wallet::audit", "shop::checksum"]);
        assert_eq!(left.functions, 6, "the functions in the modules reached, without the three left out");
    }

    #[test]
    fn the_laws_checked_are_counted_in_the_summary_and_listed_by_type_in_the_report() {
        let laws = [("Stack", "is_empty"), ("Stack", "len_iter"), ("Tally", "roundtrip")];
        let laws = laws.iter().map(|(t, l)| (t.to_string(), l.to_string())).collect();
        let report = Report { failures: Vec::new(), stats: Stats { seed: 7, laws, jobs: 1, ..Stats::default() } };
        assert!(
            report.summary("Stack").contains(", no failures, 3 laws checked (seed 7)"),
            "{}",
            report.summary("Stack")
        );
        let text = report.to_string();
        assert!(text.contains("\ndrt: laws checked: Stack (is_empty, len_iter); Tally (roundtrip)\n"), "{text}");
        let none = Report { failures: Vec::new(), stats: Stats { seed: 7, jobs: 1, ..Stats::default() } };
        assert!(!none.to_string().contains("laws") && !none.summary("A").contains("laws"), "{none}");
    }

    #[test]
    fn tests_of_one_report_get_distinct_names() {
        let add = "// drt: Series::add panics: x\n#[test]\nfn series_add_panics() {\n    f();\n}\n";
        let other = "// drt: Series::len panics: y\n#[test]\nfn series_len_panics() {\n}\n";
        let mut report = Report {
            failures: vec![failure(add), failure(other), failure(add), failure(add)],
            stats: Stats::default(),
        };
        report.name_tests_apart();
        let names: Vec<&str> =
            report.failures.iter().map(|f| f.code.lines().nth(2).unwrap().trim_end_matches("() {")).collect();
        assert_eq!(
            names,
            ["fn series_add_panics", "fn series_len_panics", "fn series_add_panics_2", "fn series_add_panics_3"]
        );
        assert!(report.failures[2].code.ends_with("fn series_add_panics_2() {\n    f();\n}\n"));
    }
}
