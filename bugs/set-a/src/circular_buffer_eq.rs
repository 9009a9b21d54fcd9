//! circular-buffer 0.1.5: `PartialEq` between two buffers whose contents
//! wrap at different places slices with the wrong bounds (a copy-paste slip
//! in the `Ordering::Greater` arm) and panics, "range start index 2 out of
//! range for slice of length 0". Fixed in 0.1.6 (commit ee64dfc).

use drt_bugs_table::Bug;

pub mod careful {
    use circular_buffer::CircularBuffer;
    use std::ops::Range;

    #[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Ring(pub CircularBuffer<4, i32>);

    #[drt::operations(invariant(well_formed))]
    impl Ring {
        pub fn new() -> Self {
            Ring(CircularBuffer::new())
        }
        pub fn len(&self) -> usize {
            self.0.len()
        }
        pub fn capacity(&self) -> usize {
            self.0.capacity()
        }
        pub fn is_empty(&self) -> bool {
            self.0.is_empty()
        }
        pub fn is_full(&self) -> bool {
            self.0.is_full()
        }
        pub fn iter(&self) -> impl Iterator<Item = &i32> {
            self.0.iter()
        }
        /// # Panics
        ///
        /// If the start of the range is greater than the end, or if the end is greater than the length
        /// of the buffer.
        #[drt(requires = "range.start <= range.end && range.end <= self.len()")]
        pub fn range(&self, range: Range<usize>) -> impl Iterator<Item = &i32> {
            self.0.range(range)
        }
        /// # Panics
        ///
        /// If the start of the range is greater than the end, or if the end is greater than the length
        /// of the buffer.
        #[drt(requires = "range.start <= range.end && range.end <= self.len()")]
        pub fn drain(&mut self, range: Range<usize>) -> impl Iterator<Item = i32> + '_ {
            self.0.drain(range)
        }
        pub fn make_contiguous(&mut self) -> &mut [i32] {
            self.0.make_contiguous()
        }
        pub fn as_slices(&self) -> (&[i32], &[i32]) {
            self.0.as_slices()
        }
        pub fn back(&self) -> Option<&i32> {
            self.0.back()
        }
        pub fn front(&self) -> Option<&i32> {
            self.0.front()
        }
        pub fn get(&self, index: usize) -> Option<&i32> {
            self.0.get(index)
        }
        #[drt(ensures = "self.back() == Some(&item)")]
        pub fn push_back(&mut self, item: i32) {
            self.0.push_back(item)
        }
        pub fn try_push_back(&mut self, item: i32) -> Result<(), i32> {
            self.0.try_push_back(item)
        }
        #[drt(ensures = "self.front() == Some(&item)")]
        pub fn push_front(&mut self, item: i32) {
            self.0.push_front(item)
        }
        pub fn try_push_front(&mut self, item: i32) -> Result<(), i32> {
            self.0.try_push_front(item)
        }
        #[drt(ensures = "result == old.back().copied()")]
        pub fn pop_back(&mut self) -> Option<i32> {
            self.0.pop_back()
        }
        #[drt(ensures = "result == old.front().copied()")]
        pub fn pop_front(&mut self) -> Option<i32> {
            self.0.pop_front()
        }
        #[drt(ensures = "result == old.get(index).copied()")]
        pub fn remove(&mut self, index: usize) -> Option<i32> {
            self.0.remove(index)
        }
        /// # Panics
        ///
        /// If either `i` or `j` is out of bounds.
        #[drt(requires = "i < self.len() && j < self.len()")]
        pub fn swap(&mut self, i: usize, j: usize) {
            self.0.swap(i, j)
        }
        pub fn swap_remove_back(&mut self, index: usize) -> Option<i32> {
            self.0.swap_remove_back(index)
        }
        pub fn swap_remove_front(&mut self, index: usize) -> Option<i32> {
            self.0.swap_remove_front(index)
        }
        pub fn truncate_back(&mut self, len: usize) {
            self.0.truncate_back(len)
        }
        pub fn truncate_front(&mut self, len: usize) {
            self.0.truncate_front(len)
        }
        pub fn clear(&mut self) {
            self.0.clear()
        }
        pub fn extend_from_slice(&mut self, other: &[i32]) {
            self.0.extend_from_slice(other)
        }
        pub fn to_vec(&self) -> Vec<i32> {
            self.0.to_vec()
        }

        /// No more than `N` items, and `to_vec`, `as_slices` and `iter` agree.
        fn well_formed(&self) -> bool {
            let (a, b) = self.0.as_slices();
            let v = self.0.to_vec();
            self.0.len() <= self.0.capacity()
                && v.len() == self.0.len()
                && [a, b].concat() == v
                && self.0.iter().copied().collect::<Vec<_>>() == v
        }
    }

    #[drt::operations]
    impl From<[i32; 3]> for Ring {
        fn from(arr: [i32; 3]) -> Self {
            Ring(CircularBuffer::from(arr))
        }
    }

    #[drt::operations]
    impl FromIterator<i32> for Ring {
        fn from_iter<I: IntoIterator<Item = i32>>(iter: I) -> Self {
            Ring(CircularBuffer::from_iter(iter))
        }
    }

    #[drt::operations]
    impl Extend<i32> for Ring {
        fn extend<I: IntoIterator<Item = i32>>(&mut self, iter: I) {
            self.0.extend(iter)
        }
    }
}

