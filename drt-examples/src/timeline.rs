//! A time series: readings keyed by timestamp, kept as one sorted `Vec` of
//! pairs (compact, cache-friendly, the layout a small embedded store
//! picks). Its API follows `BTreeMap`'s, entries and all, so it is explored
//! against `BTreeMap<u32, u32>` with no model code:
//! `drt::explore::<Timeline>().against::<BTreeMap<u32, u32>>()`.
//!
//! Bug (a wrong answer, no panic): `range` finds its end with `<=`, so a
//! half-open `start..end` also yields the reading at `end` itself. The
//! entries come back as `(&u32, &u32)` pairs, which drt copies to compare.

/// Readings by timestamp.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timeline {
    readings: Vec<(u32, u32)>,
}

#[drt::operations]
impl Timeline {
    /// An empty series.
    pub fn new() -> Self {
        Timeline::default()
    }

    /// Records `value` at `time`; the value recorded there before, if any.
    pub fn insert(&mut self, time: u32, value: u32) -> Option<u32> {
        match self.readings.binary_search_by_key(&time, |r| r.0) {
            Ok(i) => Some(std::mem::replace(&mut self.readings[i].1, value)),
            Err(i) => {
                self.readings.insert(i, (time, value));
                None
            }
        }
    }

    /// Forgets the reading at `time`.
    pub fn remove(&mut self, time: &u32) -> Option<u32> {
        let i = self.readings.binary_search_by_key(time, |r| r.0).ok()?;
        Some(self.readings.remove(i).1)
    }

    /// The reading at `time`.
    pub fn get(&self, time: &u32) -> Option<&u32> {
        let i = self.readings.binary_search_by_key(time, |r| r.0).ok()?;
        Some(&self.readings[i].1)
    }

    /// The earliest reading.
    pub fn first_key_value(&self) -> Option<(&u32, &u32)> {
        self.readings.first().map(|(t, v)| (t, v))
    }

    /// The latest reading.
    pub fn last_key_value(&self) -> Option<(&u32, &u32)> {
        self.readings.last().map(|(t, v)| (t, v))
    }

    /// The readings from `times.start` up to, not including, `times.end`.
    ///
    /// # Panics
    /// If the range starts after it ends (as `BTreeMap::range` does).
    pub fn range(&self, times: std::ops::Range<u32>) -> impl Iterator<Item = (&u32, &u32)> + '_ {
        assert!(times.start <= times.end, "range start is greater than range end");
        let from = self.readings.partition_point(|r| r.0 < times.start);
        // BUG: `<=` takes the reading at `times.end` too; it must be `<`.
        let to = self.readings.partition_point(|r| r.0 <= times.end);
        self.readings[from..to].iter().map(|(t, v)| (t, v))
    }

    /// Every reading, earliest first.
    pub fn iter(&self) -> impl Iterator<Item = (&u32, &u32)> + '_ {
        self.readings.iter().map(|(t, v)| (t, v))
    }

    /// How many readings there are.
    pub fn len(&self) -> usize {
        self.readings.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.readings.is_empty()
    }
}
