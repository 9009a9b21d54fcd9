//! Saved failures, in the style of proptest's `proptest-regressions/`: every
//! minimized failing sequence is saved to `drt-regressions/<type>.txt` next
//! to the crate's `Cargo.toml`, and saved sequences run first on the next
//! exploration, so a fixed bug stays fixed and a broken one fails at once.
//! (Not to be confused with *regression tests*, `regression_tests.rs`:
//! passing tests that guard today's behaviour.)

//!
//! The file is plain text meant to be committed and read: each entry has a
//! comment with the failure and its test, then one line per call and one
//! indented line per argument. Operations are named by their full path and
//! seeds by their Rust literal, so an entry survives unrelated changes: a
//! literal the seed table no longer has (the code that had it changed) is
//! read back from its text into a seed of its own. An entry that no longer
//! matches the code is skipped with a warning. Problems reading
//! or writing the file are warnings (failures only under `DRT_STRICT`): the
//! caller prints them and keeps them in `Stats::warnings`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::sequence::Sequence;
use crate::sequence_text::{decode, encode};
use crate::world::World;

/// The version of the file's format this drt writes and reads. A file
/// without a `format` line (written before it had one) is format 1.
const FORMAT: u32 = 1;

const HEADER: &str = "\
# drt regressions: call sequences that failed, run first on every exploration
# so that a fixed bug stays fixed and a broken one fails at once. Commit this
# file. Delete an entry to forget it; set DRT_PERSIST=off to turn this off.
format 1
";

/// The format a file says it is in (its `format <n>` line, before any entry).
fn format_of(text: &str) -> Result<u32, String> {
    let Some(line) = text.lines().take_while(|l| !l.starts_with("call ")).find(|l| l.starts_with("format ")) else {
        return Ok(1);
    };
    line["format ".len()..].trim().parse().map_err(|_| format!("`{line}` is not a format drt knows"))
}

/// The saved-failures file of one exploration.
#[derive(Clone, Debug)]
pub(crate) struct SavedFailuresFile {
    path: PathBuf,
}

impl SavedFailuresFile {
    /// The file for these subjects in `dir`/drt-regressions.
    pub fn new(dir: &Path, subjects: &[&str]) -> SavedFailuresFile {
        let name = crate::names::file_name(subjects);
        SavedFailuresFile { path: dir.join("drt-regressions").join(format!("{name}.txt")) }
    }

    /// The file for these subjects in the crate being tested, when cargo says which one that is.
    pub fn for_crate(subjects: &[&str]) -> Option<SavedFailuresFile> {
        let dir = std::env::var_os("CARGO_MANIFEST_DIR")?;
        Some(SavedFailuresFile::new(Path::new(&dir), subjects))
    }

    /// Where the file is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The saved sequences that still match the code, and a warning for
    /// each that does not (it is skipped) or for a file that cannot be read.
    pub fn load(&self, world: &World<'_>) -> (Vec<Sequence>, Vec<String>) {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Default::default(),
            Err(e) => return (Vec::new(), vec![format!("cannot read {}: {e}", self.path.display())]),
        };
        match format_of(&text) {
            Ok(format) if format <= FORMAT => {}
            Ok(format) => {
                let why = format!(
                    "{} is in format {format}, written by a newer drt (this one reads format {FORMAT}); its entries \
                     were not replayed: update drt",
                    self.path.display()
                );
                return (Vec::new(), vec![why]);
            }
            Err(why) => {
                let why = format!(
                    "{}: {why} (this one writes `format {FORMAT}`); its entries were not replayed: fix the line or \
                     delete the file",
                    self.path.display()
                );
                return (Vec::new(), vec![why]);
            }
        }
        let mut out = (Vec::new(), Vec::new());
        for (n, entry) in crate::sequence_text::split(&text).iter().enumerate() {
            match decode(world, entry) {
                Ok(seq) => out.0.push(seq),
                Err(why) => out.1.push(format!(
                    "{}: entry {} no longer matches the code ({why}); it was skipped: update it to the code or delete it",
                    self.path.display(),
                    n + 1
                )),
            }
        }
        out
    }

    /// The literals of the saved entries' seeds that `world` has no seed
    /// of (a string or a float the code no longer has), for
    /// [`World::adopt`](crate::world::World::adopt).
    pub fn unknown_literals(&self, world: &World<'_>) -> Vec<(std::any::TypeId, String)> {
        let text = std::fs::read_to_string(&self.path).unwrap_or_default();
        let entries = crate::sequence_text::split(&text);
        entries.iter().flat_map(|entry| crate::sequence_text::unknown_literals(world, entry)).collect()
    }

    /// Appends the entries not in the file yet; a warning when it cannot.
    /// The file is locked while it is read and appended to, so explorations
    /// saving at once (the children of `.jobs()`, tests of one crate
    /// exploring the same type) keep every entry.
    pub fn save(&self, world: &World<'_>, failures: &[(String, &Sequence)]) -> Result<(), String> {
        if failures.is_empty() {
            return Ok(());
        }
        self.append_new(world, failures)
            .map_err(|e| format!("cannot write {}: {e}; failures will not be replayed next time", self.path.display()))
    }

    fn append_new(&self, world: &World<'_>, failures: &[(String, &Sequence)]) -> std::io::Result<()> {
        use std::io::{Read as _, Write as _};
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let mut file = std::fs::OpenOptions::new().read(true).append(true).create(true).open(&self.path)?;
        // Released when the file is closed.
        file.lock()?;
        let mut existing = String::new();
        file.read_to_string(&mut existing)?;
        let known = crate::sequence_text::split(&existing);
        let mut added = String::new();
        for (comment, seq) in failures {
            let body = encode(world, seq);
            if known.iter().any(|k| k.trim() == body.trim()) {
                continue;
            }
            added.push('\n');
            for line in comment.lines() {
                let _ = writeln!(added, "# {line}");
            }
            added.push_str(&body);
        }
        if added.is_empty() {
            return Ok(());
        }
        if existing.is_empty() {
            added.insert_str(0, HEADER);
        }
        file.write_all(added.as_bytes())
    }
}

