//! The last eight events of a log, in a ring: `record` overwrites the
//! oldest once full, and `iter` walks them oldest first, with an exact
//! length (so `collect` reserves once and `zip` knows where to stop).
//!
//! **Planted bug** (in `History`, not in its twin `FixedHistory`): the
//! iterator's length is the distance from the oldest slot to the newest,
//! taken modulo the ring's size; when the ring is full that distance is 0,
//! and `len()` (and the `size_hint` built on it) says no event is left
//! while eight are. `collect` still works (it grows the vector), so nothing
//! panics; the laws `exact_size` and `size_hint` see it.

/// How many events the history keeps.
pub const KEPT: usize = 8;

/// The last [`KEPT`] events; `BUG` plants the bug (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Events<const BUG: bool> {
    ring: [u32; KEPT],
    /// Where the next event goes.
    next: usize,
    /// How many are kept.
    count: usize,
}

/// The history with its bug.
pub type History = Events<true>;
/// The same history, correct.
pub type FixedHistory = Events<false>;

/// The events of a history, oldest first.
pub struct Oldest<'a, const BUG: bool> {
    ring: &'a [u32; KEPT],
    /// The slot of the next event yielded.
    at: usize,
    /// The slot after the newest.
    end: usize,
    left: usize,
}

impl<const BUG: bool> Iterator for Oldest<'_, BUG> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.left == 0 {
            return None;
        }
        let event = self.ring[self.at];
        self.at = (self.at + 1) % KEPT;
        self.left -= 1;
        Some(event)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.len();
        (n, Some(n))
    }
}

impl<const BUG: bool> ExactSizeIterator for Oldest<'_, BUG> {
    fn len(&self) -> usize {
        // BUG: a full ring's distance from its oldest slot to its newest is 0.
        if BUG {
            (self.end + KEPT - self.at) % KEPT
        } else {
            self.left
        }
    }
}

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> Events<BUG> {
    /// No events yet.
    pub fn new() -> Self {
        Events { ring: [0; KEPT], next: 0, count: 0 }
    }

    /// Records `event`, forgetting the oldest when full.
    pub fn record(&mut self, event: u32) {
        self.ring[self.next] = event;
        self.next = (self.next + 1) % KEPT;
        self.count = (self.count + 1).min(KEPT);
    }

    /// Forgets every event.
    pub fn clear(&mut self) {
        self.count = 0;
    }

    /// The newest event.
    pub fn latest(&self) -> Option<u32> {
        (self.count > 0).then(|| self.ring[(self.next + KEPT - 1) % KEPT])
    }

    /// The events kept, oldest first.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = u32> + '_ {
        let oldest = (self.next + KEPT - self.count) % KEPT;
        Oldest::<BUG> { ring: &self.ring, at: oldest, end: self.next, left: self.count }
    }
}
