//! Engine tests on the fixtures: ownership, determinism and rendering.

use std::any::TypeId;
use std::time::Duration;

use super::*;
use crate::config::Budget;
use crate::fixtures::{settings, wallet_world as world, Dial, Purse};
use crate::ints::IntKind;
use crate::pool::Offer;
use crate::registry::Registry;
use crate::render::statements;
use crate::report::FailureKind;
use crate::sequence::Mode;
use crate::triage::fails_again;
use crate::triage::FailureKey;

#[test]
fn every_generated_sequence_obeys_ownership() {
    let world = world();
    let mut engine = Engine::new(&world, &settings(1, 3_000));
    engine.explore();
    assert!(engine.pool.entries.len() > 100, "pool too small: {}", engine.pool.entries.len());
    let mut moves = 0;
    for id in 0..engine.pool.entries.len() as u32 {
        let seq = engine.pool.flat(engine.pool.seq(id));
        seq.check_ownership().unwrap_or_else(|err| panic!("{err}: {seq:?}"));
        moves += seq.operands().iter().filter(|a| matches!(a, Operand::Var { mode: Mode::Move, .. })).count();
    }
    assert!(moves > 0, "no ticket was ever moved");
    let report = engine.finish();
    assert!(report.failures.is_empty(), "{report}");
    assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
}

/// A failure or an illegal input counts for the operation whose call it
/// was: `Purse::take` underflows, also in a mix of mutators ending in
/// `put` (which never fails), so `put` charged with them showed failures.
#[test]
fn a_failure_is_charged_to_the_operation_whose_call_failed() {
    let world = World::new(Registry::global(), &[TypeId::of::<Purse>()]);
    let report = run(&world, &settings(4, 3_000));
    let stats = |name: &str| {
        let o = report.stats.operations.iter().find(|o| o.name.ends_with(name)).expect("an operation");
        (o.attempted, o.succeeded, o.illegal, o.failed)
    };
    let (put, take) = (stats("::put"), stats("::take"));
    assert_eq!(put.3, 0, "put never fails: {put:?}");
    assert!(take.3 > 0, "take underflows: {take:?}");
    for (attempted, succeeded, illegal, failed) in [put, take, stats("::new")] {
        assert_eq!(attempted, succeeded + illegal + failed, "{:?}", report.stats.operations);
    }
    assert_eq!(report.stats.operations.iter().map(|o| o.attempted).sum::<u64>(), report.stats.sequences);
}

#[test]
fn same_seed_same_run() {
    let world = world();
    let a = run(&world, &settings(9, 2_000)).stats;
    let b = run(&world, &settings(9, 2_000)).stats;
    assert_eq!(
        (a.sequences, a.calls, a.normal, a.redundant, a.illegal),
        (b.sequences, b.calls, b.normal, b.redundant, b.illegal)
    );
    assert_eq!(a.operations, b.operations);
    let c = run(&world, &settings(10, 2_000)).stats;
    assert_ne!((a.calls, a.normal), (c.calls, c.normal), "different seeds should explore differently");
}

#[test]
fn a_rerun_blames_the_first_call_that_breaks_an_invariant() {
    let world = World::new(Registry::global(), &[TypeId::of::<Dial>()]);
    let seq = Sequence::from_calls([
        (op(&world, "broken"), vec![]),
        (op(&world, "kept"), vec![Operand::Var { var: 0, mode: Mode::Ref }]),
    ]);
    // Checked from the last call only, `kept` seems to break the invariant...
    let crate::outcome::Outcome::Failed { call: 1, fault } = world.execute(&seq, Checks::after(1)).outcome else {
        panic!("kept's result breaks the invariant")
    };
    let blamed = FailureKey::of(&world, &seq, 1, &fault);
    assert_eq!((blamed.subject.as_str(), blamed.kind), ("Dial::kept", FailureKind::Invariant));
    // ...but `broken` did, before it: the rerun does not confirm the blame.
    assert!(fails_again(&world, &seq, &blamed).is_none());
}

