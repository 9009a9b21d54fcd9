pub struct Counter(u8);

#[drt::operations]
impl Counter {
    pub fn new() -> Self {
        Counter(0)
    }
    #[drt(ensures = "self.0 == old.0.wrapping_add(1)")]
    pub fn bump(&mut self) {
        self.0 = self.0.wrapping_add(1);
    }
}

fn main() {}
