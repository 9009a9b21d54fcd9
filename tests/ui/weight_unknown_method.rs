pub struct Account {
    balance: u64,
}

#[drt::operations(weight(nope = 2))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }
}

fn main() {}
