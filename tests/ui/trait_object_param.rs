pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn describe(&self, label: &dyn std::fmt::Display) -> String {
        format!("{label}: {}", self.balance)
    }
}

fn main() {}
