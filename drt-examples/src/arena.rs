//! A slot arena that hands out handles, like the free lists inside allocators.
//!
//! Bug (abort on a rare state): freeing a handle twice corrupts the free list,
//! and the arena, like glibc's allocator, aborts the process when it detects
//! that. Nothing stops a caller from freeing a stale handle.

/// A handle to a slot.
pub type Handle = u32;

/// Fixed-size slots with a free list.
#[derive(Debug, Default)]
pub struct Arena {
    slots: Vec<Option<i64>>,
    free: Vec<Handle>,
}

#[drt::operations]
impl Arena {
    /// An empty arena.
    pub fn new() -> Self {
        Arena::default()
    }

    /// Stores `value`, reusing a freed slot first.
    pub fn alloc(&mut self, value: i64) -> Handle {
        match self.free.pop() {
            Some(h) => {
                self.slots[h as usize] = Some(value);
                h
            }
            None => {
                self.slots.push(Some(value));
                (self.slots.len() - 1) as Handle
            }
        }
    }

    /// The value in a slot.
    pub fn get(&self, handle: Handle) -> Option<i64> {
        self.slots.get(handle as usize).copied().flatten()
    }

    /// Frees a slot; an unknown handle is ignored.
    pub fn free(&mut self, handle: Handle) {
        if handle as usize >= self.slots.len() {
            return;
        }
        if self.free.contains(&handle) {
            // BUG: a double free should be refused, not fatal
            eprintln!("arena: double free of handle {handle}");
            std::process::abort();
        }
        self.slots[handle as usize] = None;
        self.free.push(handle);
    }
}
