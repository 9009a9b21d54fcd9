//! A scratch buffer of bytes handed out zeroed, as decoders keep one to
//! reuse: `zeroed(n)` makes one of `n` bytes, `is_zeroed` says whether it
//! still is, `set` writes a byte.
//!
//! **Planted bug** (in `Scratch`, not in its twin `FixedScratch`): to skip
//! the cost of zeroing, `zeroed` reserves the bytes and sets the length over
//! memory never written (`Vec::set_len` on a fresh `with_capacity`). Nothing
//! panics: the bytes hold whatever the allocator left there, often zeros, so
//! answers are wrong only sometimes, and no oracle can tell. A memory checker
//! sees the first decision taken on them: explored with `.memcheck(true)`,
//! a call that reads them (`is_zeroed`, or the `Debug` drt prints a new
//! value with) is a failure of kind `Memory`, "Conditional jump or move
//! depends on uninitialised value(s)", the value created by `zeroed`'s
//! allocation.

/// Bytes; `BUG` plants the bug (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bytes<const BUG: bool> {
    buf: Vec<u8>,
}

/// The buffer with its bug.
pub type Scratch = Bytes<true>;
/// The same buffer, correct.
pub type FixedScratch = Bytes<false>;

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> Bytes<BUG> {
    /// `n` zero bytes.
    // clippy's `uninit_vec` sees this one; the bug's cousins in published
    // crates spread it over two functions, where it does not.
    #[allow(clippy::uninit_vec)]
    pub fn zeroed(n: u8) -> Self {
        let n = usize::from(n);
        if !BUG {
            return Bytes { buf: vec![0; n] };
        }
        let mut buf = Vec::with_capacity(n);
        // SAFETY (wrongly claimed, the planted bug): "the bytes are zeroed".
        // They are not written at all: `u8` has no invalid values, but
        // reading memory never written is undefined behaviour.
        unsafe { buf.set_len(n) };
        Bytes { buf }
    }

    /// Writes `byte` at `i`, when `i` is inside.
    pub fn set(&mut self, i: u8, byte: u8) -> bool {
        match self.buf.get_mut(usize::from(i)) {
            Some(b) => {
                *b = byte;
                true
            }
            None => false,
        }
    }

    /// Whether every byte is zero.
    pub fn is_zeroed(&self) -> bool {
        self.buf.iter().all(|&b| b == 0)
    }

    /// How many bytes it has.
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    /// Whether it has none.
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }
}
