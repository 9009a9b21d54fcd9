pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn label(&self, name: &'static str) -> usize {
        name.len()
    }
}

fn main() {}
