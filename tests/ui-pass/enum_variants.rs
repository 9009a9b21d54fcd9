// `#[drt::operations]` on an enum whose variants have no fields: drt passes
// each variant where the enum is taken, and emitted tests name it.

#[drt::operations]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

#[derive(Debug, Default)]
pub struct Cursor {
    x: i8,
    y: i8,
}

#[drt::operations]
impl Cursor {
    pub fn new() -> Self {
        Cursor::default()
    }

    pub fn step(&mut self, d: Direction) {
        match d {
            Direction::Up => self.y = self.y.saturating_add(1),
            Direction::Down => self.y = self.y.saturating_sub(1),
            Direction::Left => self.x = self.x.saturating_sub(1),
            Direction::Right => {
                self.x += 1;
                assert!(self.x < 3, "past the right edge");
            }
        }
    }
}

fn main() {
    let report = drt::explore::<Cursor>().seed(1).max_sequences(2_000).report();
    assert_eq!(report.failures.len(), 1, "{report}");
    let code = &report.failures[0].code;
    assert!(code.contains("cursor.step(") && code.contains("Direction::Right)"), "{code}");
    assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
}
