//! Operation sequences (thesis §5.2): plain data, no execution.
//!
//! Call `i` names its result "variable `i`"; later calls refer to it by that
//! index. A call that returned nothing simply has a variable nobody uses.
//!
//! Storage is flat: one array of calls (an operation and where its arguments
//! end) and one array of every call's arguments, so a sequence is two
//! allocations however long it is, and copying one (the `extend` operator
//! does it for every component) copies two arrays instead of allocating per
//! call.

use crate::ints::IntKind;

/// How a call uses a variable, following Rust's ownership rules, so that a
/// rendered sequence compiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Mode {
    /// `&v`.
    Ref,
    /// `&mut v`: later calls see the change.
    Mut,
    /// `v`: moved; the variable is dead afterwards.
    Move,
    /// `v.clone()`.
    Clone,
}

/// Where an argument comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Operand {
    /// A variable of the sequence.
    Var { var: u32, mode: Mode },
    /// A fresh copy of seed `i` (rendered inline as a literal).
    Seed(u32),
    /// A drawn integer of this kind, as its bits (rendered as a literal).
    Int { kind: IntKind, bits: u64 },
    /// A fresh `Vec` built by vec builder `builder` from these elements,
    /// each a `Seed` or an `Int`.
    // Boxed: this variant is rare, and behind one pointer it keeps every
    // operand at 16 bytes instead of 32; pool memory is mostly operands.
    #[allow(clippy::box_collection)]
    SeedVec { builder: u32, elems: Box<Vec<Operand>> },
}

impl Operand {
    /// The operand with its variable shifted by `offset`.
    fn shifted(&self, offset: u32) -> Operand {
        match self {
            Operand::Var { var, mode } => Operand::Var { var: var + offset, mode: *mode },
            other => other.clone(),
        }
    }
}

/// One call: an operation (index into the run's operation table) and where
/// its arguments, the receiver first, end in the sequence's operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Call {
    op: u32,
    end: u32,
}

/// A sequence of calls.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Sequence {
    calls: Vec<Call>,
    operands: Vec<Operand>,
}

impl Sequence {
    /// A sequence of these calls: (operation, arguments).
    #[cfg(test)]
    pub fn from_calls(calls: impl IntoIterator<Item = (u32, Vec<Operand>)>) -> Sequence {
        let mut seq = Sequence::default();
        for (op, args) in calls {
            seq.push(op, args);
        }
        seq
    }

    pub fn len(&self) -> usize {
        self.calls.len()
    }

    /// Where call `i`'s arguments start in `operands`.
    fn start(&self, i: usize) -> usize {
        if i == 0 {
            0
        } else {
            self.calls[i - 1].end as usize
        }
    }

    /// The operation of call `i`.
    pub fn op(&self, i: usize) -> u32 {
        self.calls[i].op
    }

    /// The operation of the last call.
    pub fn last_op(&self) -> Option<u32> {
        self.calls.last().map(|c| c.op)
    }

    /// The arguments of call `i`, the receiver first.
    pub fn args(&self, i: usize) -> &[Operand] {
        &self.operands[self.start(i)..self.calls[i].end as usize]
    }

    /// The arguments of call `i`, to change in place.
    pub fn args_mut(&mut self, i: usize) -> &mut [Operand] {
        let start = self.start(i);
        &mut self.operands[start..self.calls[i].end as usize]
    }

