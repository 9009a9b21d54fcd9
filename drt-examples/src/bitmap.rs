//! A dense bitmap of `u32` positions, as `fixedbitset` and the bitmap
//! containers of roaring bitmaps keep them: 64 positions to a word, the
//! words grown on demand up to [`UNIVERSE`] positions (2 MiB), and range
//! operations that touch every word of their range.
//!
//! Bug (a cheap state next to expensive ones): the bitmap caches its
//! highest position. Removing that position looks for the next highest in
//! the same word only, so when the word is left empty the cache says the
//! bitmap is empty while lower words still hold positions, and `max`
//! answers `None`. Three cheap calls show it (two positions in different
//! words, the higher removed). But the arguments a search tries first
//! include ends of ranges near `u32::MAX`, which make bitmaps of millions of
//! positions: every sequence that extends one clones, hashes and prints
//! 2 MiB, thousands of times the work of a small one, and a search that
//! extends them as often as the small ones spends its time there.

/// Positions at or above this are not stored: `insert` refuses them and
/// ranges end here.
pub const UNIVERSE: u32 = 1 << 24;

/// A set of `u32` positions below [`UNIVERSE`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitmap {
    words: Vec<u64>,
    /// The highest position, kept so that `max` needs no scan.
    max: Option<u32>,
}

#[drt::operations(invariant(max_is_the_highest))]
impl Bitmap {
    /// An empty bitmap.
    pub fn new() -> Self {
        Bitmap::default()
    }

    /// Adds `pos`; false when it was there already or is out of range.
    pub fn insert(&mut self, pos: u32) -> bool {
        if pos >= UNIVERSE || self.contains(pos) {
            return false;
        }
        let word = (pos / 64) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (pos % 64);
        self.max = self.max.max(Some(pos));
        true
    }

    /// Removes `pos`; false when it was not there.
    pub fn remove(&mut self, pos: u32) -> bool {
        if !self.contains(pos) {
            return false;
        }
        let word = (pos / 64) as usize;
        self.words[word] &= !(1 << (pos % 64));
        if self.max == Some(pos) {
            // BUG: looks in this word only; when it is now empty, lower
            // words may still hold positions (use `self.highest()`).
            let w = self.words[word];
            self.max = (w != 0).then(|| word as u32 * 64 + 63 - w.leading_zeros());
        }
        true
    }

    /// Whether `pos` is in the bitmap.
    pub fn contains(&self, pos: u32) -> bool {
        let word = (pos / 64) as usize;
        self.words.get(word).is_some_and(|w| w & (1 << (pos % 64)) != 0)
    }

    /// Adds every position from `start` up to `end` (exclusive; at most
    /// [`UNIVERSE`]).
    pub fn insert_range(&mut self, start: u32, end: u32) {
        let end = end.min(UNIVERSE);
        if start >= end {
            return;
        }
        let last = ((end - 1) / 64) as usize;
        if last >= self.words.len() {
            self.words.resize(last + 1, 0);
        }
        for (i, w) in self.words.iter_mut().enumerate().take(last + 1).skip((start / 64) as usize) {
            *w |= range_mask(i, start, end);
        }
        self.max = self.max.max(Some(end - 1));
    }

    /// Removes every position from `start` up to `end` (exclusive).
    pub fn remove_range(&mut self, start: u32, end: u32) {
        let end = end.min(UNIVERSE);
        if start >= end {
            return;
        }
        let last = ((end - 1) / 64) as usize;
        for (i, w) in self.words.iter_mut().enumerate().take(last + 1).skip((start / 64) as usize) {
            *w &= !range_mask(i, start, end);
        }
        self.max = self.highest();
    }

    /// Adds every position of `other`.
    pub fn union_with(&mut self, other: &Bitmap) {
        if other.words.len() > self.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        for (w, o) in self.words.iter_mut().zip(&other.words) {
            *w |= o;
        }
        self.max = self.max.max(other.max);
    }

    /// How many positions the bitmap holds.
    pub fn len(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// Whether it holds no position.
    pub fn is_empty(&self) -> bool {
        self.max.is_none()
    }

    /// The highest position.
    pub fn max(&self) -> Option<u32> {
        self.max
    }

    /// The lowest position.
    pub fn min(&self) -> Option<u32> {
        let (i, w) = self.words.iter().enumerate().find(|(_, w)| **w != 0)?;
        Some(i as u32 * 64 + w.trailing_zeros())
    }

    /// Removes every position, keeping the words allocated.
    pub fn clear(&mut self) {
        self.words.fill(0);
        self.max = None;
    }

    /// The invariant: the cached highest position is the highest one.
    fn max_is_the_highest(&self) -> bool {
        self.max == self.highest()
    }

    /// The highest position, by a scan from the top.
    fn highest(&self) -> Option<u32> {
        let (i, w) = self.words.iter().enumerate().rev().find(|(_, w)| **w != 0)?;
        Some(i as u32 * 64 + 63 - w.leading_zeros())
    }
}

/// The bits of word `i` that lie in `start..end`.
fn range_mask(i: usize, start: u32, end: u32) -> u64 {
    let (lo, hi) = (i as u64 * 64, i as u64 * 64 + 64);
    let from = u64::from(start).max(lo) - lo;
    let to = u64::from(end).min(hi) - lo;
    if to - from == 64 {
        u64::MAX
    } else {
        ((1u64 << (to - from)) - 1) << from
    }
}
