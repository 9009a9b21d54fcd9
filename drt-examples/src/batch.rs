//! A fixed-capacity batch of readings, filled from any iterator: the
//! buffer a sensor driver or a network stack keeps on the stack.
//!
//! Bug: `try_extend` checks for room with the iterator's `size_hint`, and
//! takes its lower bound as the number of items to come. `vec.into_iter()`
//! says exactly how many; `filter`, `flat_map` or a reader's lines say 0,
//! so the check passes and the ninth reading is written past the end (an
//! index out of bounds). drt passes iterators of both kinds to
//! `impl IntoIterator` and generic `I: IntoIterator` parameters.

/// Most readings a batch holds.
pub const CAPACITY: usize = 8;

/// The batch had no room: nothing was added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full;

/// Up to [`CAPACITY`] readings, in arrival order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Batch {
    readings: [u32; CAPACITY],
    len: usize,
}

#[drt::operations]
impl Batch {
    /// An empty batch.
    pub fn new() -> Self {
        Batch::default()
    }

    /// Adds one reading, if there is room.
    pub fn push(&mut self, reading: u32) -> Result<(), Full> {
        if self.len == CAPACITY {
            return Err(Full);
        }
        self.readings[self.len] = reading;
        self.len += 1;
        Ok(())
    }

    /// Adds every reading, or none when they do not all fit.
    pub fn try_extend(&mut self, readings: impl IntoIterator<Item = u32>) -> Result<(), Full> {
        let readings = readings.into_iter();
        // BUG: the lower bound is not a count; collect first, or check each push.
        if self.len + readings.size_hint().0 > CAPACITY {
            return Err(Full);
        }
        for r in readings {
            self.readings[self.len] = r;
            self.len += 1;
        }
        Ok(())
    }

    /// Adds the readings that fit and says how many did.
    pub fn fill<I: IntoIterator<Item = u32>>(&mut self, readings: I) -> usize {
        let before = self.len;
        for r in readings.into_iter().take(CAPACITY - self.len) {
            self.readings[self.len] = r;
            self.len += 1;
        }
        self.len - before
    }

    /// The readings, oldest first.
    pub fn readings(&self) -> &[u32] {
        &self.readings[..self.len]
    }

    /// Their sum.
    pub fn total(&self) -> u64 {
        self.readings().iter().map(|&r| u64::from(r)).sum()
    }

    /// Empties the batch.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}
