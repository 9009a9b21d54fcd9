//! Stock levels of a warehouse's bins, with the total kept up to date, in
//! a server that survives a panicking request: `catch_unwind` at the request
//! boundary (as web frameworks and thread pools do) and the shared stock
//! serves the next request.
//!
//! Bug (unwind safety): `retain` moves every bin out before asking the
//! predicate about each. When the predicate panics (a bad lookup in a
//! caller's closure), the bins not yet put back are gone, but the total
//! still counts them; the invariant, the total is the sum of the bins,
//! breaks, and every later report is wrong. Tests pass predicates that
//! return; drt also passes closures that panic on cue,
//! `drt::answers!(|_| [], then panic)`, and goes on with what the call left.

/// Bins of stock and their total.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stock {
    bins: Vec<u32>,
    total: u64,
}

#[drt::operations(invariant(total_is_the_sum))]
impl Stock {
    /// No bins.
    pub fn new() -> Self {
        Stock::default()
    }

    /// Adds a bin holding `count` items.
    pub fn add(&mut self, count: u32) {
        self.bins.push(count);
        self.total += u64::from(count);
    }

    /// Keeps the bins `keep` says yes to.
    pub fn retain(&mut self, mut keep: impl FnMut(&u32) -> bool) {
        // BUG: a panic in `keep` loses the bins still in `taken`, and the
        // total goes on counting them.
        let taken = std::mem::take(&mut self.bins);
        for count in taken {
            if keep(&count) {
                self.bins.push(count);
            } else {
                self.total -= u64::from(count);
            }
        }
    }

    /// Items in all the bins.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// How many bins there are.
    pub fn bins(&self) -> usize {
        self.bins.len()
    }

    /// The invariant: the total is the sum of the bins.
    pub fn total_is_the_sum(&self) -> bool {
        self.total == self.bins.iter().map(|&c| u64::from(c)).sum::<u64>()
    }
}
