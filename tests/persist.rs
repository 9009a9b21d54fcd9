//! Persisted regressions: a failure found once is saved next to the crate's
//! Cargo.toml and replayed first on the next run.

#[path = "support/layout.rs"]
mod layout;
use std::path::PathBuf;

/// Overflows after a few increments of 64.
pub struct Dial(u8);

#[drt::operations]
impl Dial {
    pub fn new() -> Self {
        Dial(0)
    }
    pub fn turn(&mut self, by: u8) {
        self.0 += by.min(64);
    }
}

impl Default for Dial {
    fn default() -> Self {
        Dial::new()
    }
}

fn regression_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("drt-regressions/persist__Dial.txt")
}

#[test]
fn a_saved_failure_is_replayed_before_exploring() {
    let file = regression_file();
    let _ = std::fs::remove_file(&file);

    let first = drt::explore::<Dial>().seed(1).max_sequences(3_000).persist(true).report();
    assert_eq!(first.failures.len(), 1, "{first}");
    assert!(first.failures[0].sequences_before > 0);
    let text = std::fs::read_to_string(&file).expect("the failure was saved");
    assert!(text.starts_with("# drt regressions: call sequences that failed"), "{text}");
    assert!(text.contains("# panic in Dial::turn: attempt to add with overflow (seed 1)\n"), "{text}");
    assert!(text.contains("\ncall persist::Dial::new\ncall persist::Dial::turn\n  var 0 mut\n  seed "), "{text}");

    // Another seed and a budget of one sequence: only the replay can find it.
    // (In-process: a child process would re-run this test from the top,
    // including the remove_file above.)
    let second =
        drt::explore::<Dial>().seed(99).max_sequences(1).persist(true).isolation(drt::Isolation::InProcess).report();
    assert_eq!(second.failures.len(), 1, "{second}");
    assert_eq!(second.failures[0].sequences_before, 0);
    assert_eq!(second.failures[0].code, first.failures[0].code);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text, "an entry is saved once");

    // A budget of no sequences runs the saved failures only (DRT_MAX_SEQUENCES=0).
    let replay = drt::explore::<Dial>().max_sequences(0).persist(true).isolation(drt::Isolation::InProcess).report();
    assert_eq!(replay.failures.len(), 1, "{replay}");
    assert_eq!(replay.failures[0].code, first.failures[0].code);
    assert_eq!(replay.stats.sequences, 1);
    assert!(replay.stats.uncallable.is_empty(), "{:?}", replay.stats.uncallable);

    // Without persistence the file is neither read nor written.
    let third = drt::explore::<Dial>().seed(99).max_sequences(1).isolation(drt::Isolation::InProcess).report();
    assert!(third.failures.is_empty(), "{third}");
    std::fs::remove_file(&file).unwrap();
}

/// Never fails; nothing of it is ever saved.
pub struct Knob(u8);

#[drt::operations]
impl Knob {
    pub fn new() -> Self {
        Knob(0)
    }
    pub fn set(&mut self, to: u8) {
        self.0 = to;
    }
}

impl Default for Knob {
    fn default() -> Self {
        Knob::new()
    }
}

/// `DRT_MAX_SEQUENCES=0` with no saved failure: nothing to run, and the test
/// passes instead of complaining that nothing was tested.
#[test]
fn a_budget_of_no_sequences_passes_when_no_saved_failure_fails() {
    let saved = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("drt-regressions/persist__Knob.txt");
    assert!(!saved.exists());
    let only_saved = || drt::explore::<Knob>().max_sequences(0).isolation(drt::Isolation::InProcess);
    let report = only_saved().persist(true).report();
    assert!(report.failures.is_empty(), "{report}");
    assert_eq!(report.stats.sequences, 0);
    assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
    assert_eq!(
        report.stats.notes,
        ["max_sequences is 0: only the saved failing sequences ran (0 sequences); nothing was explored"]
    );
    let off = only_saved().persist(false).report();
    assert_eq!(off.stats.notes, ["max_sequences is 0 and saved failures are off (DRT_PERSIST): nothing ran"]);
    only_saved().run();
}

