//! The real-bug benchmark (`bugs/`, its own workspace): fixed bugs of
//! published crates at their buggy versions, each harnessed carefully and
//! as a bare forwarding newtype. Its tests show each version has its bug
//! (a plain reproduction) and that drt finds it through the careful
//! harness on a fixed seed and budget; `cargo bench -p drt-bugs-bench` in
//! `bugs/` times every bug over seeds (docs/BENCHMARKS.md).

use std::process::Command;

/// Builds the benchmark's published crates (a few minutes on two cores)
/// and runs its tests in release.
#[test]
#[ignore = "builds published crates: cargo test --test bugs -- --ignored"]
fn real_bugs_are_found() {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/bugs/Cargo.toml");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut command = Command::new(cargo);
    command.args(["test", "--release", "--workspace", "--manifest-path", manifest]);
    // Its tests assert what fixed seeds and budgets find: a `DRT_SEED`,
    // `DRT_TIME_LIMIT` or `DRT_MAX_SEQUENCES` meant for this run's own
    // explorations must not reach them.
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("DRT_") {
            command.env_remove(name);
        }
    }
    let status = command.status().expect("cargo runs");
    assert!(status.success(), "the real-bug benchmark's tests failed: cargo test --release --manifest-path {manifest}");
}
