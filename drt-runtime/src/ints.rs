//! Integers drawn beyond the seeds: every value of a small type, and the
//! values real workloads and boundaries use (powers of two and their
//! neighbours, a few below the maximum, small numbers), so a bug at `64`
//! (a bit width), at `usize::MAX - 7` (a size plus a header) or at any one
//! `u8` is reachable though no seed and no literal in the code names it.
//! Seeds stay Randoop's small set (thesis §7.1) and are still drawn most
//! often: they are what minimization prefers and what a reader expects.

use std::any::{Any, TypeId};

use rand::RngExt;

/// An integer type drt draws values of. 128-bit types draw from the 64-bit
/// range (their seeds cover the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum IntKind {
    U8,
    U16,
    U32,
    U64,
    U128,
    Usize,
    I8,
    I16,
    I32,
    I64,
    I128,
    Isize,
}

macro_rules! kinds {
    ($m:ident) => {
        $m!(U8 u8, U16 u16, U32 u32, U64 u64, U128 u128, Usize usize, I8 i8, I16 i16, I32 i32, I64 i64, I128 i128,
            Isize isize)
    };
}

impl IntKind {
    /// The kind of integer `ty` is, if it is one.
    pub fn of(ty: TypeId) -> Option<IntKind> {
        macro_rules! find {
            ($($k:ident $t:ident),*) => {$(
                if ty == TypeId::of::<$t>() {
                    return Some(IntKind::$k);
                }
            )*};
        }
        kinds!(find);
        None
    }

    /// The type's `TypeId`.
    pub fn type_id(self) -> TypeId {
        macro_rules! id {
            ($($k:ident $t:ident),*) => {
                match self {
                    $(IntKind::$k => TypeId::of::<$t>(),)*
                }
            };
        }
        kinds!(id)
    }

    /// Bits of the type (128-bit types draw as 64-bit ones).
    fn bits(self) -> u32 {
        macro_rules! bits {
            ($($k:ident $t:ident),*) => {
                match self {
                    $(IntKind::$k => <$t>::BITS.min(64),)*
                }
            };
        }
        kinds!(bits)
    }

    fn signed(self) -> bool {
        matches!(self, IntKind::I8 | IntKind::I16 | IntKind::I32 | IntKind::I64 | IntKind::I128 | IntKind::Isize)
    }

    /// `v` read as this type: the low bits, sign-extended for a signed type.
    fn read(self, v: u64) -> i128 {
        let shift = 64 - self.bits();
        if self.signed() {
            i128::from(((v << shift) as i64) >> shift)
        } else {
            i128::from((v << shift) >> shift)
        }
    }

    /// The value `v` stands for, as its type.
    pub fn value(self, v: u64) -> crate::value::Value {
        let n = self.read(v);
        macro_rules! erased {
            ($($k:ident $t:ident),*) => {
                match self {
                    $(IntKind::$k => crate::value::Value::new(n as $t),)*
                }
            };
        }
        kinds!(erased)
    }

    /// The bits that stand for `value`, when it is of this type.
    pub fn bits_of(self, value: &dyn Any) -> Option<u64> {
        macro_rules! bits_of {
            ($($k:ident $t:ident),*) => {
                match self {
                    $(IntKind::$k => value.downcast_ref::<$t>().and_then(|n| {
                        let n = i128::try_from(*n).ok()?;
                        (i64::try_from(n).is_ok() || u64::try_from(n).is_ok()).then_some(n as u64)
                    }),)*
                }
            };
        }
        kinds!(bits_of)
    }

    /// Whether `ty` is a `Vec` of integers.
    pub fn is_vec(ty: TypeId) -> bool {
        macro_rules! vec {
            ($($k:ident $t:ident),*) => {
                [$(TypeId::of::<Vec<$t>>()),*].contains(&ty)
            };
        }
        kinds!(vec)
    }

    /// The largest magnitude in `value`, when it is a `Vec` of integers
    /// (0 when empty): the integers a vector a call made holds (a bit
    /// set's words, read back as positions).
    pub fn largest_in(value: &dyn Any) -> Option<u128> {
        macro_rules! largest {
            ($($k:ident $t:ident),*) => {{
                $(if let Some(v) = value.downcast_ref::<Vec<$t>>() {
                    return Some(v.iter().map(|n| i128::try_from(*n).map_or(u128::MAX, i128::unsigned_abs)).max().unwrap_or(0));
                })*
                None
            }};
        }
        kinds!(largest)
    }

    /// The value `v` stands for as a Rust literal (`200`, `-3`, `u64::MAX`).
    pub fn literal(self, v: u64) -> String {
        let n = self.read(v);
        macro_rules! lit {
            ($($k:ident $t:ident),*) => {
                match self {
                    $(IntKind::$k => crate::names::int_literal(stringify!($t), n as $t, <$t>::MIN, <$t>::MAX),)*
                }
            };
        }
        kinds!(lit)
    }

