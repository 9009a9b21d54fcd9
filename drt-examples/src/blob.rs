//! A byte string that can be frozen, as zero-copy buffers are written: once
//! frozen it no longer changes, so a clone may share its block instead of
//! copying it.
//!
//! **Planted bug** (in `Blob`, not in its twin `FixedBlob`): the clone of a
//! frozen blob shares the block, but nothing counts the owners, and each
//! blob frees its block when dropped. The block is freed twice, the second
//! time after the allocator may already have handed it out again. Nothing
//! panics, and in most runs nothing crashes: the allocator only checks a
//! double free when the block is still in its cache. Only a memory checker
//! sees it every time: explored with `.memcheck(true)`, the drop of the
//! second blob is a failure of kind `Memory`, "Invalid free()", its block
//! freed by the drop of the first.

use std::alloc::{alloc, dealloc, Layout};
use std::ptr::NonNull;

/// The bytes a blob holds at most.
const CAP: usize = 8;

/// Bytes in a block of their own, until frozen; `BUG` plants the bug (see
/// the module docs).
pub struct Frozen<const BUG: bool> {
    ptr: NonNull<u8>,
    len: usize,
    frozen: bool,
}

/// The blob with its bug.
pub type Blob = Frozen<true>;
/// The same blob, correct.
pub type FixedBlob = Frozen<false>;

fn layout() -> Layout {
    Layout::array::<u8>(CAP).expect("a small block has a layout")
}

/// A fresh block of [`CAP`] bytes.
fn block() -> NonNull<u8> {
    // SAFETY: the layout has a non-zero size.
    NonNull::new(unsafe { alloc(layout()) }).expect("allocation failed")
}

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> Frozen<BUG> {
    /// An empty blob, not frozen.
    pub fn new() -> Self {
        Frozen { ptr: block(), len: 0, frozen: false }
    }

    /// Appends `byte`; false when the blob is frozen or full.
    pub fn push(&mut self, byte: u8) -> bool {
        if self.frozen || self.len == CAP {
            return false;
        }
        // SAFETY: `len < CAP`, inside the block.
        unsafe { self.ptr.as_ptr().add(self.len).write(byte) };
        self.len += 1;
        true
    }

    /// Freezes the blob: it no longer changes.
    pub fn freeze(&mut self) {
        self.frozen = true;
    }

    /// Whether it is frozen.
    pub fn is_frozen(&self) -> bool {
        self.frozen
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

impl<const BUG: bool> Default for Frozen<BUG> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const BUG: bool> Clone for Frozen<BUG> {
    fn clone(&self) -> Self {
        if BUG && self.frozen {
            // The bug: a second owner of the block, and nobody counts them.
            return Frozen { ptr: self.ptr, len: self.len, frozen: true };
        }
        let ptr = block();
        // SAFETY: two distinct blocks of `CAP` bytes; `len` bytes written.
        unsafe { std::ptr::copy_nonoverlapping(self.ptr.as_ptr(), ptr.as_ptr(), self.len) };
        Frozen { ptr, len: self.len, frozen: self.frozen }
    }
}

impl<const BUG: bool> Drop for Frozen<BUG> {
    fn drop(&mut self) {
        // SAFETY (wrongly, with the bug): "the block is ours and live".
        unsafe { dealloc(self.ptr.as_ptr(), layout()) }
    }
}

impl<const BUG: bool> PartialEq for Frozen<BUG> {
    fn eq(&self, other: &Self) -> bool {
        self.frozen == other.frozen && (0..CAP).all(|i| self.get(i) == other.get(i))
    }
}

impl<const BUG: bool> std::fmt::Debug for Frozen<BUG> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let bytes: Vec<u8> = (0..self.len).filter_map(|i| self.get(i)).collect();
        f.debug_struct("Blob").field("bytes", &bytes).field("frozen", &self.frozen).finish()
    }
}
