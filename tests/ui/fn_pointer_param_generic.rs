// In a generic impl, an error about a parameter's type points at the
// parameter in the method, not across to the `instantiate(...)` tokens.
pub struct Stack<T> {
    items: Vec<T>,
}

#[drt::operations(instantiate(T = u8))]
impl<T: Copy> Stack<T> {
    pub fn new() -> Self {
        Stack { items: Vec::new() }
    }

    pub fn map_top(&mut self, f: fn(T) -> T) {
        if let Some(top) = self.items.last_mut() {
            *top = f(*top);
        }
    }
}

fn main() {}
