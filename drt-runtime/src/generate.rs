//! Feedback-directed generation: DRT_S (thesis Fig 5-4) as Randoop builds it
//! (thesis §7.5).
//!
//! Each step:
//! 1. picks an operation at random, by weight;
//! 2. fills each argument (the receiver first) with a seed, a variable already
//!    in the new sequence, or a value of the right type from a component
//!    sequence, whose calls are appended first (the `extend` operator);
//! 3. sometimes repeats a mutating call (probability 0.1, up to 100 times,
//!    §7.5);
//! 4. discards it if the same sequence was made before, else executes it;
//! 5. classifies it: a failure is minimized and reported; a normal sequence
//!    joins the component set when the values it touched are new (index
//!    pruning, §5.8), else it is redundant.

use std::any::{Any, TypeId};
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

use rand::RngExt;

use crate::config::{Budget, Isolation, MinimizeLimits, SavedFailures, Settings, Update};
use crate::execute::{Checks, Execution, Fault, Outcome, Reused, RunBuffers};
use crate::ints::IntKind;
use crate::isolate::job::{Channel, HEARTBEAT_EVERY, HEARTBEAT_INTERVAL};
use crate::macro_support::ParamKind;
use crate::minimize::minimize;
use crate::oracle::Violation;
use crate::pool::{Held, Kept, Offer, Pool};
use crate::progress::Progress;
use crate::report::{FailureKind, OperationStats, Report, Stats};
use crate::rng::Choices;
use crate::saved_failures::Store;
use crate::sequence::{Composed, Mode, Operand, Sequence};
use crate::triage::{confirmed_failure, fails_again, FailureKey, Found, Groups, Minimized};
use crate::untested::Untested;
use crate::world::World;

/// Probability that an argument with seeds takes a seed rather than a pool value.
const SEED_PROBABILITY: f64 = 0.75;
/// Probability of reusing a variable already in the new sequence (aliasing).
const ALIAS_PROBABILITY: f64 = 0.3;
/// Randoop's repetition: probability and maximum count (thesis §7.5).
const REPEAT_PROBABILITY: f64 = 0.1;
const REPEAT_MAX: usize = 100;
/// Probability that an integer argument or element given a seed gets a
/// drawn value instead ([`IntKind::draw`]). More finds the values no seed
/// gives sooner, but every drawn value makes states that differ only in
/// data, which crowd the pool: over 30 seeds of the examples, 0.25 missed
/// a ring buffer's wrap-around twice as often as 0.15 did.
const DRAW_PROBABILITY: f64 = 0.15;
/// Largest `Vec` built from seeds: sizes are mostly small (up to
/// [`SMALL_SEED_VEC`]), sometimes tens, one time in twenty in the hundreds,
/// as real workloads are (the documented bound on drt-made collections).
pub(crate) const MAX_SEED_VEC: usize = 300;
const SMALL_SEED_VEC: usize = 4;
/// Pairs of values waiting to be compared ([`Engine::pair`]), at most.
const MAX_PAIRS: usize = 64;
/// Probability that a repetition repeats a mix of mutating calls on the
/// same value, each with fresh arguments, rather than one call.
const MIX_PROBABILITY: f64 = 0.5;
/// Probability that an integer argument is a value the code under test
/// compared something with (when it was built for coverage), and how many
/// such values are looked at and kept: the last pairs of each new call,
/// per entry extended, and entries with some.
const HINT_PROBABILITY: f64 = 0.25;
const HINTS_PER_CALL: usize = 8;
const MAX_HINTS: usize = 8;
const MAX_HINTED: usize = 1 << 14;
/// Compared values below this are not kept as hints: seeds and drawn
/// integers give them often (and enum discriminants are compared a lot).
const SMALL_VALUES: u64 = 256;
/// Sequences retried with a compared value, waiting; and the (operation,
/// argument, value) retries made, remembered up to a bound.
const MAX_RETRIES: usize = 64;
const MAX_TRIED: usize = 1 << 16;
/// Probability that a value from the pool is taken from a sequence that
/// reached new edges (when there are such), rather than from any.
const FAVOUR_PROBABILITY: f64 = 0.5;
/// How much more often an operation whose calls keep reaching new edges is
/// chosen: its weight grows by a quarter per recent discovery, to at most
/// `1 + MAX_CREDIT / 4` times its own.
const MAX_CREDIT: u32 = 12;
/// Sequences between two halvings of the operations' credit.
const CREDIT_HALF_LIFE: u64 = 256;
/// Runs whose costs give the typical cost of a run (their median), and
/// how many other pool values are drawn at most for an argument while
/// the ones drawn cost more than [`COST_SLACK`] times that (see
/// [`Engine::affordable`]).
const COST_WINDOW: usize = 256;
const MAX_REDRAWS: u32 = 16;
const COST_SLACK: u32 = 4;
/// Without costs weighed, one run in this many is timed (and stands for
/// the others in [`OperationStats::time`]): reading the clock twice costs
/// a few percent of a cheap run.
const TIME_SAMPLE: u64 = 8;
/// Pool values drawn per argument while exploring, the shortest kept.
const EXPLORE_TOURNAMENT: u32 = 2;
/// The same while looking for a shorter reproduction of a failure.
const SHORTEN_TOURNAMENT: u32 = 4;
/// Sequences generated to look for a shorter reproduction of a new failure,
/// per 8 calls of the reproduction it starts from (a long one is more often
/// a local minimum: a ring of 15 slots needs 20 pushes, one of 2 needs 3).
const SHORTEN_TRIES: u32 = 500;
/// How many levels of arguments the detective builds on demand.
const MAX_DEMAND_DEPTH: u32 = 3;
/// Consecutive steps that made nothing new (no sequence, or a redundant
/// one) before the search counts as exhausted: drawn integers never run
/// out of new sequences, but a state space can run out of new values.
const MAX_IDLE_STEPS: u32 = 20_000;
/// Steps between two readings of the clock while steps are fast.
const CLOCK_EVERY: u32 = 16;
/// A step this short or shorter is fast (a time limit is then passed by at
/// most `CLOCK_EVERY` of them).
const FAST_STEP: Duration = Duration::from_micros(20);

/// Runs that reuse values are checked against a run from scratch: the
/// first this many, then one in `VERIFY_EVERY`.
const VERIFY_FIRST: u64 = 64;
const VERIFY_EVERY: u64 = 1_024;
/// The longest `Debug` text of a value kept for reuse (see `kept_copy`).
const MAX_KEPT_TEXT: usize = 1 << 20;

/// When [`Engine::out_of_budget`] reads the clock next: the time it last
/// read, and the steps between readings and left until the next; when it
/// last told a supervisor how far it got; and the progress line, when this
/// exploration prints its own.
struct Clock {
    last: Duration,
    every: u32,
    left: u32,
    last_beat: Duration,
    progress: Option<Progress>,
}

