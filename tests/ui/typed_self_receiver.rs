pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn close(self: Box<Self>) -> u64 {
        self.balance
    }
}

fn main() {}
