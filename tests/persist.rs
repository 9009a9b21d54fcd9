//! Persisted regressions: a failure found once is saved next to the crate's
//! Cargo.toml and replayed first on the next run.

use std::path::PathBuf;

/// Overflows after a few increments of 64.
pub struct Dial(u8);

#[drt::operations]
impl Dial {
    pub fn new() -> Self {
        Dial(0)
    }
    pub fn turn(&mut self, by: u8) {
        self.0 += by.min(64);
    }
}

impl Default for Dial {
    fn default() -> Self {
        Dial::new()
    }
}

fn regression_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("drt-regressions/persist__Dial.txt")
}

#[test]
fn a_saved_failure_is_replayed_before_exploring() {
    let file = regression_file();
    let _ = std::fs::remove_file(&file);

    let first = drt::explore::<Dial>().seed(1).max_sequences(3_000).persist(true).report();
    assert_eq!(first.failures.len(), 1, "{first}");
    assert!(first.failures[0].sequences_before > 0);
    let text = std::fs::read_to_string(&file).expect("the failure was saved");
    assert!(text.starts_with("# drt regressions: call sequences that failed"), "{text}");
    assert!(text.contains("# panic in Dial::turn: attempt to add with overflow (seed 1)\n"), "{text}");
    assert!(text.contains("\ncall persist::Dial::new\ncall persist::Dial::turn\n  var 0 mut\n  seed "), "{text}");

    // Another seed and a budget of one sequence: only the replay can find it.
    // (In-process: a child process would re-run this test from the top,
    // including the remove_file above.)
    let second =
        drt::explore::<Dial>().seed(99).max_sequences(1).persist(true).isolation(drt::Isolation::InProcess).report();
    assert_eq!(second.failures.len(), 1, "{second}");
    assert_eq!(second.failures[0].sequences_before, 0);
    assert_eq!(second.failures[0].code, first.failures[0].code);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text, "an entry is saved once");

    // Without persistence the file is neither read nor written.
    let third = drt::explore::<Dial>().seed(99).max_sequences(1).isolation(drt::Isolation::InProcess).report();
    assert!(third.failures.is_empty(), "{third}");
    std::fs::remove_file(&file).unwrap();
}
