// rustc reports the syntax error, and the macro points at the same token
// rather than claiming it is not on an impl block.
pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn double(&self) -> u64 {
        let twice = ;
        self.balance * 2
    }
}

fn main() {}
