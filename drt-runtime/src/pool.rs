//! The component set (thesis §5.4, Fig 5-4): normal sequences kept for
//! extension, indexed by the types of the values they offer, with index
//! pruning (thesis §5.8, §7.4): a value equal to one seen before is not
//! offered again.

use rustc_hash::{FxHashMap, FxHashSet};
use std::any::TypeId;

use crate::sequence::Sequence;

/// A normal sequence in the component set.
pub(crate) struct Entry {
    pub seq: Sequence,
    /// Every variable alive at the end with a value, and its type.
    pub alive: Vec<(u32, TypeId)>,
}

/// The component set.
#[derive(Default)]
pub(crate) struct Pool {
    pub entries: Vec<Entry>,
    /// Reusable values by type: (entry, variable).
    by_type: FxHashMap<TypeId, Vec<(u32, u32)>>,
    /// Fingerprints of every value created so far (the thesis's value set).
    values: FxHashSet<u64>,
    /// Structural hashes of every sequence generated so far.
    made: FxHashSet<u64>,
}

impl Pool {
    /// Records a value's fingerprint; true when it was not seen before.
    pub fn is_new_value(&mut self, fingerprint: u64) -> bool {
        self.values.insert(fingerprint)
    }

    /// Records a sequence; true when it was not generated before.
    pub fn is_new_sequence(&mut self, seq: &Sequence) -> bool {
        self.made.insert(seq.structural_hash())
    }

    /// Adds a normal sequence offering `reusable` (variable, type) values.
    pub fn add(&mut self, seq: Sequence, alive: Vec<(u32, TypeId)>, reusable: &[(u32, TypeId)]) {
        let id = self.entries.len() as u32;
        for (var, ty) in reusable {
            self.by_type.entry(*ty).or_default().push((id, *var));
        }
        self.entries.push(Entry { seq, alive });
    }

    /// The reusable values of type `ty`.
    pub fn values_of(&self, ty: TypeId) -> &[(u32, u32)] {
        self.by_type.get(&ty).map_or(&[], Vec::as_slice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_reusable_values_are_offered() {
        let mut pool = Pool::default();
        let t = TypeId::of::<u8>();
        pool.add(Sequence::default(), vec![(0, t), (1, t)], &[(1, t)]);
        assert_eq!(pool.values_of(t), &[(0, 1)]);
        assert!(pool.values_of(TypeId::of::<u16>()).is_empty());
    }

    #[test]
    fn values_and_sequences_are_new_once() {
        let mut pool = Pool::default();
        assert!(pool.is_new_value(7));
        assert!(!pool.is_new_value(7));
        let s = Sequence::default();
        assert!(pool.is_new_sequence(&s));
        assert!(!pool.is_new_sequence(&s));
    }
}
