//! An edge cache in front of an origin server it reaches through an
//! `Origin` trait: HTTP in production, a mock in tests. It keeps the bytes
//! it holds within a budget, so it counts them.
//!
//! Bug: when refreshing an entry fails, the stale entry is dropped (so it
//! is never served) but its bytes stay counted. Every failed refresh leaks
//! budget until the cache refuses everything. A test origin that always
//! answers never shows it; drt's mock answers what the search chose, an
//! error included: `OriginMock::new().fetch(vec![Ok(..), Err(..)])`. The
//! invariant, the count is the sum of the entries' sizes, catches it.

use std::collections::BTreeMap;

/// Where the cache gets what it does not hold.
#[drt::mock]
pub trait Origin {
    /// The body at `path`, or why the origin could not give it.
    fn fetch(&self, path: u8) -> Result<String, String>;
}

/// Bodies by path, and the bytes they hold.
pub struct EdgeCache {
    origin: Box<dyn Origin>,
    entries: BTreeMap<u8, String>,
    bytes: usize,
}

#[drt::operations(invariant(counts_every_byte))]
impl EdgeCache {
    /// An empty cache in front of `origin`.
    pub fn new(origin: Box<dyn Origin>) -> Self {
        EdgeCache { origin, entries: BTreeMap::new(), bytes: 0 }
    }

    /// The body at `path`, from the cache or else from the origin.
    pub fn get(&mut self, path: u8) -> Result<String, String> {
        if let Some(body) = self.entries.get(&path) {
            return Ok(body.clone());
        }
        let body = self.origin.fetch(path)?;
        self.bytes += body.len();
        self.entries.insert(path, body.clone());
        Ok(body)
    }

    /// Fetches `path` again, replacing what the cache holds.
    pub fn refresh(&mut self, path: u8) -> Result<(), String> {
        match self.origin.fetch(path) {
            Ok(body) => {
                self.bytes += body.len();
                if let Some(old) = self.entries.insert(path, body) {
                    self.bytes -= old.len();
                }
                Ok(())
            }
            Err(e) => {
                // A stale entry must not be served: drop it.
                // BUG: its bytes stay counted.
                self.entries.remove(&path);
                Err(e)
            }
        }
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The invariant: the count is the sum of the entries' sizes.
    pub fn counts_every_byte(&self) -> bool {
        self.bytes == self.entries.values().map(String::len).sum::<usize>()
    }
}
