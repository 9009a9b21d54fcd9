//! Failure triage: when two failures are the same, the rerun that confirms
//! one, and the step that turns a minimized failing sequence into the
//! [`Failure`] a report shows, for failures caught in-process and for
//! crashes of a child process alike. Redundant tests, "syntactically
//! distinct but revealed the same error", cost the thesis's users most of
//! their inspection time (ch. 1 and 8): one report per group, the shortest
//! kept.

use std::time::Duration;

use crate::execute::Checks;
use crate::oracle::CheckAt;
use crate::outcome::{Fault, Glue, Outcome};
use crate::report::{Failure, FailureKind};
use crate::sequence::Sequence;
use crate::world::World;

/// What makes two failures the same: one group per key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FailureKey {
    /// The failing operation (`Account::withdraw`, `drop(Account)`), or for
    /// a broken contract the type whose values break it.
    pub subject: String,
    pub kind: FailureKind,
    /// Where: the panic location (else its message), the invariant or the
    /// contract broken.
    pub place: String,
}

impl FailureKey {
    /// The group a failure belongs to: (operation, kind, panic location or
    /// message) for a panic, (operation, kind, invariant) for an invariant,
    /// and (type, kind, contract) for a broken contract: `Hash` disagreeing
    /// with `Eq` is one bug of the type, whichever operation made the values
    /// that show it. So is a broken law (type, kind, law): a `back()` that
    /// disagrees with `pop_back()` shows after whichever call moved the
    /// ring, and is one bug.
    pub fn of(world: &World<'_>, seq: &Sequence, call: usize, fault: &Fault) -> FailureKey {
        match fault {
            Fault::Broken(v) if matches!(v.kind, FailureKind::Contract | FailureKind::Law) => {
                let made_by = &world.ops[seq.op(v.vars[0] as usize) as usize].op.spec;
                let ty = made_by.ret_ty.map_or("?", |t| world.reg.desc(t).name);
                let subject = crate::names::display_type_name(ty);
                FailureKey { subject, kind: v.kind, place: v.contract.to_string() }
            }
            Fault::Panic { caught, .. } => {
                let place = caught.location.clone().unwrap_or_else(|| caught.message.clone());
                FailureKey { subject: failing_operation(world, seq, call, fault), kind: FailureKind::Panic, place }
            }
            Fault::Broken(v) => FailureKey {
                subject: failing_operation(world, seq, call, fault),
                kind: v.kind,
                place: v.contract.to_string(),
            },
            // One per operation: which error memcheck meets first among
            // several (in the call, in a check after it) may change with
            // what runs beside, and the error is the operation's anyway.
            Fault::Memory { .. } => FailureKey {
                subject: failing_operation(world, seq, call, fault),
                kind: FailureKind::Memory,
                place: "memory error".to_string(),
            },
        }
    }

    /// The group as the supervisor of child processes sees it.
    pub fn group_name(&self) -> String {
        format!("{}\n{}", self.subject, self.place)
    }
}

/// The operation a report names for a failure at `call`: the call, or
/// `drop(Type)` when dropping a value panicked.
pub(crate) fn failing_operation(world: &World<'_>, seq: &Sequence, call: usize, fault: &Fault) -> String {
    match fault {
        Fault::Panic { glue: Some(Glue::Drop(ty)), .. } | Fault::Memory { dropped: Some(ty), .. } => {
            format!("drop({})", crate::names::short_type_name(ty))
        }
        Fault::Panic { glue: Some(Glue::Clone(ty)), .. } => {
            format!("{}::clone", crate::names::display_type_name(ty))
        }
        _ => world.ops[seq.op(call) as usize].op.display.clone(),
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
    // A broken law is checked alone: another law the last call breaks too,
    // reported before and not checked while exploring since, must not stop
    // the run first.
    let only_law = (key.kind == FailureKind::Law)
        .then(|| world.reg.laws.values().flatten().find(|l| l.name == key.place).map(|l| l.name))
        .flatten();
    let checks = Checks { from: seq.len().saturating_sub(1), formatting: true, invariants_before: true, only_law };
    match world.execute(seq, checks).finish(world) {
        Outcome::Failed { call, fault } => {
            let call = call.min(seq.len() - 1);
            (FailureKey::of(world, seq, call, &fault) == *key).then_some((call + 1, fault))
        }
        _ => None,
    }
}

/// When a failure was first met: time into the exploration, and sequences
/// executed before it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Found {
    pub after: Duration,
    pub sequences_before: u64,
}

/// What minimizing a failing sequence did: its length before, and the
/// setting to raise when a limit cut the search short.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Minimized {
    pub from_len: usize,
    pub cut_short: Option<&'static str>,
}

