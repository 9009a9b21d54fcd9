//! An HTTP client's settings: `new()` gives the defaults the docs promise
//! (three retries, a 30-second timeout), and the type is `Default` too, so
//! it can sit in a `#[derive(Default)]` struct of the caller's.
//!
//! **Planted bug** (in `Settings`, not in its twin `FixedSettings`):
//! `Default` is derived, so `Settings::default()` has no retries and a
//! zero timeout (which means "none" to the client): a caller who writes
//! `..Default::default()` gets a client that never gives up. Nothing
//! panics and every method answers right about the value it has; the law
//! `default_new` sees it: `T::new()` must equal `T::default()`.

/// A client's settings; `BUG` plants the bug (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Client<const BUG: bool> {
    retries: u8,
    timeout_secs: u32,
    user_agent: String,
}

/// The settings with their bug.
pub type Settings = Client<true>;
/// The same settings, correct.
pub type FixedSettings = Client<false>;

impl<const BUG: bool> Default for Client<BUG> {
    fn default() -> Self {
        if BUG {
            // BUG: what `#[derive(Default)]` gives, not the documented defaults.
            Client { retries: 0, timeout_secs: 0, user_agent: String::new() }
        } else {
            Self::new()
        }
    }
}

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> Client<BUG> {
    /// Three retries, a 30-second timeout, drt's user agent.
    pub fn new() -> Self {
        Client { retries: 3, timeout_secs: 30, user_agent: "drt/0.1".to_string() }
    }

    /// Sets how often a request is retried.
    pub fn retries(mut self, n: u8) -> Self {
        self.retries = n;
        self
    }

    /// Sets the timeout, in seconds (0: none).
    pub fn timeout(mut self, secs: u32) -> Self {
        self.timeout_secs = secs;
        self
    }

    /// Whether a request may wait forever.
    pub fn waits_forever(&self) -> bool {
        self.timeout_secs == 0
    }
}
