//! Hostile sizes: an integer argument that asks for more memory or time
//! than a run has (`with_capacity(1 << 40)`, `resize(u32::MAX as usize)`,
//! `insert_range(0, u32::MAX)`) is an input outside the operation's domain,
//! as a documented panic is, not a bug of the code under test. Std says so
//! itself: `Vec::with_capacity` "panics if the new capacity exceeds
//! `isize::MAX` bytes", and an allocation it cannot get "aborts"
//! (`handle_alloc_error`). Such an argument costs a run dearly (a child
//! process dies and is replayed, or a call runs into the timeout), so drt
//! learns which parameters of which operations hurt at which magnitude,
//! and draws smaller values for them from then on: the operation itself
//! stays in the run, with every size that works.
//!
//! - std's refusal of a size (`capacity overflow`) in a call given a large
//!   integer is an illegal input ([`refused`]);
//! - a child records the call running when it was given a large integer,
//!   and the largest integer the sequence running was given, its
//!   components' too ([`Largest`]: a value a size made long ago may slow a
//!   later call); an allocation failure, or a call running longer
//!   than a twentieth of the call timeout, in wall-clock and processor
//!   time (the supervisor cuts it short; a child the machine did not run
//!   is not slow)
//!   then throttles that parameter ([`Throttles::learn`]), and is no
//!   failure;
//! - the supervisor hands its children what it learned (`throttle` lines of
//!   the job), and the report lists it ([`crate::Stats::throttled`]), so a
//!   user can bound the size with `requires` instead.

use crate::macro_support::Slot;
use crate::sequence::Operand;
use crate::world::World;

/// The smallest magnitude taken for a size: below it an integer is an
/// ordinary argument (an index, a count of a few pushes), never blamed.
pub(crate) const LARGE: u128 = 1 << 10;
/// The fewest bits a throttle leaves a parameter (values below 2^10 are
/// always drawn), and the most: once a size hurt, values below 2^16 are
/// all a run needs (a `u16` count, a page of memory, a chunk boundary),
/// and larger ones built into pool values make every later run slow.
const MIN_BITS: u32 = 11;
const MAX_BITS: u32 = 17;

/// Whether a panic's `message` is std's refusal of a size (`Vec`, `VecDeque`,
/// `String`, `HashMap`: "capacity overflow", "Hash table capacity
/// overflow"); with a large integer argument in the call, an illegal input.
pub(crate) fn refused(message: &str) -> bool {
    message.ends_with("capacity overflow")
}

/// Whether a dead child's last words are std's on an allocation that
/// failed (`memory allocation of 1099511627776 bytes failed`).
pub(crate) fn allocation_failed(said: &str) -> bool {
    said.starts_with("memory allocation of") && said.ends_with("failed")
}

/// The largest integer argument of a call with `args`, when it is
/// at least [`LARGE`]: its parameter and magnitude. An integer an earlier
/// call returned (`repeat(len)`) for a parameter in `ints` (bit `k` for the
/// `k`-th) is read from `vars`, the run's values, when it is still there.
pub(crate) fn large_argument(
    world: &World<'_>,
    args: &[Operand],
    (ints, vars): (u64, &[Slot]),
) -> Option<(usize, u128)> {
    args.iter()
        .enumerate()
        .filter_map(|(k, a)| {
            let int = ints >> k.min(63) & 1 == 1;
            Some((k, magnitude(world, a).or_else(|| if int { held(a, vars) } else { None })?))
        })
        .filter(|(_, m)| *m >= LARGE)
        .max_by_key(|(_, m)| *m)
}

/// The magnitude of an integer variable among `vars`, or of the largest
/// integer of a vector of them (a bit set's words a call returned, which
/// `extend` reads as positions).
fn held(arg: &Operand, vars: &[Slot]) -> Option<u128> {
    let Operand::Var { var, .. } = arg else { return None };
    let value: &dyn std::any::Any = vars.get(*var as usize)?.as_deref()?;
    match crate::ints::IntKind::of(value.type_id()) {
        Some(kind) => Some(kind.complexity(kind.bits_of(value)?)),
        None => crate::ints::IntKind::largest_in(value),
    }
}

/// A call given a large integer: its operation's path, the parameter, the
/// magnitude.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Large {
    pub op: String,
    pub param: usize,
    pub magnitude: u128,
}

/// The largest integer some calls were given, when large, compactly (a
/// pool entry keeps one for its whole sequence, components included): the
/// operation (index in the world), the parameter, the magnitude.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Largest {
    pub op: u32,
    pub param: u16,
    /// At least [`LARGE`]; never zero, so that `Option<Largest>`, which
    /// every pool entry holds, takes no more room than `Largest`.
    pub magnitude: std::num::NonZeroU64,
}

const _: () = assert!(std::mem::size_of::<Option<Largest>>() == std::mem::size_of::<Largest>());

