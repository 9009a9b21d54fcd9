//! Comparisons as hints: what the code under test compared its integer
//! arguments with (when it was built for coverage) steers the next
//! arguments, thesis §6.2's branch-directed generation without a solver.
//! A witness is modified toward the branch it did not take (a retry with the
//! compared value), and compared values are kept per pool entry for the
//! next extensions of that entry, as libFuzzer feeds the operands of recent
//! compares back.

use rand::RngExt;

use crate::ints::IntKind;
use crate::pool::Pool;
use crate::rng::Choices;
use crate::sequence::{Composed, Operand};
use crate::world::World;

/// Probability that an integer argument is a value the code under test
/// compared something with (when it was built for coverage), and how many
/// such values are looked at and kept: the last pairs of each new call,
/// per entry extended, and entries with some.
const HINT_PROBABILITY: f64 = 0.25;
const HINTS_PER_CALL: usize = 8;
const MAX_HINTS: usize = 8;
const MAX_HINTED: usize = 1 << 14;
/// Compared values below this are not kept as hints: seeds and drawn
/// integers give them often (and enum discriminants are compared a lot).
const SMALL_VALUES: u64 = 256;
/// Sequences retried with a compared value, waiting; and the (operation,
/// argument, value) retries made, remembered up to a bound.
const MAX_RETRIES: usize = 64;
const MAX_TRIED: usize = 1 << 16;

/// A sequence to run again with an argument replaced by the value it was
/// compared with: the operation it ends in, the sequence, where its new
/// calls start.
pub(super) type Retry = (usize, Composed, usize);

/// The values compared, and what was learnt from them.
pub(super) struct Hints {
    /// The code under test's table of recently compared values, when it
    /// was built for coverage and the search uses it.
    pub compares: Option<&'static crate::coverage::Compares>,
    /// The types explored (owning an operation under test): values of
    /// other types that a call takes are looked into for the integers
    /// that made them ([`Hints::note_compares`]).
    explored: Vec<std::any::TypeId>,
    /// Per pool entry, values the code under test compared something with
    /// when the entry was extended ([`Hints::hinted`]).
    pub hints: rustc_hash::FxHashMap<u32, Vec<u64>>,
    /// Sequences to run again with an argument replaced by the value it
    /// was compared with, and the replacements made.
    pub retries: Vec<Retry>,
    tried: rustc_hash::FxHashSet<(u32, u32, u64)>,
}

impl Hints {
    /// Hints from `compares` (none without it), for the types `explored`.
    pub fn new(compares: Option<&'static crate::coverage::Compares>, explored: Vec<std::any::TypeId>) -> Hints {
        Hints { compares, explored, hints: Default::default(), retries: Vec::new(), tried: Default::default() }
    }

    /// Forgets the hints and retries of pool entries: the pool's entries
    /// were renumbered.
    pub fn clear(&mut self) {
        self.hints.clear();
        self.retries.clear();
    }

    /// Sometimes ([`HINT_PROBABILITY`]), for a call on a value of the pool
    /// entry being extended, a value the code under test compared
    /// something with when that entry was extended before, or a neighbour
    /// of one (`v ± 1`, `-v`): how a magic number, a checksum or an
    /// `x == f(y)` branch falls without a solver. Thesis §6.2 modifies a
    /// witness toward the other outcome of a branch; libFuzzer feeds the
    /// operands of recent compares back the same way.
    pub fn hinted(&self, extending: Option<u32>, kind: IntKind, rng: &mut Choices) -> Option<u64> {
        let hints = self.hints.get(&extending?)?;
        if !rng.random_bool(HINT_PROBABILITY) {
            return None;
        }
        let v = hints[rng.random_range(0..hints.len())];
        let v = match rng.random_range(0..8u32) {
            0 => v.wrapping_add(1),
            1 => v.wrapping_sub(1),
            2 => v.wrapping_neg(),
            _ => v,
        };
        Some(kind.canonical(v))
    }

