// A bug-free type explores without failures.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Account {
    balance: u64,
    history: Vec<i64>,
}

#[derive(Debug)]
pub enum Refused {
    Insufficient,
}

#[drt::operations]
impl Account {
    pub fn new() -> Self {
        Account::default()
    }

    pub fn deposit(&mut self, amount: u64) {
        self.balance = self.balance.saturating_add(amount);
        self.history.push(1);
    }

    pub fn withdraw(&mut self, amount: u64) -> Result<u64, Refused> {
        if amount > self.balance {
            return Err(Refused::Insufficient);
        }
        self.balance -= amount;
        self.history.push(-1);
        Ok(self.balance)
    }

    pub fn transfer(&mut self, to: &mut Account, amount: u64) -> Result<(), Refused> {
        self.withdraw(amount)?;
        to.deposit(amount);
        Ok(())
    }

    pub fn balance(&self) -> u64 {
        self.balance
    }

    pub fn history(&self) -> &[i64] {
        &self.history
    }
}

fn main() {
    let report = drt::explore::<Account>().max_sequences(200).report();
    assert!(report.failures.is_empty(), "{report}");
    assert!(report.stats.sequences > 0);
    assert!(report.stats.operations.iter().all(|o| o.attempted > 0), "{:?}", report.stats.operations);
}
