//! Iterators that lie about their length, on cue: what drt passes where an
//! operation takes an `impl Iterator` or `impl IntoIterator` and the search
//! chose a buggy iterator, and what emitted tests write for it:
//! `drt::iter::Lying::new(vec![1, 2]).claims(0)`.
//!
//! `Iterator::size_hint` is a promise std cannot check: "an incorrect
//! implementation should not lead to memory safety violations". Safe code
//! may give wrong answers, or panic, on an iterator that breaks it; unsafe
//! code that trusts the hint (writing as many items as the upper bound
//! said there would be room for, without a check) corrupts memory. So drt
//! reports only crashes and hangs of a call given a lying iterator: its
//! panics and broken invariants are the iterator's fault, not a bug.
//!
//! ```
//! let mut it = drt::iter::Lying::new(vec![1, 2, 3]).claims(1);
//! assert_eq!(it.size_hint(), (1, Some(1))); // it has 3
//! assert_eq!(it.next(), Some(1));
//! assert_eq!(it.size_hint(), (0, Some(0))); // it has 2
//! assert_eq!(it.collect::<Vec<_>>(), [2, 3]);
//! ```

/// An iterator over given items whose `size_hint` says it has
/// [`claims`](Lying::claims) of them, less those taken, however many it has.
#[derive(Clone, Debug)]
pub struct Lying<T> {
    items: std::vec::IntoIter<T>,
    claims: usize,
    taken: usize,
}

impl<T> Lying<T> {
    /// Yields `items`, claiming to have as many as it has until told otherwise.
    pub fn new(items: impl IntoIterator<Item = T>) -> Self {
        let items: Vec<T> = items.into_iter().collect();
        Lying { claims: items.len(), items: items.into_iter(), taken: 0 }
    }

    /// Says it has `n` items in all: `size_hint` is `(n - taken, Some(n - taken))`.
    pub fn claims(mut self, n: usize) -> Self {
        self.claims = n;
        self
    }
}

impl<T> Lying<T> {
    /// How many items are left, whatever it claims.
    pub(crate) fn left(&self) -> usize {
        self.items.len()
    }
}

impl<T> Iterator for Lying<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        let item = self.items.next()?;
        self.taken += 1;
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.claims.saturating_sub(self.taken);
        (left, Some(left))
    }
}

impl<T> DoubleEndedIterator for Lying<T> {
    fn next_back(&mut self) -> Option<T> {
        let item = self.items.next_back()?;
        self.taken += 1;
        Some(item)
    }
}
