//! `crate = "..."` that is not a path, and one naming nothing: the first is
//! drt's error at the string, the second rustc's, at the string too.

pub struct A;

#[drt::operations(crate = "not a path")]
impl A {
    pub fn new() -> Self {
        A
    }
}

pub struct B;

#[drt::operations(crate = "nowhere::drt")]
impl B {
    pub fn new() -> Self {
        B
    }
}

#[drt::mock(crate = "x", skip)]
pub trait Clock {
    fn now(&self) -> u64;
}

fn main() {}
