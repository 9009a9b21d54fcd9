pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn settle(&mut self, into: Option<&mut u64>) {
        if let Some(total) = into {
            *total += self.balance;
        }
    }
}

fn main() {}
