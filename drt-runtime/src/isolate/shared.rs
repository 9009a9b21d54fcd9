//! What a child writes for its supervisor on every call, through memory
//! it shares with a file, so that writing costs no system call: a record
//! written with `pwrite` (two system calls per call) halved the rate of
//! explorations whose operations take integers. A killed or aborted child
//! leaves what it wrote in the file: its pages belong to the kernel's page
//! cache, not to the process.
//!
//! - The records of the call running and of the sequence running
//!   ([`Slot`]), little-endian: a state byte (1 running, 0 returned), the
//!   sequence number (8 bytes), the parameter given the largest integer
//!   (8), its magnitude (16, 0 for none), the length of the operation's
//!   path (4), the call's number in the child (8), the length of the path
//!   of the operation the sequence extends (4), the two paths. The
//!   supervisor learns from them which call a crash, a hang or a slow
//!   size was in, without running the child again.
//! - The record of the last panic in the child (its number of call, the
//!   length of its text, the text: where it panicked and its message): a
//!   panic that aborts the process (in a destructor while unwinding,
//!   across a function that cannot unwind) leaves its place there.
//! - The log of cost decisions of a time-limited run, replayed by the rerun
//!   that looks for a crash's sequence ([`DecisionLog`]).

use std::path::Path;

use crate::generate::{Decision, DecisionLog};
use crate::sizes::Large;

/// Bytes of a record; a longer path or panic text is cut.
const RECORD: usize = 512;
const HEADER: usize = 1 + 8 + 8 + 16 + 4 + 8 + 4;
const PANIC_HEADER: usize = 1 + 8 + 4;

/// What was running when a child stopped, as its records tell it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Running {
    /// The number of the sequence running.
    pub sequence: u64,
    /// The call running (its operation's path), when one was...
    pub call: Option<String>,
    /// ...else the operation the sequence running extends: a crash or hang
    /// in drt's checks after its calls is that operation's.
    pub extending: Option<String>,
    /// ...and its number among the child's calls.
    pub number: u64,
    /// The large integer to blame for a size too large for the run: the
    /// call's, else the largest its sequence was given ([`crate::sizes`]).
    pub large: Option<Large>,
    /// Which record holds a large integer, the sequence's first (it holds
    /// its calls' too), so that it stays the same while the sequence runs:
    /// its sequence's number, with the child's count of calls when it was
    /// written. The same sequence recorded again (replayed) is another.
    pub large_record: (u64, u64),
    /// The panic that call was in when it stopped (its place and message):
    /// one that aborts the process rather than unwinds.
    pub panicking: Option<String>,
    /// Whether a sequence of the exploration was running (not a replay,
    /// a minimization or the end of the run).
    pub exploring: bool,
}

/// A file mapped into memory the child shares with it: writes are stores,
/// and stay in the file when the child dies.
#[derive(Debug)]
struct SharedMap {
    at: std::ptr::NonNull<u8>,
    len: usize,
}

// SAFETY: the mapping is owned by this value and written only through
// `&self` methods that copy whole byte ranges in; the one exploring thread
// writes it (the watch of a world runs on the thread executing its calls).
unsafe impl Send for SharedMap {}
unsafe impl Sync for SharedMap {}

impl SharedMap {
    /// Maps the file at `path`, made `len` bytes long (of zeros: the file
    /// is sparse, and pages never written take no memory).
    fn create(path: &Path, len: usize) -> std::io::Result<SharedMap> {
        let file = std::fs::OpenOptions::new().read(true).write(true).create(true).truncate(true).open(path)?;
        file.set_len(len as u64)?;
        #[cfg(unix)]
        {
            use std::os::unix::io::AsRawFd;
            // SAFETY: a fresh shared mapping of `len` bytes of a file that
            // long; the pointer is checked before use and unmapped on drop.
            let at = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    len,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_SHARED,
                    file.as_raw_fd(),
                    0,
                )
            };
            if at == libc::MAP_FAILED {
                return Err(std::io::Error::last_os_error());
            }
            let at = std::ptr::NonNull::new(at.cast::<u8>()).ok_or_else(|| std::io::Error::other("null mapping"))?;
            Ok(SharedMap { at, len })
        }
        #[cfg(not(unix))]
        Err(std::io::Error::new(std::io::ErrorKind::Unsupported, "no shared mappings here"))
    }

    fn write(&self, offset: usize, bytes: &[u8]) {
        assert!(offset + bytes.len() <= self.len, "writes lie within the mapping");
        // SAFETY: in bounds of the `len` bytes mapped (checked above), and
        // `bytes` is not in the mapping.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), self.at.as_ptr().add(offset), bytes.len());
        }
    }

    /// Sets `bits` in the byte at `offset`.
    fn set_bits(&self, offset: usize, bits: u8) {
        assert!(offset < self.len, "writes lie within the mapping");
        // SAFETY: in bounds, and only this thread writes the mapping.
        unsafe {
            *self.at.as_ptr().add(offset) |= bits;
        }
    }
}