pub(crate) struct Engine<'w> {
    world: &'w World<'w>,
    budget: Budget,
    /// Time between two progress lines, when this exploration prints them.
    progress: Option<Duration>,
    minimize: MinimizeLimits,
    rng: Choices,
    pool: Pool,
    cumulative_weights: Vec<u64>,
    stats: Stats,
    per_op: Vec<OperationStats>,
    /// Why operations never ran, for the report.
    untested: Untested,
    groups: Groups,
    start: Instant,
    /// Pool values drawn per argument, the shortest kept.
    tournament: u32,
    /// Probability that an integer given a seed gets a drawn value instead.
    draw: f64,
    /// Where failures are saved and replayed from, when that is on.
    store: Option<Store>,
    saved_failures: SavedFailures,
    /// Per operation, the shortest sequence ending in it that ran normally.
    shortest: Vec<Option<Sequence>>,
    /// Where to write regression tests, when asked, how, and whether
    /// strictly (`DRT_STRICT`, on in CI).
    regression_tests: Option<(PathBuf, Update, bool)>,
    /// In a child process: where to report progress, and after how many
    /// sequences to trace each one (to find the one that crashes).
    channel: Option<(Channel, Option<u64>)>,
    /// Where the first call built on demand went in the sequence being
    /// extended: calls from there on are new, and are checked.
    demanded_from: Option<usize>,
    /// Whether new sequences start from the values their components left
    /// (incremental execution); off once a run from scratch disagreed.
    reuse: bool,
    /// Runs that reused values so far.
    reusing_runs: u64,
    /// The components whose values the last run reused: (pool entry, where
    /// its calls start), in order.
    reused_parts: Vec<(u32, u32)>,
    /// The variables of components the last run's new calls used, sorted.
    used: Vec<u32>,
    /// Per type of kept value: values kept so far, largest heap estimate.
    heap_estimates: std::cell::RefCell<rustc_hash::FxHashMap<TypeId, (u64, usize)>>,
    /// Buffers for building the next sequence, the calls it runs, and its
    /// live variables.
    spare: Composed,
    spare_calls: Sequence,
    /// The variables alive in the sequence being built, and their types by
    /// number ([`Pool::type_number`]).
    spare_alive: Vec<(u32, u32)>,
    /// Buffers for listing what a run touched and left.
    spare_last_touch: Vec<(u32, usize)>,
    spare_touched: Vec<(u32, TypeId)>,
    /// The new values of types the contracts compare, with the order-free
    /// digests of their `Debug` texts, in the last run.
    spare_digests: Vec<(u32, TypeId, u64)>,
    /// Per type and order-free `Debug` digest, the first pool value seen
    /// with it; and the pairs of values found to share one, waiting to be
    /// compared ([`Engine::pair`]).
    classes: rustc_hash::FxHashMap<u64, Offer>,
    pairs: Vec<(Offer, Offer)>,
    spare_run: RunBuffers,
    keep_buffers: KeepBuffers,
    /// The code under test's edge coverage, when it was built for it and
    /// the settings use it; and its table of recently compared values.
    coverage: Option<crate::coverage::Feedback>,
    compares: Option<&'static crate::coverage::Compares>,
    /// The types explored (owning an operation under test): values of
    /// other types that a call takes are looked into for the integers
    /// that made them ([`Engine::note_compares`]).
    explored: Vec<TypeId>,
    /// Per pool entry, values the code under test compared something with
    /// when the entry was extended ([`Engine::hinted`]); and the entry the
    /// sequence being built extends (its first component from the pool).
    hints: rustc_hash::FxHashMap<u32, Vec<u64>>,
    extending: Option<u32>,
    /// Per type, the values of pool sequences that reached edges no
    /// earlier sequence did: the frontier of the search, extended more often.
    favoured: rustc_hash::FxHashMap<TypeId, Vec<Offer>>,
    /// Sequences to run again with an argument replaced by the value it
    /// was compared with, and the replacements made ([`Engine::note_compares`]).
    retries: Vec<(usize, Composed, usize)>,
    tried: rustc_hash::FxHashSet<(u32, u32, u64)>,
    /// Per operation, its own weight, and its recent new-edge discoveries
    /// (the credit that raises it in `cumulative_weights`).
    weights: Vec<u64>,
    credit: Vec<u32>,
    /// Whether to explore by an undirected random walk instead (the
    /// thesis's Rw, §8.3: a baseline for benchmarks), and the pool entry
    /// holding the walk so far.
    random_walk: bool,
    walk: Option<u32>,
    /// Whether pool values are drawn by what extending them costs (see
    /// [`Engine::affordable`]): when time bounds the exploration, which is
    /// then not repeatable anyway, but never when a number of sequences
    /// does. The last runs' costs in nanoseconds, and their median.
    cost_aware: bool,
    recent_costs: Vec<u32>,
    typical_cost: u32,
}

/// Buffers [`Engine::keep`] fills: the live variables, which were changed,
/// the values kept.
#[derive(Default)]
struct KeepBuffers {
    alive: Vec<(u32, TypeId)>,
    changed: Vec<bool>,
    kept: Vec<Held>,
}

