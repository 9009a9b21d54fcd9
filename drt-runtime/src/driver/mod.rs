//! The driver: where an exploration runs. [`Explorer::run`] and
//! [`Explorer::report`] resolve the settings once, then explore in a
//! supervised child process or in this thread; a child process (a test
//! binary the supervisor started) runs its job instead, whatever its own
//! `explore(...)` call says; and [`fuzz`], where a fuzzer's bytes drive
//! the engine. The one place an [`Engine`] is assembled.

pub(crate) mod lifecycle;

use std::path::{Path, PathBuf};

use crate::config::{Chosen, Explorer, Isolation, Purpose, Settings};
use crate::differential;
use crate::generate::Engine;
use crate::isolate::job::{
    file, Channel, ChildListener, Job, CANNOT_GO_ON, CANNOT_GO_ON_STATUS, INTERNAL_ERROR, INTERNAL_ERROR_STATUS,
    NO_JOB_STATUS, REFERENCE_UNKNOWN, REFERENCE_UNKNOWN_STATUS,
};
use crate::isolate::jobs::explore_in_jobs;
use crate::isolate::supervisor::{current_test, Stop};
use crate::macro_support::OpKind;
use crate::registry::Registry;
use crate::report::{Bound, Report, Stats, WARNING};
use crate::saved_failures::SavedFailuresFile;
use crate::world::World;

impl Explorer {
    /// Explores and returns the report.
    ///
    /// # Panics
    ///
    /// If a `DRT_*` variable holds a value that does not parse, or a setting
    /// is out of range (`max_len` or `call_timeout` of 0, `max_pool` under
    /// 1 MiB; the message names it); if no operation is registered for the
    /// types under test; and on a bug in drt itself, which the message says
    /// to report.
    #[track_caller]
    pub fn report(self) -> Report {
        report_of(&self, false).report
    }

    /// Explores; panics with the report if anything failed, else prints a
    /// one-line summary.
    ///
    /// # Panics
    ///
    /// When the exploration found a failure, after printing the report
    /// (with a reproducing test per failure) to standard error; and when it
    /// tested nothing because no operation under test ever ran normally,
    /// saying why for each; and under `DRT_STRICT` (on when `CI` is set),
    /// when drt warned about its own files (a saved failure that no longer
    /// matches the code, a file it cannot read or write: see
    /// [`Stats::warnings`](crate::Stats::warnings)); and in the cases
    /// [`report`](Explorer::report) panics in.
    #[track_caller]
    pub fn run(self) {
        let subject = subject(&self);
        let Explored { report, saved, replay_only, strict } = report_of(&self, true);
        if report.failures.is_empty() && report.tested_nothing() && !replay_only {
            panic!(
                "{}\ndrt: nothing in {subject} was tested: none of its operations ever ran normally; \
                 the reasons are above",
                report.summary(&subject)
            );
        }
        let warnings = &report.stats.warnings;
        if report.failures.is_empty() && strict && !warnings.is_empty() {
            let listed: String = warnings.iter().map(|w| format!("{WARNING}{w}\n")).collect();
            panic!(
                "drt: DRT_STRICT is on (it is whenever CI is set), so warnings about drt's files fail this test:\n\
                 {listed}drt: do what each one says, or set DRT_STRICT=0 to make them warnings again\n\
                 drt: the exploration itself found no failures: {}",
                report.summary(&subject).trim_start_matches("drt: "),
            );
        }
        if report.failures.is_empty() {
            println!("{}", report.summary(&subject));
            return;
        }
        eprintln!("{report}");
        if let Some(path) = saved {
            let command = test_command().map(|c| format!(": `{c}` replays them")).unwrap_or_default();
            // In CI the file is on a machine that goes away: it must travel.
            let ci = if crate::config::in_ci_now() {
                " (in CI, keep the file as an artifact and copy it into your checkout)"
            } else {
                ""
            };
            eprintln!(
                "drt: the failing sequences are saved in {} and run first next time{command}{ci}",
                path.display()
            );
        }
        let n = report.failures.len();
        panic!(
            "drt found {n} failure{} in {subject} (seed {}); the reproducing test{} printed above",
            crate::names::plural(n as u64),
            report.stats.seed,
            if n == 1 { " is" } else { "s are" },
        );
    }
}

