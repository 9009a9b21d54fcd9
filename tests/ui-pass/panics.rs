// Documented panics are not failures: `panics(f)` and `panics(f = "text")` on
// the impl, `#[drt(panics)]` and `#[drt(panics = "text")]` on a method, and a
// `# Panics` section in a method's doc comment (`## Panic`, `**Panics**`, or a
// paragraph starting "Panics if").
pub struct Buffer {
    items: Vec<u8>,
}

#[drt::operations(panics(reserve = "capacity", first))]
impl Buffer {
    pub fn new() -> Self {
        Buffer { items: Vec::new() }
    }

    pub fn push(&mut self, item: u8) {
        if self.items.len() < 4 {
            self.items.push(item);
        }
    }

    pub fn reserve(&self, extra: u8) {
        assert!(extra < 10, "over capacity: {extra}");
    }

    pub fn first(&self) -> u8 {
        self.items[0]
    }

    #[drt(panics)]
    pub fn last(&self) -> u8 {
        *self.items.last().unwrap()
    }

    #[drt(panics = "divide by zero")]
    pub fn share(&self, parts: u8) -> u8 {
        self.items.len() as u8 / parts
    }

    /// The item at `index`.
    ///
    /// # Panics
    ///
    /// When `index` is out of bounds.
    pub fn get(&self, index: usize) -> u8 {
        self.items[index]
    }

    /// As crates write the heading too: in bold...
    ///
    /// ***Panics:***
    ///
    /// When `index` is out of bounds.
    pub fn at(&self, index: usize) -> u8 {
        self.items[index]
    }

    /// ...in the singular...
    ///
    /// ## Panic
    /// When `index` is out of bounds.
    pub fn item(&self, index: usize) -> u8 {
        self.items[index]
    }

    /// ...or as a paragraph with no heading.
    ///
    /// Panics if `index` is out of bounds.
    pub fn nth(&self, index: usize) -> u8 {
        self.items[index]
    }
}

fn main() {
    let report = drt::explore::<Buffer>().max_sequences(200).report();
    assert!(report.failures.is_empty(), "{report}");
    assert!(report.stats.operations.iter().all(|o| o.attempted > 0), "{:?}", report.stats.operations);
}
