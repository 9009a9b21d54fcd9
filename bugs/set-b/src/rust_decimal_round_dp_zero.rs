//! rust_decimal 1.28.1: `round_dp(dp)` of a zero returns a zero of scale
//! `dp` even past the maximum of 28, an invalid `Decimal` whose `Display`
//! panics (`Decimal::ZERO.round_dp(32).to_string()`).
//!
//! The two harnesses are what a user of rust_decimal 1.28.1 writes whatever
//! the bug: `rust_decimal_from_i128` explores the same ones.

use drt_bugs_table::Bug;

pub mod careful {
    use std::fmt;
    use std::str::FromStr;

    use rust_decimal::prelude::{FromPrimitive, ToPrimitive};
    use rust_decimal::Decimal;

    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Dec(pub Decimal);

    impl fmt::Display for Dec {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            fmt::Display::fmt(&self.0, f)
        }
    }

    /// The crate's documented laws: rounding never adds decimal places
    /// (`round_dp(dp)` of a number with fewer keeps it), truncating keeps
    /// the sign and no fraction, conversions give back what they were given.
    #[drt::operations(
        requires(new = "scale <= 28", from_i128_with_scale = "scale <= 28 && num.unsigned_abs() < 1 << 96"),
        ensures(
            round_dp = "result.0.scale() <= old.0.scale() && (dp < old.0.scale() || result.0 == old.0)",
            round = "result.0.scale() == 0 || result.0.is_zero()",
            trunc = "result.0.abs() <= old.0.abs() && result.0.fract().is_zero()",
            fract = "result.0.abs() < Decimal::ONE",
            abs = "!result.0.is_sign_negative() || result.0.is_zero()",
            from_i64 = "result.map(|d| d.0.to_i64()) == Some(Some(n))",
            from_i128 = "result.map_or(true, |d| d.0.to_i128() == Some(n))"
        )
    )]
    impl Dec {
        pub fn new(num: i64, scale: u32) -> Self {
            Dec(Decimal::new(num, scale))
        }
        pub fn try_new(num: i64, scale: u32) -> Result<Self, rust_decimal::Error> {
            Decimal::try_new(num, scale).map(Dec)
        }
        pub fn from_i128_with_scale(num: i128, scale: u32) -> Self {
            Dec(Decimal::from_i128_with_scale(num, scale))
        }
        pub fn try_from_i128_with_scale(num: i128, scale: u32) -> Result<Self, rust_decimal::Error> {
            Decimal::try_from_i128_with_scale(num, scale).map(Dec)
        }
        pub fn from_parts(lo: u32, mid: u32, hi: u32, negative: bool, scale: u32) -> Self {
            Dec(Decimal::from_parts(lo, mid, hi, negative, scale))
        }
        pub fn from_scientific(value: &str) -> Result<Self, rust_decimal::Error> {
            Decimal::from_scientific(value).map(Dec)
        }
        pub fn from_str_radix(str: &str, radix: u32) -> Result<Self, rust_decimal::Error> {
            Decimal::from_str_radix(str, radix).map(Dec)
        }
        pub fn from_str_exact(str: &str) -> Result<Self, rust_decimal::Error> {
            Decimal::from_str_exact(str).map(Dec)
        }
        pub fn scale(&self) -> u32 {
            self.0.scale()
        }
        pub fn mantissa(&self) -> i128 {
            self.0.mantissa()
        }
        pub fn is_zero(&self) -> bool {
            self.0.is_zero()
        }
        pub fn set_sign_positive(&mut self, positive: bool) {
            self.0.set_sign_positive(positive)
        }
        pub fn set_scale(&mut self, scale: u32) -> Result<(), rust_decimal::Error> {
            self.0.set_scale(scale)
        }
        pub fn rescale(&mut self, scale: u32) {
            self.0.rescale(scale)
        }
        pub fn serialize(&self) -> [u8; 16] {
            self.0.serialize()
        }
        pub fn deserialize(bytes: [u8; 16]) -> Self {
            Dec(Decimal::deserialize(bytes))
        }
        pub fn is_sign_negative(&self) -> bool {
            self.0.is_sign_negative()
        }
        pub fn trunc(&self) -> Self {
            Dec(self.0.trunc())
        }
        pub fn fract(&self) -> Self {
            Dec(self.0.fract())
        }
        pub fn abs(&self) -> Self {
            Dec(self.0.abs())
        }
        pub fn floor(&self) -> Self {
            Dec(self.0.floor())
        }
        pub fn ceil(&self) -> Self {
            Dec(self.0.ceil())
        }
        pub fn max(self, other: Self) -> Self {
            Dec(self.0.max(other.0))
        }
        pub fn min(self, other: Self) -> Self {
            Dec(self.0.min(other.0))
        }
        pub fn normalize(&self) -> Self {
            Dec(self.0.normalize())
        }
        pub fn round(&self) -> Self {
            Dec(self.0.round())
        }
        pub fn round_dp(&self, dp: u32) -> Self {
            Dec(self.0.round_dp(dp))
        }
        pub fn round_sf(&self, digits: u32) -> Option<Self> {
            self.0.round_sf(digits).map(Dec)
        }
        pub fn from_f64_retain(n: f64) -> Option<Self> {
            Decimal::from_f64_retain(n).map(Dec)
        }
        pub fn checked_add(self, other: Self) -> Option<Self> {
            self.0.checked_add(other.0).map(Dec)
        }
        pub fn checked_sub(self, other: Self) -> Option<Self> {
            self.0.checked_sub(other.0).map(Dec)
        }
        pub fn checked_mul(self, other: Self) -> Option<Self> {
            self.0.checked_mul(other.0).map(Dec)
        }
        pub fn checked_div(self, other: Self) -> Option<Self> {
            self.0.checked_div(other.0).map(Dec)
        }
        pub fn checked_rem(self, other: Self) -> Option<Self> {
            self.0.checked_rem(other.0).map(Dec)
        }
        pub fn saturating_add(self, other: Self) -> Self {
            Dec(self.0.saturating_add(other.0))
        }
        pub fn saturating_sub(self, other: Self) -> Self {
            Dec(self.0.saturating_sub(other.0))
        }
        pub fn saturating_mul(self, other: Self) -> Self {
            Dec(self.0.saturating_mul(other.0))
        }
        // `num_traits::FromPrimitive` / `ToPrimitive`, which the crate implements.
        pub fn from_i64(n: i64) -> Option<Self> {
            FromPrimitive::from_i64(n).map(Dec)
        }
        pub fn from_u64(n: u64) -> Option<Self> {
            FromPrimitive::from_u64(n).map(Dec)
        }
        pub fn from_i128(n: i128) -> Option<Self> {
            FromPrimitive::from_i128(n).map(Dec)
        }
        pub fn from_u128(n: u128) -> Option<Self> {
            FromPrimitive::from_u128(n).map(Dec)
        }
        pub fn from_f64(n: f64) -> Option<Self> {
            FromPrimitive::from_f64(n).map(Dec)
        }
        pub fn to_i64(&self) -> Option<i64> {
            ToPrimitive::to_i64(&self.0)
        }
        pub fn to_i128(&self) -> Option<i128> {
            ToPrimitive::to_i128(&self.0)
        }
        pub fn to_f64(&self) -> Option<f64> {
            ToPrimitive::to_f64(&self.0)
        }
    }

    #[drt::operations]
    impl FromStr for Dec {
        type Err = rust_decimal::Error;
        fn from_str(s: &str) -> Result<Self, Self::Err> {
            Decimal::from_str(s).map(Dec)
        }
    }
}

