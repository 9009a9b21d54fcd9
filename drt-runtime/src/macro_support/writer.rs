//! Not public API. The writer drt passes where an operation takes an
//! `impl Write` (by value or by `&mut`, or a generic `W: Write`), or a
//! `&mut dyn Write`: one that takes everything, as a `Vec<u8>` does, or one
//! with room for a few bytes, as a full disk, a closed pipe or a fixed
//! buffer has: its `write` takes what fits, then `Ok(0)`, and `write_all`
//! fails with `WriteZero`. Code that ignores what `write` returned, or
//! loses what it could not write, meets what real sinks do. Emitted tests
//! write them as std does: `Vec::<u8>::new()` and
//! `std::io::Cursor::new([0u8; 4])`.

use std::io::Write;

/// Not public API. The bytes written so far, and the room left, if bounded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Writer {
    written: Vec<u8>,
    room: Option<usize>,
}

impl Writer {
    /// A writer taking everything (`room` `None`) or that many bytes.
    pub fn new(room: Option<usize>) -> Self {
        Writer { written: Vec::new(), room }
    }
}

impl Write for Writer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.room.map_or(buf.len(), |room| buf.len().min(room - self.written.len().min(room)));
        self.written.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bounded_writer_behaves_as_a_cursor_over_an_array() {
        let mut ours = Writer::new(Some(4));
        let mut std = std::io::Cursor::new([0u8; 4]);
        for chunk in [&b"abc"[..], b"de", b"f"] {
            assert_eq!(ours.write(chunk).unwrap(), std.write(chunk).unwrap());
        }
        assert_eq!(ours.written, std.get_ref());
        let kind = |r: std::io::Result<()>| r.unwrap_err().kind();
        assert_eq!(kind(ours.write_all(b"g")), kind(std.write_all(b"g")));
        let mut all = Writer::new(None);
        all.write_all(&[7; 300]).unwrap();
        assert_eq!(all.written.len(), 300);
    }
}
