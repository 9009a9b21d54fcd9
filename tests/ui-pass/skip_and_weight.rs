// `skip` leaves methods out (even ones drt could not call); `weight` makes one
// more likely. The `#[drt(...)]` helper attributes are removed from the output.
pub struct Account {
    balance: u64,
}

#[drt::operations(skip(set_unchecked, sync), weight(deposit = 5, balance = 2))]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    pub fn deposit(&mut self, amount: u64) {
        self.balance = self.balance.saturating_add(amount);
    }

    #[drt(weight = 3)]
    pub fn withdraw(&mut self, amount: u64) {
        self.balance = self.balance.saturating_sub(amount);
    }

    pub fn balance(&self) -> u64 {
        self.balance
    }

    pub unsafe fn set_unchecked(&mut self, balance: u64) {
        self.balance = balance;
    }

    pub async fn sync(&mut self) {}

    #[drt(skip)]
    pub fn deposit_any<T: Into<u64>>(&mut self, amount: T) {
        self.deposit(amount.into());
    }

    #[drt(skip)]
    pub fn on_change(&self, callback: &dyn Fn(u64)) {
        callback(self.balance);
    }

    #[drt(skip)]
    pub fn close(self: Box<Self>) -> u64 {
        self.balance
    }

    #[drt(skip)]
    #[drt(weight = 2)]
    pub fn memo(&self, note: Option<&str>) -> bool {
        note.is_some()
    }
}

fn main() {
    let report = drt::explore::<Account>().max_sequences(200).report();
    assert!(report.failures.is_empty(), "{report}");
    let mut names: Vec<&str> = report.stats.operations.iter().map(|o| o.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Account::balance", "Account::deposit", "Account::new", "Account::withdraw"]);
}
