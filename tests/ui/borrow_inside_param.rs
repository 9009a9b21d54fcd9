pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn memo(&mut self, note: Option<&str>) {
        if note.is_some() {
            self.balance += 1;
        }
    }
}

fn main() {}
