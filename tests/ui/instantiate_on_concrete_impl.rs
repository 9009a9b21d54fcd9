pub struct Account {
    balance: u8,
}

#[drt::operations(instantiate(T = u8))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn deposit(&mut self, amount: u8) {
        self.balance = self.balance.saturating_add(amount);
    }
}

fn main() {}
