//! The correct versions of the examples whose bugs only drt's environment
//! shows (an iterator's size hint, a short read, a closure's answers, a
//! mock's, a parameterized test) stay clean over a large budget: what drt
//! makes for those parameters is legal input that correct code handles.

use std::io::{self, Read, Write};

const SEQUENCES: u64 = 20_000;
const SEED: u64 = 3;

fn assert_clean<T: 'static>() {
    let report = drt::explore::<T>().seed(SEED).max_sequences(SEQUENCES).report();
    assert!(report.failures.is_empty(), "{report}");
    let idle: Vec<&str> =
        report.stats.operations.iter().filter(|o| o.under_test && o.succeeded == 0).map(|o| o.name.as_str()).collect();
    assert!(idle.is_empty(), "never ran normally: {idle:?}\n{report}");
}

/// [`assert_clean`], every sequence also run on the reference `M`.
fn assert_agrees<T: 'static, M: drt::Reference>() {
    let report = drt::explore::<T>().against::<M>().seed(SEED).max_sequences(SEQUENCES).report();
    assert!(report.failures.is_empty(), "{report}");
}

/// `drt_examples::checksum::Checksum` retrying an interrupted read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checksum {
    a: u32,
    b: u32,
    bytes: u64,
}

#[drt::operations]
#[allow(clippy::new_without_default)]
impl Checksum {
    pub fn new() -> Self {
        Checksum { a: 1, b: 0, bytes: 0 }
    }
    pub fn update_from(&mut self, mut input: impl Read) -> io::Result<u64> {
        let mut chunk = [0u8; 256];
        let before = self.bytes;
        loop {
            let n = match input.read(&mut chunk) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                read => read?,
            };
            if n == 0 {
                return Ok(self.bytes - before);
            }
            for &byte in &chunk[..n] {
                self.a = (self.a + u32::from(byte)) % 65_521;
                self.b = (self.b + self.a) % 65_521;
            }
            self.bytes += n as u64;
        }
    }
    pub fn value(&self) -> u32 {
        (self.b << 16) | self.a
    }
    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}

/// Readers interrupted, failing, one byte at a time: the sums agree with
/// the model's, and the error comes where the model's does.
#[test]
fn a_checksum_retrying_interrupted_reads_agrees_with_its_model() {
    assert_agrees::<Checksum, drt_examples::checksum::ChecksumModel>();
}

/// `drt_examples::stock::Stock` retaining in place, as `Vec::retain` keeps
/// what it has not looked at when the predicate panics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stock {
    bins: Vec<u32>,
    total: u64,
}

#[drt::operations(invariant(total_is_the_sum))]
impl Stock {
    pub fn new() -> Self {
        Stock::default()
    }
    pub fn add(&mut self, count: u32) {
        self.bins.push(count);
        self.total += u64::from(count);
    }
    pub fn retain(&mut self, mut keep: impl FnMut(&u32) -> bool) {
        let total = &mut self.total;
        self.bins.retain(|&count| {
            let kept = keep(&count);
            if !kept {
                *total -= u64::from(count);
            }
            kept
        });
    }
    fn total_is_the_sum(&self) -> bool {
        self.total == self.bins.iter().map(|&c| u64::from(c)).sum::<u64>()
    }
}

/// Closures answering anything, and panicking on their first or second call.
#[test]
fn a_stock_retaining_in_place_is_clean() {
    assert_clean::<Stock>();
}

/// `drt_examples::samples::Samples` checking every write.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Samples {
    buf: [u16; 8],
    len: usize,
}

#[drt::operations]
impl Samples {
    pub fn new() -> Self {
        Samples::default()
    }
    pub fn extend(&mut self, samples: impl IntoIterator<Item = u16>) -> usize {
        let before = self.len;
        for sample in samples {
            let Some(slot) = self.buf.get_mut(self.len) else { break };
            *slot = sample;
            self.len += 1;
        }
        self.len - before
    }
    pub fn as_slice(&self) -> &[u16] {
        &self.buf[..self.len]
    }
}

