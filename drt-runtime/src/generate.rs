//! Feedback-directed generation: DRT_S (thesis Fig 5-4) as Randoop builds it
//! (thesis §7.5).
//!
//! Each step:
//! 1. picks an operation at random, by weight;
//! 2. fills each argument (the receiver first) with a seed, a variable already
//!    in the new sequence, or a value of the right type from a component
//!    sequence, whose calls are appended first (the `extend` operator);
//! 3. sometimes repeats the call (probability 0.1, up to 100 times, §7.5);
//! 4. discards it if the same sequence was made before, else executes it;
//! 5. classifies it: a failure is minimized and reported; a normal sequence
//!    joins the component set when the values it touched are new (index
//!    pruning, §5.8), else it is redundant.

use std::any::{Any, TypeId};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::execute::Outcome;
use crate::hook::Caught;
use crate::pool::Pool;
use crate::registry::ParamKind;
use crate::report::{Failure, FailureKind, OperationStats, Report, Stats};
use crate::sequence::{Call, Mode, Operand, Sequence};
use crate::world::World;

/// Probability that an argument with seeds takes a seed rather than a pool value.
const SEED_PROBABILITY: f64 = 0.75;
/// Probability of reusing a variable already in the new sequence (aliasing).
const ALIAS_PROBABILITY: f64 = 0.3;
/// Randoop's repetition: probability and maximum count (thesis §7.5).
const REPEAT_PROBABILITY: f64 = 0.1;
const REPEAT_MAX: usize = 100;
/// Largest `Vec` built from seeds.
const MAX_SEED_VEC: usize = 4;
/// Consecutive steps that made nothing new before the search counts as exhausted.
const MAX_IDLE_STEPS: u32 = 20_000;

/// The settings one exploration runs with.
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    pub seed: u64,
    pub time_limit: Option<Duration>,
    pub max_sequences: Option<u64>,
    pub max_len: usize,
}

/// What makes two failures the same: (operation, kind, location or message).
pub(crate) type FailureKey = (String, FailureKind, String);

/// A failure group: one per (operation, kind, location).
struct Group {
    key: FailureKey,
    failure: Failure,
}

pub(crate) struct Engine<'w> {
    world: &'w World<'w>,
    budget: Budget,
    rng: Xoshiro256PlusPlus,
    pool: Pool,
    cumulative_weights: Vec<u64>,
    stats: Stats,
    per_op: Vec<OperationStats>,
    /// Per operation: a parameter type no value could be found for.
    missing: Vec<Option<TypeId>>,
    groups: Vec<Group>,
    start: Instant,
}

