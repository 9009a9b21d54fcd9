//! Feedback-directed generation: DRT_S (thesis Fig 5-4) as Randoop builds it
//! (thesis §7.5).
//!
//! Each step:
//! 1. picks an operation at random, by weight ([`weights`]);
//! 2. fills each argument (the receiver first) with a seed, a variable already
//!    in the new sequence, or a value of the right type from a component
//!    sequence, whose calls are appended first (the `extend` operator,
//!    [`draft`]);
//! 3. sometimes repeats a mutating call (probability 0.1, up to 100 times,
//!    §7.5);
//! 4. discards it if the same sequence was made before, else executes it,
//!    from the values its components left where they were kept
//!    ([`crate::reuse`]);
//! 5. classifies it: a failure is minimized and reported ([`findings`]); a
//!    normal sequence joins the component set when the values it touched
//!    are new (index pruning, §5.8, [`pruning`]), else it is redundant.
//!
//! What a step learns steers the next: the edges it reached ([`frontier`]),
//! what the code compared its arguments with ([`hints`]), what it cost
//! ([`costs`]), and values of one type to run side by side ([`pairing`]).
//!
//! The engine owns these parts; the driver runs its lifecycle (saved
//! failures replayed first, the search, the failures saved, regression
//! tests written), and whoever watches hears of it through a
//! [`Listener`].

mod cheap;
mod costs;
mod draft;
mod findings;
mod frontier;
mod hints;
mod pairing;
mod pruning;
#[cfg(test)]
mod tests;
mod weights;

use std::time::{Duration, Instant};

pub(crate) use costs::{Decision, DecisionLog};

use crate::config::{Budget, Settings};
use crate::execute::Checks;
use crate::outcome::{Fault, Outcome};
use crate::pool::Pool;
use crate::progress::Listener;
use crate::report::{Report, Stats};
use crate::rng::Choices;
use crate::sequence::{Composed, Operand, Sequence};
use crate::sizes::Largest;
use crate::triage::Group;
use crate::untested::Untested;
use crate::world::Watched;
use crate::world::World;

use crate::reuse::Reuse;
use crate::triage::{FailureKey, Found};
use draft::{Draft, Sources};
use findings::Findings;
use frontier::Frontier;
use hints::Hints;
use pairing::Pairing;
use pruning::Pruning;
use weights::Weights;

/// Consecutive steps that made nothing new (no sequence, or a redundant
/// one) before the search counts as exhausted: drawn integers never run
/// out of new sequences, but a state space can run out of new values.
const MAX_IDLE_STEPS: u32 = 20_000;
/// Steps between two readings of the clock while steps are fast.
const CLOCK_EVERY: u32 = 16;
/// A step this short or shorter is fast (a time limit is then passed by at
/// most `CLOCK_EVERY` of them).
const FAST_STEP: Duration = Duration::from_micros(20);

/// The exploration's budget, and when [`Engine::out_of_budget`] reads the
/// clock next: when it started, the time it last read, and the steps
/// between readings and left until the next.
struct Clock {
    budget: Budget,
    start: Instant,
    last: Duration,
    every: u32,
    left: u32,
}

/// The generator: its parts, each with its own state, and the world it
/// explores.
pub(crate) struct Engine<'w> {
    world: &'w World<'w>,
    clock: Clock,
    rng: Choices,
    /// The component set: sequences that ran normally and made new values.
    pool: Pool,
    stats: Stats,
    /// Why operations never ran, for the report.
    untested: Untested,
    weights: Weights,
    draft: Draft,
    reuse: Reuse<'w>,
    pruning: Pruning,
    pairing: Pairing,
    frontier: Frontier,
    hints: Hints,
    findings: Findings,
    /// Who hears how the exploration goes, if anyone does.
    listener: Option<Box<dyn Listener + 'w>>,
}

