//! A sorted index of keys with a hand-written binary search.
//!
//! Bug (infinite loop on a rare input): `position` moves `lo` to `mid`
//! instead of `mid + 1`, so once `hi == lo + 1` and the key is larger than
//! the element at `lo`, the search never ends.

/// Keys in ascending order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SortedIndex {
    keys: Vec<u32>,
}

#[drt::operations]
impl SortedIndex {
    /// An empty index.
    pub fn new() -> Self {
        SortedIndex::default()
    }

    /// Inserts `key` in order.
    pub fn insert(&mut self, key: u32) {
        let at = self.keys.iter().position(|k| *k >= key).unwrap_or(self.keys.len());
        self.keys.insert(at, key);
    }

    /// Where `key` is or would go.
    pub fn position(&self, key: u32) -> usize {
        let (mut lo, mut hi) = (0, self.keys.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.keys[mid] < key {
                lo = mid; // BUG: should be mid + 1
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// Number of keys.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there are no keys.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}
