pub struct Window<const N: usize> {
    samples: [u32; N],
}

#[drt::operations(instantiate(N = usize))]
impl<const N: usize> Window<N> {
    pub fn new() -> Self {
        Window { samples: [0; N] }
    }

    pub fn record(&mut self, at: usize, sample: u32) {
        self.samples[at % N] = sample;
    }
}

fn main() {}
