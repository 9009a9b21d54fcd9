//! Not public API. Values as the engine sees them: a [`Value`] plus a
//! [`TypeDesc`] saying what the concrete type can do, detected by autoref
//! specialization where the macro expands (the `probe` module and the
//! `type_desc!` macro), since only concrete types can be asked.

use std::any::{Any, TypeId};
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

use crate::value::Value;

/// Not public API. `Clone::clone` on an erased value.
pub type CloneFn = fn(&dyn Any) -> Value;
/// Not public API. `Debug::fmt` / `Display::fmt` on an erased value.
pub type FmtFn = fn(&dyn Any, &mut fmt::Formatter<'_>) -> fmt::Result;
/// Not public API. The two parts of a pair, borrowed.
pub type PartsFn = fn(&dyn Any) -> [&dyn Any; 2];
/// Not public API. `PartialEq::eq` on erased values.
pub type EqFn = fn(&dyn Any, &dyn Any) -> bool;
/// Not public API. A fixed-key hash of an erased value.
pub type HashFn = fn(&dyn Any) -> u64;
/// Not public API. `PartialOrd::partial_cmp` on erased values.
pub type PartialCmpFn = fn(&dyn Any, &dyn Any) -> Option<Ordering>;
/// Not public API. `Ord::cmp` on erased values.
pub type CmpFn = fn(&dyn Any, &dyn Any) -> Ordering;
/// Not public API. `Default::default`, erased.
pub type DefaultFn = fn() -> Value;

/// Not public API. What one concrete type can do, detected by the macro at
/// expansion time so the engine can clone, compare, hash and print values it
/// only sees as `dyn Any`.
#[derive(Clone, Copy)]
pub struct TypeDesc {
    /// `TypeId::of::<T>()`.
    pub id: TypeId,
    /// `std::any::type_name::<T>()`: the path used in rendered tests.
    pub name: &'static str,
    /// `Clone::clone`, when `T: Clone`.
    pub clone: Option<CloneFn>,
    /// Whether `T: Copy` (rendered tests pass such values without `.clone()`).
    pub copy: bool,
    /// `Debug::fmt`, when `T: Debug`.
    pub debug: Option<FmtFn>,
    /// `Display::fmt`, when `T: Display`.
    pub display: Option<FmtFn>,
    /// `PartialEq::eq`, when `T: PartialEq`.
    pub eq: Option<EqFn>,
    /// Whether `T: Eq`.
    pub total_eq: bool,
    /// A hash of the value with a fixed-key hasher, when `T: Hash`.
    pub hash: Option<HashFn>,
    /// `PartialOrd::partial_cmp`, when `T: PartialOrd`.
    pub partial_cmp: Option<PartialCmpFn>,
    /// `Ord::cmp`, when `T: Ord`.
    pub cmp: Option<CmpFn>,
    /// `Default::default`, when `T: Default`.
    pub default: Option<DefaultFn>,
    /// Its two parts, when `T` is a pair `(A, B)`.
    pub parts: Option<PartsFn>,
}

impl fmt::Debug for TypeDesc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TypeDesc")
            .field("name", &self.name)
            .field("clone", &self.clone.is_some())
            .field("debug", &self.debug.is_some())
            .field("eq", &self.eq.is_some())
            .field("total_eq", &self.total_eq)
            .field("hash", &self.hash.is_some())
            .field("ord", &self.cmp.is_some())
            .finish()
    }
}

/// An erased value in `Debug`, through its type's `fmt`.
pub(super) struct WithDebug<'a>(pub &'a dyn Any, pub FmtFn);

impl fmt::Debug for WithDebug<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.1)(self.0, f)
    }
}

impl TypeDesc {
    /// The value's `Debug` text, when the type has `Debug`.
    pub(crate) fn debug_text(&self, value: &dyn Any) -> Option<String> {
        self.debug.map(|d| format!("{:?}", WithDebug(value, d)))
    }

    /// The value's `Display` text, when the type has `Display`.
    pub(crate) fn display_text(&self, value: &dyn Any) -> Option<String> {
        struct WithDisplay<'a>(&'a dyn Any, FmtFn);
        impl fmt::Display for WithDisplay<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                (self.1)(self.0, f)
            }
        }
        self.display.map(|d| WithDisplay(value, d).to_string())
    }

    /// The length of the value's `Debug` text, counted without keeping it,
    /// or `None` when the type has no `Debug` or the text is longer than
    /// `cap` (formatting stops there).
    pub(crate) fn debug_len(&self, value: &dyn Any, cap: usize) -> Option<usize> {
        struct Count(usize, usize);
        impl fmt::Write for Count {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                self.0 += s.len();
                if self.0 > self.1 {
                    Err(fmt::Error)
                } else {
                    Ok(())
                }
            }
        }
        let mut count = Count(0, cap);
        fmt::write(&mut count, format_args!("{:?}", WithDebug(value, self.debug?))).ok()?;
        Some(count.0)
    }

    /// A fingerprint of the value's abstract state for redundancy checks
    /// (index pruning, thesis §5.8 and §7.4): `Hash` where the type is `Eq +
    /// Hash` (so equal values collide), else a hash of its `Debug` text with
    /// the entries of maps and sets sorted.
    /// `None` when the type has neither: such values are always new.
    pub(crate) fn fingerprint(&self, value: &dyn Any) -> Option<u64> {
        let raw = match (self.total_eq, self.hash) {
            (true, Some(hash)) => hash(value),
            _ => {
                // Sorted: a `HashMap`'s `Debug` order is random, and the same
                // seed must make the same decisions.
                let text = self.debug_text(value)?;
                let mut h = rustc_hash::FxHasher::default();
                crate::names::sorted_debug(&text).hash(&mut h);
                h.finish() ^ 0x9e37_79b9_7f4a_7c15
            }
        };
        let mut h = rustc_hash::FxHasher::default();
        (self.id, raw).hash(&mut h);
        Some(h.finish())
    }

    /// The last path segment of the type's name, generics stripped:
    /// `my_crate::bank::Account<u8>` -> `Account`.
    pub(crate) fn short_name(&self) -> &'static str {
        crate::names::short_type_name(self.name)
    }
}