/// Never fails; its saved-failures file holds an entry for an operation it
/// no longer has.
pub struct Lamp(bool);

#[drt::operations]
impl Lamp {
    pub fn new() -> Self {
        Lamp(false)
    }
    pub fn toggle(&mut self) {
        self.0 = !self.0;
    }
}

impl Default for Lamp {
    fn default() -> Self {
        Lamp::new()
    }
}

/// A stale saved failure for `Lamp` in the crate directory the caller
/// chose, removed when dropped, however the test ends.
struct StaleLampEntry(PathBuf);

impl StaleLampEntry {
    /// The entry, when this process was started by [`run_lamp`] (the tests
    /// that need one are helpers, and do nothing when run directly: under
    /// `--ignored` or nextest they would race each other for the file).
    fn write() -> Option<StaleLampEntry> {
        std::env::var_os("DRT_TEST_LAMP")?;
        // Where drt looks for saved failures: the caller points it elsewhere.
        let crate_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap();
        let saved = PathBuf::from(crate_dir).join("drt-regressions/persist__Lamp.txt");
        std::fs::create_dir_all(saved.parent().unwrap()).unwrap();
        std::fs::write(&saved, "call persist::Lamp::dim\nend\n").unwrap();
        Some(StaleLampEntry(saved))
    }
}

