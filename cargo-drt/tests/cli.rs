//! The command line as a user meets it, before any build.

use std::process::Command;

fn cargo_drt(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cargo-drt")).args(args).output().expect("cargo-drt runs")
}

#[test]
fn it_tells_its_version_as_cargo_passes_it_and_as_run_alone() {
    for args in [&["drt", "--version"][..], &["--version"], &["drt", "-V"]] {
        let out = cargo_drt(args);
        assert!(out.status.success(), "{args:?}: {out:?}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), format!("cargo-drt {}\n", env!("CARGO_PKG_VERSION")));
    }
}

#[test]
fn no_command_prints_the_usage_and_fails() {
    let out = cargo_drt(&["drt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("usage: cargo drt <command>"), "{out:?}");
}

/// `cargo drt fuzz` as a user meets it: in a package of their own with a
/// `drt` feature, it writes the fuzz crate, fuzzes the type with
/// libFuzzer on stable until a crash file lands where cargo-fuzz puts
/// them, says how to replay it, and replaying that file prints the test
/// and saves the failure where the type's exploration replays it.
/// libFuzzer is C++: skipped without a C++ compiler.
#[test]
fn fuzzing_a_type_finds_its_bug_and_a_crash_file_becomes_a_saved_failure() {
    if Command::new("c++").arg("--version").output().is_err() {
        eprintln!("no C++ compiler for libFuzzer: the test is skipped");
        return;
    }
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-tally");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let drt = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../drt-runtime");
    let manifest = format!(
        "[package]\nname = \"tally\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n\
         drt = {{ package = \"drt-runtime\", path = {:?}, optional = true }}\n\n[features]\ndrt = [\"dep:drt\"]\n\n\
         [[test]]\nname = \"explore\"\nrequired-features = [\"drt\"]\n\n[workspace]\n",
        drt.display().to_string()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    let source = "pub struct Tally { votes: Vec<(u8, u32)> }\n\n\
                  #[cfg_attr(feature = \"drt\", drt::operations)]\n\
                  impl Tally {\n\
                  \x20   pub fn new() -> Self { Tally { votes: Vec::new() } }\n\
                  \x20   pub fn vote(&mut self, who: u8) {\n\
                  \x20       match self.votes.iter_mut().find(|(c, _)| *c == who) {\n\
                  \x20           Some((_, n)) => *n += 1,\n\
                  \x20           None => self.votes.push((who, 1)),\n\
                  \x20       }\n\
                  \x20   }\n\
                  \x20   /// Leaves a candidate at 0 votes, and takes one more the next time.\n\
                  \x20   pub fn withdraw(&mut self, who: u8) {\n\
                  \x20       if let Some((_, n)) = self.votes.iter_mut().find(|(c, _)| *c == who) { *n -= 1 }\n\
                  \x20   }\n\
                  }\n";
    std::fs::write(dir.join("src/lib.rs"), source).unwrap();
    std::fs::create_dir_all(dir.join("tests")).unwrap();
    let explore = "#[test]\nfn tally() {\n    drt::explore::<tally::Tally>().max_sequences(0).run();\n}\n";
    std::fs::write(dir.join("tests/explore.rs"), explore).unwrap();
    // One target directory for every run of this test: libFuzzer builds once.
    let target = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-tally-target");
    let cargo_drt = |args: &[&str]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_cargo-drt"));
        command.arg("drt").args(args).current_dir(&dir).env("CARGO_TARGET_DIR", &target);
        command.env("RUST_BACKTRACE", "0").env_remove("RUSTC_WRAPPER").output().expect("cargo-drt runs")
    };
    let fuzzed = cargo_drt(&["fuzz", "Tally", "--", "-seed=1", "-runs=2000000"]);
    let stderr = String::from_utf8_lossy(&fuzzed.stderr);
    assert!(!fuzzed.status.success(), "the bug was found:\n{stderr}");
    assert!(dir.join("fuzz/fuzz_targets/tally.rs").exists(), "{stderr}");
    let artifacts = dir.join("fuzz/artifacts/tally");
    let crash = std::fs::read_dir(&artifacts)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("crash-")));
    let crash = crash.unwrap_or_else(|| panic!("no crash file in {}:\n{stderr}", artifacts.display()));
    assert!(stderr.contains("drt::fuzz found 1 failure in Tally"), "{stderr}");
    // libFuzzer's "deadly signal" is its last word on a panic too: the next step follows it.
    let next = format!(
        "\ncargo drt fuzz: to turn the crash into a test and a saved failure: cargo drt fuzz Tally {}\n",
        crash.strip_prefix(&dir).unwrap().display()
    );
    assert!(stderr.contains("deadly signal") && stderr.ends_with(&next[1..]), "{next}\n{stderr}");

    let replayed = cargo_drt(&["fuzz", "Tally", crash.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&replayed.stderr);
    assert!(stderr.contains("panic in Tally::withdraw: attempt to subtract with overflow"), "{stderr}");
    assert!(stderr.contains("fn tally_withdraw_panics() {"), "{stderr}");
    let saved = dir.join("drt-regressions/tally__Tally.txt");
    let runs_first = format!(
        "drt: saved in {}: the exploration of Tally runs it first (`cargo test --features drt`)",
        saved.display()
    );
    assert!(stderr.contains(&runs_first), "{stderr}");
    let text = std::fs::read_to_string(&saved).expect("the failure was saved");
    assert!(text.contains("call tally::Tally::withdraw"), "{text}");

    // The type's exploration replays it, and says how to again.
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut test = Command::new(cargo);
    test.args(["test", "--features", "drt", "--test", "explore"]).current_dir(&dir).env("CARGO_TARGET_DIR", &target);
    let tested = test.env_remove("RUSTC_WRAPPER").env_remove("DRT_SEED").output().expect("cargo test runs");
    let stdout = String::from_utf8_lossy(&tested.stdout);
    assert!(!tested.status.success(), "{stdout}");
    assert!(stdout.contains("panic in Tally::withdraw: attempt to subtract with overflow"), "{stdout}");
    assert!(stdout.contains("`cargo test -p tally --features drt tally` replays them"), "{stdout}");
}
