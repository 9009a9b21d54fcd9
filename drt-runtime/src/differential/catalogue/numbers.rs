//! Std's integers as references (`.against::<u128>()`) for integer-like
//! types: a crate's fixed-width integers (`bnum`'s, `uint`'s, a
//! hand-written `U128` of two `u64` halves), checked against the primitive
//! of the same width, whose every method std documents.
//!
//! Registered: what has one meaning in every build. The checked, wrapping,
//! overflowing and saturating families; bit counts, rotations, byte orders;
//! Euclidean division, roots and logarithms; the operators that never
//! overflow (`&`, `|`, `^`, `!`) or panic in every build (`/`, `%` by zero);
//! constructors from bytes, text and the extremes. Left out: what panics on
//! overflow in debug builds and wraps in release (`+`, `-`, `*`, `<<`,
//! `>>`, `pow`, `abs`, `next_power_of_two`...), for either is std's
//! behaviour and neither is a divergence: pair such an operation with its
//! explicit counterpart (`#[drt(model = "wrapping_add")]`).
//!
//! A value of the type under test is compared with the integer through its
//! text (`plan::Compare::Numbers`): its `Display`, or its `Debug` read
//! through tuple-struct wrappers, as std's integers print in decimal.

use std::num::ParseIntError;
use std::ops::{BitAnd, BitOr, BitXor, Div, Not, Rem};
use std::str::FromStr;

use super::{method, option, panicking, param, value};
use crate::macro_support::{
    arg_owned, arg_ref, arg_str, ret_option, ret_result, ret_value, type_desc, OperationSpec, ParamKind, ParamSpec,
    Receiver, Reference, Registrar, RetKind, Syntax,
};

/// `name(self) -> R` of integer `$t`.
macro_rules! of_self {
    ($t:ty, $name:ident -> $r:ty) => {
        method::<$t>(
            stringify!($name),
            Receiver::Value,
            &[],
            value::<$r>(),
            invoke!(|a| ret_value(arg_owned::<$t>(a).$name())),
        )
    };
}

/// `name(self, rhs: P) -> R` of integer `$t`.
macro_rules! with {
    ($t:ty, $name:ident($p:ty) -> $r:ty) => {
        method::<$t>(
            stringify!($name),
            Receiver::Value,
            &[param::<$p>("rhs", ParamKind::Value)],
            value::<$r>(),
            invoke!(|a, b| ret_value(arg_owned::<$t>(a).$name(arg_owned::<$p>(b)))),
        )
    };
}

/// `name(self) -> Option<R>` of integer `$t`.
macro_rules! checked_of_self {
    ($t:ty, $name:ident -> $r:ty) => {
        method::<$t>(
            stringify!($name),
            Receiver::Value,
            &[],
            option::<$r>(),
            invoke!(|a| ret_option(arg_owned::<$t>(a).$name())),
        )
    };
}

/// `name(self, rhs: P) -> Option<R>` of integer `$t`.
macro_rules! checked {
    ($t:ty, $name:ident($p:ty) -> $r:ty) => {
        method::<$t>(
            stringify!($name),
            Receiver::Value,
            &[param::<$p>("rhs", ParamKind::Value)],
            option::<$r>(),
            invoke!(|a, b| ret_option(arg_owned::<$t>(a).$name(arg_owned::<$p>(b)))),
        )
    };
}

