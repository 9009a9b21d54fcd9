//! A mocked trait with a method drt cannot answer, taken by an operation:
//! the error says why at the method, and nothing more (no "no mock of"
//! error at the parameter).

#[drt::mock]
pub trait Store {
    fn name(&self) -> &str;
    fn get(&self, key: u8) -> Option<u32>;
}

pub struct Cache;

#[drt::operations]
impl Cache {
    pub fn new() -> Self {
        Cache
    }
    pub fn fill(&mut self, store: &mut impl Store) -> Option<u32> {
        store.get(0)
    }
}

fn main() {}
