pub struct Account {
    balance: u64,
}

#[drt::operations(frobnicate, skip(nope), weight(deposit = 0))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    #[drt(frobnicate = 1, weight = 0)]
    pub fn deposit(&mut self, amount: u64) {
        self.balance += amount;
    }
}

fn main() {}
