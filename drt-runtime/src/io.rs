//! Readers and writers that misbehave the way real ones do, on cue: what
//! drt passes where an operation takes an `impl Read`, `impl BufRead` or
//! `impl Write` (by value or by `&mut`, a `&mut dyn Read`, a generic
//! `R: Read`), and what emitted tests write when plain std values cannot say
//! it: `drt::io::Reader::new().bytes(b"ab").interrupted().bytes(b"c")`.
//!
//! A `Vec<u8>` takes every byte at once and a `Cursor` fills every buffer;
//! pipes, sockets, decompressors and full disks do not. `read` returns less
//! than asked before the end, `write` takes part of what it was given,
//! either may fail with [`ErrorKind::Interrupted`] (which std says to retry)
//! or with an error. Code that assumes otherwise works in its
//! tests and loses data in production; these types let the search (or you)
//! say exactly when each of those happens.
//!
//! ```
//! use std::io::{Read, Write};
//!
//! let mut r = drt::io::Reader::new().bytes(b"ab").interrupted().bytes(b"c");
//! let mut buf = [0; 8];
//! assert_eq!(r.read(&mut buf).unwrap(), 2); // a short read: the first piece
//! assert_eq!(r.read(&mut buf).unwrap_err().kind(), std::io::ErrorKind::Interrupted);
//! let mut rest = String::new();
//! r.read_to_string(&mut rest).unwrap(); // std retries
//! assert_eq!(rest, "c");
//!
//! let mut w = drt::io::Writer::new().at_most(2).fails_after(3);
//! assert_eq!(w.write(b"hello").unwrap(), 2); // a short write
//! assert_eq!(w.write(b"llo").unwrap(), 1); // room for one more byte
//! assert!(w.write(b"lo").is_err()); // and then a broken pipe, for good
//! assert_eq!(w.written(), b"hel");
//! ```

use std::collections::VecDeque;
use std::io::{BufRead, Cursor, ErrorKind, Read, Write};

/// What a [`Reader`] does next.
#[derive(Clone, Debug)]
enum Step {
    /// Reads from these bytes, never past their end in one call.
    Bytes(Cursor<Vec<u8>>),
    /// One read fails with `Interrupted`.
    Interrupted,
    /// One read fails, and the input ends there.
    Fails,
}

/// A reader of bytes given in pieces, with interruptions and failures
/// between them. One `read` (or `fill_buf`) never crosses from one piece to
/// the next, so each piece but the last ends in a short read; after the
/// last piece a read returns `Ok(0)`, the end of the input.
///
/// Built step by step: `Reader::new().bytes(b"ab").interrupted().bytes(b"c").fails()`.
#[derive(Clone, Debug, Default)]
pub struct Reader {
    steps: VecDeque<Step>,
    at_most: Option<usize>,
}

impl Reader {
    /// A reader at its end: every read returns `Ok(0)`.
    pub fn new() -> Self {
        Reader::default()
    }

    /// Then these bytes, as a piece of their own.
    pub fn bytes(mut self, bytes: impl AsRef<[u8]>) -> Self {
        self.steps.push_back(Step::Bytes(Cursor::new(bytes.as_ref().to_vec())));
        self
    }

    /// Then one read failing with [`ErrorKind::Interrupted`]; the read after
    /// it goes on.
    pub fn interrupted(mut self) -> Self {
        self.steps.push_back(Step::Interrupted);
        self
    }

    /// Then one read failing with [`ErrorKind::ConnectionReset`], as a
    /// dropped connection does, and the end: the reads after it return
    /// `Ok(0)`, and nothing after this step is ever read. (An error that
    /// stayed would make `reader.bytes()` endless.)
    pub fn fails(mut self) -> Self {
        self.steps.push_back(Step::Fails);
        self
    }

    /// Each read returns at most `n` bytes (at least 1), as a slow pipe does.
    pub fn at_most(mut self, n: usize) -> Self {
        self.at_most = Some(n.max(1));
        self
    }

