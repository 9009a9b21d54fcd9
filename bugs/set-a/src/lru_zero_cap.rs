//! lru 0.5.2: `put` on an `LruCache` of capacity 0 (made by `new(0)` or
//! `resize(0)`) takes the cache for full, tries to evict the least recently
//! used entry of an empty cache, and panics on an `unwrap()` of `None`.
//! Fixed in 0.5.3 (PR #88, "Fix crashes when putting an item to an LruCache
//! of zero capacity").

use drt_bugs_table::Bug;

pub mod careful {
    use lru::LruCache;

    #[derive(Debug)]
    pub struct Cache(pub LruCache<u8, i32>);

    #[drt::operations(invariant(bounded))]
    impl Cache {
        /// "Creates a new LRU Cache that holds at most `cap` items."
        #[drt(requires = "cap <= 1 << 16")]
        pub fn new(cap: usize) -> Self {
            Cache(LruCache::new(cap))
        }
        pub fn unbounded() -> Self {
            Cache(LruCache::unbounded())
        }
        /// "Puts a key-value pair into cache. If the key already exists in the
        /// cache, then it updates the key's value and returns the old value."
        #[drt(ensures = "self.cap() == 0 || self.peek(&k) == Some(&v)")]
        pub fn put(&mut self, k: u8, v: i32) -> Option<i32> {
            self.0.put(k, v)
        }
        pub fn get(&mut self, k: &u8) -> Option<&i32> {
            self.0.get(k)
        }
        pub fn get_mut(&mut self, k: &u8) -> Option<&mut i32> {
            self.0.get_mut(k)
        }
        pub fn peek(&self, k: &u8) -> Option<&i32> {
            self.0.peek(k)
        }
        pub fn peek_mut(&mut self, k: &u8) -> Option<&mut i32> {
            self.0.peek_mut(k)
        }
        pub fn peek_lru(&self) -> Option<(&u8, &i32)> {
            self.0.peek_lru()
        }
        pub fn contains(&self, k: &u8) -> bool {
            self.0.contains(k)
        }
        #[drt(ensures = "!self.0.contains(k)")]
        pub fn pop(&mut self, k: &u8) -> Option<i32> {
            self.0.pop(k)
        }
        pub fn pop_lru(&mut self) -> Option<(u8, i32)> {
            self.0.pop_lru()
        }
        pub fn len(&self) -> usize {
            self.0.len()
        }
        pub fn is_empty(&self) -> bool {
            self.0.is_empty()
        }
        pub fn cap(&self) -> usize {
            self.0.cap()
        }
        #[drt(requires = "cap <= 1 << 16")]
        #[drt(ensures = "self.cap() == cap && self.len() <= cap")]
        pub fn resize(&mut self, cap: usize) {
            self.0.resize(cap)
        }
        pub fn clear(&mut self) {
            self.0.clear()
        }
        pub fn iter(&self) -> impl Iterator<Item = (&u8, &i32)> {
            self.0.iter()
        }
        pub fn iter_mut(&mut self) -> impl Iterator<Item = (&u8, &mut i32)> {
            self.0.iter_mut()
        }

        /// "holds at most `cap` items", and iterates over what it holds.
        fn bounded(&self) -> bool {
            self.0.len() <= self.0.cap() && self.0.iter().count() == self.0.len()
        }
    }
}

pub mod bare {
    use lru::LruCache;

    #[derive(Debug)]
    pub struct Cache(pub LruCache<u8, i32>);

    #[drt::operations]
    impl Cache {
        pub fn new(cap: usize) -> Self {
            Cache(LruCache::new(cap))
        }
        pub fn unbounded() -> Self {
            Cache(LruCache::unbounded())
        }
        pub fn put(&mut self, k: u8, v: i32) -> Option<i32> {
            self.0.put(k, v)
        }
        pub fn get(&mut self, k: &u8) -> Option<&i32> {
            self.0.get(k)
        }
        pub fn get_mut(&mut self, k: &u8) -> Option<&mut i32> {
            self.0.get_mut(k)
        }
        pub fn peek(&self, k: &u8) -> Option<&i32> {
            self.0.peek(k)
        }
        pub fn peek_mut(&mut self, k: &u8) -> Option<&mut i32> {
            self.0.peek_mut(k)
        }
        pub fn peek_lru(&self) -> Option<(&u8, &i32)> {
            self.0.peek_lru()
        }
        pub fn contains(&self, k: &u8) -> bool {
            self.0.contains(k)
        }
        pub fn pop(&mut self, k: &u8) -> Option<i32> {
            self.0.pop(k)
        }
        pub fn pop_lru(&mut self) -> Option<(u8, i32)> {
            self.0.pop_lru()
        }
        pub fn len(&self) -> usize {
            self.0.len()
        }
        pub fn is_empty(&self) -> bool {
            self.0.is_empty()
        }
        pub fn cap(&self) -> usize {
            self.0.cap()
        }
        pub fn resize(&mut self, cap: usize) {
            self.0.resize(cap)
        }
        pub fn clear(&mut self) {
            self.0.clear()
        }
        pub fn iter(&self) -> impl Iterator<Item = (&u8, &i32)> {
            self.0.iter()
        }
        pub fn iter_mut(&mut self) -> impl Iterator<Item = (&u8, &mut i32)> {
            self.0.iter_mut()
        }
    }
}

/// A report of this bug: the `unwrap()` panic inside the crate's `put`.
pub fn is_it(f: &drt::Failure) -> bool {
    f.kind == drt::FailureKind::Panic && f.operation.ends_with("::put") && f.message.contains("on a `None` value")
}

pub fn bug() -> Bug {
    Bug {
        name: "lru 0.5.2: put on a cache of capacity 0 panics (unwrap on None)",
        source: "https://github.com/jeromefroe/lru-rs/pull/88",
        careful: || drt::explore::<careful::Cache>(),
        bare: || drt::explore::<bare::Cache>(),
        is_it,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    #[should_panic(expected = "on a `None` value")]
    fn put_into_zero_capacity_panics() {
        let mut cache = lru::LruCache::new(0);
        cache.put(1u8, 2i32);
    }

    // Measured (release, `measure` in lib.rs): seeds 1-10 all find it within 20,000 sequences (median 107 before it).
    #[test]
    fn careful_finds_it() {
        let report =
            (super::bug().careful)().seed(1).max_sequences(20_000).isolation(drt::Isolation::InProcess).report();
        assert!(report.failures.iter().any(super::is_it), "{report}");
    }
}
