pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn deposit_n<const N: usize>(&mut self, amounts: [u64; N]) {
        self.balance += amounts.iter().sum::<u64>();
    }
}

fn main() {}
