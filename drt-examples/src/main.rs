//! Explores every example type and prints what drt finds.

use drt_examples::{bank, bugfree, histogram, inline_stack, ring};

fn main() {
    let runs: Vec<(&str, drt::Report)> = vec![
        ("ring::RingBuffer", drt::explore::<ring::RingBuffer>().report()),
        ("bank::Account", drt::explore::<bank::Account>().report()),
        ("inline_stack::InlineStack", drt::explore::<inline_stack::InlineStack>().report()),
        ("histogram::Histogram", drt::explore::<histogram::Histogram>().report()),
        ("bugfree::SortedSet", drt::explore::<bugfree::SortedSet>().report()),
    ];
    for (name, report) in &runs {
        println!("=== {name} ===");
        println!("{report}");
    }
}