#[test]
fn a_builder_of_a_variable_is_written_at_its_use_when_nothing_touches_the_variable_between() {
    let world = World::new(Registry::global(), &[TypeId::of::<Dial>()]);
    let some =
        world.ops.iter().position(|o| o.op.spec.syntax == crate::macro_support::Syntax::Template("Some($0)")).unwrap()
            as u32;
    let v = |var, mode| Operand::Var { var, mode };
    let call = |op, args: Vec<Operand>| (op, args);
    let path = "drt::fixtures::Dial";
    let seq = Sequence::from_calls([
        call(op(&world, "broken"), vec![]),
        call(op(&world, "broken"), vec![]),
        call(some, vec![v(1, Mode::Clone)]),
        call(op(&world, "or"), vec![v(0, Mode::Ref), v(2, Mode::Move)]),
    ]);
    assert_eq!(
        statements(&world, &seq, &[]),
        vec![
            format!("let dial = {path}::broken();"),
            format!("let dial2 = {path}::broken();"),
            "let _ = dial.or(Some(dial2.clone()));".to_string(),
        ]
    );
    // The using call takes the same variable: `Some(dial.clone())` stays a statement.
    let seq = Sequence::from_calls([
        call(op(&world, "broken"), vec![]),
        call(some, vec![v(0, Mode::Clone)]),
        call(op(&world, "or"), vec![v(0, Mode::Ref), v(1, Mode::Move)]),
    ]);
    assert_eq!(
        statements(&world, &seq, &[]),
        vec![
            format!("let dial = {path}::broken();"),
            "let option = Some(dial.clone());".to_string(),
            "let _ = dial.or(option);".to_string(),
        ]
    );
}

fn op(world: &World<'_>, name: &str) -> u32 {
    world.ops.iter().position(|o| o.op.spec.name == name).unwrap() as u32
}

#[test]
fn vectors_of_pairs_of_seeded_values_are_built_pair_by_pair_long_tailed_written_as_tuples() {
    let world = World::new(Registry::global(), &[TypeId::of::<crate::fixtures::Tally>()]);
    let add_products = op(&world, "add_products");
    let mut engine = Engine::new(&world, &settings(5, 3_000));
    engine.explore();
    let mut lens = Vec::new();
    let mut long = None;
    for id in 0..engine.pool.entries.len() as u32 {
        let seq = engine.pool.flat(engine.pool.seq(id));
        for i in (0..seq.len()).filter(|&i| seq.op(i) == add_products) {
            let Operand::SeedVec { elems, .. } = &seq.args(i)[1] else { panic!("{:?}", seq.args(i)) };
            assert_eq!(elems.len() % 2, 0, "pairs come whole");
            lens.push(elems.len() / 2);
            if elems.len() / 2 >= 64 {
                long.get_or_insert_with(|| seq.clone());
            }
        }
    }
    assert!(lens.iter().any(|&n| n <= 4) && lens.iter().any(|&n| n >= 64), "{lens:?}");
    // Written as a vector of tuples, run as one, read back from its text.
    let mut seq = long.expect("a long vector of pairs");
    let at = (0..seq.len()).rev().find(|&i| seq.op(i) == add_products).unwrap();
    seq.truncate(at + 1);
    let text = statements(&world, &seq, &[]).join("\n");
    assert!(text.contains(".add_products(vec![("), "{text}");
    assert_eq!(world.execute(&seq, Checks::ALL).outcome, crate::outcome::Outcome::Normal);
    let saved = crate::sequence_text::encode(&world, &seq);
    assert_eq!(crate::sequence_text::decode(&world, &saved).as_ref(), Ok(&seq));
}

