//! Not public API. Capability detection by autoref specialization: for a
//! concrete `T`, `(&&Probe::<T>::new()).drt_clone()` resolves to the `*Yes`
//! impl (on `&Probe<T>`) when `T: Clone`, else to the `*No` impl (on
//! `Probe<T>`), which needs one more auto-deref.

use std::any::Any;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

use super::spec::OperationSpec;
use super::type_desc::{CloneFn, CmpFn, DefaultFn, EqFn, FmtFn, HashFn, PartialCmpFn, PartsFn};

/// Not public API. Zero-sized stand-in for a type under inspection (an
/// unsized one too, a crate's own slice type, which has no capability).
pub struct Probe<T: ?Sized>(PhantomData<fn(&T)>);

impl<T: ?Sized> Probe<T> {
    /// Not public API.
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        Probe(PhantomData)
    }

    /// Not public API. The probe of a value's type.
    pub fn of(_: &T) -> Self {
        Probe(PhantomData)
    }
}

impl<T> Probe<T> {
    /// Not public API. The probe of a slice's element type.
    pub fn of_slice(_: &[T]) -> Self {
        Probe(PhantomData)
    }
}

fn cast<T: 'static>(v: &dyn Any) -> &T {
    v.downcast_ref::<T>().expect("drt: value of unexpected type (bug in drt)")
}

macro_rules! capability {
    ($yes:ident, $no:ident, $method:ident, $out:ty, [$($bound:tt)+], $found:expr, $missing:expr) => {
        /// Not public API.
        pub trait $yes {
            /// Not public API.
            fn $method(&self) -> $out;
        }
        impl<T: $($bound)+ + 'static> $yes for &Probe<T> {
            fn $method(&self) -> $out {
                $found
            }
        }
        /// Not public API.
        pub trait $no {
            /// Not public API.
            fn $method(&self) -> $out;
        }
        impl<T: ?Sized> $no for Probe<T> {
            fn $method(&self) -> $out {
                $missing
            }
        }
    };
}

fn clone_of<T: Clone + 'static>() -> Option<CloneFn> {
    Some(|v| crate::value::Value::new(cast::<T>(v).clone()))
}
fn debug_of<T: fmt::Debug + 'static>() -> Option<FmtFn> {
    Some(|v, f| fmt::Debug::fmt(cast::<T>(v), f))
}
fn display_of<T: fmt::Display + 'static>() -> Option<FmtFn> {
    Some(|v, f| fmt::Display::fmt(cast::<T>(v), f))
}
fn partial_eq_of<T: PartialEq + 'static>() -> Option<EqFn> {
    Some(|a, b| cast::<T>(a) == cast::<T>(b))
}
fn hash_of<T: Hash + 'static>() -> Option<HashFn> {
    Some(|v| {
        let mut h = rustc_hash::FxHasher::default();
        cast::<T>(v).hash(&mut h);
        h.finish()
    })
}
fn partial_cmp_of<T: PartialOrd + 'static>() -> Option<PartialCmpFn> {
    Some(|a, b| cast::<T>(a).partial_cmp(cast::<T>(b)))
}
fn cmp_of<T: Ord + 'static>() -> Option<CmpFn> {
    Some(|a, b| cast::<T>(a).cmp(cast::<T>(b)))
}
fn default_of<T: Default + 'static>() -> Option<DefaultFn> {
    Some(|| crate::value::Value::new(T::default()))
}

capability!(CloneYes, CloneNo, drt_clone, Option<CloneFn>, [Clone], clone_of::<T>(), None);
capability!(CopyYes, CopyNo, drt_copy, bool, [Copy], true, false);
capability!(DebugYes, DebugNo, drt_debug, Option<FmtFn>, [fmt::Debug], debug_of::<T>(), None);
capability!(DisplayYes, DisplayNo, drt_display, Option<FmtFn>, [fmt::Display], display_of::<T>(), None);
capability!(PartialEqYes, PartialEqNo, drt_partial_eq, Option<EqFn>, [PartialEq], partial_eq_of::<T>(), None);
capability!(EqYes, EqNo, drt_eq, bool, [Eq], true, false);
capability!(HashYes, HashNo, drt_hash, Option<HashFn>, [Hash], hash_of::<T>(), None);
capability!(
    PartialOrdYes,
    PartialOrdNo,
    drt_partial_cmp,
    Option<PartialCmpFn>,
    [PartialOrd],
    partial_cmp_of::<T>(),
    None
);
capability!(OrdYes, OrdNo, drt_cmp, Option<CmpFn>, [Ord], cmp_of::<T>(), None);
capability!(DefaultYes, DefaultNo, drt_default, Option<DefaultFn>, [Default], default_of::<T>(), None);
capability!(TextYes, TextNo, drt_text, Vec<OperationSpec>, [fmt::Display], super::builders::text::<T>(), Vec::new());

