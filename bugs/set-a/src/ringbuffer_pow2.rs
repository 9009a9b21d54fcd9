//! ringbuffer 0.8.4: `AllocRingBuffer::with_capacity_power_of_2(n)` makes a
//! buffer of capacity `n²` instead of `2ⁿ` (`pow(2)` for `1 << n`), so for
//! `n = 3` the capacity is 9, the index mask is wrong, and the first push
//! past the end indexes out of bounds (then the drop panics too: abort).
//! Fixed in 0.8.5 (commit 14e67b8, "Fixed bug with power-of-two calculation").

use drt_bugs_table::Bug;

pub mod careful {
    use ringbuffer::{AllocRingBuffer, RingBuffer, RingBufferExt, RingBufferRead, RingBufferWrite};

    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Ring(pub AllocRingBuffer<i32>);

    // `laws(skip(size_hint))`: ringbuffer's `iter()` answers `size_hint() == (len, Some(len))`
    // whatever it has yielded, a real bug of its own (unfixed in 0.16.0) that drt reports at once and
    // that fails every sequence pushing anything: reported once, then skipped (NOTES.md).
    #[drt::operations(invariant(well_formed), laws(skip(size_hint)))]
    impl Ring {
        /// "for this ringbuffer to work, cap must be a power of two and greater than zero"
        #[drt(requires = "cap.is_power_of_two() && cap <= 1 << 12")]
        pub fn with_capacity_unchecked(cap: usize) -> Self {
            Ring(AllocRingBuffer::with_capacity_unchecked(cap))
        }
        /// "The actual capacity is the input to the function raised to the power of two
        /// (effectively the input is the log2 of the actual capacity)"
        #[drt(requires = "cap_power_of_two <= 12")]
        pub fn with_capacity_power_of_2(cap_power_of_two: usize) -> Self {
            Ring(AllocRingBuffer::with_capacity_power_of_2(cap_power_of_two))
        }
        /// # Panics
        /// Panics when capacity is zero or not a power of two
        #[drt(requires = "cap <= 1 << 12")]
        pub fn with_capacity(cap: usize) -> Self {
            Ring(AllocRingBuffer::with_capacity(cap))
        }
        pub fn new() -> Self {
            Ring(AllocRingBuffer::new())
        }
        pub fn len(&self) -> usize {
            self.0.len()
        }
        pub fn is_empty(&self) -> bool {
            self.0.is_empty()
        }
        pub fn is_full(&self) -> bool {
            self.0.is_full()
        }
        pub fn capacity(&self) -> usize {
            self.0.capacity()
        }
        #[drt(ensures = "self.back() == Some(&value) && self.len() == (old.len() + 1).min(self.capacity())")]
        pub fn push(&mut self, value: i32) {
            self.0.push(value)
        }
        #[drt(ensures = "result == old.front().copied()")]
        pub fn dequeue(&mut self) -> Option<i32> {
            self.0.dequeue()
        }
        pub fn skip(&mut self) {
            self.0.skip()
        }
        pub fn drain(&mut self) -> impl Iterator<Item = i32> + '_ {
            self.0.drain()
        }
        pub fn fill(&mut self, value: i32) {
            self.0.fill(value)
        }
        pub fn fill_default(&mut self) {
            self.0.fill_default()
        }
        pub fn clear(&mut self) {
            self.0.clear()
        }
        pub fn get(&self, index: isize) -> Option<&i32> {
            self.0.get(index)
        }
        pub fn get_absolute(&self, index: usize) -> Option<&i32> {
            self.0.get_absolute(index)
        }
        pub fn peek(&self) -> Option<&i32> {
            self.0.peek()
        }
        pub fn front(&self) -> Option<&i32> {
            self.0.front()
        }
        pub fn back(&self) -> Option<&i32> {
            self.0.back()
        }
        pub fn iter(&self) -> impl Iterator<Item = &i32> + '_ {
            self.0.iter()
        }
        pub fn to_vec(&self) -> Vec<i32> {
            self.0.to_vec()
        }
        pub fn contains(&self, elem: &i32) -> bool {
            self.0.contains(elem)
        }

        /// The crate's documented laws: a power-of-two capacity, no more
        /// items than it, and `to_vec` holding `len` items.
        fn well_formed(&self) -> bool {
            self.0.capacity().is_power_of_two()
                && self.0.len() <= self.0.capacity()
                && self.0.to_vec().len() == self.0.len()
        }
    }

    #[drt::operations]
    impl Extend<i32> for Ring {
        fn extend<I: IntoIterator<Item = i32>>(&mut self, iter: I) {
            self.0.extend(iter)
        }
    }

    #[drt::operations]
    impl FromIterator<i32> for Ring {
        fn from_iter<I: IntoIterator<Item = i32>>(iter: I) -> Self {
            Ring(AllocRingBuffer::from_iter(iter))
        }
    }
}

pub mod bare {
    use ringbuffer::{AllocRingBuffer, RingBuffer, RingBufferExt, RingBufferRead, RingBufferWrite};

    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Ring(pub AllocRingBuffer<i32>);

