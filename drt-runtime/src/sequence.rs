//! Operation sequences (thesis §5.2): plain data, no execution.
//!
//! Call `i` names its result "variable `i`"; later calls refer to it by that
//! index. A call that returned nothing simply has a variable nobody uses.

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
    /// A fresh `Vec` built by vec builder `builder` from these seeds.
    // Boxed: this variant is rare, and behind one pointer it keeps every
    // operand at 16 bytes instead of 32; pool memory is mostly operands.
    #[allow(clippy::box_collection)]
    SeedVec { builder: u32, elems: Box<Vec<u32>> },
}

/// One call: an operation (index into the run's operation table) and its
/// arguments, the receiver first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Call {
    pub op: u32,
    pub args: Vec<Operand>,
}

/// A sequence of calls.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Sequence {
    pub calls: Vec<Call>,
}

impl Sequence {
    pub fn len(&self) -> usize {
        self.calls.len()
    }

    /// Appends `other`, renumbering its variables; returns the offset to add to
    /// `other`'s variable indices (the `extend` operator's concatenation,
    /// thesis §7.5).
    pub fn append(&mut self, other: &Sequence) -> u32 {
        let offset = self.calls.len() as u32;
        self.calls.extend(other.calls.iter().map(|c| {
            Call {
                op: c.op,
                args: c
                    .args
                    .iter()
                    .map(|a| match a {
                        Operand::Var { var, mode } => Operand::Var { var: var + offset, mode: *mode },
                        other => other.clone(),
                    })
                    .collect(),
            }
        }));
        offset
    }

    /// Every use of variable `var`: the call using it, and how.
    pub fn uses(&self, var: u32) -> impl Iterator<Item = (usize, Mode)> + '_ {
        self.calls.iter().enumerate().flat_map(move |(i, c)| {
            c.args.iter().filter_map(move |a| match a {
                Operand::Var { var: v, mode } if *v == var => Some((i, *mode)),
                _ => None,
            })
        })
    }

    /// Removes call `i`, whose result must be unused; later variables shift down.
    pub fn remove(&mut self, i: usize) {
        debug_assert!(self.uses(i as u32).next().is_none());
        self.calls.remove(i);
        for c in &mut self.calls[i..] {
            for a in &mut c.args {
                if let Operand::Var { var, .. } = a {
                    if *var as usize > i {
                        *var -= 1;
                    }
                }
            }
        }
    }

    /// Inserts `call` at position `i`; the variables of later calls shift up.
    /// `call` may only use variables before `i`.
    pub fn insert(&mut self, i: usize, call: Call) {
        for c in &mut self.calls[i..] {
            for a in &mut c.args {
                if let Operand::Var { var, .. } = a {
                    if *var as usize >= i {
                        *var += 1;
                    }
                }
            }
        }
        self.calls.insert(i, call);
    }

    /// The variables call `i` produced or mutated: its result and its `&mut`
    /// arguments. These are the values the oracles check and index pruning
    /// looks at.
    pub fn touched(&self, i: usize) -> impl Iterator<Item = u32> + '_ {
        std::iter::once(i as u32).chain(self.calls[i].args.iter().filter_map(|a| match a {
            Operand::Var { var, mode: Mode::Mut } => Some(*var),
            _ => None,
        }))
    }

    /// Checks the rules rustc would enforce on the rendered test: a variable is used only after the call that made it, never after
    /// it was moved, and never twice in one call.
    pub fn check_ownership(&self) -> Result<(), String> {
        let mut moved = vec![false; self.calls.len()];
        for (i, call) in self.calls.iter().enumerate() {
            let mut used: Vec<u32> = Vec::new();
            for arg in &call.args {
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
    pub fn structural_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        self.hash(&mut h);
        h.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(op: u32, args: Vec<Operand>) -> Call {
        Call { op, args }
    }
    fn var(var: u32, mode: Mode) -> Operand {
        Operand::Var { var, mode }
    }

    #[test]
    fn operands_stay_small() {
        assert_eq!(std::mem::size_of::<Operand>(), 16);
    }

    #[test]
    fn append_renumbers_variables() {
        let mut a = Sequence { calls: vec![call(0, vec![]), call(1, vec![var(0, Mode::Mut)])] };
        let b = Sequence { calls: vec![call(0, vec![]), call(2, vec![var(0, Mode::Ref), Operand::Seed(3)])] };
        assert_eq!(a.append(&b), 2);
        assert_eq!(a.calls[3].args, vec![var(2, Mode::Ref), Operand::Seed(3)]);
        assert_eq!(a.calls[1].args, vec![var(0, Mode::Mut)]);
    }

    #[test]
    fn remove_shifts_later_variables() {
        let mut s = Sequence { calls: vec![call(0, vec![]), call(0, vec![]), call(1, vec![var(1, Mode::Move)])] };
        assert_eq!(s.uses(0).count(), 0);
        s.remove(0);
        assert_eq!(s.calls[1].args, vec![var(0, Mode::Move)]);
        assert_eq!(s.uses(0).collect::<Vec<_>>(), vec![(1, Mode::Move)]);
    }

    #[test]
    fn insert_shifts_later_variables() {
        let mut s = Sequence { calls: vec![call(0, vec![]), call(1, vec![var(0, Mode::Mut)])] };
        s.insert(1, call(2, vec![Operand::Seed(4)]));
        assert_eq!(s.calls[2].args, vec![var(0, Mode::Mut)]);
        s.insert(0, call(2, vec![]));
        assert_eq!(s.calls[3].args, vec![var(1, Mode::Mut)]);
        assert_eq!(s.check_ownership(), Ok(()));
    }

    #[test]
    fn ownership_rules_reject_what_rustc_would() {
        let ok = Sequence { calls: vec![call(0, vec![]), call(1, vec![var(0, Mode::Mut), Operand::Seed(0)])] };
        assert_eq!(ok.check_ownership(), Ok(()));
        let twice = Sequence { calls: vec![call(0, vec![]), call(1, vec![var(0, Mode::Mut), var(0, Mode::Ref)])] };
        assert_eq!(twice.check_ownership(), Err("call 1 uses variable 0 twice".into()));
        let after_move = Sequence {
            calls: vec![call(0, vec![]), call(1, vec![var(0, Mode::Move)]), call(1, vec![var(0, Mode::Ref)])],
        };
        assert_eq!(after_move.check_ownership(), Err("call 2 uses variable 0 after it was moved".into()));
        let early = Sequence { calls: vec![call(1, vec![var(0, Mode::Ref)])] };
        assert!(early.check_ownership().is_err());
    }

    #[test]
    fn structurally_equal_sequences_hash_alike() {
        let a = Sequence { calls: vec![call(0, vec![Operand::Seed(1)])] };
        let b = a.clone();
        let c = Sequence { calls: vec![call(0, vec![Operand::Seed(2)])] };
        assert_eq!(a.structural_hash(), b.structural_hash());
        assert_ne!(a.structural_hash(), c.structural_hash());
    }
}
