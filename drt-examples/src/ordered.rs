//! An ordered set of `u32` kept as a list of sorted chunks, as B-tree leaves
//! are: a chunk that grows past [`CHUNK`] elements splits in two. Its API
//! follows `BTreeSet`'s, so it is explored against `BTreeSet<u32>` with no
//! model code: `drt::explore::<OrderedSet>().against::<BTreeSet<u32>>()`.
//!
//! Bug (a wrong answer, no panic): `range` looks for its start in the chunk
//! that could hold it, and when every element of that chunk is below the
//! start it gives up, instead of going on at the next chunk. With one chunk
//! that is right; once a chunk has split, a range starting in the gap
//! between two chunks comes back empty. Nothing panics and no invariant
//! breaks: only a reference tells that `range(5..9)` should have been `[6]`.

/// Most elements in one chunk; one more splits it.
pub const CHUNK: usize = 4;

/// An ordered set of `u32` in sorted chunks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrderedSet {
    chunks: Vec<Vec<u32>>,
    len: usize,
}

#[drt::operations]
impl OrderedSet {
    /// An empty set.
    pub fn new() -> Self {
        OrderedSet::default()
    }

    /// Adds `value`; false when it was already there.
    pub fn insert(&mut self, value: u32) -> bool {
        if self.chunks.is_empty() {
            self.chunks.push(vec![value]);
            self.len = 1;
            return true;
        }
        // The last chunk whose first element is at most `value`, else the first.
        let c = self.chunks.partition_point(|ch| ch[0] <= value).saturating_sub(1);
        let chunk = &mut self.chunks[c];
        let Err(at) = chunk.binary_search(&value) else { return false };
        chunk.insert(at, value);
        self.len += 1;
        if chunk.len() > CHUNK {
            let upper = chunk.split_off(chunk.len() / 2);
            self.chunks.insert(c + 1, upper);
        }
        true
    }

    /// Removes `value`; false when it was not there.
    pub fn remove(&mut self, value: &u32) -> bool {
        let c = self.chunks.partition_point(|ch| ch[0] <= *value).saturating_sub(1);
        let Some(chunk) = self.chunks.get_mut(c) else { return false };
        let Ok(at) = chunk.binary_search(value) else { return false };
        chunk.remove(at);
        if chunk.is_empty() {
            self.chunks.remove(c);
        }
        self.len -= 1;
        true
    }

    /// Whether `value` is in the set.
    pub fn contains(&self, value: &u32) -> bool {
        let c = self.chunks.partition_point(|ch| ch[0] <= *value).saturating_sub(1);
        self.chunks.get(c).is_some_and(|ch| ch.binary_search(value).is_ok())
    }

    /// The smallest element.
    pub fn first(&self) -> Option<&u32> {
        self.chunks.first().and_then(|ch| ch.first())
    }

    /// The largest element.
    pub fn last(&self) -> Option<&u32> {
        self.chunks.last().and_then(|ch| ch.last())
    }

    /// Removes and returns the smallest element.
    pub fn pop_first(&mut self) -> Option<u32> {
        let first = *self.first()?;
        self.remove(&first);
        Some(first)
    }

    /// How many elements there are.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The elements in `range`, in order.
    pub fn range(&self, range: std::ops::Range<u32>) -> impl Iterator<Item = &u32> + '_ {
        let c = self.chunks.partition_point(|ch| ch[0] <= range.start).saturating_sub(1);
        let start = self.chunks.get(c).map_or(0, |ch| ch.partition_point(|x| *x < range.start));
        // BUG: when the whole chunk is below the start, the range goes on
        // at the next chunk; this gives up instead.
        let found = self.chunks.get(c).is_some_and(|ch| start < ch.len());
        let chunks = if found { &self.chunks[c..] } else { &[][..] };
        chunks
            .iter()
            .enumerate()
            .flat_map(move |(k, ch)| if k == 0 { &ch[start..] } else { &ch[..] })
            .take_while(move |x| **x < range.end)
    }

    /// Every element, in order.
    pub fn iter(&self) -> impl Iterator<Item = &u32> + '_ {
        self.chunks.iter().flatten()
    }
}
