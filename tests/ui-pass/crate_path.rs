//! `crate = "path"`: drt reached through a re-export, as a crate wrapping
//! its test tools would have it. Every expansion, of operations, a mock and
//! a generator, names drt by that path.

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

fn main() {
    let report = facade::explore::<Counter>().max_sequences(2_000).report();
    assert!(report.failures.is_empty(), "{report}");
    for name in ["add", "tick", "restore"] {
        let op = report.stats.operations.iter().find(|o| o.name == format!("Counter::{name}")).expect(name);
        assert!(op.succeeded > 0, "{name} never ran:\n{report}");
    }
}
