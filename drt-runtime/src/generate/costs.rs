//! What extending a pool value costs: GRT's orienteering (paper 004,
//! §III.E), which weighs each sequence by the inverse of its execution time
//! so that one expensive value (a bitmap of millions of bits, cloned and
//! scanned by every sequence that extends it) cannot starve the search of
//! the cheap states around it.
//!
//! Costs steer only when time bounds the exploration, which is then not
//! repeatable anyway, never when a number of sequences does: without them,
//! one run in [`TIME_SAMPLE`] is timed, for the operations' time.

use std::time::Duration;

use rand::RngExt;

use crate::rng::Choices;

/// Runs whose costs give the typical cost of a run (their median), and
/// how many other pool values are drawn at most for an argument while
/// the ones drawn cost more than [`COST_SLACK`] times that (see
/// [`Costs::affordable`]).
const COST_WINDOW: usize = 256;
pub(super) const MAX_REDRAWS: u32 = 16;
const COST_SLACK: u32 = 4;
/// Without costs weighed, one run in this many is timed (and stands for
/// the others in [`crate::report::OperationStats::time`]): reading the
/// clock twice costs a few percent of a cheap run.
const TIME_SAMPLE: u64 = 8;

/// The last runs' costs and their median, when costs are weighed.
pub(super) struct Costs {
    /// Whether pool values are drawn by what extending them costs.
    pub aware: bool,
    /// The last runs' costs in nanoseconds.
    recent: Vec<u32>,
    /// Their median (0 until the first is known).
    pub typical: u32,
    /// Where the decisions are kept, or read from in a replay.
    pub log: Option<Box<dyn DecisionLog>>,
}

/// One decision of [`Costs::affordable`]: a value taken at once, or a draw
/// that took it or left it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decision {
    Taken,
    DrawnTaken,
    DrawnLeft,
}

/// The decisions of a run that weighs costs, kept so that a rerun decides
/// the same way: costs are measured times, which differ between runs, and a
/// supervisor reruns a crashed child to find the sequence that crashed it
/// (`isolate`). Without the log, that rerun of a time-limited run drew other
/// values after the first decision that went the other way, missed the
/// crash, and reported it as flaky.
pub(crate) trait DecisionLog {
    /// Keeps a decision made.
    fn record(&mut self, decision: Decision);
    /// In a replay, the next decision of the run replayed; `None` once
    /// they run out (and always, when recording).
    fn replayed(&mut self) -> Option<Decision>;
}

impl Costs {
    /// Costs weighed when `aware`.
    pub fn new(aware: bool) -> Costs {
        Costs { aware, recent: Vec::with_capacity(COST_WINDOW), typical: 0, log: None }
    }

    /// Whether the run that is the `sequences`-th is timed: every one when
    /// costs are weighed, else one in [`TIME_SAMPLE`].
    pub fn timed(&self, sequences: u64) -> bool {
        self.aware || sequences.is_multiple_of(TIME_SAMPLE)
    }

    /// Records that a timed run (the `sequences`-th) took `elapsed` to run,
    /// keep and drop. Returns the time it stands for in the operation's
    /// time, and its cost in nanoseconds (0 when costs are not weighed).
    pub fn ran(&mut self, elapsed: Duration, sequences: u64) -> (Duration, u32) {
        if !self.aware {
            return (elapsed * TIME_SAMPLE as u32, 0);
        }
        let cost = u32::try_from(elapsed.as_nanos()).unwrap_or(u32::MAX);
        self.recent.push(cost);
        // In the first window, the median so far every time the count
        // doubles (from 16): an expensive value made early is not
        // extended at will for a whole window.
        let n = self.recent.len();
        let early = n >= 16 && n.is_power_of_two() && sequences <= COST_WINDOW as u64;
        if n == COST_WINDOW || early {
            let (_, median, _) = self.recent.select_nth_unstable(n / 2);
            self.typical = *median;
        }
        if n == COST_WINDOW {
            self.recent.clear();
        }
        (elapsed, cost)
    }

