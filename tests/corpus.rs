//! The corpus (`corpus/`, its own workspace): forwarding newtypes over
//! published crates (smallvec, arrayvec, tinyvec, heapless, arraydeque,
//! indexmap, hashbrown, roaring, bytes, compact_str, slab, fixedbitset),
//! each explored by drt with a fixed seed and budget, against its std
//! counterpart where one exists. It shows what a user meets annotating a
//! real crate's API as written: what the macro accepts, what pairs with the
//! reference, and which reports are the crate's bugs and which drt's; its
//! README.md records them.

use std::process::Command;

/// Builds the corpus's published crates (a few minutes on two cores) and
/// runs its tests in release, as `cargo test --release` in `corpus/` does.
#[test]
#[ignore = "builds published crates: cargo test --test corpus -- --ignored"]
fn corpus_passes() {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/Cargo.toml");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut command = Command::new(cargo);
    command.args(["test", "--release", "--manifest-path", manifest]);
    // The corpus asserts what its fixed seeds and budgets find: a
    // `DRT_SEED`, `DRT_TIME_LIMIT` or `DRT_MAX_SEQUENCES` meant for this
    // run's own explorations must not reach it.
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("DRT_") {
            command.env_remove(name);
        }
    }
    let status = command.status().expect("cargo runs");
    assert!(status.success(), "the corpus failed: cargo test --release --manifest-path {manifest}");
}
