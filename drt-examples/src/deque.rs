//! A fixed-capacity double-ended queue over a ring of slots, like
//! `arraydeque` or `circular-buffer`: it never reallocates, and
//! `make_contiguous` re-lays the ring out so its elements form one slice.
//!
//! Bug (deep state): `make_contiguous` rotates a wrapped ring so that it
//! starts at slot 0, then sets the tail to `len`, forgetting that a full ring's
//! tail wraps to slot 0. Nothing shows until the ring has been filled, has
//! wrapped, is re-laid out while full, loses its front and takes a push at the
//! back: that push writes one slot past the end. With the smallest capacity it
//! takes a dozen calls in this order (one `push_front` to wrap, seven
//! `push_back`s to fill, the re-layout, a `pop_front`, a `push_back`).

/// Fewer slots than this are rounded up: a ring this small would reallocate
/// less than it saves.
const MIN_CAPACITY: usize = 8;

/// The deque is full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full;

/// A deque of at most `capacity` `i32`s.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoundedDeque {
    slots: Vec<i32>,
    /// The slot of the front element.
    head: usize,
    /// The slot after the back element.
    tail: usize,
    len: usize,
}

#[drt::operations]
impl BoundedDeque {
    /// An empty deque of `capacity` slots (at least eight, at most 4096).
    pub fn new(capacity: u16) -> Self {
        let capacity = usize::from(capacity).clamp(MIN_CAPACITY, 4096);
        BoundedDeque { slots: vec![0; capacity], head: 0, tail: 0, len: 0 }
    }

    fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Appends `value` at the back, or refuses when full.
    pub fn push_back(&mut self, value: i32) -> Result<(), Full> {
        if self.is_full() {
            return Err(Full);
        }
        self.slots[self.tail] = value;
        self.tail = (self.tail + 1) % self.capacity();
        self.len += 1;
        Ok(())
    }

    /// Prepends `value` at the front, or refuses when full.
    pub fn push_front(&mut self, value: i32) -> Result<(), Full> {
        if self.is_full() {
            return Err(Full);
        }
        self.head = (self.head + self.capacity() - 1) % self.capacity();
        self.slots[self.head] = value;
        self.len += 1;
        Ok(())
    }

    /// Removes the front element.
    pub fn pop_front(&mut self) -> Option<i32> {
        if self.len == 0 {
            return None;
        }
        let value = self.slots[self.head];
        self.head = (self.head + 1) % self.capacity();
        self.len -= 1;
        Some(value)
    }

    /// Removes the back element.
    pub fn pop_back(&mut self) -> Option<i32> {
        if self.len == 0 {
            return None;
        }
        self.tail = (self.tail + self.capacity() - 1) % self.capacity();
        self.len -= 1;
        Some(self.slots[self.tail])
    }

    /// The front element.
    pub fn front(&self) -> Option<i32> {
        (self.len > 0).then(|| self.slots[self.head])
    }

    /// Re-lays the ring out so the elements sit in order from slot 0, and
    /// returns them as one slice.
    pub fn make_contiguous(&mut self) -> &[i32] {
        if self.head + self.len <= self.capacity() {
            return &self.slots[self.head..self.head + self.len];
        }
        self.slots.rotate_left(self.head);
        self.head = 0;
        self.tail = self.len; // BUG: a full ring's tail is slot 0 (`self.len % capacity`)
        &self.slots[..self.len]
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether every slot holds an element.
    pub fn is_full(&self) -> bool {
        self.len == self.capacity()
    }
}
