//! Failing-sequence minimization after the thesis's simplification (ch. 6):
//! 1. remove calls from the last one backwards, keeping each removal after
//!    which the sequence still fails the same way (same operation, kind and
//!    location);
//! 2. drop elements of built-in values (`vec![a, b]` -> `vec![a]`,
//!    `Some(a)` -> `None`), a removal in the thesis's sense;
//! 3. replace each seed argument (or drawn integer) by a simpler seed of its
//!    type (the seed table lists `0`, `1`, `""` first), every use of a value
//!    used more than once together first, and drop elements of seeded
//!    vectors, under the same rule;
//!
//!    a variable of an integer type may become the value it held, as a
//!    literal, when no seed will do;
//!
//! repeated until none of them changes anything; then
//! 4. a value is moved instead of cloned at its last use (`a.clone() +
//!    b.clone()` -> `a + b`, as a person writes it), under the same rule.
//!
//! All within a budget of executions (`DRT_MINIMIZE_STEPS`) and time
//! (`DRT_MINIMIZE_TIME`); when a budget stops it, the failure says which
//! setting to raise.

use std::time::Instant;

use crate::config::MinimizeLimits;
use crate::execute::Checks;
use crate::ints::IntKind;
use crate::report::FailureKind;
use crate::sequence::{Mode, Operand, Sequence};
use crate::triage::{fails_again, FailureKey};
use crate::world::World;

/// Seeds tried in place of one variable.
const MAX_SEED_TRIES: usize = 8;
/// Fresh one-call values tried in place of one variable.
const MAX_CALL_TRIES: usize = 48;

/// Which call of a failing sequence is to blame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Blame {
    /// The last call fails (a panic, a broken check): it stays.
    LastCall,
    /// The failure is not the last call's: a crash, which does not say
    /// which call caused it, or a broken contract or law, a fault of the
    /// type's values that shows after whichever call made one. The last
    /// call may go too (the report then names the call that made the value).
    AnyCall,
}

/// Whether a candidate still fails the same way: the candidate as it should
/// be kept (truncated after its failing call), or `None`.
type Oracle<'a> = dyn FnMut(Sequence) -> Option<Sequence> + 'a;

struct Minimizer<'a, 'w> {
    world: &'a World<'w>,
    oracle: &'a mut Oracle<'a>,
    /// Which call fails: the last one must stay when it is the one.
    blame: Blame,
    executions: u64,
    limits: MinimizeLimits,
    deadline: Instant,
    /// Which limit stopped it, when one did.
    stopped: Option<&'static str>,
}

/// The smallest sequence found from `seq` that still fails with `key`, and
/// the setting to raise when a limit cut the search short.
pub(crate) fn minimize(
    world: &World<'_>,
    seq: Sequence,
    key: &FailureKey,
    limits: MinimizeLimits,
) -> (Sequence, Option<&'static str>) {
    let mut oracle = |mut candidate: Sequence| {
        let (len, _) = fails_again(world, &candidate, key)?;
        candidate.truncate(len);
        Some(candidate)
    };
    let blame = match key.kind {
        FailureKind::Contract | FailureKind::Law => Blame::AnyCall,
        _ => Blame::LastCall,
    };
    minimize_with(world, seq, limits, blame, &mut oracle)
}

/// The same steps with any oracle (a crash is checked by replaying the
/// candidate in a fresh process).
pub(crate) fn minimize_with<'a>(
    world: &'a World<'_>,
    mut seq: Sequence,
    limits: MinimizeLimits,
    blame: Blame,
    oracle: &'a mut Oracle<'a>,
) -> (Sequence, Option<&'static str>) {
    let deadline = Instant::now() + limits.time;
    let mut m = Minimizer { world, oracle, blame, executions: 0, limits, deadline, stopped: None };
    loop {
        let before = seq.clone();
        seq = m.remove_calls(seq);
        seq = m.smaller_builders(seq);
        seq = m.simplify_seeds(seq);
        if m.stopped.is_some() {
            return (seq, m.stopped);
        }
        if seq == before {
            let seq = m.move_last_uses(seq);
            return (seq, m.stopped);
        }
    }
}

impl Minimizer<'_, '_> {
    /// `candidate`, as the oracle keeps it, when it still fails the same way.
    fn try_candidate(&mut self, candidate: Sequence) -> Option<Sequence> {
        if self.executions >= self.limits.steps {
            self.stopped = Some("DRT_MINIMIZE_STEPS");
            return None;
        }
        if self.executions.is_multiple_of(64) && Instant::now() >= self.deadline {
            self.stopped = Some("DRT_MINIMIZE_TIME");
            return None;
        }
        self.executions += 1;
        (self.oracle)(candidate)
    }

