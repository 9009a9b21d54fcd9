//! A tally of votes per candidate (a multiset of bytes) that keeps its
//! total in a field, so `len` answers without a sum.
//!
//! **Planted bug** (in `Tally`, not in its twin `FixedTally`):
//! `withdraw_all`, which strikes a candidate out with all their votes,
//! takes one vote off the total instead of all of them. Every answer about
//! the candidate is right; the total is not, and `iter` (one item per
//! vote) yields fewer items than `len` says. No call panics; the law
//! `len_iter` sees it (`iter().count() == len()`), and once the last
//! candidate is struck out, `is_empty` (true, from the candidates) and
//! `len` (not 0) disagree too: the law `is_empty`.

use std::collections::BTreeMap;

/// Votes per candidate; `BUG` plants the bug (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Votes<const BUG: bool> {
    per: BTreeMap<u8, usize>,
    total: usize,
}

/// The tally with its bug.
pub type Tally = Votes<true>;
/// The same tally, correct.
pub type FixedTally = Votes<false>;

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> Votes<BUG> {
    /// No votes yet.
    pub fn new() -> Self {
        Votes { per: BTreeMap::new(), total: 0 }
    }

    /// One vote for `candidate`.
    pub fn vote(&mut self, candidate: u8) {
        *self.per.entry(candidate).or_insert(0) += 1;
        self.total += 1;
    }

    /// Takes back one vote for `candidate`; false when they had none.
    pub fn withdraw(&mut self, candidate: u8) -> bool {
        let Some(n) = self.per.get_mut(&candidate) else { return false };
        *n -= 1;
        if *n == 0 {
            self.per.remove(&candidate);
        }
        self.total -= 1;
        true
    }

    /// Strikes `candidate` out with all their votes; how many they had.
    pub fn withdraw_all(&mut self, candidate: u8) -> usize {
        let n = self.per.remove(&candidate).unwrap_or(0);
        // BUG: one vote off the total, not `n`.
        self.total -= if BUG { n.min(1) } else { n };
        n
    }

    /// Votes for `candidate`.
    pub fn votes(&self, candidate: u8) -> usize {
        self.per.get(&candidate).copied().unwrap_or(0)
    }

    /// All votes cast.
    pub fn len(&self) -> usize {
        self.total
    }

    /// Whether no vote is cast.
    pub fn is_empty(&self) -> bool {
        self.per.is_empty()
    }

    /// One item per vote: each candidate as many times as their votes.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        self.per.iter().flat_map(|(&c, &n)| std::iter::repeat_n(c, n))
    }
}
