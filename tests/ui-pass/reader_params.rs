//! Reader and writer parameters: `impl Read`, `impl BufRead`, `&mut dyn
//! Read`, `&mut impl BufRead`, a generic `R: Read`, `impl Write`, `&mut impl
//! Write` and `&mut dyn Write`, and a return through the `io::Result` alias.
//! Every such method runs.

use std::io::{self, BufRead, Read, Write};

#[derive(Clone, Debug, Default)]
pub struct Sink {
    bytes: Vec<u8>,
}

#[drt::operations]
impl Sink {
    pub fn new() -> Self {
        Sink::default()
    }
    pub fn take_all(&mut self, mut input: impl Read) -> io::Result<usize> {
        input.read_to_end(&mut self.bytes)
    }
    pub fn first_line(&self, input: impl BufRead) -> Option<String> {
        input.lines().next()?.ok()
    }
    pub fn read_some(&mut self, input: &mut dyn Read) -> io::Result<usize> {
        let mut buf = [0; 4];
        let n = input.read(&mut buf)?;
        self.bytes.extend_from_slice(&buf[..n]);
        Ok(n)
    }
    pub fn skip_line(&self, input: &mut impl BufRead) -> io::Result<usize> {
        input.read_until(b'\n', &mut Vec::new())
    }
    pub fn count<R: Read>(&self, input: R) -> usize {
        input.bytes().count()
    }
    pub fn dump(&self, mut out: impl Write) -> io::Result<()> {
        out.write_all(&self.bytes)
    }
    pub fn dump_some(&self, out: &mut impl Write) -> io::Result<usize> {
        out.write(&self.bytes)
    }
    pub fn dump_dyn(&self, out: &mut dyn Write) -> io::Result<()> {
        out.flush()
    }
    pub fn len(&self) -> usize {
        self.bytes.len()
    }
}

fn main() {
    let report = drt::explore::<Sink>().max_sequences(2_000).report();
    assert!(report.failures.is_empty(), "{report}");
    for name in ["take_all", "first_line", "read_some", "skip_line", "count", "dump", "dump_some", "dump_dyn"] {
        let op = report.stats.operations.iter().find(|o| o.name == format!("Sink::{name}")).expect(name);
        assert!(op.succeeded > 0, "{name} never ran:\n{report}");
    }
}
