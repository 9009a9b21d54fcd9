#[derive(Clone, Debug)]
pub struct Point {
    pub x: i32,
}

#[drt::generator]
pub fn maybe_point(rng: &mut drt::Rng) -> Option<Point> {
    rng.chance(0.5).then_some(Point { x: 1 })
}

fn main() {}