    /// Every call: its operation and arguments.
    pub fn calls(&self) -> impl Iterator<Item = (u32, &[Operand])> + '_ {
        (0..self.len()).map(|i| (self.calls[i].op, self.args(i)))
    }

    /// Every argument of every call, in order.
    pub fn operands(&self) -> &[Operand] {
        &self.operands
    }

    /// Appends a call of `op` with `args`.
    pub fn push(&mut self, op: u32, args: impl IntoIterator<Item = Operand>) {
        self.operands.extend(args);
        self.calls.push(Call { op, end: self.operands.len() as u32 });
    }

    /// Removes every call, keeping the storage.
    pub fn clear(&mut self) {
        self.calls.clear();
        self.operands.clear();
    }

    /// Keeps the first `len` calls.
    pub fn truncate(&mut self, len: usize) {
        if len < self.len() {
            self.operands.truncate(self.start(len));
            self.calls.truncate(len);
        }
    }

    /// Call `i` becomes a call of `op`, without its arguments in `cut`.
    pub fn replace_call(&mut self, i: usize, op: u32, cut: std::ops::Range<usize>) {
        let start = self.start(i);
        self.operands.drain(start + cut.start..start + cut.end);
        self.calls[i].op = op;
        for c in &mut self.calls[i..] {
            c.end -= cut.len() as u32;
        }
    }

    /// Every use of variable `var`: the call using it, and how.
    pub fn uses(&self, var: u32) -> impl Iterator<Item = (usize, Mode)> + '_ {
        self.calls().enumerate().flat_map(move |(i, (_, args))| {
            args.iter().filter_map(move |a| match a {
                Operand::Var { var: v, mode } if *v == var => Some((i, *mode)),
                _ => None,
            })
        })
    }

    /// Removes call `i`, whose result must be unused; later variables shift down.
    pub fn remove(&mut self, i: usize) {
        debug_assert!(self.uses(i as u32).next().is_none());
        let (start, end) = (self.start(i), self.calls[i].end as usize);
        self.operands.drain(start..end);
        self.calls.remove(i);
        for c in &mut self.calls[i..] {
            c.end -= (end - start) as u32;
        }
        for a in &mut self.operands[start..] {
            if let Operand::Var { var, .. } = a {
                if *var as usize > i {
                    *var -= 1;
                }
            }
        }
    }

    /// Inserts a call of `op` with `args` at position `i`; the variables of
    /// later calls shift up. `args` may only use variables before `i`.
    pub fn insert(&mut self, i: usize, op: u32, args: Vec<Operand>) {
        let start = self.start(i);
        for a in &mut self.operands[start..] {
            if let Operand::Var { var, .. } = a {
                if *var as usize >= i {
                    *var += 1;
                }
            }
        }
        let n = args.len() as u32;
        self.operands.splice(start..start, args);
        for c in &mut self.calls[i..] {
            c.end += n;
        }
        self.calls.insert(i, Call { op, end: start as u32 + n });
    }

    /// The variables call `i` produced or mutated: its result and its `&mut`
    /// arguments. These are the values the oracles check and index pruning
    /// looks at.
    pub fn touched(&self, i: usize) -> impl Iterator<Item = u32> + '_ {
        std::iter::once(i as u32).chain(self.args(i).iter().filter_map(|a| match a {
            Operand::Var { var, mode: Mode::Mut } => Some(*var),
            _ => None,
        }))
    }

    /// Checks the rules rustc would enforce on the rendered test: a variable is used only after the call that made it, never after
    /// it was moved, and never twice in one call.
    pub fn check_ownership(&self) -> Result<(), String> {
        let mut moved = vec![false; self.calls.len()];
        for (i, (_, args)) in self.calls().enumerate() {
            let mut used: Vec<u32> = Vec::new();
            for arg in args {
                let Operand::Var { var, mode } = arg else { continue };
                let v = *var as usize;
                if v >= i {
                    return Err(format!("call {i} uses variable {v} before it exists"));
                }
                if used.contains(var) {
                    return Err(format!("call {i} uses variable {v} twice"));
                }
                if moved[v] {
                    return Err(format!("call {i} uses variable {v} after it was moved"));
                }
                used.push(*var);
                if *mode == Mode::Move {
                    moved[v] = true;
                }
            }
        }
        Ok(())
    }

    /// A hash of the sequence's structure, to skip sequences already made
    /// (Randoop discards a sequence identical to an earlier one, thesis §7.3).
    /// It is the hash a [`Composed`] of the same calls has, however it was
    /// put together (which is how generation computes it).
    #[cfg(test)]
    pub fn structural_hash(&self) -> u64 {
        (0..self.len()).fold(0, |h, i| h.wrapping_mul(HASH_BASE).wrapping_add(call_hash(i, self.op(i), self.args(i))))
    }
}

/// A sequence some of whose calls are holes: calls that are not run, whose
/// variables a run fills from elsewhere (a reused component's values) or
/// leaves empty (a call with no counterpart on the reference's side of a
/// differential run). What the executor runs besides whole sequences; a
/// [`Sequence`] never has holes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Holey(Sequence);

impl Holey {
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Removes every call, keeping the storage.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Appends a call of `op` with `args`.
    pub fn push(&mut self, op: u32, args: impl IntoIterator<Item = Operand>) {
        self.0.push(op, args);
    }

    /// Appends `n` holes.
    pub fn push_holes(&mut self, n: usize) {
        let end = self.0.operands.len() as u32;
        self.0.calls.extend(std::iter::repeat_n(Call { op: HOLE, end }, n));
    }

    /// Whether call `i` is a hole.
    pub fn is_hole(&self, i: usize) -> bool {
        self.0.calls[i].op == HOLE
    }

    /// Whether some call is a hole.
    pub fn has_holes(&self) -> bool {
        (0..self.len()).any(|i| self.is_hole(i))
    }

    /// The operation of call `i`, which is not a hole.
    pub fn op(&self, i: usize) -> u32 {
        debug_assert!(!self.is_hole(i), "a hole has no operation");
        self.0.op(i)
    }

    /// The arguments of call `i`, which is not a hole.
    pub fn args(&self, i: usize) -> &[Operand] {
        self.0.args(i)
    }