pub mod bare {
    use std::fmt;
    use std::str::FromStr;

    use rust_decimal::prelude::{FromPrimitive, ToPrimitive};
    use rust_decimal::Decimal;

    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Dec(pub Decimal);

    impl fmt::Display for Dec {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            fmt::Display::fmt(&self.0, f)
        }
    }

    #[drt::operations]
    impl Dec {
        /// # Panics
        ///
        /// This function panics if `scale` is > 28.
        pub fn new(num: i64, scale: u32) -> Self {
            Dec(Decimal::new(num, scale))
        }
        pub fn try_new(num: i64, scale: u32) -> Result<Self, rust_decimal::Error> {
            Decimal::try_new(num, scale).map(Dec)
        }
        /// # Panics
        ///
        /// This function panics if `scale` is > 28 or if `num` exceeds the maximum supported 96 bits.
        pub fn from_i128_with_scale(num: i128, scale: u32) -> Self {
            Dec(Decimal::from_i128_with_scale(num, scale))
        }
        pub fn try_from_i128_with_scale(num: i128, scale: u32) -> Result<Self, rust_decimal::Error> {
            Decimal::try_from_i128_with_scale(num, scale).map(Dec)
        }
        pub fn from_parts(lo: u32, mid: u32, hi: u32, negative: bool, scale: u32) -> Self {
            Dec(Decimal::from_parts(lo, mid, hi, negative, scale))
        }
        pub fn from_scientific(value: &str) -> Result<Self, rust_decimal::Error> {
            Decimal::from_scientific(value).map(Dec)
        }
        pub fn from_str_radix(str: &str, radix: u32) -> Result<Self, rust_decimal::Error> {
            Decimal::from_str_radix(str, radix).map(Dec)
        }
        pub fn from_str_exact(str: &str) -> Result<Self, rust_decimal::Error> {
            Decimal::from_str_exact(str).map(Dec)
        }
        pub fn scale(&self) -> u32 {
            self.0.scale()
        }
        pub fn mantissa(&self) -> i128 {
            self.0.mantissa()
        }
        pub fn is_zero(&self) -> bool {
            self.0.is_zero()
        }
        pub fn set_sign_positive(&mut self, positive: bool) {
            self.0.set_sign_positive(positive)
        }
        pub fn set_scale(&mut self, scale: u32) -> Result<(), rust_decimal::Error> {
            self.0.set_scale(scale)
        }
        pub fn rescale(&mut self, scale: u32) {
            self.0.rescale(scale)
        }
        pub fn serialize(&self) -> [u8; 16] {
            self.0.serialize()
        }
        pub fn deserialize(bytes: [u8; 16]) -> Self {
            Dec(Decimal::deserialize(bytes))
        }
        pub fn is_sign_negative(&self) -> bool {
            self.0.is_sign_negative()
        }
        pub fn trunc(&self) -> Self {
            Dec(self.0.trunc())
        }
        pub fn fract(&self) -> Self {
            Dec(self.0.fract())
        }
        pub fn abs(&self) -> Self {
            Dec(self.0.abs())
        }
        pub fn floor(&self) -> Self {
            Dec(self.0.floor())
        }
        pub fn ceil(&self) -> Self {
            Dec(self.0.ceil())
        }
        pub fn max(self, other: Self) -> Self {
            Dec(self.0.max(other.0))
        }
        pub fn min(self, other: Self) -> Self {
            Dec(self.0.min(other.0))
        }
        pub fn normalize(&self) -> Self {
            Dec(self.0.normalize())
        }
        pub fn round(&self) -> Self {
            Dec(self.0.round())
        }
        pub fn round_dp(&self, dp: u32) -> Self {
            Dec(self.0.round_dp(dp))
        }
        pub fn round_sf(&self, digits: u32) -> Option<Self> {
            self.0.round_sf(digits).map(Dec)
        }
        pub fn from_f64_retain(n: f64) -> Option<Self> {
            Decimal::from_f64_retain(n).map(Dec)
        }
        pub fn checked_add(self, other: Self) -> Option<Self> {
            self.0.checked_add(other.0).map(Dec)
        }
        pub fn checked_sub(self, other: Self) -> Option<Self> {
            self.0.checked_sub(other.0).map(Dec)
        }
        pub fn checked_mul(self, other: Self) -> Option<Self> {
            self.0.checked_mul(other.0).map(Dec)
        }
        pub fn checked_div(self, other: Self) -> Option<Self> {
            self.0.checked_div(other.0).map(Dec)
        }
        pub fn checked_rem(self, other: Self) -> Option<Self> {
            self.0.checked_rem(other.0).map(Dec)
        }
        pub fn saturating_add(self, other: Self) -> Self {
            Dec(self.0.saturating_add(other.0))
        }
        pub fn saturating_sub(self, other: Self) -> Self {
            Dec(self.0.saturating_sub(other.0))
        }
        pub fn saturating_mul(self, other: Self) -> Self {
            Dec(self.0.saturating_mul(other.0))
        }
        // `num_traits::FromPrimitive` / `ToPrimitive`, which the crate implements.
        pub fn from_i64(n: i64) -> Option<Self> {
            FromPrimitive::from_i64(n).map(Dec)
        }
        pub fn from_u64(n: u64) -> Option<Self> {
            FromPrimitive::from_u64(n).map(Dec)
        }
        pub fn from_i128(n: i128) -> Option<Self> {
            FromPrimitive::from_i128(n).map(Dec)
        }
        pub fn from_u128(n: u128) -> Option<Self> {
            FromPrimitive::from_u128(n).map(Dec)
        }
        pub fn from_f64(n: f64) -> Option<Self> {
            FromPrimitive::from_f64(n).map(Dec)
        }
        pub fn to_i64(&self) -> Option<i64> {
            ToPrimitive::to_i64(&self.0)
        }
        pub fn to_i128(&self) -> Option<i128> {
            ToPrimitive::to_i128(&self.0)
        }
        pub fn to_f64(&self) -> Option<f64> {
            ToPrimitive::to_f64(&self.0)
        }
    }

    #[drt::operations]
    impl FromStr for Dec {
        type Err = rust_decimal::Error;
        fn from_str(s: &str) -> Result<Self, Self::Err> {
            Decimal::from_str(s).map(Dec)
        }
    }
}

