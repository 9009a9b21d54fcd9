//! A cache of the most recently used entries, with its contract written
//! as postconditions: `put` returns the value it replaced, and a `get`
//! finds exactly what was there. drt checks them after every call and
//! reports a false one as a failure, with no model and no harness.
//!
//! Bug (a wrong answer, no panic): when the cache is full, `put` evicts
//! the least recently used entry before it looks for the key, so a `put`
//! to the key that was about to be evicted loses the old value and
//! returns `None` instead of it.

use std::collections::VecDeque;

/// Up to `capacity` entries, the most recently used first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecentCache {
    capacity: usize,
    entries: VecDeque<(u8, u32)>,
}

#[drt::operations(ensures(put = "result == old.peek(&key).copied()"))]
impl RecentCache {
    /// A cache of `capacity` entries (at least one).
    pub fn new(capacity: u8) -> Self {
        RecentCache { capacity: usize::from(capacity.max(1)), entries: VecDeque::new() }
    }

    /// Stores `value` under `key`, the most recent entry; returns the value
    /// `key` had.
    pub fn put(&mut self, key: u8, value: u32) -> Option<u32> {
        // BUG: looking for the key must come first; evicting first can
        // drop the very entry being replaced.
        if self.entries.len() == self.capacity {
            self.entries.pop_back();
        }
        let old = self.entries.iter().position(|(k, _)| *k == key).and_then(|i| self.entries.remove(i));
        self.entries.push_front((key, value));
        old.map(|(_, v)| v)
    }

    /// The value under `key`, which becomes the most recent entry.
    #[drt(ensures = "result.is_some() == old.contains(key)")]
    pub fn get(&mut self, key: &u8) -> Option<&u32> {
        let i = self.entries.iter().position(|(k, _)| k == key)?;
        let entry = self.entries.remove(i)?;
        self.entries.push_front(entry);
        self.entries.front().map(|(_, v)| v)
    }

    /// The value under `key`, leaving the order as it is.
    pub fn peek(&self, key: &u8) -> Option<&u32> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Whether `key` has an entry.
    pub fn contains(&self, key: &u8) -> bool {
        self.entries.iter().any(|(k, _)| k == key)
    }

    /// How many entries there are.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}
