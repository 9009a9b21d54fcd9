//! The pairing of an exploration's operations with a reference's, decided
//! once per exploration, and a sequence's counterpart on the reference's
//! side, written once per run.
//!
//! The reference's side is a sequence of the same length, numbered alike, in
//! which a call that has no counterpart is a hole: a call of an operation
//! that touches no value of `T` runs as itself; one that takes or makes a
//! value of `T` runs as its counterpart, or not at all, and then every
//! value it took by `&mut` or by value has no counterpart from there on,
//! nor has anything made from such values. What runs on both sides always
//! starts from values made alike.

use std::any::TypeId;

use crate::macro_support::builders::HONEST_ITERATORS;
use crate::macro_support::{OpKind, ParamKind, RetKind, Syntax};
use crate::registry::{Operation, Registry};
use crate::sequence::{Holey, Mode, Operand, Sequence};

/// How a parameter's argument is passed on the reference's side, when the
/// counterpart takes it another way than the operation under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shift {
    /// As on the tested side.
    Keep,
    /// `&v`.
    Borrow,
    /// `&mut v`.
    BorrowMut,
    /// `v.clone()`: the counterpart takes by value what the tested side lends.
    Clone,
    /// The items the iterator drt passed the tested side was built from
    /// (the `Vec<T>` of its builder): a forwarded `Extend` or `FromIterator`
    /// takes drt's iterator, a std reference's a `Vec` ([`Plan::shadow`]).
    Items,
}

impl Shift {
    /// How `t` passes an argument where the counterpart takes it as `m`;
    /// `None` when it cannot (a value the tested side lends, of a type
    /// without `Clone`).
    fn between(t: ParamKind, m: ParamKind, clonable: bool) -> Option<Shift> {
        use ParamKind::*;
        Some(match m {
            _ if t == m => Shift::Keep,
            Ref | Str | Slice | OptRef | OptDeref => Shift::Borrow,
            Mut | SliceMut => Shift::BorrowMut,
            Value if clonable => Shift::Clone,
            Value => return None,
        })
    }

    fn mode(self, mode: Mode) -> Mode {
        match self {
            Shift::Keep | Shift::Items => mode,
            Shift::Borrow => Mode::Ref,
            Shift::BorrowMut => Mode::Mut,
            Shift::Clone => Mode::Clone,
        }
    }
}

/// A method's name without its turbofish: `range::<Range<i32>>` -> `range`.
fn base_name(name: &str) -> &str {
    name.split_once("::<").map_or(name, |(base, _)| base)
}

/// Whether a type, by its name, is an integer of std, `bool`, or a tuple
/// or array of them: `u32`, `(u128, bool)`, `[u8; 16]`.
fn numeric_type(name: &str) -> bool {
    const WORDS: [&str; 13] =
        ["u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize", "bool"];
    let words = name.split(|c: char| "()[]; ,".contains(c)).filter(|w| !w.is_empty());
    words.clone().next().is_some()
        && words.into_iter().all(|w| WORDS.contains(&w) || w.bytes().all(|b| b.is_ascii_digit()))
}

/// What of two paired calls' results is compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Compare {
    /// Whether each gave a value (`Some`, `Ok`), and the values with `==`.
    Values,
    /// Only whether each gave a value: the values are the type under test
    /// and the reference, compared through what later calls observe.
    Emptiness,
    /// Both are `Result`s of one error type with `==` and `Debug`: whether
    /// each gave `Ok`, the errors with `==`, and when `values`, the `Ok`
    /// values too (of one type with `==`, or both `()`); otherwise those
    /// are the type under test and the reference, compared through what
    /// later calls observe.
    Results { values: bool },
    /// Whether each gave a value, and the values as numbers: the reference
    /// is one of std's integers, and the type under test's value is read
    /// through its text (`compare::numeric`), where its type is not the
    /// reference's (`Self`, `(Self, bool)`, a crate's own unsigned type).
    Numbers,
    /// Nothing: the returns are not comparable.
    Nothing,
}

