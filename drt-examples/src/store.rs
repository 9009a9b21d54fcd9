//! A key-value store that only appends, as log-structured stores do: `put`
//! writes a new version of a key at the end of the log, `get` reads the
//! latest version, `remove` deletes every version of a key and returns its
//! value, and `compact` drops the versions no one can read any more.
//!
//! **Planted bug** (in `Store`, not in its twin `FixedStore`): `remove`
//! returns the first version it meets scanning the log from the front, the
//! oldest, instead of the latest that `get` shows. The key is gone
//! afterwards, as it should be, and every read agrees with `iter`; only the
//! value handed back is stale, once a key was written twice. The law
//! `get_remove` sees it: `remove(k)` must return what `get(k)` shows.

/// A log of versions; `BUG` plants the bug (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Log<const BUG: bool> {
    /// Every version written and not compacted away, oldest first.
    entries: Vec<(u16, u32)>,
}

/// The store with its bug.
pub type Store = Log<true>;
/// The same store, correct.
pub type FixedStore = Log<false>;

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> Log<BUG> {
    /// An empty store.
    pub fn new() -> Self {
        Log { entries: Vec::new() }
    }

    /// Writes `value` as the latest version of `key`.
    pub fn put(&mut self, key: u16, value: u32) {
        self.entries.push((key, value));
    }

    /// The latest version of `key`.
    pub fn get(&self, key: &u16) -> Option<&u32> {
        self.entries.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Deletes every version of `key`, returning its value.
    pub fn remove(&mut self, key: &u16) -> Option<u32> {
        let value =
            if BUG { self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| *v) } else { self.get(key).copied() };
        self.entries.retain(|(k, _)| k != key);
        value
    }

    /// Drops every version but the latest of each key.
    pub fn compact(&mut self) {
        let mut kept: Vec<(u16, u32)> = Vec::new();
        for &(key, value) in self.entries.iter().rev() {
            if !kept.iter().any(|(k, _)| *k == key) {
                kept.push((key, value));
            }
        }
        kept.reverse();
        self.entries = kept;
    }

    /// How many keys have a value.
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether no key has one.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Each key with its latest value, in the order of their latest writes.
    pub fn iter(&self) -> impl Iterator<Item = (&u16, &u32)> + '_ {
        let entries = &self.entries;
        entries
            .iter()
            .enumerate()
            .filter(move |(i, (k, _))| !entries[i + 1..].iter().any(|(later, _)| later == k))
            .map(|(_, (k, v))| (k, v))
    }
}
