//! A sorted set of integers: no known bugs. Exploring it must report nothing,
//! although some of its methods panic by design (documented in `# Panics` or
//! declared with `panics(...)`) and one has a precondition.

/// An index past the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfRange;

/// A set of `i32` kept sorted in a `Vec`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct SortedSet {
    items: Vec<i32>,
}

#[drt::operations(panics(pop_min = "empty set"), requires(remove_at = "index < self.len()"))]
impl SortedSet {
    /// An empty set.
    pub fn new() -> Self {
        SortedSet::default()
    }

    /// A set of the given values.
    pub fn from_slice(values: &[i32]) -> Self {
        let mut items = values.to_vec();
        items.sort_unstable();
        items.dedup();
        SortedSet { items }
    }

    /// Inserts `value`; false when it was already present.
    pub fn insert(&mut self, value: i32) -> bool {
        match self.items.binary_search(&value) {
            Ok(_) => false,
            Err(at) => {
                self.items.insert(at, value);
                true
            }
        }
    }

    /// Removes `value`; false when it was absent.
    pub fn remove(&mut self, value: i32) -> bool {
        match self.items.binary_search(&value) {
            Ok(at) => {
                self.items.remove(at);
                true
            }
            Err(_) => false,
        }
    }

    /// Whether `value` is present.
    pub fn contains(&self, value: i32) -> bool {
        self.items.binary_search(&value).is_ok()
    }

    /// The `index`-th smallest value.
    pub fn nth(&self, index: usize) -> Option<i32> {
        self.items.get(index).copied()
    }

    /// The `index`-th smallest value.
    ///
    /// # Panics
    ///
    /// If `index` is not below `self.len()`.
    pub fn at(&self, index: usize) -> i32 {
        self.items[index]
    }

    /// The `index`-th smallest value, or `Err(OutOfRange)`.
    pub fn try_at(&self, index: usize) -> Result<i32, OutOfRange> {
        self.items.get(index).copied().ok_or(OutOfRange)
    }

    /// Removes and returns the `index`-th smallest value; `index` must be
    /// below `self.len()` (a precondition, checked by the caller).
    pub fn remove_at(&mut self, index: usize) -> i32 {
        self.items.remove(index)
    }

    /// Removes and returns the smallest value; panics on an empty set.
    pub fn pop_min(&mut self) -> i32 {
        assert!(!self.items.is_empty(), "pop_min on an empty set");
        self.items.remove(0)
    }

    /// Values in `lo..=hi`, counted.
    pub fn count_between(&self, lo: i32, hi: i32) -> usize {
        if lo > hi {
            return 0;
        }
        let start = self.items.partition_point(|v| *v < lo);
        let end = self.items.partition_point(|v| *v <= hi);
        end - start
    }

    /// Adds every value of `other`.
    pub fn union_with(&mut self, other: &SortedSet) {
        for v in &other.items {
            self.insert(*v);
        }
    }

    /// The smallest value.
    pub fn min(&self) -> Option<i32> {
        self.items.first().copied()
    }

    /// The largest value.
    pub fn max(&self) -> Option<i32> {
        self.items.last().copied()
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}
