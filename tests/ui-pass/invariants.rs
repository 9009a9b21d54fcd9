// `invariant(f)`: a method returning `bool`, a `Result` or nothing (a panic
// breaks it), public or private. It is checked, not called as an operation.
pub struct Counter {
    count: u8,
}

#[drt::operations(invariant(below_limit))]
impl Counter {
    pub fn new() -> Self {
        Counter { count: 0 }
    }

    pub fn tick(&mut self) {
        self.count = (self.count + 1) % 10;
    }

    pub fn below_limit(&self) -> bool {
        self.count < 10
    }
}

#[derive(Debug)]
pub struct Range {
    lo: u8,
    hi: u8,
}

#[drt::operations(invariant(ordered))]
impl Range {
    pub fn new(a: u8, b: u8) -> Self {
        Range { lo: a.min(b), hi: a.max(b) }
    }

    pub fn widen(&mut self) {
        self.lo = self.lo.saturating_sub(1);
        self.hi = self.hi.saturating_add(1);
    }

    pub fn ordered(&self) -> Result<(), String> {
        if self.lo <= self.hi {
            Ok(())
        } else {
            Err(format!("lo {} > hi {}", self.lo, self.hi))
        }
    }
}

pub struct Tank {
    litres: u16,
}

#[drt::operations(invariant(check))]
impl Tank {
    pub fn new() -> Self {
        Tank { litres: 0 }
    }

    pub fn fill(&mut self, litres: u8) {
        self.litres = (self.litres + u16::from(litres)).min(200);
    }

    pub fn check(&self) {
        assert!(self.litres <= 200, "tank overflows at {} litres", self.litres);
    }
}

mod private {
    pub struct Gauge {
        level: u8,
    }

    #[drt::operations(invariant(in_range))]
    impl Gauge {
        pub fn new() -> Self {
            Gauge { level: 0 }
        }

        pub fn set(&mut self, level: u8) {
            self.level = level.min(100);
        }

        fn in_range(&self) -> bool {
            self.level <= 100
        }
    }

    pub fn check() {
        let report = drt::explore::<Gauge>().max_sequences(200).report();
        assert!(report.failures.is_empty(), "{report}");
        assert!(report.stats.operations.iter().all(|o| o.name != "Gauge::in_range"));
    }
}

fn main() {
    let report = drt::explore::<Counter>().max_sequences(200).report();
    assert!(report.failures.is_empty(), "{report}");
    let mut names: Vec<&str> = report.stats.operations.iter().map(|o| o.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Counter::new", "Counter::tick"]);

    let report = drt::explore::<Range>().max_sequences(200).report();
    assert!(report.failures.is_empty(), "{report}");

    let report = drt::explore::<Tank>().max_sequences(200).report();
    assert!(report.failures.is_empty(), "{report}");

    private::check();
}
