//! Saved failures, in the style of proptest's `proptest-regressions/`: every
//! minimized failing sequence is saved to `drt-regressions/<type>.txt` next
//! to the crate's `Cargo.toml`, and saved sequences run first on the next
//! exploration, so a fixed bug stays fixed and a broken one fails at once.
//! (Not to be confused with *regression tests*, `regression_tests.rs`:
//! passing tests that guard today's behaviour.)
//!
//! The text form of a sequence defined here also carries sequences between
//! a supervisor and its children (traces, replays).
//!
//! The file is plain text meant to be committed and read: each entry has a
//! comment with the failure and its test, then one line per call and one
//! indented line per argument. Operations are named by their full path and
//! seeds by their Rust literal, so an entry survives unrelated changes; one
//! that no longer matches the code is skipped with a warning. Problems reading
//! or writing the file are warnings, never failures.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::sequence::{Call, Mode, Operand, Sequence};
use crate::world::World;

const HEADER: &str = "\
# drt regressions: call sequences that failed, run first on every exploration
# so that a fixed bug stays fixed and a broken one fails at once. Commit this
# file. Delete an entry to forget it; set DRT_PERSIST=off to turn this off.
";

/// The saved-failures file of one exploration.
#[derive(Clone, Debug)]
pub(crate) struct Store {
    path: PathBuf,
}

fn warn(message: impl std::fmt::Display) {
    eprintln!("drt: warning: {message}");
}

impl Store {
    /// The file for these subjects in `dir`/drt-regressions.
    pub fn new(dir: &Path, subjects: &[&str]) -> Store {
        let name: String = subjects
            .iter()
            .map(|s| crate::names::code_type_name(s).replace("::", "__"))
            .collect::<Vec<_>>()
            .join("+")
            .chars()
            .map(|c| if c.is_alphanumeric() || "_+-".contains(c) { c } else { '_' })
            .collect();
        Store { path: dir.join("drt-regressions").join(format!("{name}.txt")) }
    }

    /// The file for these subjects in the crate being tested, when cargo says which one that is.
    pub fn for_crate(subjects: &[&str]) -> Option<Store> {
        let dir = std::env::var_os("CARGO_MANIFEST_DIR")?;
        Some(Store::new(Path::new(&dir), subjects))
    }

    /// Where the file is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The saved sequences that still match the code; others are skipped with a warning.
    pub fn load(&self, world: &World<'_>) -> Vec<Sequence> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Vec::new(),
            Err(e) => {
                warn(format_args!("cannot read {}: {e}", self.path.display()));
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for (n, entry) in entries(&text).iter().enumerate() {
            match decode(world, entry) {
                Ok(seq) => out.push(seq),
                Err(why) => warn(format_args!(
                    "{}: entry {} no longer matches the code ({why}); it was skipped",
                    self.path.display(),
                    n + 1
                )),
            }
        }
        out
    }

    /// Appends the entries not in the file yet.
    pub fn save(&self, world: &World<'_>, failures: &[(String, &Sequence)]) {
        let existing = std::fs::read_to_string(&self.path).unwrap_or_default();
        let known = entries(&existing);
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
            return;
        }
        let text = if existing.is_empty() { format!("{HEADER}{added}") } else { format!("{existing}{added}") };
        let written =
            self.path.parent().map_or(Ok(()), std::fs::create_dir_all).and_then(|()| std::fs::write(&self.path, text));
        if let Err(e) = written {
            warn(format_args!("cannot write {}: {e}; failures will not be replayed next time", self.path.display()));
        }
    }
}

/// The comment above a saved entry: the failure, the seed, and its test.
pub(crate) fn entry_comment(f: &crate::report::Failure, seed: u64) -> String {
    let first = f.message.lines().next().unwrap_or("");
    format!("{} in {}: {first} (seed {seed})\n{}", f.kind, f.operation, f.code)
}

/// The entries of a file: the non-comment lines from a `call` line to an `end` line.
fn entries(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if current.is_none() && line.starts_with("call ") {
            current = Some(String::new());
        }
        if let Some(entry) = current.as_mut().filter(|_| !line.starts_with('#')) {
            entry.push_str(line);
            entry.push('\n');
        }
        if line.trim_end() == "end" {
            out.extend(current.take());
        }
    }
    out
}

/// A sequence as text: `call <path>` lines with indented arguments, then `end`.
pub(crate) fn encode(world: &World<'_>, seq: &Sequence) -> String {
    let mut out = String::new();
    for call in &seq.calls {
        let op = world.ops[call.op as usize].op;
        let _ = writeln!(out, "call {}", op.path);
        for arg in &call.args {
            match arg {
                Operand::Var { var, mode } => {
                    let mode = match mode {
                        Mode::Ref => "ref",
                        Mode::Mut => "mut",
                        Mode::Move => "move",
                        Mode::Clone => "clone",
                    };
                    let _ = writeln!(out, "  var {var} {mode}");
                }
                Operand::Seed(s) => {
                    let _ = writeln!(out, "  seed {}", world.seeds[*s as usize].literal);
                }
                Operand::SeedVec { elems, .. } => {
                    let _ = writeln!(out, "  vec {}", elems.len());
                    for e in elems.iter() {
                        let _ = writeln!(out, "    seed {}", world.seeds[*e as usize].literal);
                    }
                }
            }
        }
    }
    out.push_str("end\n");
    out
}