/// The command that runs this test alone, where cargo runs it: `cargo test
/// -p <package> <test>` (cargo names the package to the test binary; the
/// test harness names the thread after the test).
fn test_command() -> Option<String> {
    let test = crate::names::test_name()?;
    let package = std::env::var("CARGO_PKG_NAME").ok()?;
    Some(format!("cargo test -p {package}{} {test}", feature_drt_flag()))
}

/// ` --features drt` when the operations were compiled under that feature
/// (the README's setup for `tests/` and for fuzzing), for a `cargo test`
/// command to print; else nothing.
fn feature_drt_flag() -> &'static str {
    if crate::macro_support::built_with_feature_drt() {
        " --features drt"
    } else {
        ""
    }
}

/// Gives every test of a report its own name, laid out as rustfmt lays it
/// out where it is installed.
fn finish_tests(report: &mut Report) {
    report.name_tests_apart();
    for failure in &mut report.failures {
        failure.code = crate::render::rustfmt::formatted(&failure.code);
    }
}

/// Sequences one fuzzer input may drive at most (its bytes run out long before).
const FUZZ_STEPS: u64 = 10_000;

/// The fuzzer entry point: runs the operations of `T` as the bytes of
/// `data` choose, with every oracle, and panics with a minimized,
/// reproducing `#[test]` when they fail; for
/// `fuzz_target!(|data: &[u8]| drt::fuzz::<MyType>(data));` under
/// cargo-fuzz / libFuzzer (and so OSS-Fuzz), or any engine that hands
/// over bytes.
///
/// The bytes take the place of the random seed: drt's own generator builds
/// sequences bottom-up as an exploration does, from the start, each choice
/// it makes (the operation, each argument: a seed value, a builder, an
/// earlier result) read from the next bytes, until they run out. So a
/// fuzzer mutating the input changes what is called and with what, its
/// coverage feedback steers which inputs it keeps, and any input, short,
/// empty or garbage, is some valid run: nothing is rejected. The same
/// input always runs the same calls, so a crash file the fuzzer saved
/// reproduces by running the target on it again, which prints the test.
/// `DRT_*` variables do not apply; saved failures are neither read nor
/// written (the fuzzer keeps its own corpus and crashes), but for an input
/// `cargo drt fuzz <Type> <crash file>` replays: its failure is saved in
/// the package's `drt-regressions/`, where the type's exploration runs it
/// first.
///
/// # Panics
///
/// When the calls fail (a panic, a broken contract or invariant), with the
/// minimized `#[test]` of each failure in the message; when no operation
/// is registered for `T`; and on a bug in drt itself.
///
/// # Examples
///
/// ```
/// # pub struct Counter { hits: u8 }
/// # #[drt::operations]
/// # impl Counter {
/// #     pub fn new() -> Self { Counter { hits: 0 } }
/// #     pub fn hit(&mut self) { self.hits = self.hits.saturating_add(1) }
/// # }
/// // fuzz/fuzz_targets/counter.rs: fuzz_target!(|data: &[u8]| drt::fuzz::<Counter>(data));
/// drt::fuzz::<Counter>(&[3, 1, 4, 1, 5, 9, 2, 6]);
/// drt::fuzz::<Counter>(&[]);
/// ```
#[track_caller]
pub fn fuzz<T: 'static>(data: &[u8]) {
    let target = fuzz_target::<T>();
    let engine = Engine::new(&target.world, &target.settings).with_input(data);
    let run = || lifecycle::run(engine, &target.settings, target.store.as_ref()).report;
    let mut report = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
        Ok(report) => report,
        Err(payload) => panic!("{}", internal_error(&*payload)),
    };
    if report.failures.is_empty() {
        return;
    }
    finish_tests(&mut report);
    let n = report.failures.len();
    let saved = match (&target.store, report.stats.warnings.first()) {
        (Some(_), Some(warning)) => format!("\ndrt: warning: {warning}"),
        (Some(store), None) => format!(
            "\ndrt: saved in {}: the exploration of {} runs it first (`cargo test{}`)",
            store.path().display(),
            target.subject,
            feature_drt_flag()
        ),
        (None, _) => String::new(),
    };
    panic!(
        "drt::fuzz found {n} failure{} in {} with this input:\n{}{}{saved}",
        crate::names::plural(n as u64),
        target.subject,
        report.failures_text(),
        report.paste_advice()
    );
}

