//! A text buffer edited by byte ranges, as an editor's undo log replays them.
//! Planted bug: `delete` clamps the end of its range to the text but not the
//! start, so a range starting past the end (or after its own end) panics
//! instead of deleting nothing.

use std::ops::Range;

/// A growable text edited by byte ranges.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TextBuffer {
    text: String,
}

#[drt::operations]
impl TextBuffer {
    /// An empty buffer.
    pub fn new() -> Self {
        TextBuffer::default()
    }

    /// Appends `s`.
    pub fn append(&mut self, s: &str) {
        self.text.push_str(s);
    }

    /// Removes the bytes in `range`, clamped to the text; ranges that do not
    /// fall on character boundaries are ignored.
    pub fn delete(&mut self, range: Range<usize>) {
        let end = range.end.min(self.text.len());
        // BUG: the start is not clamped to `end`.
        let start = range.start;
        if self.text.is_char_boundary(start.min(end)) && self.text.is_char_boundary(end) {
            self.text.replace_range(start..end, "");
        }
    }

    /// The text in `range`, clamped to the text and to character boundaries.
    pub fn slice(&self, range: Range<usize>) -> String {
        let end = range.end.min(self.text.len());
        let start = range.start.min(end);
        match self.text.get(start..end) {
            Some(s) => s.to_string(),
            None => String::new(),
        }
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        self.text.len()
    }

    /// Whether the buffer is empty.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }
}