/// Descriptors of the built-in seeded types, so they are known even when no
/// impl block mentions them.
pub(crate) fn builtin_types() -> Vec<TypeDesc> {
    let mut v = Vec::new();
    macro_rules! push {
        ($($t:ty),*) => { $( v.push(type_desc!($t)); )* };
    }
    push!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
    push!(f32, f64, bool, char, String, (), crate::rng::Rng, std::cmp::Ordering);
    v
}

/// Whether values of this type come from seeds (numbers, `bool`, `char`, `String`).
pub(crate) fn is_seeded(ty: TypeId) -> bool {
    static SEEDED: std::sync::OnceLock<rustc_hash::FxHashSet<TypeId>> = std::sync::OnceLock::new();
    SEEDED.get_or_init(|| builtin_types().iter().map(|d| d.id).collect()).contains(&ty)
}

/// Not public API. Builds a [`TypeDesc`] for a concrete type, detecting its
/// capabilities by autoref specialization (`probe`).
#[doc(hidden)]
#[macro_export]
macro_rules! __type_desc {
    ($t:ty) => {{
        #[allow(unused_imports)]
        use $crate::__private::probe::{
            CloneNo as _, CloneYes as _, CopyNo as _, CopyYes as _, DebugNo as _, DebugYes as _, DefaultNo as _,
            DefaultYes as _, DisplayNo as _, DisplayYes as _, EqNo as _, EqYes as _, HashNo as _, HashYes as _,
            OrdNo as _, OrdYes as _, PairNo as _, PairYes as _, PartialEqNo as _, PartialEqYes as _, PartialOrdNo as _,
            PartialOrdYes as _,
        };
        let p = $crate::__private::probe::Probe::<$t>::new();
        $crate::__private::TypeDesc {
            id: ::core::any::TypeId::of::<$t>(),
            name: ::core::any::type_name::<$t>(),
            clone: (&&p).drt_clone(),
            copy: (&&p).drt_copy(),
            debug: (&&p).drt_debug(),
            display: (&&p).drt_display(),
            eq: (&&p).drt_partial_eq(),
            total_eq: (&&p).drt_eq(),
            hash: (&&p).drt_hash(),
            partial_cmp: (&&p).drt_partial_cmp(),
            cmp: (&&p).drt_cmp(),
            default: (&&p).drt_default(),
            parts: (&&p).drt_parts(),
        }
    }};
}
pub use crate::__type_desc as type_desc;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprints_follow_eq_for_hashable_types() {
        let d = crate::__private::type_desc!(String);
        let a: Box<dyn Any> = Box::new(String::from("x"));
        let b: Box<dyn Any> = Box::new(String::from("x"));
        let c: Box<dyn Any> = Box::new(String::from("y"));
        assert_eq!(d.fingerprint(&*a), d.fingerprint(&*b));
        assert_ne!(d.fingerprint(&*a), d.fingerprint(&*c));
    }

    #[test]
    fn debug_lengths_are_counted_up_to_a_cap() {
        let d = crate::__private::type_desc!(Vec<u32>);
        assert_eq!(d.debug_len(&vec![1u32, 22], 100), Some("[1, 22]".len()));
        assert_eq!(d.debug_len(&vec![7u32; 1000], 100), None);
        struct Opaque;
        assert_eq!(crate::__private::type_desc!(Opaque).debug_len(&Opaque, 100), None);
    }

    #[test]
    fn probes_detect_capabilities() {
        struct Opaque;
        let d = crate::__private::type_desc!(Opaque);
        assert!(d.clone.is_none() && d.debug.is_none() && d.eq.is_none() && !d.total_eq);
        assert!(d.fingerprint(&Opaque).is_none());
        let f = crate::__private::type_desc!(f64);
        assert!(f.eq.is_some() && !f.total_eq && f.hash.is_none() && f.partial_cmp.is_some());
        let u = crate::__private::type_desc!(u8);
        assert!(u.total_eq && u.hash.is_some() && u.cmp.is_some() && u.default.is_some());
    }
}
