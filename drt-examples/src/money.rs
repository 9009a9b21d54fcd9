//! An amount of money in cents, with the operators and `FromStr` a real money
//! type has. Planted bugs: negating the most negative amount overflows (`Neg`
//! uses plain `-` where every other operator saturates), and parsing an empty
//! string indexes its first byte before checking the length.

use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub};
use std::str::FromStr;

/// An amount of money, in cents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Money {
    cents: i64,
}

#[drt::operations]
impl Money {
    /// `cents` cents.
    pub fn from_cents(cents: i64) -> Money {
        Money { cents }
    }

    /// The amount in cents.
    pub fn cents(&self) -> i64 {
        self.cents
    }

    /// Whether the amount is below zero.
    pub fn is_negative(&self) -> bool {
        self.cents < 0
    }
}

#[drt::operations]
impl Add for Money {
    type Output = Money;
    fn add(self, rhs: Money) -> Money {
        Money { cents: self.cents.saturating_add(rhs.cents) }
    }
}

#[drt::operations]
impl Sub for Money {
    type Output = Money;
    fn sub(self, rhs: Money) -> Money {
        Money { cents: self.cents.saturating_sub(rhs.cents) }
    }
}

#[drt::operations]
impl AddAssign for Money {
    fn add_assign(&mut self, rhs: Money) {
        *self = *self + rhs;
    }
}

#[drt::operations]
impl Mul<i64> for Money {
    type Output = Money;
    fn mul(self, factor: i64) -> Money {
        Money { cents: self.cents.saturating_mul(factor) }
    }
}

#[drt::operations]
impl Neg for Money {
    type Output = Money;
    fn neg(self) -> Money {
        // BUG: -i64::MIN overflows; `saturating_neg` was meant.
        Money { cents: -self.cents }
    }
}

/// Why a string is not an amount of money.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoneyError;

#[drt::operations]
impl FromStr for Money {
    type Err = ParseMoneyError;

    /// `"12.34"`, `"-0.50"`, `"7"`.
    fn from_str(s: &str) -> Result<Money, ParseMoneyError> {
        // BUG: the empty string has no first byte.
        let negative = s.as_bytes()[0] == b'-';
        let digits = if negative { &s[1..] } else { s };
        let (units, cents) = digits.split_once('.').unwrap_or((digits, "0"));
        // In i128: the text of `i64::MIN` cents has one more unit than `i64::MAX`.
        let units: i128 = units.parse().map_err(|_| ParseMoneyError)?;
        let cents: i128 = match cents.len() {
            1 => cents.parse::<i128>().map_err(|_| ParseMoneyError)? * 10,
            2 => cents.parse().map_err(|_| ParseMoneyError)?,
            _ => return Err(ParseMoneyError),
        };
        let total = units.checked_mul(100).and_then(|u| u.checked_add(cents)).ok_or(ParseMoneyError)?;
        let total = i64::try_from(if negative { -total } else { total }).map_err(|_| ParseMoneyError)?;
        Ok(Money { cents: total })
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.cents < 0 { "-" } else { "" };
        let abs = self.cents.unsigned_abs();
        write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
    }
}