    /// Whether a pool value whose extensions cost `cost()` is worth
    /// extending now. A value costing up to [`COST_SLACK`] times a typical
    /// run is always taken, a dearer one with probability
    /// `COST_SLACK * typical / cost`, so values are picked about in
    /// inverse proportion to their cost once they are expensive. When most
    /// values are expensive, so is the typical run, and all are taken.
    pub fn affordable(&mut self, cost: impl FnOnce() -> u32, rng: &mut Choices) -> bool {
        // The entry is read only when costs are weighed: a draw otherwise
        // reads the offers alone.
        if !self.aware {
            return true;
        }
        let budget = self.budget();
        let odds = match self.typical {
            0 => None,
            _ => Some(cost()).filter(|&cost| cost > budget).map(|cost| f64::from(budget) / f64::from(cost)),
        };
        self.decide(odds, rng)
    }

    /// The cost up to which a run, or what it extends, is taken at once:
    /// [`COST_SLACK`] times a typical run's (0 until one is known).
    pub fn budget(&self) -> u32 {
        self.typical.saturating_mul(COST_SLACK)
    }

    /// Whether to take what the odds (below 1; `None`: take it at once)
    /// allow, when costs are weighed. In a replay, the decision of the run
    /// replayed; else one recorded in the log.
    pub fn decide(&mut self, odds: Option<f64>, rng: &mut Choices) -> bool {
        if !self.aware {
            return true;
        }
        if let Some(decision) = self.log.as_mut().and_then(|log| log.replayed()) {
            // The draw takes one number whatever the odds (they are below 1).
            if decision != Decision::Taken {
                let _ = rng.random_bool(0.5);
            }
            return decision != Decision::DrawnLeft;
        }
        let decision = match odds {
            None => Decision::Taken,
            Some(odds) if rng.random_bool(odds.clamp(0.0, 1.0)) => Decision::DrawnTaken,
            Some(_) => Decision::DrawnLeft,
        };
        if let Some(log) = &mut self.log {
            log.record(decision);
        }
        decision != Decision::DrawnLeft
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use super::*;

    /// A log in memory: kept into `kept`, or replayed from `replay`.
    struct InMemory {
        kept: Rc<RefCell<Vec<Decision>>>,
        replay: Option<std::vec::IntoIter<Decision>>,
    }

    impl DecisionLog for InMemory {
        fn record(&mut self, decision: Decision) {
            self.kept.borrow_mut().push(decision);
        }

        fn replayed(&mut self) -> Option<Decision> {
            self.replay.as_mut()?.next()
        }
    }

    #[test]
    fn a_replay_decides_as_the_run_it_replays_whatever_the_costs_it_measures() {
        let kept = Rc::new(RefCell::new(Vec::new()));
        let mut run = Costs::new(true);
        run.typical = 1_000;
        run.log = Some(Box::new(InMemory { kept: kept.clone(), replay: None }));
        let mut rng = Choices::seeded(1);
        let taken: Vec<bool> = (0..500u32).map(|i| run.affordable(|| i % 9 * 1_000, &mut rng)).collect();
        let decisions = kept.borrow().clone();
        assert_eq!(decisions.len(), 500);
        assert!(decisions.contains(&Decision::DrawnTaken) && decisions.contains(&Decision::DrawnLeft));
        // The rerun measures other costs (here every one is cheap), yet
        // takes the same values and leaves the random stream where it was.
        let mut rerun = Costs::new(true);
        rerun.typical = 1_000;
        rerun.log = Some(Box::new(InMemory { kept: Rc::default(), replay: Some(decisions.into_iter()) }));
        let mut again = Choices::seeded(1);
        let retaken: Vec<bool> = (0..500).map(|_| rerun.affordable(|| 1, &mut again)).collect();
        assert_eq!(retaken, taken);
        assert_eq!(rand::Rng::next_u64(&mut again), rand::Rng::next_u64(&mut rng));
    }
}