impl<'w> Engine<'w> {
    pub fn new(world: &'w World<'w>, budget: Budget) -> Engine<'w> {
        let mut total = 0;
        let cumulative_weights = world
            .ops
            .iter()
            .map(|o| {
                total += u64::from(o.op.spec.weight);
                total
            })
            .collect();
        let per_op = world
            .ops
            .iter()
            .map(|o| OperationStats {
                name: o.op.display.clone(),
                ..OperationStats::default()
            })
            .collect();
        Engine {
            world,
            rng: Xoshiro256PlusPlus::seed_from_u64(budget.seed),
            stats: Stats {
                seed: budget.seed,
                ..Stats::default()
            },
            budget,
            pool: Pool::default(),
            cumulative_weights,
            per_op,
            missing: vec![None; world.ops.len()],
            groups: Vec::new(),
            start: Instant::now(),
        }
    }

    /// Explores until a budget runs out or nothing new can be made.
    pub fn run(mut self) -> Report {
        let _silent = crate::hook::SilentPanics::install();
        self.start = Instant::now();
        let mut idle = 0;
        while !self.out_of_budget() && idle < MAX_IDLE_STEPS && !self.world.ops.is_empty() {
            if self.step() {
                idle = 0;
            } else {
                idle += 1;
            }
        }
        self.finish()
    }

    fn out_of_budget(&self) -> bool {
        self.budget
            .max_sequences
            .is_some_and(|m| self.stats.sequences >= m)
            || self
                .budget
                .time_limit
                .is_some_and(|t| self.start.elapsed() >= t)
    }

    /// One generation step; false when it executed nothing.
    fn step(&mut self) -> bool {
        let op = self.pick_operation();
        let Some((seq, prefix)) = self.extend(op) else {
            return false;
        };
        if !self.pool.is_new_sequence(&seq) {
            return false;
        }
        let sequences_before = self.stats.sequences;
        self.stats.sequences += 1;
        self.per_op[op].attempted += 1;
        let exec = self.world.execute(&seq);
        self.stats.calls += match &exec.outcome {
            Outcome::Panic { call, .. } | Outcome::Invalid { call } => {
                (*call + 1).min(seq.len()) as u64
            }
            Outcome::Normal => seq.len() as u64,
        };
        let touched = match exec.outcome {
            Outcome::Normal => self.touched_values(&seq, prefix, &exec.vars),
            _ => Vec::new(),
        };
        let alive = alive_values(&exec.vars);
        match exec.finish(self.world) {
            Outcome::Normal if touched.is_empty() => {
                self.stats.redundant += 1;
                self.per_op[op].succeeded += 1;
            }
            Outcome::Normal => {
                self.stats.normal += 1;
                self.per_op[op].succeeded += 1;
                self.pool.add(seq, alive, &touched);
            }
            Outcome::Invalid { .. } => {
                self.stats.illegal += 1;
                self.per_op[op].illegal += 1;
            }
            Outcome::Panic {
                call,
                caught,
                dropped,
            } => {
                self.stats.failing += 1;
                self.per_op[op].failed += 1;
                self.record_failure(seq, call, caught, dropped, sequences_before);
            }
        }
        true
    }

    fn pick_operation(&mut self) -> usize {
        let total = *self
            .cumulative_weights
            .last()
            .expect("at least one operation");
        let x = self.rng.random_range(0..total);
        self.cumulative_weights.partition_point(|&w| w <= x)
    }

    /// Builds a new sequence ending in calls of `op` (the `extend` operator,
    /// thesis §7.5); returns it with the index of its first new call.
    fn extend(&mut self, op: usize) -> Option<(Sequence, usize)> {
        let run_op = &self.world.ops[op];
        let mut seq = Sequence::default();
        let mut alive: Vec<(u32, TypeId)> = Vec::new();
        let mut args = Vec::with_capacity(run_op.op.spec.params.len());
        for (k, p) in run_op.op.spec.params.iter().enumerate() {
            let mode = match p.kind {
                ParamKind::Ref | ParamKind::Str | ParamKind::Slice => Mode::Ref,
                ParamKind::Mut | ParamKind::SliceMut => Mode::Mut,
                ParamKind::Value if run_op.clone_fns[k].is_some() => Mode::Clone,
                ParamKind::Value => Mode::Move,
            };
            let Some(arg) = self.choose_operand(p.ty, mode, &args, &mut seq, &mut alive) else {
                self.missing[op] = Some(p.ty);
                return None;
            };
            args.push(arg);
        }
        let prefix = seq.len();
        if prefix >= self.budget.max_len {
            return None;
        }
        let moves = args.iter().any(|a| {
            matches!(
                a,
                Operand::Var {
                    mode: Mode::Move,
                    ..
                }
            )
        });
        let mut repeat = 1;
        if !moves && self.rng.random_bool(REPEAT_PROBABILITY) {
            repeat = self
                .rng
                .random_range(1..=REPEAT_MAX)
                .min(self.budget.max_len - prefix);
        }
        for _ in 1..repeat {
            seq.calls.push(Call {
                op: op as u32,
                args: args.clone(),
            });
        }
        seq.calls.push(Call {
            op: op as u32,
            args,
        });
        Some((seq, prefix))
    }

    /// Chooses where one argument of type `ty` comes from.
    fn choose_operand(
        &mut self,
        ty: TypeId,
        mode: Mode,
        taken: &[Operand],
        seq: &mut Sequence,
        alive: &mut Vec<(u32, TypeId)>,
    ) -> Option<Operand> {
        let world = self.world;
        let in_pool = self.pool.values_of(ty).len();
        let aliases: Vec<u32> = alive
            .iter()
            .filter(|(v, t)| {
                *t == ty
                    && !taken
                        .iter()
                        .any(|a| matches!(a, Operand::Var { var, .. } if var == v))
            })
            .map(|(v, _)| *v)
            .collect();
        let no_values = in_pool == 0 && aliases.is_empty();
        if let Some(seeds) = world.seeds_by_type.get(&ty) {
            if no_values || self.rng.random_bool(SEED_PROBABILITY) {
                return Some(Operand::Seed(seeds[self.rng.random_range(0..seeds.len())]));
            }
        }
        if let Some(&builder) = world.vec_by_type.get(&ty) {
            let elems = world.seeds_by_type.get(&world.vecs[builder as usize].elem);
            if let Some(elems) = elems.filter(|_| no_values || self.rng.random_bool(0.5)) {
                let n = self.rng.random_range(0..=MAX_SEED_VEC);
                let elems = (0..n)
                    .map(|_| elems[self.rng.random_range(0..elems.len())])
                    .collect();
                return Some(Operand::SeedVec { builder, elems });
            }
        }
        if !aliases.is_empty() && (in_pool == 0 || self.rng.random_bool(ALIAS_PROBABILITY)) {
            let var = aliases[self.rng.random_range(0..aliases.len())];
            return Some(Operand::Var { var, mode });
        }
        if in_pool == 0 {
            return None;
        }
        let (entry, var) = self.pool.values_of(ty)[self.rng.random_range(0..in_pool)];
        let entry = &self.pool.entries[entry as usize];
        if seq.len() + entry.seq.len() >= self.budget.max_len {
            return None;
        }
        let offset = seq.append(&entry.seq);
        alive.extend(entry.alive.iter().map(|(v, t)| (v + offset, *t)));
        Some(Operand::Var {
            var: var + offset,
            mode,
        })
    }

    /// The values the new calls produced or mutated that were never seen
    /// before (index pruning): the only ones the sequence offers for reuse.
    fn touched_values(
        &mut self,
        seq: &Sequence,
        prefix: usize,
        vars: &[Option<Box<dyn Any>>],
    ) -> Vec<(u32, TypeId)> {
        let mut touched: Vec<u32> = Vec::new();
        for (i, call) in seq.calls.iter().enumerate().skip(prefix) {
            touched.push(i as u32);
            for a in &call.args {
                if let Operand::Var {
                    var,
                    mode: Mode::Mut,
                } = a
                {
                    touched.push(*var);
                }
            }
        }
        touched.sort_unstable();
        touched.dedup();
        let mut fresh = Vec::new();
        for var in touched {
            let Some(value) = vars.get(var as usize).and_then(|v| v.as_deref()) else {
                continue;
            };
            let ty = value.type_id();
            let new = match self
                .world
                .reg
                .types
                .get(&ty)
                .and_then(|d| d.fingerprint(value))
            {
                Some(fp) => self.pool.is_new_value(fp),
                None => true,
            };
            if new {
                fresh.push((var, ty));
            }
        }
        fresh
    }

    fn record_failure(
        &mut self,
        mut seq: Sequence,
        call: usize,
        caught: Caught,
        dropped: Option<&'static str>,
        sequences_before: u64,
    ) {
        seq.calls.truncate(call + 1);
        let key = failure_key(self.world, &seq, call, &caught, dropped);
        let existing = self.groups.iter().position(|g| g.key == key);
        // A later hit is worth minimizing only when it is already shorter than
        // the best reproduction so far: greedy minimization has local minima.
        if existing.is_some_and(|g| self.groups[g].failure.len <= seq.len()) {
            return;
        }
        let seq = crate::minimize::minimize(self.world, seq, &key);
        if existing.is_some_and(|g| self.groups[g].failure.len <= seq.len()) {
            return;
        }
        let operation = key.0.clone();
        let code = crate::render::render_test(self.world, &seq, &operation, &caught.message);
        let failure = Failure {
            kind: FailureKind::Panic,
            operation,
            message: caught.message,
            location: caught.location,
            code,
            len: seq.len(),
            found_after: self.start.elapsed(),
            sequences_before,
        };
        match existing {
            Some(g) => {
                let g = &mut self.groups[g];
                g.failure = Failure {
                    found_after: g.failure.found_after,
                    sequences_before: g.failure.sequences_before,
                    ..failure
                };
            }
            None => self.groups.push(Group { key, failure }),
        }
    }

    fn finish(mut self) -> Report {
        self.stats.elapsed = self.start.elapsed();
        for (i, (o, s)) in self.world.ops.iter().zip(&self.per_op).enumerate() {
            if o.under_test && s.succeeded == 0 {
                let why = match self.missing[i] {
                    _ if s.attempted > 0 && s.failed == s.attempted => "every call panicked (see the failures)".to_string(),
                    _ if s.attempted > 0 => "every call was illegal".to_string(),
                    Some(ty) => format!(
                        "no value of type `{}` could be built: register an impl block with an operation returning it",
                        self.world.reg.desc(ty).name
                    ),
                    None => "never chosen: raise max_sequences or time_limit".to_string(),
                };
                self.stats.uncallable.push((o.op.display.clone(), why));
            }
        }
        self.stats.operations = self.per_op;
        Report {
            failures: self.groups.into_iter().map(|g| g.failure).collect(),
            stats: self.stats,
        }
    }
}

/// Every variable alive at the end with a value, and its type.
fn alive_values(vars: &[Option<Box<dyn Any>>]) -> Vec<(u32, TypeId)> {
    vars.iter()
        .enumerate()
        .filter_map(|(i, v)| v.as_deref().map(|v| (i as u32, v.type_id())))
        .collect()
}

/// The group a failure belongs to: (operation, kind, location or message).
pub(crate) fn failure_key(
    world: &World<'_>,
    seq: &Sequence,
    call: usize,
    caught: &Caught,
    dropped: Option<&'static str>,
) -> FailureKey {
    let operation = match dropped {
        Some(ty) => format!("drop({})", crate::value::short_type_name(ty)),
        None => world.ops[seq.calls[call].op as usize].op.display.clone(),
    };
    let place = caught
        .location
        .clone()
        .unwrap_or_else(|| caught.message.clone());
    (operation, FailureKind::Panic, place)
}
