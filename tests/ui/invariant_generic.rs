pub struct Account {
    balance: u64,
}

#[drt::operations(invariant(check))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn check<T: Default + PartialEq>(&self) -> bool {
        self.balance < 1_000 && T::default() == T::default()
    }
}

fn main() {}
