//! The fixed part of one exploration: which operations take part, their seeds
//! and builders. Operations of the types under test are always in; operations
//! of other registered types join when they produce or own a type some
//! participating operation needs (so a marker type of free functions, or a
//! type whose methods take another registered type, works out of the box).

use rustc_hash::FxHashMap;
use std::any::TypeId;

use crate::differential::plan::Plan;
use crate::laws::Laws;
use crate::macro_support::{CloneFn, VecBuilder};
use crate::macro_support::{Cue, OpKind, Panics, ParamKind, SeedSpec};
use crate::outcome::Beside;
use crate::registry::{Operation, Registry};
use crate::seeds::{seeds_for, user_seeds, Seed};
use crate::sequence::Sequence;
use crate::type_facts::TypeFacts;

/// An operation taking part in the run.
pub(crate) struct RunOp<'r> {
    pub op: &'r Operation,
    /// Per parameter: the clone function of its type, when it has one.
    pub clone_fns: Vec<Option<CloneFn>>,
    /// Registered on a type under test (as opposed to a helper).
    pub under_test: bool,
    /// Whether a parameter of it may take a value that does something on cue.
    pub takes_cued: bool,
    /// Which of its first 64 parameters take an integer or a `Vec` of them
    /// (bit `k` for the `k`-th): one an earlier call returned is read as a
    /// size ([`crate::sizes::large_argument`]).
    pub int_params: u64,
}

impl<'r> RunOp<'r> {
    /// `op`, with the clone functions of its parameters' types in `reg`.
    fn new(reg: &'r Registry, op: &'r Operation, under_test: bool) -> RunOp<'r> {
        let params = &op.spec.params;
        RunOp {
            op,
            clone_fns: params.iter().map(|p| reg.types.get(&p.ty).and_then(|d| d.clone)).collect(),
            under_test,
            takes_cued: false,
            int_params: params
                .iter()
                .take(64)
                .enumerate()
                .filter(|(_, p)| crate::ints::IntKind::of(p.ty).is_some() || crate::ints::IntKind::is_vec(p.ty))
                .fold(0, |mask, (k, _)| mask | 1 << k),
        }
    }
}

/// Everything an exploration needs that does not change while it runs.
pub(crate) struct World<'r> {
    pub reg: &'r Registry,
    pub ops: Vec<RunOp<'r>>,
    pub seeds: Vec<Seed>,
    /// Per seed, the clone function of its prototype (none for made seeds).
    pub seed_clone: Vec<Option<CloneFn>>,
    pub seeds_by_type: FxHashMap<TypeId, Vec<u32>>,
    pub vecs: Vec<VecBuilder>,
    pub vec_by_type: FxHashMap<TypeId, u32>,
    /// Per type, the operations returning it without taking it (for building
    /// values on demand).
    pub producers: FxHashMap<TypeId, Vec<u32>>,
    /// Per type, the operations taking a value of it by `&mut` first and
    /// only seeded values after it, with no precondition and no documented
    /// panic: the calls a repetition mixes (`Draft::mix` in `generate`).
    pub mutators: FxHashMap<TypeId, Vec<u32>>,
    /// The types whose live values the contracts compare a new value with
    /// (checked, with `PartialEq`); few, so a scan is quickest.
    compared: Vec<TypeId>,
    /// What the oracles and the pool ask of a value's type, by its key.
    pub facts: TypeFacts<'r>,
    /// The reference every sequence runs on too (`against`).
    pub reference: Option<Differential<'r>>,
    /// The path emitted tests reach drt by, when a type under test's block
    /// said `crate = "path"` (`None`: `drt`).
    pub drt_path: Option<&'r str>,
    /// Told of every call given a large integer as it starts and returns,
    /// and of every generated sequence as it starts (with the largest
    /// integer any of its calls, its components' too, was given) and
    /// returns: a child process records them for its supervisor, which
    /// learns from them when a size crashes the child or runs long
    /// (`sizes`).
    pub watch: Option<CallWatch>,
    /// What earlier children of the run learned of sizes, where a child
    /// process watches them: a throttled parameter given an integer an
    /// earlier call returned (a digest, a length), as large as the sizes
    /// that hurt, refuses the call, for the draft draws integers smaller
    /// but cannot see what a call returns before it runs.
    pub throttles: crate::sizes::Throttles,
    /// The laws checked after each call (`laws`); none when laws are off.
    pub laws: Laws<'r>,
}

