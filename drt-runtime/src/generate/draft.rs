//! Building the next sequence: the `extend` operator (thesis §7.5) with
//! Randoop's repetition, mixes of mutating calls, seeds and drawn integers,
//! and GRT's detective (values built on demand) and orienteering (cheap,
//! short components drawn first). A draft refers to its components in the
//! pool (thesis §7.6); it is flattened only to run.

use std::any::TypeId;

use rand::RngExt;
use rustc_hash::FxHashMap;

use super::cheap::{self, CheapSizes};
use super::costs::{Costs, MAX_REDRAWS};
use super::frontier::{Frontier, FAVOUR_PROBABILITY};
use super::hints::Hints;
use crate::ints::IntKind;
use crate::macro_support::ParamKind;
use crate::pool::{Offer, Pool};
use crate::rng::Choices;
use crate::sequence::{Composed, Mode, Operand};
use crate::sizes::{self, Throttles};
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
const MAX_SEED_VEC: usize = 300;
const SMALL_SEED_VEC: usize = 4;
/// Probability that a repetition repeats a mix of mutating calls on the
/// same value, each with fresh arguments, rather than one call.
const MIX_PROBABILITY: f64 = 0.5;
/// Pool values drawn per argument while exploring, the shortest kept;
/// and the same while looking for a shorter reproduction of a failure.
const EXPLORE_TOURNAMENT: u32 = 2;
const SHORTEN_TOURNAMENT: u32 = 4;
/// Probability that an argument of a `Copy` type that is no seed is built
/// anew, by a call of an operation returning one, though the pool has values
/// of it. A `Copy` value is its bits (a number, a decimal, an id), and
/// index pruning keeps one pool entry per distinct value: a value many calls
/// make (a zero: `fract`, `trunc`, `from_f64(0.0)`...) is drawn as rarely as
/// one a single call made, where a random walk meets it as often as calls
/// make it (the thesis's Rw, §8.3, found such bugs faster). Built anew, it
/// comes back as often. Over seeds 1-10 of the real-bug benchmark
/// (`bugs/`), a zero divisor of bnum's `is_multiple_of` went from 5 seeds of
/// 10 (median 1,003 sequences) to 10 (325), rust_decimal's `round_dp` of a
/// zero from 7 to 10; building from constructors only (no operation taking
/// the type) found them slower (1,135 sequences for `round_dp`), and doing
/// so for every type lost the deep collections' bugs (a deque's from 1,609
/// to 3,352): their states are built up, not made.
const ANEW_PROBABILITY: f64 = 0.5;
/// How many levels of arguments the detective builds on demand.
const MAX_DEMAND_DEPTH: u32 = 3;

/// How the next sequence is built, and the buffers it is built in.
pub(super) struct Draft {
    /// Buffers for the next sequence, and the variables alive in it with
    /// their types by number ([`crate::pool::Pool::type_number`]).
    pub spare: Composed,
    alive: Vec<(u32, u32)>,
    /// A buffer for the arguments of the call being built.
    args: Vec<Operand>,
    /// Where the first call built on demand went in the sequence being
    /// extended: calls from there on are new, and are checked.
    demanded_from: Option<usize>,
    /// The pool entry the sequence being built extends (its first
    /// component from the pool).
    pub extending: Option<u32>,
    /// Pool values drawn per argument, the shortest kept.
    pub tournament: u32,
    /// Probability that an integer given a seed gets a drawn value instead.
    pub draw: f64,
    /// Whether to explore by an undirected random walk instead (the
    /// thesis's Rw, §8.3: a baseline for benchmarks), and the pool entry
    /// holding the walk so far.
    pub random_walk: bool,
    pub walk: Option<u32>,
    /// What extending each pool value costs ([`Costs`]).
    pub costs: Costs,
    /// The integer parameters drawn smaller than their types allow.
    pub throttles: Throttles,
    /// The integer parameters whose large values make dear runs
    /// ([`CheapSizes`]), when costs are weighed.
    pub cheap: CheapSizes,
    /// Per `Copy` type, the operations returning it: a value of such a type
    /// is sometimes built anew by one of them ([`ANEW_PROBABILITY`]).
    pub anew: FxHashMap<TypeId, Vec<u32>>,
}

