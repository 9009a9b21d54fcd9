//! A growable byte buffer over a raw allocation, as crates that manage their
//! own memory write it: `push` doubles the block when it is full, copying
//! the bytes over.
//!
//! **Planted bug** (in `ByteBuf`, not in its twin `FixedByteBuf`): growing
//! frees the old block *before* copying from it, a use after free. Nothing
//! panics and nothing crashes: the freed block still holds most of its
//! bytes, and the allocator's bookkeeping overwrites the first few, so the
//! buffer silently loses its first bytes after it grows. Only a memory
//! checker sees it: explored with `.memcheck(true)` (valgrind's memcheck),
//! the `push` that grows the buffer is a failure of kind `Memory`, "Invalid
//! read", its block freed by that same `push`.

use std::alloc::{alloc, dealloc, Layout};
use std::ptr::NonNull;

/// Bytes in a block of their own; `BUG` plants the bug (see the module docs).
pub struct Bytes<const BUG: bool> {
    ptr: NonNull<u8>,
    len: usize,
    cap: usize,
}

/// The buffer with its bug.
pub type ByteBuf = Bytes<true>;
/// The same buffer, correct.
pub type FixedByteBuf = Bytes<false>;

/// The layout of a block of `cap` bytes (`cap` > 0).
fn layout(cap: usize) -> Layout {
    Layout::array::<u8>(cap).expect("a block of bytes this small has a layout")
}

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> Bytes<BUG> {
    /// An empty buffer with room for 4 bytes.
    pub fn new() -> Self {
        // SAFETY: the layout has a non-zero size.
        let ptr = unsafe { alloc(layout(4)) };
        Bytes { ptr: NonNull::new(ptr).expect("allocation failed"), len: 0, cap: 4 }
    }

    /// Appends `byte`, growing the block when it is full.
    pub fn push(&mut self, byte: u8) {
        if self.len == self.cap {
            self.grow();
        }
        // SAFETY: `len < cap`, inside the block.
        unsafe { self.ptr.as_ptr().add(self.len).write(byte) };
        self.len += 1;
    }

    /// The byte at `i`.
    pub fn get(&self, i: usize) -> Option<u8> {
        // SAFETY: `i < len`, written bytes of the block.
        (i < self.len).then(|| unsafe { self.ptr.as_ptr().add(i).read() })
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

impl<const BUG: bool> Bytes<BUG> {
    /// Doubles the block.
    fn grow(&mut self) {
        let new_cap = self.cap * 2;
        // SAFETY: the layout has a non-zero size.
        let new = NonNull::new(unsafe { alloc(layout(new_cap)) }).expect("allocation failed");
        let old = self.ptr.as_ptr();
        // SAFETY: `old` is the live block of `cap` bytes, `new` one of
        // `new_cap`; they do not overlap. The bug frees `old` first.
        unsafe {
            if BUG {
                dealloc(old, layout(self.cap));
                std::ptr::copy_nonoverlapping(old, new.as_ptr(), self.len);
            } else {
                std::ptr::copy_nonoverlapping(old, new.as_ptr(), self.len);
                dealloc(old, layout(self.cap));
            }
        }
        self.ptr = new;
        self.cap = new_cap;
    }
}

impl<const BUG: bool> Default for Bytes<BUG> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const BUG: bool> Drop for Bytes<BUG> {
    fn drop(&mut self) {
        // SAFETY: the block was allocated with this layout and is live.
        unsafe { dealloc(self.ptr.as_ptr(), layout(self.cap)) }
    }
}

impl<const BUG: bool> Clone for Bytes<BUG> {
    fn clone(&self) -> Self {
        // SAFETY: a block of the same size, the written bytes copied over.
        let ptr = NonNull::new(unsafe { alloc(layout(self.cap)) }).expect("allocation failed");
        unsafe { std::ptr::copy_nonoverlapping(self.ptr.as_ptr(), ptr.as_ptr(), self.len) };
        Bytes { ptr, len: self.len, cap: self.cap }
    }
}

impl<const BUG: bool> std::fmt::Debug for Bytes<BUG> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries((0..self.len).filter_map(|i| self.get(i))).finish()
    }
}

impl<const BUG: bool> PartialEq for Bytes<BUG> {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && (0..self.len).all(|i| self.get(i) == other.get(i))
    }
}
