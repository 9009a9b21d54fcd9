use std::fmt;

pub struct Account {
    balance: u64,
}

#[drt::operations]
impl fmt::Display for Account {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} cents", self.balance)
    }
}

fn main() {}
