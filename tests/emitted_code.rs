//! Every failure drt reports for drt-examples is a `#[test]` that compiles
//! as-is in another crate (the way a user pastes it into `tests/`) and fails
//! the same way: with the same panic message, or, for a broken contract or
//! invariant, at the assertion drt wrote for it. Both the failing tests and
//! the regression suites pass clippy with warnings denied.

use std::path::{Path, PathBuf};
use std::process::Command;

use drt::FailureKind;
use drt_examples::{
    bank, batch, bitpack, bitset, blob, bugfree, bytes, cache, calendar, carousel, checksum, chunked, deque, edge,
    fifo, histogram, history, inline_stack, journal, ledger, limiter, lines, lru, money, ordered, outbox, permissions,
    playlist, queue, raster, recent, retry, ring, route, scratch, seats, settings, span, sparse, stock, store, tags,
    tally, tasks, text, timeline, username, version, wallet, wide,
};

fn failures() -> Vec<drt::Failure> {
    let reports = [
        // Divergences from a std reference and from a user's model: both
        // sides run. First: a child process learns a std reference's
        // methods from the test's first exploration.
        drt::explore::<ordered::OrderedSet>()
            .against::<std::collections::BTreeSet<u32>>()
            .seed(7)
            .max_sequences(20_000)
            .report(),
        drt::explore::<tasks::TaskQueue>().against::<tasks::QueueModel>().seed(7).max_sequences(20_000).report(),
        // Two `Result`s of one error type, compared whole, errors and all.
        drt::explore::<seats::Seats>().against::<seats::SeatsModel>().seed(7).max_sequences(20_000).report(),
        // A map's entries as pairs of borrows, copied on both sides (in this
        // process: the first exploration named another std reference).
        drt::explore::<timeline::Timeline>()
            .against::<std::collections::BTreeMap<u32, u32>>()
            .seed(7)
            .max_sequences(20_000)
            .report(),
        // Numbers against std's integer of their width, compared as text.
        drt::explore::<wide::U128>().against::<u128>().seed(7).max_sequences(20_000).report(),
        // A postcondition, asserted over `result`, `old` and a parameter.
        drt::explore::<cache::RecentCache>().seed(7).max_sequences(20_000).report(),
        drt::explore::<ring::RingBuffer>().seed(7).max_sequences(20_000).report(),
        drt::explore::<bank::Account>().seed(7).max_sequences(20_000).report(),
        // Equal values hashed apart by a hasher that keeps each write apart.
        drt::explore::<recent::RecentBytes>().seed(7).max_sequences(20_000).report(),
        drt::explore::<inline_stack::InlineStack>().seed(7).max_sequences(20_000).report(),
        drt::explore::<histogram::Histogram>().seed(7).max_sequences(20_000).report(),
        drt::explore::<username::Username>().seed(7).max_sequences(20_000).report(),
        drt::explore::<version::Version>().seed(7).max_sequences(20_000).report(),
        drt::explore::<playlist::Playlist>().seed(7).max_sequences(20_000).report(),
        drt::explore::<ledger::Ledger>().seed(7).max_sequences(20_000).report(),
        // Generic instances, operators, `FromStr`, ranges, tuples and vectors of pool values.
        drt::explore::<lru::LruCache<u8, u16>>().seed(7).max_sequences(20_000).report(),
        drt::explore::<lru::LruCache<String, i32>>().seed(7).max_sequences(20_000).report(),
        drt::explore::<money::Money>().seed(7).max_sequences(20_000).report(),
        drt::explore::<text::TextBuffer>().seed(7).max_sequences(20_000).report(),
        // A generator's values and a returned iterator.
        drt::explore::<route::Route>().seed(7).max_sequences(20_000).report(),
        // A parse of the text `Display` wrote.
        drt::explore::<span::Span>().seed(7).max_sequences(20_000).report(),
        // Laws: assertions of std's conventions, on a clone where they pop.
        drt::explore::<sparse::SparseSet>().seed(7).max_sequences(20_000).report(),
        drt::explore::<queue::RingQueue>().seed(7).max_sequences(20_000).report(),
        drt::explore::<tally::Tally>().seed(7).max_sequences(20_000).report(),
        drt::explore::<history::History>().seed(7).max_sequences(20_000).report(),
        drt::explore::<bitset::BitSet>().seed(7).max_sequences(20_000).report(),
        drt::explore::<settings::Settings>().seed(7).max_sequences(20_000).report(),
        drt::explore::<outbox::Outbox>().seed(7).max_sequences(20_000).report(),
        drt::explore::<carousel::Carousel>().seed(7).max_sequences(20_000).report(),
        drt::explore::<permissions::Permissions>().seed(7).max_sequences(20_000).report(),
        drt::explore::<store::Store>().seed(7).max_sequences(20_000).report(),
        // A use after free, seen by valgrind's memcheck: its test runs the calls under valgrind.
        drt::explore::<bytes::ByteBuf>().seed(7).max_sequences(300).memcheck(true).report(),
        // Bytes never written, read by the `==` drt checks: its test runs that check too.
        drt::explore::<scratch::Scratch>().seed(7).max_sequences(100).memcheck(true).report(),
        // A write one byte past a ring's block.
        drt::explore::<fifo::Fifo>().seed(7).max_sequences(100).memcheck(true).report(),
        // A double free of a block a clone shares: its test runs drt's clone too.
        drt::explore::<blob::Blob>().seed(7).max_sequences(50).memcheck(true).report(),
        // Values too large to print, kept and cloned for reuse.
        drt::explore::<raster::Raster>().seed(7).max_sequences(20_000).report(),
        // A dozen calls in order, a vector of drawn numbers, a drawn bit width.
        drt::explore::<deque::BoundedDeque>().seed(7).max_sequences(20_000).report(),
        drt::explore::<chunked::ChunkedSet>().seed(7).max_sequences(20_000).report(),
        drt::explore::<bitpack::BitPacker>().seed(7).max_sequences(20_000).report(),
        // Two values made by two sequences.
        drt::explore::<tags::TagSet>().seed(7).max_sequences(20_000).report(),
        // An iterator argument whose size hint is only an upper bound.
        drt::explore::<batch::Batch>().seed(7).max_sequences(20_000).report(),
        // A parameterized test on a marker type.
        drt::explore::<wallet::WalletLaws>().seed(7).max_sequences(20_000).report(),
        // A mock of a trait, boxed.
        drt::explore::<limiter::RateLimiter>().seed(7).max_sequences(20_000).report(),
        // A writer with room for a few bytes, and an invariant.
        drt::explore::<journal::Journal>().seed(7).max_sequences(20_000).report(),
        // A closure of drt's answers.
        drt::explore::<retry::Backoff>().seed(7).max_sequences(20_000).report(),
        // Readers in two pieces, and an `io::Result` compared through its alias.
        drt::explore::<lines::LineCounter>().against::<lines::LineModel>().seed(7).max_sequences(20_000).report(),
        // A closure of drt's panicking on cue, the test going on after it.
        drt::explore::<stock::Stock>().seed(7).max_sequences(20_000).report(),
        // A mock answering `Ok` and `Err`.
        drt::explore::<edge::EdgeCache>().seed(7).max_sequences(20_000).report(),
        // A reader of drt's, interrupted.
        drt::explore::<checksum::Checksum>()
            .against::<checksum::ChecksumModel>()
            .seed(7)
            .max_sequences(20_000)
            .report(),
    ];
    reports.into_iter().flat_map(|r| r.failures).collect()
}

