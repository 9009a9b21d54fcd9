// A broken invariant is reported as such, whatever the method returns.
pub struct Counter {
    count: u8,
}

#[drt::operations(invariant(below_three))]
impl Counter {
    pub fn new() -> Self {
        Counter { count: 0 }
    }

    pub fn tick(&mut self) {
        self.count = self.count.saturating_add(1);
    }

    pub fn below_three(&self) -> bool {
        self.count < 3
    }
}

#[derive(Debug)]
pub struct Range {
    lo: u8,
    hi: u8,
}

#[drt::operations(invariant(ordered))]
impl Range {
    pub fn new() -> Self {
        Range { lo: 0, hi: 0 }
    }

    // Bug: lo may pass hi.
    pub fn raise(&mut self, by: u8) {
        self.lo = self.lo.saturating_add(by);
    }

    fn ordered(&self) -> Result<(), String> {
        if self.lo <= self.hi {
            Ok(())
        } else {
            Err(format!("lo {} > hi {}", self.lo, self.hi))
        }
    }
}

fn main() {
    let report = drt::explore::<Counter>().max_sequences(200).report();
    assert!(report.failures.iter().any(|f| f.kind == drt::FailureKind::Invariant), "{report}");
    assert!(report.failures.iter().all(|f| f.kind == drt::FailureKind::Invariant), "{report}");

    let report = drt::explore::<Range>().max_sequences(200).report();
    assert!(report.failures.iter().any(|f| f.kind == drt::FailureKind::Invariant), "{report}");
    assert!(report.failures.iter().all(|f| f.kind == drt::FailureKind::Invariant), "{report}");
}
