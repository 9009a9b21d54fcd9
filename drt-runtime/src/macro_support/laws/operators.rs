//! Not public API. `op_assign`'s probes: given the compound assignment a
//! block implements (`impl BitAndAssign<&Bits> for Bits`), the plain
//! operator it is compared with, when the type has one returning the type
//! itself. The plain form taking the left operand as the compound one takes
//! its right (`Bits & &Bits` for `&=` of `&Bits`, `Money + Money` for `+=`
//! of `Money`) is preferred; else the form of two references (`&Bits &
//! &Bits`, which collections implement). The autoref probes pick the first
//! that the type implements, as `probe`'s do:
//! `(&&ByRef::<Bits>::new()).drt_plain()` with one operator's traits in
//! scope (`operators::bitand::{Owned as _, Borrowed as _, Neither as _}`).

use std::marker::PhantomData;

/// Not public API. The plain operator an `op_assign` law compares with.
pub struct Plain<T> {
    /// `x op y`, on the values (cloned where the operator takes them).
    pub op: fn(&T, &T) -> T,
    /// How the law's message writes it (`x & &y`).
    pub written: &'static str,
    /// The assertion an emitted test ends in.
    pub template: &'static str,
}

/// Not public API. The probe of a compound assignment taking its right
/// operand by value (`impl AddAssign for Money`).
pub struct ByValue<T>(PhantomData<T>);

/// Not public API. The probe of a compound assignment taking its right
/// operand by reference (`impl BitAndAssign<&Bits> for Bits`).
pub struct ByRef<T>(PhantomData<T>);

impl<T> ByValue<T> {
    /// Not public API.
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        ByValue(PhantomData)
    }
}

impl<T> ByRef<T> {
    /// Not public API.
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        ByRef(PhantomData)
    }
}

/// The assertion of `op_assign` for one operator, given the compound
/// assignment's right operand (`$1.clone()` or `&$1`) and the plain
/// operator's left one (`$0.clone()` or `&$0`).
macro_rules! template {
    ($sym:literal, $right:literal, $left:literal) => {
        concat!(
            "let mut assigned = $0.clone();\nassigned ",
            $sym,
            "= ",
            $right,
            ";\nassert_eq!(assigned, ",
            $left,
            " ",
            $sym,
            " ",
            $right,
            ", \"x ",
            $sym,
            "= y must equal x ",
            $sym,
            " y (law `op_assign`)\");"
        )
    };
}

/// The probes of one operator (`bitand`: `BitAnd::bitand`, `&`).
macro_rules! operator {
    ($module:ident, $Op:ident, $method:ident, $sym:literal) => {
        /// Not public API. The probes of this operator.
        pub mod $module {
            use super::{ByRef, ByValue, Plain};
            use core::ops::$Op;

            /// Not public API. The plain form taking the left operand by value.
            pub trait Owned<T> {
                /// Not public API.
                fn drt_plain(&self) -> Option<Plain<T>>;
            }

            /// Not public API. The plain form of two references.
            pub trait Borrowed<T> {
                /// Not public API.
                fn drt_plain(&self) -> Option<Plain<T>>;
            }

            /// Not public API. No plain form returning the type.
            pub trait Neither<T> {
                /// Not public API.
                fn drt_plain(&self) -> Option<Plain<T>>;
            }

            impl<T: Clone + $Op<T, Output = T>> Owned<T> for &&ByValue<T> {
                fn drt_plain(&self) -> Option<Plain<T>> {
                    Some(Plain {
                        op: |x, y| $Op::$method(x.clone(), y.clone()),
                        written: concat!("x ", $sym, " y"),
                        template: template!($sym, "$1.clone()", "$0.clone()"),
                    })
                }
            }

            impl<T: Clone> Owned<T> for &&ByRef<T>
            where
                for<'a> T: $Op<&'a T, Output = T>,
            {
                fn drt_plain(&self) -> Option<Plain<T>> {
                    Some(Plain {
                        op: |x, y| $Op::$method(x.clone(), y),
                        written: concat!("x ", $sym, " &y"),
                        template: template!($sym, "&$1", "$0.clone()"),
                    })
                }
            }

            /// The form of two references, and none, alike for both
            /// probes but for how the compound assignment takes its right
            /// operand in the assertion (`$right`).
            macro_rules! borrowed_or_neither {
                ($Probe:ident, $right:literal) => {
                    impl<T> Borrowed<T> for &$Probe<T>
                    where
                        for<'a> &'a T: $Op<&'a T, Output = T>,
                    {
                        fn drt_plain(&self) -> Option<Plain<T>> {
                            Some(Plain {
                                op: |x, y| $Op::$method(x, y),
                                written: concat!("&x ", $sym, " &y"),
                                template: template!($sym, $right, "&$0"),
                            })
                        }
                    }

                    impl<T> Neither<T> for $Probe<T> {
                        fn drt_plain(&self) -> Option<Plain<T>> {
                            None
                        }
                    }
                };
            }

            borrowed_or_neither!(ByValue, "$1.clone()");
            borrowed_or_neither!(ByRef, "&$1");
        }
    };
}

operator!(add, Add, add, "+");
operator!(sub, Sub, sub, "-");
operator!(mul, Mul, mul, "*");
operator!(div, Div, div, "/");
operator!(rem, Rem, rem, "%");
operator!(bitand, BitAnd, bitand, "&");
operator!(bitor, BitOr, bitor, "|");
operator!(bitxor, BitXor, bitxor, "^");
