//! Cheap states first (issue 39): GRT's orienteering ([`super::costs`],
//! paper 004, §III.E) draws pool values about in inverse proportion to what
//! extending them costs, but the integer arguments that make expensive
//! values (`with_capacity_power_of_2(4000)` makes a ring of 16 million
//! slots, `insert_range(0, u32::MAX)` a bitmap of 2 MiB) are drawn as often
//! as ever, and every run that makes such a value again pays for it, and
//! so does every cheap extension of it until its cost is known.
//!
//! So the orienteering is extended from values to the arguments that make
//! them. A run's cost is blamed on the largest integer its calls were
//! given, its components' included ([`Largest`], as [`crate::sizes`] blames
//! a crash or a slow call). Per operation and parameter, drt keeps the
//! mean cost of the recent runs given an integer there; when it is (and
//! some of them were) above [`ARGUMENT_SLACK`] times [`super::costs`]'s
//! slack over a typical run, an integer at least as wide as the narrowest
//! given to a dear one is kept with the odds `ARGUMENT_SLACK / mean` (in
//! units of that slack),
//! about in inverse proportion to its cost as a dear pool value is, and
//! otherwise replaced by one of half its bits (a square root, as a
//! throttle does). Small integers, always drawn, keep most of the time,
//! and large ones stay in the run at the rate their cost allows. Cheap
//! runs given a large integer there bring the mean down again, so a
//! parameter blamed by chance (a pushed value, the largest integer of a
//! sequence whose state grew for another reason) recovers, and a run the
//! machine slowed once blames nothing.
//!
//! Costs steer only when time bounds the exploration (see
//! [`super::costs`]); each decision goes to the same log as theirs, so
//! that a supervisor's rerun of a crashed child draws the same arguments.

use crate::ints::IntKind;
use crate::rng::Choices;
use crate::sizes::{Largest, LARGE};

use super::costs::Costs;

/// How many recent runs given a large integer for a parameter its mean
/// cost is over (an exponential moving average, a plain mean before), and
/// how many of them must have been dear for it to count: a run the
/// machine slowed once (a page fault, another process) blames nothing.
/// The mean itself must stay, for a parameter's large values may make a
/// dear state one time in twenty and still cost most of a run's time (a
/// bitmap's `insert_range` end: 5% of its runs dear, 390 times the slack
/// each, 18 on the whole). A median of the last eight missed that, and a
/// mean from the first dear run on blamed one such run for long: on cheap
/// types (a decimal, a big integer), several parameters a run, one at odds
/// of 1 in 155.
const RECENT: u32 = 64;
const DEAR_RUNS: u32 = 2;
/// A run's cost counts at most this many times the slack in a mean.
const MOST: f32 = 1024.0;
/// How many times [`super::costs`]'s slack the runs given a parameter's
/// large integers cost before they are weighed: runs given a large number
/// are a little dearer as a rule (a decimal's wide arithmetic, a longer
/// history: the largest integer of a longer sequence is larger), and only
/// states many times dearer than a typical one starve a search. At 1 and
/// 2, most real-bug harnesses had parameters weighed at odds of 0.5 to 0.99.
const ARGUMENT_SLACK: f32 = 4.0;

/// The recent runs given a large integer for one parameter.
#[derive(Clone, Copy, Debug)]
struct Recent {
    /// Their mean cost, in units of the slack over a typical run (above 1:
    /// dearer than a value is taken at once).
    mean: f32,
    /// Which of the last [`RECENT`] were dear (bit 0 the last), and how
    /// many there were.
    dear_runs: u64,
    count: u32,
    /// The narrowest integer, in bits, given to a dear run.
    narrowest: u32,
    /// When they are dear: integers of at least this many bits are kept
    /// with these odds.
    dear: Option<(u32, f64)>,
}

impl Default for Recent {
    fn default() -> Recent {
        Recent { mean: 0.0, dear_runs: 0, count: 0, narrowest: u32::MAX, dear: None }
    }
}

impl Recent {
    fn push(&mut self, ratio: f32, width: u32) {
        self.count += 1;
        let weight = 1.0 / self.count.min(RECENT) as f32;
        self.mean += (ratio.min(MOST) - self.mean) * weight;
        let dear = ratio > ARGUMENT_SLACK;
        self.dear_runs = self.dear_runs << 1 | u64::from(dear);
        if dear {
            self.narrowest = self.narrowest.min(width);
        }
        self.dear = (self.dear_runs.count_ones() >= DEAR_RUNS && self.mean > ARGUMENT_SLACK)
            .then(|| (self.narrowest, f64::from(ARGUMENT_SLACK / self.mean)));
    }
}

/// The parameters given large integers, and how much their runs cost.
#[derive(Default)]
pub(super) struct CheapSizes {
    recent: rustc_hash::FxHashMap<(u32, u16), Recent>,
}