/// Iterators telling the truth and lying about their length.
#[test]
fn a_sample_buffer_checking_every_write_is_clean() {
    assert_clean::<Samples>();
}

/// `drt_examples::edge::EdgeCache` uncounting what it drops.
pub struct EdgeCache {
    origin: Box<dyn drt_examples::edge::Origin>,
    entries: std::collections::BTreeMap<u8, String>,
    bytes: usize,
}

#[drt::operations(invariant(counts_every_byte))]
impl EdgeCache {
    pub fn new(origin: Box<dyn drt_examples::edge::Origin>) -> Self {
        EdgeCache { origin, entries: Default::default(), bytes: 0 }
    }
    pub fn get(&mut self, path: u8) -> Result<String, String> {
        if let Some(body) = self.entries.get(&path) {
            return Ok(body.clone());
        }
        let body = self.origin.fetch(path)?;
        self.bytes += body.len();
        self.entries.insert(path, body.clone());
        Ok(body)
    }
    pub fn refresh(&mut self, path: u8) -> Result<(), String> {
        let fetched = self.origin.fetch(path);
        if let Some(old) = self.entries.remove(&path) {
            self.bytes -= old.len();
        }
        let body = fetched?;
        self.bytes += body.len();
        self.entries.insert(path, body);
        Ok(())
    }
    fn counts_every_byte(&self) -> bool {
        self.bytes == self.entries.values().map(String::len).sum::<usize>()
    }
}

/// A mock origin answering `Ok` and `Err` in every order.
#[test]
fn an_edge_cache_uncounting_what_it_drops_is_clean() {
    assert_clean::<EdgeCache>();
}

/// `drt_examples::batch::Batch` counting what it was given, not the hint.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Batch {
    readings: [u32; 8],
    len: usize,
}

#[drt::operations]
impl Batch {
    pub fn new() -> Self {
        Batch::default()
    }
    pub fn try_extend(&mut self, readings: impl IntoIterator<Item = u32>) -> bool {
        let readings: Vec<u32> = readings.into_iter().collect();
        if self.len + readings.len() > self.readings.len() {
            return false;
        }
        for r in readings {
            self.readings[self.len] = r;
            self.len += 1;
        }
        true
    }
    pub fn fill<I: IntoIterator<Item = u32>>(&mut self, readings: I) -> usize {
        let before = self.len;
        for r in readings.into_iter().take(self.readings.len() - self.len) {
            self.readings[self.len] = r;
            self.len += 1;
        }
        self.len - before
    }
}

/// The line counter of `drt_examples::lines`, reading to a read of 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineCounter {
    lines: usize,
}

#[drt::operations]
impl LineCounter {
    pub fn new() -> Self {
        LineCounter::default()
    }
    pub fn consume(&mut self, mut input: impl Read) -> io::Result<usize> {
        let mut chunk = [0u8; 64];
        let before = self.lines;
        loop {
            let n = match input.read(&mut chunk) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                read => read?,
            };
            if n == 0 {
                return Ok(self.lines - before);
            }
            self.lines += chunk[..n].iter().filter(|&&b| b == b'\n').count();
        }
    }
}

/// `drt_examples::retry::Backoff` with a ceiling on the wait.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backoff {
    first_wait_ms: u32,
    attempts: u8,
}

#[drt::operations]
impl Backoff {
    pub fn new(first_wait_ms: u32, attempts: u8) -> Self {
        Backoff { first_wait_ms, attempts }
    }
    pub fn run(&self, mut attempt: impl FnMut(u8) -> bool) -> Option<u64> {
        let (mut wait, mut waited) = (self.first_wait_ms, 0u64);
        for n in 0..self.attempts {
            if attempt(n) {
                return Some(waited);
            }
            waited += u64::from(wait);
            wait = wait.saturating_mul(2).min(60_000);
        }
        None
    }
}

