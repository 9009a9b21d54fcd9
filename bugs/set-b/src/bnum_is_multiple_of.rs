//! bnum 0.13.0: `num_integer::Integer::is_multiple_of(&x, &0)` panics (a
//! remainder by zero) where it should answer whether `x` is zero, as
//! `u128::is_multiple_of` and num-integer's own integers do. Listed by the
//! maintainer among bnum's prior bugs ("`<= v0.13.0`"), fixed in 0.14.0.

use drt_bugs_table::Bug;

pub mod careful {
    use std::fmt;
    use std::str::FromStr;

    use bnum::errors::ParseIntError;
    use bnum::BUint;
    use num_integer::Integer;

    /// An unsigned 128-bit integer of two 64-bit digits.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct U128(pub BUint<2>);

    impl fmt::Display for U128 {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            fmt::Display::fmt(&self.0, f)
        }
    }

    #[drt::operations]
    impl FromStr for U128 {
        type Err = ParseIntError;
        fn from_str(s: &str) -> Result<Self, Self::Err> {
            BUint::from_str(s).map(U128)
        }
    }

    /// Checked against `u128`, and the laws of `num_integer::Integer`:
    /// `gcd` divides both, `lcm` is a multiple of both, a multiple of `rhs`
    /// is what `rem_euclid` finds divisible.
    #[drt::operations(ensures(
        gcd = "result.0 == BUint::ZERO || (old.0 % result.0 == BUint::ZERO && rhs.0 % result.0 == BUint::ZERO)",
        is_multiple_of = "result == if rhs.0 == BUint::ZERO { old.0 == BUint::ZERO } else { old.0 % rhs.0 == BUint::ZERO }",
        leading_zeros = "result + old.0.bits() == 128",
        count_ones = "result + old.0.count_zeros() == 128"
    ))]
    impl U128 {
        pub fn from_u64(n: u64) -> Self {
            U128(BUint::from(n))
        }
        pub fn from_str_radix(src: &str, radix: u32) -> Result<Self, ParseIntError> {
            BUint::from_str_radix(src, radix).map(U128)
        }
        pub fn max_value() -> Self {
            U128(BUint::MAX)
        }
        pub fn min_value() -> Self {
            U128(BUint::MIN)
        }
        pub fn checked_add(self, rhs: Self) -> Option<Self> {
            self.0.checked_add(rhs.0).map(U128)
        }
        pub fn checked_sub(self, rhs: Self) -> Option<Self> {
            self.0.checked_sub(rhs.0).map(U128)
        }
        pub fn checked_mul(self, rhs: Self) -> Option<Self> {
            self.0.checked_mul(rhs.0).map(U128)
        }
        pub fn checked_div(self, rhs: Self) -> Option<Self> {
            self.0.checked_div(rhs.0).map(U128)
        }
        pub fn checked_rem(self, rhs: Self) -> Option<Self> {
            self.0.checked_rem(rhs.0).map(U128)
        }
        pub fn checked_pow(self, exp: u32) -> Option<Self> {
            self.0.checked_pow(exp).map(U128)
        }
        pub fn checked_shl(self, rhs: u32) -> Option<Self> {
            self.0.checked_shl(rhs).map(U128)
        }
        pub fn checked_shr(self, rhs: u32) -> Option<Self> {
            self.0.checked_shr(rhs).map(U128)
        }
        pub fn checked_next_power_of_two(self) -> Option<Self> {
            self.0.checked_next_power_of_two().map(U128)
        }
        pub fn checked_ilog2(self) -> Option<u32> {
            self.0.checked_ilog2()
        }
        pub fn checked_ilog10(self) -> Option<u32> {
            self.0.checked_ilog10()
        }
        pub fn wrapping_add(self, rhs: Self) -> Self {
            U128(self.0.wrapping_add(rhs.0))
        }
        pub fn wrapping_sub(self, rhs: Self) -> Self {
            U128(self.0.wrapping_sub(rhs.0))
        }
        pub fn wrapping_mul(self, rhs: Self) -> Self {
            U128(self.0.wrapping_mul(rhs.0))
        }
        pub fn wrapping_pow(self, exp: u32) -> Self {
            U128(self.0.wrapping_pow(exp))
        }
        pub fn wrapping_shl(self, rhs: u32) -> Self {
            U128(self.0.wrapping_shl(rhs))
        }
        pub fn wrapping_shr(self, rhs: u32) -> Self {
            U128(self.0.wrapping_shr(rhs))
        }
        pub fn wrapping_neg(self) -> Self {
            U128(self.0.wrapping_neg())
        }
        pub fn overflowing_add(self, rhs: Self) -> (Self, bool) {
            {
                let (v, o) = self.0.overflowing_add(rhs.0);
                (U128(v), o)
            }
        }
        pub fn overflowing_sub(self, rhs: Self) -> (Self, bool) {
            {
                let (v, o) = self.0.overflowing_sub(rhs.0);
                (U128(v), o)
            }
        }
        pub fn overflowing_mul(self, rhs: Self) -> (Self, bool) {
            {
                let (v, o) = self.0.overflowing_mul(rhs.0);
                (U128(v), o)
            }
        }
        pub fn saturating_add(self, rhs: Self) -> Self {
            U128(self.0.saturating_add(rhs.0))
        }
        pub fn saturating_sub(self, rhs: Self) -> Self {
            U128(self.0.saturating_sub(rhs.0))
        }
        pub fn saturating_mul(self, rhs: Self) -> Self {
            U128(self.0.saturating_mul(rhs.0))
        }
        pub fn saturating_pow(self, exp: u32) -> Self {
            U128(self.0.saturating_pow(exp))
        }
        pub fn count_ones(self) -> u32 {
            self.0.count_ones()
        }
        pub fn count_zeros(self) -> u32 {
            self.0.count_zeros()
        }
        pub fn leading_zeros(self) -> u32 {
            self.0.leading_zeros()
        }
        pub fn trailing_zeros(self) -> u32 {
            self.0.trailing_zeros()
        }
        pub fn leading_ones(self) -> u32 {
            self.0.leading_ones()
        }
        pub fn trailing_ones(self) -> u32 {
            self.0.trailing_ones()
        }
        pub fn rotate_left(self, n: u32) -> Self {
            U128(self.0.rotate_left(n))
        }
        pub fn rotate_right(self, n: u32) -> Self {
            U128(self.0.rotate_right(n))
        }
        pub fn swap_bytes(self) -> Self {
            U128(self.0.swap_bytes())
        }
        pub fn reverse_bits(self) -> Self {
            U128(self.0.reverse_bits())
        }
        pub fn is_power_of_two(self) -> bool {
            self.0.is_power_of_two()
        }
        pub fn abs_diff(self, other: Self) -> Self {
            U128(self.0.abs_diff(other.0))
        }
        #[drt(requires = "rhs.0 != BUint::ZERO")]
        pub fn div_euclid(self, rhs: Self) -> Self {
            U128(self.0.div_euclid(rhs.0))
        }
        #[drt(requires = "rhs.0 != BUint::ZERO")]
        pub fn rem_euclid(self, rhs: Self) -> Self {
            U128(self.0.rem_euclid(rhs.0))
        }
        #[drt(requires = "rhs.0 != BUint::ZERO")]
        pub fn div_ceil(self, rhs: Self) -> Self {
            U128(self.0.div_ceil(rhs.0))
        }
        #[drt(requires = "self.0 != BUint::ZERO")]
        pub fn ilog2(self) -> u32 {
            self.0.ilog2()
        }
        #[drt(requires = "self.0 != BUint::ZERO")]
        pub fn ilog10(self) -> u32 {
            self.0.ilog10()
        }
        #[drt(requires = "self.0 <= BUint::ONE << 127u32")]
        pub fn next_power_of_two(self) -> Self {
            U128(self.0.next_power_of_two())
        }
        pub fn midpoint(self, rhs: Self) -> Self {
            U128(self.0.midpoint(rhs.0))
        }
        // `num_integer::Integer`, which the crate implements (feature `numtraits`).
        pub fn is_multiple_of(self, rhs: Self) -> bool {
            Integer::is_multiple_of(&self.0, &rhs.0)
        }
        pub fn gcd(self, rhs: Self) -> Self {
            U128(Integer::gcd(&self.0, &rhs.0))
        }
        pub fn lcm(self, rhs: Self) -> Self {
            U128(Integer::lcm(&self.0, &rhs.0))
        }
        pub fn is_even(self) -> bool {
            Integer::is_even(&self.0)
        }
    }
}

