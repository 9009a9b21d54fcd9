use std::collections::BTreeSet;
#[test]
fn scratch() {
    let r = drt::explore::<drt_examples::ordered::OrderedSet>().against::<BTreeSet<u32>>().seed(7).max_sequences(20_000).report();
    println!("{r}");
    panic!();
}
