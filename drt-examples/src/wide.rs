//! A 128-bit unsigned integer kept as two 64-bit halves, the way a wire
//! format or a C ABI lays one out, with the part of std's integer API it
//! mirrors; explored against `u128` itself, with no model written:
//! `drt::explore::<U128>().against::<u128>()`.
//!
//! The bug: `overflowing_sub` carries the borrow out of the low half into
//! the high half's value, but not into its overflow flag. `3 - 5` wraps
//! with the flag clear, so `checked_sub` returns `Some(2^128 - 2)` where
//! `u128` returns `None`. Every value it computes is right; only the flag,
//! and what is built on it, is wrong.

use std::fmt;

/// An unsigned 128-bit integer: `hi * 2^64 + lo`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct U128 {
    hi: u64,
    lo: u64,
}

#[drt::operations]
impl U128 {
    pub fn from(value: u128) -> U128 {
        U128 { hi: (value >> 64) as u64, lo: value as u64 }
    }

    pub fn from_be_bytes(bytes: [u8; 16]) -> U128 {
        let (hi, lo) = bytes.split_at(8);
        U128 { hi: u64::from_be_bytes(hi.try_into().unwrap()), lo: u64::from_be_bytes(lo.try_into().unwrap()) }
    }

    pub fn to_be_bytes(self) -> [u8; 16] {
        let mut bytes = [0; 16];
        bytes[..8].copy_from_slice(&self.hi.to_be_bytes());
        bytes[8..].copy_from_slice(&self.lo.to_be_bytes());
        bytes
    }

    pub fn overflowing_add(self, rhs: U128) -> (U128, bool) {
        let (lo, carry) = self.lo.overflowing_add(rhs.lo);
        let (hi, over) = self.hi.overflowing_add(rhs.hi);
        let (hi, carried_over) = hi.overflowing_add(u64::from(carry));
        (U128 { hi, lo }, over || carried_over)
    }

    pub fn overflowing_sub(self, rhs: U128) -> (U128, bool) {
        let (lo, borrow) = self.lo.overflowing_sub(rhs.lo);
        let (hi, under) = self.hi.overflowing_sub(rhs.hi);
        // BUG: the borrow's own underflow (`hi == 0` before it) is dropped.
        let hi = hi.wrapping_sub(u64::from(borrow));
        (U128 { hi, lo }, under)
    }

    pub fn checked_add(self, rhs: U128) -> Option<U128> {
        let (sum, over) = self.overflowing_add(rhs);
        (!over).then_some(sum)
    }

    pub fn checked_sub(self, rhs: U128) -> Option<U128> {
        let (difference, under) = self.overflowing_sub(rhs);
        (!under).then_some(difference)
    }

    pub fn wrapping_add(self, rhs: U128) -> U128 {
        self.overflowing_add(rhs).0
    }

    pub fn wrapping_sub(self, rhs: U128) -> U128 {
        self.overflowing_sub(rhs).0
    }

    pub fn checked_shl(self, rhs: u32) -> Option<U128> {
        Some(match rhs {
            0 => self,
            1..64 => U128 { hi: self.hi << rhs | self.lo >> (64 - rhs), lo: self.lo << rhs },
            64..128 => U128 { hi: self.lo << (rhs - 64), lo: 0 },
            _ => return None,
        })
    }

    pub fn checked_shr(self, rhs: u32) -> Option<U128> {
        Some(match rhs {
            0 => self,
            1..64 => U128 { hi: self.hi >> rhs, lo: self.lo >> rhs | self.hi << (64 - rhs) },
            64..128 => U128 { hi: 0, lo: self.hi >> (rhs - 64) },
            _ => return None,
        })
    }

    pub fn leading_zeros(self) -> u32 {
        if self.hi == 0 {
            64 + self.lo.leading_zeros()
        } else {
            self.hi.leading_zeros()
        }
    }

    pub fn trailing_zeros(self) -> u32 {
        if self.lo == 0 {
            64 + self.hi.trailing_zeros()
        } else {
            self.lo.trailing_zeros()
        }
    }

    pub fn count_ones(self) -> u32 {
        self.hi.count_ones() + self.lo.count_ones()
    }

    pub fn max(self, other: U128) -> U128 {
        Ord::max(self, other)
    }
}

/// In decimal, as std's integers print.
impl fmt::Display for U128 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&(u128::from(self.hi) << 64 | u128::from(self.lo)), f)
    }
}
