pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub unsafe fn set_unchecked(&mut self, balance: u64) {
        self.balance = balance;
    }
}

fn main() {}
