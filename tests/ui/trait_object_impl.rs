pub trait Shape {
    fn area(&self) -> u64;
}

#[drt::operations]
impl dyn Shape {
    pub fn double(&self) -> u64 {
        self.area() * 2
    }
}

fn main() {}
