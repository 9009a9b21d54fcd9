pub struct Account {
    balance: u64,
}

#[drt::operations(skip(nope))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }
}

fn main() {}