    /// The piece the next read reads from (`None` at the end), or the
    /// error it fails with; the pieces read to their end are dropped.
    fn piece(&mut self) -> std::io::Result<Option<&mut Cursor<Vec<u8>>>> {
        while let Some(Step::Bytes(c)) = self.steps.front() {
            if c.position() < c.get_ref().len() as u64 {
                break;
            }
            self.steps.pop_front();
        }
        match self.steps.front() {
            Some(Step::Interrupted) => {
                self.steps.pop_front();
                return Err(ErrorKind::Interrupted.into());
            }
            Some(Step::Fails) => {
                self.steps.clear();
                return Err(std::io::Error::new(ErrorKind::ConnectionReset, "drt::io::Reader fails here"));
            }
            _ => {}
        }
        Ok(match self.steps.front_mut() {
            Some(Step::Bytes(c)) => Some(c),
            _ => None,
        })
    }

    /// The most bytes one read returns.
    fn limit(&self) -> usize {
        self.at_most.unwrap_or(usize::MAX)
    }
}

impl Read for Reader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        // Reading into nothing reads nothing, as `Cursor` and `File` do; the
        // interruption or failure waits for a read that asks for bytes.
        if buf.is_empty() {
            return Ok(0);
        }
        let n = buf.len().min(self.limit());
        match self.piece()? {
            Some(c) => c.read(&mut buf[..n]),
            None => Ok(0),
        }
    }
}

impl BufRead for Reader {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        let limit = self.limit();
        match self.piece()? {
            Some(c) => {
                let available = c.fill_buf()?;
                Ok(&available[..available.len().min(limit)])
            }
            None => Ok(&[]),
        }
    }

    fn consume(&mut self, amount: usize) {
        if let Some(Step::Bytes(c)) = self.steps.front_mut() {
            c.consume(amount)
        }
    }
}

/// A writer that keeps what it takes and takes less than it is given on
/// cue: at most so many bytes per `write`, no more than its room (then
/// `Ok(0)`, so `write_all` fails with `WriteZero`), an `Interrupted` first
/// write, or a broken pipe after so many bytes. [`Writer::new`] takes
/// everything, as a `Vec<u8>` does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Writer {
    written: Vec<u8>,
    room: Option<usize>,
    at_most: Option<usize>,
    fails_after: Option<usize>,
    interrupted: bool,
}

impl Writer {
    /// A writer taking every byte at once.
    pub fn new() -> Self {
        Writer::default()
    }

    /// Room for `n` bytes in all, as `std::io::Cursor::new([0u8; n])` has:
    /// a `write` takes what fits, then returns `Ok(0)`.
    pub fn room(mut self, n: usize) -> Self {
        self.room = Some(n);
        self
    }

    /// Each `write` takes at most `n` bytes (at least 1), as a pipe or a
    /// socket may.
    pub fn at_most(mut self, n: usize) -> Self {
        self.at_most = Some(n.max(1));
        self
    }

    /// After `n` bytes, every `write` and `flush` fails with
    /// [`ErrorKind::BrokenPipe`], as a closed pipe does.
    pub fn fails_after(mut self, n: usize) -> Self {
        self.fails_after = Some(n);
        self
    }

    /// The first `write` fails with [`ErrorKind::Interrupted`]; the next goes on.
    pub fn interrupted(mut self) -> Self {
        self.interrupted = true;
        self
    }

    /// The bytes taken so far.
    pub fn written(&self) -> &[u8] {
        &self.written
    }

    fn broken(&self) -> bool {
        self.fails_after.is_some_and(|n| self.written.len() >= n)
    }
}

fn broken_pipe() -> std::io::Error {
    std::io::Error::new(ErrorKind::BrokenPipe, "drt::io::Writer fails here")
}