    /// The variables call `i` (not a hole) produced or mutated.
    pub fn touched(&self, i: usize) -> impl Iterator<Item = u32> + '_ {
        debug_assert!(!self.is_hole(i), "a hole touches nothing");
        self.0.touched(i)
    }

    /// The calls, holes as calls of no operation: the executor's view,
    /// which runs only the others.
    pub(crate) fn with_holes(&self) -> &Sequence {
        &self.0
    }

    /// The sequence, when it has no holes.
    pub fn whole(&self) -> Option<&Sequence> {
        (!self.has_holes()).then_some(&self.0)
    }

    /// The calls where `keep` is true, renumbered: a whole sequence when
    /// `keep` is false at every hole.
    pub fn kept(self, keep: &[bool]) -> Sequence {
        let mut seq = self.0;
        for i in (0..seq.len()).rev().filter(|&i| !keep[i]) {
            seq.remove(i);
        }
        debug_assert!(seq.calls.iter().all(|c| c.op != HOLE), "a hole kept");
        seq
    }

    /// Its storage, emptied, for a whole sequence.
    pub fn emptied(mut self) -> Sequence {
        self.0.clear();
        self.0
    }
}

impl From<Sequence> for Holey {
    /// A whole sequence, as one with no holes.
    fn from(seq: Sequence) -> Holey {
        Holey(seq)
    }
}

/// The operation of a hole (see [`Holey`]).
const HOLE: u32 = u32::MAX >> 1;
/// In a [`Composed`] body, an operation with this bit stands for part `op & !PART`.
const PART: u32 = 1 << 31;
/// The base of the polynomial structural hash: odd, so multiplying by it
/// loses nothing.
const HASH_BASE: u64 = 0x9e37_79b9_7f4a_7c15;

/// The hash of call `at`: its operation and arguments, each variable by its
/// distance back from the call, so a call hashes alike wherever its
/// sequence lands in a longer one.
fn call_hash(at: usize, op: u32, args: &[Operand]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    op.hash(&mut h);
    for a in args {
        match a {
            Operand::Var { var, mode } => (0u8, (at as u32).wrapping_sub(*var), *mode).hash(&mut h),
            Operand::Seed(s) => (1u8, *s).hash(&mut h),
            Operand::SeedVec { builder, elems } => (2u8, *builder, elems).hash(&mut h),
            Operand::Int { kind, bits } => (3u8, *kind, *bits).hash(&mut h),
        }
    }
    // FxHash's last multiply leaves the low bits weak; mix them (splitmix64's finalizer).
    let mut z = h.finish();
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One item of a [`Composed`] body: an own call (operation, arguments) or a
/// component (number, calls).
enum Item<'a> {
    Call(u32, &'a [Operand]),
    Part(u32, u32),
}

/// A sequence as Randoop's sequence of subsequences (thesis §7.6,
/// "Efficient sequence representation and concatenation"): its own calls,
/// and for each component it extends a single marker naming it, so a
/// component is shared, never copied, and a kept sequence costs bytes in
/// proportion to what it adds. Components are named by a number the
/// owner of the components resolves ([`View::write`]'s `lookup`).
/// Variables are numbered as in the whole sequence. This is the one being
/// built; the kept ones lie on a [`Shelf`], and both are read as a [`View`].
#[derive(Clone, Debug, Default)]
pub(crate) struct Composed {
    /// The own calls, and a call of operation `PART | k` for `parts[k]`.
    body: Sequence,
    /// The components: (number, calls).
    parts: Vec<(u32, u32)>,
    /// Calls in the whole sequence.
    len: u32,
    /// `Sequence::structural_hash` of the whole sequence.
    hash: u64,
}

impl Composed {
    /// Calls in the whole sequence.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// The hash of the whole sequence (`Sequence::structural_hash`, in tests).
    pub fn structural_hash(&self) -> u64 {
        self.hash
    }

    /// The sequence, to read.
    pub fn view(&self) -> View<'_> {
        View {
            calls: &self.body.calls,
            operands: &self.body.operands,
            parts: &self.parts,
            len: self.len,
            hash: self.hash,
        }
    }

    /// Removes every call, keeping the storage.
    pub fn clear(&mut self) {
        self.body.clear();
        self.parts.clear();
        (self.len, self.hash) = (0, 0);
    }

    /// Appends a call of `op` with `args` (variables numbered in the whole sequence).
    pub fn push(&mut self, op: u32, args: impl IntoIterator<Item = Operand>) {
        self.body.push(op, args);
        let i = self.body.len() - 1;
        self.hash = self.hash.wrapping_mul(HASH_BASE).wrapping_add(call_hash(self.len(), op, self.body.args(i)));
        self.len += 1;
    }

    /// Appends a call whose hash the caller sets ([`View::compacted`]).
    fn push_unhashed(&mut self, op: u32, args: impl IntoIterator<Item = Operand>) {
        self.body.push(op, args);
        self.len += 1;
    }

    /// Appends component `id`, which is `part`; returns the offset to add to
    /// `part`'s variable indices (the `extend` operator's concatenation,
    /// thesis §7.5).
    pub fn push_part(&mut self, id: u32, part: View<'_>) -> u32 {
        // Written out before the sequence runs, after the rest is drawn:
        // fetched now, a long pool's component is in the cache by then.
        part.prefetch();
        let offset = self.len;
        self.body.push(PART | self.parts.len() as u32, []);
        self.parts.push((id, part.len));
        self.hash = self.hash.wrapping_mul(HASH_BASE.wrapping_pow(part.len)).wrapping_add(part.hash);
        self.len += part.len;
        offset
    }
}

