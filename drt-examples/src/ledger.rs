//! An append-only ledger that can compact old entries into one.
//!
//! Bug (invariant broken after several operations): `compact` drains the
//! first `n` entries but sums only `n - 1` of them into the summary entry, so
//! after at least two entries and a compaction the entries no longer add up
//! to the balance.

/// The balance would overflow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow;

/// Signed amounts and their running total.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Ledger {
    entries: Vec<i64>,
    balance: i64,
}

#[drt::operations(invariant(entries_match_balance))]
impl Ledger {
    /// An empty ledger.
    pub fn new() -> Self {
        Ledger::default()
    }

    /// Records an amount.
    pub fn record(&mut self, amount: i64) -> Result<i64, Overflow> {
        self.balance = self.balance.checked_add(amount).ok_or(Overflow)?;
        self.entries.push(amount);
        Ok(self.balance)
    }

    /// Removes the last entry.
    pub fn undo(&mut self) -> Option<i64> {
        let last = self.entries.pop()?;
        self.balance -= last;
        Some(last)
    }

    /// Replaces the first `n` entries by one entry holding their sum.
    pub fn compact(&mut self, n: usize) {
        let n = n.min(self.entries.len());
        if n < 2 {
            return;
        }
        let summary: i64 = self.entries[..n - 1].iter().sum(); // BUG: should be `..n`
        self.entries.drain(..n);
        self.entries.insert(0, summary);
    }

    /// The balance.
    pub fn balance(&self) -> i64 {
        self.balance
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The invariant: the entries add up to the balance.
    pub fn entries_match_balance(&self) -> bool {
        self.entries.iter().map(|e| i128::from(*e)).sum::<i128>() == i128::from(self.balance)
    }
}
