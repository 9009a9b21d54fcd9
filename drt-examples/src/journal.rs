//! A log journal that buffers entries and flushes them to a sink it is
//! handed (a file, a socket, a pipe to a collector).
//!
//! Bug: `flush_to` writes the buffer with one `write` and then clears it,
//! as if every byte had been taken. A `Vec` or a file with room takes
//! everything, so tests pass; a full disk or a slow pipe takes part, and
//! the rest of the buffer is lost. The invariant, every byte logged is
//! either flushed or still buffered, breaks. drt passes writers with room
//! for a few bytes: `std::io::Cursor::new([0u8; 4])`.

use std::io::{self, Write};

/// Buffered log entries and what happened to them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Journal {
    buffer: Vec<u8>,
    logged: usize,
    flushed: usize,
}

#[drt::operations(invariant(accounts_for_every_byte))]
impl Journal {
    /// An empty journal.
    pub fn new() -> Self {
        Journal::default()
    }

    /// Buffers one entry, a line.
    pub fn log(&mut self, entry: &str) {
        self.buffer.extend_from_slice(entry.as_bytes());
        self.buffer.push(b'\n');
        self.logged += entry.len() + 1;
    }

    /// Writes what is buffered to `sink`; how many bytes it took.
    pub fn flush_to(&mut self, sink: &mut dyn Write) -> io::Result<usize> {
        let n = sink.write(&self.buffer)?;
        self.flushed += n;
        // BUG: only the first `n` bytes left; `self.buffer.drain(..n)` is meant.
        self.buffer.clear();
        Ok(n)
    }

    /// Bytes waiting to be flushed.
    pub fn pending(&self) -> usize {
        self.buffer.len()
    }

    /// Whether every byte logged was flushed or is still buffered.
    pub fn accounts_for_every_byte(&self) -> bool {
        self.logged == self.flushed + self.buffer.len()
    }
}