/// Parses an entry back into a sequence of this world's operations and seeds.
pub(crate) fn decode(world: &World<'_>, entry: &str) -> Result<Sequence, String> {
    let mut seq = Sequence::default();
    let mut lines = entry.lines().filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')).peekable();
    while let Some(line) = lines.next() {
        let line = line.trim_end();
        if line == "end" {
            break;
        }
        let path = line.strip_prefix("call ").ok_or_else(|| format!("expected `call`, found `{line}`"))?;
        let op = world.ops.iter().position(|o| o.op.path == path).ok_or_else(|| format!("no operation `{path}`"))?;
        let params = &world.ops[op].op.spec.params;
        let mut args = Vec::with_capacity(params.len());
        for p in params {
            let line = lines.next().ok_or_else(|| format!("`{path}` is missing arguments"))?.trim();
            let seed = |text: &str, ty| {
                let seeds = world.seeds_by_type.get(&ty).map_or(&[][..], Vec::as_slice);
                seeds
                    .iter()
                    .copied()
                    .find(|s| world.seeds[*s as usize].literal == text)
                    .ok_or_else(|| format!("no seed `{text}` for `{}`", world.reg.desc(ty).name))
            };
            let arg = if let Some(rest) = line.strip_prefix("var ") {
                let (var, mode) = rest.split_once(' ').ok_or("a `var` needs an index and a mode")?;
                let var: u32 = var.parse().map_err(|_| format!("bad variable `{var}`"))?;
                let mode = match mode {
                    "ref" => Mode::Ref,
                    "mut" => Mode::Mut,
                    "move" => Mode::Move,
                    "clone" => Mode::Clone,
                    other => return Err(format!("bad mode `{other}`")),
                };
                Operand::Var { var, mode }
            } else if let Some(text) = line.strip_prefix("seed ") {
                Operand::Seed(seed(text, p.ty)?)
            } else if let Some(n) = line.strip_prefix("vec ") {
                let n: usize = n.parse().map_err(|_| format!("bad length `{n}`"))?;
                let builder = *world.vec_by_type.get(&p.ty).ok_or("no way to build this vector")?;
                let elem = world.vecs[builder as usize].elem;
                let mut elems = Vec::with_capacity(n);
                for _ in 0..n {
                    let line = lines.next().ok_or("a vector is missing elements")?.trim();
                    let text = line.strip_prefix("seed ").ok_or_else(|| format!("expected `seed`, found `{line}`"))?;
                    elems.push(seed(text, elem)?);
                }
                Operand::SeedVec { builder, elems: Box::new(elems) }
            } else {
                return Err(format!("expected an argument, found `{line}`"));
            };
            args.push(arg);
        }
        seq.calls.push(Call { op: op as u32, args });
    }
    seq.check_ownership()?;
    Ok(seq)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{pool_sequences, wallet_world};

    #[test]
    fn entries_skip_comments_and_text_around_them() {
        let text = "# header\n\n# panics: call me maybe\n#     x.call();\ncall a::B::new\nend\n\n# two\ncall a::B::f\n  var 0 mut\nend\n";
        assert_eq!(
            entries(text),
            vec!["call a::B::new\nend\n".to_string(), "call a::B::f\n  var 0 mut\nend\n".to_string()]
        );
    }

    #[test]
    fn every_generated_sequence_survives_a_round_trip() {
        let world = wallet_world();
        let seqs = pool_sequences(&world, 1_000);
        assert!(seqs.len() > 100);
        for seq in seqs {
            let text = encode(&world, &seq);
            assert_eq!(decode(&world, &text).as_ref(), Ok(&seq), "{text}");
        }
    }

    #[test]
    fn entries_that_no_longer_match_are_reported_not_replayed() {
        let world = wallet_world();
        let path = "drt::fixtures::Wallet";
        assert_eq!(decode(&world, "call nope::Gone::f\nend\n"), Err("no operation `nope::Gone::f`".to_string()));
        let unknown_seed = format!("call {path}::issue\n  seed 424242\nend\n");
        assert_eq!(decode(&world, &unknown_seed), Err("no seed `424242` for `u32`".to_string()));
        let moved_twice = format!("call {path}::new\ncall {path}::merged\n  var 0 move\n  var 0 ref\nend\n");
        assert_eq!(decode(&world, &moved_twice), Err("call 1 uses variable 0 twice".to_string()));
    }

    #[test]
    fn io_problems_are_warnings() {
        let world = wallet_world();
        let store = Store::new(Path::new("/proc/drt-cannot-write-here"), &["x"]);
        store.save(&world, &[("comment".into(), &Sequence::default())]);
        assert!(store.load(&world).is_empty());
    }

    #[test]
    fn saving_appends_new_entries_once() {
        let world = wallet_world();
        let dir = std::env::temp_dir().join(format!("drt-persist-test-{}", std::process::id()));
        let store = Store::new(&dir, &["wallet"]);
        let seqs = pool_sequences(&world, 50);
        store.save(&world, &[("first\nsecond line".into(), &seqs[3])]);
        store.save(&world, &[("again".into(), &seqs[3]), ("other".into(), &seqs[4])]);
        let text = std::fs::read_to_string(store.path()).unwrap();
        assert!(text.starts_with(HEADER), "{text}");
        assert!(text.contains("\n# first\n# second line\ncall "), "{text}");
        assert!(!text.contains("# again"), "{text}");
        assert_eq!(store.load(&world), vec![seqs[3].clone(), seqs[4].clone()]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn file_names_are_safe() {
        let store = Store::new(Path::new("/x"), &["my_crate::Stack<u8>", "my_crate::Other"]);
        assert_eq!(store.path(), Path::new("/x/drt-regressions/my_crate__Stack_u8_+my_crate__Other.txt"));
    }
}
