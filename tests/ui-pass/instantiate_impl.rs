// A generic impl block is explored once per `instantiate(...)`, type and
// const parameters alike; each instance is its own operations.
use std::collections::VecDeque;

pub struct Stack<T> {
    items: Vec<T>,
}

#[drt::operations(instantiate(T = u8), instantiate(T = String))]
impl<T: Clone> Stack<T> {
    pub fn new() -> Self {
        Stack { items: Vec::new() }
    }

    pub fn push(&mut self, item: T) {
        self.items.push(item);
    }

    pub fn pop(&mut self) -> Option<T> {
        self.items.pop()
    }

    pub fn peek(&self) -> Option<&T> {
        self.items.last()
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }
}

/// The last `N` samples.
pub struct Window<const N: usize> {
    samples: VecDeque<u32>,
}

#[drt::operations(instantiate(N = 2), instantiate(N = 4))]
impl<const N: usize> Window<N> {
    pub fn new() -> Self {
        Window { samples: VecDeque::with_capacity(N) }
    }

    pub fn record(&mut self, sample: u32) {
        if self.samples.len() == N {
            self.samples.pop_front();
        }
        self.samples.push_back(sample);
    }

    pub fn latest(&self) -> [u32; N] {
        let mut out = [0; N];
        for (slot, s) in out.iter_mut().rev().zip(self.samples.iter().rev()) {
            *slot = *s;
        }
        out
    }

    /// The oldest sample kept.
    pub fn oldest(&self) -> u32 {
        // BUG: assumes the window is full; underflows before `N` samples.
        self.samples[self.samples.len() - N]
    }
}

fn main() {
    for (report, ty) in [
        (drt::explore::<Stack<u8>>().max_sequences(300).report(), "Stack<u8>"),
        (drt::explore::<Stack<String>>().max_sequences(300).report(), "Stack<String>"),
    ] {
        assert!(report.failures.is_empty(), "{report}");
        assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
        let push = report.stats.operations.iter().find(|o| o.name == format!("{ty}::push"));
        assert!(push.is_some_and(|o| o.succeeded > 0), "{:?}", report.stats.operations);
    }
    // The planted bug is found in each instance, and the test drt writes
    // names the instance it explored.
    for (n, explorer) in [(2, drt::explore::<Window<2>>()), (4, drt::explore::<Window<4>>())] {
        let report = explorer.max_sequences(300).report();
        assert_eq!(report.failures.len(), 1, "{report}");
        let f = &report.failures[0];
        assert_eq!(f.operation, format!("Window<{n}>::oldest"));
        assert!(f.code.contains(&format!("Window::<{n}>::new()")), "{}", f.code);
        assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
    }
}