/// How the reference's side runs one operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Counterpart {
    /// As itself: it touches no value of the type under test.
    Same,
    /// Not at all.
    Absent,
    /// As the reference's operation `op` (numbered after the tested ones,
    /// as `World::op` reads them), each argument passed as `shifts` say;
    /// its result stands for the tested call's when `result` (they are of
    /// one type, `Self` read as the reference).
    Model { op: u32, shifts: Vec<Shift>, compare: Compare, result: bool },
}

/// The pairing of the tested operations with the reference's.
#[derive(Debug)]
pub(crate) struct Plan {
    /// Per tested operation, its counterpart.
    pub counterparts: Vec<Counterpart>,
    /// What is not compared, for the summary.
    pub notes: Vec<String>,
    /// The builders of drt's iterators from a `Vec` of their items, by
    /// operation number ([`Shift::Items`]).
    items_builders: Vec<u32>,
}

impl Plan {
    /// Pairs the operations `ops` of an exploration whose type under test is
    /// `subject` with the operations `model_ops` of the reference `model`
    /// (numbered from `first`); an error says what to write when the
    /// reference cannot be built alongside.
    pub fn new(
        reg: &Registry,
        ops: &[&Operation],
        subject: TypeId,
        model_ops: &[&Operation],
        model: TypeId,
        first: u32,
    ) -> Result<Plan, String> {
        let subject_name = crate::names::display_type_name(reg.desc(subject).name);
        let model_name = crate::names::display_type_name(reg.desc(model).name);
        if subject == model {
            return Err(format!(
                "drt: {subject_name} cannot be its own reference: explore it .against() another type (a std \
             collection, or a naive model of it)"
            ));
        }
        let clonable = |ty: TypeId| reg.types.get(&ty).is_some_and(|d| d.clone.is_some());
        // drt's iterators and the `Vec` of items each is built from: an
        // iterator argument pairs with a reference's `Vec` of its items.
        let items_builders: Vec<u32> = (0..ops.len() as u32)
            .filter(|&k| {
                let b = &ops[k as usize].spec;
                matches!(b.kind, OpKind::Builder(_))
                    && matches!(b.syntax, Syntax::Template(t) if HONEST_ITERATORS.contains(&t))
                    && b.params.first().is_some_and(|p| p.kind == ParamKind::Value)
            })
            .collect();
        let items_of = |iter: TypeId, vec: TypeId| {
            items_builders.iter().any(|&k| {
                let b = &ops[k as usize].spec;
                b.ret_ty == Some(iter) && b.params[0].ty == vec
            })
        };
        // A reference that is one of std's integers, and a type its results
        // may be: an integer, or a tuple or array of them and `bool`s.
        let numbers = crate::ints::IntKind::of(model).is_some();
        let numeric = |ty: TypeId| reg.types.get(&ty).is_some_and(|d| numeric_type(d.name));
        let mut counterparts = Vec::with_capacity(ops.len());
        let (mut unpaired, mut uncompared) = (Vec::new(), Vec::new());
        for op in ops {
            let s = &op.spec;
            let involved = s.params.iter().any(|p| p.ty == subject) || s.ret_ty == Some(subject);
            let own = s.owner == subject && s.kind == OpKind::Method;
            if !involved && !own {
                counterparts.push(Counterpart::Same);
                continue;
            }
            // A generic method's instance (`range::<Range<i32>>`) pairs by
            // its base name and the types its instance takes.
            let name = base_name(if s.model.is_empty() { s.name } else { s.model });
            let named: Vec<(usize, &&Operation)> =
                model_ops.iter().enumerate().filter(|(_, m)| base_name(m.spec.name) == name).collect();
            let paired = named.iter().find_map(|(k, m)| {
                let m = &m.spec;
                if m.params.len() != s.params.len() {
                    return None;
                }
                let shifts = s.params.iter().zip(&m.params).map(|(t, p)| {
                    let same_type = p.ty == t.ty || (t.ty == subject && p.ty == model);
                    if !same_type && p.kind == ParamKind::Value && items_of(t.ty, p.ty) {
                        return Some(Shift::Items);
                    }
                    same_type.then(|| Shift::between(t.kind, p.kind, clonable(p.ty))).flatten()
                });
                let shifts = shifts.collect::<Option<Vec<Shift>>>()?;
                let comparable = |t: TypeId| reg.types.get(&t).is_some_and(|d| d.eq.is_some());
                let errors = match (s.ret.err(), m.ret.err()) {
                    (Some(a), Some(b)) => {
                        a == b && comparable(a) && reg.types.get(&a).is_some_and(|d| d.debug.is_some())
                    }
                    _ => false,
                };
                let compare = match (s.ret_ty, m.ret_ty) {
                    (Some(a), Some(b)) if numbers && a != b && numeric(b) => Compare::Numbers,
                    (None, None) if errors => Compare::Results { values: true },
                    (Some(a), Some(b)) if errors && a == b && comparable(a) => Compare::Results { values: true },
                    (Some(a), Some(b)) if errors && a == subject && b == model => Compare::Results { values: false },
                    (Some(a), Some(b)) if a == b && comparable(a) => Compare::Values,
                    (Some(a), Some(b)) if (a == subject && b == model) || a == b => {
                        if s.ret.may_be_empty() || m.ret.may_be_empty() {
                            Compare::Emptiness
                        } else {
                            Compare::Nothing
                        }
                    }
                    // `Result<(), E>`, `Option<()>` on both sides: whether each
                    // succeeded (a reference returning `()` may not model failing).
                    (None, None) if s.ret.may_be_empty() && m.ret.may_be_empty() => Compare::Emptiness,
                    _ => Compare::Nothing,
                };
                // A `u32` length is no counterpart of the `usize` one later
                // calls would be given there.
                let result = s.ret_ty == m.ret_ty || (s.ret_ty == Some(subject) && m.ret_ty == Some(model));
                Some(Counterpart::Model { op: first + *k as u32, shifts, compare, result })
            });
            match paired {
                Some(c) => {
                    // A result other than the type under test, or one dropped
                    // because it holds borrows (`slice::Iter`) where the
                    // reference's is kept.
                    let theirs = match &c {
                        Counterpart::Model { op, .. } => model_ops[(op - first) as usize].spec.ret_ty,
                        _ => None,
                    };
                    // (A result dropped on both sides, `Result<&T, E>`, is one too.)
                    let made = match s.ret_ty {
                        Some(t) => t != subject,
                        None => s.ret == RetKind::Discard || (s.ret != RetKind::Unit && theirs.is_some()),
                    };
                    if own && made && matches!(c, Counterpart::Model { compare: Compare::Nothing, .. }) {
                        uncompared.push(op.display.clone());
                    }
                    counterparts.push(c);
                }
                None if !s.model.is_empty() => {
                    let why = if named.is_empty() { "has no method of that name" } else { "takes other parameters" };
                    return Err(format!(
                        "drt: {} says #[drt(model = \"{}\")], but {model_name} {why}: name a method of {model_name} \
                     taking the same parameters (`Self` read as {model_name})",
                        op.display, s.model
                    ));
                }
                None => {
                    if own {
                        unpaired.push(op.display.clone());
                    }
                    counterparts.push(if involved { Counterpart::Absent } else { Counterpart::Same });
                }
            }
        }
        let constructs = |(op, c): (&&Operation, &Counterpart)| {
            op.spec.ret_ty == Some(subject)
                && op.spec.params.iter().all(|p| p.ty != subject)
                && matches!(c, Counterpart::Model { .. })
        };
        if !ops.iter().zip(&counterparts).any(constructs) {
            let makers: Vec<&str> = ops
                .iter()
                .filter(|o| o.spec.ret_ty == Some(subject) && o.spec.params.iter().all(|p| p.ty != subject))
                .map(|o| o.display.as_str())
                .collect();
            return Err(format!(
            "drt: cannot run {subject_name}'s sequences on {model_name}: none of {subject_name}'s constructors ({}) \
             has a counterpart in {model_name} with the same name and parameters; write #[drt(model = \"...\")] \
             on one, naming a constructor of {model_name} that takes the same parameters",
            if makers.is_empty() { "none is registered".to_string() } else { makers.join(", ") }
        ));
        }
        let mut notes = Vec::new();
        if !unpaired.is_empty() {
            notes.push(format!(
                "not compared with {model_name}, which has no method of the same name and parameters: {} (pair one \
             with #[drt(model = \"...\")])",
                unpaired.join(", ")
            ));
        }
        if !uncompared.is_empty() {
            notes.push(format!(
                "run on {model_name} too, but their results are not compared (the types differ, have no \
             PartialEq, or hold borrows drt cannot copy): {}",
                uncompared.join(", ")
            ));
        }
        Ok(Plan { counterparts, notes, items_builders })
    }

