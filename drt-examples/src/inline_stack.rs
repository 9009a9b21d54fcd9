//! A stack stored inline in a fixed array, like `arrayvec::ArrayVec`.
//!
//! Bug (off-by-one after several operations): the "full" check uses `>`
//! instead of `>=`, so the ninth push writes past the end of the array.

/// Capacity of an [`InlineStack`].
pub const CAPACITY: usize = 8;

/// The stack is full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full;

/// A stack of at most [`CAPACITY`] `i64`s, without heap allocation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InlineStack {
    items: [i64; CAPACITY],
    len: usize,
}

#[drt::operations]
impl InlineStack {
    /// An empty stack.
    pub fn new() -> Self {
        InlineStack { items: [0; CAPACITY], len: 0 }
    }

    /// Pushes `value`, or refuses when the stack is full.
    pub fn push(&mut self, value: i64) -> Result<(), Full> {
        if self.len > CAPACITY {
            // BUG: should be `>=`
            return Err(Full);
        }
        self.items[self.len] = value;
        self.len += 1;
        Ok(())
    }

    /// Pops the top value.
    pub fn pop(&mut self) -> Option<i64> {
        self.len = self.len.checked_sub(1)?;
        Some(self.items[self.len])
    }

    /// The top value.
    pub fn peek(&self) -> Option<i64> {
        self.len.checked_sub(1).map(|i| self.items[i])
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the stack is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Default for InlineStack {
    fn default() -> Self {
        InlineStack::new()
    }
}
