pub struct Account {
    balance: u64,
}

#[drt::operations(invariant(check))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn check(&self) -> u8 {
        u8::from(self.balance < 1_000)
    }
}

fn main() {}
