//! Incremental execution: a new sequence starts from the values its
//! components' runs left, where the pool kept them, so only the calls after
//! them run (thesis §7.6 shares components by reference; this shares their
//! results too). The room owns what is kept ([`snapshot`]: snapshots, their
//! budget, the reused part of a run, which the pool stores and the executor
//! reads), which parts a run reuses, what it keeps for the sequences that
//! will extend it, and the runs from scratch that verify both.

use std::any::{Any, TypeId};
use std::rc::Rc;

pub(crate) mod snapshot;

use crate::execute::{Checks, Execution, RunBuffers};
use crate::outcome::Outcome;
use crate::pool::Pool;
use crate::report::Stats;
use crate::sequence::{Composed, Holey, Operand, Sequence};
use crate::type_facts::Facts;
use crate::value::Value;
use crate::world::World;
use snapshot::{Held, Kept, Reused};

/// Runs that reuse values are checked against a run from scratch: the
/// first this many, then one in `VERIFY_EVERY`.
pub(crate) const VERIFY_FIRST: u64 = 64;
const VERIFY_EVERY: u64 = 1_024;
/// The longest `Debug` text of a value kept for reuse (see `kept_copy`).
const MAX_KEPT_TEXT: usize = 1 << 20;

/// Reusing executed values: whether it is on, what the last run reused,
/// and the buffers runs and keeping fill.
pub(crate) struct Reuse<'w> {
    world: &'w World<'w>,
    /// Whether new sequences start from the values their components left;
    /// off once a run from scratch disagreed.
    pub on: bool,
    /// Runs that reused values so far.
    reusing_runs: u64,
    /// The components whose values the last run reused: (pool entry, where
    /// its calls start), in order.
    reused_parts: Vec<(u32, u32)>,
    /// The variables of components the last run's new calls used, sorted.
    used: Vec<u32>,
    /// Per type of kept value: values kept so far, largest heap estimate.
    heap_estimates: std::cell::RefCell<rustc_hash::FxHashMap<TypeId, (u64, usize)>>,
    /// Buffers for the calls the next run runs, its values, and keeping.
    calls: Holey,
    buffers: RunBuffers,
    keeping: KeepBuffers,
}

/// Buffers [`Reuse::keep`] fills: the live variables, which were changed,
/// the values kept.
#[derive(Default)]
struct KeepBuffers {
    alive: Vec<(u32, TypeId)>,
    changed: Vec<bool>,
    kept: Vec<Held>,
}