/// A crate depending on drt-examples (and on drt for its tests, as a user's
/// crate does), with the emitted tests in `tests/generated.rs`,
/// each wrapped in its own module so equal test names cannot clash.
fn scratch_crate(failures: &[drt::Failure]) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("drt-emitted");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    let manifest = format!(
        "[package]\nname = \"drt-emitted\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\ndrt-examples = {{ path = {:?} }}\n\n\
         [dev-dependencies]\ndrt = {{ path = {:?}, package = \"drt-runtime\" }}\n\n[workspace]\n\n\
         [profile.dev]\noverflow-checks = true\n",
        root.join("drt-examples"),
        root.join("drt-runtime")
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    // The workspace's lock file pins the same versions, so --offline works.
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    std::fs::write(dir.join("src/lib.rs"), "").unwrap();
    let mut tests = String::new();
    for (i, f) in failures.iter().enumerate() {
        tests.push_str(&format!("mod f{i} {{\n{}}}\n\n", f.code));
    }
    if !failures.is_empty() {
        std::fs::write(dir.join("tests/generated.rs"), tests).unwrap();
    }
    dir
}

/// The panic message of each failed test in libtest's output, by test
/// name: its last panic's (a test may catch a panic it means, first).
fn panics_by_test(stdout: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for section in stdout.split("---- ").skip(1) {
        let name = section.split_whitespace().next().unwrap_or("").to_string();
        let lines: Vec<&str> = section.lines().collect();
        let last = lines.iter().rposition(|l| l.contains("panicked at"));
        let message = last.and_then(|at| lines.get(at + 1)).unwrap_or(&"").to_string();
        out.push((name, message));
    }
    out
}

