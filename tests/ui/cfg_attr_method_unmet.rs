// drt reads a method's `#[cfg_attr(condition, drt(...))]` wherever the
// block is explored: a condition that does not hold there is an error.
#![allow(unexpected_cfgs)]

pub struct Counter(u32);

#[drt::operations]
impl Counter {
    pub fn new() -> Self {
        Counter(0)
    }

    #[cfg_attr(feature = "slow", drt(skip))]
    pub fn reset(&mut self) {
        self.0 = 0;
    }
}

fn main() {}
