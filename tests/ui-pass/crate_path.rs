//! `crate = "path"`: drt reached through a re-export, as a crate wrapping
//! its test tools would have it. Every expansion, of operations, a mock and
//! a generator, names drt by that path, and so do the tests drt emits.

mod facade {
    pub use ::drt::*;
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter(u8);

#[drt::operations(crate = "crate::facade")]
impl Counter {
    pub fn new() -> Self {
        Counter(0)
    }
    pub fn add(&mut self, n: u8) {
        self.0 = self.0.wrapping_add(n)
    }
    pub fn tick(&mut self, clock: &dyn Clock) {
        self.0 = clock.now() as u8
    }
    pub fn restore(&mut self, saved: Saved) {
        self.0 = saved.0
    }
}

#[drt::mock(crate = "crate::facade")]
pub trait Clock {
    fn now(&self) -> u64;
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved(u8);

#[drt::generator(crate = "crate::facade")]
pub fn any_saved(rng: &mut facade::Rng) -> Saved {
    Saved(rng.below(256) as u8)
}

/// Fails with a closure drt made and with a value a generator made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gauge(u8);

#[drt::operations(crate = "crate::facade")]
impl Gauge {
    pub fn new() -> Self {
        Gauge(0)
    }
    pub fn scale(&mut self, f: impl Fn(u8) -> u8) {
        self.0 = f(self.0);
        assert!(self.0 != 100, "scaled to 100");
    }
    pub fn restore(&mut self, saved: Saved) {
        assert!(saved.0 < 200, "restored past 200");
        self.0 = saved.0
    }
}

fn main() {
    let report = facade::explore::<Gauge>().max_sequences(2_000).report();
    let code = |operation: &str| {
        let failure = report.failures.iter().find(|f| f.operation == operation);
        failure.unwrap_or_else(|| panic!("{operation} did not fail:\n{report}")).code.clone()
    };
    // Emitted tests live outside the crate: `crate::facade` is named from there.
    let facade = format!("{}::facade::", module_path!());
    let scale = code("Gauge::scale");
    assert!(scale.contains(&format!("{facade}answers!(")) && !scale.contains(" drt::"), "{scale}");
    let restore = code("Gauge::restore");
    assert!(restore.contains(&format!("&mut {facade}Rng::new(")) && !restore.contains(" drt::"), "{restore}");

    let report = facade::explore::<Counter>().max_sequences(2_000).report();
    assert!(report.failures.is_empty(), "{report}");
    for name in ["add", "tick", "restore"] {
        let op = report.stats.operations.iter().find(|o| o.name == format!("Counter::{name}")).expect(name);
        assert!(op.succeeded > 0, "{name} never ran:\n{report}");
    }
}