/// Runs one test target of the scratch crate: (stdout, stderr).
fn cargo_test(dir: &Path, target: &str) -> (String, String) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["test", "--offline", "--test", target, "--", "--test-threads=1"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .expect("run cargo");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!stderr.contains("error["), "{target} does not compile:\n{stderr}");
    assert!(!stderr.contains("warning"), "{target} compiles with warnings:\n{stderr}");
    (stdout, stderr)
}

/// Runs clippy with warnings denied on one test target of the scratch crate,
/// as a user's CI would after the tests are pasted; skipped (saying so) when
/// the toolchain has no clippy.
fn cargo_clippy(dir: &Path, target: &str) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let has_clippy = Command::new(&cargo).args(["clippy", "--version"]).output().is_ok_and(|o| o.status.success());
    if !has_clippy {
        eprintln!("clippy is not installed: the lint check of {target} is skipped");
        return;
    }
    let output = Command::new(cargo)
        .args(["clippy", "--offline", "--test", target, "--", "-D", "warnings"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .expect("run cargo clippy");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{target} is not clippy-clean:\n{stderr}");
}

/// Writes the regression tests of the example types, each into its own module.
fn regression_suite(dir: &Path) -> String {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("drt-regression-files");
    let write = |name: &str, explorer: drt::Explorer| {
        let path = scratch.join(format!("{name}.rs"));
        // A file there is never overwritten: this run writes its own.
        let _ = std::fs::remove_file(&path);
        explorer
            .seed(3)
            .max_sequences(3_000)
            .emit_regression_tests(&path)
            .update_regression_tests(drt::Update::New)
            .report();
        let text = std::fs::read_to_string(&path).expect("regression tests were written");
        (name.to_string(), text)
    };
    let files = [
        write("sorted_set", drt::explore::<bugfree::SortedSet>()),
        write("account", drt::explore::<bank::Account>()),
        write("playlist", drt::explore::<playlist::Playlist>()),
        write("username", drt::explore::<username::Username>()),
        write("ring", drt::explore::<ring::RingBuffer>()),
        write("money", drt::explore::<money::Money>()),
        write("lru", drt::explore::<lru::LruCache<String, i32>>()),
        write("text", drt::explore::<text::TextBuffer>()),
        write("route", drt::explore::<route::Route>()),
        write("span", drt::explore::<span::Span>()),
        // Every built-in builder: ranges, options, tuples, arrays, maps, sets, queues.
        write("calendar", drt::explore::<calendar::Calendar>()),
    ];
    // The same seed and budget write the same file.
    assert_eq!(write("sorted_set", drt::explore::<bugfree::SortedSet>()).1, files[0].1);
    let mut all = String::new();
    for (name, text) in &files {
        all.push_str(&format!("mod {name} {{\n{text}}}\n\n"));
    }
    std::fs::write(dir.join("tests/regressions.rs"), &all).unwrap();
    all
}

#[test]
fn regression_tests_compile_and_pass() {
    let dir = scratch_crate(&[]);
    let all = regression_suite(&dir);
    let tests = all.matches("#[test]").count();
    // SortedSet alone has 16 operations; every one that ran normally has a test.
    assert!(tests >= 16 + 5, "only {tests} regression tests:\n{all}");
    assert!(all.contains("assert_eq!(format!(\"{:?}\", sorted_set), \"SortedSet { items: ["), "{all}");
    let (stdout, _) = cargo_test(&dir, "regressions");
    cargo_clippy(&dir, "regressions");
    assert!(stdout.contains(&format!("test result: ok. {tests} passed; 0 failed")), "{stdout}");
}

/// A regression suite `cargo fmt` laid out again (here rustfmt with a
/// narrower width) is the same suite: the run that wrote it finds it up
/// to date, and leaves it as it is.
#[test]
fn a_regression_suite_laid_out_again_is_up_to_date() {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("drt-regression-relaid/sorted_set.rs");
    let _ = std::fs::remove_file(&path);
    let run = |update| {
        // In this process: a child would run this test from the top again.
        let explorer = drt::explore::<bugfree::SortedSet>().seed(3).max_sequences(500);
        let explorer = explorer.isolation(drt::Isolation::InProcess);
        explorer.emit_regression_tests(&path).update_regression_tests(update).report()
    };
    run(drt::Update::New);
    let written = std::fs::read_to_string(&path).expect("regression tests were written");
    let relaid = Command::new("rustfmt").args(["--config", "max_width=50", "--edition", "2021"]).arg(&path).status();
    if !relaid.is_ok_and(|s| s.success()) {
        eprintln!("rustfmt is not installed: the test is skipped");
        return;
    }
    let relaid = std::fs::read_to_string(&path).unwrap();
    assert_ne!(relaid, written, "rustfmt laid it out again");
    let report = run(drt::Update::No);
    assert!(report.stats.warnings.is_empty(), "{:?}", report.stats.warnings);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), relaid, "left as it is");
}

