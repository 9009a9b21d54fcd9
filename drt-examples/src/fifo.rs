//! A fixed ring of bytes over a raw block, as drivers and decoders keep
//! one: `push` writes after the last byte, wrapping to the block's start,
//! and `pop` takes the oldest.
//!
//! **Planted bug** (in `Fifo`, not in its twin `FixedFifo`): the wrap-around
//! tests `index > cap` where it means `index >= cap`, so once the ring has
//! turned (a `pop` moved its start), the `push` that lands exactly on the
//! block's end writes one byte past it. Nothing panics and nothing crashes:
//! the byte lands in the allocator's slack, and the slot it was meant for
//! is read later as garbage, which no oracle can tell from a byte. Only a
//! memory checker sees it: explored with `.memcheck(true)`, that `push` is a
//! failure of kind `Memory`, "Invalid write of size 1", "0 bytes after a
//! block".

use std::alloc::{alloc, dealloc, Layout};
use std::ptr::NonNull;

/// The bytes a ring holds.
const CAP: usize = 4;

/// A ring of [`CAP`] bytes; `BUG` plants the bug (see the module docs).
pub struct Ring<const BUG: bool> {
    ptr: NonNull<u8>,
    start: usize,
    len: usize,
}

/// The ring with its bug.
pub type Fifo = Ring<true>;
/// The same ring, correct.
pub type FixedFifo = Ring<false>;

fn layout() -> Layout {
    Layout::array::<u8>(CAP).expect("a small block has a layout")
}

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> Ring<BUG> {
    /// An empty ring.
    pub fn new() -> Self {
        // SAFETY: the layout has a non-zero size.
        let ptr = NonNull::new(unsafe { alloc(layout()) }).expect("allocation failed");
        Ring { ptr, start: 0, len: 0 }
    }

    /// Appends `byte`; false when the ring is full.
    pub fn push(&mut self, byte: u8) -> bool {
        if self.len == CAP {
            return false;
        }
        let mut index = self.start + self.len;
        let wraps = if BUG { index > CAP } else { index >= CAP };
        if wraps {
            index -= CAP;
        }
        // SAFETY (wrongly, with the bug): "`index < CAP`".
        unsafe { self.ptr.as_ptr().add(index).write(byte) };
        self.len += 1;
        true
    }

    /// Takes the oldest byte.
    pub fn pop(&mut self) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        // SAFETY: `start < CAP`, a written byte.
        let byte = unsafe { self.ptr.as_ptr().add(self.start).read() };
        self.start = (self.start + 1) % CAP;
        self.len -= 1;
        Some(byte)
    }

    /// How many bytes it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<const BUG: bool> Default for Ring<BUG> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const BUG: bool> Drop for Ring<BUG> {
    fn drop(&mut self) {
        // SAFETY: the block was allocated with this layout and is live.
        unsafe { dealloc(self.ptr.as_ptr(), layout()) }
    }
}

impl<const BUG: bool> std::fmt::Debug for Ring<BUG> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ring").field("start", &self.start).field("len", &self.len).finish()
    }
}