/// What every integer `$t` (of `$n` bytes) has.
macro_rules! integer_methods {
    ($t:ty, $n:expr) => {{
        let (text, radix) = (param::<String>("src", ParamKind::Str), param::<u32>("radix", ParamKind::Value));
        let (bytes, same) = (param::<[u8; $n]>("bytes", ParamKind::Value), param::<$t>("x", ParamKind::Value));
        let ty = std::any::TypeId::of::<$t>();
        let parsed = (RetKind::Result { err: std::any::TypeId::of::<ParseIntError>() }, Some(ty));
        let made = |name, params: &[ParamSpec], f| method::<$t>(name, Receiver::None, params, value::<$t>(), f);
        vec![
            // Constructors.
            // Written so that an emitted test compiles, with no lint: not
            // `u128::from(0)` (`0` is an `i32` there) nor `u128::max_value()`.
            written(
                concat!("std::convert::identity::<", stringify!($t), ">($0)"),
                made("from", &[param::<$t>("value", ParamKind::Value)], invoke!(|v| ret_value(arg_owned::<$t>(v)))),
            ),
            made("default", &[], invoke!(|| ret_value(<$t>::default()))),
            written(concat!(stringify!($t), "::MIN"), made("min_value", &[], invoke!(|| ret_value(<$t>::MIN)))),
            written(concat!(stringify!($t), "::MAX"), made("max_value", &[], invoke!(|| ret_value(<$t>::MAX)))),
            made("from_be", &[same], invoke!(|x| ret_value(<$t>::from_be(arg_owned::<$t>(x))))),
            made("from_le", &[same], invoke!(|x| ret_value(<$t>::from_le(arg_owned::<$t>(x))))),
            made("from_be_bytes", &[bytes], invoke!(|b| ret_value(<$t>::from_be_bytes(arg_owned::<[u8; $n]>(b))))),
            made("from_le_bytes", &[bytes], invoke!(|b| ret_value(<$t>::from_le_bytes(arg_owned::<[u8; $n]>(b))))),
            made("from_ne_bytes", &[bytes], invoke!(|b| ret_value(<$t>::from_ne_bytes(arg_owned::<[u8; $n]>(b))))),
            method::<$t>("from_str", Receiver::None, &[text], parsed, invoke!(|s| {
                ret_result(<$t>::from_str(arg_str(s)))
            })),
            panicking(method::<$t>(
                "from_str_radix",
                Receiver::None,
                &[text, radix],
                parsed,
                invoke!(|s, r| ret_result(<$t>::from_str_radix(arg_str(s), arg_owned::<u32>(r)))),
            )),
            // Bits and bytes.
            of_self!($t, count_ones -> u32),
            of_self!($t, count_zeros -> u32),
            of_self!($t, leading_zeros -> u32),
            of_self!($t, trailing_zeros -> u32),
            of_self!($t, leading_ones -> u32),
            of_self!($t, trailing_ones -> u32),
            of_self!($t, swap_bytes -> $t),
            of_self!($t, reverse_bits -> $t),
            of_self!($t, to_be -> $t),
            of_self!($t, to_le -> $t),
            of_self!($t, to_be_bytes -> [u8; $n]),
            of_self!($t, to_le_bytes -> [u8; $n]),
            of_self!($t, to_ne_bytes -> [u8; $n]),
            with!($t, rotate_left(u32) -> $t),
            with!($t, rotate_right(u32) -> $t),
            // The checked family.
            checked!($t, checked_add($t) -> $t),
            checked!($t, checked_sub($t) -> $t),
            checked!($t, checked_mul($t) -> $t),
            checked!($t, checked_div($t) -> $t),
            checked!($t, checked_rem($t) -> $t),
            checked!($t, checked_div_euclid($t) -> $t),
            checked!($t, checked_rem_euclid($t) -> $t),
            checked!($t, checked_shl(u32) -> $t),
            checked!($t, checked_shr(u32) -> $t),
            checked!($t, checked_pow(u32) -> $t),
            checked!($t, checked_ilog($t) -> u32),
            checked_of_self!($t, checked_neg -> $t),
            checked_of_self!($t, checked_ilog2 -> u32),
            checked_of_self!($t, checked_ilog10 -> u32),
            // The wrapping family (by zero, division panics).
            with!($t, wrapping_add($t) -> $t),
            with!($t, wrapping_sub($t) -> $t),
            with!($t, wrapping_mul($t) -> $t),
            panicking(with!($t, wrapping_div($t) -> $t)),
            panicking(with!($t, wrapping_rem($t) -> $t)),
            panicking(with!($t, wrapping_div_euclid($t) -> $t)),
            panicking(with!($t, wrapping_rem_euclid($t) -> $t)),
            with!($t, wrapping_shl(u32) -> $t),
            with!($t, wrapping_shr(u32) -> $t),
            with!($t, wrapping_pow(u32) -> $t),
            of_self!($t, wrapping_neg -> $t),
            // The overflowing family.
            with!($t, overflowing_add($t) -> ($t, bool)),
            with!($t, overflowing_sub($t) -> ($t, bool)),
            with!($t, overflowing_mul($t) -> ($t, bool)),
            panicking(with!($t, overflowing_div($t) -> ($t, bool))),
            panicking(with!($t, overflowing_rem($t) -> ($t, bool))),
            panicking(with!($t, overflowing_div_euclid($t) -> ($t, bool))),
            panicking(with!($t, overflowing_rem_euclid($t) -> ($t, bool))),
            with!($t, overflowing_shl(u32) -> ($t, bool)),
            with!($t, overflowing_shr(u32) -> ($t, bool)),
            with!($t, overflowing_pow(u32) -> ($t, bool)),
            of_self!($t, overflowing_neg -> ($t, bool)),
            // The saturating family.
            with!($t, saturating_add($t) -> $t),
            with!($t, saturating_sub($t) -> $t),
            with!($t, saturating_mul($t) -> $t),
            panicking(with!($t, saturating_div($t) -> $t)),
            with!($t, saturating_pow(u32) -> $t),
            // Division, roots, logarithms (panicking outside their domains).
            panicking(with!($t, div_euclid($t) -> $t)),
            panicking(with!($t, rem_euclid($t) -> $t)),
            panicking(with!($t, ilog($t) -> u32)),
            panicking(of_self!($t, ilog2 -> u32)),
            panicking(of_self!($t, ilog10 -> u32)),
            panicking(of_self!($t, isqrt -> $t)),
            with!($t, unbounded_shl(u32) -> $t),
            with!($t, unbounded_shr(u32) -> $t),
            with!($t, midpoint($t) -> $t),
            // Order, and the operators that never overflow.
            with!($t, min($t) -> $t),
            with!($t, max($t) -> $t),
            panicking(method::<$t>(
                "clamp",
                Receiver::Value,
                &[param::<$t>("min", ParamKind::Value), param::<$t>("max", ParamKind::Value)],
                value::<$t>(),
                invoke!(|a, lo, hi| ret_value(arg_owned::<$t>(a).clamp(arg_owned::<$t>(lo), arg_owned::<$t>(hi)))),
            )),
            operator(Syntax::Binary("&"), with!($t, bitand($t) -> $t)),
            operator(Syntax::Binary("|"), with!($t, bitor($t) -> $t)),
            operator(Syntax::Binary("^"), with!($t, bitxor($t) -> $t)),
            operator(Syntax::Unary("!"), of_self!($t, not -> $t)),
            operator(Syntax::Binary("/"), panicking(with!($t, div($t) -> $t))),
            operator(Syntax::Binary("%"), panicking(with!($t, rem($t) -> $t))),
            method::<$t>("to_string", Receiver::Ref, &[], value::<String>(), invoke!(|a| {
                ret_value(arg_ref::<$t>(a).to_string())
            })),
        ]
    }};
}

