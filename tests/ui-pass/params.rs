// Every parameter shape drt can pass.

/// Not `Clone`: passed by value, it is moved out of the pool.
pub struct Token {
    id: u8,
}

#[drt::operations]
impl Token {
    pub fn new(id: u8) -> Token {
        Token { id }
    }
}

pub struct Ledger {
    entries: Vec<u64>,
    name: String,
}

#[drt::operations]
impl Ledger {
    pub fn new() -> Self {
        Ledger { entries: Vec::new(), name: String::new() }
    }

    /// By value.
    pub fn record(&mut self, amount: u64) {
        self.entries.push(amount);
    }

    /// `&T`.
    pub fn record_ref(&mut self, amount: &u64) {
        self.entries.push(*amount);
    }

    /// `&mut T`.
    pub fn add_total(&self, total: &mut u64) {
        *total = self.entries.iter().fold(*total, |a, b| a.wrapping_add(*b));
    }

    /// `&str`, and a lifetime parameter (lifetimes are fine).
    pub fn rename<'a>(&mut self, name: &'a str) -> &'a str {
        self.name = name.to_owned();
        name
    }

    /// `String` by value.
    pub fn set_name(&mut self, name: String) {
        self.name = name;
    }

    /// `&[T]`.
    pub fn extend(&mut self, amounts: &[u64]) {
        self.entries.extend_from_slice(amounts);
    }

    /// `&mut [T]`.
    pub fn zero(&self, bytes: &mut [u8]) {
        bytes.fill(0);
    }

    /// A non-`Clone` struct by value.
    pub fn redeem(&mut self, token: Token) {
        self.entries.push(u64::from(token.id));
    }

    /// `Self` by value, by reference and inside another type.
    pub fn merge(&mut self, other: Self) {
        self.entries.extend(other.entries);
    }

    pub fn same_name(&self, other: &Self) -> bool {
        self.name == other.name
    }

    pub fn take_from(&mut self, other: &mut Self) {
        self.entries.append(&mut other.entries);
    }

    pub fn longest(a: &Ledger, b: Option<Self>) -> usize {
        b.map_or(0, |b| b.entries.len()).max(a.entries.len())
    }

    /// `Option<&str>`, `Option<&[T]>` and `Option<&T>`: `None`, or a borrow.
    pub fn memo(&mut self, note: Option<&str>, amounts: Option<&[u64]>, other: Option<&Self>) -> usize {
        note.map_or(0, str::len) + amounts.map_or(0, <[u64]>::len) + other.map_or(0, |o| o.entries.len())
    }

    /// Tuples, arrays, nested generics, patterns.
    pub fn mixed(&self, (a, b): (u8, bool), c: [u8; 2], mut d: Vec<Option<u8>>, _: char) -> usize {
        d.push(Some(a));
        d.len() + usize::from(b) + c.len()
    }
}

fn main() {
    let report = drt::explore::<Ledger>().max_sequences(200).report();
    assert!(report.failures.is_empty(), "{report}");
    let ops = report.stats.operations.iter().filter(|o| o.name.starts_with("Ledger::")).count();
    assert_eq!(ops, 15);
}
