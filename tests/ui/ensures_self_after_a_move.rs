#[derive(Clone)]
pub struct Counter(u8);

#[drt::operations(ensures(into_inner = "result == self.0"))]
impl Counter {
    pub fn new() -> Self {
        Counter(0)
    }
    pub fn into_inner(self) -> u8 {
        self.0
    }
}

fn main() {}