/// What [`fuzz`] runs every input of one type with.
struct FuzzTarget {
    world: World<'static>,
    settings: Settings,
    /// The type as reports name it.
    subject: String,
    /// Where a failing input's sequence is saved: only for the input
    /// `cargo drt fuzz <Type> <crash file>` replays (its settings save).
    store: Option<SavedFailuresFile>,
}

/// Set by `cargo drt fuzz` when it replays one input: the directory of the
/// package whose `drt-regressions/` keeps the input's failure.
const FUZZ_SAVE_VAR: &str = "__DRT_FUZZ_SAVE_IN";

/// The fuzz target of `T`, made once per thread and kept: a fuzzer calls
/// [`fuzz`] thousands of times a second, and resolving the settings alone
/// reads the machine's memory from `/proc`.
fn fuzz_target<T: 'static>() -> &'static FuzzTarget {
    thread_local! {
        static TARGETS: std::cell::RefCell<Vec<(std::any::TypeId, &'static FuzzTarget)>> = Default::default();
    }
    let id = std::any::TypeId::of::<T>();
    if let Some(target) = TARGETS.with(|t| t.borrow().iter().find(|(ty, _)| *ty == id).map(|(_, target)| *target)) {
        return target;
    }
    let explorer = crate::config::explore::<T>().max_sequences(FUZZ_STEPS);
    let settings = explorer.settings(Purpose::Fuzz, &|_| None).unwrap_or_else(|e| panic!("{e}"));
    let world = world_of(&[id], None, None, settings.laws).unwrap_or_else(|why| panic!("{why}"));
    if !world.ops.iter().any(|o| o.under_test) {
        panic!("{}", nothing_registered(&explorer, world.reg));
    }
    // `cargo drt fuzz <Type> <input>` replays one input to keep its failure
    // in the package it names, where the type's exploration replays it.
    let names: Vec<&str> = explorer.subjects().iter().map(|(_, n)| *n).collect();
    let store = std::env::var_os(FUZZ_SAVE_VAR).map(|dir| SavedFailuresFile::new(Path::new(&dir), &names));
    let mut settings = settings;
    if store.is_some() {
        settings.saved_failures = crate::config::SavedFailures { replay: false, save: true };
    }
    let target = FuzzTarget { world, settings, subject: subject(&explorer), store };
    let target: &'static FuzzTarget = Box::leak(Box::new(target));
    TARGETS.with(|t| t.borrow_mut().push((id, target)));
    target
}

/// What an exploration gave.
struct Explored {
    report: Report,
    /// The saved-failures file, when saving is on.
    saved: Option<PathBuf>,
    /// Whether only the saved failures were to run (`max_sequences` 0).
    replay_only: bool,
    /// Whether warnings fail `run()`.
    strict: bool,
}

/// Explores, and gives every test of the report its own name.
#[track_caller]
fn report_of(explorer: &Explorer, saved_by_default: bool) -> Explored {
    if let Some(channel) = Channel::from_env() {
        // A child runs its job at the test's first exploration, with what
        // that exploration's `against` brings.
        child_main(&channel, explorer.reference());
    }
    let settings = match explorer.settings(Purpose::Test { saved: saved_by_default }, &|name| std::env::var(name).ok())
    {
        Ok(settings) => settings,
        Err(e) => panic!("{e}"),
    };
    for note in &settings.notes {
        crate::progress::notice_once(&format!("drt: note: {note}\n"));
    }
    let (mut report, saved) = explore_somewhere(explorer, &settings);
    let elsewhere = explored_elsewhere(explorer, Registry::global());
    report.stats.coverage = report.stats.coverage.take().map(|c| c.without_methods_of(&elsewhere));
    report.stats.notes.splice(0..0, settings.notes.iter().cloned());
    report.stats.bound = match settings.budget.max_sequences {
        Some(n) if settings.budget.repeats(report.stats.sequences) => Bound::Sequences(n),
        _ => Bound::Time,
    };
    finish_tests(&mut report);
    if let Some(path) = &settings.json_report {
        write_json(&mut report, explorer, path);
    }
    Explored { report, saved, replay_only: settings.budget.replay_only(), strict: settings.strict }
}

/// The types with `#[drt::operations]` blocks of their own in `registry`
/// that `explorer` neither explores nor compares with (without generic
/// arguments, as [`Coverage::without_methods_of`](crate::report::Coverage)
/// takes them): their explorations call their methods.
fn explored_elsewhere(explorer: &Explorer, registry: &Registry) -> Vec<&'static str> {
    let bare = |name: &'static str| name.split('<').next().unwrap_or(name);
    let here = explorer.subjects().iter().map(|(_, n)| *n).chain(explorer.reference().map(|c| c.name));
    let here: Vec<&str> = here.map(bare).collect();
    let blocks = registry.ops.iter().filter(|o| o.spec.kind == OpKind::Method);
    let mut types: Vec<&str> = blocks.map(|o| bare(o.owner_name)).filter(|t| !here.contains(t)).collect();
    types.sort_unstable();
    types.dedup();
    types
}

