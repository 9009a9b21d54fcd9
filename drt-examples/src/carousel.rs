//! A carousel of slides that rotates: `rotate` moves the first slide to the
//! back without moving any slide in memory (a start offset turns), `iter`
//! shows them in order from the current one, and `get(i)` is the `i`-th
//! from the current one.
//!
//! **Planted bug** (in `Carousel`, not in its twin `FixedCarousel`): `get`
//! forgets the offset and indexes the storage, so after a `rotate` it
//! answers with another slide than `iter` shows at that place. No call
//! panics; the law `get_iter` sees it: `get(i)` must be `iter().nth(i)`.

/// Slides in a ring; `BUG` plants the bug (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Slides<const BUG: bool> {
    slides: Vec<u16>,
    start: usize,
}

/// The carousel with its bug.
pub type Carousel = Slides<true>;
/// The same carousel, correct.
pub type FixedCarousel = Slides<false>;

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> Slides<BUG> {
    /// No slides.
    pub fn new() -> Self {
        Slides { slides: Vec::new(), start: 0 }
    }

    /// Adds `slide` last (before the current one, once rotated).
    pub fn add(&mut self, slide: u16) {
        let at = if self.slides.is_empty() { 0 } else { self.start };
        self.slides.insert(at, slide);
        self.start = if self.slides.len() == 1 { 0 } else { (self.start + 1) % self.slides.len() };
    }

    /// Shows the next slide: the current one goes last.
    pub fn rotate(&mut self) {
        if !self.slides.is_empty() {
            self.start = (self.start + 1) % self.slides.len();
        }
    }

    /// The `i`-th slide from the current one.
    pub fn get(&self, i: usize) -> Option<&u16> {
        if i >= self.slides.len() {
            return None;
        }
        // BUG: the storage's `i`-th, not the `i`-th from `start`.
        let at = if BUG { i } else { (self.start + i) % self.slides.len() };
        self.slides.get(at)
    }

    /// How many slides.
    pub fn len(&self) -> usize {
        self.slides.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.slides.is_empty()
    }

    /// The slides from the current one.
    pub fn iter(&self) -> impl Iterator<Item = &u16> + '_ {
        let (before, after) = self.slides.split_at(self.start);
        after.iter().chain(before)
    }
}
