//! A bank account with overdraft protection and percentage fees.
//!
//! Bug (overflow at a boundary): `charge_fee` multiplies the balance by the
//! fee in basis points before dividing, which overflows `u64` for balances
//! near the top of the range, although every deposit was checked.

/// Why an account operation was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// The balance would exceed `u64::MAX`.
    Overflow,
    /// Not enough money.
    InsufficientFunds,
}

/// A bank account.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Account {
    balance: u64,
    deposits: u32,
}

#[drt::operations]
impl Account {
    /// An empty account.
    pub fn new() -> Self {
        Account::default()
    }

    /// Adds `amount`; refuses amounts that would overflow the balance.
    pub fn deposit(&mut self, amount: u64) -> Result<(), Error> {
        self.balance = self.balance.checked_add(amount).ok_or(Error::Overflow)?;
        self.deposits = self.deposits.saturating_add(1);
        Ok(())
    }

    /// Takes `amount` out; refuses to overdraw.
    pub fn withdraw(&mut self, amount: u64) -> Result<u64, Error> {
        if amount > self.balance {
            return Err(Error::InsufficientFunds);
        }
        self.balance -= amount;
        Ok(self.balance)
    }

    /// Charges a fee of `basis_points` / 10 000 of the balance (at most all
    /// of it); returns the fee.
    pub fn charge_fee(&mut self, basis_points: u16) -> u64 {
        let basis_points = u64::from(basis_points.min(10_000));
        let fee = self.balance * basis_points / 10_000; // BUG: overflows for large balances
        self.balance -= fee;
        fee
    }

    /// Moves everything from `other` into this account.
    pub fn merge(&mut self, other: Account) -> Result<(), Error> {
        self.balance = self.balance.checked_add(other.balance).ok_or(Error::Overflow)?;
        self.deposits = self.deposits.saturating_add(other.deposits);
        Ok(())
    }

    /// The balance.
    pub fn balance(&self) -> u64 {
        self.balance
    }
}