/// The report's entry for a minimized failing sequence. It is run once more
/// first (one that does not fail again is flaky), and the message and
/// location shown are those of the sequence shown, not of the first, longer
/// hit (`fault`).
pub(crate) fn confirmed_failure(
    world: &World<'_>,
    seq: &Sequence,
    key: &FailureKey,
    fault: Fault,
    found: Found,
    minimized: Minimized,
) -> Failure {
    let (kind, fault) = match fails_again(world, seq, key) {
        Some((_, rerun)) => (key.kind, rerun),
        None => (FailureKind::Flaky, fault),
    };
    let operation = failing_operation(world, seq, seq.len() - 1, &fault);
    let (message, location) = match &fault {
        Fault::Panic { caught, .. } => (caught.message.clone(), caught.location.clone()),
        Fault::Broken(v) => (v.message.clone(), None),
        Fault::Memory { report, .. } => (report.clone(), None),
    };
    // A panic std places inside itself is shown at the user's line that led there.
    let location = match location {
        Some(at) if crate::hook::is_foreign(&at) => {
            crate::hook::user_frame(|| drop(fails_again(world, seq, key))).or(Some(at))
        }
        other => other,
    };
    let code = crate::render::render_test(world, seq, &operation, kind, &fault);
    Failure {
        kind,
        operation,
        message,
        location,
        code,
        len: crate::render::statement_count(world, seq),
        found_after: found.after,
        sequences_before: found.sequences_before,
        hits: 1,
        unminimized_len: minimized.from_len,
        minimize_limit: minimized
            .cut_short
            .map(|setting| format!("minimization stopped at its limit; raise {setting} for a shorter test")),
        group: String::new(),
    }
}

/// How a child process ended without finishing its exploration.
#[derive(Clone, Debug)]
pub(crate) enum Crash {
    /// It died: how, and the last line it printed; `out_of_memory` is the
    /// ceiling when an allocation failed under it; `panicked` the place
    /// (`src/lib.rs:10:5`) and message of the panic that aborted it, when
    /// a panic did.
    Died { status: String, said: String, out_of_memory: Option<u64>, panicked: Option<(String, String)> },
    /// Its heartbeat stopped for longer than the call timeout; it was killed.
    Hung { timeout: Duration },
    /// The crash did not happen again when the exploration was rerun.
    NotAgain,
}

impl Crash {
    /// The group of a crash's failure: its operation, and where the
    /// process ended: how (a signal, an exit status), and the panic that
    /// aborted it, else its last words with their numbers left out (an
    /// allocation's size), so that two defects of one operation are two
    /// failures.
    pub fn key(&self, failure: &Failure) -> FailureKey {
        FailureKey { subject: failure.operation.clone(), kind: failure.kind, place: self.place() }
    }

    /// Where a crash happened, as [`Crash::key`] tells it.
    pub fn place(&self) -> String {
        match self {
            Crash::Died { status, panicked: Some((at, _)), .. } => format!("{status} at {at}"),
            Crash::Died { status, said, .. } if said.is_empty() => status.clone(),
            Crash::Died { status, said, .. } => {
                let mut words = String::with_capacity(said.len());
                for c in said.chars() {
                    if !c.is_ascii_digit() {
                        words.push(c);
                    } else if !words.ends_with('#') {
                        words.push('#');
                    }
                }
                format!("{status}: {words}")
            }
            Crash::Hung { .. } | Crash::NotAgain => String::new(),
        }
    }
}

