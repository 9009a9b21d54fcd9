pub struct Account {
    balance: u64,
}

#[drt::operations(requires(deposit = "amount + 1"))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn deposit(&mut self, amount: u64) {
        self.balance = self.balance.saturating_add(amount);
    }

    #[drt(requires = "self.balance")]
    pub fn withdraw(&mut self, amount: u64) {
        self.balance -= amount;
    }
}

fn main() {}
