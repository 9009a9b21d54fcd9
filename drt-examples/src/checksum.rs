//! An Adler-32 checksum fed from a stream (a socket, a pipe, a child's
//! output), explored against a model that reads everything first:
//! `drt::explore::<Checksum>().against::<ChecksumModel>()`.
//!
//! Bug (a wrong answer): `update_from` gives up on the first error,
//! `Interrupted` included. A signal arriving during `read` (SIGCHLD from a
//! child, SIGWINCH, a profiler's SIGPROF) makes it fail with `EINTR`, which
//! std turns into `ErrorKind::Interrupted` and documents as "retry": its own
//! `read_to_end` does. Here the caller gets an error for a stream that was
//! fine, with part of it already summed in. Files and `Cursor`s are never
//! interrupted, so no test on them shows it; drt passes readers that are,
//! `drt::io::Reader::new().bytes(a).interrupted().bytes(b)`.

use std::io::{self, Read};

const MOD: u32 = 65_521;

/// The running sums of Adler-32.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checksum {
    a: u32,
    b: u32,
    bytes: u64,
}

impl Default for Checksum {
    fn default() -> Self {
        Checksum::new()
    }
}

impl Checksum {
    fn add(&mut self, data: &[u8]) {
        for &byte in data {
            self.a = (self.a + u32::from(byte)) % MOD;
            self.b = (self.b + self.a) % MOD;
        }
        self.bytes += data.len() as u64;
    }
}

#[drt::operations]
impl Checksum {
    /// The checksum of nothing.
    pub fn new() -> Self {
        Checksum { a: 1, b: 0, bytes: 0 }
    }

    /// Adds what `input` yields to its end; returns how many bytes that was.
    pub fn update_from(&mut self, mut input: impl Read) -> io::Result<u64> {
        let mut chunk = [0u8; 256];
        let before = self.bytes;
        loop {
            // BUG: `Interrupted` is to be retried, not returned.
            let n = input.read(&mut chunk)?;
            if n == 0 {
                return Ok(self.bytes - before);
            }
            self.add(&chunk[..n]);
        }
    }

    /// Adds `data`.
    pub fn update(&mut self, data: &[u8]) {
        self.add(data)
    }

    /// The Adler-32 of everything added.
    pub fn value(&self) -> u32 {
        (self.b << 16) | self.a
    }

    /// How many bytes were added.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}

/// The checksum's reference: keeps every byte, read with `read_to_end`,
/// and sums them when asked.
#[derive(Clone, Debug, Default)]
pub struct ChecksumModel(Vec<u8>);

#[drt::operations]
impl ChecksumModel {
    pub fn new() -> Self {
        ChecksumModel::default()
    }
    pub fn update_from(&mut self, mut input: impl Read) -> io::Result<u64> {
        let before = self.0.len();
        input.read_to_end(&mut self.0)?;
        Ok((self.0.len() - before) as u64)
    }
    pub fn update(&mut self, data: &[u8]) {
        self.0.extend_from_slice(data)
    }
    pub fn value(&self) -> u32 {
        let (a, b) = self.0.iter().fold((1u32, 0u32), |(a, b), &x| {
            let a = (a + u32::from(x)) % MOD;
            (a, (b + a) % MOD)
        });
        (b << 16) | a
    }
    pub fn bytes(&self) -> u64 {
        self.0.len() as u64
    }
}