impl Drop for SharedMap {
    fn drop(&mut self) {
        // SAFETY: the mapping `create` made, unmapped once.
        #[cfg(unix)]
        unsafe {
            libc::munmap(self.at.as_ptr().cast(), self.len);
        }
    }
}

/// Which record: the call running, with the largest integer it was
/// given, or the sequence running, with the largest integer its calls were
/// given (its components' too: a value a size grew long ago may make a
/// later call slow), if large; or the last panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    Call = 0,
    Sequence = 1,
    Panic = 2,
}

/// A child's side of the records.
#[derive(Debug)]
pub(crate) struct SharedRecord {
    map: SharedMap,
    /// Calls recorded so far: a panic is matched to its call by number.
    calls: std::sync::atomic::AtomicU64,
    /// The number of the call whose panic is recorded.
    panicked_in: std::sync::atomic::AtomicU64,
    /// Where the path the call's record holds lies in memory: a call of
    /// the same operation (the same string) need not write it again.
    call_path: std::sync::atomic::AtomicUsize,
}

impl SharedRecord {
    /// Maps the records at `path`, marked returned.
    pub fn create(path: &Path) -> std::io::Result<SharedRecord> {
        let map = SharedMap::create(path, 3 * RECORD)?;
        Ok(SharedRecord { map, calls: Default::default(), panicked_in: u64::MAX.into(), call_path: 0.into() })
    }

    /// Records that a call or sequence (`slot`) of sequence `sequence`
    /// runs, of (or given its largest integer by) `op`, given `magnitude`
    /// (0 for none) for parameter `param`; a sequence extending `extends`,
    /// a call whose integer another operation was given (`extends`: a
    /// builder of one of its arguments).
    pub fn running(&self, slot: Slot, sequence: u64, (op, extends): (&str, &str), param: usize, magnitude: u128) {
        let at = slot as usize * RECORD;
        let op = &op.as_bytes()[..op.len().min(RECORD - HEADER)];
        let extends = &extends.as_bytes()[..extends.len().min(RECORD - HEADER - op.len())];
        // One thread writes: no read-modify-write needed.
        let call = self.calls.load(std::sync::atomic::Ordering::Relaxed);
        if slot == Slot::Call {
            self.calls.store(call + 1, std::sync::atomic::Ordering::Relaxed);
        }
        let mut header = [0u8; HEADER];
        header[1..9].copy_from_slice(&sequence.to_le_bytes());
        header[9..17].copy_from_slice(&(param as u64).to_le_bytes());
        header[17..33].copy_from_slice(&magnitude.to_le_bytes());
        header[33..37].copy_from_slice(&(op.len() as u32).to_le_bytes());
        header[37..45].copy_from_slice(&call.to_le_bytes());
        header[45..49].copy_from_slice(&(extends.len() as u32).to_le_bytes());
        self.map.write(at + 1, &header[1..]);
        // (The world's paths live as long as the child's records.)
        let (path, written) = (op.as_ptr() as usize, &self.call_path);
        // A call naming a second path (rare) is written whole, and the next
        // call is too.
        let cached = slot == Slot::Call && extends.is_empty();
        if !cached || written.load(std::sync::atomic::Ordering::Relaxed) != path {
            if slot == Slot::Call {
                written.store(if cached { path } else { 0 }, std::sync::atomic::Ordering::Relaxed);
            }
            self.map.write(at + HEADER, op);
            self.map.write(at + HEADER + op.len(), extends);
        }
        // The state last: a reader never sees a running record half written.
        self.map.write(at, &[1]);
    }

    /// Records that the call or sequence returned.
    pub fn returned(&self, slot: Slot) {
        self.map.write(slot as usize * RECORD, &[0]);
    }

