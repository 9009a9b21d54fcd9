//! The reference's side of a run: the sequence's counterpart
//! ([`crate::differential::plan::Plan::shadow`]) runs call by call beside
//! it, through the executor's seam ([`Beside`]), and after each call that
//! returned on both sides the results are compared
//! ([`crate::differential::compare`]).

use std::any::TypeId;

use crate::execute::SideRun;
use crate::macro_support::{Panics, RetKind};
use crate::outcome::{Beside, Fault, Outcome, Returns};
use crate::sequence::{Holey, Sequence};
use crate::world::World;

/// The same world, whose sequences run on the reference `model` too, its
/// operations paired with those of the first type under test (`subject`).
pub(crate) fn against(world: World<'_>, subject: TypeId, model: TypeId) -> Result<World<'_>, String> {
    world.with_reference(subject, model, start)
}

/// The reference's side of a run of `seq` in `world`.
fn start<'a>(world: &'a World<'a>, seq: &Sequence) -> Box<dyn Beside + 'a> {
    let d = world.reference.as_ref().expect("drt: a reference's side without a reference (bug in drt)");
    let mut theirs = Holey::default();
    let runs = d.plan.shadow(seq, &mut theirs);
    Box::new(Shadow { world, side: SideRun::new(world, seq.len()), seq: theirs, runs })
}

/// The reference's side of a run: its calls, which of them run, and its values.
struct Shadow<'a> {
    world: &'a World<'a>,
    seq: Holey,
    runs: Vec<bool>,
    side: SideRun<'a>,
}

impl Beside for Shadow<'_> {
    fn after(&mut self, seq: &Sequence, i: usize, outcome: Outcome, ours: Option<Returns<'_>>) -> Outcome {
        if let Some(ours) = ours {
            return self.call(seq, i, ours);
        }
        let panicked = matches!(&outcome, Outcome::Failed { call, fault: Fault::Panic { .. } } if *call == i);
        if panicked && self.refuses(seq, i) {
            Outcome::Illegal { call: i }
        } else {
            outcome
        }
    }
}

impl Shadow<'_> {
    /// Whether the reference refuses call `i` of `seq`, which panicked on
    /// the tested side: its counterpart may panic (std documents it: an
    /// index past the end) and does, or its precondition is false. The
    /// input is then outside the contract both sides share, as for a
    /// `panics(...)` method. Where the call cannot run on the reference's
    /// side (it takes a value only the tested side made: a constructor with
    /// no counterpart, `SmallVec::from_vec`), a counterpart that may refuse
    /// is taken to refuse: a forward of `Vec::insert` that panics past the
    /// end as `Vec::insert` does is no bug, whatever made its receiver.
    fn refuses(&mut self, seq: &Sequence, i: usize) -> bool {
        let d = self.world.reference.as_ref().expect("a shadow has a reference");
        let Some(model_op) = d.plan.model_op(seq.op(i)) else { return false };
        let counterpart = &self.world.op(model_op).op.spec;
        let may_refuse = counterpart.panics != Panics::No || counterpart.requires.is_some();
        // (A call with no counterpart has none in the reference's sequence.)
        may_refuse && (!self.runs[i] || matches!(self.side.call(&self.seq, i), Outcome::Illegal { .. }))
    }

    /// Runs call `i` on the reference's side, after it ran normally on the
    /// tested side leaving `ours`, and compares the two.
    fn call(&mut self, seq: &Sequence, i: usize, ours: Returns<'_>) -> Outcome {
        if !self.runs[i] {
            self.side.skip();
            return Outcome::Normal;
        }
        let world = self.world;
        let d = world.reference.as_ref().expect("a shadow has a reference");
        // The tested side refused (an `Err`, a `None`) what its counterpart
        // cannot refuse and answers nothing about: a bounded deque's
        // `push_back` when full, where `VecDeque`'s grows. The reference
        // does not do it either, so later calls compare what the refusal
        // left (a push that refused but half happened still diverges).
        if ours.empty && world.op(self.seq.op(i)).op.spec.ret == RetKind::Unit {
            self.side.skip();
            return Outcome::Normal;
        }
        match self.side.call(&self.seq, i) {
            Outcome::Normal => {
                let Some(compare) = d.plan.compare(seq.op(i)) else { return Outcome::Normal };
                match world.diverges(seq.op(i), self.seq.op(i), compare, ours, self.side.returns(i)) {
                    Some(v) => Outcome::Failed { call: i, fault: Fault::Broken(v) },
                    None => Outcome::Normal,
                }
            }
            // An input the reference documents as outside its contract.
            Outcome::Illegal { .. } => Outcome::Illegal { call: i },
            Outcome::Failed { fault: Fault::Panic { caught, .. }, .. } => {
                let v = world.reference_panicked(seq.op(i), self.seq.op(i), &caught);
                Outcome::Failed { call: i, fault: Fault::Broken(v) }
            }
            // A value the reference's side lacks (an earlier helper gave
            // `None` there only): it runs no further in this sequence.
            _ => {
                self.runs[i..].fill(false);
                self.side.stop_after(i);
                Outcome::Normal
            }
        }
    }
}