/// Writes the report as JSON (`.json_report()`, `DRT_REPORT_JSON`). A file
/// that cannot be written is a note, not a warning: warnings fail `run()`
/// under `DRT_STRICT`, and the JSON must not change the verdict.
fn write_json(report: &mut Report, explorer: &Explorer, path: &std::path::Path) {
    let names: Vec<&str> = explorer.subjects().iter().map(|(_, n)| *n).collect();
    let file = crate::json_report::destination(path, &names);
    if let Err(why) = crate::json_report::write(report, &subject(explorer), &file) {
        crate::progress::notice_once(&format!("{WARNING}{why}\n"));
        report.stats.notes.push(why);
    }
}

/// Explores in a child process when the settings ask for it, else here.
#[track_caller]
fn explore_somewhere(explorer: &Explorer, settings: &Settings) -> (Report, Option<PathBuf>) {
    let ids: Vec<_> = explorer.subjects().iter().map(|(id, _)| *id).collect();
    let reference = explorer.reference().map(differential::registries);
    let reference = reference.as_ref().map(|(model, registries)| (*model, registries.get()));
    let names: Vec<&str> = explorer.subjects().iter().map(|(_, n)| *n).collect();
    let store = saved_failures_file(&names, settings);
    let world = world_of(&ids, reference, store.as_ref(), settings.laws).unwrap_or_else(|why| panic!("{why}"));
    if !world.ops.iter().any(|o| o.under_test) {
        panic!("{}", nothing_registered(explorer, world.reg));
    }
    let laws = world.laws.applied(world.reg);
    if settings.memcheck && settings.isolation == Isolation::InProcess {
        // The tests run under valgrind already (`memcheck::usable`).
        crate::memcheck::watch();
    }
    let path = store.as_ref().map(|s| s.path().to_path_buf());
    let mut warnings = Vec::new();
    let mut notes = Vec::new();
    if settings.isolation == Isolation::Process {
        if let Some(test) = current_test() {
            // A core for each job, while they run; `auto` takes those no
            // other exploration holds, one at least.
            let (cores, mut settings) = (crate::config::cores(), settings.clone());
            // Where no core can be held (the lock files cannot be made),
            // none is shared: `auto` uses them all, as it did before.
            let held = crate::isolate::cores::Cores::take(settings.jobs, cores);
            if let Some(held) = held.as_ref().ok().filter(|h| settings.jobs_auto && h.len() < settings.jobs) {
                let (jobs, busy) = (held.len().max(1), cores - held.len());
                let note = format!(
                    "DRT_JOBS=auto explored in {jobs} job{}: other explorations running held {busy} of the {cores} \
                     cores",
                    crate::names::plural(jobs as u64)
                );
                crate::progress::notice_once(&format!("drt: note: {note}\n"));
                notes.push(note);
                settings.jobs = jobs;
            }
            let job = Job {
                subjects: names.iter().map(|n| n.to_string()).collect(),
                replay: false,
                settings: settings.clone(),
                trace_after: None,
                avoid: Vec::new(),
                damped: Vec::new(),
                throttles: Vec::new(),
                decisions: None,
                reference: explorer.reference().map(|c| c.name.to_string()),
            };
            let world_of = || world_of(&ids, reference, store.as_ref(), settings.laws).expect("paired above");
            match explore_in_jobs(&test, &world_of, &job, store.as_ref()) {
                Ok((failures, mut stats)) => {
                    stats.notes.splice(0..0, notes);
                    return (Report { failures, stats: Stats { laws, ..stats } }, path);
                }
                // Exploring in-process would hit the same bug, and a crash of the user's there.
                Err(Stop::Internal(said)) => panic!("{said}"),
                Err(Stop::Io(e)) => {
                    crate::report::warn_once(
                        &mut warnings,
                        format!("cannot explore in a child process ({e}); exploring in-process"),
                    );
                }
                Err(Stop::ReferenceUnknown) => {
                    let name = explorer.reference().map(|c| c.name).unwrap_or_default();
                    let note = format!(
                        "explored in this process, without crash isolation: a child process learns the methods of \
                         {} only from the test's first exploration; give this exploration a #[test] of its own",
                        crate::names::display_type_name(name)
                    );
                    crate::progress::notice_once(&format!("drt: note: {note}\n"));
                    notes.push(note);
                }
            }
        }
    }
    // User code runs guarded: a panic out of the engine is drt's own, and
    // the silent hook has kept it from the test's output.
    let run = || lifecycle::explore_here(&world, settings, store.as_ref(), None, Default::default()).report;
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
        Ok(mut report) => {
            // Printed already; kept for the report (and `DRT_STRICT`).
            warnings.append(&mut report.stats.warnings);
            report.stats.warnings = warnings;
            notes.append(&mut report.stats.notes);
            report.stats.notes = notes;
            report.stats.laws = laws;
            (report, path)
        }
        Err(payload) => panic!("{}", internal_error(&*payload)),
    }
}

