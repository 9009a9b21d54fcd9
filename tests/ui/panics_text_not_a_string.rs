pub struct Account {
    balance: u64,
}

#[drt::operations(panics(withdraw = insufficient))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    #[drt(panics = 1)]
    pub fn withdraw(&mut self, amount: u64) {
        assert!(amount <= self.balance, "insufficient funds");
        self.balance -= amount;
    }
}

fn main() {}
