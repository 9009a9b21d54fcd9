//! Iterator parameters: `impl Iterator`, `impl IntoIterator` (with more
//! bounds), and generic ones in the declaration or the where clause, with
//! owned items of any type drt can make. Every such method runs.

#[derive(Clone, Debug, Default)]
pub struct Log {
    lines: Vec<String>,
    total: u64,
}

#[drt::operations]
impl Log {
    pub fn new() -> Self {
        Log::default()
    }
    pub fn add_all(&mut self, amounts: impl Iterator<Item = u32>) {
        self.total += amounts.map(u64::from).sum::<u64>();
    }
    pub fn add_lines(&mut self, lines: impl IntoIterator<Item = String> + Clone) -> usize {
        let n = lines.clone().into_iter().count();
        self.lines.extend(lines);
        n
    }
    pub fn last_of(&self, items: impl DoubleEndedIterator<Item = (u8, bool)>) -> Option<(u8, bool)> {
        let mut items = items;
        items.next_back()
    }
    pub fn extend<I: IntoIterator<Item = String>>(&mut self, lines: I) {
        self.lines.extend(lines)
    }
    pub fn count<I>(&self, items: I) -> usize
    where
        I: Iterator<Item = i64>,
    {
        items.count()
    }
    pub fn len(&self) -> usize {
        self.lines.len()
    }
}

fn main() {
    let report = drt::explore::<Log>().max_sequences(2_000).report();
    assert!(report.failures.is_empty(), "{report}");
    for name in ["add_all", "add_lines", "last_of", "extend", "count"] {
        let op = report.stats.operations.iter().find(|o| o.name == format!("Log::{name}")).expect(name);
        assert!(op.succeeded > 0, "{name} never ran:\n{report}");
    }
}