#[test]
fn rendering_follows_ownership() {
    let world = world();
    let v = |var, mode| Operand::Var { var, mode };
    let seed = |ty: TypeId| Operand::Seed(world.seeds_by_type[&ty][1]);
    let u32_id = TypeId::of::<u32>();
    let seq = Sequence::from_calls([
        (op(&world, "new"), vec![]),
        (op(&world, "issue"), vec![seed(u32_id)]),
        (op(&world, "redeem"), vec![v(0, Mode::Mut), v(1, Mode::Move)]),
        (op(&world, "rename"), vec![v(0, Mode::Mut), seed(TypeId::of::<String>())]),
        (op(&world, "first"), vec![v(0, Mode::Ref)]),
        (op(&world, "issue"), vec![v(4, Mode::Clone)]),
        (op(&world, "new"), vec![]),
        (op(&world, "merged"), vec![v(0, Mode::Clone), v(6, Mode::Clone)]),
        (
            op(&world, "add_all"),
            vec![
                v(7, Mode::Mut),
                Operand::SeedVec { builder: 0, elems: Box::new(vec![Operand::Seed(world.seeds_by_type[&u32_id][0])]) },
            ],
        ),
    ]);
    seq.check_ownership().unwrap();
    assert_eq!(world.execute(&seq, Checks::ALL).outcome, crate::outcome::Outcome::Normal);
    let path = "drt::fixtures::Wallet";
    assert_eq!(
        statements(&world, &seq, &[]),
        vec![
            format!("let mut wallet = {path}::new();"),
            format!("let ticket = {path}::issue(1);"),
            "wallet.redeem(ticket);".to_string(),
            "wallet.rename(\"a\");".to_string(),
            "let first = wallet.first().unwrap();".to_string(),
            format!("let _ = {path}::issue(first);"),
            format!("let wallet2 = {path}::new();"),
            "let mut wallet3 = wallet.clone().merged(wallet2.clone());".to_string(),
            "wallet3.add_all(&[0]);".to_string(),
        ]
    );
}

#[test]
fn a_world_without_a_crashing_operation_keeps_its_makers_right() {
    // The supervisor restarts a child without an operation that crashed:
    // the makers the detective picks from must still be the right ones.
    let full = world();
    let first = full.ops[0].op.path.clone();
    let world = world().without(std::slice::from_ref(&first)).unwrap();
    assert!(world.ops.iter().all(|o| o.op.path != first));
    for (ty, makers) in &world.producers {
        for &m in makers {
            assert_eq!(world.ops[m as usize].op.spec.ret_ty, Some(*ty), "{}", world.ops[m as usize].op.path);
        }
    }
    assert!(!world.producers.is_empty());
}

#[test]
fn a_bounded_pool_evicts_deterministically_and_keeps_exploring() {
    let world = world();
    let small = Settings { max_pool: 1 << 20, ..settings(4, 30_000) };
    // The second run drops its kept values whenever it looks at the
    // process's memory, as one does when other tests in the process grow
    // it: they are a cache, and the search must not change.
    let explore = |memory_grows: bool| {
        let mut engine = Engine::new(&world, &small);
        if memory_grows {
            engine.pool.outgrown();
        }
        engine.explore();
        let kept = engine.pool.entries.iter().filter(|e| e.offered).count();
        let hidden = engine.pool.entries.len() - kept;
        assert!(hidden > 0, "no evicted entry was kept as part of another");
        (kept, engine.finish())
    };
    let (kept, a) = explore(false);
    let (_, b) = explore(true);
    assert!(a.stats.evicted > 1_000, "{:?}", a.stats);
    assert_eq!(
        (a.stats.evicted, a.stats.normal, a.stats.sequences),
        (b.stats.evicted, b.stats.normal, b.stats.sequences)
    );
    assert!(b.stats.calls > a.stats.calls, "dropped values are made again: {} calls, {}", b.stats.calls, a.stats.calls);
    assert_eq!(kept as u64 + a.stats.evicted, a.stats.normal, "every normal sequence was kept or evicted");
    assert!(a.failures.is_empty() && a.stats.uncallable.is_empty(), "{a}");
    assert!(a.to_string().contains(&format!("normal ({} evicted from the pool)", a.stats.evicted)), "{a}");
    // An unbounded pool evicts nothing.
    let big = run(&world, &settings(4, 30_000));
    assert_eq!(big.stats.evicted, 0);
}

/// Explores `world` with reuse on or off.
fn explore_reusing(world: &World<'_>, seed: u64, n: u64, reuse: bool) -> Report {
    let mut engine = Engine::new(world, &settings(seed, n));
    engine.reuse.on = reuse;
    engine.explore();
    engine.finish()
}

