//! A bounded queue of four numbers in a ring buffer, usable at both ends
//! (the shape of a job queue with a "cancel the newest" button).
//!
//! **Planted bug** (in `RingQueue`, not in its twin `FixedRingQueue`):
//! `back` forgets that the ring starts at `head`, and reads the slot
//! `len - 1` from the buffer's start. Right until the first `pop_front`
//! moves the start; after that it shows a number that `pop_back` does not
//! return. No call panics and no contract breaks; the law `peek_pop` sees
//! it: what `back()` shows is what `pop_back()` then returns.

/// How many numbers the queue holds.
pub const CAPACITY: usize = 4;

/// A bounded queue; `BUG` plants the bug (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ring<const BUG: bool> {
    slots: [u32; CAPACITY],
    head: usize,
    len: usize,
}

/// The queue with its bug.
pub type RingQueue = Ring<true>;
/// The same queue, correct.
pub type FixedRingQueue = Ring<false>;

impl<const BUG: bool> Default for Ring<BUG> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const BUG: bool> Ring<BUG> {
    /// The slot of the `k`-th number from the front.
    fn slot(&self, k: usize) -> usize {
        (self.head + k) % CAPACITY
    }
}

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> Ring<BUG> {
    /// An empty queue.
    pub fn new() -> Self {
        Ring { slots: [0; CAPACITY], head: 0, len: 0 }
    }

    /// Adds `x` at the back; false when full.
    pub fn push_back(&mut self, x: u32) -> bool {
        if self.len == CAPACITY {
            return false;
        }
        let at = self.slot(self.len);
        self.slots[at] = x;
        self.len += 1;
        true
    }

    /// Takes the number at the front.
    pub fn pop_front(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        let x = self.slots[self.head];
        self.head = self.slot(1);
        self.len -= 1;
        Some(x)
    }

    /// Takes the number at the back (cancels the newest).
    pub fn pop_back(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.slots[self.slot(self.len)])
    }

    /// The number at the front.
    pub fn front(&self) -> Option<&u32> {
        (self.len > 0).then(|| &self.slots[self.head])
    }

    /// The number at the back.
    pub fn back(&self) -> Option<&u32> {
        if self.len == 0 {
            return None;
        }
        // BUG: the ring starts at `head`, not at 0.
        let at = if BUG { self.len - 1 } else { self.slot(self.len - 1) };
        Some(&self.slots[at])
    }

    /// How many numbers are queued.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many it can hold.
    pub fn capacity(&self) -> usize {
        CAPACITY
    }

    /// Whether it holds as many as it can.
    pub fn is_full(&self) -> bool {
        self.len == CAPACITY
    }
}
