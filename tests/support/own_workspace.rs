//! Runs the tests of a workspace of its own inside this repository (the
//! corpus, the real-bug benchmark), which build published crates.

use std::process::Command;

/// Runs `cargo test --release --workspace` in the workspace of this
/// repository's `dir`, and asserts it passed (`what` names it).
pub fn tests_pass(dir: &str, what: &str) {
    let manifest = format!("{}/{dir}/Cargo.toml", env!("CARGO_MANIFEST_DIR"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut command = Command::new(cargo);
    command.args(["test", "--release", "--workspace", "--manifest-path", &manifest]);
    // Its tests assert what fixed seeds and budgets find: a `DRT_SEED`,
    // `DRT_TIME_LIMIT` or `DRT_MAX_SEQUENCES` meant for this run's own
    // explorations must not reach them.
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("DRT_") {
            command.env_remove(name);
        }
    }
    let status = command.status().expect("cargo runs");
    assert!(status.success(), "{what} failed: cargo test --release --workspace --manifest-path {manifest}");
}
