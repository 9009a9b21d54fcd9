pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Clone for Account {
    fn clone(&self) -> Self {
        Account { balance: self.balance }
    }
}

fn main() {}
