pub struct Account {
    balance: u64,
}

#[drt::operations(weight(deposit = 0))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    #[drt(weight = 0)]
    pub fn withdraw(&mut self, amount: u64) {
        self.balance -= amount;
    }

    pub fn deposit(&mut self, amount: u64) {
        self.balance += amount;
    }
}

fn main() {}
