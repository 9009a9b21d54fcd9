//! The corpus (`corpus/`, its own workspace): forwarding newtypes over
//! published crates (smallvec, arrayvec, tinyvec, heapless, arraydeque,
//! indexmap, hashbrown, roaring, bytes, compact_str, slab, fixedbitset),
//! each explored by drt with a fixed seed and budget, against its std
//! counterpart where one exists. It shows what a user meets annotating a
//! real crate's API as written: what the macro accepts, what pairs with the
//! reference, and which reports are the crate's bugs and which drt's; its
//! README.md records them.

#[path = "support/own_workspace.rs"]
mod own_workspace;

/// Builds the corpus's published crates (a few minutes on two cores) and
/// runs its tests in release, as `cargo test --release` in `corpus/` does.
#[test]
#[ignore = "builds published crates: cargo test --test corpus -- --ignored"]
fn corpus_passes() {
    own_workspace::tests_pass("corpus", "the corpus");
}
