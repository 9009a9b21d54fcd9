pub struct Counter(u8);

#[drt::operations]
impl Counter {
    pub fn new() -> Self {
        Counter(0)
    }
    #[drt(ensures = "result + 1")]
    pub fn get(&self) -> u8 {
        self.0
    }
}

fn main() {}
