pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub async fn sync(&mut self) {}

    pub fn deposit(&mut self, amount: u64) {
        self.balance += amount;
    }

    pub fn memo(&mut self, note: Vec<&str>) {
        let _ = note;
    }
}

fn main() {}