/// Not public API. An owned copy of a borrowed return `&T` for the pool,
/// when `T` is `Clone` (`LendYes`); nothing otherwise (`LendNo`), an
/// unsized `T` (a crate's own slice type) included.
pub trait LendYes<T> {
    /// Not public API.
    fn drt_lend(&self, value: &T) -> super::call::Returned;
}
impl<T: Clone + 'static> LendYes<T> for &Probe<T> {
    fn drt_lend(&self, value: &T) -> super::call::Returned {
        super::call::Returned::Value(crate::value::Value::new(value.clone()))
    }
}
/// Not public API.
pub trait LendNo<T: ?Sized> {
    /// Not public API.
    fn drt_lend(&self, value: &T) -> super::call::Returned;
}
impl<T: ?Sized> LendNo<T> for Probe<T> {
    fn drt_lend(&self, _: &T) -> super::call::Returned {
        super::call::Returned::Nothing
    }
}

/// Not public API. The builders of an array `[T; N]` longer than eight
/// elements, filled with one value: `[x; N]` when `T: Copy` (`FillCopy`,
/// asked through `&&&`), `std::array::from_fn(|_| x.clone())` when `T:
/// Clone` (`FillClone`), none otherwise (`FillNo`).
pub trait FillCopy {
    /// Not public API.
    fn drt_fill(&self) -> Vec<OperationSpec>;
}
impl<T: Copy + 'static, const N: usize> FillCopy for &&Probe<[T; N]> {
    fn drt_fill(&self) -> Vec<OperationSpec> {
        super::builders::array_filled::<T, N>(true)
    }
}
/// Not public API.
pub trait FillClone {
    /// Not public API.
    fn drt_fill(&self) -> Vec<OperationSpec>;
}
impl<T: Clone + 'static, const N: usize> FillClone for &Probe<[T; N]> {
    fn drt_fill(&self) -> Vec<OperationSpec> {
        super::builders::array_filled::<T, N>(false)
    }
}
/// Not public API.
pub trait FillNo {
    /// Not public API.
    fn drt_fill(&self) -> Vec<OperationSpec>;
}
impl<T: ?Sized> FillNo for Probe<T> {
    fn drt_fill(&self) -> Vec<OperationSpec> {
        Vec::new()
    }
}

/// Not public API. `$body` with probe traits in scope: `probing!(probe {
/// CloneNo, CloneYes } (&&Probe::<T>::new()).drt_clone())`, the traits of
/// module `__private::probe` (or of `__private` itself, with no module).
/// The import names drt through `$crate`, so an expansion whose `crate =
/// "path"` names nothing has its one error at the path, as its other
/// `::drt` paths do: a `use` of its own would add a second.
#[doc(hidden)]
#[macro_export]
macro_rules! __probing {
    ({ $($tr:ident),* } $body:expr) => {{
        #[allow(unused_imports)]
        use $crate::__private::{$($tr as _),*};
        $body
    }};
    ($($module:ident)::+ { $($tr:ident),* } $body:expr) => {{
        #[allow(unused_imports)]
        use $crate::__private::$($module)::+::{$($tr as _),*};
        $body
    }};
}
pub use crate::__probing as probing;

/// Not public API. A pair `(A, B)`, whose parts drt reads: a pair of the
/// type under test and a `bool` (`overflowing_add`) is compared with a
/// reference's pair part by part.
pub trait Pair {
    /// Not public API.
    fn parts(&self) -> [&dyn Any; 2];
}
impl<A: 'static, B: 'static> Pair for (A, B) {
    fn parts(&self) -> [&dyn Any; 2] {
        [&self.0, &self.1]
    }
}

fn parts_of<T: Pair + 'static>() -> Option<PartsFn> {
    Some(|v| cast::<T>(v).parts())
}

capability!(PairYes, PairNo, drt_parts, Option<PartsFn>, [Pair], parts_of::<T>(), None);