    /// Records that the call running panicked, where and why (`text`):
    /// its first panic, for a later one of the same call is the abort that
    /// followed (std's "panic in a function that cannot unwind").
    pub fn panicked(&self, text: &str) {
        use std::sync::atomic::Ordering::Relaxed;
        let at = Slot::Panic as usize * RECORD;
        let text = &text.as_bytes()[..floor_char_boundary(text, RECORD - PANIC_HEADER)];
        // The call running has the number the last one recorded took.
        let call = self.calls.load(Relaxed).wrapping_sub(1);
        if self.panicked_in.swap(call, Relaxed) == call {
            return;
        }
        let mut header = [0u8; PANIC_HEADER];
        header[0] = 1;
        header[1..9].copy_from_slice(&call.to_le_bytes());
        header[9..13].copy_from_slice(&(text.len() as u32).to_le_bytes());
        self.map.write(at, &header);
        self.map.write(at + PANIC_HEADER, text);
    }
}

/// The largest index at most `at` that starts a character of `text` (or its length).
fn floor_char_boundary(text: &str, at: usize) -> usize {
    (0..=at.min(text.len())).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0)
}

/// Bytes of the text of the sequence running; a longer one is not kept.
const TEXT: usize = 1 << 20;
const TEXT_HEADER: usize = 8 + 4;

/// The text of the sequence an exploring child runs, kept in memory it
/// shares with a file, when its exploration uses coverage: such a run is
/// not repeatable (code under test that hashes with `RandomState` reaches
/// other edges in another process, and compares other values), so the
/// rerun that looks for a crash's or a hang's sequence went another way,
/// and the failure was reported as one that did not happen again. Layout:
/// the sequence's number (8 bytes, little-endian), the text's length (4),
/// the text.
pub(crate) struct SharedText {
    map: SharedMap,
}

impl SharedText {
    pub fn create(path: &Path) -> std::io::Result<SharedText> {
        Ok(SharedText { map: SharedMap::create(path, TEXT)? })
    }

    /// Keeps `text` as the text of sequence `sequence`, which is about to run.
    pub fn starting(&self, sequence: u64, text: &str) {
        let kept = if text.len() <= TEXT - TEXT_HEADER { text.as_bytes() } else { &[] };
        self.map.write(0, &sequence.to_le_bytes());
        self.map.write(8, &(kept.len() as u32).to_le_bytes());
        self.map.write(TEXT_HEADER, kept);
    }
}

/// The supervisor's side: the text of sequence `sequence` that a child
/// kept at `path` when it started running it, if it did.
pub(crate) fn read_text(path: &Path, sequence: u64) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    let number = u64::from_le_bytes(bytes.get(..8)?.try_into().ok()?);
    let len = u32::from_le_bytes(bytes.get(8..TEXT_HEADER)?.try_into().ok()?) as usize;
    let text = std::str::from_utf8(bytes.get(TEXT_HEADER..TEXT_HEADER + len)?).ok()?;
    (number == sequence && len > 0).then(|| text.to_string())
}

/// Bytes of a log of cost decisions, four to a byte: 256 million, an hour
/// of exploring at the fastest. A longer run stops keeping them (a crash
/// after that may be missed by the rerun that looks for it).
const DECISIONS: usize = 64 << 20;

/// The cost decisions of an exploring child, kept in memory it shares with
/// a file, two bits each (`1` taken, `2` drawn and taken, `3` drawn and
/// left; `0` ends them): see [`DecisionLog`].
pub(crate) struct KeptDecisions {
    map: SharedMap,
    /// Decisions kept so far.
    at: usize,
}

impl KeptDecisions {
    pub fn create(path: &Path) -> std::io::Result<KeptDecisions> {
        Ok(KeptDecisions { map: SharedMap::create(path, DECISIONS)?, at: 0 })
    }
}

impl DecisionLog for KeptDecisions {
    fn record(&mut self, decision: Decision) {
        if self.at / 4 < DECISIONS {
            let code = match decision {
                Decision::Taken => 1,
                Decision::DrawnTaken => 2,
                Decision::DrawnLeft => 3,
            };
            self.map.set_bits(self.at / 4, code << (self.at % 4 * 2));
            self.at += 1;
        }
    }

    fn replayed(&mut self) -> Option<Decision> {
        None
    }
}

/// The cost decisions of a crashed child, replayed by the rerun that looks
/// for its culprit.
pub(crate) struct ReplayedDecisions {
    bytes: Vec<u8>,
    at: usize,
}

