//! Wallets that pay each other, and a law they must keep, written as a
//! parameterized test: a function of values of the types under test that
//! asserts what must hold, in an `#[drt::operations]` block of its own on
//! a marker type. drt calls it with wallets that sequences of calls made,
//! and a failing assertion is minimized and reported like any other
//! failure (Pex's parameterized unit tests).
//!
//! Bug: `pay` adds to the payee with `saturating_add`, so paying a wallet
//! near `u64::MAX` loses money. No call panics and each wallet stays valid;
//! only the law, the total before and after, tells.

/// A balance in cents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wallet {
    cents: u64,
}

#[drt::operations]
impl Wallet {
    /// A wallet holding `cents`.
    pub fn new(cents: u64) -> Self {
        Wallet { cents }
    }

    /// The balance.
    pub fn cents(&self) -> u64 {
        self.cents
    }

    /// Moves `amount` to `payee`; false, moving nothing, when this wallet
    /// holds less.
    pub fn pay(&mut self, payee: &mut Wallet, amount: u64) -> bool {
        if amount > self.cents {
            return false;
        }
        self.cents -= amount;
        // BUG: money past u64::MAX vanishes; refuse the payment instead.
        payee.cents = payee.cents.saturating_add(amount);
        true
    }
}

/// The laws of wallets, checked on wallets drt makes:
/// `drt::explore::<WalletLaws>()`.
pub struct WalletLaws;

#[drt::operations]
impl WalletLaws {
    /// Paying moves money: it never makes or loses any.
    pub fn paying_keeps_the_total(payer: &mut Wallet, payee: &mut Wallet, amount: u64) {
        let before = u128::from(payer.cents()) + u128::from(payee.cents());
        payer.pay(payee, amount);
        let after = u128::from(payer.cents()) + u128::from(payee.cents());
        assert_eq!(after, before, "paying made or lost money");
    }
}
