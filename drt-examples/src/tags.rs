//! A small set of tags kept in a vector in the order they were added, the
//! cheapest set for a handful of elements (as `smallvec`-backed sets and
//! `vec_map`s are): equality compares the tags as sets.
//!
//! Bug (`Hash` disagrees with `Eq`, across values): `Hash` hashes the
//! vector, so the same tags added in another order hash differently, and a
//! `HashSet<TagSet>` holds two equal sets. No operation takes two `TagSet`s,
//! so no one sequence of calls ever holds both: they are two values built
//! by two sequences.

use std::hash::{Hash, Hasher};

/// A set of `u16` tags.
#[derive(Clone, Debug, Default)]
pub struct TagSet {
    tags: Vec<u16>,
}

impl PartialEq for TagSet {
    fn eq(&self, other: &TagSet) -> bool {
        self.tags.len() == other.tags.len() && self.tags.iter().all(|t| other.tags.contains(t))
    }
}

impl Eq for TagSet {}

impl Hash for TagSet {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.tags.hash(state); // BUG: order-sensitive; hash the sorted tags
    }
}

#[drt::operations]
impl TagSet {
    /// An empty set.
    pub fn new() -> Self {
        TagSet::default()
    }

    /// Adds `tag`; false when it was there already.
    pub fn insert(&mut self, tag: u16) -> bool {
        if self.tags.contains(&tag) {
            return false;
        }
        self.tags.push(tag);
        true
    }

    /// Removes `tag`; false when it was not there.
    pub fn remove(&mut self, tag: u16) -> bool {
        let Some(at) = self.tags.iter().position(|t| *t == tag) else { return false };
        self.tags.swap_remove(at);
        true
    }

    /// Whether `tag` is in the set.
    pub fn contains(&self, tag: u16) -> bool {
        self.tags.contains(&tag)
    }

    /// Number of tags.
    pub fn len(&self) -> usize {
        self.tags.len()
    }

    /// Whether there are no tags.
    pub fn is_empty(&self) -> bool {
        self.tags.is_empty()
    }
}