impl ReplayedDecisions {
    pub fn read(path: &Path) -> std::io::Result<ReplayedDecisions> {
        let mut bytes = std::fs::read(path)?;
        // The zeros after the last decision need not be held.
        let used = bytes.iter().rposition(|b| *b != 0).map_or(0, |last| last + 1);
        bytes.truncate(used);
        Ok(ReplayedDecisions { bytes, at: 0 })
    }
}

impl DecisionLog for ReplayedDecisions {
    fn record(&mut self, _: Decision) {}

    fn replayed(&mut self) -> Option<Decision> {
        let byte = *self.bytes.get(self.at / 4)?;
        let decision = match (byte >> (self.at % 4 * 2)) & 3 {
            1 => Decision::Taken,
            2 => Decision::DrawnTaken,
            3 => Decision::DrawnLeft,
            _ => return None,
        };
        self.at += 1;
        Some(decision)
    }
}

/// The supervisor's side: what the child was running when it stopped,
/// `None` when nothing (between sequences, or the records unreadable).
pub(crate) fn read(path: &Path) -> Option<Running> {
    let bytes = std::fs::read(path).ok()?;
    let slot = |slot: Slot| read_slot(bytes.get(slot as usize * RECORD..)?);
    let (mut call, sequence) = (slot(Slot::Call), slot(Slot::Sequence));
    // A call's second path names the operation given its large integer
    // (a builder of an argument); its first is the call's.
    let calling = call.as_ref().map(|c| c.large.op.clone());
    if let Some(c) = call.as_mut().filter(|c| !c.extends.is_empty()) {
        c.large.op = std::mem::take(&mut c.extends);
    }
    let any = call.as_ref().or(sequence.as_ref())?;
    let panicking = call.as_ref().and_then(|c| read_panic(bytes.get(Slot::Panic as usize * RECORD..)?, c.number));
    Some(Running {
        sequence: any.sequence,
        call: calling,
        extending: sequence.as_ref().map(|s| s.extends.clone()),
        number: call.as_ref().map_or(0, |c| c.number),
        large: first_large([&call, &sequence]).map(|r| r.large.clone()),
        large_record: first_large([&sequence, &call]).map_or((0, 0), |r| (r.sequence, r.number)),
        panicking,
        exploring: sequence.is_some(),
    })
}

/// A running record: its sequence, its call's number, and what it was given.
#[derive(Clone)]
struct Record {
    sequence: u64,
    number: u64,
    large: Large,
    extends: String,
}

/// The first of `records` given a large integer.
fn first_large(records: [&Option<Record>; 2]) -> Option<&Record> {
    records.into_iter().flatten().find(|r| r.large.magnitude >= crate::sizes::LARGE)
}

fn read_slot(bytes: &[u8]) -> Option<Record> {
    if bytes.len() < HEADER || bytes[0] != 1 {
        return None;
    }
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let magnitude = u128::from_le_bytes(bytes[17..33].try_into().expect("16 bytes"));
    let len = u32::from_le_bytes(bytes[33..37].try_into().expect("4 bytes")) as usize;
    let extends_len = u32::from_le_bytes(bytes[45..49].try_into().expect("4 bytes")) as usize;
    let op = std::str::from_utf8(bytes.get(HEADER..HEADER + len)?).ok()?.to_string();
    let extends = bytes.get(HEADER + len..HEADER + len + extends_len)?;
    let extends = std::str::from_utf8(extends).ok()?.to_string();
    let large = Large { op, param: usize::try_from(u64_at(9)).ok()?, magnitude };
    Some(Record { sequence: u64_at(1), number: u64_at(37), large, extends })
}