/// How a broken law's message says that its check panicked.
const PANICKED: &str = "checking it panicked: ";

#[test]
fn emitted_tests_compile_and_fail_the_same_way() {
    let failures = failures();
    // One planted bug per example type, two in Money and in the tally
    // (two laws its bug breaks); Raster's is met by
    // every operation reading the view's rows, each its own failure; the
    // task queue's shows in `pop` and in `peek`, the line counter's in three
    // of what it returns, the rate limiter's in both methods refilling, the
    // 128-bit integer's in `overflowing_sub` and the `checked_sub` built on it.
    let (raster, others): (Vec<_>, Vec<_>) = failures.iter().partition(|f| f.operation.starts_with("Raster::"));
    assert_eq!(others.len(), 55, "{failures:#?}");
    assert!(raster.len() >= 4 && raster.iter().all(|f| f.message.contains("out of range for slice")), "{raster:#?}");
    let dir = scratch_crate(&failures);
    let (stdout, _) = cargo_test(&dir, "generated");
    cargo_clippy(&dir, "generated");
    assert!(stdout.contains(&format!("0 passed; {} failed", failures.len())), "every test must fail:\n{stdout}");
    let panics = panics_by_test(&stdout);
    for (i, f) in failures.iter().enumerate() {
        let prefix = format!("f{i}::");
        let (name, message) = panics
            .iter()
            .find(|(name, _)| name.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no failure output for {prefix}:\n{stdout}"));
        match f.kind {
            // The first line: libtest's output is read line by line (an
            // `assert_eq!` says `left` and `right` on lines of their own).
            FailureKind::Panic => {
                let first = f.message.lines().next().unwrap_or("");
                assert_eq!(message, first, "{name} failed differently than drt reported:\n{}", f.code)
            }
            // A law whose check panicked (a parse of what `Display` wrote):
            // the test panics there too.
            FailureKind::Law if f.message.contains(PANICKED) => {
                let said = f.message.split(PANICKED).nth(1).and_then(|m| m.split(", with x = ").next());
                assert_eq!(Some(message.as_str()), said, "{name} failed differently than drt reported:\n{}", f.code)
            }
            // Run under valgrind by `drt::memcheck::run`, which says what memcheck saw.
            FailureKind::Memory => {
                let first = f.message.lines().next().unwrap_or("");
                assert_eq!(message, &format!("drt: memcheck: {first}"), "{name} failed differently:\n{}", f.code)
            }
            // drt's assertions all say what "must" hold.
            _ => assert!(message.contains("must"), "{name} did not fail at drt's assertion: {message}\n{}", f.code),
        }
    }
}
