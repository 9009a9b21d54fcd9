pub struct Counter(u8);

#[drt::operations(ensures(bump = "self.0 > 0"))]
impl Counter {
    pub fn new() -> Self {
        Counter(0)
    }
    pub fn get(&self) -> u8 {
        self.0
    }
}

fn main() {}
