pub struct Set {
    items: Vec<u32>,
}

#[drt::operations]
impl Set {
    pub fn new() -> Self {
        Set { items: Vec::new() }
    }
    pub fn len(&self) -> usize {
        self.items.len()
    }
}

/// Its operations take one but cannot make one.
pub struct Model(Vec<u32>);

#[drt::operations]
impl Model {
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

fn main() {
    drt::explore::<Set>().against::<Model>().run();
}
