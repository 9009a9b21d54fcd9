// Laws are skipped by name, and apply where the signatures match exactly.
pub struct Stack(Vec<u8>);

#[drt::operations(laws(skip(len_iter, is_empty)))]
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
    pub fn iter(&self) -> impl Iterator<Item = &u8> + '_ {
        self.0.iter()
    }
}

fn main() {}
