//! An outbox of messages waiting to be sent in one batch: it holds up to
//! its capacity, `push` refuses past it, and a sender polls `is_full` to
//! know when to flush.
//!
//! **Planted bug** (in `Outbox`, not in its twin `FixedOutbox`): `is_full`
//! compares with `>` where `push` refuses at `==`, so a full outbox says it
//! is not full and the sender waits for a batch that can never grow. No
//! call panics; the law `capacity` sees it: `is_full()` must say whether
//! `len() == capacity()`.

/// Messages waiting; `BUG` plants the bug (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting<const BUG: bool> {
    messages: Vec<String>,
    capacity: usize,
}

/// The outbox with its bug.
pub type Outbox = Waiting<true>;
/// The same outbox, correct.
pub type FixedOutbox = Waiting<false>;

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> Waiting<BUG> {
    /// An outbox for batches of `capacity` (at least 1, at most 64).
    pub fn with_capacity(capacity: u8) -> Self {
        let capacity = usize::from(capacity).clamp(1, 64);
        Waiting { messages: Vec::with_capacity(capacity), capacity }
    }

    /// Queues `message`; false when full.
    pub fn push(&mut self, message: String) -> bool {
        if self.messages.len() == self.capacity {
            return false;
        }
        self.messages.push(message);
        true
    }

    /// Takes every message, for sending.
    pub fn flush(&mut self) -> Vec<String> {
        std::mem::take(&mut self.messages)
    }

    /// How many messages wait.
    pub fn len(&self) -> usize {
        self.messages.len()
    }

    /// Whether none does.
    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }

    /// How many a batch holds.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Whether the batch is ready: no message fits any more.
    pub fn is_full(&self) -> bool {
        // BUG: `push` refuses at `==`.
        if BUG {
            self.messages.len() > self.capacity
        } else {
            self.messages.len() == self.capacity
        }
    }
}
