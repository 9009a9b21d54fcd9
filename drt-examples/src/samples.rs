//! A fixed-capacity buffer of sensor samples with no heap, the kind an
//! embedded driver keeps: `extend` has an unchecked fast path for
//! iterators whose size hint says they fit.
//!
//! Bug (memory safety): the fast path trusts the hint's upper bound and
//! writes with `get_unchecked_mut`. `size_hint` is a promise std cannot
//! check, and its documentation says unsafe code must not rely on it: an
//! iterator with a bug in its hint (an adapter of the caller's, a hand-made
//! `Iterator` impl) makes `extend` write past the array, a heap or stack
//! corruption. Every std iterator tells the truth, so tests never see it;
//! drt also passes iterators that lie, `drt::iter::Lying::new(v).claims(0)`,
//! and reports what a call given one does only when it crashes (here, the
//! standard library's debug check of `get_unchecked_mut` aborts).

/// Most samples a buffer holds.
pub const CAPACITY: usize = 8;

/// Up to [`CAPACITY`] samples, in arrival order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Samples {
    buf: [u16; CAPACITY],
    len: usize,
}

#[drt::operations]
impl Samples {
    /// No samples.
    pub fn new() -> Self {
        Samples::default()
    }

    /// Appends `samples` while there is room; returns how many it took.
    pub fn extend(&mut self, samples: impl IntoIterator<Item = u16>) -> usize {
        let samples = samples.into_iter();
        let before = self.len;
        match samples.size_hint() {
            (_, Some(upper)) if upper <= CAPACITY - self.len => {
                for sample in samples {
                    // BUG: `upper` is trusted; an iterator yielding more
                    // writes past the end.
                    unsafe { *self.buf.get_unchecked_mut(self.len) = sample };
                    self.len += 1;
                }
            }
            _ => {
                for sample in samples.take(CAPACITY - self.len) {
                    self.buf[self.len] = sample;
                    self.len += 1;
                }
            }
        }
        self.len - before
    }

    /// The samples, oldest first.
    pub fn as_slice(&self) -> &[u16] {
        &self.buf[..self.len]
    }

    /// Forgets every sample.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}