/// The world of an exploration of the types `ids`, against the reference
/// `model` when there is one (with the registry that knows its methods),
/// Its seeds include the literals of the saved failures in `store` that
/// the code no longer has, so that the parent and every child read the
/// same entries the same way. With `laws` off, it checks none.
fn world_of<'r>(
    ids: &[std::any::TypeId],
    reference: Option<(std::any::TypeId, &'r Registry)>,
    store: Option<&SavedFailuresFile>,
    laws: bool,
) -> Result<World<'r>, String> {
    let mut world = match reference {
        None => World::new(Registry::global(), ids),
        Some((model, registry)) => {
            let subject = *ids.first().expect("an exploration has a type under test");
            differential::shadow::against(World::new(registry, ids), subject, model)?
        }
    };
    if let Some(store) = store {
        let literals = store.unknown_literals(&world);
        world.adopt(literals);
    }
    if !laws {
        world.laws = Default::default();
    }
    Ok(world)
}

/// The line that reports a panic of drt's own.
fn internal_error(payload: &(dyn std::any::Any + Send)) -> String {
    let what = match crate::hook::SilentPanics::take_last() {
        Some(c) => format!("{} at {}", c.message, c.location.unwrap_or_default()),
        None => crate::hook::payload_text(payload),
    };
    format!("{INTERNAL_ERROR} (a bug in drt, please report it): {what}")
}

