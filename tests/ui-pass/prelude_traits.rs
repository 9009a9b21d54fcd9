// `From`, `Default` and `Iterator` impls are operations; prelude traits are
// called with plain syntax in the tests drt writes: `Countdown::from(3)`,
// `Countdown::default()`, `countdown.next()`.

/// Counts down from a start to one, then stops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Countdown {
    left: u32,
}

#[drt::operations]
impl Countdown {
    pub fn remaining(&self) -> u32 {
        self.left
    }
}

#[drt::operations]
impl From<u32> for Countdown {
    fn from(start: u32) -> Countdown {
        Countdown { left: start }
    }
}

#[drt::operations]
impl Default for Countdown {
    fn default() -> Countdown {
        Countdown { left: 10 }
    }
}

#[drt::operations]
impl Iterator for Countdown {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        // BUG: decrements before checking for the end.
        self.left -= 1;
        (self.left > 0).then_some(self.left)
    }
}

fn main() {
    let report = drt::explore::<Countdown>().max_sequences(300).report();
    assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
    for op in ["Countdown::from", "Countdown::default", "Countdown::remaining"] {
        let stats = report.stats.operations.iter().find(|o| o.name == op);
        assert!(stats.is_some_and(|s| s.succeeded > 0), "{op}: {:?}", report.stats.operations);
    }
    assert_eq!(report.failures.len(), 1, "{report}");
    let f = &report.failures[0];
    assert_eq!(f.operation, "Countdown::next");
    assert!(f.message.contains("subtract with overflow"), "{}", f.message);
    assert!(f.code.contains("::Countdown::from(0);"), "{}", f.code);
    assert!(f.code.contains("countdown.next();"), "{}", f.code);
}
