//! Two values of one type the contracts compare, each made by its own pool
//! sequence, run side by side: the second sequence's calls (the new ones)
//! are checked against the first's value, so `a == b` with
//! `hash(a) != hash(b)`, or an `Ord` that disagrees with `==`, is found for
//! values no one sequence makes together (a set built in two orders).
//!
//! Values are paired when the order-free digests of their `Debug` texts
//! agree: their texts are permutations of each other.

use std::any::TypeId;

use crate::pool::{Offer, Pool};
use crate::sequence::Composed;

/// Pairs of values waiting to be compared, at most.
const MAX_PAIRS: usize = 64;

/// Per type and order-free `Debug` digest, the first pool value seen with
/// it; and the pairs of values found to share one, waiting to be run.
#[derive(Default)]
pub(super) struct Pairing {
    classes: rustc_hash::FxHashMap<u64, Offer>,
    pairs: Vec<(Offer, Offer)>,
}

impl Pairing {
    /// The next pair as a sequence built in `spare`'s buffers: the
    /// operation the second value's sequence ends in, the sequence, and
    /// where the second starts. `None` when no pair is waiting or the one
    /// taken cannot run (too long for `max_len`, or no longer offered).
    pub fn next(&mut self, pool: &Pool, max_len: usize, spare: &mut Composed) -> Option<(usize, Composed, usize)> {
        let (a, b) = self.pairs.pop()?;
        let offered = |o: Offer| pool.entries[o.entry as usize].offered;
        if (a.len + b.len) as usize > max_len || !offered(a) || !offered(b) {
            return None;
        }
        let mut seq = std::mem::take(spare);
        seq.clear();
        seq.push_part(a.entry, pool.seq(a.entry));
        let prefix = seq.len();
        seq.push_part(b.entry, pool.seq(b.entry));
        match pool.seq(b.entry).last_op() {
            Some(op) => Some((op as usize, seq, prefix)),
            None => {
                *spare = seq;
                None
            }
        }
    }

    /// Files the new values of types the contracts compare (`digests`:
    /// variable, type, digest), just kept in pool entry `entry` of length
    /// `len` (with no eviction since the last call: evicting renumbers
    /// the entries, and the files start over): a value whose digest an
    /// earlier pool value has is paired with it.
    pub fn classify(&mut self, pool: &Pool, entry: u32, len: usize, digests: &[(u32, TypeId, u64)]) {
        for &(var, ty, digest) in digests {
            let key = {
                use std::hash::{Hash, Hasher};
                let mut h = rustc_hash::FxHasher::default();
                (ty, digest).hash(&mut h);
                h.finish()
            };
            let new = Offer { entry, var, len: len as u32 };
            match self.classes.get(&key) {
                Some(old) if pool.entries[old.entry as usize].offered => {
                    if self.pairs.len() < MAX_PAIRS {
                        self.pairs.push((*old, new));
                    }
                }
                _ => {
                    self.classes.insert(key, new);
                }
            }
        }
    }

    /// Forgets every value filed: the pool's entries were renumbered.
    pub fn clear(&mut self) {
        self.classes.clear();
        self.pairs.clear();
    }
}
