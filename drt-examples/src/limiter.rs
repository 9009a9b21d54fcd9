//! A token-bucket rate limiter reading time from a `Clock` it is given: the
//! system clock in production, a mock in tests.
//!
//! Bug: refilling computes the time since the last refill as `now - last`,
//! which underflows when the clock goes backwards, as wall clocks do when
//! NTP steps them. A test clock that only moves forward never shows it;
//! drt's mock answers what the search chose, a later time before an
//! earlier one included: `ClockMock::new().now_ms(vec![1, 0])`.

/// Where the limiter reads the time.
#[drt::mock]
pub trait Clock {
    /// Milliseconds since some fixed moment.
    fn now_ms(&self) -> u64;
}

/// Allows up to `capacity` acquisitions at once, refilled at `per_second`.
pub struct RateLimiter {
    clock: Box<dyn Clock>,
    capacity: u32,
    per_second: u32,
    tokens: u32,
    last_ms: u64,
}

#[drt::operations]
impl RateLimiter {
    /// A full bucket of `capacity` tokens, refilled at `per_second` tokens
    /// a second, on `clock`'s time.
    pub fn new(clock: Box<dyn Clock>, capacity: u32, per_second: u32) -> Self {
        let last_ms = clock.now_ms();
        RateLimiter { clock, capacity, per_second, tokens: capacity, last_ms }
    }

    /// Takes a token if there is one.
    pub fn try_acquire(&mut self) -> bool {
        self.refill();
        if self.tokens == 0 {
            return false;
        }
        self.tokens -= 1;
        true
    }

    /// The tokens left.
    pub fn available(&mut self) -> u32 {
        self.refill();
        self.tokens
    }

    // Reached through the two methods above; a test outside the crate
    // could not call it.
    #[drt(skip)]
    fn refill(&mut self) {
        let now = self.clock.now_ms();
        // BUG: a clock stepped back makes this underflow; `saturating_sub` is meant.
        let elapsed = now - self.last_ms;
        let earned = elapsed.saturating_mul(u64::from(self.per_second)) / 1000;
        if earned > 0 {
            self.tokens = (u64::from(self.tokens) + earned).min(u64::from(self.capacity)) as u32;
            self.last_ms = now;
        }
    }
}
