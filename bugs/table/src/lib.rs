//! What the real-bug benchmark knows of each bug: where it was reported,
//! the two harnesses that explore it, and how to tell its report from any
//! other.

/// A fixed bug of a published crate, explored at the crate's buggy version.
pub struct Bug {
    /// A short name: `crate version: what goes wrong`.
    pub name: &'static str,
    /// The issue or pull request that reported or fixed it.
    pub source: &'static str,
    /// The exploration a careful user writes: a newtype that forwards the
    /// API, `requires` on size arguments, the crate's documented laws as
    /// checks. Seed, budget and search are the bench's to set.
    pub careful: fn() -> drt::Explorer,
    /// The exploration most users write first: a newtype whose methods
    /// forward the crate's one to one, no `requires`, no checks (at most
    /// `.against::<StdType>()` where std has a counterpart).
    pub bare: fn() -> drt::Explorer,
    /// Whether a failure drt reports is this bug (and not another report).
    pub is_it: fn(&drt::Failure) -> bool,
}
