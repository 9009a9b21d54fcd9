// Operator trait impls are operations, and the tests drt writes call them
// with the operator: `a + b`, `a += b`, `-a`, `v[i]` (and `a - b`, `a * n`,
// `a == b` when they are part of a failing sequence).
use std::ops::{Add, AddAssign, Index, Mul, Neg, Sub, SubAssign};

/// An amount of money, in cents.
#[derive(Clone, Copy, Debug)]
pub struct Money {
    cents: i64,
}

#[drt::operations]
impl Money {
    pub fn from_cents(cents: i64) -> Money {
        Money { cents }
    }
}

#[drt::operations]
impl Add for Money {
    type Output = Money;

    fn add(self, rhs: Money) -> Money {
        // BUG: overflows; `saturating_add` was meant.
        Money { cents: self.cents + rhs.cents }
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
        // BUG: overflows, like `add`.
        self.cents += rhs.cents;
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
impl PartialEq for Money {
    fn eq(&self, other: &Money) -> bool {
        self.cents == other.cents
    }
}

/// `c0 + c1 x + c2 x^2 + ...`
#[derive(Clone, Debug, PartialEq)]
pub struct Polynomial {
    coeffs: Vec<i64>,
}

#[drt::operations]
impl Polynomial {
    pub fn new(coeffs: Vec<i64>) -> Polynomial {
        Polynomial { coeffs }
    }
}

#[drt::operations]
impl Index<usize> for Polynomial {
    type Output = i64;

    /// The coefficient of `x^i`.
    fn index(&self, i: usize) -> &i64 {
        // BUG: the coefficients past the degree are zero, not out of bounds.
        &self.coeffs[i]
    }
}

#[drt::operations]
impl Neg for Polynomial {
    type Output = Polynomial;

    fn neg(self) -> Polynomial {
        // BUG: -i64::MIN overflows.
        Polynomial { coeffs: self.coeffs.into_iter().map(|c| -c).collect() }
    }
}

/// A named lifetime that only the trait mentions is the elided one.
#[drt::operations]
impl<'a> SubAssign<&'a Polynomial> for Polynomial {
    fn sub_assign(&mut self, rhs: &'a Polynomial) {
        for (c, r) in self.coeffs.iter_mut().zip(&rhs.coeffs) {
            *c = c.wrapping_sub(*r);
        }
    }
}

fn main() {
    let report = drt::explore::<Money>().max_sequences(300).report();
    assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
    let code = |op: &str, message: &str| match report.failures.iter().find(|f| f.operation == op) {
        Some(f) => {
            assert!(f.message.contains(message), "{}", f.message);
            f.code.clone()
        }
        None => panic!("no failure in {op}: {report}"),
    };
    let add = code("Money::add", "attempt to add with overflow");
    assert!(add.contains(" + money"), "{add}");
    let add_assign = code("Money::add_assign", "attempt to add with overflow");
    assert!(add_assign.contains(" += money"), "{add_assign}");
    assert_eq!(report.failures.len(), 2, "{report}");
    for op in ["Money::sub", "Money::mul", "Money::eq"] {
        let stats = report.stats.operations.iter().find(|o| o.name == op);
        assert!(stats.is_some_and(|s| s.succeeded > 0), "{op}: {:?}", report.stats.operations);
    }

    let report = drt::explore::<Polynomial>().max_sequences(300).report();
    assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
    assert_eq!(report.failures.len(), 2, "{report}");
    let index = report.failures.iter().find(|f| f.operation == "Polynomial::index").expect("index fails");
    assert!(index.code.contains("= polynomial["), "{}", index.code);
    let sub_assign = report.stats.operations.iter().find(|o| o.name == "Polynomial::sub_assign");
    assert!(sub_assign.is_some_and(|s| s.succeeded > 0), "{:?}", report.stats.operations);
    let neg = report.failures.iter().find(|f| f.operation == "Polynomial::neg").expect("neg fails");
    assert!(neg.message.contains("attempt to negate with overflow"), "{}", neg.message);
    assert!(neg.code.contains("= -polynomial"), "{}", neg.code);
}
