// `self: &Self`, `self: &mut Self` and `self: Self` are the shorthand
// receivers written out, and are called the same way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meter {
    reading: u32,
}

#[drt::operations]
impl Meter {
    pub fn new() -> Self {
        Meter { reading: 0 }
    }
    pub fn get(self: &Self) -> u32 {
        self.reading
    }
    pub fn tick(self: &mut Self) {
        // BUG: overflows after u32::MAX ticks; `bump` gets there at once.
        self.reading += 1;
    }
    pub fn bump(mut self: Self, by: u32) -> Meter {
        self.reading = self.reading.saturating_add(by);
        self
    }
}

fn main() {
    let report = drt::explore::<Meter>().max_sequences(2_000).report();
    assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
    let f = report.failures.iter().find(|f| f.operation == "Meter::tick").expect("the overflow is found");
    assert!(f.code.contains(".bump(") && f.code.contains(".tick();"), "{}", f.code);
}