/// See [`World::watch`].
pub(crate) type CallWatch = Box<dyn Fn(Watched<'_>) + Send + Sync>;

/// What [`World::watch`] is told: a call of an operation (its path)
/// starts, with its largest integer (the parameter, the magnitude) when
/// large, or it returned (its checks done); a sequence extending an
/// operation (its path) starts, with the largest integer its calls were
/// given (the operation that took it, the parameter, the magnitude; else
/// the operation it extends, 0, 0), or it returned (`None`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Watched<'a> {
    /// A call (its operation's path) starts, with its largest integer when
    /// large: the path of the operation given it (the call's own, or the
    /// builder that made an argument of its: `vec![(usize::MAX, 1)]` made
    /// into an iterator), the parameter, the magnitude.
    Call(&'a str, Option<(&'a str, usize, u128)>),
    Returned,
    Sequence(Option<(&'a str, (&'a str, usize, u128))>),
}

/// Makes the side that runs beside a sequence in a world: the reference's
/// (`differential::shadow`), passed to [`World::with_reference`].
pub(crate) type BesideFn = for<'a> fn(&'a World<'a>, &Sequence) -> Box<dyn Beside + 'a>;

/// A reference and how the operations pair with its own.
pub(crate) struct Differential<'r> {
    /// The type under test that pairs with it.
    pub subject: TypeId,
    /// The reference's type.
    pub model: TypeId,
    /// Its operations, numbered after the tested ones ([`World::op`]).
    pub ops: Vec<RunOp<'r>>,
    pub plan: Plan,
    /// Makes the reference's side of a run.
    beside: BesideFn,
}

impl<'r> World<'r> {
    /// The world for exploring the types `under_test`.
    pub fn new(reg: &'r Registry, under_test: &[TypeId]) -> World<'r> {
        // Seeded types (primitives, `String`) and vectors of them are built
        // without help, and drt's own builders make what is made of those
        // (`Option<u32>`, `(u8, i32)`, `[u8; 4]`, `Range<usize>`): only
        // other types pull in the operations of a crate that make them. (An
        // `Option<u32>` another type's method returns pulled that type in.)
        let builtin: Vec<TypeId> = crate::macro_support::builtin_types().iter().map(|d| d.id).collect();
        let seeded = |t: &TypeId| {
            builtin.contains(t)
                || reg.vecs.iter().any(|v| v.vec == *t && v.fields().iter().all(|f| builtin.contains(f)))
        };
        let self_made = self_made(reg, &builtin);
        let self_made = |t: &TypeId| self_made.contains(t);
        let mut included = vec![false; reg.ops.len()];
        let mut needed: Vec<TypeId> = Vec::new();
        let mut changed = true;
        while changed {
            changed = false;
            for (i, op) in reg.ops.iter().enumerate() {
                let s = &op.spec;
                let attracts = |t: &TypeId| needed.contains(t) && !self_made(t);
                // drt's own builders make what is self-made of parts (seeded
                // values and their vectors need none).
                let builds = matches!(s.kind, OpKind::Builder(_))
                    && s.ret_ty.is_some_and(|t| needed.contains(&t) && !seeded(&t));
                let join = under_test.contains(&s.owner)
                    || attracts(&s.owner)
                    || s.ret_ty.is_some_and(|t| attracts(&t))
                    || builds;
                if join && !included[i] {
                    included[i] = true;
                    changed = true;
                    for p in &s.params {
                        needed.push(p.ty);
                        if let Some(v) = reg.vecs.iter().find(|v| v.vec == p.ty) {
                            needed.push(v.elem);
                            needed.extend_from_slice(v.fields());
                        }
                    }
                }
            }
        }
        let mut ops: Vec<RunOp<'r>> = reg
            .ops
            .iter()
            .zip(&included)
            .filter(|(_, inc)| **inc)
            // A built-in builder or a `seeds(...)` value makes values; it is not tested.
            .map(|(op, _)| RunOp::new(reg, op, under_test.contains(&op.spec.owner) && !op.spec.kind.is_builder()))
            .collect();
        mark_takers(&mut ops);
        let owners: Vec<TypeId> = ops.iter().map(|o| o.op.spec.owner).collect();
        let literals: Vec<_> = reg.literals.iter().filter(|(o, _)| owners.contains(o)).map(|(_, l)| *l).collect();
        let mut seeds = seeds_for(&needed, &literals);
        let given: Vec<SeedSpec> = reg.seeds.iter().filter(|(o, _)| owners.contains(o)).map(|(_, s)| *s).collect();
        user_seeds(&mut seeds, &needed, &given);
        let seed_clone = seeds.iter().map(|s| s.value.as_ref().and(reg.desc(s.ty).clone)).collect();
        // Simplest first: minimization tries seeds in this order.
        let mut seeds_by_type: FxHashMap<TypeId, Vec<u32>> = FxHashMap::default();
        let mut order: Vec<u32> = (0..seeds.len() as u32).collect();
        order.sort_by_key(|i| seeds[*i as usize].complexity);
        for i in order {
            seeds_by_type.entry(seeds[i as usize].ty).or_default().push(i);
        }
        let vecs: Vec<VecBuilder> = reg.vecs.iter().filter(|v| needed.contains(&v.vec)).copied().collect();
        let vec_by_type = vecs.iter().enumerate().map(|(i, v)| (v.vec, i as u32)).collect();
        let producers = producers(&ops);
        let compared: Vec<TypeId> =
            reg.checked.iter().copied().filter(|t| reg.types.get(t).is_some_and(|d| d.eq.is_some())).collect();
        let facts = TypeFacts::new(reg, |t| compared.contains(&t));
        let mut world = World {
            reg,
            ops,
            seeds,
            seed_clone,
            seeds_by_type,
            vecs,
            vec_by_type,
            producers,
            mutators: FxHashMap::default(),
            compared,
            facts,
            reference: None,
            drt_path: under_test.iter().find_map(|t| reg.drt_paths.get(t)).map(String::as_str),
            watch: None,
            throttles: Default::default(),
            laws: Laws::default(),
        };
        world.laws = Laws::new(reg, world.ops.iter().map(|o| &o.op.spec));
        world.mutators = world.mutators();
        world
    }

    /// Operation `i`: a tested one, or past them, one of the reference's.
    pub fn op(&self, i: u32) -> &RunOp<'r> {
        let i = i as usize;
        match i.checked_sub(self.ops.len()) {
            None => &self.ops[i],
            Some(k) => {
                &self.reference.as_ref().expect("drt: a reference's operation without a reference (bug in drt)").ops[k]
            }
        }
    }

