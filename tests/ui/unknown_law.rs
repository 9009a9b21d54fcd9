// `laws(skip(...))` names laws of the table; a misspelt one is refused at
// its name, with the list.
pub struct Stack(Vec<u8>);

#[drt::operations(laws(skip(len_iter, is_emty)))]
impl Stack {
    pub fn new() -> Self {
        Stack(Vec::new())
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[drt::operations(laws(ignore(roundtrip)))]
impl Stack {
    pub fn push(&mut self, x: u8) {
        self.0.push(x)
    }
}

fn main() {}
