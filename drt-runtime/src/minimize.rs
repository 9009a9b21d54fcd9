//! Failing-sequence minimization after the thesis's simplification (ch. 6):
//! 1. remove calls from the last one backwards, keeping each removal after
//!    which the sequence still fails the same way (same operation, kind and
//!    location);
//! 2. drop elements of built-in values (`vec![a, b]` -> `vec![a]`,
//!    `Some(a)` -> `None`), a removal in the thesis's sense;
//! 3. replace each seed argument by a simpler seed of its type (the seed
//!    table lists `0`, `1`, `""` first), and drop elements of seeded vectors,
//!    under the same rule;
//!
//! repeated until neither step changes anything, within a budget of
//! executions (`DRT_MINIMIZE_STEPS`) and time (`DRT_MINIMIZE_TIME`); when a
//! budget stops it, the failure says which setting to raise.

use std::time::{Duration, Instant};

use crate::generate::FailureKey;
use crate::registry::Syntax;
use crate::sequence::{Operand, Sequence};
use crate::world::World;

/// Candidate executions one minimization may spend, unless `DRT_MINIMIZE_STEPS` says otherwise.
pub const DEFAULT_MINIMIZE_STEPS: u64 = 4_000;
/// Time one minimization may spend, unless `DRT_MINIMIZE_TIME` says otherwise.
pub const DEFAULT_MINIMIZE_TIME: Duration = Duration::from_secs(10);
/// Seeds tried in place of one variable.
const MAX_SEED_TRIES: usize = 8;

/// How much one minimization may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Limits {
    pub steps: u64,
    pub time: Duration,
}

/// Whether a candidate still fails the same way: the candidate as it should
/// be kept (truncated after its failing call), or `None`.
type Oracle<'a> = dyn FnMut(Sequence) -> Option<Sequence> + 'a;

struct Minimizer<'a, 'w> {
    world: &'a World<'w>,
    oracle: &'a mut Oracle<'a>,
    /// Whether the last call must stay (it is the failing one).
    keep_last: bool,
    executions: u64,
    limits: Limits,
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
    limits: Limits,
) -> (Sequence, Option<&'static str>) {
    let mut oracle = |mut candidate: Sequence| {
        let (len, _) = crate::generate::fails_again(world, &candidate, key)?;
        candidate.calls.truncate(len);
        Some(candidate)
    };
    minimize_with(world, seq, limits, true, &mut oracle)
}

/// The same steps with any oracle (a crash is checked by replaying the
/// candidate in a fresh process). With `keep_last` false, the last call may
/// go too: a crash does not say which call caused it.
pub(crate) fn minimize_with<'a>(
    world: &'a World<'_>,
    mut seq: Sequence,
    limits: Limits,
    keep_last: bool,
    oracle: &'a mut Oracle<'a>,
) -> (Sequence, Option<&'static str>) {
    let deadline = Instant::now() + limits.time;
    let mut m = Minimizer { world, oracle, keep_last, executions: 0, limits, deadline, stopped: None };
    loop {
        let before = seq.clone();
        seq = m.remove_calls(seq);
        seq = m.smaller_builders(seq);
        seq = m.simplify_seeds(seq);
        if seq == before || m.stopped.is_some() {
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
        let mut i = if self.keep_last { seq.len().saturating_sub(1) } else { seq.len() };
        while i > 0 {
            i -= 1;
            let last = i + 1 >= seq.len();
            if (last && self.keep_last) || seq.len() < 2 || seq.uses(i as u32).next().is_some() {
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
            let op = &ops[seq.calls[i].op as usize].op.spec;
            let mut smaller: Vec<usize> = (0..ops.len())
                .filter(|&j| {
                    let o = &ops[j].op.spec;
                    matches!((o.syntax, op.syntax), (Syntax::Template(_), Syntax::Template(_)))
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
                    candidate.calls[i].op = j as u32;
                    candidate.calls[i].args.drain(at..at + cut);
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

    fn simplify_seeds(&mut self, mut seq: Sequence) -> Sequence {
        for i in 0..seq.len() {
            for k in 0..seq.calls.get(i).map_or(0, |c| c.args.len()) {
                seq = match seq.calls[i].args[k].clone() {
                    Operand::Seed(s) => self.simpler_seed(seq, i, k, s, |c, r| *c = Operand::Seed(r)),
                    Operand::SeedVec { elems, .. } => self.simpler_vec(seq, i, k, elems.len()),
                    Operand::Var { .. } => self.var_to_seed(seq, i, k),
                };
                if i >= seq.len() {
                    return seq;
                }
            }
        }
        seq
    }

    /// Tries the seeds listed before `s` for its type, simplest first.
    fn simpler_seed(&mut self, seq: Sequence, i: usize, k: usize, s: u32, set: impl Fn(&mut Operand, u32)) -> Sequence {
        let ty = self.world.seeds[s as usize].ty;
        let simpler: Vec<u32> = self.world.seeds_by_type[&ty].iter().copied().take_while(|c| *c != s).collect();
        for c in simpler {
            let mut candidate = seq.clone();
            set(&mut candidate.calls[i].args[k], c);
            if let Some(better) = self.try_candidate(candidate) {
                return better;
            }
        }
        seq
    }

    /// Replaces a variable of a seeded type by a seed, simplest first, so the
    /// calls that produced it can go (the thesis's replacement phase).
    fn var_to_seed(&mut self, seq: Sequence, i: usize, k: usize) -> Sequence {
        let op = &self.world.ops[seq.calls[i].op as usize].op;
        let Some(seeds) = self.world.seeds_by_type.get(&op.spec.params[k].ty) else {
            return seq;
        };
        for &c in seeds.iter().take(MAX_SEED_TRIES) {
            let mut candidate = seq.clone();
            candidate.calls[i].args[k] = Operand::Seed(c);
            if let Some(better) = self.try_candidate(candidate) {
                return better;
            }
        }
        seq
    }

    /// Drops elements of a seeded vector, then simplifies the rest.
    fn simpler_vec(&mut self, mut seq: Sequence, i: usize, k: usize, len: usize) -> Sequence {
        for e in (0..len).rev() {
            let mut candidate = seq.clone();
            if let Operand::SeedVec { elems, .. } = &mut candidate.calls[i].args[k] {
                elems.remove(e);
            }
            if let Some(better) = self.try_candidate(candidate) {
                seq = better;
            }
        }
        let Some(Operand::SeedVec { elems, .. }) = seq.calls.get(i).map(|c| c.args[k].clone()) else {
            return seq;
        };
        for (e, s) in elems.iter().enumerate() {
            seq = self.simpler_seed(seq, i, k, *s, |op, r| {
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