    /// Writes the reference's side of `seq` into `out`: the same calls
    /// numbered alike, each as its counterpart, or a hole; returns which
    /// calls run there.
    pub fn shadow(&self, seq: &Sequence, out: &mut Holey) -> Vec<bool> {
        out.clear();
        let mut runs = vec![false; seq.len()];
        // Whether each variable has a counterpart (still).
        let mut alive = vec![false; seq.len()];
        let mut args = Vec::new();
        for i in 0..seq.len() {
            let op = seq.op(i);
            let call = seq.args(i);
            let counterpart = &self.counterparts[op as usize];
            let runs_here = *counterpart != Counterpart::Absent
                && call.iter().all(|a| !matches!(a, Operand::Var { var, .. } if !alive[*var as usize]));
            let (op, shifts, result) = match counterpart {
                Counterpart::Model { op, shifts, result, .. } => (*op, &shifts[..], *result),
                _ => (op, &[][..], true),
            };
            args.clear();
            // The arguments as the counterpart takes them; not when the
            // items an iterator was made of are not at hand.
            let made = runs_here
                && call.iter().enumerate().all(|(k, a)| {
                    let arg = match (a, shifts.get(k)) {
                        (Operand::Var { var, .. }, Some(Shift::Items)) => self.items(seq, *var as usize, i),
                        (Operand::Var { var, mode }, Some(shift)) => {
                            Some(Operand::Var { var: *var, mode: shift.mode(*mode) })
                        }
                        (a, _) => Some(a.clone()),
                    };
                    arg.map(|arg| args.push(arg)).is_some()
                });
            if !made {
                out.push_holes(1);
                // What it changed or took has no counterpart from here on.
                for a in call {
                    if let Operand::Var { var, mode: Mode::Mut | Mode::Move } = a {
                        alive[*var as usize] = false;
                    }
                }
                continue;
            }
            (runs[i], alive[i]) = (true, result);
            out.push(op, args.drain(..));
        }
        runs
    }

