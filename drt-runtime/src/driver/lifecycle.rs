//! An exploration from start to end in this process, around the engine:
//! the saved failures replayed first, the search, the failures saved, the
//! regression tests written, and the report.

use std::path::PathBuf;

use crate::config::Settings;
use crate::generate::{DecisionLog, Engine};
use crate::isolate::shared::{KeptDecisions, ReplayedDecisions};
use crate::progress::{Listener, Progress};
use crate::report::Report;
use crate::saved_failures::SavedFailuresFile;
use crate::sizes::Throttle;
use crate::world::World;

/// What one exploration here gave: the report, and the name of each
/// failure's group (a child passes them to its supervisor).
pub(crate) struct Ended {
    pub report: Report,
    pub groups: Vec<String>,
}

/// What a child's engine starts with from the children before it: the
/// parameters they learned to throttle, the operations that crashed them
/// (and how often), and where its cost decisions go.
#[derive(Default)]
pub(crate) struct Carried {
    pub throttles: Vec<Throttle>,
    pub damped: Vec<(String, u32)>,
    pub decisions: Decisions,
}

/// Where a child's cost decisions are kept, or read from
/// ([`crate::generate::DecisionLog`]).
#[derive(Default)]
pub(crate) enum Decisions {
    /// Nowhere (in this process).
    #[default]
    Unkept,
    /// Kept in this file, when the engine weighs costs (a time-limited run).
    Keep(PathBuf),
    /// Replayed from this file: a rerun that looks for a crash's sequence.
    Replay(PathBuf),
}

/// Explores `world` with `settings` here, reading and writing the saved
/// failures in `store` as the settings say, and telling `listener` how
/// it goes (by default, the progress line when the settings ask for one).
pub(crate) fn explore_here<'w>(
    world: &'w World<'w>,
    settings: &Settings,
    store: Option<&SavedFailuresFile>,
    listener: Option<Box<dyn Listener + 'w>>,
    carried: Carried,
) -> Ended {
    let mut engine = Engine::new(world, settings).with_throttles(&carried.throttles).with_damped(&carried.damped);
    let log: Option<(Box<dyn DecisionLog>, bool)> = match carried.decisions {
        Decisions::Keep(path) if engine.weighs_costs() => {
            KeptDecisions::create(&path).ok().map(|l| (Box::new(l) as _, false))
        }
        Decisions::Replay(path) => ReplayedDecisions::read(&path).ok().map(|l| (Box::new(l) as _, true)),
        _ => None,
    };
    if let Some((log, replaying)) = log {
        engine = engine.with_decisions(log, replaying);
    }
    let progress = || settings.progress.map(|every| Box::new(Progress::new(settings.budget.seed, every)) as Box<_>);
    match listener.or_else(progress) {
        Some(listener) => run(engine.with_listener(listener), settings, store),
        None => run(engine, settings, store),
    }
}

/// Runs `engine` from start to end (see the module's docs).
pub(crate) fn run(mut engine: Engine<'_>, settings: &Settings, store: Option<&SavedFailuresFile>) -> Ended {
    let world = engine.world();
    {
        // User code runs guarded and quiet while the engine explores.
        let _silent = crate::hook::SilentPanics::install();
        engine.start();
        replay(&mut engine, world, settings, store);
        engine.explore();
    }
    save(&mut engine, world, settings, store);
    write_regression_tests(&mut engine, world, settings);
    if settings.budget.replay_only() {
        let n = engine.stats_mut().sequences;
        let s = crate::names::plural(n);
        engine.stats_mut().notes.push(if settings.saved_failures.replay {
            format!("max_sequences is 0: only the saved failing sequences ran ({n} sequence{s}); nothing was explored")
        } else {
            "max_sequences is 0 and saved failures are off (DRT_PERSIST): nothing ran".to_string()
        });
    }
    let groups = engine.failures().map(|g| g.key.group_name()).collect();
    Ended { report: engine.finish(), groups }
}

/// Runs the saved failing sequences before anything else.
fn replay(engine: &mut Engine<'_>, world: &World<'_>, settings: &Settings, store: Option<&SavedFailuresFile>) {
    let Some(store) = store.filter(|_| settings.saved_failures.replay) else { return };
    let (saved, warnings) = store.load(world);
    for warning in warnings {
        engine.stats_mut().warn(warning);
    }
    for seq in saved {
        engine.replay(seq);
    }
}

/// Saves every reproducible failure to the saved-failures file.
fn save(engine: &mut Engine<'_>, world: &World<'_>, settings: &Settings, store: Option<&SavedFailuresFile>) {
    let Some(store) = store.filter(|_| settings.saved_failures.save) else { return };
    let seed = settings.budget.seed;
    let entries: Vec<_> = engine
        .failures()
        .filter(|g| g.failure.kind != crate::report::FailureKind::Flaky)
        .map(|g| (crate::saved_failures::entry_comment(&g.failure, seed), &g.seq))
        .collect();
    if let Err(warning) = store.save(world, &entries) {
        engine.stats_mut().warn(warning);
    }
}

/// Writes the regression tests, when asked for.
fn write_regression_tests(engine: &mut Engine<'_>, world: &World<'_>, settings: &Settings) {
    let Some((path, update)) = &settings.regression_tests else { return };
    let (strict, seed) = (settings.strict, settings.budget.seed);
    let repeatable = settings.budget.repeats(engine.stats_mut().sequences);
    match crate::regression_tests::write(path, (*update, strict), world, engine.shortest(), (seed, repeatable)) {
        Ok(wrote) => engine.stats_mut().notes.extend(wrote),
        Err(warning) => engine.stats_mut().warn(warning),
    }
}
