use std::io::Read;

pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn deposit_all(&mut self, amounts: impl ExactSizeIterator<Item = u8>) {
        self.balance += amounts.map(u64::from).sum::<u64>();
    }

    pub fn deposit_borrowed<'a>(&mut self, amounts: impl Iterator<Item = &'a u8>) {
        self.balance += amounts.map(|&a| u64::from(a)).sum::<u64>();
    }

    pub fn deposit_read(&mut self, amounts: &dyn Read) -> usize {
        let _ = amounts;
        0
    }

    pub fn deposit_each(&mut self, amounts: Vec<impl Into<u64>>) {
        for a in amounts {
            self.balance += a.into();
        }
    }
}

fn main() {}