impl<'w> Engine<'w> {
    /// An engine exploring `world` with `settings`; `store` is the saved
    /// failures' file, read and written as `settings` say.
    pub fn new(world: &'w World<'w>, settings: &Settings, store: Option<Store>) -> Engine<'w> {
        let budget = settings.budget;
        let weights: Vec<u64> = world.ops.iter().map(|o| u64::from(o.op.spec.weight)).collect();
        let credit = vec![0; weights.len()];
        let cumulative_weights = cumulative(&weights, &credit);
        let coverage = settings.coverage.then(crate::coverage::Feedback::new).and_then(Result::ok);
        // A random walk is undirected: its coverage is measured, never used.
        let compares =
            coverage.as_ref().filter(|_| !settings.random_walk).and_then(|_| crate::coverage::Compares::global());
        let per_op = world
            .ops
            .iter()
            .map(|o| OperationStats {
                name: o.op.display.clone(),
                under_test: o.under_test,
                ..OperationStats::default()
            })
            .collect();
        Engine {
            world,
            rng: Choices::seeded(budget.seed),
            // The engine explores in its own thread (a supervisor reports a child as such).
            stats: Stats {
                seed: budget.seed,
                isolation: Isolation::InProcess,
                jobs: 1,
                notes: world.reference.as_ref().map(|d| d.plan.notes.clone()).unwrap_or_default(),
                ..Stats::default()
            },
            budget,
            minimize: settings.minimize,
            pool: Pool::new(settings.max_pool),
            progress: settings.progress,
            cumulative_weights,
            per_op,
            untested: Untested::new(world.ops.len()),
            groups: Groups::default(),
            start: Instant::now(),
            tournament: EXPLORE_TOURNAMENT,
            draw: DRAW_PROBABILITY,
            store,
            saved_failures: settings.saved_failures,
            shortest: vec![None; world.ops.len()],
            regression_tests: settings.regression_tests.clone().map(|(path, update)| (path, update, settings.strict)),
            channel: None,
            demanded_from: None,
            // The reference's side runs from the first call: its values are not kept.
            reuse: world.reference.is_none(),
            reusing_runs: 0,
            reused_parts: Vec::new(),
            used: Vec::new(),
            heap_estimates: Default::default(),
            spare: Composed::default(),
            spare_calls: Sequence::default(),
            spare_alive: Vec::new(),
            spare_last_touch: Vec::new(),
            spare_touched: Vec::new(),
            spare_digests: Vec::new(),
            classes: Default::default(),
            pairs: Vec::new(),
            spare_run: RunBuffers::default(),
            keep_buffers: KeepBuffers::default(),
            coverage,
            compares,
            explored: {
                let mut t: Vec<TypeId> = world.ops.iter().filter(|o| o.under_test).map(|o| o.op.spec.owner).collect();
                t.sort_unstable();
                t.dedup();
                t
            },
            hints: Default::default(),
            extending: None,
            favoured: Default::default(),
            retries: Vec::new(),
            tried: Default::default(),
            credit,
            weights,
            random_walk: settings.random_walk,
            walk: None,
            cost_aware: budget.max_sequences.is_none(),
            recent_costs: Vec::with_capacity(COST_WINDOW),
            typical_cost: 0,
        }
    }

    /// Makes every choice from `input`'s bytes, in order, and stops when
    /// they are all read: how `drt::fuzz` turns a fuzzer's input into the
    /// sequences it runs (see [`Choices`]).
    pub fn with_input(mut self, input: &[u8]) -> Self {
        self.rng = Choices::Bytes { data: input.to_vec(), at: 0 };
        // The same input must make the same choices.
        self.cost_aware = false;
        self
    }

    /// Reports progress and failures to a supervising process.
    pub fn with_channel(mut self, channel: Channel, trace_after: Option<u64>) -> Self {
        self.channel = Some((channel, trace_after));
        self
    }

    /// Counts a sequence about to run: trace and heartbeat for a supervisor.
    /// A heartbeat goes every [`HEARTBEAT_EVERY`] sequences and before each
    /// saved failure replayed (a replay and its minimization may be long);
    /// while exploring, [`Engine::out_of_budget`] also beats every
    /// [`HEARTBEAT_INTERVAL`], reading the clock no oftener than it does.
    fn starting(&mut self, seq: Starting<'_>) {
        self.stats.sequences += 1;
        let Some((channel, trace_after)) = &self.channel else { return };
        let n = self.stats.sequences;
        if trace_after.is_some_and(|after| n > after) {
            let text = match seq {
                Starting::Flat(seq) => crate::sequence_text::encode(self.world, seq),
                Starting::Draft(draft) => crate::sequence_text::encode(self.world, &self.pool.flat(draft.view())),
            };
            channel.trace(&text);
        }
        if n.is_multiple_of(HEARTBEAT_EVERY) || matches!(seq, Starting::Flat(_)) {
            channel.heartbeat(n - 1, self.groups.iter().count());
        }
    }

    /// Explores until a budget runs out or nothing new can be made.
    pub fn run(mut self) -> Report {
        self.explore();
        self.save();
        self.write_regression_tests();
        let groups: Vec<String> = self.groups.iter().map(|g| g.key.group_name()).collect();
        let channel = self.channel.as_ref().map(|(c, _)| c.clone());
        let report = self.finish();
        if let Some(channel) = channel {
            channel.done(&report.failures, &groups, &report.stats);
        }
        report
    }

    fn write_regression_tests(&mut self) {
        if let Some((path, update, strict)) = &self.regression_tests {
            let (world, seed) = (self.world, self.stats.seed);
            match crate::regression_tests::write(path, *update, *strict, world, &self.shortest, seed) {
                Ok(wrote) => self.stats.notes.extend(wrote),
                Err(warning) => self.stats.warn(warning),
            }
        }
    }

    /// Runs the saved failing sequences before anything else.
    fn replay(&mut self) {
        let Some(store) = self.store.clone().filter(|_| self.saved_failures.replay) else { return };
        let (saved, warnings) = store.load(self.world);
        for warning in warnings {
            self.stats.warn(warning);
        }
        for seq in saved {
            let sequences_before = self.stats.sequences;
            self.starting(Starting::Flat(&seq));
            let exec = self.world.execute(&seq, Checks::ALL);
            self.stats.calls += exec.outcome.calls_run(seq.len());
            if let Outcome::Failed { call, fault } = exec.finish(self.world) {
                self.stats.failing += 1;
                self.record_failure(seq, call, fault, sequences_before);
            }
        }
    }

    /// Saves every reproducible failure to the saved-failures file.
    fn save(&mut self) {
        let Some(store) = self.store.as_ref().filter(|_| self.saved_failures.save) else { return };
        let entries: Vec<(String, &Sequence)> = self
            .groups
            .iter()
            .filter(|g| g.failure.kind != FailureKind::Flaky)
            .map(|g| (crate::saved_failures::entry_comment(&g.failure, self.stats.seed), &g.seq))
            .collect();
        if let Err(warning) = store.save(self.world, &entries) {
            self.stats.warn(warning);
        }
    }

    fn explore(&mut self) {
        let _silent = crate::hook::SilentPanics::install();
        self.start = Instant::now();
        self.replay();
        self.forget_coverage();
        let mut idle = 0;
        // A child's parent prints the progress of all its jobs; an exploration here, its own.
        let every = self.progress.filter(|_| self.channel.is_none());
        let progress = every.map(|every| Progress::new(self.stats.seed, every));
        let mut clock = Clock { last: Duration::ZERO, every: 1, left: 1, last_beat: Duration::ZERO, progress };
        while !self.out_of_budget(&mut clock) && idle < MAX_IDLE_STEPS && !self.world.ops.is_empty() {
            if self.step() {
                idle = 0;
            } else {
                idle += 1;
            }
        }
        if idle >= MAX_IDLE_STEPS {
            self.stats.notes.extend(self.ran_dry_note());
        }
    }

    /// Why the exploration stopped before its budget (it could build no
    /// sequence it had not run, or none that gave a new value), when that may not be the type's size: nearly
    /// every sequence gave only values seen before, and values are told
    /// apart by a `Debug` text that may hide state. (A small type simply
    /// runs out of sequences: nothing to say then.)
    fn ran_dry_note(&self) -> Option<String> {
        let s = &self.stats;
        let mut by_text: Vec<&str> = Vec::new();
        for o in self.world.ops.iter().filter(|o| o.under_test) {
            let Some(d) = self.world.reg.types.get(&o.op.spec.owner) else { continue };
            if !(d.total_eq && d.hash.is_some()) && d.debug.is_some() && !by_text.contains(&d.short_name()) {
                by_text.push(d.short_name());
            }
        }
        (!by_text.is_empty() && s.redundant >= 10 * s.normal.max(1)).then(|| {
            format!(
                "the exploration stopped before its budget: its last {MAX_IDLE_STEPS} steps made nothing new (no \
                 sequence it had not run, or one giving only values seen before), and {} of {} sequences gave only \
                 values seen before. Values of {} (no `Eq + Hash`) are told apart by \
                 their `Debug` text: if it leaves out part of the state (a capacity, a cursor), values that \
                 differ look alike and the search ends early; derive `PartialEq, Eq, Hash`, or show that state \
                 in `Debug`",
                s.redundant,
                s.sequences,
                by_text.join(", ")
            )
        })
    }

    /// Whether the budget is spent; prints the progress line, or tells a
    /// supervisor the sequences run so far, when due. Reading the clock
    /// costs about a hundredth of a cheap step, so while steps are shorter
    /// than [`FAST_STEP`] it is read every [`CLOCK_EVERY`] steps only.
    fn out_of_budget(&self, clock: &mut Clock) -> bool {
        if self.budget.max_sequences.is_some_and(|m| self.stats.sequences >= m) || self.rng.exhausted() {
            return true;
        }
        if self.budget.time_limit.is_none() && clock.progress.is_none() && self.channel.is_none() {
            return false;
        }
        clock.left -= 1;
        if clock.left > 0 {
            return false;
        }
        let now = self.start.elapsed();
        let fast = now.saturating_sub(clock.last) < FAST_STEP * clock.every;
        clock.every = if fast { CLOCK_EVERY } else { 1 };
        (clock.last, clock.left) = (now, clock.every);
        if let Some(progress) = &mut clock.progress {
            progress.tick(now, self.stats.sequences, self.groups.iter().count());
        }
        if let Some((channel, _)) = self.channel.as_ref().filter(|_| now >= clock.last_beat + HEARTBEAT_INTERVAL) {
            channel.heartbeat(self.stats.sequences, self.groups.iter().count());
            clock.last_beat = now;
        }
        self.budget.time_limit.is_some_and(|limit| now >= limit)
    }

    /// One generation step; false when it made nothing new: it executed
    /// nothing, or a sequence that was redundant.
    fn step(&mut self) -> bool {
        self.extending = None;
        let retry = self.retries.pop();
        let retrying = retry.is_some();
        let planned = match retry {
            Some(retry) => Some(retry),
            None => self.pairs.pop().and_then(|(a, b)| self.pair(a, b)),
        };
        let (op, draft, prefix) = match planned {
            Some(planned) => planned,
            None => {
                let op = self.pick_operation();
                let Some((draft, prefix)) = self.extend(op) else {
                    // A walk that cannot go on (too long) starts over.
                    self.walk = None;
                    return false;
                };
                (op, draft, prefix)
            }
        };
        if !self.pool.is_new_sequence(&draft) {
            self.spare = draft;
            self.walk = None;
            return false;
        }
        let sequences_before = self.stats.sequences;
        self.per_op[op].attempted += 1;
        self.starting(Starting::Draft(&draft));
        self.age_credit();
        // Costs steer only when time bounds the run; else one run in
        // `TIME_SAMPLE` is timed, for the operations' time.
        let started = (self.cost_aware || self.stats.sequences.is_multiple_of(TIME_SAMPLE)).then(Instant::now);
        let (exec, seq) = self.run_new(&draft, prefix);
        let new_edges = self.coverage.as_mut().map_or(0, |c| c.collect());
        self.note_compares(&draft, prefix, &exec.windows, !retrying);
        let mut outcome = exec.outcome.clone();
        let mut touched = match outcome {
            Outcome::Normal => self.touched_values(&seq, prefix, &exec.vars).unwrap_or_else(|(call, v)| {
                outcome = Outcome::Failed { call, fault: Fault::Broken(v) };
                Vec::new()
            }),
            _ => Vec::new(),
        };
        if new_edges > 0 && !self.random_walk {
            self.credit_operation(op);
            // A sequence that reached code no earlier one did joins the
            // pool even when its values look old, offering what its new
            // calls touched (the variables `touched_values` listed).
            if outcome == Outcome::Normal && touched.is_empty() {
                touched.extend(
                    self.spare_last_touch
                        .iter()
                        .filter_map(|&(var, _)| Some((var, exec.vars.get(var as usize)?.as_deref()?.type_id()))),
                );
            }
        }
        if let Outcome::Invalid { call } = outcome {
            let params = &self.world.ops[seq.op(call) as usize].op.spec.params;
            let empty = seq.args(call).iter().zip(params).find_map(|(a, p)| match a {
                Operand::Var { var, .. } if exec.vars[*var as usize].is_none() => Some(p.ty),
                _ => None,
            });
            self.untested.invalid(op, empty);
        }
        // Only a sequence that joins the pool needs its live values listed.
        let mut buffers = std::mem::take(&mut self.keep_buffers);
        let joins = !touched.is_empty() || (self.random_walk && outcome == Outcome::Normal);
        let partners_kept = joins && self.keep(&seq, prefix, &exec, &mut buffers);
        let (dropped, run_buffers) = exec.finish_into(self.world);
        self.spare_run = run_buffers;
        let cost = started.map_or(0, |started| self.ran(op, started.elapsed()));
        if outcome == Outcome::Normal {
            outcome = dropped;
        }
        let mut new = true;
        self.walk = None;
        match outcome {
            Outcome::Normal => {
                self.note_shortest(op, &draft, &seq);
                self.per_op[op].succeeded += 1;
                if touched.is_empty() {
                    self.stats.redundant += 1;
                } else {
                    self.stats.normal += 1;
                }
                // A redundant sequence is dropped, but a walk goes on from
                // here whether or not its values are new (offering none).
                if touched.is_empty() && !self.random_walk {
                    new = false;
                } else {
                    let offers = if self.random_walk { &[][..] } else { &touched };
                    let KeepBuffers { alive, kept, .. } = &mut buffers;
                    let evicted = self.pool.evicted;
                    self.pool.add(&draft, cost, alive, kept, partners_kept, offers, &mut self.rng);
                    let entry = self.pool.entries.len() as u32 - 1;
                    if self.pool.evicted != evicted {
                        // Evicting renumbers the pool's entries.
                        self.classes.clear();
                        self.hints.clear();
                        self.favoured.clear();
                        self.retries.clear();
                        self.pairs.clear();
                    } else if self.random_walk {
                        self.walk = (draft.len() < self.budget.max_len).then_some(entry);
                    } else {
                        self.classify(entry, draft.len());
                        if new_edges > 0 {
                            for &(var, ty) in &touched {
                                self.favoured.entry(ty).or_default().push(Offer {
                                    entry,
                                    var,
                                    len: draft.len() as u32,
                                });
                            }
                        }
                    }
                }
            }
            Outcome::Illegal { .. } => {
                self.stats.illegal += 1;
                self.per_op[op].illegal += 1;
            }
            // An argument had no value (an earlier call returned `None`, or
            // it was moved away): nothing was called, so not an illegal input.
            Outcome::Invalid { .. } => {}
            Outcome::Failed { call, fault } => {
                self.stats.failing += 1;
                self.per_op[op].failed += 1;
                match (call < seq.len()).then(|| seq.op(call) as usize).filter(|&f| !self.world.ops[f].under_test) {
                    Some(helper) => self.untested.helper_failed(helper, &fault),
                    // A value's `Drop` that panics after a run that reused
                    // values fails a sequence with holes: report the whole.
                    None => {
                        self.record_failure(self.whole(&draft, &seq), call, fault, sequences_before);
                        self.forget_coverage();
                    }
                }
            }
        }
        buffers.kept.clear();
        self.keep_buffers = buffers;
        self.spare_touched = touched;
        self.spare = draft;
        self.spare_calls = seq;
        new
    }

    /// Records that a sequence ending in `op` took `elapsed` to run, keep
    /// and drop: in the operation's time and, when costs are weighed, the
    /// typical cost of a run and the cost of the pool entry it extended.
    /// Returns the cost in nanoseconds (0 when costs are not weighed).
    fn ran(&mut self, op: usize, elapsed: Duration) -> u32 {
        if !self.cost_aware {
            self.per_op[op].time += elapsed * TIME_SAMPLE as u32;
            return 0;
        }
        self.per_op[op].time += elapsed;
        let cost = u32::try_from(elapsed.as_nanos()).unwrap_or(u32::MAX);
        if let Some(entry) = self.extending {
            self.pool.ran(entry, cost);
        }
        self.recent_costs.push(cost);
        // In the first window, the median so far every time the count
        // doubles (from 16): an expensive value made early is not
        // extended at will for a whole window.
        let n = self.recent_costs.len();
        let early = n >= 16 && n.is_power_of_two() && self.stats.sequences <= COST_WINDOW as u64;
        if n == COST_WINDOW || early {
            let (_, median, _) = self.recent_costs.select_nth_unstable(n / 2);
            self.typical_cost = *median;
        }
        if n == COST_WINDOW {
            self.recent_costs.clear();
        }
        cost
    }

    /// Whether pool value `pick` is worth extending now, by what extending
    /// it costs: GRT's orienteering (paper 004, §III.E), which weighs each
    /// sequence by the inverse of its execution time so that one expensive
    /// value (a bitmap of millions of bits, cloned and scanned by every
    /// sequence that extends it) cannot starve the search of the cheap
    /// states around it. Here a value costing up to [`COST_SLACK`] times a
    /// typical run is always taken, a dearer one with probability
    /// `COST_SLACK * typical / cost`, so values are picked about in
    /// inverse proportion to their cost once they are expensive. When
    /// most values are expensive, so is the typical run, and all are taken.
    fn affordable(&mut self, pick: Offer) -> bool {
        // The entry is read only when costs are weighed: a draw otherwise
        // reads the offers alone.
        if !self.cost_aware || self.typical_cost == 0 {
            return true;
        }
        let cost = self.pool.entries[pick.entry as usize].cost;
        let budget = self.typical_cost.saturating_mul(COST_SLACK);
        cost <= budget || self.rng.random_bool(f64::from(budget) / f64::from(cost))
    }

    /// Two values of one type the contracts compare, each made by its own
    /// pool sequence, side by side: the second sequence's calls (the new
    /// ones) are checked against the first's value, so `a == b` with
    /// `hash(a) != hash(b)`, or an `Ord` that disagrees with `==`, is found
    /// for values no one sequence makes together (a set built in two
    /// orders). The values are ones whose `Debug` texts are permutations of
    /// each other ([`Engine::classes`]). Returns the operation the second
    /// sequence ends in, the sequence and where the second starts.
    fn pair(&mut self, a: Offer, b: Offer) -> Option<(usize, Composed, usize)> {
        let offered = |o: Offer| self.pool.entries[o.entry as usize].offered;
        if (a.len + b.len) as usize > self.budget.max_len || !offered(a) || !offered(b) {
            return None;
        }
        let mut seq = std::mem::take(&mut self.spare);
        seq.clear();
        seq.push_part(a.entry, self.pool.seq(a.entry));
        let prefix = seq.len();
        seq.push_part(b.entry, self.pool.seq(b.entry));
        let op = self.pool.seq(b.entry).last_op().map(|op| op as usize);
        match op {
            Some(op) => Some((op, seq, prefix)),
            None => {
                self.spare = seq;
                None
            }
        }
    }

    /// Files the new values of types the contracts compare, just kept in
    /// pool entry `entry` (with no eviction since the last call: evicting
    /// renumbers the entries, and the files start over), by the order-free digests of their `Debug` texts:
    /// a value whose digest an earlier pool value has is paired with it
    /// ([`Engine::pair`]).
    fn classify(&mut self, entry: u32, len: usize) {
        for &(var, ty, digest) in &self.spare_digests {
            let key = {
                use std::hash::{Hash, Hasher};
                let mut h = rustc_hash::FxHasher::default();
                (ty, digest).hash(&mut h);
                h.finish()
            };
            let new = Offer { entry, var, len: len as u32 };
            match self.classes.get(&key) {
                Some(old) if self.pool.entries[old.entry as usize].offered => {
                    if self.pairs.len() < MAX_PAIRS {
                        self.pairs.push((*old, new));
                    }
                }
                _ => {
                    self.classes.insert(key, new);
                }
            }
        }
    }

    /// Runs a new sequence (its calls from `prefix` on are new), starting
    /// from the values its components' runs left where the pool kept them,
    /// so only the calls after them run (incremental execution). A failure,
    /// and every so often a normal run, is run again from scratch, and that
    /// run is the one that counts: reports come from runs from scratch, and
    /// a value whose clone behaves unlike it (state shared through an `Rc`,
    /// a `Clone` that forgets something) turns reuse off for the rest of the
    /// exploration rather than mislead the search. Returns the run and the
    /// calls it ran: the whole sequence after a run from scratch, else with
    /// holes for the components whose values were reused.
    fn run_new(&mut self, draft: &Composed, prefix: usize) -> (Execution, Sequence) {
        let world = self.world;
        let checks = Checks::after(prefix);
        // The variables of the components the new calls use.
        self.used.clear();
        for (_, _, args) in draft.view().own_calls().filter(|(at, _, _)| *at >= prefix) {
            self.used.extend(args.iter().filter_map(|a| match *a {
                Operand::Var { var, .. } if (var as usize) < prefix => Some(var),
                _ => None,
            }));
        }
        self.used.sort_unstable();
        self.used.dedup();
        // A component is reused when every value the new calls take from
        // it is kept, and so is every value the contracts would compare the
        // new values with (`Snapshot::partners_kept`); those are cloned in.
        self.reused_parts.clear();
        let mut reused: Vec<Reused<'_>> = Vec::new();
        for (entry, at) in draft.view().parts_at().filter(|_| self.reuse) {
            let len = self.pool.entries[entry as usize].seq.len();
            let Some(snapshot) = self.pool.snapshot(entry).filter(|s| s.partners_kept) else { continue };
            let (start, end) = (at, at + len as u32);
            let from = self.used.partition_point(|&v| v < start);
            let to = self.used.partition_point(|&v| v < end);
            if end as usize <= prefix && self.used[from..to].iter().all(|&v| snapshot.get(v - start).is_some()) {
                reused.push(Reused { at: at as usize, len, values: snapshot.values, used: &self.used });
                self.reused_parts.push((entry, at));
            }
        }
        // The calls to run: a reused component's are holes.
        let mut seq = std::mem::take(&mut self.spare_calls);
        seq.clear();
        let reused_at = &self.reused_parts;
        self.pool.write(draft.view(), &mut seq, &|at| reused_at.binary_search_by_key(&at, |&(_, a)| a).is_ok());
        debug_assert_eq!(seq.len(), draft.len());
        let exec = world.execute_reusing(&seq, checks, &reused, std::mem::take(&mut self.spare_run));
        drop(reused);
        let run = exec.outcome.calls_run(seq.len());
        self.stats.calls += run - exec.reused.min(run);
        self.stats.reused_calls += exec.reused.min(run);
        self.stats.new_calls += run.saturating_sub(prefix as u64);
        if exec.reused == 0 {
            return (exec, seq);
        }
        self.reusing_runs += 1;
        let failed = matches!(exec.outcome, Outcome::Failed { .. });
        if !failed && self.reusing_runs > VERIFY_FIRST && !self.reusing_runs.is_multiple_of(VERIFY_EVERY) {
            return (exec, seq);
        }
        seq.clear();
        self.pool.write(draft.view(), &mut seq, &|_| false);
        let scratch = world.execute(&seq, checks);
        self.stats.calls += scratch.outcome.calls_run(seq.len());
        if !failed && !self.same_results(&seq, prefix, &exec, &scratch) {
            self.reuse = false;
            self.stats.notes.push(
                "drt re-ran every sequence from its first call: a sequence run from the values kept from an \
                 earlier run gave other results than run from scratch, so a clone of some value behaves unlike \
                 the value (state shared through an `Rc` or a global, or a `Clone` that leaves something out); \
                 the exploration is slower, not wrong"
                    .to_string(),
            );
        }
        let _ = exec.finish(world);
        (scratch, seq)
    }

    /// Whether two runs of `seq` ended alike: the same outcome, and the new
    /// calls' values with the same fingerprints.
    fn same_results(&self, seq: &Sequence, prefix: usize, a: &Execution, b: &Execution) -> bool {
        let fingerprint = |e: &Execution, var: u32| {
            let value = e.vars.get(var as usize).and_then(|v| v.as_deref())?;
            let d = self.world.reg.types.get(&value.type_id())?;
            crate::oracle::guarded(|| d.fingerprint(value)).ok().flatten()
        };
        a.outcome == b.outcome
            && (prefix..a.outcome.calls_run(seq.len()) as usize)
                .flat_map(|i| seq.touched(i))
                .all(|var| fingerprint(a, var) == fingerprint(b, var))
    }

    /// The variables alive at the end of a normal run with their types
    /// (into `buffers.alive`) and, while reuse is on, the values worth
    /// keeping for the sequences that will extend this one (into
    /// `buffers.kept`): a reused value the new calls did not change is
    /// shared, another is cloned. Returns whether every value the contracts
    /// compare new values with is kept.
    fn keep(&self, seq: &Sequence, prefix: usize, exec: &Execution, buffers: &mut KeepBuffers) -> bool {
        let KeepBuffers { alive, changed, kept } = buffers;
        alive.clear();
        kept.clear();
        changed.clear();
        changed.resize(exec.vars.len(), false);
        for var in (prefix..seq.len()).flat_map(|i| seq.touched(i)) {
            changed[var as usize] = true;
        }
        let mut partners_kept = true;
        // Each live variable: its type, and the value kept for it (a reused
        // one, shared when unchanged, else a new copy).
        let mut live = |var: u32, ty: TypeId, value: Option<&dyn Any>, reused: Option<&Held>| {
            alive.push((var, ty));
            if !self.reuse {
                return;
            }
            let copy = || value.and_then(|v| self.kept_copy(v));
            let value = match reused {
                Some(r) if value.is_none() || !changed[var as usize] => Some(Rc::clone(&r.value)),
                _ => copy(),
            };
            let partner = reused.map_or_else(|| self.world.compares(ty), |r| r.partner);
            partners_kept &= value.is_some() || !partner;
            kept.extend(value.map(|value| Held { var, partner, value }));
        };
        let mut parts = self.reused_parts.iter().peekable();
        let mut i = 0;
        while i < exec.vars.len() {
            let Some(&(entry, at)) = parts.next_if(|(_, at)| *at as usize == i) else {
                if let Some(value) = exec.vars[i].as_deref() {
                    live(i as u32, value.type_id(), Some(value), None);
                }
                i += 1;
                continue;
            };
            // A reused component: the variables that were cloned in (the new
            // calls' arguments, the contracts' partners) are in `vars`, the
            // others as the component left them.
            let snapshot = self.pool.snapshot(entry).expect("a reused entry has a snapshot");
            for (var, ty) in self.pool.alive(entry) {
                let (own, reused) = (at + var, snapshot.get(var));
                if reused.is_some_and(|r| r.partner) || self.used.binary_search(&own).is_ok() {
                    if let Some(value) = exec.vars[own as usize].as_deref() {
                        live(own, ty, Some(value), reused);
                    }
                } else {
                    live(own, ty, None, reused);
                }
            }
            i += self.pool.entries[entry as usize].seq.len();
        }
        partners_kept
    }

    /// What a value of type `ty` owns on the heap, by the length of its
    /// `Debug` text: measured on the first few values kept of each type and
    /// one in 64 after (formatting a large value costs more than cloning
    /// it), the largest measured standing for the others. `None` when the
    /// text is longer than [`MAX_KEPT_TEXT`]: such values are not kept.
    fn heap_estimate(&self, ty: TypeId, value: &dyn Any) -> Option<usize> {
        let d = self.world.reg.types.get(&ty)?;
        if d.debug.is_none() {
            return Some(0);
        }
        let mut estimates = self.heap_estimates.borrow_mut();
        let (seen, largest) = estimates.entry(ty).or_insert((0, 0));
        *seen += 1;
        if *seen <= 8 || seen.is_multiple_of(64) {
            *largest = (*largest).max(d.debug_len(value, MAX_KEPT_TEXT).unwrap_or(usize::MAX));
        }
        (*largest <= MAX_KEPT_TEXT).then_some(*largest)
    }

    /// A clone of `value` for a snapshot, when it is worth keeping and can
    /// be kept. Values of seeded types (numbers, text) are not: they are
    /// cheap to make again and seldom reused from a component. Only values
    /// of `Clone + PartialEq` types are kept: the `clone` contract has
    /// already cloned such a value, so a `Clone` that crashes does so where
    /// a replay finds it. A `Clone` that panics keeps nothing. What a value
    /// owns on the heap is estimated by the length of its `Debug` text
    /// (a `Vec` of 1,000 numbers prints about as many bytes as it holds); one
    /// whose text is longer than [`MAX_KEPT_TEXT`] is not kept.
    fn kept_copy(&self, value: &dyn Any) -> Option<Rc<Kept>> {
        if !self.pool.keeps_more() {
            return None;
        }
        let ty = value.type_id();
        if crate::macro_support::is_seeded(ty) {
            return None;
        }
        let d = self.world.reg.types.get(&ty).filter(|d| d.eq.is_some())?;
        let clone = d.clone?;
        let copy = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let heap = self.heap_estimate(ty, value)?;
            Some((clone(value), heap))
        }));
        match copy {
            Ok(copy) => copy.and_then(|(copy, heap)| self.pool.keep(copy, clone, heap)),
            Err(_) => {
                let _ = crate::hook::SilentPanics::take_last();
                None
            }
        }
    }

    fn note_shortest(&mut self, op: usize, draft: &Composed, seq: &Sequence) {
        if self.regression_tests.is_some() && self.shortest[op].as_ref().is_none_or(|s| s.len() > seq.len()) {
            self.shortest[op] = Some(self.whole(draft, seq));
        }
    }

    /// The whole of `draft`, whose calls that ran are `seq` (with holes
    /// where values were reused).
    fn whole(&self, draft: &Composed, seq: &Sequence) -> Sequence {
        if seq.has_holes() {
            self.pool.flat(draft.view())
        } else {
            seq.clone()
        }
    }

    /// Forgets the coverage of runs that were not exploring (replays,
    /// minimizations), so the next sequence is credited with its own only.
    fn forget_coverage(&self) {
        if let Some(c) = &self.coverage {
            c.clear();
        }
    }

    /// Credits `op` with a new-edge discovery (see [`MAX_CREDIT`]).
    fn credit_operation(&mut self, op: usize) {
        if self.credit[op] < MAX_CREDIT {
            self.credit[op] += 1;
            self.cumulative_weights = cumulative(&self.weights, &self.credit);
        }
    }

    /// Halves every operation's credit, once per [`CREDIT_HALF_LIFE`]
    /// sequences explored: credit is for *recent* discoveries.
    fn age_credit(&mut self) {
        if self.coverage.is_some() && self.stats.sequences.is_multiple_of(CREDIT_HALF_LIFE) {
            self.credit.iter_mut().for_each(|c| *c /= 2);
            self.cumulative_weights = cumulative(&self.weights, &self.credit);
        }
    }

    fn pick_operation(&mut self) -> usize {
        let total = *self.cumulative_weights.last().expect("at least one operation");
        let x = self.rng.random_range(0..total);
        self.cumulative_weights.partition_point(|&w| w <= x)
    }

    /// Builds a new sequence ending in calls of `op` (the `extend` operator,
    /// thesis §7.5); returns it with the index of its first new call. Its
    /// components are pool entries, referred to, not copied (thesis §7.6).
    fn extend(&mut self, op: usize) -> Option<(Composed, usize)> {
        self.demanded_from = None;
        let run_op = &self.world.ops[op];
        // Built in the buffers of the last sequence built, so they rarely grow.
        let mut seq = std::mem::take(&mut self.spare);
        seq.clear();
        let mut alive = std::mem::take(&mut self.spare_alive);
        alive.clear();
        if let Some(walk) = self.walk {
            seq.push_part(walk, self.pool.seq(walk));
            alive.extend_from_slice(self.pool.alive_numbered(walk));
        }
        let mut args = Vec::with_capacity(run_op.op.spec.params.len());
        for (k, p) in run_op.op.spec.params.iter().enumerate() {
            let mode = mode_for(p.kind, run_op.clone_fns[k].is_some());
            let Some(arg) = self.choose_operand(p.ty, mode, &args, &mut seq, &mut alive, 0) else {
                self.untested.missing(op, p.ty);
                (self.spare, self.spare_alive) = (seq, alive);
                return None;
            };
            args.push(arg);
        }
        if seq.len() >= self.budget.max_len {
            (self.spare, self.spare_alive) = (seq, alive);
            return None;
        }
        // Calls the detective added are as new as the extending one.
        let demanded = self.demanded_from.take();
        let prefix = demanded.unwrap_or(seq.len());
        // Repeating a call only builds up state when it mutates something
        // (`push` n times); repeating a constructor just makes duplicates, and
        // a call that moves a value cannot be repeated at all. Nor is a call
        // on a value just built on demand: such a long first value of a type
        // would be the ancestor of every later one (the pool has nothing
        // shorter yet), and sequences would stay long for the whole run.
        let moves = args.iter().any(|a| matches!(a, Operand::Var { mode: Mode::Move, .. }));
        let mutates = args.iter().any(|a| matches!(a, Operand::Var { mode: Mode::Mut, .. }));
        let repeats = !self.random_walk && mutates && !moves && demanded.is_none();
        if repeats && self.rng.random_bool(REPEAT_PROBABILITY) {
            let repeat = self.rng.random_range(1..=REPEAT_MAX).min(self.budget.max_len - seq.len());
            if self.rng.random_bool(MIX_PROBABILITY) {
                self.mix(&run_op.op.spec.params, &args, repeat - 1, &mut seq);
            } else {
                for _ in 1..repeat {
                    seq.push(op as u32, args.iter().cloned());
                }
            }
        }
        seq.push(op as u32, args);
        debug_assert_eq!(self.pool.flat(seq.view()).check_ownership(), Ok(()), "{seq:?}");
        self.spare_alive = alive;
        Some((seq, prefix))
    }

    /// Appends `times` calls that mutate the value the call with `args`
    /// (of an operation with `params`) takes by `&mut`, each of an operation
    /// drawn from those taking such a value first and only seeded values
    /// after it ([`World::mutators`]), with fresh arguments: a *mix* builds
    /// states one call repeated cannot (a deque filled from both ends, a
    /// set with many distinct elements), where Randoop repeats one call
    /// (thesis §7.5).
    fn mix(&mut self, params: &[crate::macro_support::ParamSpec], args: &[Operand], times: usize, seq: &mut Composed) {
        let world = self.world;
        let Some((var, ty)) = args.iter().zip(params).find_map(|(a, p)| match a {
            Operand::Var { var, mode: Mode::Mut } => Some((*var, p.ty)),
            _ => None,
        }) else {
            return;
        };
        let Some(mutators) = world.mutators.get(&ty) else { return };
        for _ in 0..times {
            let m = mutators[self.rng.random_range(0..mutators.len())];
            let params = &world.ops[m as usize].op.spec.params;
            let mut call = Vec::with_capacity(params.len());
            call.push(Operand::Var { var, mode: Mode::Mut });
            for p in &params[1..] {
                call.push(self.seeded(p.ty).expect("a mutator's other parameters are seeded"));
            }
            seq.push(m, call);
        }
    }

    /// Chooses where one argument of type `ty` comes from; `depth` counts
    /// the values being built on demand around it.
    fn choose_operand(
        &mut self,
        ty: TypeId,
        mode: Mode,
        taken: &[Operand],
        seq: &mut Composed,
        alive: &mut Vec<(u32, u32)>,
        depth: u32,
    ) -> Option<Operand> {
        let world = self.world;
        // A random walk takes values from itself only (or builds them).
        let in_pool = if self.random_walk { 0 } else { self.pool.values_of(ty).len() };
        // No variable to alias (a receiver's first argument): no type number to look up.
        let number = (!alive.is_empty()).then(|| self.pool.type_number(ty));
        let aliases = || {
            alive
                .iter()
                .filter(move |(v, t)| {
                    Some(*t) == number && !taken.iter().any(|a| matches!(a, Operand::Var { var, .. } if var == v))
                })
                .map(|(v, _)| *v)
        };
        let n_aliases = aliases().count();
        let no_values = in_pool == 0 && n_aliases == 0;
        if world.seeds_by_type.contains_key(&ty) && (no_values || self.rng.random_bool(SEED_PROBABILITY)) {
            return self.seeded(ty);
        }
        if world.vec_by_type.contains_key(&ty) && (no_values || self.rng.random_bool(0.5)) {
            if let Some(vec) = self.seeded(ty) {
                return Some(vec);
            }
        }
        if n_aliases > 0 && (in_pool == 0 || self.rng.random_bool(ALIAS_PROBABILITY)) {
            let var = aliases().nth(self.rng.random_range(0..n_aliases)).expect("counted");
            return Some(Operand::Var { var, mode });
        }
        if in_pool == 0 {
            return self.demand(ty, mode, seq, alive, depth);
        }
        let favoured =
            self.favoured.get(&ty).is_some_and(|f| !f.is_empty()) && self.rng.random_bool(FAVOUR_PROBABILITY);
        let Offer { entry, var, len } = self.draw_affordable(ty, favoured);
        if seq.len() + len as usize >= self.budget.max_len {
            return None;
        }
        self.extending.get_or_insert(entry);
        let offset = seq.push_part(entry, self.pool.seq(entry));
        alive.extend(self.pool.alive_numbered(entry).iter().map(|&(v, t)| (v + offset, t)));
        Some(Operand::Var { var: var + offset, mode })
    }

    /// A pool value of type `ty` ([`Engine::draw_value`]) worth extending
    /// now ([`Engine::affordable`]), or the last drawn after
    /// [`MAX_REDRAWS`] more.
    fn draw_affordable(&mut self, ty: TypeId, favoured: bool) -> Offer {
        let mut pick = self.draw_value(ty, favoured);
        for _ in 0..MAX_REDRAWS {
            if self.affordable(pick) {
                break;
            }
            pick = self.draw_value(ty, favoured);
        }
        pick
    }

    /// A pool value of type `ty` (one of some: the type has pool values),
    /// among those that reached new edges when `favoured` and there are
    /// such. A tournament on length favours short components, as GRT's
    /// orienteering does (paper 004): long sequences are slow to run and
    /// leave no room under max_len to combine values.
    fn draw_value(&mut self, ty: TypeId, favoured: bool) -> Offer {
        let favoured = self.favoured.get(&ty).filter(|f| favoured && !f.is_empty());
        let values = favoured.map_or_else(|| self.pool.values_of(ty), Vec::as_slice);
        let in_pool = values.len();
        let mut pick = values[self.rng.random_range(0..in_pool)];
        for _ in 1..self.tournament {
            let other = values[self.rng.random_range(0..in_pool)];
            if other.len < pick.len {
                pick = other;
            }
        }
        pick
    }

    /// A fresh value of a seeded type, or a vector of them, when `ty` is
    /// one: a seed, or for an integer sometimes a drawn value; a vector's
    /// length is long-tailed (see [`MAX_SEED_VEC`]).
    fn seeded(&mut self, ty: TypeId) -> Option<Operand> {
        let world = self.world;
        if let Some(seeds) = world.seeds_by_type.get(&ty) {
            if let Some(kind) = IntKind::of(ty).filter(|_| self.draw > 0.0) {
                if let Some(bits) = self.hinted(kind) {
                    return Some(Operand::Int { kind, bits });
                }
                if self.rng.random_bool(self.draw) {
                    return Some(Operand::Int { kind, bits: kind.draw(&mut self.rng) });
                }
            }
            return Some(Operand::Seed(seeds[self.rng.random_range(0..seeds.len())]));
        }
        let &builder = world.vec_by_type.get(&ty).filter(|&&v| world.seeds_vec(v))?;
        let fields = world.vecs[builder as usize].fields();
        let n = match self.rng.random_range(0..20u32) {
            0 => self.rng.random_range(64..=MAX_SEED_VEC),
            1 | 2 => self.rng.random_range(SMALL_SEED_VEC + 1..64),
            _ => self.rng.random_range(0..=SMALL_SEED_VEC),
        };
        // An element of pairs is its fields, one after the other.
        let elems =
            (0..n * fields.len()).map(|i| self.seeded(fields[i % fields.len()]).expect("a seeded type")).collect();
        Some(Operand::SeedVec { builder, elems: Box::new(elems) })
    }

    /// Sometimes ([`HINT_PROBABILITY`]), for a call on a value of the pool
    /// entry being extended, a value the code under test compared
    /// something with when that entry was extended before, or a neighbour
    /// of one (`v ± 1`, `-v`): how a magic number, a checksum or an
    /// `x == f(y)` branch falls without a solver. Thesis §6.2 modifies a
    /// witness toward the other outcome of a branch; libFuzzer feeds the
    /// operands of recent compares back the same way.
    fn hinted(&mut self, kind: IntKind) -> Option<u64> {
        let hints = self.hints.get(&self.extending?)?;
        if !self.rng.random_bool(HINT_PROBABILITY) {
            return None;
        }
        let v = hints[self.rng.random_range(0..hints.len())];
        let v = match self.rng.random_range(0..8u32) {
            0 => v.wrapping_add(1),
            1 => v.wrapping_sub(1),
            2 => v.wrapping_neg(),
            _ => v,
        };
        Some(kind.canonical(v))
    }

    /// Learns from what the new calls of `draft` compared (the last few
    /// pairs of each, in its `windows` of the ring of compares; thesis §6.2's
    /// branch-directed generation, without a solver):
    /// - an integer argument compared with another value is retried with
    ///   that value at once, the rest of the sequence unchanged (a witness
    ///   modified toward the branch it did not take): `x == MAGIC`,
    ///   `x == checksum(..)` fall in one step. A retry's own comparisons
    ///   are not retried (`may_retry` is false for it): an argument that a loop
    ///   compares with each index would otherwise be retried with every
    ///   one, each retry comparing more, and retries would crowd out every
    ///   other sequence;
    /// - the values compared are kept as hints for the next extensions of
    ///   the entry the sequence extended ([`Engine::hinted`]), but for the
    ///   arguments themselves, addresses (an iterator's position and end)
    ///   and small values ([`SMALL_VALUES`]);
    /// - so are the values that would cross a comparison of an argument,
    ///   small ones too, whether or not they were retried: a retry happens
    ///   once per (operation, argument, value) in the whole run, on
    ///   whichever sequence compared it first, but the branch may matter in
    ///   other states. A frame decoder compares a frame's kind with 3
    ///   (`(1..=3).contains(&kind)`) in every state that expects a kind;
    ///   with the hint, each such state is soon extended with kinds 2, 3 and
    ///   4, and a kind that only matters later (a continuation frame with
    ///   no frame open) is reached from many states, not from one.
    fn note_compares(
        &mut self,
        draft: &Composed,
        prefix: usize,
        windows: &[(usize, crate::coverage::Window)],
        may_retry: bool,
    ) {
        let Some(compares) = self.compares else { return };
        // Addresses: user space on 64-bit targets is below 2^47.
        let address = |v: u64| (1 << 32..1 << 47).contains(&v);
        let mut found: Vec<u64> = Vec::new();
        // An integer that may steer a call: (position and operation of the
        // call it is an argument of, argument, kind, bits).
        let mut ints: Vec<(usize, u32, usize, IntKind, u64)> = Vec::new();
        let lookup = |id| self.pool.seq(id);
        // The new calls of the draft's own (a component's calls after
        // `prefix`, built on demand, are checked too, but not retried).
        for (at, op, args) in draft.view().own_calls().filter(|(at, _, _)| *at >= prefix) {
            let Ok(w) = windows.binary_search_by_key(&at, |&(call, _)| call) else { continue };
            let window = windows[w].1;
            if window.0 == window.1 {
                // It compared nothing.
                continue;
            }
            ints.clear();
            self.int_arguments(at, op, args, &mut ints);
            // The integers that made the values of other types it takes.
            let params = &self.world.ops[op as usize].op.spec.params;
            for (a, p) in args.iter().zip(params) {
                if let Operand::Var { var, .. } = *a {
                    if !self.explored.contains(&p.ty) {
                        if let Some((maker, made_of)) = draft.view().call_at(var as usize, &lookup) {
                            self.int_arguments(var as usize, maker, made_of, &mut ints);
                        }
                    }
                }
            }
            for (a, b) in compares.between(window, HINTS_PER_CALL) {
                for &(pos, pos_op, k, kind, bits) in &ints {
                    for (x, y) in [(a, b), (b, a)] {
                        let (x, y) = (kind.canonical(x), kind.canonical(y));
                        if x == y {
                            continue;
                        }
                        for other in solutions(kind, bits, x, y) {
                            if !found.contains(&other) {
                                found.push(other);
                            }
                            if may_retry
                                && self.retries.len() < MAX_RETRIES
                                && self.tried.insert((pos_op, k as u32, other))
                            {
                                let operand = Operand::Int { kind, bits: other };
                                let retry = draft.view().replaced(pos, k, &operand, &lookup);
                                self.retries.push((op as usize, retry, prefix));
                            }
                        }
                    }
                }
                for v in [a, b] {
                    let passed = ints.iter().any(|&(_, _, _, _, bits)| bits == v);
                    if v >= SMALL_VALUES && !address(v) && !passed && !found.contains(&v) {
                        found.push(v);
                    }
                }
            }
        }
        if self.tried.len() >= MAX_TRIED {
            self.tried.clear();
        }
        let Some(entry) = self.extending.filter(|_| !found.is_empty()) else { return };
        found.truncate(MAX_HINTS);
        if self.hints.len() >= MAX_HINTED {
            self.hints.clear();
        }
        let hints = self.hints.entry(entry).or_default();
        for v in found {
            if !hints.contains(&v) {
                if hints.len() == MAX_HINTS {
                    hints.remove(0);
                }
                hints.push(v);
            }
        }
    }

    /// Adds to `ints` the integer arguments of call `at` (of `op`, taking
    /// `args`). [`Engine::note_compares`] asks this of each new call and of
    /// the calls that made the values of other types it takes: a range's
    /// ends, a tuple's fields, a key made from a number steer the call that
    /// takes the value as much as its own arguments do (`drain(a..b)`
    /// compares `b` with the length), so a comparison of one is solved the
    /// same way.
    fn int_arguments(&self, at: usize, op: u32, args: &[Operand], ints: &mut Vec<(usize, u32, usize, IntKind, u64)>) {
        ints.extend(args.iter().enumerate().filter_map(|(k, a)| self.int_operand(a).map(|(t, b)| (at, op, k, t, b))));
    }

    /// An integer argument's kind and bits, whether drawn or a seed.
    fn int_operand(&self, arg: &Operand) -> Option<(IntKind, u64)> {
        match *arg {
            Operand::Int { kind, bits } => Some((kind, bits)),
            Operand::Seed(s) => {
                let seed = &self.world.seeds[s as usize];
                let kind = IntKind::of(seed.ty)?;
                Some((kind, kind.bits_of(seed.value.as_deref()?)?))
            }
            _ => None,
        }
    }

    /// GRT's detective (paper 004): a value of `ty` that neither the pool
    /// nor the seeds have is built on the spot by a call of an operation
    /// returning `ty` (a constructor, a builder), its own arguments chosen
    /// the same way, at most `MAX_DEMAND_DEPTH` levels down. Without it, an
    /// operation whose argument type no earlier sequence happened to make
    /// would wait for one (or never run).
    fn demand(
        &mut self,
        ty: TypeId,
        mode: Mode,
        seq: &mut Composed,
        alive: &mut Vec<(u32, u32)>,
        depth: u32,
    ) -> Option<Operand> {
        let world = self.world;
        let producers = world.producers.get(&ty).filter(|_| depth < MAX_DEMAND_DEPTH)?;
        let op = producers[self.rng.random_range(0..producers.len())] as usize;
        let run_op = &world.ops[op];
        let mut args = Vec::with_capacity(run_op.op.spec.params.len());
        for (k, p) in run_op.op.spec.params.iter().enumerate() {
            let mode = mode_for(p.kind, run_op.clone_fns[k].is_some());
            let arg = self.choose_operand(p.ty, mode, &args, seq, alive, depth + 1)?;
            args.push(arg);
        }
        if seq.len() + 1 >= self.budget.max_len {
            return None;
        }
        self.demanded_from = Some(self.demanded_from.map_or(seq.len(), |d| d.min(seq.len())));
        seq.push(op as u32, args);
        let var = (seq.len() - 1) as u32;
        alive.push((var, self.pool.type_number(ty)));
        Some(Operand::Var { var, mode })
    }

    /// The values the new calls produced or mutated that were never seen
    /// before (index pruning): the only ones the sequence offers for reuse.
    /// `Debug` and `Display` are checked here, once per distinct value, rather
    /// than after every call: formatting a large value costs more than the call.
    fn touched_values(
        &mut self,
        seq: &Sequence,
        prefix: usize,
        vars: &[Option<Box<dyn Any>>],
    ) -> Result<Vec<(u32, TypeId)>, (usize, Violation)> {
        // Each touched variable with the last new call that touched it.
        let mut touched = std::mem::take(&mut self.spare_last_touch);
        touched.clear();
        for i in prefix..seq.len() {
            for var in seq.touched(i) {
                touched.retain(|(v, _)| *v != var);
                touched.push((var, i));
            }
        }
        touched.sort_unstable();
        let mut fresh = std::mem::take(&mut self.spare_touched);
        fresh.clear();
        self.spare_digests.clear();
        let result = self.fresh_values(&touched, vars, &mut fresh);
        self.spare_last_touch = touched;
        result.map(|()| fresh)
    }

    /// Of the `touched` variables (with the call that last touched each),
    /// those whose values were never seen before, into `fresh`, their
    /// formatting checked.
    fn fresh_values(
        &mut self,
        touched: &[(u32, usize)],
        vars: &[Option<Box<dyn Any>>],
        fresh: &mut Vec<(u32, TypeId)>,
    ) -> Result<(), (usize, Violation)> {
        for &(var, call) in touched {
            let Some(value) = vars.get(var as usize).and_then(|v| v.as_deref()) else { continue };
            let ty = value.type_id();
            let desc = self.world.reg.types.get(&ty);
            let new = match desc.map(|d| crate::oracle::guarded(|| d.fingerprint(value))) {
                Some(Ok(Some(fp))) => self.pool.is_new_value(fp),
                // The type's `Hash` panicked (a `Debug` that panics is found below).
                Some(Err(_)) => {
                    self.world.check_hash(var, vars).map_err(|v| (call, v))?;
                    true
                }
                _ => true,
            };
            if new {
                let digest = self.world.check_formatting(var, vars).map_err(|v| (call, v))?;
                if let Some(digest) = digest.filter(|_| self.world.compares(ty)) {
                    self.spare_digests.push((var, ty, digest));
                }
                fresh.push((var, ty));
            }
        }
        Ok(())
    }

    /// Turns a failing sequence into its group's report entry: minimized,
    /// shortened, confirmed (see [`crate::triage`]), unless its group
    /// already has a reproduction at least as short.
    fn record_failure(&mut self, mut seq: Sequence, call: usize, fault: Fault, sequences_before: u64) {
        let call = call.min(seq.len() - 1);
        seq.truncate(call + 1);
        let key = FailureKey::of(self.world, &seq, call, &fault);
        if !self.groups.hit(&key, seq.len()) {
            return;
        }
        let from_len = crate::render::statement_count(self.world, &seq);
        let (seq, cut_short) = minimize(self.world, seq, &key, self.minimize);
        let seq = if cut_short.is_none() { self.shorten(&key, seq) } else { seq };
        if !self.groups.improves(&key, seq.len()) {
            return;
        }
        let found = Found { after: self.start.elapsed(), sequences_before };
        let failure = confirmed_failure(self.world, &seq, &key, fault, found, Minimized { from_len, cut_short });
        let group = self.groups.record(key, failure, seq);
        if let Some((channel, _)) = &self.channel {
            channel.failure(&group.key.group_name(), &group.failure);
        }
    }

    /// Looks for a shorter reproduction than `best` by generating sequences
    /// that end in the failing operation from pool values, capped below
    /// `best`'s length. Greedy minimization has local minima (a ring buffer of
    /// capacity 10 needs a dozen pushes to wrap; one of capacity 2 needs
    /// three); a fresh short sequence escapes them.
    fn shorten(&mut self, key: &FailureKey, mut best: Sequence) -> Sequence {
        let Some(op) = best.last_op().map(|op| op as usize) else { return best };
        let max_len = self.budget.max_len;
        // Seeds only: a short test is found among few values, and reads better with them.
        (self.tournament, self.draw) = (SHORTEN_TOURNAMENT, 0.0);
        for _ in 0..SHORTEN_TRIES * (best.len() as u32).div_ceil(8) {
            if best.len() <= 2 {
                break;
            }
            self.budget.max_len = best.len() - 1;
            let Some((draft, _)) = self.extend(op) else { continue };
            let seq = self.pool.flat(draft.view());
            if let Some((len, _)) = fails_again(self.world, &seq, key) {
                let mut seq = seq;
                seq.truncate(len);
                let (shorter, _) = minimize(self.world, seq, key, self.minimize);
                if shorter.len() < best.len() {
                    best = shorter;
                }
            }
        }
        self.budget.max_len = max_len;
        (self.tournament, self.draw) = (EXPLORE_TOURNAMENT, DRAW_PROBABILITY);
        best
    }

    fn finish(mut self) -> Report {
        self.stats.elapsed = self.start.elapsed();
        self.stats.coverage =
            self.coverage.as_ref().map(|c| crate::report::Coverage { reached: c.reached(), total: c.total() });
        if self.budget.replay_only() {
            // Nothing was explored, so nothing went untested.
            let n = self.stats.sequences;
            let s = crate::names::plural(n);
            self.stats.notes.push(if self.saved_failures.replay {
                format!(
                    "max_sequences is 0: only the saved failing sequences ran ({n} sequence{s}); nothing was explored"
                )
            } else {
                "max_sequences is 0 and saved failures are off (DRT_PERSIST): nothing ran".to_string()
            });
        } else {
            self.stats.uncallable = self.untested.reasons(self.world, &self.per_op);
        }
        self.stats.notes.extend(self.untested.notes(self.world));
        self.stats.operations = self.per_op;
        self.stats.evicted = self.pool.evicted;
        Report { failures: self.groups.into_failures(), stats: self.stats }
    }
}