/// The report's entry for a sequence that crashed (or hung) a child
/// process; with no culprit, for a crash that did not happen again when
/// the same exploration was rerun (flaky, and no test to write).
pub(crate) fn crash_failure(
    world: &World<'_>,
    culprit: Option<(&Sequence, Option<&CheckAt>)>,
    crash: &Crash,
    found: Found,
) -> Failure {
    let (kind, message) = match crash {
        Crash::Hung { timeout } => {
            (FailureKind::Timeout, format!("a call ran longer than the call timeout ({timeout:?})"))
        }
        Crash::Died { status, said, panicked: Some((at, panic)), .. } => {
            let said = if said.is_empty() { String::new() } else { format!(" ({said})") };
            (FailureKind::Crash, format!("the process was {status} after a panic at {at}: {panic}{said}"))
        }
        Crash::Died { status, said, .. } if said.is_empty() => {
            (FailureKind::Crash, format!("the process was {status}"))
        }
        Crash::Died { status, said, out_of_memory: Some(limit), .. } => (
            FailureKind::Crash,
            format!(
                "the process was {status}: {said} (the exploring process may allocate {} in all: \
                 DRT_MEMORY_LIMIT)",
                crate::memory::describe(*limit)
            ),
        ),
        Crash::Died { status, said, .. } => (FailureKind::Crash, format!("the process was {status}: {said}")),
        Crash::NotAgain => (FailureKind::Flaky, "the crash did not happen again".to_string()),
    };
    let (kind, operation, message, code, len) = match culprit.and_then(|(seq, c)| Some((seq, c, seq.last_op()?))) {
        Some((seq, check, last)) => {
            let operation = world.ops[last as usize].op.display.clone();
            let message = match (check, crash) {
                (Some(check), Crash::Hung { timeout }) => {
                    format!("{} ran longer than the call timeout ({timeout:?})", check_words(check))
                }
                (Some(check), _) => format!("{message}, in {}", check_words(check)),
                (None, _) => message,
            };
            // The test crashes only under the same ceiling: say how to set one.
            let note = match crash {
                Crash::Died { out_of_memory: Some(limit), .. } => Some(format!(
                    "it fails only under drt's memory ceiling, {} (DRT_MEMORY_LIMIT): build the test first \
                     (`cargo test --no-run`), then run it as `(ulimit -d {} && cargo test <its name>)`",
                    crate::memory::describe(*limit),
                    limit / 1024
                )),
                _ => None,
            };
            let code = crate::render::render_crash(world, seq, check, note.as_deref(), &operation, kind, &message);
            (kind, operation, message, code, crate::render::statement_count(world, seq))
        }
        // It did not happen again: no sequence, so no test to write.
        None => (
            FailureKind::Flaky,
            "(unknown call)".to_string(),
            format!("{message} (it did not happen again when the same exploration was rerun)"),
            format!(
                "// drt: no call sequence reproduces this crash: {message}\n\
                 // drt: it did not happen again when the same exploration was rerun\n"
            ),
            0,
        ),
    };
    let location = match crash {
        Crash::Died { panicked: Some((at, _)), .. } if kind != FailureKind::Flaky => Some(at.clone()),
        _ => None,
    };
    Failure {
        kind,
        operation,
        message,
        location,
        code,
        len,
        found_after: found.after,
        sequences_before: found.sequences_before,
        hits: 1,
        unminimized_len: len,
        minimize_limit: None,
        group: String::new(),
    }
}

/// A check drt runs after a call, as a report says it: "drt's `Debug`
/// check after the call", "drt's check `x == x` after the call".
fn check_words(check: &CheckAt) -> String {
    match check.contract.strip_suffix(" does not panic") {
        Some(r#trait) => format!("drt's `{trait}` check after the call"),
        None => format!("drt's check `{}` after the call", check.contract),
    }
}

/// One failure group: its key, the report entry, and the shortest
/// reproducing sequence found (for the saved-failures file).
pub(crate) struct Group {
    pub key: FailureKey,
    pub failure: Failure,
    pub seq: Sequence,
}

/// The failure groups of one exploration, in the order first met.
#[derive(Default)]
pub(crate) struct Groups(Vec<Group>);

impl Groups {
    /// Counts a hit of `key`'s group. Whether a failing sequence of `len`
    /// calls is worth minimizing: a later hit is only when it is already
    /// shorter than the best reproduction so far (greedy minimization has
    /// local minima).
    pub fn hit(&mut self, key: &FailureKey, len: usize) -> bool {
        let worth = self.improves(key, len);
        if let Some(g) = self.0.iter_mut().find(|g| g.key == *key) {
            g.failure.hits += 1;
        }
        worth
    }

    /// Whether a reproduction of `len` calls is shorter than `key`'s best.
    pub fn improves(&self, key: &FailureKey, len: usize) -> bool {
        self.0.iter().find(|g| g.key == *key).is_none_or(|g| g.seq.len() > len)
    }

    /// Keeps `failure` as its group's entry: a new group, or a shorter
    /// reproduction of a known one (which keeps when it was first found and
    /// how often it was hit).
    pub fn record(&mut self, key: FailureKey, failure: Failure, seq: Sequence) -> &Group {
        let at = match self.0.iter().position(|g| g.key == key) {
            Some(at) => {
                let old = &self.0[at].failure;
                let failure = Failure {
                    found_after: old.found_after,
                    sequences_before: old.sequences_before,
                    hits: old.hits,
                    ..failure
                };
                self.0[at] = Group { key, failure, seq };
                at
            }
            None => {
                self.0.push(Group { key, failure, seq });
                self.0.len() - 1
            }
        };
        &self.0[at]
    }

    pub fn iter(&self) -> impl Iterator<Item = &Group> {
        self.0.iter()
    }

    pub fn into_failures(self) -> Vec<Failure> {
        self.0.into_iter().map(|g| Failure { group: g.key.group_name(), ..g.failure }).collect()
    }
}
