pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn shout(&self, note: &mut str) {
        note.make_ascii_uppercase();
    }
}

fn main() {}