/// The comment above a saved entry: the failure, the seed, and its test.
pub(crate) fn entry_comment(f: &crate::report::Failure, seed: u64) -> String {
    let first = f.message.lines().next().unwrap_or("");
    format!("{} in {}: {first} (seed {seed})\n{}", f.kind, f.operation, f.code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{pool_sequences, wallet_world};

    #[test]
    fn entries_skip_comments_and_text_around_them() {
        let text = "# header\n\n# panics: call me maybe\n#     x.call();\ncall a::B::new\nend\n\n# two\ncall a::B::f\n  var 0 mut\nend\n";
        assert_eq!(
            crate::sequence_text::split(text),
            vec!["call a::B::new\nend\n".to_string(), "call a::B::f\n  var 0 mut\nend\n".to_string()]
        );
    }

    #[test]
    fn io_problems_are_warnings() {
        let world = wallet_world();
        let store = SavedFailuresFile::new(Path::new("/proc/drt-cannot-write-here"), &["x"]);
        let wrote = store.save(&world, &[("comment".into(), &Sequence::default())]).unwrap_err();
        assert!(wrote.starts_with("cannot write /proc/drt-cannot-write-here/drt-regressions/x.txt: "), "{wrote}");
        assert!(wrote.ends_with("; failures will not be replayed next time"), "{wrote}");
        assert_eq!(store.load(&world), (Vec::new(), Vec::new()));
        let dir = std::env::temp_dir().join(format!("drt-unreadable-test-{}", std::process::id()));
        let unreadable = SavedFailuresFile::new(&dir, &["x"]);
        std::fs::create_dir_all(unreadable.path()).unwrap();
        let (seqs, warnings) = unreadable.load(&world);
        assert!(seqs.is_empty());
        assert_eq!(warnings.len(), 1);
        assert!(warnings[0].starts_with(&format!("cannot read {}: ", unreadable.path().display())), "{warnings:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn saving_appends_new_entries_once() {
        let world = wallet_world();
        let dir = std::env::temp_dir().join(format!("drt-persist-test-{}", std::process::id()));
        let store = SavedFailuresFile::new(&dir, &["wallet"]);
        let seqs = pool_sequences(&world, 50);
        store.save(&world, &[("first\nsecond line".into(), &seqs[3])]).unwrap();
        store.save(&world, &[("again".into(), &seqs[3]), ("other".into(), &seqs[4])]).unwrap();
        let text = std::fs::read_to_string(store.path()).unwrap();
        assert!(text.starts_with(HEADER), "{text}");
        assert!(text.contains("\n# first\n# second line\ncall "), "{text}");
        assert!(!text.contains("# again"), "{text}");
        assert_eq!(store.load(&world), (vec![seqs[3].clone(), seqs[4].clone()], Vec::new()));
        std::fs::write(store.path(), format!("{text}\ncall nowhere::Gone::f\nend\n")).unwrap();
        let (seqs_left, warnings) = store.load(&world);
        assert_eq!(seqs_left.len(), 2);
        assert_eq!(
            warnings,
            [format!(
                "{}: entry 3 no longer matches the code (no operation `nowhere::Gone::f`); it was skipped: update \
                 it to the code or delete it",
                store.path().display()
            )]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_in_a_newer_or_unknown_format_is_not_replayed_and_one_without_a_format_line_is() {
        let world = wallet_world();
        let dir = std::env::temp_dir().join(format!("drt-format-test-{}", std::process::id()));
        let store = SavedFailuresFile::new(&dir, &["wallet"]);
        let seqs = pool_sequences(&world, 50);
        store.save(&world, &[("one".into(), &seqs[3])]).unwrap();
        let text = std::fs::read_to_string(store.path()).unwrap();
        assert!(text.contains("\nformat 1\n"), "{text}");
        std::fs::write(store.path(), text.replace("format 1\n", "")).unwrap();
        assert_eq!(store.load(&world), (vec![seqs[3].clone()], Vec::new()));
        std::fs::write(store.path(), text.replace("format 1", "format 2")).unwrap();
        let (replayed, warnings) = store.load(&world);
        assert!(replayed.is_empty());
        assert!(warnings[0].ends_with("is in format 2, written by a newer drt (this one reads format 1); its entries were not replayed: update drt"), "{warnings:?}");
        std::fs::write(store.path(), text.replace("format 1", "format one")).unwrap();
        let (replayed, warnings) = store.load(&world);
        assert!(replayed.is_empty());
        let said = format!(
            "{}: `format one` is not a format drt knows (this one writes `format 1`); its entries were not replayed: \
             fix the line or delete the file",
            store.path().display()
        );
        assert_eq!(warnings, [said]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn file_names_are_safe() {
        let store = SavedFailuresFile::new(Path::new("/x"), &["my_crate::Stack<u8>", "my_crate::Other"]);
        assert_eq!(store.path(), Path::new("/x/drt-regressions/my_crate__Stack_u8_+my_crate__Other.txt"));
    }
}
