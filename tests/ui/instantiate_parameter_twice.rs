pub struct Stack<T> {
    items: Vec<T>,
}

#[drt::operations(instantiate(T = u8, T = String))]
impl<T> Stack<T> {
    pub fn new() -> Self {
        Stack { items: Vec::new() }
    }

    pub fn push(&mut self, item: T) {
        self.items.push(item);
    }
}

fn main() {}
