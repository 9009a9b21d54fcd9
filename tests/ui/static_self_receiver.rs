pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn forever(&'static self) -> &'static u64 {
        &self.balance
    }
}

fn main() {}
