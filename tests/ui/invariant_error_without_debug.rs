pub struct Account {
    balance: u64,
}

pub struct Overdrawn;

#[drt::operations(invariant(check))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn check(&self) -> Result<(), Overdrawn> {
        if self.balance < 1_000 {
            Ok(())
        } else {
            Err(Overdrawn)
        }
    }
}

fn main() {}
