pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub async fn sync(&mut self) {
        self.balance += 1;
    }
}

fn main() {}
