#[drt::generator]
pub struct Point {
    pub x: i32,
}

fn main() {}
