pub struct Account {
    balance: u64,
}

#[drt::operations(panics(withdraw, widthdraw = "insufficient funds"))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn withdraw(&mut self, amount: u64) {
        assert!(amount <= self.balance, "insufficient funds");
        self.balance -= amount;
    }
}

fn main() {}