#[test]
fn reusing_values_explores_exactly_as_running_from_scratch() {
    // (The examples' reports, planted bugs and all, are the same too: see
    // docs/BENCHMARKS.md.)
    for seed in [5, 6] {
        let world = world();
        let counts = |s: &Stats| (s.sequences, s.normal, s.redundant, s.illegal, s.failing, s.new_calls);
        let on = explore_reusing(&world, seed, 4_000, true);
        let off = explore_reusing(&world, seed, 4_000, false);
        assert_eq!(counts(&on.stats), counts(&off.stats));
        let codes = |r: &Report| r.failures.iter().map(|f| f.code.clone()).collect::<Vec<_>>();
        assert_eq!(codes(&on), codes(&off));
        assert!(on.stats.reused_calls > 0, "nothing was reused");
        assert_eq!(off.stats.reused_calls, 0);
        assert!(on.stats.calls < off.stats.calls, "{} calls reusing, {} not", on.stats.calls, off.stats.calls);
        assert!(on.stats.notes.iter().all(|n| !n.contains("re-ran")), "{:?}", on.stats.notes);
    }
}

#[test]
fn a_clone_that_shares_state_turns_reuse_off() {
    let world = World::new(Registry::global(), &[TypeId::of::<crate::fixtures::SharedLog>()]);
    let report = explore_reusing(&world, 1, 3_000, true);
    assert!(report.failures.is_empty(), "{report}");
    assert!(
        report.stats.notes.iter().any(|n| n.contains("re-ran every sequence from its first call")),
        "{:?}",
        report.stats.notes
    );
}

/// A `Drop` that panics in a run that reused values (whose calls that ran
/// have holes) is reported with the whole sequence.
#[test]
fn a_drop_that_panics_after_reused_values_is_reported_whole() {
    let world = World::new(Registry::global(), &[TypeId::of::<crate::fixtures::Fuse>()]);
    let report = run(&world, &settings(3, 200));
    let f =
        report.failures.iter().find(|f| f.message.contains("dropped while lit")).unwrap_or_else(|| panic!("{report}"));
    assert!(f.sequences_before > crate::reuse::VERIFY_FIRST, "found before runs went unverified: {f:?}");
    assert_eq!(f.code.matches(".burn()").count(), crate::fixtures::FUSE_LENGTH as usize, "{}", f.code);
}

/// While drt shortens a failure by running fresh sequences, a listener
/// that keeps pending failures holds it (a child that one of them kills
/// still tells it), and is told when the search is over, before the
/// failure itself.
#[test]
fn a_failure_is_pending_while_it_is_shortened() {
    #[derive(Default)]
    struct Heard(std::rc::Rc<std::cell::RefCell<Vec<String>>>);
    impl Listener for Heard {
        fn keeps_pending(&self) -> bool {
            true
        }
        fn pending(&mut self, pending: Option<(&str, &crate::report::Failure)>) {
            let said = pending.map_or("over".to_string(), |(_, f)| format!("pending {}", f.operation));
            self.0.borrow_mut().push(said);
        }
        fn failure(&mut self, _: &str, f: &crate::report::Failure) {
            self.0.borrow_mut().push(format!("failure {}", f.operation));
        }
    }
    let world = World::new(Registry::global(), &[TypeId::of::<crate::fixtures::Fuse>()]);
    let heard = Heard::default();
    let said = heard.0.clone();
    let explored = crate::driver::lifecycle::explore_here(
        &world,
        &settings(3, 200),
        None,
        Some(Box::new(heard)),
        Default::default(),
    );
    let report = explored.report;
    assert!(report.failures.iter().any(|f| f.operation == "drop(Fuse)"), "{report}");
    let said = said.borrow();
    assert_eq!(said[..3], ["pending drop(Fuse)", "over", "failure drop(Fuse)"], "{said:?}");
}

