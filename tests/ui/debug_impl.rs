use std::fmt;

pub struct Account {
    balance: u64,
}

#[drt::operations]
impl fmt::Debug for Account {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Account({})", self.balance)
    }
}

fn main() {}
