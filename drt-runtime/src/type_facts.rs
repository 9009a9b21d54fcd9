//! What the engine asks of a value's type after every call (is it checked,
//! compared, seeded; its description), answered by one probe of a small
//! table keyed by the type key each [`Value`] carries. Each question was a
//! look-up of its own in a map keyed by `TypeId` (hashing it, probing,
//! comparing), several per value per call.

use std::any::TypeId;

use crate::macro_support::TypeDesc;
use crate::registry::Registry;
use crate::value::{type_key, Value};

/// What a type is to the engine.
pub(crate) struct Facts<'r> {
    pub ty: TypeId,
    /// Its description.
    pub desc: &'r TypeDesc,
    /// Whether the contracts check its values (`Registry::checked`).
    pub checked: bool,
    /// Whether the contracts compare a new value of it with the live ones
    /// (`World::compares`).
    pub compared: bool,
    /// Whether it is one of drt's seeded types (numbers, text).
    pub seeded: bool,
}

/// The facts of every type the registry describes, by type key: open
/// addressing, a table at most a quarter full, so a probe mostly finds its
/// slot first.
pub(crate) struct TypeFacts<'r> {
    /// Per slot, a type's key and its index in `facts`, or `EMPTY`.
    slots: Vec<(u64, u32)>,
    facts: Vec<Facts<'r>>,
}

const EMPTY: u32 = u32::MAX;

impl<'r> TypeFacts<'r> {
    /// The facts of the types `reg` describes; `compared` says which the
    /// contracts compare.
    pub fn new(reg: &'r Registry, compared: impl Fn(TypeId) -> bool) -> TypeFacts<'r> {
        let facts: Vec<Facts<'r>> = reg
            .types
            .iter()
            .map(|(&ty, desc)| Facts {
                ty,
                desc,
                checked: reg.checked.contains(&ty),
                compared: compared(ty),
                seeded: crate::macro_support::is_seeded(ty),
            })
            .collect();
        let mut slots = vec![(0, EMPTY); (facts.len() * 4).next_power_of_two().max(16)];
        let mask = slots.len() - 1;
        for (i, f) in facts.iter().enumerate() {
            let key = type_key(f.ty);
            let mut at = key as usize & mask;
            while slots[at].1 != EMPTY {
                at = (at + 1) & mask;
            }
            slots[at] = (key, i as u32);
        }
        TypeFacts { slots, facts }
    }

    /// The facts of `value`'s type, when the registry describes it.
    ///
    /// Found by the key alone: a key is 64 bits of the 128-bit hash a
    /// `TypeId` is, so two of a program's types share one with odds of
    /// about n² in 2^65 (n types), and even then the description's
    /// functions take the value as `dyn Any` and downcast it, refusing a
    /// value of another type: comparing `TypeId`s too would cost a call
    /// through the value's vtable, as much as the rest of the probe.
    #[inline]
    pub fn of(&self, value: &Value) -> Option<&Facts<'r>> {
        let key = value.key();
        let mask = self.slots.len() - 1;
        let mut at = key as usize & mask;
        loop {
            let (k, i) = self.slots[at];
            if i == EMPTY {
                return None;
            }
            if k == key {
                let facts = &self.facts[i as usize];
                debug_assert!(value.type_id() == facts.ty, "two types share the key {key:#x}");
                return Some(facts);
            }
            at = (at + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_described_type_is_found_and_no_other() {
        let reg = Registry::global();
        let facts = TypeFacts::new(reg, |ty| ty == TypeId::of::<u32>());
        assert!(reg.types.len() > 4, "{} types", reg.types.len());
        let u = facts.of(&Value::new(7u32)).expect("u32 is described");
        assert!(u.ty == TypeId::of::<u32>() && u.seeded && u.compared);
        let s = facts.of(&Value::new(String::from("x"))).expect("String is described");
        assert!(s.seeded && !s.compared);
        struct Unknown;
        assert!(facts.of(&Value::new(Unknown)).is_none());
        // Each described type finds its own entry.
        for f in &facts.facts {
            let slot = facts.slots.iter().find(|(_, i)| *i != EMPTY && facts.facts[*i as usize].ty == f.ty);
            assert_eq!(slot.map(|s| s.0), Some(type_key(f.ty)));
        }
    }
}
