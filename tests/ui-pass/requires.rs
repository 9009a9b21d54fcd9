// `requires` keeps inputs a method is not meant for away from it: an
// expression over `self` and the parameters, `Copy` ones by value and the
// others by reference, given on the impl or on the method. The code generated
// for the preconditions must not warn either.
#![deny(warnings)]
pub struct Register {
    names: Vec<String>,
    total: u64,
}

#[drt::operations(requires(
    deposit = "amount > 0",
    add = "!name.is_empty()",
    tag = "label.len() == 1",
    load = "!bytes.is_empty() && bytes[0] != 0",
    push = "self.len() < 8",
))]
impl Register {
    pub fn new() -> Self {
        Register { names: Vec::new(), total: 0 }
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn deposit(&mut self, amount: u64) {
        assert!(amount > 0, "empty deposit");
        self.total = self.total.saturating_add(amount);
    }

    pub fn add(&mut self, name: String) {
        assert!(!name.is_empty(), "empty name");
        self.names.push(name);
    }

    pub fn tag(&mut self, label: &str) {
        assert_eq!(label.len(), 1, "labels are one byte");
    }

    pub fn load(&mut self, bytes: &[u8]) {
        self.total = self.total.saturating_add(u64::from(100 / bytes[0]));
    }

    pub fn push(&mut self) {
        assert!(self.names.len() < 8, "full");
        self.names.push(String::from("x"));
    }

    #[drt(requires = "by != 0")]
    pub fn divide(&mut self, by: u64) {
        self.total /= by;
    }

    #[drt(requires = "!name.is_empty() && self.len() < 8")]
    pub fn insert(&mut self, name: String) {
        assert!(!name.is_empty() && self.names.len() < 8);
        self.names.push(name);
    }

    #[drt(requires = "prefix.len() == 1")]
    pub fn starts_with(&self, prefix: &str) -> bool {
        assert_eq!(prefix.len(), 1);
        self.names.iter().any(|n| n.starts_with(prefix))
    }

    #[drt(requires = "bytes.len() >= 2")]
    pub fn swap_ends(&self, bytes: &mut [u8]) {
        let last = bytes.len() - 1;
        bytes.swap(0, last - 1);
    }

    #[drt(requires = "*total < 1_000")]
    pub fn add_to(&self, total: &mut u64) {
        assert!(*total < 1_000);
        *total += 1;
    }

    #[drt(requires = "self.total % 2 == 0")]
    pub fn halve(self) -> u64 {
        assert_eq!(self.total % 2, 0);
        self.total / 2
    }
}

// `Self`, and `self` inside macro calls, mean what they mean in the method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    Open,
    Shut,
}

#[derive(Debug, PartialEq, Eq)]
pub struct Door {
    state: State,
    opened: u8,
}

#[drt::operations(requires(open = "matches!(self.state, State::Shut) && self.opened < Self::LIMIT"))]
impl Door {
    const LIMIT: u8 = 3;

    pub fn new() -> Self {
        Door { state: State::Shut, opened: 0 }
    }

    #[drt(skip)]
    fn can_shut(state: State) -> bool {
        state == State::Open
    }

    pub fn open(&mut self) {
        assert!(self.state == State::Shut && self.opened < 3);
        self.state = State::Open;
        self.opened += 1;
    }

    #[drt(requires = "Self::can_shut(self.state) && *self != Self { state: State::Shut, opened: 0 }")]
    pub fn shut(&mut self) {
        assert_eq!(self.state, State::Open);
        self.state = State::Shut;
    }
}

fn main() {
    let report = drt::explore::<Register>().max_sequences(200).report();
    assert!(report.failures.is_empty(), "{report}");
    assert!(report.stats.operations.iter().all(|o| o.attempted > 0), "{:?}", report.stats.operations);

    let report = drt::explore::<Door>().max_sequences(200).report();
    assert!(report.failures.is_empty(), "{report}");
    assert!(report.stats.operations.iter().all(|o| o.attempted > 0), "{:?}", report.stats.operations);
}
