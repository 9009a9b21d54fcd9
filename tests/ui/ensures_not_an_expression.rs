pub struct Counter(u8);

#[drt::operations]
impl Counter {
    pub fn new() -> Self {
        Counter(0)
    }
    #[drt(ensures = "result ==")]
    pub fn get(&self) -> u8 {
        self.0
    }
}

fn main() {}
