pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    #[drt(skip)]
    pub const ZERO: u64 = 0;

    pub fn new() -> Self {
        Account { balance: Self::ZERO }
    }
}

fn main() {}