/// The saved-failures file for these subjects, when the settings read or write it.
fn saved_failures_file(subjects: &[&str], settings: &Settings) -> Option<SavedFailuresFile> {
    settings.saved_failures.any().then(|| SavedFailuresFile::for_crate(subjects)).flatten()
}

/// A child process: runs the job its supervisor wrote, then exits.
/// `chosen`: the reference the exploration the child runs at chose.
fn child_main(channel: &Channel, chosen: Option<Chosen>) -> ! {
    let Some(job) = channel.job() else { std::process::exit(NO_JOB_STATUS) };
    let reference = job.reference.as_deref().map(|name| {
        differential::named(name, chosen).unwrap_or_else(|| {
            eprintln!("{REFERENCE_UNKNOWN} {name}");
            std::process::exit(REFERENCE_UNKNOWN_STATUS)
        })
    });
    let reference = reference.as_ref().map(|(model, registries)| (*model, registries.get()));
    let registry = Registry::global();
    let ids: Vec<std::any::TypeId> = job
        .subjects
        .iter()
        .filter_map(|name| registry.types.values().find(|d| d.name == name.as_str()).map(|d| d.id))
        .collect();
    let names: Vec<&str> = job.subjects.iter().map(String::as_str).collect();
    let store = saved_failures_file(&names, &job.settings);
    let world = match world_of(&ids, reference, store.as_ref(), job.settings.laws) {
        Ok(world) => world.without(&job.avoid).unwrap_or_else(|why| {
            // What crashed was needed to pair with the reference: the
            // exploration cannot go on, which is no bug of anyone's.
            eprintln!("{CANNOT_GO_ON}{why}");
            std::process::exit(CANNOT_GO_ON_STATUS);
        }),
        Err(why) => {
            eprintln!("{INTERNAL_ERROR}: {why}");
            std::process::exit(INTERNAL_ERROR_STATUS);
        }
    };
    // Under valgrind, whose own needs an address-space limit would refuse.
    let watched = job.settings.memcheck && crate::memcheck::watch();
    if let Some(bytes) = job.settings.memory_limit.filter(|_| !watched) {
        if let Err(e) = crate::memory::limit_this_process(bytes) {
            eprintln!(
                "{WARNING}cannot limit the exploring process's memory (DRT_MEMORY_LIMIT): {e}; set \
                 DRT_MEMORY_LIMIT=off to explore without a limit"
            );
        }
    }
    let _silent = crate::hook::SilentPanics::install();
    // What runs is recorded for the supervisor: the call running (a
    // replay's as an exploration's, so that a crash is told the same way),
    // the sequence, the last panic.
    if let Some(record) = channel.record.clone() {
        crate::hook::tell_panics(Box::new(move |caught| {
            record.panicked(&format!("{}\n{}", caught.location.as_deref().unwrap_or(""), caught.message));
        }));
    }
    let timed = job.settings.budget.time_limit.is_some();
    // Steered by coverage, a run is not repeatable: each sequence's text
    // is kept. Not otherwise: `coverage` is on by default, and a build
    // without coverage feedback (the usual one) must not pay for it.
    let steered = job.settings.coverage && !job.settings.random_walk && crate::coverage::unavailable().is_none();
    let repeatable = !steered;
    let listener = Box::new(ChildListener::new(channel.clone(), job.trace_after, timed, repeatable));
    let (running, records) = (listener.running(), channel.clone());
    let mut world = world;
    world.throttles = crate::sizes::Throttles::of(&world, &job.throttles);
    world.watch = Some(Box::new(move |watched| {
        records.record(running.load(std::sync::atomic::Ordering::Relaxed), watched);
    }));
    if job.replay {
        channel.announce_checks();
        let text = std::fs::read_to_string(channel.file(file::SEQUENCE)).unwrap_or_default();
        let failed = crate::sequence_text::decode(&world, &text).is_ok_and(|seq| {
            let outcome = world.execute(&seq, crate::execute::Checks::ALL).finish(&world);
            matches!(outcome, crate::outcome::Outcome::Failed { .. })
        });
        channel.replayed(failed);
        std::process::exit(0);
    }
    let decisions = match &job.decisions {
        Some(path) => lifecycle::Decisions::Replay(path.clone()),
        None => lifecycle::Decisions::Keep(channel.file(file::DECISIONS)),
    };
    let carried = lifecycle::Carried { throttles: job.throttles.clone(), damped: job.damped.clone(), decisions };
    let run = || lifecycle::explore_here(&world, &job.settings, store.as_ref(), Some(listener), carried);
    // A panic of drt's own (a bug in drt) must not pass for a crash of the
    // user's code: it says what it was, which the supervisor shows.
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
        Ok(ended) => channel.done(&ended.report.failures, &ended.groups, &ended.report.stats),
        Err(payload) => {
            eprintln!("{}", internal_error(&*payload));
            std::process::exit(INTERNAL_ERROR_STATUS);
        }
    }
    std::process::exit(0);
}