#[test]
fn a_random_walk_extends_one_sequence_until_it_goes_wrong() {
    let world = world();
    let walk = Settings { random_walk: true, ..settings(2, 3_000) };
    let mut engine = Engine::new(&world, &walk);
    engine.explore();
    let pool = &engine.pool;
    let (mut longest, mut starts) = (0, 0);
    for id in 0..pool.entries.len() as u32 {
        let seq = pool.flat(pool.seq(id));
        seq.check_ownership().unwrap_or_else(|err| panic!("{err}: {seq:?}"));
        longest = longest.max(seq.len());
        // Each step extends the walk so far (the entry before), or starts a
        // new one.
        let extends = id > 0 && {
            let before = pool.flat(pool.seq(id - 1));
            let mut start = seq.clone();
            start.truncate(before.len());
            start == before && seq.len() > before.len()
        };
        starts += usize::from(!extends);
    }
    // A walk starts over at the longest sequence allowed, at the latest.
    assert!(starts > 10, "{starts} walks");
    assert!(longest >= 20, "the walks never grew long: {longest} calls at most");
    assert!(pool.entries.len() > 1_000, "{} entries", pool.entries.len());
    let stats = engine.finish().stats;
    let again = run(&world, &walk).stats;
    assert_eq!((stats.calls, stats.normal, stats.illegal), (again.calls, again.normal, again.illegal));
}

#[test]
fn expensive_pool_values_are_drawn_in_inverse_proportion_to_their_cost() {
    let world = world();
    let mut engine = Engine::new(&world, &settings(3, 2_000));
    engine.explore();
    assert!(!engine.draft.costs.aware, "a sequence budget never weighs costs: runs must repeat");
    let expensive = |id: u32| id % 2 == 1;
    for (id, e) in engine.pool.entries.iter_mut().enumerate() {
        e.cost = if expensive(id as u32) { 1_000_000 } else { 1_000 };
    }
    engine.draft.costs.typical = 1_000;
    let wallet = TypeId::of::<crate::fixtures::Wallet>();
    let share = |engine: &mut Engine<'_>| {
        let picks: Vec<Offer> = (0..10_000).map(|_| draw(engine, wallet)).collect();
        picks.iter().filter(|o| expensive(o.entry)).count() as f64 / picks.len() as f64
    };
    let unweighed = share(&mut engine);
    assert!((0.3..0.7).contains(&unweighed), "{unweighed}");
    // A value a thousand typical runs dear is taken 4 times in 1,000 draws.
    engine.draft.costs.aware = true;
    let weighed = share(&mut engine);
    assert!(weighed < 0.01, "{weighed} of the picks were expensive");
    // When every value is that dear, so is a typical run: all are taken.
    engine.draft.costs.typical = 1_000_000;
    let all_dear = share(&mut engine);
    assert!((0.3..0.7).contains(&all_dear), "{all_dear}");
}

#[test]
fn a_size_that_made_dear_runs_is_drawn_about_as_often_as_its_cost_allows() {
    let world = world();
    let mut engine = Engine::new(&world, &settings(3, 300));
    engine.explore();
    let issue = op(&world, "issue");
    // The share of `issue(n)`'s drafts given an `n` of at least 2^20.
    let large = |engine: &mut Engine<'_>| {
        let mut large = 0;
        for _ in 0..4_000 {
            let (seq, _) = engine.extend(issue as usize, 100).expect("a draft");
            let view = seq.view();
            let (_, _, args) = view.own_calls().last().expect("the call of `issue`");
            large += usize::from(crate::sizes::magnitude(&world, &args[0]).is_some_and(|m| m >= 1 << 20));
            engine.draft.spare = seq;
        }
        large as f64 / 4_000.0
    };
    engine.draft.costs.aware = true;
    engine.draft.costs.typical = 1_000;
    let before = large(&mut engine);
    assert!(before > 0.02, "{before}: integers of 2^20 and more are drawn");
    // Runs given `issue(1 << 20)` cost 250 times what is taken at once.
    let largest = Largest { op: issue, param: 0, magnitude: std::num::NonZeroU64::new(1 << 20).unwrap() };
    for _ in 0..8 {
        engine.draft.cheap.ran(Some(largest), 1_000_000, engine.draft.costs.budget());
    }
    let after = large(&mut engine);
    assert!(after < before / 8.0, "{after} of the drafts given 2^20 or more, {before} before");
    // Without costs weighed (a sequence budget), nothing changes.
    engine.draft.costs.aware = false;
    let unweighed = large(&mut engine);
    assert!(unweighed > before / 2.0, "{unweighed}, {before} weighed before");
}