#[drt::mock]
pub trait Clock {
    fn now_ms(&self) -> u64;
}

/// `drt_examples::limiter::RateLimiter` with a clock that may go back.
pub struct RateLimiter {
    clock: Box<dyn Clock>,
    tokens: u64,
    last_ms: u64,
}

#[drt::operations]
impl RateLimiter {
    pub fn new(clock: Box<dyn Clock>, capacity: u32) -> Self {
        let last_ms = clock.now_ms();
        RateLimiter { clock, tokens: u64::from(capacity), last_ms }
    }
    pub fn try_acquire(&mut self) -> bool {
        let now = self.clock.now_ms();
        self.tokens = self.tokens.saturating_add(now.saturating_sub(self.last_ms) / 1000);
        self.last_ms = self.last_ms.max(now);
        self.tokens.checked_sub(1).map(|t| self.tokens = t).is_some()
    }
}

/// The wallets of `drt_examples::wallet`, refusing a payment that would
/// overflow, and their law.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wallet(u64);

#[drt::operations]
impl Wallet {
    pub fn new(cents: u64) -> Self {
        Wallet(cents)
    }
    pub fn pay(&mut self, payee: &mut Wallet, amount: u64) -> bool {
        match (self.0.checked_sub(amount), payee.0.checked_add(amount)) {
            (Some(left), Some(right)) => {
                (self.0, payee.0) = (left, right);
                true
            }
            _ => false,
        }
    }
}

pub struct WalletLaws;

#[drt::operations]
impl WalletLaws {
    pub fn paying_keeps_the_total(payer: &mut Wallet, payee: &mut Wallet, amount: u64) {
        let before = u128::from(payer.0) + u128::from(payee.0);
        payer.pay(payee, amount);
        assert_eq!(u128::from(payer.0) + u128::from(payee.0), before);
    }
}

/// The journal of `drt_examples::journal`, keeping what a write left.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Journal {
    buffer: Vec<u8>,
    logged: usize,
    flushed: usize,
}

#[drt::operations(invariant(accounts_for_every_byte))]
impl Journal {
    pub fn new() -> Self {
        Journal::default()
    }
    pub fn log(&mut self, entry: &str) {
        self.buffer.extend_from_slice(entry.as_bytes());
        self.logged += entry.len();
    }
    pub fn flush_to(&mut self, sink: &mut dyn Write) -> io::Result<usize> {
        let n = sink.write(&self.buffer)?;
        self.flushed += n;
        self.buffer.drain(..n);
        Ok(n)
    }
    pub fn flush_all<W: Write>(&mut self, mut sink: W) -> io::Result<()> {
        sink.write_all(&self.buffer)?;
        self.flushed += self.buffer.len();
        self.buffer.clear();
        Ok(())
    }
    fn accounts_for_every_byte(&self) -> bool {
        self.logged == self.flushed + self.buffer.len()
    }
}

/// Writers with room for everything and for a few bytes.
#[test]
fn a_journal_keeping_what_a_write_left_is_clean() {
    assert_clean::<Journal>();
}

/// Iterators with either size hint, generic and not.
#[test]
fn a_batch_counting_what_it_gets_is_clean() {
    assert_clean::<Batch>();
}

/// Readers in one piece and in two, interrupted, failing, slow.
#[test]
fn a_line_counter_reading_to_the_end_is_clean() {
    assert_clean::<LineCounter>();
    assert_agrees::<LineCounter, drt_examples::lines::LineModel>();
}

/// Closures answering anything, `false` every time included.
#[test]
fn a_backoff_with_a_ceiling_is_clean() {
    assert_clean::<Backoff>();
}

/// A mock clock going forward and back.
#[test]
fn a_rate_limiter_taking_the_clock_back_is_clean() {
    assert_clean::<RateLimiter>();
}

/// A parameterized test whose law holds.
#[test]
fn a_law_that_holds_is_clean() {
    assert_clean::<WalletLaws>();
}
