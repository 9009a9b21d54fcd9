// A crate taking drt as a dev-dependency annotates under `cfg_attr`, the
// block and its methods alike (`test` there; `all()`, which holds, here):
// a method's `#[cfg_attr(.., drt(...))]` is read, and what else that
// `cfg_attr` holds stays.
pub struct Counter {
    n: u32,
}

#[cfg_attr(all(), drt::operations)]
impl Counter {
    pub fn new() -> Self {
        Counter { n: 0 }
    }

    #[cfg_attr(all(), drt(weight = 3), inline)]
    pub fn bump(&mut self) {
        self.n = self.n.saturating_add(1);
    }

    #[cfg_attr(all(), drt(skip))]
    pub fn reset(&mut self) {
        self.n = 0;
    }

    pub fn get(&self) -> u32 {
        self.n
    }
}

fn main() {
    let report = drt::explore::<Counter>().max_sequences(200).report();
    assert!(report.failures.is_empty(), "{report}");
    let mut names: Vec<&str> = report.stats.operations.iter().map(|o| o.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Counter::bump", "Counter::get", "Counter::new"]);
}