/// What building a draft reads and draws from: the engine's other parts,
/// borrowed for one draft.
pub(super) struct Sources<'a, 'w> {
    pub world: &'w World<'w>,
    pub rng: &'a mut Choices,
    pub pool: &'a mut Pool,
    pub frontier: &'a Frontier,
    pub hints: &'a Hints,
    pub untested: &'a mut Untested,
    /// The longest sequence to build.
    pub max_len: usize,
}

impl Draft {
    /// Drafts built as exploring does, by a random walk when `random_walk`,
    /// weighing costs when `cost_aware`.
    pub fn new(random_walk: bool, cost_aware: bool) -> Draft {
        Draft {
            spare: Composed::default(),
            alive: Vec::new(),
            args: Vec::new(),
            demanded_from: None,
            extending: None,
            tournament: EXPLORE_TOURNAMENT,
            draw: DRAW_PROBABILITY,
            random_walk,
            walk: None,
            costs: Costs::new(cost_aware),
            throttles: Throttles::default(),
            cheap: CheapSizes::default(),
            anew: FxHashMap::default(),
        }
    }

    /// Builds drafts to shorten a failure's reproduction (`on`) or to
    /// explore: a short test is found among few values, and reads better
    /// with seeds only.
    pub fn shortening(&mut self, on: bool) {
        (self.tournament, self.draw) =
            if on { (SHORTEN_TOURNAMENT, 0.0) } else { (EXPLORE_TOURNAMENT, DRAW_PROBABILITY) };
    }
}

