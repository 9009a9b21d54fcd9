//! Index pruning (thesis §5.8): a normal sequence joins the component set
//! only when a value its new calls produced or mutated was never seen
//! before, and offers only those values for reuse. Values are told apart by
//! their fingerprints (`Hash` for `Eq + Hash` types, else the `Debug` text).
//! The checks of a value that cost more than a call (its `Debug`, its
//! laws) run here, once per distinct value.

use std::any::TypeId;

use crate::outcome::Violation;
use crate::pool::Pool;
use crate::sequence::Holey;
use crate::world::World;

/// No new call touched this variable (see `Pruning::last_call`).
const UNTOUCHED: u32 = u32::MAX;

/// What the last run's new calls touched, in buffers kept from run to run.
#[derive(Default)]
pub(super) struct Pruning {
    /// Each variable the new calls touched, with the last call that
    /// touched it, sorted by variable.
    last_touch: Vec<(u32, usize)>,
    /// Per variable, the last new call that touched it, while
    /// [`Pruning::touched_values`] lists them ([`UNTOUCHED`] otherwise).
    last_call: Vec<u32>,
    /// A buffer for the next list of new values.
    fresh: Vec<(u32, TypeId)>,
    /// The new values of types the contracts compare, with the order-free
    /// digests of their `Debug` texts.
    digests: Vec<(u32, TypeId, u64)>,
    /// The laws no longer checked here, with the type each was broken on:
    /// see [`Pruning::mute`].
    muted: Vec<(TypeId, &'static str)>,
}

impl Pruning {
    /// The values the new calls of `seq` (from `prefix` on) produced or
    /// mutated that were never seen before: the only ones the sequence
    /// offers for reuse. `Debug` and `Display` are checked here, once per
    /// distinct value, rather than after every call: formatting a large
    /// value costs more than the call. Give the list back with
    /// [`Pruning::give_back`] to reuse its buffer.
    pub fn touched_values(
        &mut self,
        world: &World<'_>,
        pool: &mut Pool,
        seq: &Holey,
        prefix: usize,
        vars: &[crate::macro_support::Slot],
    ) -> Result<Vec<(u32, TypeId)>, (usize, Violation)> {
        // Each variable with the last call that touched it: marked per
        // variable, so a call repeated a hundred times lists its receiver
        // once, and only the distinct variables are sorted.
        let (touched, last_call) = (&mut self.last_touch, &mut self.last_call);
        touched.clear();
        if last_call.len() < seq.len() {
            last_call.resize(seq.len(), UNTOUCHED);
        }
        for i in prefix..seq.len() {
            for var in seq.touched(i) {
                let last = &mut last_call[var as usize];
                if *last == UNTOUCHED {
                    touched.push((var, 0));
                }
                *last = i as u32;
            }
        }
        touched.sort_unstable();
        for (var, call) in touched.iter_mut() {
            let last = &mut last_call[*var as usize];
            *call = *last as usize;
            *last = UNTOUCHED;
        }
        let mut fresh = std::mem::take(&mut self.fresh);
        fresh.clear();
        self.digests.clear();
        self.fresh_values(world, pool, seq, vars, &mut fresh).map(|()| fresh)
    }

    /// Of the touched variables, those whose values were never seen
    /// before, into `fresh`, their formatting and laws checked.
    fn fresh_values(
        &mut self,
        world: &World<'_>,
        pool: &mut Pool,
        seq: &Holey,
        vars: &[crate::macro_support::Slot],
        fresh: &mut Vec<(u32, TypeId)>,
    ) -> Result<(), (usize, Violation)> {
        for &(var, call) in &self.last_touch {
            let Some(value) = vars.get(var as usize).and_then(Option::as_ref) else { continue };
            let facts = world.facts.of(value);
            let ty = facts.map_or_else(|| value.type_id(), |f| f.ty);
            let value = &**value;
            let desc = facts.map(|f| f.desc);
            let mut seen = None;
            let new = match desc.map(|d| crate::oracle::guarded(|| d.fingerprint(value))) {
                Some(Ok(Some(fp))) => {
                    seen = Some(fp);
                    pool.is_new_value(fp)
                }
                // The type's `Hash` panicked (a `Debug` that panics is found below).
                Some(Err(_)) => {
                    world.check_hash(var, vars).map_err(|v| (call, v))?;
                    true
                }
                _ => true,
            };
            if new {
                let checked = world.check_formatting(var, vars).and_then(|digest| {
                    let made_by = (var as usize == call).then(|| seq.op(call));
                    let muted = &self.muted;
                    let keep = |ty, law| !muted.contains(&(ty, law));
                    world.check_value_laws(var, made_by, vars, keep).map(|()| digest)
                });
                let digest = checked.map_err(|v| {
                    if let Some(fp) = seen {
                        pool.forget_value(fp);
                    }
                    (call, v)
                })?;
                if let Some(digest) = digest.filter(|_| facts.is_some_and(|f| f.compared)) {
                    self.digests.push((var, ty, digest));
                }
                fresh.push((var, ty));
            }
        }
        Ok(())
    }

    /// Checks law `law` on values of type `ty` no more: it was broken and
    /// reported. A law a type breaks on every state it reaches (an
    /// iterator's `size_hint` off on every non-empty ring buffer) would
    /// otherwise fail every sequence making a new state, none of which
    /// would join the pool, and the search would stay on the states that
    /// keep it. A law's failure is minimized and re-run with that law
    /// checked alone ([`crate::triage::fails_again`]), as its test asserts it.
    pub fn mute(&mut self, ty: TypeId, law: &'static str) {
        if !self.muted.contains(&(ty, law)) {
            self.muted.push((ty, law));
        }
    }

    /// The variables the last run's new calls touched (see
    /// [`Pruning::touched_values`]), with the last call that touched each.
    pub fn last_touched(&self) -> &[(u32, usize)] {
        &self.last_touch
    }

    /// The new values of types the contracts compare, with their digests,
    /// in the last run.
    pub fn digests(&self) -> &[(u32, TypeId, u64)] {
        &self.digests
    }

    /// Takes back a list [`Pruning::touched_values`] gave, for its buffer.
    pub fn give_back(&mut self, fresh: Vec<(u32, TypeId)>) {
        self.fresh = fresh;
    }
}
