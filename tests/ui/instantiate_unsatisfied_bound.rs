use std::collections::BTreeSet;

pub struct SortedSet<T> {
    items: BTreeSet<T>,
}

#[drt::operations(instantiate(T = f64))]
impl<T: Ord> SortedSet<T> {
    pub fn new() -> Self {
        SortedSet { items: BTreeSet::new() }
    }

    pub fn insert(&mut self, item: T) -> bool {
        self.items.insert(item)
    }
}

fn main() {}
