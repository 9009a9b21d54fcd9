//! Retries with exponential backoff: the helper every client library grows,
//! handed the operation to retry as a closure.
//!
//! Bug: the delay doubles after every failed attempt with no ceiling, so an
//! operation that keeps failing through more than 32 attempts overflows the
//! `u32` of milliseconds (a panic with overflow checks, a zero wait in
//! release). Tests of retry helpers pass closures that succeed after a
//! failure or two; drt's closures answer what the search chose, `false`
//! every time included: `drt::answers!(|_| [false])`.

/// How to retry: the first wait, and how many attempts in all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backoff {
    first_wait_ms: u32,
    attempts: u8,
    waited_ms: u64,
}

#[drt::operations]
impl Backoff {
    /// Waits `first_wait_ms` after the first failure, doubling each time,
    /// for at most `attempts` attempts (at least one).
    pub fn new(first_wait_ms: u32, attempts: u8) -> Self {
        Backoff { first_wait_ms: first_wait_ms.max(1), attempts: attempts.max(1), waited_ms: 0 }
    }

    /// Calls `attempt` with the attempt's number until it succeeds or the
    /// attempts run out; whether it succeeded. The waits are added up, not
    /// slept, as a test clock would.
    pub fn run(&mut self, mut attempt: impl FnMut(u8) -> bool) -> bool {
        let mut wait = self.first_wait_ms;
        for n in 0..self.attempts {
            if attempt(n) {
                return true;
            }
            self.waited_ms += u64::from(wait);
            // BUG: no ceiling; `wait.saturating_mul(2).min(MAX)` is meant.
            wait *= 2;
        }
        false
    }

    /// The milliseconds all runs waited.
    pub fn waited_ms(&self) -> u64 {
        self.waited_ms
    }
}