/// What only unsigned integers `$t` (signed counterpart `$s`) have.
macro_rules! unsigned_methods {
    ($t:ty, $s:ty) => {
        vec![
            of_self!($t, cast_signed -> $s),
            checked!($t, checked_add_signed($s) -> $t),
            with!($t, saturating_add_signed($s) -> $t),
            with!($t, wrapping_add_signed($s) -> $t),
            with!($t, overflowing_add_signed($s) -> ($t, bool)),
            of_self!($t, is_power_of_two -> bool),
            checked_of_self!($t, checked_next_power_of_two -> $t),
            with!($t, abs_diff($t) -> $t),
            panicking(with!($t, div_ceil($t) -> $t)),
            checked!($t, checked_next_multiple_of($t) -> $t),
            with!($t, is_multiple_of($t) -> bool),
        ]
    };
}

/// What only signed integers `$t` (unsigned counterpart `$u`) have.
macro_rules! signed_methods {
    ($t:ty, $u:ty) => {
        vec![
            of_self!($t, cast_unsigned -> $u),
            checked!($t, checked_add_unsigned($u) -> $t),
            checked!($t, checked_sub_unsigned($u) -> $t),
            with!($t, saturating_add_unsigned($u) -> $t),
            with!($t, saturating_sub_unsigned($u) -> $t),
            with!($t, wrapping_add_unsigned($u) -> $t),
            with!($t, wrapping_sub_unsigned($u) -> $t),
            with!($t, overflowing_add_unsigned($u) -> ($t, bool)),
            with!($t, overflowing_sub_unsigned($u) -> ($t, bool)),
            checked_of_self!($t, checked_abs -> $t),
            of_self!($t, wrapping_abs -> $t),
            of_self!($t, overflowing_abs -> ($t, bool)),
            of_self!($t, saturating_abs -> $t),
            of_self!($t, saturating_neg -> $t),
            of_self!($t, unsigned_abs -> $u),
            of_self!($t, signum -> $t),
            of_self!($t, is_positive -> bool),
            of_self!($t, is_negative -> bool),
            with!($t, abs_diff($t) -> $u),
            checked_of_self!($t, checked_isqrt -> $t),
        ]
    };
}

