// Private methods and private types are registered too: the generated code
// lives next to the impl block.
mod bank {
    struct Audit {
        count: u8,
    }

    #[drt::operations]
    impl Audit {
        fn new() -> Self {
            Audit { count: 0 }
        }

        pub(crate) fn tick(&mut self) {
            self.count = self.count.wrapping_add(1);
        }

        fn count(&self) -> u8 {
            self.count
        }
    }

    pub fn check() {
        let report = drt::explore::<Audit>().max_sequences(200).report();
        assert!(report.failures.is_empty(), "{report}");
        assert_eq!(report.stats.operations.len(), 3);
    }
}

fn main() {
    bank::check();
}