pub fn careful() -> drt::Explorer {
    drt::explore::<careful::Dec>()
}

pub fn bare() -> drt::Explorer {
    drt::explore::<bare::Dec>()
}

/// The zero `round_dp` made: it has more decimal places than before (the
/// postcondition), or printing it panics (`Display`, `Debug`, the
/// `roundtrip` law).
pub fn is_it(f: &drt::Failure) -> bool {
    f.operation.ends_with("::round_dp")
        && matches!(
            f.kind,
            drt::FailureKind::Invariant
                | drt::FailureKind::Postcondition
                | drt::FailureKind::Contract
                | drt::FailureKind::Law
        )
}

pub fn bug() -> Bug {
    Bug {
        name: "rust_decimal 1.28.1: round_dp of zero makes a scale above 28 that Display panics on",
        source: "https://github.com/paupino/rust-decimal/issues/574",
        careful,
        bare,
        is_it,
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal::Decimal;

    #[test]
    fn the_crate_is_buggy() {
        let zero = Decimal::new(0, 28).round_dp(32);
        assert_eq!(zero.scale(), 32, "fixed in 1.29.0: 28");
        assert!(std::panic::catch_unwind(|| zero.to_string()).is_err());
    }

    // Measured: 7 of seeds 1-10 find it within 200,000 sequences (release, in process): after 3-1,569, median 128.
    #[test]
    fn careful_finds_it() {
        crate::assert_found(super::bug(), 3, 20_000);
    }
}
