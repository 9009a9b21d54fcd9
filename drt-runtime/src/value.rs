//! Values as the engine sees them: `Box<dyn Any>` plus a [`TypeDesc`] saying
//! what the concrete type can do.

use std::any::{Any, TypeId};
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

/// Not public API. `Clone::clone` on an erased value.
pub type CloneFn = fn(&dyn Any) -> Box<dyn Any>;
/// Not public API. `Debug::fmt` / `Display::fmt` on an erased value.
pub type FmtFn = fn(&dyn Any, &mut fmt::Formatter<'_>) -> fmt::Result;
/// Not public API. `PartialEq::eq` on erased values.
pub type EqFn = fn(&dyn Any, &dyn Any) -> bool;
/// Not public API. A fixed-key hash of an erased value.
pub type HashFn = fn(&dyn Any) -> u64;
/// Not public API. `PartialOrd::partial_cmp` on erased values.
pub type PartialCmpFn = fn(&dyn Any, &dyn Any) -> Option<Ordering>;
/// Not public API. `Ord::cmp` on erased values.
pub type CmpFn = fn(&dyn Any, &dyn Any) -> Ordering;
/// Not public API. `Default::default`, erased.
pub type DefaultFn = fn() -> Box<dyn Any>;

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

struct WithDebug<'a>(&'a dyn Any, FmtFn);

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

    /// A fingerprint of the value's abstract state for redundancy checks
    /// (index pruning, thesis §5.8 and §7.4): `Hash` where the type is `Eq +
    /// Hash` (so equal values collide), else a hash of its `Debug` text.
    /// `None` when the type has neither: such values are always new.
    pub(crate) fn fingerprint(&self, value: &dyn Any) -> Option<u64> {
        let raw = match (self.total_eq, self.hash) {
            (true, Some(hash)) => hash(value),
            _ => {
                let text = self.debug_text(value)?;
                let mut h = rustc_hash::FxHasher::default();
                text.hash(&mut h);
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
        short_type_name(self.name)
    }
}

/// `a::b::C<d::E>` -> `C`.
pub(crate) fn short_type_name(name: &str) -> &str {
    let base = name.split('<').next().unwrap_or(name);
    base.rsplit("::").next().unwrap_or(base)
}

/// Splits a type name into path tokens and the punctuation between them.
fn map_paths(name: &str, f: impl Fn(&str) -> String) -> String {
    let mut out = String::new();
    let mut path = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() || c == '_' || c == ':' {
            path.push(c);
        } else {
            if !path.is_empty() {
                out.push_str(&f(&path));
                path.clear();
            }
            out.push(c);
        }
    }
    if !path.is_empty() {
        out.push_str(&f(&path));
    }
    out
}

/// A type name for people: every path shortened to its last segment,
/// generics kept: `a::Stack<alloc::string::String>` -> `Stack<String>`.
pub(crate) fn display_type_name(name: &str) -> String {
    map_paths(name, |p| p.rsplit("::").next().unwrap_or(p).to_string())
}

/// Prelude types emitted code names without a path.
const PRELUDE: &[&str] = &["String", "Vec", "Option", "Box", "Result"];

/// A type name as emitted code writes it. `type_name` gives `alloc::` and
/// `core::` paths, some through private modules (`core::ops::range::Range`);
/// std re-exports every public type one module down (`std::ops::Range`), and
/// prelude types need no path: `a::Stack<alloc::string::String>` ->
/// `a::Stack<String>`.
pub(crate) fn code_type_name(name: &str) -> String {
    map_paths(name, |p| match p.split_once("::") {
        Some(("alloc" | "core" | "std", rest)) => {
            let last = rest.rsplit("::").next().unwrap_or(rest);
            match rest.split_once("::") {
                _ if PRELUDE.contains(&last) => last.to_string(),
                Some((module, _)) => format!("std::{module}::{last}"),
                None => format!("std::{rest}"),
            }
        }
        _ => p.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_drop_paths_and_generics() {
        assert_eq!(short_type_name("a::b::Account"), "Account");
        assert_eq!(short_type_name("alloc::vec::Vec<core::option::Option<u8>>"), "Vec");
        assert_eq!(short_type_name("u64"), "u64");
    }

    #[test]
    fn type_names_for_people_and_for_code() {
        let name = "a::Stack<alloc::string::String, (core::ops::range::Range<usize>, [u8; 4])>";
        assert_eq!(display_type_name(name), "Stack<String, (Range<usize>, [u8; 4])>");
        assert_eq!(code_type_name(name), "a::Stack<String, (std::ops::Range<usize>, [u8; 4])>");
        assert_eq!(code_type_name("alloc::collections::vec_deque::VecDeque<u8>"), "std::collections::VecDeque<u8>");
        assert_eq!(code_type_name("core::num::nonzero::NonZero<u8>"), "std::num::NonZero<u8>");
    }

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