pub mod bare {
    use std::fmt;
    use std::str::FromStr;

    use bnum::errors::ParseIntError;
    use bnum::BUint;
    use num_integer::Integer;

    /// An unsigned 128-bit integer of two 64-bit digits.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct U128(pub BUint<2>);

    impl fmt::Display for U128 {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            fmt::Display::fmt(&self.0, f)
        }
    }

    #[drt::operations]
    impl FromStr for U128 {
        type Err = ParseIntError;
        fn from_str(s: &str) -> Result<Self, Self::Err> {
            BUint::from_str(s).map(U128)
        }
    }

    #[drt::operations]
    impl U128 {
        pub fn from_u64(n: u64) -> Self {
            U128(BUint::from(n))
        }
        pub fn from_str_radix(src: &str, radix: u32) -> Result<Self, ParseIntError> {
            BUint::from_str_radix(src, radix).map(U128)
        }
        pub fn max_value() -> Self {
            U128(BUint::MAX)
        }
        pub fn min_value() -> Self {
            U128(BUint::MIN)
        }
        pub fn checked_add(self, rhs: Self) -> Option<Self> {
            self.0.checked_add(rhs.0).map(U128)
        }
        pub fn checked_sub(self, rhs: Self) -> Option<Self> {
            self.0.checked_sub(rhs.0).map(U128)
        }
        pub fn checked_mul(self, rhs: Self) -> Option<Self> {
            self.0.checked_mul(rhs.0).map(U128)
        }
        pub fn checked_div(self, rhs: Self) -> Option<Self> {
            self.0.checked_div(rhs.0).map(U128)
        }
        pub fn checked_rem(self, rhs: Self) -> Option<Self> {
            self.0.checked_rem(rhs.0).map(U128)
        }
        pub fn checked_pow(self, exp: u32) -> Option<Self> {
            self.0.checked_pow(exp).map(U128)
        }
        pub fn checked_shl(self, rhs: u32) -> Option<Self> {
            self.0.checked_shl(rhs).map(U128)
        }
        pub fn checked_shr(self, rhs: u32) -> Option<Self> {
            self.0.checked_shr(rhs).map(U128)
        }
        pub fn checked_next_power_of_two(self) -> Option<Self> {
            self.0.checked_next_power_of_two().map(U128)
        }
        pub fn checked_ilog2(self) -> Option<u32> {
            self.0.checked_ilog2()
        }
        pub fn checked_ilog10(self) -> Option<u32> {
            self.0.checked_ilog10()
        }
        pub fn wrapping_add(self, rhs: Self) -> Self {
            U128(self.0.wrapping_add(rhs.0))
        }
        pub fn wrapping_sub(self, rhs: Self) -> Self {
            U128(self.0.wrapping_sub(rhs.0))
        }
        pub fn wrapping_mul(self, rhs: Self) -> Self {
            U128(self.0.wrapping_mul(rhs.0))
        }
        pub fn wrapping_pow(self, exp: u32) -> Self {
            U128(self.0.wrapping_pow(exp))
        }
        pub fn wrapping_shl(self, rhs: u32) -> Self {
            U128(self.0.wrapping_shl(rhs))
        }
        pub fn wrapping_shr(self, rhs: u32) -> Self {
            U128(self.0.wrapping_shr(rhs))
        }
        pub fn wrapping_neg(self) -> Self {
            U128(self.0.wrapping_neg())
        }
        pub fn overflowing_add(self, rhs: Self) -> (Self, bool) {
            {
                let (v, o) = self.0.overflowing_add(rhs.0);
                (U128(v), o)
            }
        }
        pub fn overflowing_sub(self, rhs: Self) -> (Self, bool) {
            {
                let (v, o) = self.0.overflowing_sub(rhs.0);
                (U128(v), o)
            }
        }
        pub fn overflowing_mul(self, rhs: Self) -> (Self, bool) {
            {
                let (v, o) = self.0.overflowing_mul(rhs.0);
                (U128(v), o)
            }
        }
        pub fn saturating_add(self, rhs: Self) -> Self {
            U128(self.0.saturating_add(rhs.0))
        }
        pub fn saturating_sub(self, rhs: Self) -> Self {
            U128(self.0.saturating_sub(rhs.0))
        }
        pub fn saturating_mul(self, rhs: Self) -> Self {
            U128(self.0.saturating_mul(rhs.0))
        }
        pub fn saturating_pow(self, exp: u32) -> Self {
            U128(self.0.saturating_pow(exp))
        }
        pub fn count_ones(self) -> u32 {
            self.0.count_ones()
        }
        pub fn count_zeros(self) -> u32 {
            self.0.count_zeros()
        }
        pub fn leading_zeros(self) -> u32 {
            self.0.leading_zeros()
        }
        pub fn trailing_zeros(self) -> u32 {
            self.0.trailing_zeros()
        }
        pub fn leading_ones(self) -> u32 {
            self.0.leading_ones()
        }
        pub fn trailing_ones(self) -> u32 {
            self.0.trailing_ones()
        }
        pub fn rotate_left(self, n: u32) -> Self {
            U128(self.0.rotate_left(n))
        }
        pub fn rotate_right(self, n: u32) -> Self {
            U128(self.0.rotate_right(n))
        }
        pub fn swap_bytes(self) -> Self {
            U128(self.0.swap_bytes())
        }
        pub fn reverse_bits(self) -> Self {
            U128(self.0.reverse_bits())
        }
        pub fn is_power_of_two(self) -> bool {
            self.0.is_power_of_two()
        }
        pub fn abs_diff(self, other: Self) -> Self {
            U128(self.0.abs_diff(other.0))
        }
        /// # Panics
        ///
        /// This function will panic if `rhs` is zero.
        pub fn div_euclid(self, rhs: Self) -> Self {
            U128(self.0.div_euclid(rhs.0))
        }
        /// # Panics
        ///
        /// This function will panic if `rhs` is zero.
        pub fn rem_euclid(self, rhs: Self) -> Self {
            U128(self.0.rem_euclid(rhs.0))
        }
        /// # Panics
        ///
        /// This function will panic if `rhs` is zero.
        pub fn div_ceil(self, rhs: Self) -> Self {
            U128(self.0.div_ceil(rhs.0))
        }
        /// # Panics
        ///
        /// This function will panic if `self` is zero.
        pub fn ilog2(self) -> u32 {
            self.0.ilog2()
        }
        /// # Panics
        ///
        /// This function will panic if `self` is zero.
        pub fn ilog10(self) -> u32 {
            self.0.ilog10()
        }
        /// # Panics
        ///
        /// When return value overflows, it panics in debug mode and the return value is wrapped to 0 in release mode.
        pub fn next_power_of_two(self) -> Self {
            U128(self.0.next_power_of_two())
        }
        pub fn midpoint(self, rhs: Self) -> Self {
            U128(self.0.midpoint(rhs.0))
        }
        // `num_integer::Integer`, which the crate implements (feature `numtraits`).
        pub fn is_multiple_of(self, rhs: Self) -> bool {
            Integer::is_multiple_of(&self.0, &rhs.0)
        }
        pub fn gcd(self, rhs: Self) -> Self {
            U128(Integer::gcd(&self.0, &rhs.0))
        }
        pub fn lcm(self, rhs: Self) -> Self {
            U128(Integer::lcm(&self.0, &rhs.0))
        }
        pub fn is_even(self) -> bool {
            Integer::is_even(&self.0)
        }
    }
}

