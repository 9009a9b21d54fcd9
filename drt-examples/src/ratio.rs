//! An exact non-negative fraction in lowest terms, as a recipe scaler or a
//! bandwidth share keeps one. Planted bug: `checked_div` by a zero fraction is not
//! refused; it makes a denominator of zero (the invariant says there is
//! none), and the next `floor` of it divides by zero.
//!
//! A zero is made by many calls (`fract` of a whole number, `checked_sub` of equal
//! fractions, `checked_mul` by zero, `from_int(0)`), but kept once among the many
//! fractions the search makes (index pruning): the search draws it as an
//! argument anew, by one of those calls, as often as calls make it.

/// A fraction `num / den`, in lowest terms, `den > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: u64,
    den: u64,
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    /// `num / den` reduced; the caller checked `den != 0`.
    fn reduced(num: u64, den: u64) -> Ratio {
        let g = gcd(num, den);
        Ratio { num: num / g, den: den / g }
    }

    /// `num / den` reduced, when both then fit in `u64`.
    // BUG: no zero `den` is refused: `checked_div` by a zero fraction makes one
    // (`(den != 0).then(..)` is missing), and `floor`, `fract` and `of`
    // of the result divide by zero.
    fn checked(num: u128, den: u128) -> Option<Ratio> {
        let mut g = (num, den);
        while g.1 != 0 {
            g = (g.1, g.0 % g.1);
        }
        let g = g.0.max(1);
        Some(Ratio { num: u64::try_from(num / g).ok()?, den: u64::try_from(den / g).ok()? })
    }
}

#[drt::operations(invariant(has_a_denominator))]
impl Ratio {
    /// `num / den`, or `None` when `den` is zero.
    pub fn new(num: u32, den: u32) -> Option<Ratio> {
        (den != 0).then(|| Ratio::reduced(u64::from(num), u64::from(den)))
    }

    /// The whole number `n`.
    pub fn from_int(n: u32) -> Ratio {
        Ratio { num: u64::from(n), den: 1 }
    }

    /// The numerator, in lowest terms.
    pub fn numer(&self) -> u64 {
        self.num
    }

    /// The denominator, in lowest terms (never zero).
    pub fn denom(&self) -> u64 {
        self.den
    }

    /// Whether the fraction is zero.
    pub fn is_zero(&self) -> bool {
        self.num == 0
    }

    /// The whole part, rounded down.
    pub fn floor(&self) -> u64 {
        self.num / self.den
    }

    /// What is left after the whole part: `7/2` gives `1/2`.
    pub fn fract(self) -> Ratio {
        Ratio::reduced(self.num % self.den, self.den)
    }

    /// The sum, or `None` when it does not fit.
    pub fn checked_add(self, other: Ratio) -> Option<Ratio> {
        let num = u128::from(self.num) * u128::from(other.den) + u128::from(other.num) * u128::from(self.den);
        Ratio::checked(num, u128::from(self.den) * u128::from(other.den))
    }

    /// The difference, or `None` when it would be negative or does not fit.
    pub fn checked_sub(self, other: Ratio) -> Option<Ratio> {
        let a = u128::from(self.num) * u128::from(other.den);
        let b = u128::from(other.num) * u128::from(self.den);
        Ratio::checked(a.checked_sub(b)?, u128::from(self.den) * u128::from(other.den))
    }

    /// The product, or `None` when it does not fit.
    pub fn checked_mul(self, other: Ratio) -> Option<Ratio> {
        Ratio::checked(u128::from(self.num) * u128::from(other.num), u128::from(self.den) * u128::from(other.den))
    }

    /// The quotient, or `None` when it does not fit or `other` is zero.
    pub fn checked_div(self, other: Ratio) -> Option<Ratio> {
        Ratio::checked(u128::from(self.num) * u128::from(other.den), u128::from(self.den) * u128::from(other.num))
    }

    /// `1 / self`, or `None` for zero.
    pub fn recip(self) -> Option<Ratio> {
        (self.num != 0).then_some(Ratio { num: self.den, den: self.num })
    }

    /// The fraction scaled to a whole number of `parts` (a share of a
    /// bandwidth in bytes per second), rounded down.
    pub fn of(&self, parts: u32) -> u64 {
        (u128::from(self.num) * u128::from(parts) / u128::from(self.den)) as u64
    }

    /// The larger of the two.
    pub fn max(self, other: Ratio) -> Ratio {
        if u128::from(self.num) * u128::from(other.den) >= u128::from(other.num) * u128::from(self.den) {
            self
        } else {
            other
        }
    }

    /// The invariant: the denominator is not zero.
    fn has_a_denominator(&self) -> bool {
        self.den != 0
    }
}