/// How far an integer argument may be from a compared operand for the
/// comparison to be taken as of the argument plus a constant.
const MAX_OFFSET: u64 = 2;

/// The values of an integer argument of `kind` (now `bits`) that would
/// make a compared operand `x` equal the other, `y`: `y` itself when `x`
/// is the argument; when `x` is the argument plus a small constant (`c`,
/// as `(1..=64).contains(&w)` compiles to `w - 1 < 64`), `y - c` and its
/// neighbours, since which of them crosses the branch depends on how the
/// comparison was compiled.
fn solutions(kind: IntKind, bits: u64, x: u64, y: u64) -> impl Iterator<Item = u64> {
    let offset = kind.canonical(bits.wrapping_sub(x));
    let small = offset <= MAX_OFFSET || kind.canonical(offset.wrapping_neg()) <= MAX_OFFSET;
    let target = kind.canonical(y.wrapping_add(offset));
    let neighbours: &[u64] = match (offset, small) {
        (0, _) => &[0],
        (_, true) => &[0, 1, u64::MAX],
        (_, false) => &[],
    };
    neighbours.iter().map(move |&d| kind.canonical(target.wrapping_add(d))).filter(move |&v| v != bits)
}

/// The running sums of the operations' `weights`, each raised by a
/// quarter of itself per unit of its `credit`.
fn cumulative(weights: &[u64], credit: &[u32]) -> Vec<u64> {
    let raised = weights.iter().zip(credit).map(|(w, c)| w * (4 + u64::from(*c)));
    raised
        .scan(0, |total, w| {
            *total += w;
            Some(*total)
        })
        .collect()
}

/// A sequence about to run, for a supervisor's trace.
enum Starting<'a> {
    Flat(&'a Sequence),
    Draft(&'a Composed),
}

/// How a call takes a value for a parameter passed this way: `Clone` for a
/// by-value parameter of a `Clone` type keeps the original for later calls.
fn mode_for(kind: ParamKind, clone: bool) -> Mode {
    match kind {
        ParamKind::Ref | ParamKind::Str | ParamKind::Slice => Mode::Ref,
        ParamKind::Mut | ParamKind::SliceMut => Mode::Mut,
        ParamKind::Value if clone => Mode::Clone,
        ParamKind::Value => Mode::Move,
    }
}

#[cfg(test)]
impl Engine<'_> {
    /// Explores, then hands over the sequences of the component set.
    pub(crate) fn explore_for_pool(mut self) -> Vec<Sequence> {
        self.explore();
        let entries = self.pool.entries.iter().enumerate().filter(|(_, e)| e.offered);
        entries.map(|(id, _)| self.pool.flat(self.pool.seq(id as u32))).collect()
    }
}

#[cfg(test)]
#[path = "generate_tests.rs"]
pub(crate) mod tests;