pub fn careful() -> drt::Explorer {
    drt::explore::<careful::U128>().against::<u128>()
}

pub fn bare() -> drt::Explorer {
    drt::explore::<bare::U128>().against::<u128>()
}

/// `is_multiple_of` with a zero divisor: its panic (or a divergence from
/// `u128`, or the postcondition).
pub fn is_it(f: &drt::Failure) -> bool {
    f.operation.ends_with("::is_multiple_of")
        && match f.kind {
            drt::FailureKind::Panic => f.message.contains("zero") || f.message.contains("divisor"),
            drt::FailureKind::Divergence | drt::FailureKind::Postcondition => true,
            _ => false,
        }
}

pub fn bug() -> Bug {
    Bug {
        name: "bnum 0.13.0: Integer::is_multiple_of(x, 0) panics instead of answering x == 0",
        source: "https://github.com/isaacholt100/bnum/blob/master/changes/prior-bugs.md",
        careful,
        bare,
        is_it,
    }
}

#[cfg(test)]
mod tests {
    use bnum::BUint;
    use num_integer::Integer;

    #[test]
    #[should_panic]
    fn the_crate_is_buggy() {
        // fixed in 0.14.0: `true` (0 is a multiple of 0), as `0u128.is_multiple_of(0)`
        let _ = Integer::is_multiple_of(&BUint::<2>::ZERO, &BUint::<2>::ZERO);
    }

    // Measured: seeds 1-10 all find it within 200,000 sequences (release, in process): after 33-146,043, median 1,618.
    #[test]
    fn careful_finds_it() {
        crate::assert_found(super::bug(), 6, 20_000);
    }
}
