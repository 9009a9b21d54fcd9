#[derive(Clone, Debug)]
pub struct Point {
    pub x: i32,
}

#[drt::generator]
pub fn origin() -> Point {
    Point { x: 0 }
}

fn main() {}