impl Drop for StaleLampEntry {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

const STALE: &str =
    "persist__Lamp.txt: entry 1 no longer matches the code (no operation `persist::Lamp::dim`); it was skipped";

/// Explores `Lamp` in a child process with a stale saved failure.
#[test]
#[ignore = "run by a_childs_warnings_reach_the_parents_output"]
fn a_lamp_with_a_stale_saved_failure() {
    let Some(_entry) = StaleLampEntry::write() else { return };
    let report = drt::explore::<Lamp>().max_sequences(50).persist(true).isolation(drt::Isolation::Process).report();
    assert!(report.failures.is_empty(), "{report}");
    // The parent kept what the child warned of, for `DRT_STRICT` and the report.
    assert_eq!(report.stats.warnings.len(), 1, "{report:?}");
    assert!(report.stats.warnings[0].contains(STALE), "{report:?}");
}

/// Runs `Lamp`'s ignored test `name` in a process of its own, in a crate
/// directory of its own (so a direct run of the ignored test cannot race
/// it), with `env` set; its exit and stderr.
fn run_lamp(name: &str, env: &[(&str, &str)]) -> (bool, String) {
    let dir = std::env::temp_dir().join(format!("drt-lamp-{name}-{}", std::process::id()));
    let mut command = std::process::Command::new(std::env::current_exe().unwrap());
    command
        .args([name, "--exact", "--ignored", "--nocapture"])
        .env_remove("DRT_CHILD_DIR")
        .env_remove("DRT_STRICT")
        .env_remove("CI")
        .env("DRT_TEST_LAMP", "1")
        .env("CARGO_MANIFEST_DIR", &dir);
    for (k, v) in env {
        command.env(k, v);
    }
    let out = command.output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// A warning the child prints (here: a saved failure that no longer matches
/// the code) reaches the parent's output, once.
#[test]
fn a_childs_warnings_reach_the_parents_output() {
    let (passed, stderr) = run_lamp("a_lamp_with_a_stale_saved_failure", &[]);
    assert!(passed, "{stderr}");
    assert_eq!(stderr.matches("drt: warning: ").count(), 1, "{stderr}");
    assert!(stderr.contains(STALE), "{stderr}");
}

/// `run()` over a stale saved failure, in the isolation `DRT_ISOLATION` says.
#[test]
#[ignore = "run by a_stale_saved_failure_fails_the_test_in_ci"]
fn a_lamp_run_with_a_stale_saved_failure() {
    let Some(_entry) = StaleLampEntry::write() else { return };
    drt::explore::<Lamp>().max_sequences(50).run();
}

/// In CI (`CI` set, or `DRT_STRICT=1`) a saved failure that no longer runs
/// fails the test, in both isolation modes; elsewhere, and with
/// `DRT_STRICT=0`, it is a warning.
#[test]
fn a_stale_saved_failure_fails_the_test_in_ci() {
    let name = "a_lamp_run_with_a_stale_saved_failure";
    for isolation in ["process", "in-process"] {
        let (passed, stderr) = run_lamp(name, &[("CI", "true"), ("DRT_ISOLATION", isolation)]);
        assert!(!passed, "{isolation}: {stderr}");
        assert!(stderr.contains("drt: the exploration itself found no failures: Lamp: "), "{isolation}: {stderr}");
        assert!(stderr.contains("no failures, 1 warning (seed"), "{isolation}: {stderr}");
        assert!(stderr.contains(&format!("drt: warning: {}", std::env::temp_dir().display())), "{stderr}");
        assert!(stderr.contains(STALE), "{isolation}: {stderr}");
        let said = "drt: DRT_STRICT is on (it is whenever CI is set), so warnings about drt's files fail this test:\n\
                    drt: warning: ";
        assert!(stderr.contains(said), "{isolation}: {stderr}");
        let (passed, stderr) = run_lamp(name, &[("DRT_STRICT", "1"), ("DRT_ISOLATION", isolation)]);
        assert!(!passed && stderr.contains(said), "{isolation}: {stderr}");
        let (passed, stderr) = run_lamp(name, &[("CI", "true"), ("DRT_STRICT", "0"), ("DRT_ISOLATION", isolation)]);
        assert!(passed && stderr.contains(STALE), "{isolation}: {stderr}");
        let (passed, stderr) = run_lamp(name, &[("DRT_ISOLATION", isolation)]);
        assert!(passed && stderr.contains(STALE), "{isolation}: {stderr}");
    }
}

/// `run()` writing a regression suite into the crate directory `run_lamp`
/// gives it; says on stderr whether the file is there after.
#[test]
#[ignore = "run by ci_writes_no_regression_suite_unless_asked"]
fn a_lamp_run_writing_regression_tests() {
    let Some(dir) = std::env::var_os("DRT_TEST_LAMP").and(std::env::var_os("CARGO_MANIFEST_DIR")) else { return };
    let path = std::path::Path::new(&dir).join("tests").join("lamp.rs");
    drt::explore::<Lamp>().max_sequences(50).emit_regression_tests(&path).run();
    eprintln!("lamp regression tests written: {}", path.exists());
}

/// In CI a missing regression suite is not written, and fails the test;
/// `DRT_UPDATE=new` asks for it; elsewhere it is written.
#[test]
fn ci_writes_no_regression_suite_unless_asked() {
    let name = "a_lamp_run_writing_regression_tests";
    let (passed, stderr) = run_lamp(name, &[("CI", "true")]);
    assert!(!passed, "{stderr}");
    assert!(stderr.contains("lamp.rs does not exist, and nothing was written (in CI"), "{stderr}");
    assert!(!stderr.contains("lamp regression tests written"), "{stderr}");
    for env in [&[("CI", "true"), ("DRT_UPDATE", "new")][..], &[]] {
        let (passed, stderr) = run_lamp(name, env);
        assert!(passed && stderr.contains("lamp regression tests written: true"), "{env:?}: {stderr}");
    }
}

/// Refuses a name with three q's: no seed has one, so only a saved entry
/// holds such a string, as when the code that had the literal changed.
pub struct Roster;

#[drt::operations]
impl Roster {
    pub fn admit(name: &str) -> usize {
        assert!(
            name.chars().filter(|c| c.is_ascii_lowercase() && c.is_alphabetic() && *c > 'p' && *c < 'r').count() != 3
        );
        name.len()
    }
}

/// A saved entry whose string the seed table does not have (the
/// literals the code mined changed) still replays: the values are read
/// from their literals.
#[test]
fn a_saved_literal_the_code_no_longer_has_still_replays() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("drt-regressions/persist__Roster.txt");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, "format 1\n\n# saved by hand\ncall persist::Roster::admit\n  seed \"q\\tqq\"\nend\n")
        .unwrap();
    let replay = drt::explore::<Roster>().max_sequences(0).persist(true).report();
    assert_eq!(replay.failures.len(), 1, "{replay}");
    assert!(
        layout::holds(&replay.failures[0].code, r#"persist::Roster::admit("q\tqq")"#),
        "{}",
        replay.failures[0].code
    );
    assert!(replay.stats.warnings.is_empty(), "{:?}", replay.stats.warnings);
    std::fs::remove_file(&file).unwrap();
}

/// `run()` on a type that fails, saving its failure in the crate directory
/// `run_lamp` gives it.
#[test]
#[ignore = "run by the_saved_failures_line_tells_ci_to_keep_the_file"]
fn a_dial_run_that_fails() {
    if std::env::var_os("DRT_TEST_LAMP").is_none() {
        return;
    }
    drt::explore::<Dial>().seed(1).max_sequences(3_000).run();
}

/// In CI the saved failures are on a machine that goes away: the line
/// naming them says to keep the file; `DRT_STRICT` alone is no CI.
#[test]
fn the_saved_failures_line_tells_ci_to_keep_the_file() {
    let saved = "and run first next time: `cargo test -p drt-tests a_dial_run_that_fails` replays them";
    let (passed, stderr) = run_lamp("a_dial_run_that_fails", &[("CI", "true")]);
    assert!(!passed && stderr.contains(saved), "{stderr}");
    assert!(stderr.contains(" (in CI, keep the file as an artifact and copy it into your checkout)"), "{stderr}");
    let (passed, stderr) = run_lamp("a_dial_run_that_fails", &[("DRT_STRICT", "1")]);
    assert!(!passed && stderr.contains(saved), "{stderr}");
    assert!(!stderr.contains("artifact"), "strict, but no CI: {stderr}");
}

/// A ring whose `push` takes one more than its capacity (law `capacity`
/// breaks); `with_capacity` allocates what it is asked, so a huge one
/// aborts a child process (out of memory).
#[derive(Clone, Debug)]
pub struct Ring {
    buf: Vec<u32>,
    len: usize,
}

#[drt::operations]
impl Ring {
    pub fn with_capacity(capacity: usize) -> Ring {
        assert!(capacity > 0, "capacity must be positive");
        Ring { buf: vec![0; capacity], len: 0 }
    }

