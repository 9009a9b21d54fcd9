//! References for differential testing (`.against::<M>()`): the marker
//! trait, implemented by `#[drt::operations]` for a type with a
//! constructor, and by drt itself for std's collections (their methods are
//! registered in `differential::catalogue`).

use super::registration::Registrar;

/// A type the types under test can be explored against
/// ([`Explorer::against`](crate::Explorer::against)): every sequence runs on
/// a value of it too, and the paired calls' results must agree.
///
/// `#[drt::operations]` implements it for a type whose inherent annotated
/// impl block has a constructor (an associated function returning `Self`),
/// and drt implements it for std's `Vec`, `VecDeque`, `BTreeMap`,
/// `BTreeSet`, `HashMap`, `HashSet`, `BinaryHeap` and `String`, and for
/// std's integers (`u8`...`u128`, `i8`...`i128`, `usize`, `isize`),
/// registering their methods itself.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a reference for drt",
    label = "not a reference",
    note = "a reference is a std collection (Vec, VecDeque, BTreeMap, BTreeSet, HashMap, HashSet, BinaryHeap, String), \
            one of std's integers, or a type with a constructor in an inherent #[drt::operations] impl block",
    note = "a block under #[cfg_attr(test, drt::operations)] is compiled for the crate's unit tests only, not for \
            those in tests/"
)]
pub trait Reference: 'static {
    /// Not public API. Registers the operations drt knows the type by,
    /// when no `#[drt::operations]` block does.
    #[doc(hidden)]
    fn register(_: &mut Registrar) {}
}
