//! The record of the call running in a child, written through memory the
//! child shares with a file, so that writing it costs no system call: a
//! child records every call given a large integer (`sizes`), and a record
//! written with `pwrite` (two system calls per call) halved the rate of
//! explorations whose operations take integers. A killed or aborted child
//! leaves its last record in the file: its pages belong to the kernel's
//! page cache, not to the process.
//!
//! The record, little-endian: a state byte (1 running, 0 returned), the
//! sequence number (8 bytes), the parameter (8), the magnitude (16), the
//! length of the operation's path (4), the path.

use std::path::Path;

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

/// A child's side: the record mapped into memory.
#[derive(Debug)]
pub(crate) struct SharedRecord {
    #[cfg(unix)]
    at: std::ptr::NonNull<u8>,
    #[cfg(not(unix))]
    path: std::path::PathBuf,
}

// SAFETY: the mapping is owned by this value and written only through
// `&self` methods that copy whole byte ranges in; the one exploring thread
// writes it (the watch of a world runs on the thread executing its calls).
unsafe impl Send for SharedRecord {}
unsafe impl Sync for SharedRecord {}

impl SharedRecord {
    /// Maps the record at `path`, made [`RECORD`] bytes long and marked
    /// returned.
    pub fn create(path: &Path) -> std::io::Result<SharedRecord> {
        let file = std::fs::OpenOptions::new().read(true).write(true).create(true).truncate(true).open(path)?;
        file.set_len(RECORD as u64)?;
        #[cfg(unix)]
        {
            use std::os::unix::io::AsRawFd;
            // SAFETY: a fresh shared mapping of RECORD bytes of a file that
            // long; the pointer is checked before use and unmapped on drop.
            let at = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    RECORD,
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
            Ok(SharedRecord { at })
        }
        #[cfg(not(unix))]
        Ok(SharedRecord { path: path.to_path_buf() })
    }

    /// Records that call `op` of sequence `sequence` runs, given
    /// `magnitude` for parameter `param`.
    pub fn running(&self, sequence: u64, op: &str, param: usize, magnitude: u128) {
        let op = &op.as_bytes()[..op.len().min(RECORD - HEADER)];
        let mut header = [0u8; HEADER];
        header[1..9].copy_from_slice(&sequence.to_le_bytes());
        header[9..17].copy_from_slice(&(param as u64).to_le_bytes());
        header[17..33].copy_from_slice(&magnitude.to_le_bytes());
        header[33..37].copy_from_slice(&(op.len() as u32).to_le_bytes());
        self.write(1, &header[1..]);
        self.write(HEADER, op);
        // The state last: a reader never sees a running record half written.
        self.write(0, &[1]);
    }

    /// Records that the call returned.
    pub fn returned(&self) {
        self.write(0, &[0]);
    }

    fn write(&self, offset: usize, bytes: &[u8]) {
        assert!(offset + bytes.len() <= RECORD, "a record's bytes lie within it");
        #[cfg(unix)]
        // SAFETY: in bounds of the RECORD bytes mapped (checked above), and
        // `bytes` is not in the mapping.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), self.at.as_ptr().add(offset), bytes.len());
        }
        #[cfg(not(unix))]
        {
            let mut record = std::fs::read(&self.path).unwrap_or_else(|_| vec![0; RECORD]);
            record[offset..offset + bytes.len()].copy_from_slice(bytes);
            let _ = std::fs::write(&self.path, record);
        }
    }
}

impl Drop for SharedRecord {
    fn drop(&mut self) {
        #[cfg(unix)]
        // SAFETY: the mapping `create` made, unmapped once.
        unsafe {
            libc::munmap(self.at.as_ptr().cast(), RECORD);
        }
    }
}

/// The supervisor's side: the call running when the child stopped, if its
/// record says one was.
pub(crate) fn read(path: &Path) -> Option<Running> {
    let bytes = std::fs::read(path).ok()?;
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
        record.running(12, "a::B::with_capacity", 1, 1 << 40);
        let large = Large { op: "a::B::with_capacity".into(), param: 1, magnitude: 1 << 40 };
        let running = Running { sequence: 12, large };
        assert_eq!(read(&path), Some(running));
        record.returned();
        assert_eq!(read(&path), None);
        // A shorter path written over a longer one is read alone.
        record.running(13, &"a::B::".repeat(20), 0, 1 << 20);
        record.running(14, "a::B::c", 0, 1 << 20);
        assert_eq!(read(&path).map(|r| (r.sequence, r.large.op)), Some((14, "a::B::c".to_string())));
        drop(record);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
