// On an error, the impl block is still emitted (without its #[drt] helper
// attributes): only the macro's error appears, not one per use of the type.
pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    #[drt(weight = 3)]
    pub fn deposit(&mut self, amount: u64) {
        self.balance += amount;
    }

    pub fn balance(&self) -> u64 {
        self.balance
    }

    pub fn apply(&mut self, rate: fn(u64) -> u64) {
        self.balance = rate(self.balance);
    }
}

fn main() {
    let mut account = Account::new();
    account.deposit(10);
    account.apply(|b| b * 2);
    assert_eq!(account.balance(), 20);
}
