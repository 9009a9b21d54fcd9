//! A vector of unsigned integers packed at a fixed bit width, as column
//! stores and compressed indexes keep them (`bitpacking`, `tantivy-bitpacker`).
//!
//! Bug (a tuning parameter's boundary): the mask of a value is
//! `(1 << width) - 1`, which overflows the shift at the widest width a
//! `u64` allows. Every other width works, and the widest one is a power of two
//! that appears nowhere in the code as a literal (the bound is `u64::BITS`), so
//! neither Randoop's seeds nor the mined constants offer it.

/// Values of `width` bits each, packed end to end into 64-bit words.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BitPacker {
    width: u32,
    words: Vec<u64>,
    len: usize,
}

#[drt::operations]
impl BitPacker {
    /// An empty packer of `width`-bit values; `None` unless
    /// `1 <= width <= u64::BITS`.
    pub fn new(width: u8) -> Option<Self> {
        let width = u32::from(width);
        (1..=u64::BITS).contains(&width).then_some(BitPacker { width, words: Vec::new(), len: 0 })
    }

    /// Appends the low `width` bits of `value`.
    pub fn push(&mut self, value: u64) {
        let value = value & mask(self.width);
        let bit = self.len * self.width as usize;
        let (word, offset) = (bit / u64::BITS as usize, bit as u32 % u64::BITS);
        if word >= self.words.len() {
            self.words.push(0);
        }
        self.words[word] |= value << offset;
        if offset + self.width > u64::BITS {
            self.words.push(value >> (u64::BITS - offset));
        }
        self.len += 1;
    }

    /// The value at `index`.
    pub fn get(&self, index: usize) -> Option<u64> {
        if index >= self.len {
            return None;
        }
        let bit = index * self.width as usize;
        let (word, offset) = (bit / u64::BITS as usize, bit as u32 % u64::BITS);
        let mut value = self.words[word] >> offset;
        if offset + self.width > u64::BITS {
            value |= self.words[word + 1] << (u64::BITS - offset);
        }
        Some(value & mask(self.width))
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bits of storage used per value.
    pub fn width(&self) -> u32 {
        self.width
    }
}

/// The low `width` bits set.
fn mask(width: u32) -> u64 {
    (1u64 << width) - 1 // BUG: overflows at width u64::BITS (use `u64::MAX >> (u64::BITS - width)`)
}
