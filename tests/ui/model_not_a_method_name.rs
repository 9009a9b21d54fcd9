pub struct Set {
    items: Vec<u32>,
}

#[drt::operations]
impl Set {
    pub fn new() -> Self {
        Set { items: Vec::new() }
    }

    #[drt(model = "range(..)")]
    pub fn between(&self, lo: u32) -> usize {
        self.items.iter().filter(|x| **x >= lo).count()
    }
}

fn main() {}
