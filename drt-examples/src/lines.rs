//! Counts the lines of text streamed in from a file, a pipe or a socket,
//! explored against a model that reads everything first:
//! `drt::explore::<LineCounter>().against::<LineModel>()`.
//!
//! Bug (a wrong answer): `consume` takes a short read for the end of the
//! input. A file read whole gives full reads until the last one, so the
//! counter passes every test on files; a pipe or a socket hands over what
//! has arrived, and the rest of the input is never read. drt passes readers
//! whose `read` stops at the end of a first piece of bytes,
//! `std::io::Read::chain(std::io::Cursor::new(a), std::io::Cursor::new(b))`.

use std::io::{self, Read};

/// Lines and bytes seen so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineCounter {
    lines: usize,
    bytes: usize,
    partial: bool,
}

#[drt::operations]
impl LineCounter {
    /// Nothing seen yet.
    pub fn new() -> Self {
        LineCounter::default()
    }

    /// Reads `input` to its end; returns how many lines it completed.
    pub fn consume(&mut self, mut input: impl Read) -> io::Result<usize> {
        let mut chunk = [0u8; 64];
        let before = self.lines;
        loop {
            let n = match input.read(&mut chunk) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                read => read?,
            };
            self.bytes += n;
            for &b in &chunk[..n] {
                self.partial = b != b'\n';
                self.lines += usize::from(b == b'\n');
            }
            // BUG: only a read of 0 bytes is the end; a short one is not.
            if n < chunk.len() {
                break;
            }
        }
        Ok(self.lines - before)
    }

    /// Complete lines seen.
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// Bytes seen.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Whether the last line has not ended yet.
    pub fn has_partial_line(&self) -> bool {
        self.partial
    }
}

/// The counter's reference: keeps the whole text, read with `read_to_end`.
#[derive(Clone, Debug, Default)]
pub struct LineModel(Vec<u8>);

#[drt::operations]
impl LineModel {
    pub fn new() -> Self {
        LineModel::default()
    }
    pub fn consume(&mut self, mut input: impl Read) -> io::Result<usize> {
        let before = self.lines();
        input.read_to_end(&mut self.0)?;
        Ok(self.lines() - before)
    }
    pub fn lines(&self) -> usize {
        self.0.iter().filter(|&&b| b == b'\n').count()
    }
    pub fn bytes(&self) -> usize {
        self.0.len()
    }
    pub fn has_partial_line(&self) -> bool {
        self.0.last().is_some_and(|&b| b != b'\n')
    }
}
