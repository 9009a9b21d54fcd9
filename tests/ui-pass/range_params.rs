// Ranges as std's methods take them, `impl RangeBounds<usize>` and a generic
// `R: RangeBounds<usize>`, with no `instantiate`: drt passes a `Range<usize>`.
use std::ops::RangeBounds;

pub struct Buffer {
    bytes: Vec<u8>,
}

#[drt::operations]
impl Buffer {
    pub fn new() -> Self {
        Buffer { bytes: Vec::new() }
    }
    pub fn push(&mut self, byte: u8) {
        self.bytes.push(byte);
    }
    pub fn drain(&mut self, range: impl RangeBounds<usize>) -> Vec<u8> {
        let (start, end) = bounds(&range, self.bytes.len());
        self.bytes.drain(start..end).collect()
    }
    pub fn copy_within<R: RangeBounds<usize> + Clone>(&mut self, src: R, dest: usize) {
        let (start, end) = bounds(&src, self.bytes.len());
        if dest.saturating_add(end - start) <= self.bytes.len() {
            self.bytes.copy_within(start..end, dest);
        }
    }
}

/// The range clamped to `len`, empty when reversed.
fn bounds(range: &impl RangeBounds<usize>, len: usize) -> (usize, usize) {
    use std::ops::Bound::*;
    let start = match range.start_bound() {
        Included(&s) => s,
        Excluded(&s) => s.saturating_add(1),
        Unbounded => 0,
    };
    let end = match range.end_bound() {
        Included(&e) => e.saturating_add(1),
        Excluded(&e) => e,
        Unbounded => len,
    };
    (start.min(len).min(end.min(len)), end.min(len))
}

fn main() {
    let report = drt::explore::<Buffer>().max_sequences(1_000).report();
    assert!(report.failures.is_empty(), "{report}");
    for name in ["Buffer::drain", "Buffer::copy_within"] {
        let op = report.stats.operations.iter().find(|o| o.name == name).expect(name);
        assert!(op.succeeded > 0, "{name} never ran:\n{report}");
    }
}
