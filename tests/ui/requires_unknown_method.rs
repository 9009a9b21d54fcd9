pub struct Account {
    balance: u64,
}

#[drt::operations(requires(deposti = "amount > 0"))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn deposit(&mut self, amount: u64) {
        self.balance = self.balance.saturating_add(amount);
    }
}

fn main() {}