pub mod bare {
    use circular_buffer::CircularBuffer;
    use std::ops::Range;

    #[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Ring(pub CircularBuffer<4, i32>);

    #[drt::operations]
    impl Ring {
        pub fn new() -> Self {
            Ring(CircularBuffer::new())
        }
        pub fn len(&self) -> usize {
            self.0.len()
        }
        pub fn capacity(&self) -> usize {
            self.0.capacity()
        }
        pub fn is_empty(&self) -> bool {
            self.0.is_empty()
        }
        pub fn is_full(&self) -> bool {
            self.0.is_full()
        }
        pub fn iter(&self) -> impl Iterator<Item = &i32> {
            self.0.iter()
        }
        pub fn range(&self, range: Range<usize>) -> impl Iterator<Item = &i32> {
            self.0.range(range)
        }
        pub fn drain(&mut self, range: Range<usize>) -> impl Iterator<Item = i32> + '_ {
            self.0.drain(range)
        }
        pub fn make_contiguous(&mut self) -> &mut [i32] {
            self.0.make_contiguous()
        }
        pub fn as_slices(&self) -> (&[i32], &[i32]) {
            self.0.as_slices()
        }
        pub fn back(&self) -> Option<&i32> {
            self.0.back()
        }
        pub fn front(&self) -> Option<&i32> {
            self.0.front()
        }
        pub fn get(&self, index: usize) -> Option<&i32> {
            self.0.get(index)
        }
        pub fn push_back(&mut self, item: i32) {
            self.0.push_back(item)
        }
        pub fn try_push_back(&mut self, item: i32) -> Result<(), i32> {
            self.0.try_push_back(item)
        }
        pub fn push_front(&mut self, item: i32) {
            self.0.push_front(item)
        }
        pub fn try_push_front(&mut self, item: i32) -> Result<(), i32> {
            self.0.try_push_front(item)
        }
        pub fn pop_back(&mut self) -> Option<i32> {
            self.0.pop_back()
        }
        pub fn pop_front(&mut self) -> Option<i32> {
            self.0.pop_front()
        }
        pub fn remove(&mut self, index: usize) -> Option<i32> {
            self.0.remove(index)
        }
        pub fn swap(&mut self, i: usize, j: usize) {
            self.0.swap(i, j)
        }
        pub fn swap_remove_back(&mut self, index: usize) -> Option<i32> {
            self.0.swap_remove_back(index)
        }
        pub fn swap_remove_front(&mut self, index: usize) -> Option<i32> {
            self.0.swap_remove_front(index)
        }
        pub fn truncate_back(&mut self, len: usize) {
            self.0.truncate_back(len)
        }
        pub fn truncate_front(&mut self, len: usize) {
            self.0.truncate_front(len)
        }
        pub fn clear(&mut self) {
            self.0.clear()
        }
        pub fn extend_from_slice(&mut self, other: &[i32]) {
            self.0.extend_from_slice(other)
        }
        pub fn to_vec(&self) -> Vec<i32> {
            self.0.to_vec()
        }
    }

    #[drt::operations]
    impl From<[i32; 3]> for Ring {
        fn from(arr: [i32; 3]) -> Self {
            Ring(CircularBuffer::from(arr))
        }
    }

    #[drt::operations]
    impl FromIterator<i32> for Ring {
        fn from_iter<I: IntoIterator<Item = i32>>(iter: I) -> Self {
            Ring(CircularBuffer::from_iter(iter))
        }
    }

    #[drt::operations]
    impl Extend<i32> for Ring {
        fn extend<I: IntoIterator<Item = i32>>(&mut self, iter: I) {
            self.0.extend(iter)
        }
    }
}

/// A report of this bug: the slice-bounds panic inside `PartialEq`, met by
/// drt's contract checks (`==`) or by a call.
pub fn is_it(f: &drt::Failure) -> bool {
    f.message.contains("out of range for slice")
        && (f.kind == drt::FailureKind::Contract
            || f.location.as_deref().is_some_and(|l| l.contains("circular-buffer-0.1.5/src/lib.rs:17")))
}

pub fn bug() -> Bug {
    Bug {
        name: "circular-buffer 0.1.5: == panics on two buffers wrapped at different places",
        source: "https://github.com/andreacorbellini/rust-circular-buffer/issues/7",
        careful: || drt::explore::<careful::Ring>(),
        bare: || drt::explore::<bare::Ring>(),
        is_it,
    }
}

#[cfg(test)]
mod tests {
    use circular_buffer::CircularBuffer;

    #[test]
    #[should_panic(expected = "out of range for slice")]
    fn eq_panics_across_wraps() {
        let mut a = CircularBuffer::<4, i32>::new();
        a.extend([1, 2, 3]);
        let mut b = CircularBuffer::<4, i32>::new();
        b.extend([0, 0, 1]);
        b.pop_front();
        b.pop_front();
        b.extend([2, 3]); // b wraps: [1] then [2, 3]; a does not
        let _ = a == b;
    }

    // Measured (release, `measure` in lib.rs): seeds 1-10 all find it within 20,000 sequences (median 14 before it).
    #[test]
    fn careful_finds_it() {
        let report =
            (super::bug().careful)().seed(1).max_sequences(20_000).isolation(drt::Isolation::InProcess).report();
        assert!(report.failures.iter().any(super::is_it), "{report}");
    }
}
