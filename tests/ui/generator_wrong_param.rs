#[derive(Clone, Debug)]
pub struct Point {
    pub x: i32,
}

#[drt::generator]
pub fn any_point(seed: u64) -> Point {
    Point { x: seed as i32 }
}

fn main() {}
