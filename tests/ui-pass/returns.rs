// Every return shape: kept in the pool, unwrapped, or dropped after the call.
#[derive(Debug)]
pub struct Empty;

#[derive(Clone)]
pub struct Shelf {
    items: Vec<u32>,
    sizes: [usize; 2],
}

#[drt::operations]
impl Shelf {
    pub fn new() -> Self {
        Shelf { items: Vec::new(), sizes: [1, 2] }
    }

    pub fn clear(&mut self) -> () {
        self.items.clear()
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn copy(&self) -> Self {
        self.clone()
    }

    pub fn boxed(&self) -> Box<Shelf> {
        Box::new(self.clone())
    }

    pub fn first(&self) -> Option<u32> {
        self.items.first().copied()
    }

    pub fn nonempty(self) -> Option<Self> {
        if self.items.is_empty() {
            None
        } else {
            Some(self)
        }
    }

    pub fn pop(&mut self) -> Result<u32, Empty> {
        self.items.pop().ok_or(Empty)
    }

    pub fn push(&mut self, item: u32) -> Result<(), Empty> {
        self.items.push(item);
        Ok(())
    }

    pub fn full(&self) -> std::result::Result<Vec<u32>, String> {
        Ok(self.items.clone())
    }

    pub fn split(&self) -> (u32, usize) {
        (self.items.iter().fold(0, |a, b| a.wrapping_add(*b)), self.items.len())
    }

    pub fn capacity(&self) -> &u64 {
        &64
    }

    pub fn get(&self, i: usize) -> Option<&u32> {
        self.items.get(i)
    }

    pub fn get_mut(&mut self, i: usize) -> Option<&mut u32> {
        self.items.get_mut(i)
    }

    pub fn err_str(&self) -> Result<u32, &'static str> {
        Err("no")
    }

    pub fn iter(&self) -> impl Iterator<Item = &u32> + '_ {
        self.items.iter()
    }

    pub fn evens(&self) -> impl Iterator<Item = u32> {
        self.items.clone().into_iter().filter(|i| i % 2 == 0)
    }

    // A map's entries: pairs of borrows, copied part by part.
    pub fn entry(&self, i: usize) -> Option<(&usize, &u32)> {
        self.items.get(i).map(|v| (&self.sizes[i % 2], v))
    }

    pub fn entries(&self) -> impl Iterator<Item = (&usize, &u32)> + '_ {
        self.sizes.iter().zip(&self.items)
    }

    // A part that is not `Clone`: the call is made, nothing is kept.
    pub fn labelled(&self) -> impl Iterator<Item = (&Label, &u32)> + '_ {
        self.items.iter().map(|v| (&LABEL, v))
    }

    // Items borrowed mutably: run, checked through what they point at, not kept.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut u32> + '_ {
        self.items.iter_mut()
    }

    pub fn sizes_mut(&mut self) -> impl Iterator<Item = (usize, &mut usize)> + '_ {
        self.sizes.iter_mut().enumerate()
    }

    // A borrow of the crate's own unsized type: the call is made, nothing is kept.
    pub fn words(&self) -> &Words {
        Words::new(&self.items)
    }
}

pub struct Label;

/// A view of a shelf's items, unsized like `str` and `[T]`.
#[repr(transparent)]
pub struct Words([u32]);

impl Words {
    fn new(items: &[u32]) -> &Words {
        // SAFETY: `Words` is a `repr(transparent)` wrapper of `[u32]`.
        unsafe { &*(items as *const [u32] as *const Words) }
    }
}

static LABEL: Label = Label;

fn main() {
    let report = drt::explore::<Shelf>().max_sequences(200).report();
    assert!(report.failures.is_empty(), "{report}");
    let ops = report.stats.operations.iter().filter(|o| o.name.starts_with("Shelf::")).count();
    assert_eq!(ops, 23);
    let idle: Vec<&str> =
        report.stats.operations.iter().filter(|o| o.succeeded == 0).map(|o| o.name.as_str()).collect();
    assert!(idle.is_empty(), "{idle:?}");
}