    /// Takes these literals of numbers, `bool`, `char` and `String` into the
    /// seed table, each once, after the others (minimization prefers the
    /// others): saved failures' values whose literals the code no longer
    /// has, so their entries still replay.
    pub fn adopt(&mut self, literals: Vec<(TypeId, String)>) {
        for (ty, text) in literals {
            // A type with no seeds takes no part in this exploration.
            let Some(by_type) = self.seeds_by_type.get_mut(&ty) else { continue };
            if by_type.iter().any(|&i| self.seeds[i as usize].literal == text) {
                continue;
            }
            let Some(seed) = crate::seeds::from_literal(ty, &text) else { continue };
            by_type.push(self.seeds.len() as u32);
            self.seed_clone.push(self.reg.desc(ty).clone);
            self.seeds.push(seed);
        }
    }

    /// Whether a side runs beside each sequence ([`World::beside`]): its
    /// runs start from the first call, never from values kept.
    pub fn runs_beside(&self) -> bool {
        self.reference.is_some()
    }

    /// What the report's reader should know of how this world runs: the
    /// operations a reference does not compare.
    pub fn notes(&self) -> Vec<String> {
        self.reference.as_ref().map(|d| d.plan.notes.clone()).unwrap_or_default()
    }

    /// The side that runs beside `seq`, call by call, when there is one:
    /// the reference's.
    pub fn beside<'a>(&'a self, seq: &Sequence) -> Option<Box<dyn Beside + 'a>> {
        let d = self.reference.as_ref()?;
        Some((d.beside)(self, seq))
    }

    /// The same world, whose sequences run on the reference `model` too
    /// (`beside` makes its side of each run), its operations paired with
    /// those of the first type under test (`subject`). The reference's own
    /// operations are not explored.
    pub fn with_reference(mut self, subject: TypeId, model: TypeId, beside: BesideFn) -> Result<World<'r>, String> {
        self.ops.retain(|o| o.op.spec.owner != model);
        self.producers = producers(&self.ops);
        self.mutators = self.mutators();
        let reg = self.reg;
        let ops: Vec<RunOp<'r>> = reg
            .ops
            .iter()
            .filter(|op| op.spec.owner == model && !op.spec.kind.is_builder())
            .map(|op| RunOp::new(reg, op, false))
            .collect();
        let tested: Vec<&Operation> = self.ops.iter().map(|o| o.op).collect();
        let theirs: Vec<&Operation> = ops.iter().map(|o| o.op).collect();
        let plan = Plan::new(reg, &tested, subject, &theirs, model, self.ops.len() as u32)?;
        self.reference = Some(Differential { subject, model, ops, plan, beside });
        Ok(self)
    }

    /// Whether the contracts compare a new value with the live values of type
    /// `ty` (`a == b` implies equal hashes, and the like: see
    /// `World::check_contracts`).
    pub fn compares(&self, ty: TypeId) -> bool {
        self.compared.contains(&ty)
    }

    /// The same world without the operations at these paths (ones that
    /// crashed the process). Operations are referred to by index, so every
    /// index kept is recomputed. Against a reference, the pairing is made
    /// again, and fails when what was left out was needed (the only
    /// constructor that pairs).
    pub fn without(mut self, avoid: &[String]) -> Result<World<'r>, String> {
        self.ops.retain(|o| !avoid.contains(&o.op.path));
        self.producers = producers(&self.ops);
        self.mutators = self.mutators();
        match self.reference.take() {
            Some(d) => self.with_reference(d.subject, d.model, d.beside),
            None => Ok(self),
        }
    }

    /// Whether vector builder `v` builds from seeds alone: every field of
    /// its elements is a seeded type.
    pub fn seeds_vec(&self, v: u32) -> bool {
        self.vecs[v as usize].fields().iter().all(|f| self.seeds_by_type.contains_key(f))
    }

    /// The operations [`World::mutators`] lists, by type.
    fn mutators(&self) -> FxHashMap<TypeId, Vec<u32>> {
        let seeded = |t: &TypeId| {
            self.seeds_by_type.contains_key(t) || self.vec_by_type.get(t).is_some_and(|&v| self.seeds_vec(v))
        };
        let mut mutators: FxHashMap<TypeId, Vec<u32>> = FxHashMap::default();
        for (i, o) in self.ops.iter().enumerate() {
            let s = &o.op.spec;
            let Some((first, rest)) = s.params.split_first() else { continue };
            if first.kind == ParamKind::Mut
                && s.requires.is_none()
                && s.panics == Panics::No
                && rest.iter().all(|p| seeded(&p.ty))
            {
                mutators.entry(first.ty).or_default().push(i as u32);
            }
        }
        mutators
    }
}

