// A method compiled out by `#[cfg]` is not registered, and its registration
// (which names its types) is compiled out with it.
#[cfg(any())]
pub struct Gone;

pub struct Account {
    balance: u64,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account { balance: 0 }
    }

    #[cfg(any())]
    pub fn gone(&self, gone: Gone) -> Gone {
        gone
    }

    #[cfg(all())]
    pub fn balance(&self) -> u64 {
        self.balance
    }
}

fn main() {
    let report = drt::explore::<Account>().max_sequences(200).report();
    assert!(report.failures.is_empty(), "{report}");
    let mut names: Vec<&str> = report.stats.operations.iter().map(|o| o.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Account::balance", "Account::new"]);
}
