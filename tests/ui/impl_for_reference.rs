use std::ops::Add;

pub struct Money {
    cents: i64,
}

#[drt::operations]
impl Add for &Money {
    type Output = Money;

    fn add(self, rhs: &Money) -> Money {
        Money { cents: self.cents.saturating_add(rhs.cents) }
    }
}

fn main() {}
