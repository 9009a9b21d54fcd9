pub struct Counter(u8);

#[drt::operations]
impl Counter {
    #[drt(ensures = "self.0 == start")]
    pub fn new(start: u8) -> Self {
        Counter(start)
    }
}

fn main() {}
