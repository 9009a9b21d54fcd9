// A hand-written `Clone` impl is an operation like any other: drt calls it
// (`account.clone()`) and keeps what it returns; drt also checks that a clone
// equals its original, which this one does.
#[derive(Debug, PartialEq, Eq)]
pub struct Account {
    balance: u64,
    history: Vec<u64>,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0, history: Vec::new() }
    }

    pub fn deposit(&mut self, amount: u64) {
        self.balance = self.balance.saturating_add(amount);
        self.history.push(amount);
    }
}

#[drt::operations]
impl Clone for Account {
    fn clone(&self) -> Self {
        Account { balance: self.balance, history: self.history.clone() }
    }
}

fn main() {
    let report = drt::explore::<Account>().max_sequences(300).report();
    assert!(report.failures.is_empty(), "{report}");
    assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
    let clone = report.stats.operations.iter().find(|o| o.name == "Account::clone");
    assert!(clone.is_some_and(|o| o.succeeded > 0), "{:?}", report.stats.operations);
}
