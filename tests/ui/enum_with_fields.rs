#[drt::operations]
pub enum Shape {
    Dot,
    Circle(u32),
    Rect { w: u32, h: u32 },
}

#[drt::operations]
pub enum Wrapper<T> {
    Empty,
    Full(T),
}

#[drt::operations]
pub enum Never {}

fn main() {}
