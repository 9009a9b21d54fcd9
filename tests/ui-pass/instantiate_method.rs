// A generic method is explored once per `#[drt(instantiate(...))]` (repeated,
// or several in one attribute), and the tests drt writes call each instance
// with a turbofish.
use std::collections::BTreeMap;

#[derive(Default)]
pub struct Tally {
    counts: BTreeMap<String, u32>,
}

#[drt::operations]
impl Tally {
    pub fn new() -> Self {
        Tally::default()
    }

    /// Counts one more `item`.
    #[drt(instantiate(T = u8))]
    #[drt(instantiate(T = char))]
    pub fn add<T: ToString>(&mut self, item: T) {
        *self.counts.entry(item.to_string()).or_insert(0) += 1;
    }

    /// Counts one less `item`.
    #[drt(instantiate(T = u8), instantiate(T = char))]
    pub fn remove<T: ToString>(&mut self, item: T) {
        // BUG: an item never added underflows its count.
        *self.counts.entry(item.to_string()).or_insert(0) -= 1;
    }

    pub fn distinct(&self) -> usize {
        self.counts.len()
    }
}

fn main() {
    let report = drt::explore::<Tally>().max_sequences(300).report();
    // `remove` of an item never added fails, so it may never succeed.
    let uncallable = &report.stats.uncallable;
    assert!(uncallable.iter().all(|(op, _)| op.starts_with("Tally::remove")), "{uncallable:?}");
    let names: Vec<&str> = report.stats.operations.iter().map(|o| o.name.as_str()).collect();
    for name in ["Tally::add::<u8>", "Tally::add::<char>", "Tally::remove::<u8>", "Tally::remove::<char>"] {
        assert!(names.contains(&name), "{name} not in {names:?}");
    }
    // Both instances of `remove` underflow; each test calls its own instance.
    assert_eq!(report.failures.len(), 2, "{report}");
    for ty in ["u8", "char"] {
        let op = format!("Tally::remove::<{ty}>");
        let f = report.failures.iter().find(|f| f.operation == op).unwrap_or_else(|| panic!("{op} fails: {report}"));
        assert!(f.message.contains("subtract with overflow"), "{}", f.message);
        assert!(f.code.contains(&format!(".remove::<{ty}>(")), "{}", f.code);
    }
}