    pub fn push(&mut self, value: u32) -> bool {
        if self.len > self.buf.len() {
            return false;
        }
        let at = self.len % self.buf.len();
        self.buf[at] = value;
        self.len += 1;
        true
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn capacity(&self) -> usize {
        self.buf.len()
    }
}

/// A saved failure replays alone (`DRT_MAX_SEQUENCES=0`) and is reported,
/// though sequences generated to shorten it would draw a capacity that
/// aborts the child: a replayed failure is not shortened again (it was
/// when found), and no longer lost with the child (the test passed).
#[test]
fn a_saved_failure_is_reported_where_shortening_it_would_crash() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("drt-regressions/persist__Ring.txt");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    let entry = "call persist::Ring::with_capacity\n  seed 1\n";
    let push = "call persist::Ring::push\n  var 0 mut\n  seed 0\n";
    std::fs::write(&file, format!("format 1\n\n# saved by hand\n{entry}{push}{push}end\n")).unwrap();
    let replay = drt::explore::<Ring>().max_sequences(0).persist(true).report();
    assert_eq!(replay.failures.len(), 1, "{replay}");
    assert_eq!(replay.failures[0].kind, drt::FailureKind::Law, "{replay}");
    assert!(replay.stats.throttled.is_empty(), "nothing but the saved sequence ran: {replay}");
    std::fs::remove_file(&file).unwrap();
}