/// A [`Composed`] sequence to read, borrowed from the one being built or
/// from a [`Shelf`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct View<'a> {
    calls: &'a [Call],
    operands: &'a [Operand],
    parts: &'a [(u32, u32)],
    len: u32,
    hash: u64,
}

impl<'a> View<'a> {
    /// Asks the processor to fetch the start of its arrays ([`prefetch`]).
    #[inline]
    pub fn prefetch(&self) {
        prefetch(self.calls.as_ptr());
        prefetch(self.operands.as_ptr());
        prefetch(self.parts.as_ptr());
    }

    /// The hash of the whole sequence ([`Sequence::structural_hash`]).
    #[cfg(test)]
    pub fn structural_hash(&self) -> u64 {
        self.hash
    }

    /// The components' numbers, in order.
    pub fn parts(&self) -> impl Iterator<Item = u32> + 'a {
        self.parts.iter().map(|(id, _)| *id)
    }

    /// The operation of the last call, when it is an own call.
    pub fn last_op(&self) -> Option<u32> {
        self.calls.last().map(|c| c.op).filter(|op| op & PART == 0)
    }

    /// Its own calls and components in order, each with its position in
    /// the whole sequence.
    fn items(&self) -> impl Iterator<Item = (u32, Item<'a>)> + 'a {
        let (operands, parts) = (self.operands, self.parts);
        let (mut at, mut start) = (0, 0);
        self.calls.iter().map(move |call| {
            let (here, args) = (at, &operands[start as usize..call.end as usize]);
            start = call.end;
            if call.op & PART == 0 {
                at += 1;
                (here, Item::Call(call.op, args))
            } else {
                let (id, len) = parts[(call.op & !PART) as usize];
                at += len;
                (here, Item::Part(id, len))
            }
        })
    }

    /// This sequence with argument `arg` of the call at position `at`
    /// replaced by `operand`; a component holding that call is written out
    /// (its calls become the sequence's own, the others stay components).
    /// `lookup` resolves a component's number.
    pub fn replaced(&self, at: usize, arg: usize, operand: &Operand, lookup: &impl Fn(u32) -> View<'a>) -> Composed {
        let mut out = Composed::default();
        self.append_replaced(&mut out, at, arg, operand, lookup);
        out
    }

    /// Appends this sequence to `out` as [`View::replaced`] makes it.
    fn append_replaced(
        &self,
        out: &mut Composed,
        at: usize,
        arg: usize,
        operand: &Operand,
        lookup: &impl Fn(u32) -> View<'a>,
    ) {
        let offset = out.len;
        for (here, item) in self.items() {
            let here = here as usize;
            match item {
                Item::Call(op, args) => out.push(
                    op,
                    args.iter().enumerate().map(|(k, a)| {
                        if here == at && k == arg {
                            operand.clone()
                        } else {
                            a.shifted(offset)
                        }
                    }),
                ),
                Item::Part(id, len) if (here..here + len as usize).contains(&at) => {
                    lookup(id).append_replaced(out, at - here, arg, operand, lookup);
                }
                Item::Part(id, _) => {
                    out.push_part(id, lookup(id));
                }
            }
        }
    }

    /// This sequence, into `out`, with each component of fewer than `few`
    /// own calls written out one level (its own calls become `out`'s, its
    /// components stay components): the same whole sequence, with the same
    /// hash, reached through fewer components. Extending a sequence by a
    /// call makes a chain of components as long as the sequence; writing
    /// one looks each link up, a cache miss or more apiece in a large pool,
    /// and a run of a type that is not `Clone` writes every call of it.
    pub fn compacted(&self, out: &mut Composed, lookup: &impl Fn(u32) -> View<'a>, few: usize) {
        out.clear();
        let last = self.calls.len().saturating_sub(1);
        for (i, (_, item)) in self.items().enumerate() {
            match item {
                Item::Call(op, args) => out.push_unhashed(op, args.iter().cloned()),
                Item::Part(id, _) => {
                    let part = lookup(id);
                    // A sequence that ends with a component (two joined)
                    // still does: it has no last operation of its own.
                    if part.calls.len() - part.parts.len() >= few || i == last {
                        out.push_part(id, part);
                        continue;
                    }
                    let offset = out.len;
                    for (_, inner) in part.items() {
                        match inner {
                            Item::Call(op, args) => out.push_unhashed(op, args.iter().map(|a| a.shifted(offset))),
                            Item::Part(q, _) => {
                                out.push_part(q, lookup(q));
                            }
                        }
                    }
                }
            }
        }
        debug_assert_eq!(out.len, self.len);
        out.hash = self.hash;
    }

    /// The operation and arguments of the call at position `at` of the
    /// whole sequence, looked up in the component that holds it when one
    /// does (a component's arguments number its variables from its start).
    pub fn call_at(&self, at: usize, lookup: &impl Fn(u32) -> View<'a>) -> Option<(u32, &'a [Operand])> {
        for (here, item) in self.items() {
            let here = here as usize;
            match item {
                Item::Call(op, args) if here == at => return Some((op, args)),
                Item::Part(id, len) if (here..here + len as usize).contains(&at) => {
                    return lookup(id).call_at(at - here, lookup)
                }
                _ if here > at => return None,
                _ => {}
            }
        }
        None
    }

    /// The own calls: (position in the whole sequence, operation, arguments).
    pub fn own_calls(&self) -> impl Iterator<Item = (usize, u32, &'a [Operand])> + 'a {
        self.items().filter_map(|(at, item)| match item {
            Item::Call(op, args) => Some((at as usize, op, args)),
            Item::Part(..) => None,
        })
    }

    /// The components: (number, position in the whole sequence), in order.
    pub fn parts_at(&self) -> impl Iterator<Item = (u32, u32)> + 'a {
        self.items().filter_map(|(at, item)| match item {
            Item::Part(id, _) => Some((id, at)),
            Item::Call(..) => None,
        })
    }

    /// Appends the whole sequence to `out`, renumbered; the components at
    /// the positions for which `hole` is true are written as holes.
    /// `lookup` resolves a component's number.
    pub fn write(&self, out: &mut Holey, lookup: &impl Fn(u32) -> View<'a>, hole: &dyn Fn(u32) -> bool) {
        let offset = out.len() as u32;
        for (at, item) in self.items() {
            match item {
                Item::Call(op, args) => out.push(op, args.iter().map(|a| a.shifted(offset))),
                Item::Part(_, len) if hole(at) => out.push_holes(len as usize),
                Item::Part(id, _) => lookup(id).write_whole(&mut out.0, lookup),
            }
        }
    }

    /// Appends the whole sequence to `out`, renumbered: [`View::write`]
    /// with no holes, in the loop every run of a sequence that is not
    /// reused goes through (each own call's arguments copied as one slice,
    /// each component written where its marker lies).
    fn write_whole(&self, out: &mut Sequence, lookup: &impl Fn(u32) -> View<'a>) {
        let offset = out.calls.len() as u32;
        out.calls.reserve(self.calls.len());
        out.operands.reserve(self.operands.len());
        let mut start = 0;
        for call in self.calls {
            let end = call.end as usize;
            if call.op & PART == 0 {
                out.operands.extend(self.operands[start..end].iter().map(|a| a.shifted(offset)));
                out.calls.push(Call { op: call.op, end: out.operands.len() as u32 });
            } else {
                lookup(self.parts[(call.op & !PART) as usize].0).write_whole(out, lookup);
            }
            start = end;
        }
    }

    /// Appends the whole of it to `out` (each component looked up by
    /// `lookup`): the one place a draft is flattened.
    pub fn flatten(&self, out: &mut Sequence, lookup: &impl Fn(u32) -> View<'a>) {
        self.write_whole(out, lookup);
    }

    /// The bytes it holds on a [`Shelf`]: its own calls, arguments and
    /// components (a vector's elements as many as it has, as a shelved
    /// copy holds them, whatever the capacity of this one's).
    pub fn bytes(&self) -> usize {
        let seed_vecs: usize = self
            .operands
            .iter()
            .map(|a| match a {
                Operand::SeedVec { elems, .. } => {
                    std::mem::size_of::<Vec<Operand>>() + elems.len() * std::mem::size_of::<Operand>()
                }
                _ => 0,
            })
            .sum();
        std::mem::size_of_val(self.calls)
            + std::mem::size_of_val(self.operands)
            + std::mem::size_of_val(self.parts)
            + seed_vecs
    }
}