impl Write for Writer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        // Writing nothing writes nothing; the interruption or failure waits
        // for a write that gives bytes.
        if buf.is_empty() {
            return Ok(0);
        }
        if std::mem::take(&mut self.interrupted) {
            return Err(ErrorKind::Interrupted.into());
        }
        if self.broken() && !buf.is_empty() {
            return Err(broken_pipe());
        }
        let left = |limit: Option<usize>| limit.map_or(usize::MAX, |l| l.saturating_sub(self.written.len()));
        let n = buf.len().min(self.at_most.unwrap_or(usize::MAX)).min(left(self.room)).min(left(self.fails_after));
        self.written.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.broken() {
            return Err(broken_pipe());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_stops_at_the_end_of_each_piece() {
        let mut r = Reader::new().bytes([1, 2]).bytes([3, 4, 5]);
        let mut buf = [0; 8];
        assert_eq!(r.read(&mut buf).unwrap(), 2);
        assert_eq!(r.read(&mut buf).unwrap(), 3);
        assert_eq!(buf[..3], [3, 4, 5]);
        assert_eq!(r.read(&mut buf).unwrap(), 0);
        let mut lines = Reader::new().bytes(b"a\nb").bytes(b"c\n").lines();
        assert_eq!(lines.next().unwrap().unwrap(), "a");
        assert_eq!(lines.next().unwrap().unwrap(), "bc");
        assert!(lines.next().is_none());
    }

    #[test]
    fn interruptions_and_failures_happen_once() {
        let mut r = Reader::new().bytes(b"ab").interrupted().bytes(b"cd").fails().bytes(b"never");
        let mut all = Vec::new();
        let kind = r.read_to_end(&mut all).unwrap_err().kind();
        assert_eq!((all.as_slice(), kind), (&b"abcd"[..], ErrorKind::ConnectionReset));
        assert_eq!(r.read(&mut [0; 4]).unwrap(), 0);
        let mut later = Reader::new().interrupted().fails();
        assert_eq!(later.read(&mut []).unwrap(), 0);
        assert_eq!(later.read(&mut [0]).unwrap_err().kind(), ErrorKind::Interrupted);
        assert_eq!(Read::bytes(Reader::new().bytes(b"x").fails()).count(), 2);
        let mut lines = Reader::new().bytes(b"x").interrupted().bytes(b"y\n").lines();
        assert_eq!(lines.next().unwrap().unwrap(), "xy");
        let mut slow = Reader::new().at_most(1).bytes(b"abc");
        assert_eq!(slow.read(&mut [0; 4]).unwrap(), 1);
        assert_eq!(slow.fill_buf().unwrap(), b"b");
        let mut s = String::new();
        slow.read_to_string(&mut s).unwrap();
        assert_eq!(s, "bc");
    }

    #[test]
    fn a_writer_with_room_behaves_as_a_cursor_over_an_array() {
        let mut ours = Writer::new().room(4);
        let mut std = Cursor::new([0u8; 4]);
        for chunk in [&b"abc"[..], b"de", b"f"] {
            assert_eq!(ours.write(chunk).unwrap(), std.write(chunk).unwrap());
        }
        assert_eq!(ours.written(), std.get_ref());
        let kind = |r: std::io::Result<()>| r.unwrap_err().kind();
        assert_eq!(kind(ours.write_all(b"g")), kind(std.write_all(b"g")));
        let mut all = Writer::new();
        all.write_all(&[7; 300]).unwrap();
        assert_eq!(all.written().len(), 300);
    }

    #[test]
    fn short_writes_interruptions_and_broken_pipes_are_what_write_all_expects() {
        let mut w = Writer::new().interrupted().at_most(1);
        assert_eq!(w.write(b"").unwrap(), 0);
        assert_eq!(w.write(b"ab").unwrap_err().kind(), ErrorKind::Interrupted);
        assert_eq!(w.write(b"ab").unwrap(), 1);
        w.write_all(b"cde").unwrap();
        assert_eq!(w.written(), b"acde");
        let mut broken = Writer::new().fails_after(2);
        assert_eq!(broken.write_all(b"xyz").unwrap_err().kind(), ErrorKind::BrokenPipe);
        assert_eq!(broken.written(), b"xy");
        assert!(broken.flush().is_err());
    }
}
