//! Mocks of a user's traits, taken every way: `impl Trait`, `&dyn`,
//! `&mut dyn`, `&mut impl`, `Box<dyn>`, `Rc<dyn>`, `Arc<dyn>` and a generic
//! `S: Trait`; methods answering values, `Option`s and `String`s, methods
//! returning nothing, and a method with a default body drt leaves alone.

use std::rc::Rc;
use std::sync::Arc;

#[drt::mock]
pub trait Store: Send {
    fn get(&self, key: u8) -> Option<u32>;
    fn put(&mut self, key: u8, value: u32);
    fn name(&self) -> String;
    fn label(&self) -> &str {
        "store"
    }
}

#[drt::mock]
pub trait Tick {
    fn tick(&mut self) -> u64;
}

#[derive(Clone, Debug, Default)]
pub struct Cache {
    hits: u32,
}

#[drt::operations]
impl Cache {
    pub fn new() -> Self {
        Cache::default()
    }
    pub fn read(&mut self, store: &dyn Store, key: u8) -> Option<u32> {
        let v = store.get(key);
        self.hits += u32::from(v.is_some());
        v
    }
    pub fn write(&mut self, store: &mut dyn Store, key: u8, value: u32) -> usize {
        store.put(key, value);
        store.name().len() + store.label().len()
    }
    pub fn owned(&self, store: impl Store) -> Option<u32> {
        store.get(0)
    }
    pub fn ticked(&self, tick: &mut impl Tick) -> u64 {
        tick.tick()
    }
    pub fn boxed(&self, store: Box<dyn Store>) -> String {
        store.name()
    }
    pub fn shared(&self, a: Rc<dyn Tick>, b: Arc<dyn Store>) -> bool {
        Rc::strong_count(&a) > 0 && b.get(1).is_none()
    }
    pub fn generic<S: Store>(&self, store: S, key: u8) -> Option<u32> {
        store.get(key)
    }
}

fn main() {
    let report = drt::explore::<Cache>().max_sequences(3_000).report();
    assert!(report.failures.is_empty(), "{report}");
    for name in ["read", "write", "owned", "ticked", "boxed", "shared", "generic"] {
        let op = report.stats.operations.iter().find(|o| o.name == format!("Cache::{name}")).expect(name);
        assert!(op.succeeded > 0, "{name} never ran:\n{report}");
    }
    // A mock answers in turn, over again. Its setters have the methods'
    // names, so the trait's are called through the trait.
    let store = StoreMock::new().get([None, Some(3)]).name(["a".to_string()]);
    assert_eq!([Store::get(&store, 0), Store::get(&store, 7), Store::get(&store, 0)], [None, Some(3), None]);
    assert_eq!(store.label(), "store");
}
