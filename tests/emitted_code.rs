//! Every failure drt reports for drt-examples is a `#[test]` that compiles
//! as-is in another crate (the way a user pastes it into `tests/`) and fails
//! the same way: with the same panic message, or, for a broken contract or
//! invariant, at the assertion drt wrote for it.

use std::path::{Path, PathBuf};
use std::process::Command;

use drt::FailureKind;
use drt_examples::{bank, histogram, inline_stack, ledger, playlist, ring, username, version};

fn failures() -> Vec<drt::Failure> {
    let reports = [
        drt::explore::<ring::RingBuffer>().seed(7).max_sequences(20_000).report(),
        drt::explore::<bank::Account>().seed(7).max_sequences(20_000).report(),
        drt::explore::<inline_stack::InlineStack>().seed(7).max_sequences(20_000).report(),
        drt::explore::<histogram::Histogram>().seed(7).max_sequences(20_000).report(),
        drt::explore::<username::Username>().seed(7).max_sequences(20_000).report(),
        drt::explore::<version::Version>().seed(7).max_sequences(20_000).report(),
        drt::explore::<playlist::Playlist>().seed(7).max_sequences(20_000).report(),
        drt::explore::<ledger::Ledger>().seed(7).max_sequences(20_000).report(),
    ];
    reports.into_iter().flat_map(|r| r.failures).collect()
}

/// A crate depending on drt-examples, with the emitted tests in `tests/generated.rs`,
/// each wrapped in its own module so equal test names cannot clash.
fn scratch_crate(failures: &[drt::Failure]) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("drt-emitted");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    let manifest = format!(
        "[package]\nname = \"drt-emitted\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [dependencies]\ndrt-examples = {{ path = {:?} }}\n\n[workspace]\n\n\
         [profile.dev]\noverflow-checks = true\n",
        root.join("drt-examples")
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    // The workspace's lock file pins the same versions, so --offline works.
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    std::fs::write(dir.join("src/lib.rs"), "").unwrap();
    let mut tests = String::new();
    for (i, f) in failures.iter().enumerate() {
        tests.push_str(&format!("mod f{i} {{\n{}}}\n\n", f.code));
    }
    std::fs::write(dir.join("tests/generated.rs"), tests).unwrap();
    dir
}

/// The panic message of each failed test in libtest's output, by test name.
fn panics_by_test(stdout: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for section in stdout.split("---- ").skip(1) {
        let name = section.split_whitespace().next().unwrap_or("").to_string();
        let message = section.lines().skip_while(|l| !l.contains("panicked at")).nth(1).unwrap_or("").to_string();
        out.push((name, message));
    }
    out
}

#[test]
fn emitted_tests_compile_and_fail_the_same_way() {
    let failures = failures();
    assert_eq!(failures.len(), 8, "one planted bug per example type");
    let dir = scratch_crate(&failures);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["test", "--offline", "--test", "generated", "--", "--test-threads=1"])
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .env_remove("RUSTFLAGS")
        .output()
        .expect("run cargo");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("error["), "emitted tests do not compile:\n{stderr}");
    assert!(!stderr.contains("warning"), "emitted tests compile with warnings:\n{stderr}");
    assert!(stdout.contains(&format!("0 passed; {} failed", failures.len())), "every test must fail:\n{stdout}");
    let panics = panics_by_test(&stdout);
    for (i, f) in failures.iter().enumerate() {
        let prefix = format!("f{i}::");
        let (name, message) = panics
            .iter()
            .find(|(name, _)| name.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no failure output for {prefix}:\n{stdout}"));
        match f.kind {
            FailureKind::Panic => {
                assert_eq!(message, &f.message, "{name} failed differently than drt reported:\n{}", f.code)
            }
            // drt's assertions all say what "must" hold.
            _ => assert!(message.contains("must"), "{name} did not fail at drt's assertion: {message}\n{}", f.code),
        }
    }
}