/// Why no operation is under test: no annotated impl block, or one for
/// other instances of a generic type.
fn nothing_registered(explorer: &Explorer, registry: &Registry) -> String {
    let subject = subject(explorer);
    let base = |name: &str| name.split('<').next().unwrap_or(name).to_string();
    let mut instances: Vec<String> = registry
        .ops
        .iter()
        // The user's operations: not builders, seeds or generators.
        .filter(|o| o.spec.kind == OpKind::Method)
        .map(|o| crate::names::display_type_name(o.owner_name))
        .filter(|name| {
            name.contains('<')
                && explorer.subjects().iter().any(|(_, n)| base(name) == base(&crate::names::display_type_name(n)))
        })
        .collect();
    instances.sort();
    instances.dedup();
    if instances.is_empty() {
        format!(
            "drt: no operations are registered for {subject}: put #[drt::operations] on its impl block (one under \
             #[cfg_attr(test, ...)] is compiled for the crate's unit tests only, not for those in tests/)"
        )
    } else {
        format!(
            "drt: no operations are registered for {subject}: its #[drt::operations] blocks are instantiated for {} \
             only; add an instantiate(...) that gives {subject}",
            instances.join(", ")
        )
    }
}

/// The types under test, as people read them: `Stack<u8>, Account`.
fn subject(explorer: &Explorer) -> String {
    let names: Vec<String> = explorer.subjects().iter().map(|(_, n)| crate::names::display_type_name(n)).collect();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use crate::fixtures::{Dial, Tally, TallyModel, Wallet};

    #[test]
    fn the_types_explored_elsewhere_are_those_with_a_block_not_explored_here() {
        let name = |t| crate::names::display_type_name(t);
        let elsewhere = super::explored_elsewhere(&crate::explore::<Wallet>(), super::Registry::global());
        for other in [std::any::type_name::<Dial>(), std::any::type_name::<Tally>()] {
            assert!(elsewhere.contains(&other), "{} has a block of its own: {elsewhere:?}", name(other));
        }
        assert!(!elsewhere.contains(&std::any::type_name::<Wallet>()), "{elsewhere:?}");
        assert!(elsewhere.windows(2).all(|w| w[0] < w[1]), "sorted, each once: {elsewhere:?}");
        let compared = crate::explore::<Tally>().against::<TallyModel>();
        let elsewhere = super::explored_elsewhere(&compared, super::Registry::global());
        assert!(!elsewhere.contains(&std::any::type_name::<TallyModel>()), "the reference: {elsewhere:?}");
    }

    #[test]
    fn the_command_that_replays_saved_failures_names_the_package_and_the_test() {
        assert_eq!(
            super::test_command().as_deref(),
            Some("cargo test -p drt-runtime driver::tests::the_command_that_replays_saved_failures_names_the_package_and_the_test")
        );
    }
}
