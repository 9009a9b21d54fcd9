#[derive(Clone, Debug)]
pub struct Point {
    pub x: i32,
}

#[drt::generator(weight = 3)]
pub fn any_point(rng: &mut drt::Rng) -> Point {
    Point { x: rng.between(0, 9) as i32 }
}

fn main() {}