impl<'w> Reuse<'w> {
    /// Reuse in `world`, on when `on`.
    pub fn new(world: &'w World<'w>, on: bool) -> Reuse<'w> {
        Reuse {
            world,
            on,
            reusing_runs: 0,
            reused_parts: Vec::new(),
            used: Vec::new(),
            heap_estimates: Default::default(),
            calls: Holey::default(),
            buffers: RunBuffers::default(),
            keeping: KeepBuffers::default(),
        }
    }

    /// Takes back the calls [`Reuse::run`] gave and the buffers of their
    /// run, for the next run; and forgets what the last [`Reuse::keep`] kept.
    pub fn give_back(&mut self, calls: Holey, buffers: RunBuffers) {
        self.calls = calls;
        self.buffers = buffers;
        self.keeping.kept.clear();
    }

    /// What the last [`Reuse::keep`] listed: the live variables with their
    /// types, and the values kept (none while reuse is off).
    pub fn kept(&mut self) -> (&[(u32, TypeId)], &mut Vec<Held>) {
        (&self.keeping.alive, &mut self.keeping.kept)
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
    pub fn run(&mut self, pool: &Pool, stats: &mut Stats, draft: &Composed, prefix: usize) -> (Execution, Holey) {
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
        for (entry, at) in draft.view().parts_at().filter(|_| self.on) {
            let len = pool.entries[entry as usize].seq.len();
            let Some(snapshot) = pool.snapshot(entry).filter(|s| s.partners_kept) else { continue };
            let (start, end) = (at, at + len as u32);
            let from = self.used.partition_point(|&v| v < start);
            let to = self.used.partition_point(|&v| v < end);
            if end as usize <= prefix && self.used[from..to].iter().all(|&v| snapshot.get(v - start).is_some()) {
                reused.push(Reused { at: at as usize, len, values: snapshot.values, used: &self.used });
                self.reused_parts.push((entry, at));
            }
        }
        // The calls to run: a reused component's are holes.
        let mut seq = std::mem::take(&mut self.calls);
        seq.clear();
        let reused_at = &self.reused_parts;
        pool.write(draft.view(), &mut seq, &|at| reused_at.binary_search_by_key(&at, |&(_, a)| a).is_ok());
        debug_assert_eq!(seq.len(), draft.len());
        let exec = world.execute_reusing(&seq, checks, &reused, std::mem::take(&mut self.buffers));
        drop(reused);
        let run = exec.outcome.calls_run(seq.len());
        stats.calls += run - exec.reused.min(run);
        stats.reused_calls += exec.reused.min(run);
        stats.new_calls += run.saturating_sub(prefix as u64);
        if exec.reused == 0 {
            return (exec, seq);
        }
        self.reusing_runs += 1;
        let failed = matches!(exec.outcome, Outcome::Failed { .. });
        if !failed && self.reusing_runs > VERIFY_FIRST && !self.reusing_runs.is_multiple_of(VERIFY_EVERY) {
            return (exec, seq);
        }
        let mut whole = seq.emptied();
        pool.flatten(draft.view(), &mut whole);
        let scratch = world.execute(&whole, checks);
        stats.calls += scratch.outcome.calls_run(whole.len());
        if !failed && !self.same_results(&whole, prefix, &exec, &scratch) {
            self.on = false;
            stats.notes.push(
                "drt re-ran every sequence from its first call: a sequence run from the values kept from an \
                 earlier run gave other results than run from scratch, so a clone of some value behaves unlike \
                 the value (state shared through an `Rc` or a global, or a `Clone` that leaves something out) or \
                 a value made anew differs from the last one made alike (randomness: a `HashMap`'s random seed \
                 orders its iteration); the exploration is slower, not wrong"
                    .to_string(),
            );
        }
        let _ = exec.finish(world);
        (scratch, Holey::from(whole))
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
    pub fn keep(&mut self, pool: &Pool, seq: &Holey, prefix: usize, exec: &Execution) -> bool {
        let mut buffers = std::mem::take(&mut self.keeping);
        let KeepBuffers { alive, changed, kept } = &mut buffers;
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
        let mut live = |var: u32, ty: TypeId, value: Option<&Value>, reused: Option<&Held>| {
            alive.push((var, ty));
            if !self.on {
                return;
            }
            let (value, partner) = match (reused, value) {
                (Some(r), None) => (Some(Rc::clone(&r.value)), r.partner),
                (Some(r), Some(_)) if !changed[var as usize] => (Some(Rc::clone(&r.value)), r.partner),
                (reused, Some(v)) => {
                    let facts = self.world.facts.of(v);
                    let partner = reused.map_or_else(|| facts.is_some_and(|f| f.compared), |r| r.partner);
                    (self.kept_copy(pool, facts, v), partner)
                }
                (None, None) => (None, self.world.compares(ty)),
            };
            partners_kept &= value.is_some() || !partner;
            kept.extend(value.map(|value| Held { var, partner, value }));
        };
        let mut parts = self.reused_parts.iter().peekable();
        let mut i = 0;
        while i < exec.vars.len() {
            let Some(&(entry, at)) = parts.next_if(|(_, at)| *at as usize == i) else {
                if let Some(value) = &exec.vars[i] {
                    live(i as u32, value.type_id(), Some(value), None);
                }
                i += 1;
                continue;
            };
            // A reused component: the variables that were cloned in (the new
            // calls' arguments, the contracts' partners) are in `vars`, the
            // others as the component left them.
            let snapshot = pool.snapshot(entry).expect("a reused entry has a snapshot");
            for (var, ty) in pool.alive(entry) {
                let (own, reused) = (at + var, snapshot.get(var));
                if reused.is_some_and(|r| r.partner) || self.used.binary_search(&own).is_ok() {
                    if let Some(value) = exec.vars[own as usize].as_ref() {
                        live(own, ty, Some(value), reused);
                    }
                } else {
                    live(own, ty, None, reused);
                }
            }
            i += pool.entries[entry as usize].seq.len();
        }
        self.keeping = buffers;
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
    fn kept_copy(&self, pool: &Pool, facts: Option<&Facts<'_>>, value: &Value) -> Option<Rc<Kept>> {
        if !pool.keeps_more() {
            return None;
        }
        let facts = facts.filter(|f| !f.seeded && f.desc.eq.is_some())?;
        let (ty, clone, value) = (facts.ty, facts.desc.clone?, &**value);
        let copy = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let heap = self.heap_estimate(ty, value)?;
            Some((clone(value), heap))
        }));
        match copy {
            Ok(copy) => copy.and_then(|(copy, heap)| pool.keep(copy, clone, heap)),
            Err(_) => {
                let _ = crate::hook::SilentPanics::take_last();
                None
            }
        }
    }

    /// The whole of `draft`, whose calls that ran are `seq` (with holes
    /// where values were reused).
    pub fn whole(pool: &Pool, draft: &Composed, seq: &Holey) -> Sequence {
        match seq.whole() {
            Some(seq) => seq.clone(),
            None => pool.flat(draft.view()),
        }
    }
}
