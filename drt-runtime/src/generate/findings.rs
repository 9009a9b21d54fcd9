//! What an exploration leaves behind: each failure's group with its
//! minimized, shortened, confirmed reproduction ([`crate::triage`]), and,
//! when regression tests are asked for, the shortest passing sequence
//! ending in each operation.

use crate::config::MinimizeLimits;
use crate::minimize::minimize;
use crate::outcome::Fault;
use crate::pool::Pool;
use crate::report::Failure;
use crate::reuse::Reuse;
use crate::sequence::{Composed, Holey, Sequence};
use crate::triage::{confirmed_failure, fails_again, FailureKey, Found, Group, Groups, Minimized};
use crate::world::World;

/// Sequences generated to look for a shorter reproduction of a new failure,
/// per 8 calls of the reproduction it starts from (a long one is more often
/// a local minimum: a ring of 15 slots needs 20 pushes, one of 2 needs 3).
const SHORTEN_TRIES: u32 = 500;

/// The failures found, grouped, and the shortest passing sequences.
pub(super) struct Findings {
    pub groups: Groups,
    /// What one minimization may spend.
    pub minimize: MinimizeLimits,
    /// Per operation, the shortest sequence ending in it that ran
    /// normally; `None` when no regression tests are asked for.
    pub shortest: Option<Vec<Option<Sequence>>>,
}

/// A failing sequence minimized, waiting for its group's entry.
pub(super) struct Candidate {
    pub key: FailureKey,
    pub seq: Sequence,
    pub minimized: Minimized,
}

impl Findings {
    /// Findings minimized within `minimize`, keeping the shortest passing
    /// sequence of each of `ops` operations when `regression_tests`.
    pub fn new(minimize: MinimizeLimits, ops: usize, regression_tests: bool) -> Findings {
        Findings { groups: Groups::default(), minimize, shortest: regression_tests.then(|| vec![None; ops]) }
    }

    /// Notes that `draft` (whose calls that ran are `seq`), ending in
    /// `op`, ran normally.
    pub fn passed(&mut self, op: usize, draft: &Composed, seq: &Holey, pool: &Pool) {
        let Some(shortest) = &mut self.shortest else { return };
        if shortest[op].as_ref().is_none_or(|s| s.len() > seq.len()) {
            shortest[op] = Some(Reuse::whole(pool, draft, seq));
        }
    }

    /// A failing sequence (failing at `call`, with `fault`) cut after the
    /// call and minimized, unless its group already has a reproduction at
    /// least as short.
    pub fn minimized(&mut self, world: &World<'_>, mut seq: Sequence, call: usize, fault: &Fault) -> Option<Candidate> {
        let call = call.min(seq.len() - 1);
        seq.truncate(call + 1);
        let key = FailureKey::of(world, &seq, call, fault);
        if !self.groups.hit(&key, seq.len()) {
            return None;
        }
        let from_len = crate::render::statement_count(world, &seq);
        let (seq, cut_short) = minimize(world, seq, &key, self.minimize);
        Some(Candidate { key, seq, minimized: Minimized { from_len, cut_short } })
    }

    /// `candidate` as its group's entry would be, confirmed, when it would
    /// be one: what a process that dies before it records it still tells
    /// ([`crate::progress::Listener::pending`]).
    pub fn provisional(&self, world: &World<'_>, candidate: &Candidate, fault: Fault, found: Found) -> Option<Failure> {
        if !self.groups.improves(&candidate.key, candidate.seq.len()) {
            return None;
        }
        Some(confirmed_failure(world, &candidate.seq, &candidate.key, fault, found, candidate.minimized))
    }

    /// Makes `candidate` its group's entry, confirmed (see
    /// [`crate::triage`]), when it is shorter than the entry there.
    pub fn record(&mut self, world: &World<'_>, candidate: Candidate, fault: Fault, found: Found) -> Option<&Group> {
        let failure = self.provisional(world, &candidate, fault, found)?;
        Some(self.groups.record(candidate.key, failure, candidate.seq))
    }
}

/// Looks for a shorter reproduction of `key` than `best` among the
/// sequences `generate` makes no longer than it is told: greedy
/// minimization has local minima (a ring buffer of capacity 10 needs a
/// dozen pushes to wrap; one of capacity 2 needs three); a fresh short
/// sequence escapes them. Minimizes each within `limits`.
pub(super) fn shorten(
    world: &World<'_>,
    key: &FailureKey,
    mut best: Sequence,
    limits: MinimizeLimits,
    mut generate: impl FnMut(usize) -> Option<Sequence>,
) -> Sequence {
    for _ in 0..SHORTEN_TRIES * (best.len() as u32).div_ceil(8) {
        if best.len() <= 2 {
            break;
        }
        let Some(mut seq) = generate(best.len() - 1) else { continue };
        if let Some((len, _)) = fails_again(world, &seq, key) {
            seq.truncate(len);
            let (shorter, _) = minimize(world, seq, key, limits);
            if shorter.len() < best.len() {
                best = shorter;
            }
        }
    }
    best
}
