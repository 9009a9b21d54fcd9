//! The real-bug benchmark (`bugs/`, its own workspace): fixed bugs of
//! published crates at their buggy versions, each harnessed carefully and
//! as a bare forwarding newtype. Its tests show each version has its bug
//! (a plain reproduction) and that drt finds it through the careful
//! harness on a fixed seed and budget; `cargo bench -p drt-bugs-bench` in
//! `bugs/` times every bug over seeds (docs/BENCHMARKS.md).

#[path = "support/own_workspace.rs"]
mod own_workspace;

/// Builds the benchmark's published crates (a few minutes on two cores)
/// and runs its tests in release.
#[test]
#[ignore = "builds published crates: cargo test --test bugs -- --ignored"]
fn real_bugs_are_found() {
    own_workspace::tests_pass("bugs", "the real-bug benchmark's tests");
}
