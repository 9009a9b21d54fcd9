//! A latency histogram with buckets that grow on demand, mergeable across
//! threads.
//!
//! Bug (needs two values combined): `merge` handles an empty histogram by
//! copying, but otherwise assumes the other histogram has no more buckets than
//! this one, which holds only when both saw the same range of values.

/// Width of one bucket, in milliseconds.
pub const BUCKET_WIDTH: u16 = 100;

/// Counts of latencies in buckets of [`BUCKET_WIDTH`] ms.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Histogram {
    buckets: Vec<u64>,
    total: u64,
}

#[drt::operations]
impl Histogram {
    /// An empty histogram.
    pub fn new() -> Self {
        Histogram::default()
    }

    /// Records one latency.
    pub fn record(&mut self, millis: u16) {
        let bucket = usize::from(millis / BUCKET_WIDTH);
        if bucket >= self.buckets.len() {
            self.buckets.resize(bucket + 1, 0);
        }
        self.buckets[bucket] += 1;
        self.total += 1;
    }

    /// Adds the counts of `other` into this histogram.
    pub fn merge(&mut self, other: &Histogram) {
        if self.buckets.is_empty() {
            *self = other.clone();
            return;
        }
        for (i, count) in other.buckets.iter().enumerate() {
            self.buckets[i] += count; // BUG: `other` may have more buckets
        }
        self.total += other.total;
    }

    /// The number of latencies at or below `millis` (rounded up to a bucket).
    pub fn count_below(&self, millis: u16) -> u64 {
        let last = usize::from(millis / BUCKET_WIDTH);
        self.buckets.iter().take(last + 1).sum()
    }

    /// Number of latencies recorded.
    pub fn total(&self) -> u64 {
        self.total
    }
}