    fn remove_calls(&mut self, mut seq: Sequence) -> Sequence {
        let keep_last = self.blame == Blame::LastCall;
        let mut i = if keep_last { seq.len().saturating_sub(1) } else { seq.len() };
        while i > 0 {
            i -= 1;
            let last = i + 1 >= seq.len();
            if (last && keep_last) || seq.len() < 2 || seq.uses(i as u32).next().is_some() {
                continue;
            }
            let mut candidate = seq.clone();
            candidate.remove(i);
            if let Some(shorter) = self.try_candidate(candidate) {
                seq = shorter;
            }
        }
        seq
    }

    /// A builder call made with fewer elements: each run of arguments
    /// (one element, or one key-value pair) dropped in turn, the call
    /// switched to the builder of the same type taking that many fewer.
    fn smaller_builders(&mut self, mut seq: Sequence) -> Sequence {
        let ops = &self.world.ops;
        let mut i = 0;
        while i < seq.len() {
            let op = &ops[seq.op(i) as usize].op.spec;
            let mut smaller: Vec<usize> = (0..ops.len())
                .filter(|&j| {
                    let o = &ops[j].op.spec;
                    o.kind.is_builder()
                        && op.kind.is_builder()
                        && o.ret_ty == op.ret_ty
                        && o.params.len() < op.params.len()
                })
                .collect();
            smaller.sort_by_key(|&j| ops[j].op.spec.params.len());
            'found: for j in smaller {
                let params = &ops[j].op.spec.params;
                let cut = op.params.len() - params.len();
                for at in (0..=params.len()).step_by(cut) {
                    // The parameters left must be the smaller builder's.
                    let kept = op.params.iter().enumerate().filter(|(k, _)| *k < at || *k >= at + cut);
                    if !kept.map(|(_, p)| p.ty).eq(params.iter().map(|p| p.ty)) {
                        continue;
                    }
                    let mut candidate = seq.clone();
                    candidate.replace_call(i, j as u32, at..at + cut);
                    if let Some(shorter) = self.try_candidate(candidate) {
                        seq = shorter;
                        break 'found;
                    }
                }
            }
            i += 1;
        }
        seq
    }

    /// Replaces every use of a seed or drawn integer that appears more
    /// than once by a simpler seed at the same time: values that must agree
    /// (a handle allocated, then freed twice; a key put, then got) change
    /// together or not at all, and one at a time none would.
    fn simplify_together(&mut self, mut seq: Sequence) -> Sequence {
        let scalar = |a: &Operand| matches!(a, Operand::Seed(_) | Operand::Int { .. });
        let mut repeated: Vec<Operand> = Vec::new();
        for (n, a) in seq.operands().iter().enumerate().filter(|(_, a)| scalar(a)) {
            if !repeated.contains(a) && seq.operands()[n + 1..].contains(a) {
                repeated.push(a.clone());
            }
        }
        for value in repeated {
            for c in self.simpler_seeds(&value) {
                let mut candidate = seq.clone();
                for i in 0..candidate.len() {
                    for a in candidate.args_mut(i).iter_mut().filter(|a| **a == value) {
                        *a = Operand::Seed(c);
                    }
                }
                if let Some(better) = self.try_candidate(candidate) {
                    seq = better;
                    break;
                }
            }
        }
        seq
    }

    fn simplify_seeds(&mut self, mut seq: Sequence) -> Sequence {
        seq = self.simplify_together(seq);
        // Indices are re-checked on every step: a replacement may insert or
        // (through the oracle's truncation) remove calls.
        let mut i = 0;
        while i < seq.len() {
            let mut k = 0;
            while k < if i < seq.len() { seq.args(i).len() } else { 0 } {
                seq = match seq.args(i)[k].clone() {
                    scalar @ (Operand::Seed(_) | Operand::Int { .. }) => {
                        self.simpler_scalar(seq, i, k, &scalar, |c, r| *c = r)
                    }
                    Operand::SeedVec { elems, .. } => self.simpler_vec(seq, i, k, elems.len()),
                    Operand::Var { .. } => {
                        let before = seq.len();
                        let mut seq = self.var_to_seed(seq, i, k);
                        if seq.len() == before {
                            seq = self.var_to_literal(seq, i, k);
                        }
                        if seq.len() == before {
                            self.var_to_call(seq, i, k)
                        } else {
                            seq
                        }
                    }
                };
                if i >= seq.len() {
                    return seq;
                }
                k += 1;
            }
            i += 1;
        }
        seq
    }

    /// The seeds simpler than a seed or a drawn integer, simplest first:
    /// for a seed, those listed before it for its type; for a drawn
    /// integer, the first few of smaller magnitude.
    fn simpler_seeds(&self, current: &Operand) -> Vec<u32> {
        let world = self.world;
        match *current {
            Operand::Seed(s) => {
                world.seeds_by_type[&world.seeds[s as usize].ty].iter().copied().take_while(|c| *c != s).collect()
            }
            Operand::Int { kind, bits } => {
                let seeds = world.seeds_by_type.get(&kind.type_id()).map_or(&[][..], Vec::as_slice);
                let smaller =
                    seeds.iter().copied().filter(|s| world.seeds[*s as usize].complexity < kind.complexity(bits));
                smaller.take(MAX_SEED_TRIES).collect()
            }
            _ => Vec::new(),
        }
    }

    /// Tries the seeds simpler than a seed or a drawn integer in its place
    /// ([`Minimizer::simpler_seeds`]).
    fn simpler_scalar(
        &mut self,
        seq: Sequence,
        i: usize,
        k: usize,
        current: &Operand,
        set: impl Fn(&mut Operand, Operand),
    ) -> Sequence {
        for c in self.simpler_seeds(current) {
            let mut candidate = seq.clone();
            set(&mut candidate.args_mut(i)[k], Operand::Seed(c));
            if let Some(better) = self.try_candidate(candidate) {
                return better;
            }
        }
        seq
    }

    /// Replaces a variable of a seeded type by a seed, simplest first, so the
    /// calls that produced it can go (the thesis's replacement phase).
    fn var_to_seed(&mut self, seq: Sequence, i: usize, k: usize) -> Sequence {
        let op = &self.world.ops[seq.op(i) as usize].op;
        let Some(seeds) = self.world.seeds_by_type.get(&op.spec.params[k].ty) else {
            return seq;
        };
        for &c in seeds.iter().take(MAX_SEED_TRIES) {
            let mut candidate = seq.clone();
            candidate.args_mut(i)[k] = Operand::Seed(c);
            if let Some(better) = self.try_candidate(candidate) {
                return better;
            }
        }
        seq
    }

    /// Replaces a variable of an integer type by the value it held, written
    /// as a literal (`Raster::new(3, 0)` for a width read off another
    /// picture), at every use together (`push(dropped); push(dropped)` ->
    /// `push(3); push(3)`), so the calls that computed it can go. Only
    /// where the failing call is to blame: finding the value runs the calls
    /// before its first use in this process.
    fn var_to_literal(&mut self, seq: Sequence, i: usize, k: usize) -> Sequence {
        let Operand::Var { var, .. } = seq.args(i)[k] else { return seq };
        let ty = self.world.ops[seq.op(i) as usize].op.spec.params[k].ty;
        let Some(kind) = IntKind::of(ty).filter(|_| self.blame == Blame::LastCall) else { return seq };
        if self.executions >= self.limits.steps {
            return seq;
        }
        // Every use, each an argument of the same integer type, none `&mut`.
        let mut uses = Vec::new();
        let mut fits = true;
        for (c, (op, args)) in seq.calls().enumerate() {
            for (a, arg) in args.iter().enumerate() {
                if let Operand::Var { var: v, mode } = *arg {
                    if v == var {
                        fits &= mode != Mode::Mut && self.world.ops[op as usize].op.spec.params[a].ty == ty;
                        uses.push((c, a));
                    }
                }
            }
        }
        if !fits {
            return seq;
        }
        let mut before = seq.clone();
        before.truncate(uses[0].0);
        self.executions += 1;
        let run = self.world.execute(&before, Checks::after(usize::MAX));
        let bits = run.vars.get(var as usize).and_then(|v| v.as_deref()).and_then(|v| kind.bits_of(v));
        let _ = run.finish(self.world);
        let Some(bits) = bits else { return seq };
        let mut candidate = seq.clone();
        for (c, a) in uses {
            candidate.args_mut(c)[a] = Operand::Int { kind, bits };
        }
        self.try_candidate(candidate).unwrap_or(seq)
    }

    /// Replaces a variable by a fresh value from one call of an operation
    /// returning its type with seeds for arguments (`Money::from_cents(i64::MIN)`
    /// for a `Money` that took three calls to make), inserted just before,
    /// so the calls that made the old value can go: the replacement phase
    /// (thesis ch. 6) for types that have no seeds of their own. Seeds the
    /// sequence already uses are tried first, as the failure may need them.
    fn var_to_call(&mut self, seq: Sequence, i: usize, k: usize) -> Sequence {
        let world = self.world;
        let Operand::Var { var, mode } = seq.args(i)[k] else { return seq };
        let ty = world.ops[seq.op(i) as usize].op.spec.params[k].ty;
        // Worth it only when the old value, used here alone, took more than
        // one call to make: then those calls can all go.
        if seq.args(var as usize).iter().all(|a| !matches!(a, Operand::Var { .. })) || seq.uses(var).count() != 1 {
            return seq;
        }
        let used: Vec<u32> = seq
            .operands()
            .iter()
            .filter_map(|a| match a {
                Operand::Seed(s) => Some(*s),
                _ => None,
            })
            .collect();
        let mut tries = 0;
        for &p in world.producers.get(&ty).map_or(&[][..], Vec::as_slice) {
            let params = &world.ops[p as usize].op.spec.params;
            // Per parameter: its seeds, those in the sequence first.
            let Some(choices) = params
                .iter()
                .map(|q| {
                    let seeds = world.seeds_by_type.get(&q.ty)?;
                    let mut c: Vec<u32> = seeds.iter().copied().filter(|s| used.contains(s)).collect();
                    c.extend(seeds.iter().copied().filter(|s| !used.contains(s)));
                    Some(c)
                })
                .collect::<Option<Vec<Vec<u32>>>>()
            else {
                continue;
            };
            // Vary one parameter at a time over its seeds, the others at their first.
            let mut candidates: Vec<Vec<u32>> = vec![choices.iter().map(|c| c[0]).collect()];
            for (j, c) in choices.iter().enumerate() {
                for &s in c.iter().skip(1) {
                    let mut args: Vec<u32> = choices.iter().map(|c| c[0]).collect();
                    args[j] = s;
                    candidates.push(args);
                }
            }
            for args in candidates {
                if tries >= MAX_CALL_TRIES {
                    return seq;
                }
                tries += 1;
                let mut candidate = seq.clone();
                candidate.insert(i, p, args.into_iter().map(Operand::Seed).collect());
                candidate.args_mut(i + 1)[k] = Operand::Var { var: i as u32, mode };
                if let Some(better) = self.try_candidate(candidate) {
                    return better;
                }
            }
        }
        seq
    }

    /// Moves a value at its last use instead of passing a clone, each change
    /// kept only when the failure stays the same: a `Clone` that drops state,
    /// or a count of `Rc` owners, can tell the two apart.
    fn move_last_uses(&mut self, mut seq: Sequence) -> Sequence {
        let mut i = 0;
        while i < seq.len() {
            let mut k = 0;
            while k < if i < seq.len() { seq.args(i).len() } else { 0 } {
                // A `Copy` value is written the same either way.
                let copy = self.world.reg.desc(self.world.ops[seq.op(i) as usize].op.spec.params[k].ty).copy;
                if let (&Operand::Var { var, mode: Mode::Clone }, false) = (&seq.args(i)[k], copy) {
                    // Its only use from here on: no later call, no other argument of this one.
                    if seq.uses(var).filter(|(at, _)| *at >= i).count() == 1 {
                        let mut candidate = seq.clone();
                        candidate.args_mut(i)[k] = Operand::Var { var, mode: Mode::Move };
                        if let Some(better) = self.try_candidate(candidate) {
                            seq = better;
                        }
                    }
                }
                k += 1;
            }
            i += 1;
        }
        seq
    }

    /// Drops elements of a seeded vector, in runs that halve down to one
    /// element at a time (a long vector loses most of its elements in a few
    /// tries), then simplifies the rest.
    fn simpler_vec(&mut self, mut seq: Sequence, i: usize, k: usize, len: usize) -> Sequence {
        // An element of pairs is two values: elements go whole.
        let arity = match seq.args(i)[k] {
            Operand::SeedVec { builder, .. } => self.world.vecs[builder as usize].arity as usize,
            _ => 1,
        };
        let elems_len = |seq: &Sequence| match (i < seq.len()).then(|| seq.args(i).get(k)).flatten() {
            Some(Operand::SeedVec { elems, .. }) => elems.len() / arity,
            _ => 0,
        };
        let len = len / arity;
        let mut run = len.next_power_of_two().max(2) / 2;
        while run >= 1 {
            let mut end = elems_len(&seq);
            while end > 0 && i < seq.len() {
                let start = end.saturating_sub(run);
                let mut candidate = seq.clone();
                if let Operand::SeedVec { elems, .. } = &mut candidate.args_mut(i)[k] {
                    elems.drain(start * arity..end * arity);
                }
                if let Some(better) = self.try_candidate(candidate) {
                    seq = better;
                }
                end = start.min(elems_len(&seq));
            }
            run /= 2;
        }
        let Some(Operand::SeedVec { elems, .. }) = (i < seq.len()).then(|| seq.args(i)[k].clone()) else {
            return seq;
        };
        for (e, s) in elems.iter().enumerate() {
            seq = self.simpler_scalar(seq, i, k, s, |op, r| {
                if let Operand::SeedVec { elems, .. } = op {
                    elems[e] = r;
                }
            });
            if i >= seq.len() {
                break;
            }
        }
        seq
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::Dial;
    use crate::registry::Registry;
    use std::any::TypeId;
    use std::time::Duration;

    /// A minimizer over `world` asking `oracle`, its failing call to blame.
    fn minimizer<'a, 'w>(world: &'a World<'w>, oracle: &'a mut Oracle<'a>) -> Minimizer<'a, 'w> {
        let limits = MinimizeLimits { steps: 100, time: Duration::from_secs(10) };
        Minimizer {
            world,
            oracle,
            blame: Blame::LastCall,
            executions: 0,
            limits,
            deadline: Instant::now() + limits.time,
            stopped: None,
        }
    }

    fn last_use_modes(seq: &Sequence) -> Vec<Mode> {
        seq.operands()
            .iter()
            .filter_map(|a| if let Operand::Var { mode, .. } = a { Some(*mode) } else { None })
            .collect()
    }

    #[test]
    fn a_number_read_off_a_value_becomes_a_literal_at_every_use_together() {
        let world = World::new(Registry::global(), &[TypeId::of::<crate::fixtures::Tally>()]);
        let op = |name: &str| world.ops.iter().position(|o| o.op.spec.name == name).unwrap() as u32;
        let var = |var, mode| Operand::Var { var, mode };
        let three = Operand::Int { kind: IntKind::U32, bits: 3 };
        // t0, t1 = new(); t1.add(3); n = t1.total(); t0.add(n); t0.add(n)
        let seq = Sequence::from_calls([
            (op("new"), vec![]),
            (op("new"), vec![]),
            (op("add"), vec![var(1, Mode::Mut), three.clone()]),
            (op("total"), vec![var(1, Mode::Ref)]),
            (op("add"), vec![var(0, Mode::Mut), var(3, Mode::Clone)]),
            (op("add"), vec![var(0, Mode::Mut), var(3, Mode::Clone)]),
        ]);
        let mut oracle = |c: Sequence| Some(c);
        let out = minimizer(&world, &mut oracle).var_to_literal(seq, 5, 1);
        assert_eq!((out.args(4)[1].clone(), out.args(5)[1].clone()), (three.clone(), three));
        // The calls that made the number can go now.
        assert_eq!(out.uses(3).count(), 0);
    }

    #[test]
    fn a_clone_at_a_values_last_use_becomes_a_move_when_the_failure_stays() {
        let world = World::new(Registry::global(), &[TypeId::of::<Dial>()]);
        let op = |name: &str| world.ops.iter().position(|o| o.op.spec.name == name).unwrap() as u32;
        let some = world
            .ops
            .iter()
            .position(|o| o.op.spec.syntax == crate::macro_support::Syntax::Template("Some($0)"))
            .unwrap() as u32;
        let var = |var, mode| Operand::Var { var, mode };
        // Some(dial2.clone()) at dial2's last use; Some(dial.clone()) before dial is used again.
        let seq = Sequence::from_calls([
            (op("broken"), vec![]),
            (op("broken"), vec![]),
            (some, vec![var(1, Mode::Clone)]),
            (some, vec![var(0, Mode::Clone)]),
            (op("or"), vec![var(0, Mode::Ref), var(2, Mode::Move)]),
        ]);
        let run = |accept: bool| {
            let mut oracle = |c: Sequence| accept.then_some(c);
            minimizer(&world, &mut oracle).move_last_uses(seq.clone())
        };
        use Mode::{Clone, Move, Ref};
        assert_eq!(last_use_modes(&run(true)), [Move, Clone, Ref, Move]);
        // When moving changes the failure, the clone stays.
        assert_eq!(last_use_modes(&run(false)), [Clone, Clone, Ref, Move]);
    }
}
