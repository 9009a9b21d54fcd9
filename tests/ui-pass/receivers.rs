// Every receiver drt can pass: none, `&self`, `&mut self`, `self`, `mut self`.
pub struct Counter {
    hits: u32,
}

#[drt::operations]
impl Counter {
    pub fn new() -> Self {
        Counter { hits: 0 }
    }

    pub fn hits(&self) -> u32 {
        self.hits
    }

    pub fn hit(&mut self) {
        self.hits = self.hits.saturating_add(1);
    }

    pub fn into_hits(self) -> u32 {
        self.hits
    }

    pub fn reset(mut self) -> Self {
        self.hits = 0;
        self
    }
}

fn main() {
    let report = drt::explore::<Counter>().max_sequences(200).report();
    assert!(report.failures.is_empty(), "{report}");
    let mut names: Vec<&str> = report.stats.operations.iter().map(|o| o.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Counter::hit", "Counter::hits", "Counter::into_hits", "Counter::new", "Counter::reset"]);
}