    /// Learns from what the new calls of `draft` compared (the last few
    /// pairs of each, in its `windows` of the ring of compares; thesis §6.2's
    /// branch-directed generation, without a solver):
    /// - an integer argument compared with another value is retried with
    ///   that value at once, the rest of the sequence unchanged (a witness
    ///   modified toward the branch it did not take): `x == MAGIC`,
    ///   `x == checksum(..)` fall in one step. A retry's own comparisons
    ///   are not retried (`retry` is `None` for it; else it holds the
    ///   throttles, whose sizes are not retried): an argument that a loop
    ///   compares with each index would otherwise be retried with every
    ///   one, each retry comparing more, and retries would crowd out every
    ///   other sequence;
    /// - the values compared are kept as hints for the next extensions of
    ///   the entry the sequence extended ([`Hints::hinted`]), but for the
    ///   arguments themselves, addresses (an iterator's position and end)
    ///   and small values ([`SMALL_VALUES`]);
    /// - so are the values that would cross a comparison of an argument,
    ///   small ones too, whether or not they were retried: a retry happens
    ///   once per (operation, argument, value) in the whole run, on
    ///   whichever sequence compared it first, but the branch may matter in
    ///   other states. A frame decoder compares a frame's kind with 3
    ///   (`(1..=3).contains(&kind)`) in every state that expects a kind;
    ///   with the hint, each such state is soon extended with kinds 2, 3 and
    ///   4, and a kind that only matters later (a continuation frame with
    ///   no frame open) is reached from many states, not from one.
    #[allow(clippy::too_many_arguments)]
    pub fn note_compares(
        &mut self,
        world: &World<'_>,
        pool: &Pool,
        extending: Option<u32>,
        draft: &Composed,
        prefix: usize,
        windows: &[(usize, crate::coverage::Window)],
        retry: Option<&crate::sizes::Throttles>,
    ) {
        let Some(compares) = self.compares else { return };
        // Addresses: user space on 64-bit targets is below 2^47.
        let address = |v: u64| (1 << 32..1 << 47).contains(&v);
        let mut found: Vec<u64> = Vec::new();
        // An integer that may steer a call: (position and operation of the
        // call it is an argument of, argument, kind, bits).
        let mut ints: Vec<(usize, u32, usize, IntKind, u64)> = Vec::new();
        let lookup = |id| pool.seq(id);
        // The new calls of the draft's own (a component's calls after
        // `prefix`, built on demand, are checked too, but not retried).
        for (at, op, args) in draft.view().own_calls().filter(|(at, _, _)| *at >= prefix) {
            let Ok(w) = windows.binary_search_by_key(&at, |&(call, _)| call) else { continue };
            let window = windows[w].1;
            if window.0 == window.1 {
                // It compared nothing.
                continue;
            }
            ints.clear();
            int_arguments(world, at, op, args, &mut ints);
            // The integers that made the values of other types it takes.
            let params = &world.ops[op as usize].op.spec.params;
            for (a, p) in args.iter().zip(params) {
                if let Operand::Var { var, .. } = *a {
                    if !self.explored.contains(&p.ty) {
                        if let Some((maker, made_of)) = draft.view().call_at(var as usize, &lookup) {
                            int_arguments(world, var as usize, maker, made_of, &mut ints);
                        }
                    }
                }
            }
            for (a, b) in compares.between(window, HINTS_PER_CALL) {
                for &(pos, pos_op, k, kind, bits) in &ints {
                    for (x, y) in [(a, b), (b, a)] {
                        let (x, y) = (kind.canonical(x), kind.canonical(y));
                        if x == y {
                            continue;
                        }
                        for other in solutions(kind, bits, x, y) {
                            if !found.contains(&other) {
                                found.push(other);
                            }
                            let operand = Operand::Int { kind, bits: other };
                            // A size that hurt the parameter (crashed its
                            // child: `with_capacity` compared with a
                            // capacity) is not tried again.
                            let allowed = retry.is_some_and(|t| !t.holds_back(world, pos_op, k, &operand));
                            if allowed
                                && self.retries.len() < MAX_RETRIES
                                && self.tried.insert((pos_op, k as u32, other))
                            {
                                let retry = draft.view().replaced(pos, k, &operand, &lookup);
                                self.retries.push((op as usize, retry, prefix));
                            }
                        }
                    }
                }
                for v in [a, b] {
                    let passed = ints.iter().any(|&(_, _, _, _, bits)| bits == v);
                    if v >= SMALL_VALUES && !address(v) && !passed && !found.contains(&v) {
                        found.push(v);
                    }
                }
            }
        }
        if self.tried.len() >= MAX_TRIED {
            self.tried.clear();
        }
        let Some(entry) = extending.filter(|_| !found.is_empty()) else { return };
        found.truncate(MAX_HINTS);
        if self.hints.len() >= MAX_HINTED {
            self.hints.clear();
        }
        let hints = self.hints.entry(entry).or_default();
        for v in found {
            if !hints.contains(&v) {
                if hints.len() == MAX_HINTS {
                    hints.remove(0);
                }
                hints.push(v);
            }
        }
    }
}

/// Adds to `ints` the integer arguments of call `at` (of `op`, taking
/// `args`). [`Hints::note_compares`] asks this of each new call and of
/// the calls that made the values of other types it takes: a range's
/// ends, a tuple's fields, a key made from a number steer the call that
/// takes the value as much as its own arguments do (`drain(a..b)`
/// compares `b` with the length), so a comparison of one is solved the
/// same way.
fn int_arguments(
    world: &World<'_>,
    at: usize,
    op: u32,
    args: &[Operand],
    ints: &mut Vec<(usize, u32, usize, IntKind, u64)>,
) {
    ints.extend(args.iter().enumerate().filter_map(|(k, a)| int_operand(world, a).map(|(t, b)| (at, op, k, t, b))));
}

/// An integer argument's kind and bits, whether drawn or a seed.
fn int_operand(world: &World<'_>, arg: &Operand) -> Option<(IntKind, u64)> {
    match *arg {
        Operand::Int { kind, bits } => Some((kind, bits)),
        Operand::Seed(s) => {
            let seed = &world.seeds[s as usize];
            let kind = IntKind::of(seed.ty)?;
            Some((kind, kind.bits_of(seed.value.as_deref()?)?))
        }
        _ => None,
    }
}

/// How far an integer argument may be from a compared operand for the
/// comparison to be taken as of the argument plus a constant.
const MAX_OFFSET: u64 = 2;

/// The values of an integer argument of `kind` (now `bits`) that would
/// make a compared operand `x` equal the other, `y`: `y` itself when `x`
/// is the argument; when `x` is the argument plus a small constant (`c`,
/// as `(1..=64).contains(&w)` compiles to `w - 1 < 64`), `y - c` and its
/// neighbours, since which of them crosses the branch depends on how the
/// comparison was compiled.
pub(super) fn solutions(kind: IntKind, bits: u64, x: u64, y: u64) -> impl Iterator<Item = u64> {
    let offset = kind.canonical(bits.wrapping_sub(x));
    let small = offset <= MAX_OFFSET || kind.canonical(offset.wrapping_neg()) <= MAX_OFFSET;
    let target = kind.canonical(y.wrapping_add(offset));
    let neighbours: &[u64] = match (offset, small) {
        (0, _) => &[0],
        (_, true) => &[0, 1, u64::MAX],
        (_, false) => &[],
    };
    neighbours.iter().map(move |&d| kind.canonical(target.wrapping_add(d))).filter(move |&v| v != bits)
}
