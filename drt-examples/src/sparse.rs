//! A sparse set of bytes (Briggs and Torczon's): a dense list of the
//! members and, per byte, its place in that list, so `insert`, `remove`
//! and `contains` take constant time and `iter` visits only the members.
//!
//! **Planted bug** (in `SparseSet`, not in its twin `FixedSparseSet`):
//! `remove` moves the last member into the hole it leaves but forgets to
//! update that member's place. Nothing panics and every answer about the
//! removed byte is right; only later does `contains` deny a member that
//! `iter` still yields. No default contract sees it (the set equals its
//! clone, hashes alike); the law `contains_iter` does, with no checking
//! code: every item `iter()` yields must be `contains`ed.

/// A set of bytes; `BUG` plants the bug (see the module docs).
#[derive(Clone)]
pub struct Sparse<const BUG: bool> {
    dense: Vec<u8>,
    place: Vec<u8>,
}

/// The sparse set with its bug.
pub type SparseSet = Sparse<true>;
/// The same set, correct.
pub type FixedSparseSet = Sparse<false>;

impl<const BUG: bool> std::fmt::Debug for Sparse<BUG> {
    /// The members, in their dense order (the places are bookkeeping).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(&self.dense).finish()
    }
}

impl<const BUG: bool> Default for Sparse<BUG> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const BUG: bool> PartialEq for Sparse<BUG> {
    /// The same members, in any order.
    fn eq(&self, other: &Self) -> bool {
        self.dense.len() == other.dense.len() && self.dense.iter().all(|&b| other.contains(&b))
    }
}

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> Sparse<BUG> {
    /// An empty set.
    pub fn new() -> Self {
        Sparse { dense: Vec::new(), place: vec![0; 256] }
    }

    /// Adds `b`; false when it was there.
    pub fn insert(&mut self, b: u8) -> bool {
        if self.contains(&b) {
            return false;
        }
        self.place[b as usize] = self.dense.len() as u8;
        self.dense.push(b);
        true
    }

    /// Removes `b`; false when it was not there.
    pub fn remove(&mut self, b: u8) -> bool {
        if !self.contains(&b) {
            return false;
        }
        let at = self.place[b as usize] as usize;
        let last = self.dense.pop().expect("a member was found");
        if at < self.dense.len() {
            self.dense[at] = last;
            // BUG: the moved member keeps its old place.
            if !BUG {
                self.place[last as usize] = at as u8;
            }
        }
        true
    }

    /// Whether `b` is a member.
    pub fn contains(&self, b: &u8) -> bool {
        let at = self.place[*b as usize] as usize;
        self.dense.get(at) == Some(b)
    }

    /// How many members.
    pub fn len(&self) -> usize {
        self.dense.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.dense.is_empty()
    }

    /// The members, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = &u8> + '_ {
        self.dense.iter()
    }

    /// Empties the set.
    pub fn clear(&mut self) {
        self.dense.clear();
    }
}
