// The suggested instantiation meets the parameter's std bounds, so following
// it compiles: `String` for an `AsRef<str>`. An `IntoIterator<Item = u32>`
// needs none: drt passes its own iterators of `u32`.
pub struct Totals {
    sum: u64,
}

#[drt::operations]
impl Totals {
    pub fn new() -> Self {
        Totals { sum: 0 }
    }

    pub fn extend_from<I: IntoIterator<Item = u32>>(&mut self, items: I) {
        self.sum += items.into_iter().map(u64::from).sum::<u64>();
    }

    pub fn label<S: AsRef<str>>(&mut self, name: S) -> usize {
        name.as_ref().len()
    }
}

fn main() {}
