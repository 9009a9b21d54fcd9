pub struct Account {
    balance: u64,
}

#[drt::operations(invariant(small), invariant(even))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn small(&self) -> bool {
        self.balance < 1_000
    }

    pub fn even(&self) -> bool {
        self.balance % 2 == 0
    }
}

fn main() {}
