// A closure whose return type is a parameter drt cannot choose: the error
// names only that one (the closure's own drt fills once it is given).
pub struct Items(Vec<u32>);

#[drt::operations]
impl Items {
    pub fn new() -> Self {
        Items(Vec::new())
    }
    pub fn dedup_by_key<F, K>(&mut self, key: F)
    where
        F: FnMut(&mut u32) -> K,
        K: PartialEq,
    {
        self.0.dedup_by_key(key)
    }
}

fn main() {}