/// The same operation, written in emitted tests as `template` says.
fn written(template: &'static str, spec: OperationSpec) -> OperationSpec {
    OperationSpec { syntax: Syntax::Template(template), ..spec }
}

/// The same operation, an operator's method, written as the operator
/// (`a ^ b`: the method needs its trait in scope).
fn operator(syntax: Syntax, spec: OperationSpec) -> OperationSpec {
    OperationSpec { syntax, ..spec }
}

/// Registers integer `$t` (of `$n` bytes) as the owner of its methods, and
/// the types they take and return.
macro_rules! owned {
    ($r:ident, $t:ty, $n:expr) => {
        $r.owner(type_desc!($t));
        $r.type_desc(type_desc!(u32));
        $r.type_desc(type_desc!(bool));
        $r.type_desc(type_desc!(String));
        $r.type_desc(type_desc!([u8; $n]));
        $r.type_desc(type_desc!(($t, bool)));
        $r.type_desc(type_desc!(ParseIntError));
    };
}

macro_rules! unsigned {
    ($($t:ty, $s:ty, $n:expr);* $(;)?) => {$(
        impl Reference for $t {
            fn register(r: &mut Registrar) {
                owned!(r, $t, $n);
                r.type_desc(type_desc!($s));
                let mut ops: Vec<OperationSpec> = integer_methods!($t, $n);
                ops.extend(unsigned_methods!($t, $s));
                ops.into_iter().for_each(|op| r.operation(op));
            }
        }
    )*};
}

macro_rules! signed {
    ($($t:ty, $u:ty, $n:expr);* $(;)?) => {$(
        impl Reference for $t {
            fn register(r: &mut Registrar) {
                owned!(r, $t, $n);
                r.type_desc(type_desc!($u));
                let mut ops: Vec<OperationSpec> = integer_methods!($t, $n);
                ops.extend(signed_methods!($t, $u));
                ops.into_iter().for_each(|op| r.operation(op));
            }
        }
    )*};
}

/// The bytes of a `usize` and an `isize`.
const WORD: usize = std::mem::size_of::<usize>();

unsigned!(u8, i8, 1; u16, i16, 2; u32, i32, 4; u64, i64, 8; u128, i128, 16; usize, isize, WORD);
signed!(i8, u8, 1; i16, u16, 2; i32, u32, 4; i64, u64, 8; i128, u128, 16; isize, usize, WORD);