    /// The items drt's iterator in variable `iter` was built from, as call
    /// `at` can pass them on: the builder's `Vec` argument, inline or a
    /// variable no call between changed or took (a clone of it); `None`
    /// when the iterator came otherwise.
    fn items(&self, seq: &Sequence, iter: usize, at: usize) -> Option<Operand> {
        if !self.items_builders.contains(&seq.op(iter)) {
            return None;
        }
        match seq.args(iter).first()? {
            Operand::Var { var, mode: Mode::Clone } => {
                let touched = (iter + 1..at).any(|j| {
                    seq.args(j)
                        .iter()
                        .any(|a| matches!(a, Operand::Var { var: v, mode: Mode::Mut | Mode::Move } if v == var))
                });
                (!touched).then_some(Operand::Var { var: *var, mode: Mode::Clone })
            }
            Operand::Var { .. } => None,
            inline => Some(inline.clone()),
        }
    }

    /// What of call `op`'s results is compared, when it has a counterpart.
    /// The reference's operation tested operation `op` runs as, when it has one.
    pub fn model_op(&self, op: u32) -> Option<u32> {
        match &self.counterparts[op as usize] {
            Counterpart::Model { op, .. } => Some(*op),
            _ => None,
        }
    }

    pub fn compare(&self, op: u32) -> Option<Compare> {
        match &self.counterparts[op as usize] {
            Counterpart::Model { compare, .. } => Some(*compare),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{Tally, TallyModel};
    use crate::ints::IntKind;
    use crate::world::World;

    fn tally_against_model() -> World<'static> {
        let ids = [TypeId::of::<Tally>()];
        crate::differential::shadow::against(World::new(Registry::global(), &ids), ids[0], TypeId::of::<TallyModel>())
            .expect("they pair")
    }

    #[test]
    fn operations_pair_by_name_and_parameters() {
        let world = tally_against_model();
        let d = world.reference.as_ref().unwrap();
        let op = |name: &str| world.ops.iter().position(|o| o.op.spec.name == name).unwrap();
        let model = |name: &str| world.ops.len() + d.ops.iter().position(|o| o.op.spec.name == name).unwrap();
        let paired = |name: &str| match &d.plan.counterparts[op(name)] {
            Counterpart::Model { op, shifts, compare, .. } => Some((*op as usize, shifts.clone(), *compare)),
            _ => None,
        };
        assert_eq!(paired("new"), Some((model("new"), vec![], Compare::Nothing)));
        assert_eq!(paired("add"), Some((model("add"), vec![Shift::Keep, Shift::Borrow], Compare::Nothing)));
        assert_eq!(paired("total"), Some((model("total"), vec![Shift::Keep], Compare::Values)));
        assert_eq!(d.plan.counterparts[op("add_products")], Counterpart::Absent);
        assert!(world.ops.iter().all(|o| o.op.spec.owner != TypeId::of::<TallyModel>()), "the model is not explored");
        assert_eq!(
            d.plan.notes,
            ["not compared with TallyModel, which has no method of the same name and parameters: \
              Tally::add_products (pair one with #[drt(model = \"...\")])"]
        );
    }

    #[test]
    fn a_call_with_no_counterpart_leaves_what_it_changed_without_one() {
        let world = tally_against_model();
        let op = |name: &str| world.ops.iter().position(|o| o.op.spec.name == name).unwrap() as u32;
        let five = Operand::Int { kind: IntKind::U32, bits: 5 };
        let t = |mode| Operand::Var { var: 0, mode };
        let seq = Sequence::from_calls([
            (op("new"), vec![]),
            (op("add"), vec![t(Mode::Mut), five.clone()]),
            (op("total"), vec![t(Mode::Ref)]),
            (op("add_products"), vec![t(Mode::Mut), Operand::SeedVec { builder: 0, elems: Box::default() }]),
            (op("total"), vec![t(Mode::Ref)]),
        ]);
        let mut theirs = Holey::default();
        let runs = world.reference.as_ref().unwrap().plan.shadow(&seq, &mut theirs);
        assert_eq!(runs, [true, true, true, false, false]);
        assert_eq!(theirs.len(), 5);
        let model_op = |i| &world.op(theirs.op(i)).op.display;
        assert_eq!(
            [model_op(0), model_op(1), model_op(2)],
            ["TallyModel::new", "TallyModel::add", "TallyModel::total"]
        );
        // `add` lends the number the tested side passes by value.
        assert_eq!(theirs.args(1), [t(Mode::Mut), five]);
        assert!(theirs.is_hole(3) && theirs.is_hole(4) && theirs.whole().is_none());
    }

    #[test]
    fn an_instance_of_a_generic_method_pairs_by_its_base_name() {
        assert_eq!(base_name("range::<Range<i32>>"), "range");
        assert_eq!(base_name("range"), "range");
        assert_eq!(base_name("extend::<Vec<(u8, u16)>>"), "extend");
    }

    #[test]
    fn arguments_are_passed_as_the_counterpart_takes_them() {
        use ParamKind::*;
        assert_eq!(Shift::between(Value, Value, false), Some(Shift::Keep));
        assert_eq!(Shift::between(Value, Ref, false), Some(Shift::Borrow));
        assert_eq!(Shift::between(Ref, Mut, false), Some(Shift::BorrowMut));
        assert_eq!(Shift::between(Ref, Value, true), Some(Shift::Clone));
        assert_eq!(Shift::between(Mut, Value, false), None);
        assert_eq!(Shift::Borrow.mode(Mode::Move), Mode::Ref);
        assert_eq!(Shift::Keep.mode(Mode::Clone), Mode::Clone);
    }
}