impl<'w> Engine<'w> {
    /// An engine exploring `world` with `settings`.
    pub fn new(world: &'w World<'w>, settings: &Settings) -> Engine<'w> {
        let budget = settings.budget;
        let coverage = settings.coverage.then(|| {
            // The types explored, whose crates' functions are the code under
            // test (a test program's own only when it defines one).
            let owners = world.ops.iter().filter(|o| o.under_test).map(|o| o.op.spec.owner);
            let explored: Vec<&str> = owners.filter_map(|t| world.reg.types.get(&t).map(|d| d.name)).collect();
            crate::coverage::Feedback::new(&explored)
        });
        let coverage = coverage.and_then(Result::ok);
        // A random walk is undirected: its coverage is measured, never used.
        let compares =
            coverage.as_ref().filter(|_| !settings.random_walk).and_then(|_| crate::coverage::Compares::global());
        let operations = world
            .ops
            .iter()
            .map(|o| crate::report::OperationStats {
                name: o.op.display.clone(),
                under_test: o.under_test,
                ..Default::default()
            })
            .collect();
        let mut explored: Vec<_> = world.ops.iter().filter(|o| o.under_test).map(|o| o.op.spec.owner).collect();
        explored.sort_unstable();
        explored.dedup();
        let mut draft = Draft::new(settings.random_walk, budget.max_sequences.is_none());
        draft.anew = draft::built_anew(world);
        Engine {
            world,
            rng: Choices::seeded(budget.seed),
            // The engine explores in its own thread (a supervisor reports a child as such).
            stats: Stats {
                seed: budget.seed,
                isolation: crate::config::Isolation::InProcess,
                jobs: 1,
                notes: world.notes(),
                operations,
                ..Stats::default()
            },
            clock: Clock { budget, start: Instant::now(), last: Duration::ZERO, every: 1, left: 1 },
            pool: Pool::new(settings.max_pool),
            weights: Weights::new(world.ops.iter().map(|o| u64::from(o.op.spec.weight)).collect()),
            untested: Untested::new(world.ops.len()),
            findings: Findings::new(settings.minimize, world.ops.len(), settings.regression_tests.is_some()),
            // A side beside runs from the first call: values are not kept.
            reuse: Reuse::new(world, !world.runs_beside()),
            draft,
            pruning: Pruning::default(),
            pairing: Pairing::default(),
            frontier: Frontier::new(coverage),
            hints: Hints::new(compares, explored),
            listener: None,
        }
    }

    /// Makes every choice from `input`'s bytes, in order, and stops when
    /// they are all read: how `drt::fuzz` turns a fuzzer's input into the
    /// sequences it runs (see [`Choices`]).
    pub fn with_input(mut self, input: &[u8]) -> Self {
        self.rng = Choices::Bytes { data: input.to_vec(), at: 0 };
        // The same input must make the same choices.
        self.draft.costs.aware = false;
        self
    }

    /// Draws the parameters an earlier child `learned` to throttle smaller
    /// ([`crate::sizes`]).
    pub fn with_throttles(mut self, learned: &[crate::sizes::Throttle]) -> Self {
        self.draft.throttles = crate::sizes::Throttles::of(self.world, learned);
        self
    }

    /// Draws the operations at these paths less often, each by how many
    /// times it crashed an earlier child ([`Weights::damp`]).
    pub fn with_damped(mut self, damped: &[(String, u32)]) -> Self {
        for (path, times) in damped {
            if let Some(op) = self.world.ops.iter().position(|o| o.op.path == *path) {
                self.weights.damp(op, *times);
            }
        }
        self
    }

    /// Keeps the cost decisions in `log`, or replays them from it
    /// (`replaying`: a rerun of a run that weighed costs, which weighs
    /// them the same way whatever its budget).
    pub fn with_decisions(mut self, log: Box<dyn DecisionLog>, replaying: bool) -> Self {
        self.draft.costs.aware |= replaying;
        self.draft.costs.log = Some(log);
        self
    }

    /// Whether costs are weighed (see [`DecisionLog`]).
    pub fn weighs_costs(&self) -> bool {
        self.draft.costs.aware
    }

    /// Tells `listener` how the exploration goes.
    pub fn with_listener(mut self, listener: Box<dyn Listener + 'w>) -> Self {
        self.listener = Some(listener);
        self
    }

    /// Starts the clock: the time limit, and the times failures were
    /// found after, count from here.
    pub fn start(&mut self) {
        self.clock.start = Instant::now();
    }

    /// Counts a sequence about to run (`replaying` a saved failure, flat;
    /// else a draft), and tells the listener.
    fn starting(&mut self, replaying: bool, seq: &dyn Fn(&Pool) -> Sequence) {
        self.stats.sequences += 1;
        let Some(listener) = &mut self.listener else { return };
        let (world, pool) = (self.world, &self.pool);
        let text = || crate::sequence_text::encode(world, &seq(pool));
        listener.starting(&self.stats, self.findings.groups.iter().count(), replaying, &text);
    }

    /// The largest integer any call of `draft` was given, its components'
    /// too, when large: a value grown by a size long ago may be what makes
    /// a later call slow ([`crate::sizes`]) or every run extending it dear
    /// ([`cheap`]). (Out of line: only a child process watches, or a
    /// search that weighs costs asks, on every step.)
    #[inline(never)]
    fn largest(&self, draft: &Composed) -> Option<Largest> {
        let view = draft.view();
        let parts = view.parts().map(|p| self.pool.entries[p as usize].largest).fold(None, Largest::max);
        let own = Largest::of(self.world, view.own_calls().map(|(_, op, args)| (op, args)));
        Largest::max(parts, own)
    }

    /// Tells `watch` that a sequence ending in operation `extends` starts,
    /// with its `largest` integer ([`Engine::largest`]).
    #[inline(never)]
    fn watch_sequence(&self, watch: &crate::world::CallWatch, extends: usize, largest: Option<Largest>) {
        let (op, param, magnitude) = match largest {
            Some(l) => (l.op as usize, usize::from(l.param), u128::from(l.magnitude.get())),
            None => (extends, 0, 0),
        };
        let extends = &self.world.ops[extends].op.path;
        watch(Watched::Sequence(Some((extends, (&self.world.ops[op].op.path, param, magnitude)))));
    }

    /// Runs a saved failing sequence, before anything else is explored.
    pub fn replay(&mut self, seq: Sequence) {
        let sequences_before = self.stats.sequences;
        self.starting(true, &|_| seq.clone());
        let exec = self.world.execute(&seq, Checks::ALL);
        self.stats.calls += exec.outcome.calls_run(seq.len());
        if let Outcome::Failed { call, fault } = exec.finish(self.world) {
            self.stats.failing += 1;
            // A saved failure was shortened when it was found: generating
            // fresh sequences to shorten it again risks a size too large
            // for the run crashing the process before the failure is told
            // (`DRT_MAX_SEQUENCES=0` then passed with the failure saved).
            self.record_failure(seq, call, fault, sequences_before, false);
        }
    }

    /// Explores until a budget runs out or nothing new can be made.
    pub fn explore(&mut self) {
        self.frontier.forget();
        let mut idle = 0;
        while !self.out_of_budget() && idle < MAX_IDLE_STEPS && !self.world.ops.is_empty() {
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

    /// Whether the budget is spent; tells the listener the time when the
    /// clock is read. Reading the clock costs about a hundredth of a cheap
    /// step, so while steps are shorter than [`FAST_STEP`] it is read every
    /// [`CLOCK_EVERY`] steps only.
    fn out_of_budget(&mut self) -> bool {
        let clock = &mut self.clock;
        if clock.budget.max_sequences.is_some_and(|m| self.stats.sequences >= m) || self.rng.exhausted() {
            return true;
        }
        if clock.budget.time_limit.is_none() && self.listener.is_none() {
            return false;
        }
        clock.left -= 1;
        if clock.left > 0 {
            return false;
        }
        let now = clock.start.elapsed();
        let fast = now.saturating_sub(clock.last) < FAST_STEP * clock.every;
        clock.every = if fast { CLOCK_EVERY } else { 1 };
        (clock.last, clock.left) = (now, clock.every);
        if let Some(listener) = &mut self.listener {
            listener.tick(now, &self.stats, self.findings.groups.iter().count());
        }
        clock.budget.time_limit.is_some_and(|limit| now >= limit)
    }

    /// One generation step; false when it made nothing new: it executed
    /// nothing, or a sequence that was redundant.
    fn step(&mut self) -> bool {
        self.draft.extending = None;
        let retry = self.hints.retries.pop();
        let retrying = retry.is_some();
        let planned = match retry {
            Some(retry) => Some(retry),
            None => self.pairing.next(&self.pool, self.clock.budget.max_len, &mut self.draft.spare),
        };
        let (op, draft, prefix) = match planned {
            Some(planned) => planned,
            None => {
                let op = self.weights.pick(&mut self.rng);
                let Some((draft, prefix)) = self.extend(op, self.clock.budget.max_len) else {
                    // A walk that cannot go on (too long) starts over.
                    self.draft.walk = None;
                    return false;
                };
                (op, draft, prefix)
            }
        };
        if !self.pool.is_new_sequence(&draft) {
            self.draft.spare = draft;
            self.draft.walk = None;
            return false;
        }
        let sequences_before = self.stats.sequences;
        self.stats.operations[op].attempted += 1;
        self.starting(false, &|pool| pool.flat(draft.view()));
        if self.frontier.measured() {
            self.weights.age(self.stats.sequences);
        }
        // Costs steer only when time bounds the run; else one run in
        // `TIME_SAMPLE` is timed, for the operations' time.
        let started = self.draft.costs.timed(self.stats.sequences).then(Instant::now);
        let largest = (self.world.watch.is_some() || self.draft.costs.aware).then(|| self.largest(&draft)).flatten();
        if let Some(watch) = &self.world.watch {
            self.watch_sequence(watch, op, largest);
        }
        let (exec, seq) = self.reuse.run(&self.pool, &mut self.stats, &draft, prefix);
        let new_edges = self.frontier.collect();
        if new_edges > 0 && self.frontier.functions_changed() {
            // Kept current, so that a child's snapshot of its stats says
            // what it entered should it crash (its report merges them).
            self.stats.coverage = self.frontier.report();
        }
        let (world, pool, extending) = (self.world, &self.pool, self.draft.extending);
        let retry = (!retrying).then_some(&self.draft.throttles);
        self.hints.note_compares(world, pool, extending, &draft, prefix, &exec.windows, retry);
        let mut outcome = exec.outcome.clone();
        // A law a new value broke, with the value's type: not checked again.
        let mut broken_law = None;
        let mut touched = match outcome {
            Outcome::Normal => self
                .pruning
                .touched_values(world, &mut self.pool, &seq, prefix, &exec.vars)
                .unwrap_or_else(|(call, v)| {
                    if v.kind == crate::report::FailureKind::Law {
                        let value = v.vars.first().and_then(|&x| exec.vars.get(x as usize)?.as_deref());
                        broken_law = value.map(|value| (value.type_id(), v.contract));
                    }
                    outcome = Outcome::Failed { call, fault: Fault::Broken(v) };
                    Vec::new()
                }),
            _ => Vec::new(),
        };
        if new_edges > 0 && !self.draft.random_walk {
            self.weights.credit(op);
            // A sequence that reached code no earlier one did joins the
            // pool even when its values look old, offering what its new
            // calls touched (the variables `touched_values` listed).
            if outcome.is_normal() && touched.is_empty() {
                touched.extend(
                    self.pruning
                        .last_touched()
                        .iter()
                        .filter_map(|&(var, _)| Some((var, exec.vars.get(var as usize)?.as_ref()?.type_id()))),
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
        let joins = !touched.is_empty() || (self.draft.random_walk && outcome.is_normal());
        let partners_kept = joins && self.reuse.keep(&self.pool, &seq, prefix, &exec);
        let (dropped, run_buffers) = exec.finish_into(self.world);
        // Its values checked, kept and dropped, the sequence is over (a
        // failure's minimization is not: see `isolate::shared`).
        if let Some(watch) = &self.world.watch {
            watch(Watched::Sequence(None));
        }
        let cost = started.map_or(0, |started| self.ran(op, started.elapsed()));
        if self.draft.costs.aware {
            self.draft.cheap.ran(largest, cost, self.draft.costs.budget());
        }
        if outcome.is_normal() {
            outcome = dropped;
        }
        let mut new = true;
        self.draft.walk = None;
        // An illegal input or a failure is the operation's whose call it
        // was: a mix of mutators, or values built on demand, run before the
        // extending call (a `withdraw` that panicked in a mix ending in
        // `deposit` is `withdraw`'s failure, not `deposit`'s).
        // (A reference's operations have no stats: its call is the extending one's.)
        let charged = match outcome {
            Outcome::Illegal { call } | Outcome::Failed { call, .. } if call < seq.len() && !seq.is_hole(call) => {
                Some(seq.op(call) as usize).filter(|&c| c < self.stats.operations.len()).unwrap_or(op)
            }
            _ => op,
        };
        if charged != op {
            self.stats.operations[op].attempted -= 1;
            self.stats.operations[charged].attempted += 1;
        }
        match outcome {
            Outcome::Normal => {
                self.findings.passed(op, &draft, &seq, &self.pool);
                self.stats.operations[op].succeeded += 1;
                if touched.is_empty() {
                    self.stats.redundant += 1;
                } else {
                    self.stats.normal += 1;
                }
                // A redundant sequence is dropped, but a walk goes on from
                // here whether or not its values are new (offering none).
                if touched.is_empty() && !self.draft.random_walk {
                    new = false;
                } else {
                    let offers = if self.draft.random_walk { &[][..] } else { &touched };
                    let (alive, kept) = self.reuse.kept();
                    let evicted = self.pool.evicted;
                    self.pool.add(&draft, cost, largest, alive, kept, partners_kept, offers, &mut self.rng);
                    let entry = self.pool.entries.len() as u32 - 1;
                    if self.pool.evicted != evicted {
                        // Evicting renumbers the pool's entries.
                        self.pairing.clear();
                        self.hints.clear();
                        self.frontier.clear();
                    } else if self.draft.random_walk {
                        self.draft.walk = (draft.len() < self.clock.budget.max_len).then_some(entry);
                    } else {
                        self.pairing.classify(&self.pool, entry, draft.len(), self.pruning.digests());
                        if new_edges > 0 {
                            self.frontier.favour(&touched, entry, draft.len());
                        }
                    }
                }
            }
            Outcome::Illegal { .. } => {
                self.stats.illegal += 1;
                self.stats.operations[charged].illegal += 1;
            }
            // An argument had no value (an earlier call returned `None`, or
            // it was moved away): nothing was called, so not an illegal input.
            Outcome::Invalid { .. } => {}
            Outcome::Failed { call, fault } => {
                self.stats.failing += 1;
                self.stats.operations[charged].failed += 1;
                if call >= seq.len() {
                    self.untested.returned(op);
                }
                // (A `Clone` of a reused value that panics fails at a hole.)
                let failing = (call < seq.len() && !seq.is_hole(call)).then(|| seq.op(call) as usize);
                match failing.filter(|&f| !self.world.ops[f].under_test) {
                    Some(helper) => self.untested.helper_failed(helper, &fault),
                    // A value's `Drop` that panics after a run that reused
                    // values fails a sequence with holes: report the whole.
                    None => {
                        self.record_failure(
                            Reuse::whole(&self.pool, &draft, &seq),
                            call,
                            fault,
                            sequences_before,
                            true,
                        );
                        self.frontier.forget();
                        if let Some((ty, law)) = broken_law {
                            self.pruning.mute(ty, law);
                        }
                    }
                }
            }
        }
        self.reuse.give_back(seq, run_buffers);
        self.pruning.give_back(touched);
        self.draft.spare = draft;
        new
    }

    /// Builds a new sequence ending in calls of `op`, no longer than
    /// `max_len` ([`Draft::extend`]).
    fn extend(&mut self, op: usize, max_len: usize) -> Option<(Composed, usize)> {
        let (draft, mut sources) = self.drafting(max_len);
        draft.extend(op, &mut sources)
    }

    /// The draft, and what building one no longer than `max_len` reads,
    /// borrowed apart.
    fn drafting(&mut self, max_len: usize) -> (&mut Draft, Sources<'_, 'w>) {
        let sources = Sources {
            world: self.world,
            rng: &mut self.rng,
            pool: &mut self.pool,
            frontier: &self.frontier,
            hints: &self.hints,
            untested: &mut self.untested,
            max_len,
        };
        (&mut self.draft, sources)
    }

    /// Turns a failing sequence into its group's report entry: minimized,
    /// shortened, confirmed (see [`crate::triage`]), unless its group
    /// already has a reproduction at least as short.
    fn record_failure(&mut self, seq: Sequence, call: usize, fault: Fault, sequences_before: u64, shorten: bool) {
        let Some(mut candidate) = self.findings.minimized(self.world, seq, call, &fault) else { return };
        let found = Found { after: self.clock.start.elapsed(), sequences_before };
        if shorten && candidate.minimized.cut_short.is_none() {
            // Shortening runs fresh sequences: one may kill the process (a
            // size that aborts it) before the failure is told.
            let keeps = self.listener.as_ref().is_some_and(|l| l.keeps_pending());
            let pending =
                keeps.then(|| self.findings.provisional(self.world, &candidate, fault.clone(), found)).flatten();
            if let (Some(listener), Some(failure)) = (&mut self.listener, &pending) {
                listener.pending(Some((&candidate.key.group_name(), failure)));
            }
            candidate.seq = self.shorten(&candidate.key, std::mem::take(&mut candidate.seq));
            if let (Some(listener), Some(_)) = (&mut self.listener, &pending) {
                listener.pending(None);
            }
        }
        let Some(group) = self.findings.record(self.world, candidate, fault, found) else { return };
        if let Some(listener) = &mut self.listener {
            listener.failure(&group.key.group_name(), &group.failure);
        }
    }

    /// A shorter reproduction than `best` of the failure `key`, when
    /// sequences generated to end in the failing operation from pool
    /// values give one ([`findings::shorten`]).
    fn shorten(&mut self, key: &FailureKey, best: Sequence) -> Sequence {
        let Some(op) = best.last_op().map(|op| op as usize) else { return best };
        self.draft.shortening(true);
        let (world, limits) = (self.world, self.findings.minimize);
        let best = findings::shorten(world, key, best, limits, |max_len| {
            let (seq, _) = self.extend(op, max_len)?;
            Some(self.pool.flat(seq.view()))
        });
        self.draft.shortening(false);
        best
    }

    /// Records that a sequence ending in `op` took `elapsed` to run, keep
    /// and drop: in the operation's time and, when costs are weighed, the
    /// typical cost of a run and the cost of the pool entry it extended.
    /// Returns the cost in nanoseconds (0 when costs are not weighed).
    fn ran(&mut self, op: usize, elapsed: Duration) -> u32 {
        let (time, cost) = self.draft.costs.ran(elapsed, self.stats.sequences);
        self.stats.operations[op].time += time;
        if let Some(entry) = self.draft.extending.filter(|_| self.draft.costs.aware) {
            self.pool.ran(entry, cost);
        }
        cost
    }

    /// The world it explores.
    pub fn world(&self) -> &'w World<'w> {
        self.world
    }

    /// The failure groups found so far.
    pub fn failures(&self) -> impl Iterator<Item = &Group> {
        self.findings.groups.iter()
    }

    /// Per operation, the shortest sequence ending in it that ran
    /// normally, when regression tests were asked for.
    pub fn shortest(&self) -> &[Option<Sequence>] {
        self.findings.shortest.as_deref().unwrap_or_default()
    }

    /// The report's statistics so far, for the lifecycle's notes and
    /// warnings.
    pub fn stats_mut(&mut self) -> &mut Stats {
        &mut self.stats
    }

    /// The report: the failures found and the run's statistics.
    pub fn finish(mut self) -> Report {
        self.stats.elapsed = self.clock.start.elapsed();
        self.stats.coverage = self.frontier.report();
        // When nothing was explored, nothing went untested.
        if !self.clock.budget.replay_only() {
            self.stats.uncallable = self.untested.reasons(self.world, &self.stats.operations);
            self.stats.throttled = self.draft.throttles.described(self.world);
        }
        self.stats.notes.extend(self.untested.notes(self.world));
        self.stats.evicted = self.pool.evicted;
        Report { failures: self.findings.groups.into_failures(), stats: self.stats }
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