#[test]
fn a_time_budget_weighs_costs_and_a_run_records_them() {
    let world = world();
    let timed = Settings {
        budget: Budget { max_sequences: None, time_limit: Some(Duration::from_millis(300)), ..settings(3, 0).budget },
        ..settings(3, 0)
    };
    let mut engine = Engine::new(&world, &timed);
    assert!(engine.draft.costs.aware);
    engine.explore();
    assert!(engine.draft.costs.typical > 0, "no typical cost after {} sequences", engine.stats.sequences);
    assert!(engine.pool.entries.iter().all(|e| e.cost > 0));
    let report = engine.finish();
    let timed: Duration = report.stats.operations.iter().map(|o| o.time).sum();
    assert!(timed > Duration::ZERO && timed <= report.stats.elapsed, "{timed:?} of {:?}", report.stats.elapsed);
}

#[test]
fn values_that_cross_a_comparison_of_an_argument_are_hints_for_the_entry_small_ones_too() {
    use std::sync::atomic::{AtomicU64, AtomicUsize};
    let world = world();
    let mut engine = Engine::new(&world, &settings(1, 100));
    // The ring: `n - 1 < 3` with n = 10 (how `(1..=3).contains(&n)` compiles), then two other values.
    let ring: &'static [AtomicU64] = Box::leak([9, 3, 70_000, 90_000].into_iter().map(AtomicU64::new).collect());
    let count: &'static AtomicUsize = Box::leak(Box::new(AtomicUsize::new(2)));
    engine.hints.compares = Some(Box::leak(Box::new(crate::coverage::Compares::over(ring, count))));
    let mut draft = Composed::default();
    draft.push(op(&world, "issue"), [Operand::Int { kind: IntKind::U32, bits: 10 }]);
    let windows = [(0, (0, 2))];
    engine.hints.note_compares(&world, &engine.pool, Some(0), &draft, 0, &windows, None);
    let mut hints = engine.hints.hints[&0].clone();
    hints.sort_unstable();
    // The boundary and its neighbours, though small; the other pair's values, large; not the argument.
    assert_eq!(hints, [3, 4, 5, 70_000, 90_000]);
    assert!(engine.hints.retries.is_empty(), "a retry's own comparisons are not retried");
    // From a sequence that is not a retry, each solution is retried once in the run.
    engine.hints.note_compares(&world, &engine.pool, Some(1), &draft, 0, &windows, Some(&Default::default()));
    let mut retried = retried_values(&engine);
    retried.sort_unstable();
    assert_eq!(retried, [3, 4, 5]);
    engine.hints.retries.clear();
    engine.hints.note_compares(&world, &engine.pool, Some(2), &draft, 0, &windows, Some(&Default::default()));
    assert!(engine.hints.retries.is_empty(), "tried already");
    assert_eq!(engine.hints.hints[&2].len(), 5, "but hints for every entry");
}

/// The integer each planned retry gives its first call's first argument.
fn retried_values(engine: &Engine<'_>) -> Vec<u64> {
    let first = |r: &Composed| match r.view().own_calls().next().unwrap().2[0] {
        Operand::Int { bits, .. } => bits,
        ref other => panic!("{other:?}"),
    };
    engine.hints.retries.iter().map(|(_, r, _)| first(r)).collect()
}

/// A value a comparison offers is not retried in a parameter whose sizes
/// that large hurt (crashed a child: a capacity compared with a huge
/// number): the retry would crash the next child, and the next.
#[test]
fn a_comparison_is_not_retried_with_a_size_the_parameter_is_throttled_below() {
    use std::sync::atomic::{AtomicU64, AtomicUsize};
    let world = world();
    let mut engine = Engine::new(&world, &settings(1, 100));
    let ring: &'static [AtomicU64] = Box::leak([9, 3, 9, 70_000].into_iter().map(AtomicU64::new).collect());
    let count: &'static AtomicUsize = Box::leak(Box::new(AtomicUsize::new(2)));
    engine.hints.compares = Some(Box::leak(Box::new(crate::coverage::Compares::over(ring, count))));
    let mut draft = Composed::default();
    draft.push(op(&world, "issue"), [Operand::Int { kind: IntKind::U32, bits: 10 }]);
    let path = world.ops[op(&world, "issue") as usize].op.path.clone();
    let why = "memory allocation failed".to_string();
    let throttles = crate::sizes::Throttles::of(&world, &[crate::sizes::Throttle { op: path, param: 0, bits: 8, why }]);
    engine.hints.note_compares(&world, &engine.pool, Some(1), &draft, 0, &[(0, (0, 2))], Some(&throttles));
    let retried = retried_values(&engine);
    assert!(!retried.is_empty() && retried.iter().all(|&v| v < 128), "below 2^7: {retried:?}");
}