/// Where some items lie in an array: `start..start + len`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Span {
    pub start: u32,
    pub len: u32,
}

impl Span {
    /// The range of indices.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }

    /// Appends `items` to `v`; where they lie.
    pub fn push<T>(v: &mut Vec<T>, items: impl IntoIterator<Item = T>) -> Span {
        let start = v.len() as u32;
        v.extend(items);
        Span { start, len: v.len() as u32 - start }
    }

    /// Moves these items of `v` down to `*to` and advances `*to` past
    /// them. Called on spans in the order they lie in `v`, then
    /// `v.truncate(*to)`, it keeps only those spans' items, packed, and
    /// drops the others, without allocating.
    pub fn move_down<T>(&mut self, v: &mut [T], to: &mut u32) {
        debug_assert!(*to <= self.start || self.len == 0);
        if *to != self.start {
            for i in 0..self.len {
                v.swap((*to + i) as usize, (self.start + i) as usize);
            }
        }
        self.start = *to;
        *to += self.len;
    }
}

/// Asks the processor to bring the cache line at `p` in, without waiting
/// for it (and without reading it: `p` may point anywhere).
#[inline]
pub(crate) fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint; it never faults, whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Where a [`Composed`] sequence lies on a [`Shelf`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shelved {
    calls: Span,
    operands: Span,
    parts: Span,
    len: u32,
    hash: u64,
}

impl Shelved {
    /// Calls in the whole sequence.
    pub fn len(&self) -> usize {
        self.len as usize
    }
}

/// Storage for many [`Composed`] sequences: their calls, arguments and
/// components in three arrays shared by all, so keeping one allocates
/// nothing once the arrays have grown, and dropping many frees nothing
/// one by one ([`Shelf::retain`]).
#[derive(Default)]
pub(crate) struct Shelf {
    calls: Vec<Call>,
    operands: Vec<Operand>,
    parts: Vec<(u32, u32)>,
}

impl Shelf {
    /// Stores a copy of `seq`.
    pub fn put(&mut self, seq: View<'_>) -> Shelved {
        Shelved {
            calls: Span::push(&mut self.calls, seq.calls.iter().copied()),
            operands: Span::push(&mut self.operands, seq.operands.iter().cloned()),
            parts: Span::push(&mut self.parts, seq.parts.iter().copied()),
            len: seq.len,
            hash: seq.hash,
        }
    }

    /// The stored sequence `s`.
    pub fn get(&self, s: &Shelved) -> View<'_> {
        View {
            calls: &self.calls[s.calls.range()],
            operands: &self.operands[s.operands.range()],
            parts: &self.parts[s.parts.range()],
            len: s.len,
            hash: s.hash,
        }
    }

    /// Keeps only the sequences `kept`, given in the order they were
    /// stored, and renumbers their components by `renumber`.
    pub fn retain<'a>(&mut self, kept: impl Iterator<Item = &'a mut Shelved>, renumber: impl Fn(u32) -> u32) {
        let mut to = [0; 3];
        for s in kept {
            s.calls.move_down(&mut self.calls, &mut to[0]);
            s.operands.move_down(&mut self.operands, &mut to[1]);
            s.parts.move_down(&mut self.parts, &mut to[2]);
        }
        self.calls.truncate(to[0] as usize);
        self.operands.truncate(to[1] as usize);
        self.parts.truncate(to[2] as usize);
        self.parts.iter_mut().for_each(|(id, _)| *id = renumber(*id));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(op: u32, args: Vec<Operand>) -> (u32, Vec<Operand>) {
        (op, args)
    }
    fn seq<const N: usize>(calls: [(u32, Vec<Operand>); N]) -> Sequence {
        Sequence::from_calls(calls)
    }
    fn var(var: u32, mode: Mode) -> Operand {
        Operand::Var { var, mode }
    }

    #[test]
    fn operands_stay_small() {
        assert_eq!(std::mem::size_of::<Operand>(), 16);
    }

    /// Component `id` of `table`, by number.
    fn lookup<'a>(table: &'a [Composed]) -> impl Fn(u32) -> View<'a> + 'a {
        |id| table[id as usize].view()
    }

    #[test]
    fn a_compacted_sequence_is_the_same_sequence_through_fewer_components() {
        // A chain: each sequence extends the one before by a call.
        let mut table: Vec<Composed> = Vec::new();
        let mut shelved: Vec<Composed> = Vec::new();
        for i in 0..40u32 {
            let mut c = Composed::default();
            if i > 0 {
                c.push_part(i - 1, table[i as usize - 1].view());
            }
            c.push(i % 3, [var(c.len().saturating_sub(1) as u32, Mode::Mut), Operand::Seed(i)]);
            let mut compact = Composed::default();
            c.view().compacted(&mut compact, &lookup(&shelved), 4);
            let (whole, flat) = (flat_of(&c, &table), flat_of(&compact, &shelved));
            assert_eq!(whole, flat, "sequence {i}");
            assert_eq!((compact.len(), compact.structural_hash()), (c.len(), c.structural_hash()));
            assert_eq!(compact.view().last_op(), c.view().last_op());
            table.push(c);
            shelved.push(compact);
        }
        // A component every four calls or so, not every call.
        let depth = |mut id: u32| {
            let mut n = 0;
            while let Some(p) = shelved[id as usize].view().parts().next() {
                (id, n) = (p, n + 1);
            }
            n
        };
        assert!((8..=14).contains(&depth(39)), "{}", depth(39));
        // Two sequences joined, and nothing after: still no last operation.
        let mut joined = Composed::default();
        joined.push_part(0, table[0].view());
        joined.push_part(1, table[1].view());
        let mut compact = Composed::default();
        joined.view().compacted(&mut compact, &lookup(&shelved), 4);
        assert_eq!((compact.view().last_op(), flat_of(&compact, &shelved)), (None, flat_of(&joined, &table)));
    }

    fn flat_of(c: &Composed, table: &[Composed]) -> Sequence {
        let mut out = Sequence::default();
        c.view().flatten(&mut out, &lookup(table));
        out
    }

    #[test]
    fn a_composed_sequence_writes_its_components_renumbered() {
        let mut a = Composed::default();
        a.push(0, []);
        a.push(1, [var(0, Mode::Mut)]);
        let mut b = Composed::default();
        b.push(0, []);
        b.push(2, [var(0, Mode::Ref), Operand::Seed(3)]);
        let table = [a, b];
        // c = a, then b, then a call using both; d extends c.
        let mut c = Composed::default();
        assert_eq!(c.push_part(0, table[0].view()), 0);
        c.push(4, [Operand::Seed(1)]);
        assert_eq!(c.push_part(1, table[1].view()), 3);
        c.push(3, [var(0, Mode::Ref), var(4, Mode::Move)]);
        assert_eq!((c.len(), c.view().parts().collect::<Vec<_>>()), (6, vec![0, 1]));
        let flat = seq([
            call(0, vec![]),
            call(1, vec![var(0, Mode::Mut)]),
            call(4, vec![Operand::Seed(1)]),
            call(0, vec![]),
            call(2, vec![var(3, Mode::Ref), Operand::Seed(3)]),
            call(3, vec![var(0, Mode::Ref), var(4, Mode::Move)]),
        ]);
        let mut out = Sequence::default();
        c.view().flatten(&mut out, &lookup(&table));
        assert_eq!(out, flat);
        assert_eq!(c.view().own_calls().map(|(at, op, _)| (at, op)).collect::<Vec<_>>(), vec![(2, 4), (5, 3)]);
        assert_eq!(c.view().parts_at().collect::<Vec<_>>(), vec![(0, 0), (1, 3)]);
        // Component 1 (at 3) as holes: its two calls are there, as holes.
        let mut holey = Holey::default();
        c.view().write(&mut holey, &lookup(&table), &|at| at == 3);
        assert!(holey.has_holes() && (3..5).all(|i| holey.is_hole(i)) && holey.whole().is_none());
        assert_eq!((holey.len(), holey.args(5)), (6, flat.args(5)));
        // Without holes, it is the whole sequence.
        let mut whole = Holey::default();
        c.view().write(&mut whole, &lookup(&table), &|_| false);
        assert_eq!(whole.whole(), Some(&flat));
        // Nested: the hash is the flat sequence's, however it was built.
        let table = [table[0].clone(), table[1].clone(), c];
        let mut d = Composed::default();
        d.push_part(2, table[2].view());
        d.push(1, [var(5, Mode::Mut)]);
        let mut out = Sequence::default();
        d.view().flatten(&mut out, &lookup(&table));
        assert_eq!(out.len(), 7);
        assert_eq!(d.structural_hash(), out.structural_hash());
        assert_eq!(table[2].structural_hash(), flat.structural_hash());
        let mut e = Composed::default();
        e.push_part(0, table[0].view());
        e.push(4, [Operand::Seed(1)]);
        assert_ne!(e.structural_hash(), table[2].structural_hash());
    }

    #[test]
    fn a_call_in_a_component_is_read_and_replaced_through_it() {
        let mut a = Composed::default();
        a.push(0, []);
        a.push(1, [var(0, Mode::Mut), Operand::Seed(2)]);
        let table = [a];
        // b = a, then a call of its own; c = b (nested), then another.
        let mut b = Composed::default();
        b.push_part(0, table[0].view());
        b.push(2, [var(1, Mode::Ref)]);
        let table = [table[0].clone(), b];
        let mut c = Composed::default();
        c.push(3, []);
        c.push_part(1, table[1].view());
        c.push(4, [var(3, Mode::Ref), var(0, Mode::Move)]);
        let find = lookup(&table);
        // Call 2 of c is a's second call, its variables numbered in a.
        assert_eq!(c.view().call_at(2, &find), Some((1, &[var(0, Mode::Mut), Operand::Seed(2)][..])));
        assert_eq!((c.view().call_at(4, &find).map(|c| c.0), c.view().call_at(5, &find)), (Some(4), None));
        // Replacing its seed writes a and b out, renumbered; c's own calls stay.
        let replaced = c.view().replaced(2, 1, &Operand::Seed(9), &find);
        assert_eq!(replaced.view().parts().count(), 0);
        fn written<'a>(c: &'a Composed, lookup: &impl Fn(u32) -> View<'a>) -> Sequence {
            let mut out = Sequence::default();
            c.view().flatten(&mut out, lookup);
            out
        }
        let mut want = written(&c, &lookup(&table));
        want.args_mut(2)[1] = Operand::Seed(9);
        assert_eq!(written(&replaced, &lookup(&table)), want);
        assert_eq!(replaced.structural_hash(), want.structural_hash());
        // A call of its own: the components stay.
        let own = c.view().replaced(4, 0, &var(2, Mode::Ref), &find);
        assert_eq!(own.view().parts().collect::<Vec<_>>(), vec![1]);
    }

    #[test]
    fn a_shelf_keeps_what_it_retains_packed_and_renumbered() {
        let mut shelf = Shelf::default();
        let mut a = Composed::default();
        a.push(0, []);
        a.push(
            1,
            [
                var(0, Mode::Mut),
                Operand::SeedVec { builder: 0, elems: Box::new(vec![Operand::Seed(1), Operand::Seed(2)]) },
            ],
        );
        let mut b = Composed::default();
        b.push(2, [Operand::Seed(5)]);
        let mut stored = vec![shelf.put(a.view()), shelf.put(b.view())];
        let mut c = Composed::default();
        c.push_part(0, shelf.get(&stored[0]));
        c.push(3, [var(1, Mode::Ref), Operand::Seed(7)]);
        stored.push(shelf.put(c.view()));
        let written = |shelf: &Shelf, stored: &[Shelved], at: usize| {
            let mut out = Sequence::default();
            shelf.get(&stored[at]).flatten(&mut out, &|id| shelf.get(&stored[id as usize]));
            out
        };
        let (flat_a, flat_c) = (written(&shelf, &stored, 0), written(&shelf, &stored, 2));
        // Drop b: a stays number 0, c becomes number 1.
        let mut kept = vec![stored[0], stored[2]];
        shelf.retain(kept.iter_mut(), |id| [0, u32::MAX, 1][id as usize]);
        assert_eq!((shelf.calls.len(), shelf.operands.len(), shelf.parts.len()), (4, 4, 1));
        assert_eq!((written(&shelf, &kept, 0), written(&shelf, &kept, 1)), (flat_a, flat_c));
        assert_eq!(shelf.get(&kept[1]).structural_hash(), c.structural_hash());
        assert_eq!(shelf.get(&kept[1]).parts().collect::<Vec<_>>(), vec![0]);
    }

    #[test]
    fn remove_shifts_later_variables() {
        let mut s = seq([call(0, vec![]), call(0, vec![]), call(1, vec![var(1, Mode::Move)])]);
        assert_eq!(s.uses(0).count(), 0);
        s.remove(0);
        assert_eq!(s.args(1), vec![var(0, Mode::Move)]);
        assert_eq!(s.uses(0).collect::<Vec<_>>(), vec![(1, Mode::Move)]);
    }

    #[test]
    fn insert_shifts_later_variables() {
        let mut s = seq([call(0, vec![]), call(1, vec![var(0, Mode::Mut)])]);
        s.insert(1, 2, vec![Operand::Seed(4)]);
        assert_eq!(s.args(2), vec![var(0, Mode::Mut)]);
        s.insert(0, 2, vec![]);
        assert_eq!(s.args(3), vec![var(1, Mode::Mut)]);
        assert_eq!(s.check_ownership(), Ok(()));
    }

    #[test]
    fn calls_keep_their_arguments_through_truncation_and_replacement() {
        let mut s = seq([
            call(0, vec![Operand::Seed(1), Operand::Seed(2), Operand::Seed(3)]),
            call(1, vec![var(0, Mode::Ref)]),
        ]);
        s.replace_call(0, 5, 1..3);
        assert_eq!((s.op(0), s.args(0)), (5, &[Operand::Seed(1)][..]));
        assert_eq!(s.args(1), vec![var(0, Mode::Ref)]);
        s.push(2, [Operand::Seed(9)]);
        s.truncate(2);
        assert_eq!(s, seq([call(5, vec![Operand::Seed(1)]), call(1, vec![var(0, Mode::Ref)])]));
    }

    #[test]
    fn ownership_rules_reject_what_rustc_would() {
        let ok = seq([call(0, vec![]), call(1, vec![var(0, Mode::Mut), Operand::Seed(0)])]);
        assert_eq!(ok.check_ownership(), Ok(()));
        let twice = seq([call(0, vec![]), call(1, vec![var(0, Mode::Mut), var(0, Mode::Ref)])]);
        assert_eq!(twice.check_ownership(), Err("call 1 uses variable 0 twice".into()));
        let after_move = seq([call(0, vec![]), call(1, vec![var(0, Mode::Move)]), call(1, vec![var(0, Mode::Ref)])]);
        assert_eq!(after_move.check_ownership(), Err("call 2 uses variable 0 after it was moved".into()));
        let early = seq([call(1, vec![var(0, Mode::Ref)])]);
        assert!(early.check_ownership().is_err());
    }

    #[test]
    fn structurally_equal_sequences_hash_alike() {
        let a = seq([call(0, vec![Operand::Seed(1)])]);
        let b = a.clone();
        let c = seq([call(0, vec![Operand::Seed(2)])]);
        assert_eq!(a.structural_hash(), b.structural_hash());
        assert_ne!(a.structural_hash(), c.structural_hash());
        // Variables count by distance: the same calls later in a sequence hash alike.
        let d = seq([call(0, vec![]), call(1, vec![var(0, Mode::Ref)])]);
        let e = seq([call(0, vec![]), call(1, vec![var(1, Mode::Ref)])]);
        assert_ne!(d.structural_hash(), e.structural_hash());
    }
}