/// The types drt makes with no operation of a crate's: the seeded ones
/// (`builtin`), vectors of them, and what its built-in builders make of
/// those, over and over (`Option<(u8, i32)>`).
fn self_made(reg: &Registry, builtin: &[TypeId]) -> Vec<TypeId> {
    let mut made = builtin.to_vec();
    loop {
        let before = made.len();
        for v in &reg.vecs {
            if !made.contains(&v.vec) && v.fields().iter().all(|f| made.contains(f)) {
                made.push(v.vec);
            }
        }
        for op in reg.ops.iter().filter(|o| matches!(o.spec.kind, OpKind::Builder(_))) {
            let ret = op.spec.ret_ty.filter(|t| !made.contains(t));
            if let Some(t) = ret.filter(|_| op.spec.params.iter().all(|p| made.contains(&p.ty))) {
                made.push(t);
            }
        }
        if made.len() == before {
            return made;
        }
    }
}

/// Per type, the operations returning it without taking it.
fn producers(ops: &[RunOp<'_>]) -> FxHashMap<TypeId, Vec<u32>> {
    let mut producers: FxHashMap<TypeId, Vec<u32>> = FxHashMap::default();
    for (i, o) in ops.iter().enumerate() {
        // An operation that needs a value of the type cannot make the first one.
        if let Some(t) = o.op.spec.ret_ty.filter(|t| o.op.spec.params.iter().all(|p| p.ty != *t)) {
            producers.entry(t).or_default().push(i as u32);
        }
    }
    producers
}

/// Marks the operations with a parameter that values doing something on
/// cue fill, directly or inside a value a builder made of one (the
/// `Box::new(closure)` a `Box<dyn Fn>` parameter takes).
fn mark_takers(ops: &mut [RunOp<'_>]) {
    let mut made: Vec<TypeId> =
        ops.iter().filter(|o| o.op.spec.kind.cue() != Cue::None).filter_map(|o| o.op.spec.ret_ty).collect();
    let takes = |o: &RunOp<'_>, made: &[TypeId]| o.op.spec.params.iter().any(|p| made.contains(&p.ty));
    loop {
        let wrapped: Vec<TypeId> = ops
            .iter()
            .filter(|o| o.op.spec.kind.is_builder() && takes(o, &made))
            .filter_map(|o| o.op.spec.ret_ty)
            .filter(|t| !made.contains(t))
            .collect();
        if wrapped.is_empty() {
            break;
        }
        made.extend(wrapped);
    }
    for o in ops.iter_mut() {
        o.takes_cued = takes(o, &made);
    }
}
