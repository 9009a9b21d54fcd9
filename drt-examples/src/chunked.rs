//! An ordered set of `u32` kept in sorted chunks of bounded size, the leaves
//! of a B+ tree without the inner nodes (like `sorted-vec`'s chunked
//! variants): inserts touch one small chunk, and a chunk that grows too large
//! splits in two.
//!
//! Bug (large state): `next_after` looks for the successor in the chunk that
//! would hold `x` and forgets that it may be the first element of the next
//! chunk. A set of up to 32 elements is one chunk, where the answer is right;
//! only once 33 distinct elements have split it does a key at the end of the
//! first chunk read past that chunk's end.

/// A chunk that grows past this many elements splits in two.
const CHUNK: usize = 32;

/// A sorted set of `u32`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ChunkedSet {
    /// Sorted, non-empty chunks; every element of a chunk is smaller than
    /// every element of the next.
    chunks: Vec<Vec<u32>>,
    len: usize,
}

#[drt::operations]
impl ChunkedSet {
    /// An empty set.
    pub fn new() -> Self {
        ChunkedSet::default()
    }

    /// The chunk that holds `x`, or would: the last whose first element is
    /// at most `x` (the first chunk for anything smaller).
    fn chunk_for(&self, x: u32) -> usize {
        self.chunks.partition_point(|c| c[0] <= x).saturating_sub(1)
    }

    /// Adds `x`; false when it was there already.
    pub fn insert(&mut self, x: u32) -> bool {
        if self.chunks.is_empty() {
            self.chunks.push(vec![x]);
            self.len = 1;
            return true;
        }
        let c = self.chunk_for(x);
        let chunk = &mut self.chunks[c];
        let Err(at) = chunk.binary_search(&x) else { return false };
        chunk.insert(at, x);
        if chunk.len() > CHUNK {
            let upper = chunk.split_off(chunk.len() / 2);
            self.chunks.insert(c + 1, upper);
        }
        self.len += 1;
        true
    }

    /// Adds every element of `xs`; returns how many were new.
    pub fn extend(&mut self, xs: Vec<u32>) -> usize {
        xs.into_iter().filter(|&x| self.insert(x)).count()
    }

    /// Removes `x`; false when it was not there.
    pub fn remove(&mut self, x: u32) -> bool {
        if self.chunks.is_empty() {
            return false;
        }
        let c = self.chunk_for(x);
        let Ok(at) = self.chunks[c].binary_search(&x) else { return false };
        self.chunks[c].remove(at);
        if self.chunks[c].is_empty() {
            self.chunks.remove(c);
        }
        self.len -= 1;
        true
    }

    /// Whether `x` is in the set.
    pub fn contains(&self, x: u32) -> bool {
        !self.chunks.is_empty() && self.chunks[self.chunk_for(x)].binary_search(&x).is_ok()
    }

    /// The smallest element larger than `x`.
    pub fn next_after(&self, x: u32) -> Option<u32> {
        if self.chunks.is_empty() {
            return None;
        }
        let c = self.chunk_for(x);
        let chunk = &self.chunks[c];
        let at = chunk.partition_point(|&e| e <= x);
        if at == chunk.len() && c + 1 == self.chunks.len() {
            return None;
        }
        Some(chunk[at]) // BUG: past this chunk's end the successor is `self.chunks[c + 1][0]`
    }

    /// The smallest element.
    pub fn first(&self) -> Option<u32> {
        self.chunks.first().map(|c| c[0])
    }

    /// The largest element.
    pub fn last(&self) -> Option<u32> {
        self.chunks.last().and_then(|c| c.last().copied())
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}
