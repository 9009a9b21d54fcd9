macro_rules! amount {
    () => {
        u64
    };
}

pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn deposit(&mut self, amount: amount!()) {
        self.balance += amount;
    }
}

fn main() {}
