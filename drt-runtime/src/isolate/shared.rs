//! What a child writes for its supervisor on every call, through memory
//! it shares with a file, so that writing costs no system call: a record
//! written with `pwrite` (two system calls per call) halved the rate of
//! explorations whose operations take integers. A killed or aborted child
//! leaves what it wrote in the file: its pages belong to the kernel's page
//! cache, not to the process.
//!
//! - The record of the call running given a large integer (`sizes`),
//!   little-endian: a state byte (1 running, 0 returned), the sequence
//!   number (8 bytes), the parameter (8), the magnitude (16), the length of
//!   the operation's path (4), the path.
//! - The log of cost decisions of a time-limited run, replayed by the rerun
//!   that looks for a crash's sequence ([`DecisionLog`]).

use std::path::Path;

use crate::generate::{Decision, DecisionLog};
use crate::sizes::Large;

/// Bytes of a record; a longer path is cut (and so not found again).
const RECORD: usize = 512;
const HEADER: usize = 1 + 8 + 8 + 16 + 4;

/// A call given a large integer, as a record holds it, with the number of
/// its sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Running {
    pub sequence: u64,
    pub large: Large,
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

/// Which record: the call running, given a large integer, or the
/// sequence running, with the largest integer its calls were given (its
/// components' too: a value a size grew long ago may make a later call
/// slow). The call's is the more precise, and read first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    Call = 0,
    Sequence = 1,
}

/// A child's side of the records of the call and the sequence running.
#[derive(Debug)]
pub(crate) struct SharedRecord(SharedMap);

impl SharedRecord {
    /// Maps the records at `path`, marked returned.
    pub fn create(path: &Path) -> std::io::Result<SharedRecord> {
        SharedMap::create(path, 2 * RECORD).map(SharedRecord)
    }

    /// Records that a call or sequence (`slot`) of sequence `sequence`
    /// runs, given `magnitude` for parameter `param` of `op`.
    pub fn running(&self, slot: Slot, sequence: u64, op: &str, param: usize, magnitude: u128) {
        let at = slot as usize * RECORD;
        let op = &op.as_bytes()[..op.len().min(RECORD - HEADER)];
        let mut header = [0u8; HEADER];
        header[1..9].copy_from_slice(&sequence.to_le_bytes());
        header[9..17].copy_from_slice(&(param as u64).to_le_bytes());
        header[17..33].copy_from_slice(&magnitude.to_le_bytes());
        header[33..37].copy_from_slice(&(op.len() as u32).to_le_bytes());
        self.0.write(at + 1, &header[1..]);
        self.0.write(at + HEADER, op);
        // The state last: a reader never sees a running record half written.
        self.0.write(at, &[1]);
    }

    /// Records that the call or sequence returned.
    pub fn returned(&self, slot: Slot) {
        self.0.write(slot as usize * RECORD, &[0]);
    }
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

/// The supervisor's side: the call running when the child stopped, if its
/// record says one was given a large integer, else the sequence running,
/// if its record says one was.
pub(crate) fn read(path: &Path) -> Option<Running> {
    let bytes = std::fs::read(path).ok()?;
    [Slot::Call, Slot::Sequence].into_iter().find_map(|slot| read_slot(bytes.get(slot as usize * RECORD..)?))
}

fn read_slot(bytes: &[u8]) -> Option<Running> {
    if bytes.len() < HEADER || bytes[0] != 1 {
        return None;
    }
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let magnitude = u128::from_le_bytes(bytes[17..33].try_into().expect("16 bytes"));
    let len = u32::from_le_bytes(bytes[33..37].try_into().expect("4 bytes")) as usize;
    let op = std::str::from_utf8(bytes.get(HEADER..HEADER + len)?).ok()?.to_string();
    let large = Large { op, param: usize::try_from(u64_at(9)).ok()?, magnitude };
    Some(Running { sequence: u64_at(1), large })
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
        record.running(Slot::Sequence, 12, "a::B::new", 0, 1 << 30);
        let sequence = Running { sequence: 12, large: Large { op: "a::B::new".into(), param: 0, magnitude: 1 << 30 } };
        assert_eq!(read(&path), Some(sequence.clone()));
        record.running(Slot::Call, 12, "a::B::with_capacity", 1, 1 << 40);
        let large = Large { op: "a::B::with_capacity".into(), param: 1, magnitude: 1 << 40 };
        let running = Running { sequence: 12, large };
        assert_eq!(read(&path), Some(running), "the call's record is read first");
        record.returned(Slot::Call);
        assert_eq!(read(&path), Some(sequence));
        record.returned(Slot::Sequence);
        assert_eq!(read(&path), None);
        // A shorter path written over a longer one is read alone.
        record.running(Slot::Call, 13, &"a::B::".repeat(20), 0, 1 << 20);
        record.running(Slot::Call, 14, "a::B::c", 0, 1 << 20);
        assert_eq!(read(&path).map(|r| (r.sequence, r.large.op)), Some((14, "a::B::c".to_string())));
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
}
