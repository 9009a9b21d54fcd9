//! A set of small numbers as bits in 64-bit words, with a fast `count` of
//! its members: one `count_ones` per word instead of a step per member.
//!
//! **Planted bug** (in `BitSet`, not in its twin `FixedBitSet`): `truncate`
//! drops the members past a bound by shortening `bits`, but leaves their
//! bits set in the last word. `iter` stops at `bits`, so the set looks
//! right, and so does every `contains`; the iterator's own `count`, which
//! sums the words, counts the stale bits. The law `iter_methods` sees it:
//! `iter().count()` must be the number of items `next()` yields.

/// A set of numbers below its `bits`; `BUG` plants the bug (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bits<const BUG: bool> {
    words: Vec<u64>,
    bits: usize,
}

/// The set with its bug.
pub type BitSet = Bits<true>;
/// The same set, correct.
pub type FixedBitSet = Bits<false>;

/// The members of a set, smallest first.
pub struct Members<'a> {
    words: &'a [u64],
    bits: usize,
    at: usize,
}

impl Iterator for Members<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while self.at < self.bits {
            let i = self.at;
            self.at += 1;
            if self.words[i / 64] >> (i % 64) & 1 == 1 {
                return Some(i);
            }
        }
        None
    }

    /// One `count_ones` per word left.
    fn count(self) -> usize {
        if self.at >= self.bits {
            return 0;
        }
        let (first, skip) = (self.at / 64, self.at % 64);
        let words = &self.words[first..self.bits.div_ceil(64)];
        let mut n: usize = words.iter().map(|w| w.count_ones() as usize).sum();
        n -= (words[0] & ((1u64 << skip) - 1)).count_ones() as usize;
        n
    }
}

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> Bits<BUG> {
    /// An empty set.
    pub fn new() -> Self {
        Bits { words: Vec::new(), bits: 0 }
    }

    /// Adds `n` (below 1024).
    pub fn insert(&mut self, n: u16) -> bool {
        let n = usize::from(n % 1024);
        if n >= self.bits {
            self.bits = n + 1;
            self.words.resize(self.bits.div_ceil(64), 0);
        }
        let had = self.contains(n as u16);
        self.words[n / 64] |= 1 << (n % 64);
        !had
    }

    /// Removes `n`.
    pub fn remove(&mut self, n: u16) -> bool {
        let had = self.contains(n);
        if had {
            let n = usize::from(n);
            self.words[n / 64] &= !(1 << (n % 64));
        }
        had
    }

    /// Whether `n` is a member.
    pub fn contains(&self, n: u16) -> bool {
        let n = usize::from(n);
        n < self.bits && self.words[n / 64] >> (n % 64) & 1 == 1
    }

    /// Drops the members from `bound` up.
    pub fn truncate(&mut self, bound: u16) {
        let bound = usize::from(bound);
        if bound >= self.bits {
            return;
        }
        self.bits = bound;
        self.words.truncate(bound.div_ceil(64));
        // BUG: the last word keeps the bits past `bound`.
        if !BUG && bound % 64 != 0 {
            if let Some(last) = self.words.last_mut() {
                *last &= (1u64 << (bound % 64)) - 1;
            }
        }
    }

    /// The members, smallest first.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        Members { words: &self.words, bits: self.bits, at: 0 }
    }
}