#[test]
fn a_comparison_of_a_number_that_made_an_argument_is_solved_in_the_call_that_made_it() {
    use std::sync::atomic::{AtomicU64, AtomicUsize};
    let world = world();
    let mut engine = Engine::new(&world, &settings(1, 100));
    // `redeem` compares the ticket's number (made by `issue(10)`) with 3.
    let ring: &'static [AtomicU64] = Box::leak([10, 3].into_iter().map(AtomicU64::new).collect());
    let count: &'static AtomicUsize = Box::leak(Box::new(AtomicUsize::new(1)));
    engine.hints.compares = Some(Box::leak(Box::new(crate::coverage::Compares::over(ring, count))));
    // Sequences with no components: their own calls.
    let calls = |seq: &Composed| seq.view().own_calls().map(|(_, op, args)| (op, args.to_vec())).collect::<Vec<_>>();
    let ticket = |n| (op(&world, "issue"), vec![Operand::Int { kind: IntKind::U32, bits: n }]);
    let mut draft = Composed::default();
    draft.push(op(&world, "new"), []);
    draft.push(ticket(10).0, ticket(10).1);
    let redeem = [Operand::Var { var: 0, mode: Mode::Mut }, Operand::Var { var: 1, mode: Mode::Move }];
    draft.push(op(&world, "redeem"), redeem.clone());
    engine.hints.note_compares(&world, &engine.pool, None, &draft, 2, &[(2, (0, 1))], Some(&Default::default()));
    assert_eq!(engine.hints.retries.len(), 1, "3 (and 10 is the ticket's own)");
    let (retried_op, retry, prefix) = &engine.hints.retries[0];
    assert_eq!((*retried_op, *prefix), (op(&world, "redeem") as usize, 2));
    let want = vec![(op(&world, "new"), vec![]), ticket(3), (op(&world, "redeem"), redeem.to_vec())];
    assert_eq!(calls(retry), want, "the number that made the ticket, replaced");
}

#[test]
fn a_comparison_of_an_argument_plus_a_constant_is_solved_with_the_boundary() {
    let solve = |kind, bits, x, y| hints::solutions(kind, bits, x, y).collect::<Vec<u64>>();
    // `x == MAGIC` with the argument itself: the magic number.
    assert_eq!(solve(IntKind::U32, 7, 7, 0x4452_5431), [0x4452_5431]);
    // `width - 1 < 64` (`(1..=64).contains(&width)`) with width 10: 65 and its neighbours, 64 among them.
    assert_eq!(solve(IntKind::U8, 10, 9, 64), [65, 66, 64]);
    // Width 0 wraps below: still one off.
    assert!(solve(IntKind::U8, 0, 0xFF, 64).contains(&64));
    // Signed, the other way: `x + 2 == -5` with x = 3.
    assert!(solve(IntKind::I32, 3, 5, (-5i64) as u64).contains(&IntKind::I32.canonical((-7i64) as u64)));
    // Far from the argument: not about it.
    assert!(solve(IntKind::U32, 10, 1_000, 64).is_empty());
}

/// Explores `world` with `settings` from start to end, as the driver does.
fn run(world: &World<'_>, settings: &Settings) -> Report {
    crate::driver::lifecycle::explore_here(world, settings, None, None, Default::default()).report
}

/// A pool value of type `ty` drawn as an argument is, costs weighed.
fn draw(engine: &mut Engine<'_>, ty: TypeId) -> Offer {
    let max_len = engine.clock.budget.max_len;
    let (draft, mut sources) = engine.drafting(max_len);
    draft.draw_affordable(ty, false, &mut sources)
}
