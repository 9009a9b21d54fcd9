pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn memo(&mut self, notes: Vec<&str>) {
        if !notes.is_empty() {
            self.balance += 1;
        }
    }
}

fn main() {}
