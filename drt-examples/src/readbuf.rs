//! A network read buffer, as `bytes::BytesMut` and the buffers of HTTP
//! parsers keep one: bytes are appended at the back, the parser consumes
//! them from the front by moving a start offset, and space is reserved
//! ahead of a read. Every size comes from the caller (`with_capacity`,
//! `reserve`, `resize`), so a search that tries sizes of billions asks
//! this buffer for gigabytes, as a forwarding wrapper of `Vec` would.
//!
//! Bug (free space counted at both ends): `reserve` counts the bytes
//! already consumed at the front as free, but appending writes at the
//! back only. After a few bytes are consumed, appending more bytes than
//! fit behind the last one, yet no more than the whole free space, writes
//! past the end of the storage. Four calls show it: a buffer, bytes in,
//! some consumed, more bytes in. Before drt learned which sizes a run
//! can afford, `with_capacity(1 << 40)` crashed the exploring process
//! early, `with_capacity` was left out as the culprit, and nothing else
//! builds a buffer: the bug was never reached.

/// Bytes read but not yet consumed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReadBuf {
    /// The storage; its length is the capacity.
    data: Vec<u8>,
    /// The first byte not consumed.
    start: usize,
    /// One past the last byte read.
    end: usize,
}

#[drt::operations]
impl ReadBuf {
    /// An empty buffer with room for `capacity` bytes.
    pub fn with_capacity(capacity: usize) -> Self {
        ReadBuf { data: vec![0; capacity], start: 0, end: 0 }
    }

    /// Bytes read and not consumed.
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// Whether every byte read was consumed.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// The bytes the buffer can hold without growing.
    pub fn capacity(&self) -> usize {
        self.data.len()
    }

    /// Makes room to append `additional` bytes.
    ///
    /// # Panics
    ///
    /// When the capacity would overflow `usize`.
    pub fn reserve(&mut self, additional: usize) {
        let free = self.data.len() - self.len(); // BUG: only `self.data.len() - self.end` is behind the last byte
        if free >= additional {
            return;
        }
        let needed = self.len().checked_add(additional).expect("capacity overflow");
        let mut grown = vec![0; needed.max(self.data.len() * 2)];
        grown[..self.len()].copy_from_slice(&self.data[self.start..self.end]);
        (self.data, self.end, self.start) = (grown, self.len(), 0);
    }

    /// Appends `bytes` (a read).
    pub fn extend(&mut self, bytes: Vec<u8>) {
        self.append(bytes.len(), |room| room.copy_from_slice(&bytes));
    }

    /// Sets the bytes not consumed to `new_len`, appending `value`s (after
    /// moving the bytes to the front) or dropping bytes at the back.
    pub fn resize(&mut self, new_len: usize, value: u8) {
        match new_len.checked_sub(self.len()) {
            Some(more) => {
                self.data.copy_within(self.start..self.end, 0);
                (self.start, self.end) = (0, self.len());
                self.append(more, |room| room.fill(value));
            }
            None => self.end = self.start + new_len,
        }
    }

    /// Consumes up to `n` bytes from the front (the parser read them);
    /// returns how many.
    pub fn consume(&mut self, n: usize) -> usize {
        let n = n.min(self.len());
        self.start += n;
        n
    }

    /// The byte `index` places after the first not consumed.
    pub fn get(&self, index: usize) -> Option<u8> {
        (index < self.len()).then(|| self.data[self.start + index])
    }
}

impl ReadBuf {
    /// Appends `n` bytes, which `write` writes.
    fn append(&mut self, n: usize, write: impl FnOnce(&mut [u8])) {
        self.reserve(n);
        write(&mut self.data[self.end..self.end + n]);
        self.end += n;
    }
}
