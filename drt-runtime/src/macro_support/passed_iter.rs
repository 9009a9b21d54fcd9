//! Not public API. The iterator drt passes where an operation takes an
//! `impl Iterator<Item = T>`, an `impl IntoIterator<Item = T>`, or a generic
//! `I: IntoIterator<Item = T>`: pool values, with a size hint that is exact
//! or, as `filter` makes it, only an upper bound. Code that trusts the
//! lower bound as a count (reserving, checking room, writing past it) meets
//! the second kind in real programs, so the search offers both. Emitted
//! tests write them as std does: `vec![1, 2].into_iter()` and
//! `vec![1, 2].into_iter().filter(|_| true)`.

/// What an [`Iter`] says its `size_hint` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The items left, exactly, as `vec::IntoIter` says.
    Exact,
    /// `(0, Some(items left))`, as `filter` says.
    UpperOnly,
    /// A lie: `n` items in all, whatever there are (see [`crate::iter::Lying`]).
    Claims(usize),
}

/// Not public API. Pool values yielded in order, with the chosen [`Hint`].
#[derive(Clone, Debug)]
pub struct Iter<T> {
    items: crate::iter::Lying<T>,
    hint: Hint,
}

impl<T> Iter<T> {
    /// The items of `items`, with a size hint as `hint` says.
    pub fn new(items: Vec<T>, hint: Hint) -> Self {
        let items = crate::iter::Lying::new(items);
        let items = if let Hint::Claims(n) = hint { items.claims(n) } else { items };
        Iter { items, hint }
    }
}

impl<T> Iterator for Iter<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        self.items.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.items.left();
        match self.hint {
            Hint::Exact => (left, Some(left)),
            Hint::UpperOnly => (0, Some(left)),
            Hint::Claims(_) => self.items.size_hint(),
        }
    }
}

impl<T> DoubleEndedIterator for Iter<T> {
    fn next_back(&mut self) -> Option<T> {
        self.items.next_back()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hint_is_exact_or_an_upper_bound_as_items_are_taken() {
        let mut exact = Iter::new(vec![1, 2, 3], Hint::Exact);
        assert_eq!(exact.size_hint(), (3, Some(3)));
        assert_eq!(exact.next_back(), Some(3));
        assert_eq!(exact.size_hint(), (2, Some(2)));
        let mut filtered = Iter::new(vec![1, 2, 3], Hint::UpperOnly);
        assert_eq!(filtered.size_hint(), (0, Some(3)));
        assert_eq!(filtered.next(), Some(1));
        assert_eq!(filtered.size_hint(), (0, Some(2)));
        assert_eq!(filtered.collect::<Vec<_>>(), [2, 3]);
    }

    #[test]
    fn a_lie_is_told_as_the_public_lying_iterator_tells_it() {
        for claims in [0, 2, 16] {
            let mut ours = Iter::new(vec![1, 2, 3], Hint::Claims(claims));
            let mut public = crate::iter::Lying::new(vec![1, 2, 3]).claims(claims);
            for _ in 0..4 {
                assert_eq!(ours.size_hint(), public.size_hint());
                assert_eq!(ours.next(), public.next());
            }
        }
    }
}
