//! The machine's cores, shared by the explorations running on it at once.
//! `DRT_JOBS=auto` asks for one job per core; under `cargo test`, which
//! runs tests side by side, or cargo-nextest, which runs a process per
//! test, every exploration asked for all of them, and a 16-core runner
//! started up to 256 exploring children. So each exploration in child
//! processes holds a core while it runs, as a lock on one of a file per
//! core (`File::try_lock`: advisory, released when the process ends,
//! however it ends), and `auto` takes only the cores no other exploration
//! holds, one at least, and the report says so in a note.

use std::fs::File;
use std::path::PathBuf;

/// The cores an exploration holds, released when dropped.
pub(crate) struct Cores {
    held: Vec<File>,
}

impl Cores {
    /// Takes up to `want` of the machine's `cores` that no exploration
    /// holds, without waiting: none when all are held. An error when the
    /// lock files cannot be made (a read-only temporary directory): then
    /// nothing can be shared.
    pub fn take(want: usize, cores: usize) -> std::io::Result<Cores> {
        let mut held = Vec::new();
        let dir = directory()?;
        for core in 0..cores {
            if held.len() == want {
                break;
            }
            let path = dir.join(format!("core-{core}"));
            let opened = File::options().read(true).write(true).create(true).truncate(false).open(&path);
            if let Ok(file) = opened.or_else(|_| File::open(&path)) {
                if file.try_lock().is_ok() {
                    held.push(file);
                }
            }
        }
        Ok(Cores { held })
    }

    /// How many it holds.
    pub fn len(&self) -> usize {
        self.held.len()
    }
}

/// Where the lock files are: a directory of the user's in the system's
/// temporary one (another user's files could not be opened to write).
fn directory() -> std::io::Result<PathBuf> {
    #[cfg(unix)]
    // SAFETY: getuid reads the process's user id; it cannot fail.
    let user = unsafe { libc::getuid() }.to_string();
    #[cfg(not(unix))]
    let user = std::env::var("USERNAME").unwrap_or_default();
    let dir = std::env::temp_dir().join(format!("drt-cores-{user}"));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A machine of 1,000 cores, so that the explorations of the other
    /// tests running beside this one (each holding one core while it runs)
    /// change the counts by a few at most.
    #[test]
    fn a_core_held_by_one_exploration_is_not_taken_by_another_until_released() {
        let cores = 1_000;
        let take = |want| Cores::take(want, cores).expect("the lock files are made");
        let first = take(cores);
        assert!(first.len() > 900, "{} of {cores} taken", first.len());
        let second = take(cores);
        assert!(second.len() < 50, "{} taken again of the {} the first holds", second.len(), first.len());
        drop(first);
        let third = take(cores);
        assert!(third.len() > 900, "the first's cores are free again: {} taken", third.len());
        drop(third);
        assert_eq!(take(3).len(), 3, "no more than asked for");
    }
}
