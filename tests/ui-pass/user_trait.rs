// An impl of the user's own trait is an operation; the tests drt writes call
// its methods by their qualified path (`<my_crate::Rect as my_crate::Shape>::area(&rect)`).
pub trait Shape {
    fn area(&self) -> u32;
    fn scale(&mut self, factor: u32);
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rect {
    width: u32,
    height: u32,
}

#[drt::operations]
impl Rect {
    pub fn new(width: u32, height: u32) -> Rect {
        Rect { width, height }
    }
}

#[drt::operations]
impl Shape for Rect {
    fn area(&self) -> u32 {
        // BUG: overflows for large rectangles; the area should be a `u64`.
        self.width * self.height
    }

    fn scale(&mut self, factor: u32) {
        self.width = self.width.saturating_mul(factor);
        self.height = self.height.saturating_mul(factor);
    }
}

fn main() {
    let report = drt::explore::<Rect>().max_sequences(300).report();
    assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
    assert_eq!(report.failures.len(), 1, "{report}");
    let f = &report.failures[0];
    assert_eq!(f.operation, "Rect::area");
    assert!(f.message.contains("multiply with overflow"), "{}", f.message);
    // Both by their full path, so the test compiles wherever it is pasted.
    let krate = module_path!();
    assert!(f.code.contains(&format!("<{krate}::Rect as {krate}::Shape>::area(&rect)")), "{}", f.code);
}
