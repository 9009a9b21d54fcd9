pub struct Stack {
    items: Vec<u8>,
}

#[drt::operations(requires(push = "self.len( <"))]
impl Stack {
    pub fn new() -> Self {
        Stack { items: Vec::new() }
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn push(&mut self, item: u8) {
        self.items.push(item);
    }

    #[drt(requires = "!")]
    pub fn pop(&mut self) -> Option<u8> {
        self.items.pop()
    }
}

fn main() {}
