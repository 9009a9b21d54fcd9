//! An exploration of this member crate for the CI recipe's check
//! (`docs/ci/drt-shard.sh`, from `.ci/run`): its report must land beside
//! the root package's. Ignored by default, bug-free.

/// A counter that saturates, with nothing to find.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally(u32);

#[drt::operations]
impl Tally {
    pub fn new() -> Tally {
        Tally(0)
    }
    pub fn add(&mut self, n: u32) {
        self.0 = self.0.saturating_add(n);
    }
    pub fn get(&self) -> u32 {
        self.0
    }
}

#[test]
#[ignore = "run by .ci/run through docs/ci/drt-shard.sh"]
fn explore_shard_tally() {
    drt::explore::<Tally>().persist(false).run();
}
