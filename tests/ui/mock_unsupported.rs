#[drt::mock]
pub trait Backend {
    type Key;
    fn load<T: Default>(&self) -> T;
    fn name(&self) -> &str;
    fn fresh() -> Self;
    fn size(&self) -> usize {
        0
    }
}

#[drt::mock]
pub trait Keyed<K> {
    fn key(&self) -> K;
}

#[drt::mock]
pub trait Named: std::fmt::Display {
    fn id(&self) -> u32;
}

#[drt::mock]
pub struct NotATrait;

fn main() {}
