//! A fixed-capacity ring buffer that overwrites its oldest element when full.
//!
//! Bug (wrap-around): `get` adds the logical index to `head` but forgets to
//! wrap it, so once the buffer has wrapped, reading a late element indexes
//! past the end of the storage.

/// A ring buffer of `i32` with a fixed capacity.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RingBuffer {
    buf: Vec<i32>,
    head: usize,
    len: usize,
}

#[drt::operations]
impl RingBuffer {
    /// An empty buffer holding at most `capacity` elements (at least 1).
    pub fn new(capacity: u8) -> Self {
        RingBuffer { buf: vec![0; usize::from(capacity.max(1))], head: 0, len: 0 }
    }

    /// Appends `value`, overwriting the oldest element when full.
    pub fn push(&mut self, value: i32) {
        let cap = self.buf.len();
        let tail = (self.head + self.len) % cap;
        self.buf[tail] = value;
        if self.len == cap {
            self.head = (self.head + 1) % cap;
        } else {
            self.len += 1;
        }
    }

    /// Removes and returns the oldest element.
    pub fn pop(&mut self) -> Option<i32> {
        if self.len == 0 {
            return None;
        }
        let v = self.buf[self.head];
        self.head = (self.head + 1) % self.buf.len();
        self.len -= 1;
        Some(v)
    }

    /// The element `index` positions after the oldest.
    pub fn get(&self, index: usize) -> Option<i32> {
        if index >= self.len {
            return None;
        }
        Some(self.buf[self.head + index]) // BUG: should be (self.head + index) % capacity
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}
