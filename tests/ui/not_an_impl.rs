#[drt::operations]
pub struct Account {
    balance: u64,
}

#[drt::operations]
pub fn deposit(account: &mut Account, amount: u64) {
    account.balance += amount;
}

fn main() {}
