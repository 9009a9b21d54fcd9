pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn on_change(&self, callback: &dyn Fn()) {
        callback();
    }
}

fn main() {}
