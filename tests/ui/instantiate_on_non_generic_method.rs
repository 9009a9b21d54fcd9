pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    #[drt(instantiate(U = u8))]
    pub fn deposit(&mut self, amount: u64) {
        self.balance = self.balance.saturating_add(amount);
    }
}

fn main() {}
