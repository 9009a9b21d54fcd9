pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    #[drt(frobnicate)]
    pub fn deposit(&mut self, amount: u64) {
        self.balance += amount;
    }
}

fn main() {}