impl Largest {
    /// The largest large integer given to `calls` (operation, arguments).
    pub fn of<'a>(world: &World<'_>, calls: impl Iterator<Item = (u32, &'a [Operand])>) -> Option<Largest> {
        calls
            .filter_map(|(op, args)| {
                let (param, magnitude) = large_argument(world, args, (0, &[]))?;
                let magnitude = std::num::NonZeroU64::new(u64::try_from(magnitude).unwrap_or(u64::MAX))?;
                Some(Largest { op, param: param as u16, magnitude })
            })
            .max_by_key(|l| l.magnitude)
    }

    /// The larger of two.
    pub fn max(a: Option<Largest>, b: Option<Largest>) -> Option<Largest> {
        match (a, b) {
            (Some(a), Some(b)) => Some(if b.magnitude > a.magnitude { b } else { a }),
            (a, b) => a.or(b),
        }
    }
}

/// Whether integer operand `arg` has `bits` bits or more: as large as a
/// throttle of `bits` holds back.
pub(crate) fn at_least(world: &World<'_>, arg: &Operand, bits: u32) -> bool {
    magnitude(world, arg).is_some_and(|m| m >= 1u128 << (bits - 1))
}

/// The magnitude of an integer operand: a drawn value or an integer seed,
/// or the largest of a vector's.
pub(crate) fn magnitude(world: &World<'_>, arg: &Operand) -> Option<u128> {
    match arg {
        Operand::Int { kind, bits } => Some(kind.complexity(*bits)),
        Operand::Seed(s) => {
            let seed = &world.seeds[*s as usize];
            crate::ints::IntKind::of(seed.ty).map(|_| seed.complexity)
        }
        // A vector's largest: `from_iter(vec![(usize::MAX, 1)])` sizes by
        // its items (a slab's keys, a bit set's positions).
        Operand::SeedVec { elems, .. } => elems.iter().filter_map(|e| magnitude(world, e)).max(),
        _ => None,
    }
}

/// One parameter drawn smaller than its type allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Throttle {
    /// The operation, by its full path (as a job names it).
    pub op: String,
    pub param: usize,
    /// Values of this many bits or more are drawn no more.
    pub bits: u32,
    /// What the value that taught it did (`memory allocation of 8 GiB failed`).
    pub why: String,
}

impl Throttle {
    /// A job's `throttle` line's value, and back: tab-separated, for an
    /// operation's path may hold spaces (`Iter<(usize, u32)>`, a builder's).
    pub fn encode(&self) -> String {
        let why = self.why.replace(['\n', '\t'], " ");
        format!("{}\t{}\t{}\t{why}", self.param, self.bits, self.op)
    }

    pub fn decode(text: &str) -> Option<Throttle> {
        let mut w = text.splitn(4, '\t');
        let param = w.next()?.parse().ok()?;
        let bits = w.next()?.parse().ok()?;
        let (op, why) = (w.next()?.to_string(), w.next().unwrap_or("").to_string());
        Some(Throttle { op, param, bits, why })
    }
}

/// The throttles of one run, by operation index.
#[derive(Clone, Debug, Default)]
pub(crate) struct Throttles {
    /// (operation index, throttle).
    by_op: Vec<(u32, Throttle)>,
}

impl Throttles {
    /// The throttles `learned` (by an earlier child), for `world`'s operations.
    pub fn of(world: &World<'_>, learned: &[Throttle]) -> Throttles {
        let by_op = learned.iter().flat_map(|t| ops_named(world, &t.op).map(move |op| (op, t.clone()))).collect();
        Throttles { by_op }
    }

    /// Whether no parameter is throttled.
    pub fn is_empty(&self) -> bool {
        self.by_op.is_empty()
    }

    /// The bits below which parameter `param` of operation `op` is drawn.
    pub fn limit(&self, op: u32, param: usize) -> Option<u32> {
        self.by_op.iter().find(|(o, t)| *o == op && t.param == param).map(|(_, t)| t.bits)
    }

    /// Whether `arg` is too large for parameter `param` of `op`: at least
    /// as large as the sizes that hurt it (what a draw replaces by a
    /// smaller one).
    pub fn holds_back(&self, world: &World<'_>, op: u32, param: usize, arg: &Operand) -> bool {
        self.limit(op, param).is_some_and(|bits| at_least(world, arg, bits))
    }