impl Draft {
    /// Builds a new sequence ending in calls of `op` (the `extend` operator,
    /// thesis §7.5); returns it with the index of its first new call. Its
    /// components are pool entries, referred to, not copied (thesis §7.6).
    pub(super) fn extend(&mut self, op: usize, src: &mut Sources<'_, '_>) -> Option<(Composed, usize)> {
        self.demanded_from = None;
        let run_op = &src.world.ops[op];
        // Built in the buffers of the last sequence built, so they rarely grow.
        let mut seq = std::mem::take(&mut self.spare);
        seq.clear();
        let mut alive = std::mem::take(&mut self.alive);
        alive.clear();
        if let Some(walk) = self.walk {
            seq.push_part(walk, src.pool.seq(walk));
            alive.extend_from_slice(src.pool.alive_numbered(walk));
        }
        let mut args = std::mem::take(&mut self.args);
        args.clear();
        for (k, p) in run_op.op.spec.params.iter().enumerate() {
            let mode = mode_for(p.kind, run_op.clone_fns[k].is_some());
            let Some(arg) = self.choose_operand(p.ty, mode, &args, &mut seq, &mut alive, 0, src) else {
                src.untested.missing(op, p.ty);
                (self.spare, self.alive, self.args) = (seq, alive, args);
                return None;
            };
            args.push(self.sized(op, k, p.ty, arg, src));
        }
        if seq.len() >= src.max_len {
            (self.spare, self.alive, self.args) = (seq, alive, args);
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
        if repeats && src.rng.random_bool(REPEAT_PROBABILITY) {
            let repeat = src.rng.random_range(1..=REPEAT_MAX).min(src.max_len - seq.len());
            if src.rng.random_bool(MIX_PROBABILITY) {
                self.mix(&run_op.op.spec.params, &args, repeat - 1, &mut seq, src);
            } else {
                for _ in 1..repeat {
                    seq.push(op as u32, args.iter().cloned());
                }
            }
        }
        seq.push(op as u32, args.drain(..));
        debug_assert_eq!(src.pool.flat(seq.view()).check_ownership(), Ok(()), "{seq:?}");
        (self.alive, self.args) = (alive, args);
        Some((seq, prefix))
    }

    /// Appends `times` calls that mutate the value the call with `args`
    /// (of an operation with `params`) takes by `&mut`, each of an operation
    /// drawn from those taking such a value first and only seeded values
    /// after it ([`World::mutators`]), with fresh arguments: a *mix* builds
    /// states one call repeated cannot (a deque filled from both ends, a
    /// set with many distinct elements), where Randoop repeats one call
    /// (thesis §7.5).
    fn mix(
        &mut self,
        params: &[crate::macro_support::ParamSpec],
        args: &[Operand],
        times: usize,
        seq: &mut Composed,
        src: &mut Sources<'_, '_>,
    ) {
        let world = src.world;
        let Some((var, ty)) = args.iter().zip(params).find_map(|(a, p)| match a {
            Operand::Var { var, mode: Mode::Mut } => Some((*var, p.ty)),
            _ => None,
        }) else {
            return;
        };
        let Some(mutators) = world.mutators.get(&ty) else { return };
        for _ in 0..times {
            let m = mutators[src.rng.random_range(0..mutators.len())];
            let params = &world.ops[m as usize].op.spec.params;
            let others = params.iter().enumerate().skip(1).map(|(k, p)| {
                let arg = self.seeded(p.ty, src).expect("a mutator's other parameters are seeded");
                self.sized(m as usize, k, p.ty, arg, src)
            });
            seq.push(m, std::iter::once(Operand::Var { var, mode: Mode::Mut }).chain(others));
        }
    }

    /// Chooses where one argument of type `ty` comes from; `depth` counts
    /// the values being built on demand around it.
    #[allow(clippy::too_many_arguments)]
    fn choose_operand(
        &mut self,
        ty: TypeId,
        mode: Mode,
        taken: &[Operand],
        seq: &mut Composed,
        alive: &mut Vec<(u32, u32)>,
        depth: u32,
        src: &mut Sources<'_, '_>,
    ) -> Option<Operand> {
        let world = src.world;
        // A random walk takes values from itself only (or builds them).
        let in_pool = if self.random_walk { 0 } else { src.pool.values_of(ty).len() };
        // No variable to alias (a receiver's first argument): no type number to look up.
        let number = (!alive.is_empty()).then(|| src.pool.type_number(ty));
        let aliases = || {
            alive
                .iter()
                .filter(move |(v, t)| {
                    Some(*t) == number && !taken.iter().any(|a| matches!(a, Operand::Var { var, .. } if var == v))
                })
                .map(|(v, _)| *v)
        };
        // Whether there is one, not how many: the list is as long as the
        // sequence, and a seed is taken without aliasing most of the time.
        let has_alias = aliases().next().is_some();
        let no_values = in_pool == 0 && !has_alias;
        if world.seeds_by_type.contains_key(&ty) && (no_values || src.rng.random_bool(SEED_PROBABILITY)) {
            return self.seeded(ty, src);
        }
        if world.vec_by_type.contains_key(&ty) && (no_values || src.rng.random_bool(0.5)) {
            if let Some(vec) = self.seeded(ty, src) {
                return Some(vec);
            }
        }
        if has_alias && (in_pool == 0 || src.rng.random_bool(ALIAS_PROBABILITY)) {
            let n_aliases = aliases().count();
            let var = aliases().nth(src.rng.random_range(0..n_aliases)).expect("counted");
            return Some(Operand::Var { var, mode });
        }
        if in_pool == 0 {
            return self.demand(None, ty, mode, taken, seq, alive, depth, src);
        }
        if depth == 0 && !self.anew.is_empty() {
            if let Some(returners) = self.anew.get(&ty).filter(|_| src.rng.random_bool(ANEW_PROBABILITY)) {
                let op = returners[src.rng.random_range(0..returners.len())] as usize;
                return self.demand(Some(op), ty, mode, taken, seq, alive, depth, src);
            }
        }
        let favoured = src.frontier.favoured(ty).is_some() && src.rng.random_bool(FAVOUR_PROBABILITY);
        let Offer { entry, var, len } = self.draw_affordable(ty, favoured, src);
        if seq.len() + len as usize >= src.max_len {
            return None;
        }
        self.extending.get_or_insert(entry);
        let offset = seq.push_part(entry, src.pool.seq(entry));
        alive.extend(src.pool.alive_numbered(entry).iter().map(|&(v, t)| (v + offset, t)));
        Some(Operand::Var { var: var + offset, mode })
    }

    /// A pool value of type `ty` ([`Draft::draw_value`]) worth extending
    /// now ([`Costs::affordable`]), or the last drawn after
    /// [`MAX_REDRAWS`] more.
    pub(super) fn draw_affordable(&mut self, ty: TypeId, favoured: bool, src: &mut Sources<'_, '_>) -> Offer {
        let mut pick = self.draw_value(ty, favoured, src);
        for _ in 0..MAX_REDRAWS {
            let pool = &src.pool;
            if self.costs.affordable(|| pool.entries[pick.entry as usize].cost, src.rng) {
                break;
            }
            pick = self.draw_value(ty, favoured, src);
        }
        pick
    }

    /// A pool value of type `ty` (one of some: the type has pool values),
    /// among those that reached new edges when `favoured` and there are
    /// such. A tournament on length favours short components, as GRT's
    /// orienteering does (paper 004): long sequences are slow to run and
    /// leave no room under max_len to combine values.
    fn draw_value(&self, ty: TypeId, favoured: bool, src: &mut Sources<'_, '_>) -> Offer {
        let favoured = src.frontier.favoured(ty).filter(|_| favoured);
        let values = favoured.unwrap_or_else(|| src.pool.values_of(ty));
        let in_pool = values.len();
        let mut pick = values[src.rng.random_range(0..in_pool)];
        for _ in 1..self.tournament {
            let other = values[src.rng.random_range(0..in_pool)];
            if other.len < pick.len {
                pick = other;
            }
        }
        pick
    }

    /// A fresh value of a seeded type, or a vector of them, when `ty` is
    /// one: a seed, or for an integer sometimes a drawn value; a vector's
    /// length is long-tailed (see [`MAX_SEED_VEC`]).
    fn seeded(&mut self, ty: TypeId, src: &mut Sources<'_, '_>) -> Option<Operand> {
        let world = src.world;
        if let Some(seeds) = world.seeds_by_type.get(&ty) {
            if let Some(kind) = IntKind::of(ty).filter(|_| self.draw > 0.0) {
                if let Some(bits) = src.hints.hinted(self.extending, kind, src.rng) {
                    return Some(Operand::Int { kind, bits });
                }
                if src.rng.random_bool(self.draw) {
                    return Some(Operand::Int { kind, bits: kind.draw(&mut src.rng) });
                }
            }
            return Some(Operand::Seed(seeds[src.rng.random_range(0..seeds.len())]));
        }
        let &builder = world.vec_by_type.get(&ty).filter(|&&v| world.seeds_vec(v))?;
        let fields = world.vecs[builder as usize].fields();
        let n = match src.rng.random_range(0..20u32) {
            0 => src.rng.random_range(64..=MAX_SEED_VEC),
            1 | 2 => src.rng.random_range(SMALL_SEED_VEC + 1..64),
            _ => src.rng.random_range(0..=SMALL_SEED_VEC),
        };
        // An element of pairs is its fields, one after the other.
        let elems =
            (0..n * fields.len()).map(|i| self.seeded(fields[i % fields.len()], src).expect("a seeded type")).collect();
        Some(Operand::SeedVec { builder, elems: Box::new(elems) })
    }

    /// `arg` for parameter `k` (of type `ty`) of operation `op`, or a
    /// smaller integer when the parameter is throttled and `arg` is as
    /// large as the sizes that hurt ([`crate::sizes`]), or, when costs are
    /// weighed, as large as those that made dear runs ([`CheapSizes`]).
    #[inline]
    fn sized(&mut self, op: usize, k: usize, ty: TypeId, arg: Operand, src: &mut Sources<'_, '_>) -> Operand {
        let arg = if self.throttles.is_empty() { arg } else { self.throttled(op, k, ty, arg, src) };
        if !self.costs.aware {
            return arg;
        }
        self.cheapened(op, k, ty, arg, src)
    }

    /// `arg`, or a smaller integer when large integers of parameter `k` of
    /// `op` made dear runs ([`CheapSizes::keeps`]). A single integer only:
    /// a vector's items are values as often as sizes.
    fn cheapened(&mut self, op: usize, k: usize, ty: TypeId, arg: Operand, src: &mut Sources<'_, '_>) -> Operand {
        let kind = match arg {
            Operand::Int { kind, .. } => kind,
            Operand::Seed(_) => match IntKind::of(ty) {
                Some(kind) => kind,
                None => return arg,
            },
            _ => return arg,
        };
        let Some(magnitude) = sizes::magnitude(src.world, &arg) else { return arg };
        if self.cheap.keeps((op as u32, k), magnitude, &mut self.costs, src.rng) {
            return arg;
        }
        Operand::Int { kind, bits: cheap::smaller(kind, magnitude, src.rng) }
    }

    #[cold]
    fn throttled(&self, op: usize, k: usize, ty: TypeId, arg: Operand, src: &mut Sources<'_, '_>) -> Operand {
        let Some(bits) = self.throttles.limit(op as u32, k) else { return arg };
        // An integer at least this large is drawn again, smaller.
        let smaller = |arg: Operand, kind: Option<IntKind>, rng: &mut crate::rng::Choices| match kind {
            Some(kind) if sizes::at_least(src.world, &arg, bits) => {
                Operand::Int { kind, bits: sizes::smaller(kind, bits, rng) }
            }
            _ => arg,
        };
        match arg {
            // A vector's items, each (a slab's keys).
            Operand::SeedVec { builder, elems } => {
                let kind = |e: &Operand| match e {
                    Operand::Int { kind, .. } => Some(*kind),
                    Operand::Seed(s) => IntKind::of(src.world.seeds[*s as usize].ty),
                    _ => None,
                };
                let elems = elems
                    .into_iter()
                    .map(|e| {
                        let of = kind(&e);
                        smaller(e, of, src.rng)
                    })
                    .collect();
                Operand::SeedVec { builder, elems: Box::new(elems) }
            }
            arg => smaller(arg, IntKind::of(ty), src.rng),
        }
    }

    /// GRT's detective (paper 004): a value of `ty` that neither the pool
    /// nor the seeds have is built on the spot by a call of an operation
    /// returning `ty` (a constructor, a builder; `by`, when given, which
    /// may take a `ty` too), its own arguments chosen the same way, at most
    /// `MAX_DEMAND_DEPTH` levels down. Without it, an operation whose
    /// argument type no earlier sequence happened to make would wait for
    /// one (or never run).
    /// The call it adds takes none of the variables the call it is made
    /// for already took (`taken`): it could move one of them (an
    /// `Option<T>` built from a `T` that is not `Clone`), and a variable it
    /// moves is no longer alive for that call's other arguments.
    #[allow(clippy::too_many_arguments)]
    fn demand(
        &mut self,
        by: Option<usize>,
        ty: TypeId,
        mode: Mode,
        taken: &[Operand],
        seq: &mut Composed,
        alive: &mut Vec<(u32, u32)>,
        depth: u32,
        src: &mut Sources<'_, '_>,
    ) -> Option<Operand> {
        let op = match by {
            Some(op) => op,
            None => {
                let producers = src.world.producers.get(&ty).filter(|_| depth < MAX_DEMAND_DEPTH)?;
                producers[src.rng.random_range(0..producers.len())] as usize
            }
        };
        let world = src.world;
        let run_op = &world.ops[op];
        let mut args = Vec::with_capacity(taken.len() + run_op.op.spec.params.len());
        args.extend_from_slice(taken);
        for (k, p) in run_op.op.spec.params.iter().enumerate() {
            let mode = mode_for(p.kind, run_op.clone_fns[k].is_some());
            let arg = self.choose_operand(p.ty, mode, &args, seq, alive, depth + 1, src)?;
            if let Operand::Var { var, mode: Mode::Move } = arg {
                alive.retain(|&(v, _)| v != var);
            }
            args.push(self.sized(op, k, p.ty, arg, src));
        }
        let args: Vec<Operand> = args.split_off(taken.len());
        if seq.len() + 1 >= src.max_len {
            return None;
        }
        self.demanded_from = Some(self.demanded_from.map_or(seq.len(), |d| d.min(seq.len())));
        seq.push(op as u32, args);
        let var = (seq.len() - 1) as u32;
        alive.push((var, src.pool.type_number(ty)));
        Some(Operand::Var { var, mode })
    }
}

/// How a call takes a value for a parameter passed this way: `Clone` for a
/// by-value parameter of a `Clone` type keeps the original for later calls.
fn mode_for(kind: ParamKind, clone: bool) -> Mode {
    match kind {
        ParamKind::Ref | ParamKind::Str | ParamKind::Slice | ParamKind::OptRef | ParamKind::OptDeref => Mode::Ref,
        ParamKind::Mut | ParamKind::SliceMut => Mode::Mut,
        ParamKind::Value if clone => Mode::Clone,
        ParamKind::Value => Mode::Move,
    }
}

/// Per `Copy` type that is no seed and has values to build, the operations
/// returning one: what [`Draft::anew`] builds from.
pub(super) fn built_anew(world: &World<'_>) -> FxHashMap<TypeId, Vec<u32>> {
    let mut anew: FxHashMap<TypeId, Vec<u32>> = FxHashMap::default();
    let copy = |t: &TypeId| {
        world.producers.contains_key(t)
            && !world.seeds_by_type.contains_key(t)
            && world.reg.types.get(t).is_some_and(|d| d.copy)
    };
    for (i, o) in world.ops.iter().enumerate() {
        if let Some(t) = o.op.spec.ret_ty.filter(copy) {
            anew.entry(t).or_default().push(i as u32);
        }
    }
    anew
}
