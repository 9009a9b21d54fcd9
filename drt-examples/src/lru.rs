//! A generic least-recently-used cache. Planted bug: `put_all`, the batch
//! path, checks the capacity once for the whole batch and pushes every pair
//! without looking for keys already cached, so one batch repeating a key (or
//! naming a cached one) leaves the same key twice: the invariant breaks, and
//! `get` returns the stale value after the next eviction.

use std::collections::VecDeque;

/// A cache of at most `capacity` entries, evicting the least recently used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LruCache<K, V> {
    capacity: usize,
    /// Most recently used first.
    entries: VecDeque<(K, V)>,
}

#[drt::operations(instantiate(K = u8, V = u16), instantiate(K = String, V = i32), invariant(check))]
impl<K: PartialEq + Clone, V: Clone> LruCache<K, V> {
    /// An empty cache holding at most `capacity` entries (at least one).
    pub fn new(capacity: usize) -> Self {
        LruCache { capacity: capacity.clamp(1, 64), entries: VecDeque::new() }
    }

    /// The value cached for `key`, which becomes the most recently used.
    pub fn get(&mut self, key: &K) -> Option<V> {
        let i = self.entries.iter().position(|(k, _)| k == key)?;
        let entry = self.entries.remove(i)?;
        let value = entry.1.clone();
        self.entries.push_front(entry);
        Some(value)
    }

    /// Caches `value` for `key`, evicting the least recently used entry when full.
    pub fn put(&mut self, key: K, value: V) {
        if let Some(i) = self.entries.iter().position(|(k, _)| *k == key) {
            self.entries.remove(i);
        } else if self.entries.len() == self.capacity {
            self.entries.pop_back();
        }
        self.entries.push_front((key, value));
    }

    /// Caches many pairs at once.
    pub fn put_all(&mut self, pairs: Vec<(K, V)>) {
        // BUG: "make room once, then push": fine for new keys only.
        let excess = (self.entries.len() + pairs.len()).saturating_sub(self.capacity);
        for _ in 0..excess {
            self.entries.pop_back();
        }
        for pair in pairs.into_iter().rev() {
            self.entries.push_front(pair);
        }
        self.entries.truncate(self.capacity);
    }

    /// Entries cached.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether nothing is cached.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// At most `capacity` entries, and each key once.
    pub fn check(&self) -> bool {
        let keys_unique =
            self.entries.iter().enumerate().all(|(i, (k, _))| self.entries.iter().skip(i + 1).all(|(o, _)| o != k));
        self.entries.len() <= self.capacity && keys_unique
    }
}
