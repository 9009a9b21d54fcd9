//! Not public API. The reader drt passes where an operation takes an
//! `impl Read` or `impl BufRead` (by value or by `&mut`, or a generic
//! `R: Read`), or a `&mut dyn Read`: bytes from the pool, in one piece or in
//! two. A `read` never crosses from the first piece to the second, so code
//! that takes a short read for the end of the input, or expects one `read`
//! to fill its buffer, meets what pipes, sockets and decompressors do.
//! Emitted tests write them as std does: `std::io::Cursor::new(bytes)` and
//! `std::io::Read::chain(std::io::Cursor::new(a), std::io::Cursor::new(b))`.

use std::io::{BufRead, Cursor, Read};

/// Not public API. Two pieces of bytes read one after the other.
#[derive(Clone, Debug)]
pub struct Reader {
    first: Cursor<Vec<u8>>,
    second: Cursor<Vec<u8>>,
}

impl Reader {
    /// The bytes `first`, then `second`, each `read` from one piece only.
    pub fn new(first: Vec<u8>, second: Vec<u8>) -> Self {
        Reader { first: Cursor::new(first), second: Cursor::new(second) }
    }

    /// The piece the next `read` reads from.
    fn piece(&mut self) -> &mut Cursor<Vec<u8>> {
        if self.first.position() < self.first.get_ref().len() as u64 {
            &mut self.first
        } else {
            &mut self.second
        }
    }
}

impl Read for Reader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.piece().read(buf)
    }
}

impl BufRead for Reader {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.piece().fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.piece().consume(amount)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_stops_at_the_end_of_the_first_piece() {
        let mut r = Reader::new(vec![1, 2], vec![3, 4, 5]);
        let mut buf = [0; 8];
        assert_eq!(r.read(&mut buf).unwrap(), 2);
        assert_eq!(r.read(&mut buf).unwrap(), 3);
        assert_eq!(buf[..3], [3, 4, 5]);
        assert_eq!(r.read(&mut buf).unwrap(), 0);
        let mut lines = Reader::new(b"a\nb".to_vec(), b"c\n".to_vec()).lines();
        assert_eq!(lines.next().unwrap().unwrap(), "a");
        assert_eq!(lines.next().unwrap().unwrap(), "bc");
        assert!(lines.next().is_none());
    }
}
