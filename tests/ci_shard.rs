//! An exploration the CI recipe's check runs (`docs/ci/drt-shard.sh`, from
//! `.ci/run`): ignored by default, bug-free, so a shard passes.

#[test]
#[ignore = "run by .ci/run through docs/ci/drt-shard.sh"]
fn explore_shard_sorted_set() {
    drt::explore::<drt_examples::bugfree::SortedSet>().persist(false).run();
}