impl CheapSizes {
    /// Records that a run given `largest` (over its calls and its
    /// components') cost `cost` nanoseconds, where a run up to `budget`
    /// is taken at once.
    pub fn ran(&mut self, largest: Option<Largest>, cost: u32, budget: u32) {
        let Some(l) = largest else { return };
        if budget == 0 {
            return;
        }
        let ratio = cost as f32 / budget as f32;
        let width = u64::BITS - l.magnitude.get().leading_zeros();
        self.recent.entry((l.op, l.param)).or_default().push(ratio, width);
    }

    /// Whether to give parameter `param` of operation `op` an integer of
    /// `magnitude`: yes, unless the recent runs given integers that large
    /// there are dear (see [`Recent`]), then with the odds their cost allows (else
    /// [`smaller`] stands in). Each large argument is a decision of
    /// `costs`' log, weighed or not, so that a rerun that learned other
    /// costs decides at the same places.
    pub fn keeps(&self, (op, param): (u32, usize), magnitude: u128, costs: &mut Costs, rng: &mut Choices) -> bool {
        if magnitude < LARGE {
            return true;
        }
        let width = u128::BITS - magnitude.leading_zeros();
        let param = u16::try_from(param).unwrap_or(u16::MAX);
        let dear = self.recent.get(&(op, param)).and_then(|r| r.dear);
        let odds = dear.filter(|&(bits, _)| width >= bits).map(|(_, odds)| odds);
        costs.decide(odds, rng)
    }
}

/// An integer of `kind` with half the bits of `magnitude` at most (a
/// square root), standing in for one [`CheapSizes::keeps`] left.
pub(super) fn smaller(kind: IntKind, magnitude: u128, rng: &mut Choices) -> u64 {
    let width = u128::BITS - magnitude.leading_zeros();
    crate::sizes::smaller(kind, width.div_ceil(2).max(2), rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn largest(op: u32, param: u16, magnitude: u64) -> Option<Largest> {
        Some(Largest { op, param, magnitude: std::num::NonZeroU64::new(magnitude).unwrap() })
    }

    /// How many of `n` arguments of magnitude `m` for (0, 0) are kept.
    fn kept(cheap: &CheapSizes, m: u128, n: u32) -> u32 {
        let mut costs = Costs::new(true);
        let mut rng = Choices::seeded(7);
        (0..n).filter(|_| cheap.keeps((0, 0), m, &mut costs, &mut rng)).count() as u32
    }

    /// Records `n` runs given `m` for (0, 0), each `ratio` times the budget.
    fn runs(cheap: &mut CheapSizes, m: u64, n: u32, ratio: u32) {
        for _ in 0..n {
            cheap.ran(largest(0, 0, m), ratio * 1_000, 1_000);
        }
    }

    #[test]
    fn an_argument_that_made_dear_runs_is_kept_about_as_often_as_its_cost_allows() {
        let mut cheap = CheapSizes::default();
        // Cheap runs given large integers teach nothing.
        runs(&mut cheap, 1 << 20, 8, 0);
        assert_eq!(kept(&cheap, 1 << 20, 100), 100);
        // Runs 20 times the budget, given 2^20: kept at odds of 4 in 19 or so
        // (the cheap ones still count a little).
        runs(&mut cheap, 1 << 20, 120, 20);
        let dear = kept(&cheap, 1 << 20, 2_000);
        assert!((330..520).contains(&dear), "{dear} of 2,000 kept at odds 4/19");
        // Smaller integers are kept; so are those of other parameters.
        assert_eq!(kept(&cheap, 1 << 12, 100), 100);
        cheap.ran(largest(1, 0, 1 << 20), 100, 1_000);
        let mut costs = Costs::new(true);
        let mut rng = Choices::seeded(1);
        assert!((0..100).all(|_| cheap.keeps((0, 1), 1 << 20, &mut costs, &mut rng)));
        // What stands in has half the bits.
        assert!((0..100).all(|_| smaller(IntKind::U64, 1 << 20, &mut rng) < 1 << 11));
    }

    #[test]
    fn a_run_the_machine_slowed_once_blames_nothing_and_a_parameter_blamed_recovers() {
        let mut cheap = CheapSizes::default();
        runs(&mut cheap, 1 << 31, 4, 0);
        runs(&mut cheap, 1 << 31, 1, 1_000);
        runs(&mut cheap, 1 << 31, 3, 0);
        assert_eq!(kept(&cheap, 1 << 31, 1_000), 1_000);
        runs(&mut cheap, 1 << 31, 8, 32);
        assert!(kept(&cheap, 1 << 31, 1_000) < 300);
        // Once no two of the last 64 runs were dear, it is kept again.
        runs(&mut cheap, 1 << 31, 62, 0);
        assert!(kept(&cheap, 1 << 31, 1_000) < 1_000);
        runs(&mut cheap, 1 << 31, 1, 0);
        assert_eq!(kept(&cheap, 1 << 31, 1_000), 1_000);
    }
}