    // `size_hint` skipped as in `careful` (NOTES.md).
    #[drt::operations(laws(skip(size_hint)))]
    impl Ring {
        pub fn with_capacity_unchecked(cap: usize) -> Self {
            Ring(AllocRingBuffer::with_capacity_unchecked(cap))
        }
        pub fn with_capacity_power_of_2(cap_power_of_two: usize) -> Self {
            Ring(AllocRingBuffer::with_capacity_power_of_2(cap_power_of_two))
        }
        pub fn with_capacity(cap: usize) -> Self {
            Ring(AllocRingBuffer::with_capacity(cap))
        }
        pub fn new() -> Self {
            Ring(AllocRingBuffer::new())
        }
        pub fn len(&self) -> usize {
            self.0.len()
        }
        pub fn is_empty(&self) -> bool {
            self.0.is_empty()
        }
        pub fn is_full(&self) -> bool {
            self.0.is_full()
        }
        pub fn capacity(&self) -> usize {
            self.0.capacity()
        }
        pub fn push(&mut self, value: i32) {
            self.0.push(value)
        }
        pub fn dequeue(&mut self) -> Option<i32> {
            self.0.dequeue()
        }
        pub fn skip(&mut self) {
            self.0.skip()
        }
        pub fn drain(&mut self) -> impl Iterator<Item = i32> + '_ {
            self.0.drain()
        }
        pub fn fill(&mut self, value: i32) {
            self.0.fill(value)
        }
        pub fn fill_default(&mut self) {
            self.0.fill_default()
        }
        pub fn clear(&mut self) {
            self.0.clear()
        }
        pub fn get(&self, index: isize) -> Option<&i32> {
            self.0.get(index)
        }
        pub fn get_absolute(&self, index: usize) -> Option<&i32> {
            self.0.get_absolute(index)
        }
        pub fn peek(&self) -> Option<&i32> {
            self.0.peek()
        }
        pub fn front(&self) -> Option<&i32> {
            self.0.front()
        }
        pub fn back(&self) -> Option<&i32> {
            self.0.back()
        }
        pub fn iter(&self) -> impl Iterator<Item = &i32> + '_ {
            self.0.iter()
        }
        pub fn to_vec(&self) -> Vec<i32> {
            self.0.to_vec()
        }
        pub fn contains(&self, elem: &i32) -> bool {
            self.0.contains(elem)
        }
    }

    #[drt::operations]
    impl Extend<i32> for Ring {
        fn extend<I: IntoIterator<Item = i32>>(&mut self, iter: I) {
            self.0.extend(iter)
        }
    }

    #[drt::operations]
    impl FromIterator<i32> for Ring {
        fn from_iter<I: IntoIterator<Item = i32>>(iter: I) -> Self {
            Ring(AllocRingBuffer::from_iter(iter))
        }
    }
}

/// A report of this bug: a buffer made by `with_capacity_power_of_2` that
/// breaks the power-of-two invariant, or panics or crashes out of bounds.
pub fn is_it(f: &drt::Failure) -> bool {
    use drt::FailureKind::*;
    f.code.contains("with_capacity_power_of_2")
        && !f.code.contains("with_capacity_unchecked")
        && match f.kind {
            Invariant | Postcondition | Law => true,
            // `with_capacity_power_of_2(0)` makes capacity 0 (not 2⁰ = 1), whose `clone` panics.
            Contract => f.message.contains("Capacity must be greater than 0"),
            Panic | Crash => f.message.contains("out of bounds") || f.message.contains("signal 6"),
            _ => false,
        }
}

pub fn bug() -> Bug {
    Bug {
        name: "ringbuffer 0.8.4: with_capacity_power_of_2(n) makes capacity n² and indexes out of bounds",
        source: "https://github.com/NULLx76/ringbuffer/issues/60",
        careful: || drt::explore::<careful::Ring>(),
        bare: || drt::explore::<bare::Ring>(),
        is_it,
    }
}

#[cfg(test)]
mod tests {
    use ringbuffer::{AllocRingBuffer, RingBuffer, RingBufferExt};

    #[test]
    fn the_capacity_is_not_a_power_of_two() {
        let b = AllocRingBuffer::<i32>::with_capacity_power_of_2(3);
        assert_eq!(b.capacity(), 9, "the buggy version squares instead of shifting");
        // Pushing past the end would index out of bounds and then abort in
        // `Drop` (a second panic), so the reproduction stops at the capacity.
        let _ = b.iter().count();
    }

    // Measured (release, `measure` in lib.rs): seeds 1-10 all find it within 20,000 sequences
    // (median 76 before it).
    // Process isolation (the default): the buggy buffer's drop aborts.
    #[test]
    fn careful_finds_it() {
        let report = (super::bug().careful)().seed(1).max_sequences(20_000).report();
        assert!(report.failures.iter().any(super::is_it), "{report}");
    }
}
