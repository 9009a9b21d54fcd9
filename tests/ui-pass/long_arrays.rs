// Arrays longer than eight elements are made of one value: `[x; 32]` of a
// `Copy` element, `std::array::from_fn(|_| x.clone())` of a `Clone` one.

#[derive(Debug, Clone, PartialEq)]
pub struct Key {
    bytes: [u8; 32],
    labels: [String; 12],
}

#[drt::operations]
impl Key {
    pub fn new(bytes: [u8; 32], labels: [String; 12]) -> Self {
        Key { bytes, labels }
    }

    pub fn check(&self) {
        assert!(self.bytes.iter().all(|b| *b != 7), "a byte of 7");
        assert!(self.labels.iter().all(|l| l != "hi!"), "a label of hi!");
    }
}

fn main() {
    let report = drt::explore::<Key>().seed(1).max_sequences(2_000).report();
    assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
    let code = |message: &str| {
        let f = report.failures.iter().find(|f| f.message == message).unwrap_or_else(|| panic!("{report}"));
        f.code.clone()
    };
    let byte = code("a byte of 7");
    assert!(byte.contains("[7; 32]"), "{byte}");
    let label = code("a label of hi!");
    assert!(label.contains("std::array::from_fn(|_| "), "{label}");
}
