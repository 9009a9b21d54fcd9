pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn apply(&mut self, rate: fn(u64) -> u64) {
        self.balance = rate(self.balance);
    }
}

fn main() {}
