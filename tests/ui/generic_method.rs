pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn deposit<T: Into<u64>>(&mut self, amount: T) {
        self.balance += amount.into();
    }
}

fn main() {}