    /// The bits of the value a [`IntKind::literal`] wrote, when it is one
    /// of this type.
    pub fn parse(self, text: &str) -> Option<u64> {
        macro_rules! parse {
            ($($k:ident $t:ident),*) => {
                match self {
                    $(IntKind::$k => {
                        let name = stringify!($t);
                        let n: $t = match text.strip_prefix(name) {
                            Some("::MAX") => <$t>::MAX,
                            Some("::MIN") => <$t>::MIN,
                            _ => text.parse().ok()?,
                        };
                        // 128-bit values beyond 64 bits are never drawn.
                        let bits = i128::try_from(n).ok().filter(|n| i64::try_from(*n).is_ok() || u64::try_from(*n).is_ok())?;
                        (self.read(bits as u64) == bits).then_some(bits as u64)
                    })*
                }
            };
        }
        kinds!(parse)
    }

    /// How far from trivial `v` is: its magnitude, as seeds measure theirs.
    pub fn complexity(self, v: u64) -> u128 {
        self.read(v).unsigned_abs()
    }

    /// A value drawn for this type, as its bits: a small number (a quarter),
    /// a power of two or a neighbour of one (a quarter), a few from either
    /// end of the range (a sixth), or any value at all (the rest). Negative
    /// values come as often as positive ones for a signed type.
    pub fn draw(self, rng: &mut impl rand::Rng) -> u64 {
        let bits = self.bits();
        let magnitude: u64 = match rng.random_range(0..12u32) {
            0..=2 => rng.random_range(0..=64),
            3..=5 => {
                let power = rng.random_range(0..bits - u32::from(self.signed()));
                (1u64 << power).wrapping_add(rng.random_range(0..3u64)).wrapping_sub(1)
            }
            6 | 7 => {
                // Near the top: `MAX - k` (and `MIN + k` below, by the sign).
                let max = if self.signed() { u64::MAX >> (65 - bits) } else { u64::MAX >> (64 - bits) };
                max - rng.random_range(0..16u64)
            }
            _ => rng.random::<u64>(),
        };
        let v = if self.signed() && rng.random_bool(0.5) { magnitude.wrapping_neg() } else { magnitude };
        self.canonical(v)
    }

    /// The one set of bits that stands for what `v` stands for (the low
    /// bits, sign-extended for a signed type), so equal values are equal
    /// operands.
    pub fn canonical(self, v: u64) -> u64 {
        self.read(v) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn values_read_as_their_type() {
        assert_eq!(IntKind::U8.literal(300), "44");
        assert_eq!(IntKind::U8.literal(255), "u8::MAX");
        assert_eq!(IntKind::I8.literal(255), "-1");
        assert_eq!(IntKind::I8.literal(128), "i8::MIN");
        assert_eq!(IntKind::I64.literal(u64::MAX - 2), "-3");
        assert_eq!(IntKind::U128.literal(u64::MAX), "18446744073709551615");
        assert_eq!(IntKind::I16.value(u64::MAX).downcast::<i16>().unwrap(), -1);
        assert_eq!(IntKind::Usize.value(7).downcast::<usize>().unwrap(), 7);
        assert_eq!(IntKind::of(TypeId::of::<isize>()), Some(IntKind::Isize));
        assert_eq!(IntKind::of(TypeId::of::<f32>()), None);
        assert_eq!(IntKind::I32.complexity(u64::MAX), 1);
        for (kind, bits) in [
            (IntKind::U8, 255),
            (IntKind::I8, IntKind::I8.canonical(0x80)),
            (IntKind::I64, u64::MAX - 2),
            (IntKind::U64, 1 << 63),
        ] {
            assert_eq!(kind.parse(&kind.literal(bits)), Some(bits), "{kind:?} {bits}");
        }
        assert_eq!(IntKind::U8.parse("256"), None);
        assert_eq!(IntKind::I16.bits_of(&-2i16), Some(IntKind::I16.canonical(u64::MAX - 1)));
        assert_eq!(IntKind::U128.bits_of(&u128::MAX), None);
        assert_eq!(IntKind::U8.bits_of(&1u16), None);
        assert_eq!(IntKind::U128.parse("u128::MAX"), None);
    }

    #[test]
    fn every_u8_and_the_powers_of_two_of_wide_types_are_drawn() {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
        let mut seen = [false; 256];
        for _ in 0..20_000 {
            seen[IntKind::U8.read(IntKind::U8.draw(&mut rng)) as usize] = true;
        }
        assert!(seen.iter().all(|s| *s), "every u8 is drawn");
        let drawn: Vec<i128> = (0..20_000).map(|_| IntKind::U64.read(IntKind::U64.draw(&mut rng))).collect();
        for v in [64, 63, 65, 1 << 40, i128::from(u64::MAX) - 7] {
            assert!(drawn.contains(&v), "{v} is drawn");
        }
        let signed: Vec<i128> = (0..20_000).map(|_| IntKind::I32.read(IntKind::I32.draw(&mut rng))).collect();
        assert!(signed.contains(&-64) && signed.contains(&(i128::from(i32::MIN) + 3)));
        assert!(signed.iter().all(|v| i32::try_from(*v).is_ok()));
    }
}
