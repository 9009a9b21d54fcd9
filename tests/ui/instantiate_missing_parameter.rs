use std::collections::BTreeMap;

pub struct Cache<K, V> {
    entries: BTreeMap<K, V>,
}

#[drt::operations(instantiate(K = u8))]
impl<K: Ord, V> Cache<K, V> {
    pub fn new() -> Self {
        Cache { entries: BTreeMap::new() }
    }

    pub fn put(&mut self, key: K, value: V) {
        self.entries.insert(key, value);
    }
}

fn main() {}
