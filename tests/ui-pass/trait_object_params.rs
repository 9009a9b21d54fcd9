// A `Box<dyn Trait>` parameter compiles: drt has no value of `dyn Trait` to
// box, so its values come from operations returning `Box<dyn Trait>`.
use std::fmt::Display;

/// Lines of text of any printable kind.
#[derive(Default)]
pub struct Log {
    lines: Vec<String>,
}

#[drt::operations]
impl Log {
    pub fn new() -> Log {
        Log::default()
    }
    pub fn add_boxed(&mut self, line: Box<dyn Display>) {
        self.lines.push(line.to_string());
    }
    pub fn add_all(&mut self, lines: Vec<Box<dyn Display>>) {
        self.lines.extend(lines.iter().map(|l| l.to_string()));
    }
    pub fn len(&self) -> usize {
        self.lines.len()
    }
}

/// Makes printable values.
pub struct Lines;

#[drt::operations]
impl Lines {
    pub fn number(n: u8) -> Box<dyn Display> {
        Box::new(n)
    }
}

fn main() {
    let report = drt::explore::<Log>().max_sequences(300).report();
    assert!(report.failures.is_empty(), "{report}");
    assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
}
