//! The last bytes a serial line received, kept in a ring of eight, as a
//! framing layer keeps them to spot a sync word; equal windows are the same
//! bytes in the same order, wherever the ring's head stands.
//!
//! The bug (the one std's `VecDeque` had, rust-lang/rust#80303, and
//! `arraydeque` 0.5.1 still has): `Hash` writes the ring's two contiguous
//! halves as they lie in the buffer, so two equal windows whose halves
//! split at different places write different sequences to the hasher. A
//! hasher that streams the bytes (std's `RandomState`) hides it; one that
//! hashes each write apart (FxHash, or `HashMap`s keyed by these windows in
//! another crate) puts equal windows in different buckets.

use std::hash::{Hash, Hasher};

/// How many bytes a window keeps.
const CAPACITY: usize = 8;

/// The last (up to) eight bytes received, oldest first.
#[derive(Clone, Default)]
pub struct RecentBytes {
    ring: [u8; CAPACITY],
    /// Where the oldest byte is.
    head: usize,
    len: usize,
}

#[drt::operations]
impl RecentBytes {
    pub fn new() -> RecentBytes {
        RecentBytes::default()
    }

    /// Receives `byte`, forgetting the oldest when the window is full.
    pub fn push(&mut self, byte: u8) {
        let at = (self.head + self.len) % CAPACITY;
        self.ring[at] = byte;
        if self.len == CAPACITY {
            self.head = (self.head + 1) % CAPACITY;
        } else {
            self.len += 1;
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The newest byte.
    pub fn last(&self) -> Option<u8> {
        (self.len > 0).then(|| self.ring[(self.head + self.len - 1) % CAPACITY])
    }

    /// Whether the window ends with `word` (a sync word).
    pub fn ends_with(&self, word: &[u8]) -> bool {
        word.len() <= self.len && self.bytes().skip(self.len - word.len()).eq(word.iter().copied())
    }
}

impl RecentBytes {
    /// The bytes, oldest first.
    fn bytes(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.len).map(|i| self.ring[(self.head + i) % CAPACITY])
    }

    /// The bytes as they lie in the ring: from the head to the ring's end,
    /// then from its start.
    fn halves(&self) -> (&[u8], &[u8]) {
        let end = self.head + self.len;
        if end <= CAPACITY {
            (&self.ring[self.head..end], &[])
        } else {
            (&self.ring[self.head..], &self.ring[..end - CAPACITY])
        }
    }
}

impl PartialEq for RecentBytes {
    fn eq(&self, other: &RecentBytes) -> bool {
        self.bytes().eq(other.bytes())
    }
}

impl Eq for RecentBytes {}

impl Hash for RecentBytes {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_usize(self.len);
        // BUG: each half is one write; equal windows split differently.
        let (front, back) = self.halves();
        state.write(front);
        state.write(back);
    }
}

impl std::fmt::Debug for RecentBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.bytes()).finish()
    }
}
