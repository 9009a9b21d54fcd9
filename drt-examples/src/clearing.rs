//! A clearing house: accounts hold balances, transfers move money between
//! them, and the total is the money deposited. Like much payment code it is
//! fail-stop: a journal entry guards each transfer and must be settled
//! before it is dropped (a drop bomb), and a total that no longer matches
//! the deposits aborts the process rather than let a corrupt book go on.
//!
//! Two bugs, both in `transfer`, both aborting the process:
//! - **A full payee**: a balance is a `u32` (the total is a `u64`), and a
//!   credit that would overflow the payee's balance panics (`expect`); the
//!   journal entry, dropped unsettled while that panic unwinds, panics too,
//!   and a panic while panicking aborts.
//! - **Transfer to oneself**: both balances are read before either is
//!   written, so paying oneself credits the amount without debiting it; the
//!   total check sees money made from nothing and aborts.
//!
//! Both end the process with SIGABRT in the same operation. drt tells
//! crashes apart by where they happened (the panic that aborted, the last
//! words), so each is a failure of its own.

/// Why a transfer was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The payer or the payee has no such account.
    UnknownAccount,
    /// The payer's balance is below the amount.
    InsufficientFunds,
}

/// A transfer being made; dropping it unsettled means the books are half
/// written, which must never happen.
struct Entry {
    settled: bool,
}

impl Drop for Entry {
    fn drop(&mut self) {
        // BUG 1 (with the `expect` below): no `!std::thread::panicking()`.
        assert!(self.settled, "a journal entry was dropped unsettled");
    }
}

/// Accounts and their balances.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Clearing {
    balances: Vec<u32>,
    deposited: u64,
}

#[drt::operations]
impl Clearing {
    /// No accounts.
    pub fn new() -> Self {
        Clearing::default()
    }

    /// Opens an account holding `deposit`; returns its number.
    pub fn open(&mut self, deposit: u32) -> usize {
        self.balances.push(deposit);
        self.deposited += u64::from(deposit);
        self.balances.len() - 1
    }

    /// The balance of `account`, if it exists.
    pub fn balance(&self, account: usize) -> Option<u32> {
        self.balances.get(account).copied()
    }

    /// Moves `amount` from `from` to `to`.
    pub fn transfer(&mut self, from: usize, to: usize, amount: u32) -> Result<(), Refused> {
        let mut entry = Entry { settled: false };
        let (Some(&payer), Some(&payee)) = (self.balances.get(from), self.balances.get(to)) else {
            entry.settled = true;
            return Err(Refused::UnknownAccount);
        };
        if payer < amount {
            entry.settled = true;
            return Err(Refused::InsufficientFunds);
        }
        let credited = payee.checked_add(amount).expect("balance overflow"); // BUG 1
                                                                             // BUG 2: with `from == to`, the second write undoes the first.
        self.balances[from] = payer - amount;
        self.balances[to] = credited;
        entry.settled = true;
        let total: u64 = self.balances.iter().map(|b| u64::from(*b)).sum();
        if total != self.deposited {
            eprintln!("clearing: books corrupt: {total} held, {} deposited", self.deposited);
            std::process::abort();
        }
        Ok(())
    }
}
