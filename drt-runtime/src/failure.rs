//! When two failures are the same, and the rerun that confirms one: what
//! grouping, reporting, minimization and shortening all agree on. Redundant
//! tests, "syntactically distinct but revealed the same error", cost the
//! thesis's users most of their inspection time (ch. 1 and 8): one report
//! per group, the shortest kept.

use crate::execute::{Checks, Fault, Outcome};
use crate::report::FailureKind;
use crate::sequence::Sequence;
use crate::world::World;

/// What makes two failures the same: (operation or type, kind, place).
pub(crate) type FailureKey = (String, FailureKind, String);

/// The group a failure belongs to: (operation, kind, panic location or
/// message) for a panic, (operation, kind, invariant) for an invariant, and
/// (type, kind, contract) for a broken contract: `Hash` disagreeing with `Eq`
/// is one bug of the type, whichever operation made the values that show it.
pub(crate) fn failure_key(world: &World<'_>, seq: &Sequence, call: usize, fault: &Fault) -> FailureKey {
    match fault {
        Fault::Broken(v) if v.kind == FailureKind::Contract => {
            let made_by = &world.ops[seq.calls[v.vars[0] as usize].op as usize].op.spec;
            let ty = made_by.ret_ty.map_or("?", |t| world.reg.desc(t).name);
            (crate::names::display_type_name(ty), v.kind, v.contract.to_string())
        }
        Fault::Panic { caught, .. } => {
            let place = caught.location.clone().unwrap_or_else(|| caught.message.clone());
            (failing_operation(world, seq, call, fault), FailureKind::Panic, place)
        }
        Fault::Broken(v) => (failing_operation(world, seq, call, fault), v.kind, v.contract.to_string()),
    }
}

/// A failure's group as the supervisor of child processes sees it.
pub(crate) fn group_name(key: &FailureKey) -> String {
    format!("{}\n{}", key.0, key.2)
}

/// The operation a report names for a failure at `call`: the call, or
/// `drop(Type)` when dropping a value panicked.
pub(crate) fn failing_operation(world: &World<'_>, seq: &Sequence, call: usize, fault: &Fault) -> String {
    match fault {
        Fault::Panic { dropped: Some(ty), .. } => format!("drop({})", crate::names::short_type_name(ty)),
        _ => world.ops[seq.calls[call].op as usize].op.display.clone(),
    }
}

/// Runs `seq` with the oracles of its last call; when it fails with `key`, the length up to
/// and including the failing call, and the fault. The one test of "the same
/// failure" that reporting, minimization and shortening share.
pub(crate) fn fails_again(world: &World<'_>, seq: &Sequence, key: &FailureKey) -> Option<(usize, Fault)> {
    // The oracles of the failing (last) call: an emitted test asserts
    // nothing else, and checking contracts on earlier calls could stop the
    // run at a different failure (a `PartialEq` that overflows on an earlier
    // value) that generation, which checks each call once when it is new,
    // never looked for in this sequence. User invariants are checked on
    // every call, though: minimization puts new calls before the failing
    // one, and one that already breaks the invariant must not let the last
    // call take the blame.
    let checks = Checks { from: seq.len().saturating_sub(1), formatting: true, invariants_before: true };
    match world.execute(seq, checks).finish(world) {
        Outcome::Failed { call, fault } => {
            let call = call.min(seq.len() - 1);
            (failure_key(world, seq, call, &fault) == *key).then_some((call + 1, fault))
        }
        _ => None,
    }
}
