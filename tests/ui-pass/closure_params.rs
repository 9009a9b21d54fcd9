//! Closure parameters: `impl Fn`, `impl FnMut`, `impl FnOnce`, `&dyn Fn`,
//! `&mut dyn FnMut`, `Box<dyn Fn>` and generic `F: Fn`, of zero to three arguments
//! (borrowed ones too), returning values or nothing. Every such method runs.

#[derive(Clone, Debug, Default)]
pub struct Items {
    items: Vec<u32>,
    seen: usize,
}

#[drt::operations]
impl Items {
    pub fn new() -> Self {
        Items::default()
    }
    pub fn push(&mut self, x: u32) {
        self.items.push(x)
    }
    pub fn keep(&mut self, keep: impl Fn(&u32) -> bool) {
        self.items.retain(keep)
    }
    pub fn map_all(&mut self, mut f: impl FnMut(u32) -> u32) {
        self.items.iter_mut().for_each(|x| *x = f(*x))
    }
    pub fn fill_with(&mut self, make: impl FnOnce() -> Option<u32>) -> bool {
        make().map(|x| self.items.push(x)).is_some()
    }
    pub fn count_where(&self, pred: &dyn Fn(&u32, usize) -> bool) -> usize {
        self.items.iter().enumerate().filter(|(i, x)| pred(x, *i)).count()
    }
    pub fn visit(&mut self, visit: &mut dyn FnMut(u32, bool, &str)) {
        for &x in &self.items {
            visit(x, x % 2 == 0, "item");
        }
        self.seen += self.items.len();
    }
    pub fn first_by<F: Fn(&u32) -> bool>(&self, pred: F) -> Option<u32> {
        self.items.iter().copied().find(|x| pred(x))
    }
    pub fn keep_boxed(&mut self, keep: Box<dyn Fn(&u32) -> bool>) {
        self.items.retain(|x| keep(x))
    }
    pub fn map_boxed(&mut self, mut f: std::boxed::Box<dyn FnMut(u32) -> u32 + Send>) {
        self.items.iter_mut().for_each(|x| *x = f(*x))
    }
    pub fn len(&self) -> usize {
        self.items.len()
    }
    // A named lifetime in the closure's bound, as indexmap writes it: the
    // closure drt makes takes any lifetime.
    pub fn position_by<'a, F>(&'a self, mut f: F) -> Option<usize>
    where
        F: FnMut(&'a u32, usize) -> bool,
    {
        self.items.iter().enumerate().position(|(i, x)| f(x, i))
    }
    pub fn any_of<'a>(&'a self, pred: impl Fn(&'a u32) -> bool) -> bool {
        self.items.iter().any(pred)
    }
    // Comparators answer `Ordering`s; std's sort may refuse one that
    // answers at random (an illegal input, not a bug).
    pub fn sort_by(&mut self, compare: impl FnMut(&u32, &u32) -> std::cmp::Ordering) {
        self.items.sort_by(compare)
    }
    pub fn search_by(&self, f: impl FnMut(&u32) -> std::cmp::Ordering) -> Result<usize, usize> {
        self.items.binary_search_by(f)
    }
    // A closure whose return type is a parameter of its own: `instantiate`
    // names that one, and drt fills the closure's (no one can name it).
    #[drt(instantiate(K = u32))]
    pub fn dedup_by_key<F, K>(&mut self, key: F)
    where
        F: FnMut(&mut u32) -> K,
        K: PartialEq,
    {
        self.items.dedup_by_key(key)
    }
}

fn main() {
    let report = drt::explore::<Items>().max_sequences(2_000).report();
    assert!(report.failures.is_empty(), "{report}");
    for name in ["keep", "map_all", "fill_with", "count_where", "visit", "first_by", "keep_boxed", "map_boxed", "position_by", "any_of", "sort_by", "search_by", "dedup_by_key::<_, u32>"] {
        let op = report.stats.operations.iter().find(|o| o.name == format!("Items::{name}")).expect(name);
        assert!(op.succeeded > 0, "{name} never ran:\n{report}");
    }
}