/// The text of the panic recorded, when it was in call number `call`.
fn read_panic(bytes: &[u8], call: u64) -> Option<String> {
    if bytes.len() < PANIC_HEADER || bytes[0] != 1 {
        return None;
    }
    let number = u64::from_le_bytes(bytes[1..9].try_into().expect("8 bytes"));
    let len = u32::from_le_bytes(bytes[9..13].try_into().expect("4 bytes")) as usize;
    let text = std::str::from_utf8(bytes.get(PANIC_HEADER..PANIC_HEADER + len)?).ok()?;
    (number == call).then(|| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_read_by_the_other_side() {
        let dir = std::env::temp_dir().join(format!("drt-shared-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("large.bin");
        let record = SharedRecord::create(&path).unwrap();
        assert_eq!(read(&path), None);
        let large = |op: &str, param, magnitude| Some(Large { op: op.into(), param, magnitude });
        record.running(Slot::Sequence, 12, ("a::B::new", "a::B::len"), 0, 1 << 30);
        let sequence = Running {
            sequence: 12,
            large: large("a::B::new", 0, 1 << 30),
            large_record: (12, 0),
            extending: Some("a::B::len".into()),
            exploring: true,
            ..Running::default()
        };
        assert_eq!(read(&path), Some(sequence.clone()));
        record.running(Slot::Call, 12, ("a::B::with_capacity", ""), 1, 1 << 40);
        let running = Running {
            sequence: 12,
            call: Some("a::B::with_capacity".into()),
            large: large("a::B::with_capacity", 1, 1 << 40),
            large_record: (12, 0),
            panicking: None,
            number: 0,
            extending: Some("a::B::len".into()),
            exploring: true,
        };
        assert_eq!(read(&path), Some(running), "the call's large integer is blamed first");
        record.returned(Slot::Call);
        assert_eq!(read(&path), Some(sequence.clone()));
        // A call given no large integer is known; the sequence's is blamed.
        record.running(Slot::Call, 12, ("a::B::len", ""), 0, 0);
        let call = Running { call: Some("a::B::len".into()), number: 1, ..sequence.clone() };
        assert_eq!(read(&path), Some(call.clone()));
        // A panic in that call is read with it (its first), not with a later one.
        record.panicked("src/b.rs:3:9: boom");
        record.panicked("core/src/panicking.rs:1:1: panic in a function that cannot unwind");
        assert_eq!(read(&path), Some(Running { panicking: Some("src/b.rs:3:9: boom".into()), ..call.clone() }));
        record.returned(Slot::Call);
        record.running(Slot::Call, 12, ("a::B::len", ""), 0, 0);
        assert_eq!(read(&path), Some(Running { number: 2, ..call }));
        record.returned(Slot::Call);
        record.returned(Slot::Sequence);
        assert_eq!(read(&path), None);
        // The same sequence recorded again (replayed) is another record.
        record.running(Slot::Sequence, 12, ("a::B::new", "a::B::len"), 0, 1 << 30);
        assert_eq!(read(&path).map(|r| r.large_record), Some((12, 3)));
        record.returned(Slot::Sequence);
        // A call whose large integer a builder of its argument was given.
        record.running(Slot::Call, 13, ("a::B::from_iter", "vec"), 0, 1 << 40);
        let running = read(&path).unwrap();
        assert_eq!(running.call.as_deref(), Some("a::B::from_iter"));
        assert_eq!(running.large, large("vec", 0, 1 << 40));
        record.running(Slot::Call, 13, ("a::B::from_iter", ""), 0, 1 << 40);
        assert_eq!(read(&path).unwrap().large, large("a::B::from_iter", 0, 1 << 40), "the next call's own");
        record.returned(Slot::Call);
        // A shorter path written over a longer one is read alone.
        record.running(Slot::Call, 13, (&"a::B::".repeat(20), ""), 0, 1 << 20);
        record.running(Slot::Call, 14, ("a::B::c", ""), 0, 1 << 20);
        assert_eq!(read(&path).map(|r| (r.sequence, r.call)), Some((14, Some("a::B::c".to_string()))));
        drop(record);
        let path = dir.join("decisions.bin");
        let mut kept = KeptDecisions::create(&path).unwrap();
        let made = [Decision::Taken, Decision::DrawnLeft, Decision::Taken, Decision::DrawnTaken, Decision::DrawnLeft];
        made.iter().for_each(|d| kept.record(*d));
        assert_eq!(kept.replayed(), None);
        drop(kept);
        let mut replayed = ReplayedDecisions::read(&path).unwrap();
        assert_eq!(std::iter::from_fn(|| replayed.replayed()).collect::<Vec<_>>(), made);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_text_of_the_sequence_running_is_read_for_its_number_only() {
        let dir = std::env::temp_dir().join(format!("drt-text-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("sequence.bin");
        let kept = SharedText::create(&path).unwrap();
        kept.starting(7, "let mut a = A::new();\n");
        kept.starting(8, "let mut a = A::new();\na.f(3);\n");
        assert_eq!(read_text(&path, 8).as_deref(), Some("let mut a = A::new();\na.f(3);\n"));
        assert_eq!(read_text(&path, 7), None, "overwritten by the next sequence");
        // A text too long to keep is no text.
        kept.starting(9, &"x".repeat(TEXT));
        assert_eq!(read_text(&path, 9), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