    /// Learns that a call given `large` hurt (`why`): its parameter is
    /// throttled to half the bits of the magnitude (a square root: a few
    /// lessons reach sizes that work, each costing a child), and to
    /// [`MAX_BITS`] at most. Returns the
    /// throttle learned; `None` when `large` is not of `world` (a record
    /// cut short).
    pub fn learn(&mut self, world: &World<'_>, large: Large, why: &str) -> Option<Throttle> {
        let Large { op: path, param, magnitude: m } = large;
        let first = ops_named(world, &path).next()?;
        let name = world.ops[first as usize].op.spec.params.get(param)?.name;
        let bits = (u128::BITS - m.leading_zeros()).div_ceil(2).clamp(MIN_BITS, MAX_BITS);
        let why = format!("{name} = {m} {why}");
        let mut learned = Throttle { op: path.clone(), param, bits, why };
        // Every operation of that path: drt's builders of one type share it
        // (an exact iterator, a filtered one, a lying one).
        for op in ops_named(world, &path) {
            match self.by_op.iter_mut().find(|(o, t)| *o == op && t.param == param) {
                Some((_, t)) => {
                    t.bits = t.bits.min(bits);
                    t.why.clone_from(&learned.why);
                    learned.bits = t.bits;
                }
                None => self.by_op.push((op, learned.clone())),
            }
        }
        Some(learned)
    }

    /// Whether a call of operation `op` given `args` is given, for a
    /// throttled parameter, an integer an earlier call returned (read from
    /// `vars`, for a parameter in `ints`) as large as the sizes that hurt.
    pub fn refuses(&self, op: u32, args: &[Operand], (ints, vars): (u64, &[Slot])) -> bool {
        self.by_op.iter().filter(|(o, _)| *o == op).any(|(_, t)| {
            let int = ints >> t.param.min(63) & 1 == 1;
            let held = args.get(t.param).filter(|_| int).and_then(|a| held(a, vars));
            held.is_some_and(|m| m >= 1u128 << (t.bits - 1))
        })
    }

    /// The throttles as a report lists them: the parameter
    /// (`Buf::with_capacity(n)`), and why; once per parameter as shown
    /// (drt's builders of one iterator type, an exact one, a filtered one
    /// and a lying one, are three paths all shown `Iter<u64>(items)`).
    pub fn described(&self, world: &World<'_>) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = Vec::new();
        for (op, t) in &self.by_op {
            let op = &world.ops[*op as usize].op;
            let shown = format!("{}({})", op.display, op.spec.params[t.param].name);
            if !out.iter().any(|(s, _)| *s == shown) {
                out.push((shown, format!("{}: drawn below 2^{} from then on", t.why, t.bits - 1)));
            }
        }
        out
    }

    /// The throttles, as a job hands them on (once per path and parameter).
    pub fn learned(&self) -> Vec<Throttle> {
        let mut out: Vec<Throttle> = Vec::new();
        for (_, t) in &self.by_op {
            if !out.iter().any(|o| o.op == t.op && o.param == t.param) {
                out.push(t.clone());
            }
        }
        out
    }
}

/// The operations of `world` whose path is `path`, by index.
/// Those shown alike go with them: drt's exact, filtered and lying
/// iterator builders of one item type are three paths, all shown
/// `Iter<u64>`, and a size that hurts one hurts the others (each would
/// otherwise cost a child of its own to learn it).
fn ops_named<'a>(world: &'a World<'_>, path: &'a str) -> impl Iterator<Item = u32> + 'a {
    let builder = |o: &crate::world::RunOp<'_>| matches!(o.op.spec.kind, crate::macro_support::OpKind::Builder(_));
    let shown = world.ops.iter().find(|o| o.op.path == path && builder(o)).map(|o| o.op.display.as_str());
    let named =
        move |o: &crate::world::RunOp<'_>| o.op.path == path || builder(o) && Some(o.op.display.as_str()) == shown;
    world.ops.iter().enumerate().filter(move |(_, o)| named(o)).map(|(k, _)| k as u32)
}

/// An integer below `2^(bits - 1)` standing in for a throttled argument of
/// `kind`: drawn as integers are, until one fits (else a small one).
pub(crate) fn smaller(kind: crate::ints::IntKind, bits: u32, rng: &mut crate::rng::Choices) -> u64 {
    use rand::RngExt;
    let fits = |v: u64| kind.complexity(v) < 1u128 << (bits - 1);
    for _ in 0..16 {
        let v = kind.draw(rng);
        if fits(v) {
            return v;
        }
    }
    rng.random_range(0..=64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn std_words_for_sizes_are_recognized() {
        assert!(refused("capacity overflow"));
        assert!(refused("Hash table capacity overflow"));
        assert!(!refused("index out of bounds: the len is 3 but the index is 5"));
        assert!(allocation_failed("memory allocation of 1099511627776 bytes failed"));
        assert!(!allocation_failed("thread 'main' panicked"));
    }

    #[test]
    fn a_throttle_round_trips_through_a_job_line() {
        let t = Throttle { op: "a::B::reserve".into(), param: 1, bits: 20, why: "n = 5 failed\nto".into() };
        let back = Throttle::decode(&t.encode()).unwrap();
        assert_eq!(back, Throttle { why: "n = 5 failed to".into(), ..t });
    }
}
