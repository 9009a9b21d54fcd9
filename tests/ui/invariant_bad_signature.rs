pub struct Account {
    balance: u64,
}

#[drt::operations(invariant(check))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn check(&mut self) -> bool {
        self.balance < 1_000
    }
}

pub struct Ledger {
    total: u64,
}

#[drt::operations(invariant(check))]
impl Ledger {
    pub fn new() -> Self {
        Ledger { total: 0 }
    }

    pub fn check(&self, limit: u64) -> bool {
        self.total < limit
    }
}

pub struct Gauge {
    level: u8,
}

#[drt::operations(invariant(check))]
impl Gauge {
    pub fn new() -> Self {
        Gauge { level: 0 }
    }

    pub fn check() -> bool {
        true
    }
}

fn main() {}
