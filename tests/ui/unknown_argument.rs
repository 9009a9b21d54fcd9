pub struct Account {
    balance: u64,
}

#[drt::operations(frobnicate)]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }
}

fn main() {}
