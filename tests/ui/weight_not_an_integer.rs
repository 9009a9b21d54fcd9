pub struct Account {
    balance: u64,
}

#[drt::operations(weight(deposit = "heavy"))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn deposit(&mut self, amount: u64) {
        self.balance += amount;
    }
}

fn main() {}
