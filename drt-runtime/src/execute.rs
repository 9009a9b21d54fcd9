//! Runs a sequence: fills each call's argument slots from variables, seeds and
//! builders, checks the precondition, calls the type-erased invoker under
//! `catch_unwind`, puts borrowed values back, and checks the oracles on what
//! the call touched. Panics are captured silently by [`crate::hook`].

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};

use crate::hook::{payload_text, Caught, SilentPanics};
use crate::macro_support::Returned;
use crate::macro_support::Slot;
use crate::oracle::Violation;
use crate::sequence::{Mode, Operand, Sequence};
use crate::world::World;

/// What went wrong in a failing call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Fault {
    /// The call panicked (or, with `dropped`, dropping a value of that type did).
    Panic { caught: Caught, dropped: Option<&'static str> },
    /// A contract or invariant does not hold after the call.
    Broken(Violation),
}

/// How a sequence's execution ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Every call returned and every oracle held.
    Normal,
    /// Call `call` failed (`call == len` when dropping the values did).
    Failed { call: usize, fault: Fault },
    /// Call `call` was an illegal input: its precondition was false, or it
    /// panicked in a documented way.
    Illegal { call: usize },
    /// Call `call` needed a variable that holds no value (a `None` / `Err`
    /// earlier, or a value moved away): the sequence is not well-formed.
    Invalid { call: usize },
}

impl Outcome {
    /// How many calls of a sequence of `len` calls ran.
    pub fn calls_run(&self, len: usize) -> u64 {
        match self {
            Outcome::Failed { call, .. } | Outcome::Illegal { call } | Outcome::Invalid { call } => {
                (*call + 1).min(len) as u64
            }
            Outcome::Normal => len as u64,
        }
    }
}

/// Which oracles an execution checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Checks {
    /// Calls before this one come from sequences already checked.
    pub from: usize,
    /// Whether `Hash`, `Debug` and `Display` are run after each call
    /// (generation runs them once per new value instead, in index pruning).
    pub formatting: bool,
    /// Whether the calls before `from` have their user invariants checked.
    pub invariants_before: bool,
}

impl Checks {
    /// Every oracle on every call: for minimizing and re-running failures.
    pub const ALL: Checks = Checks { from: 0, formatting: true, invariants_before: false };

    /// The oracles on new calls only, formatting left to index pruning.
    pub fn after(prefix: usize) -> Checks {
        Checks { from: prefix, formatting: false, invariants_before: false }
    }

    /// What call `i` is checked for.
    fn level(&self, i: usize) -> Level {
        match (i >= self.from, self.invariants_before) {
            (true, _) => Level::All { formatting: self.formatting },
            (false, true) => Level::Invariants,
            (false, false) => Level::Nothing,
        }
    }
}

/// The oracles one call is checked with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Level {
    Nothing,
    Invariants,
    All { formatting: bool },
}

/// The state of a sequence while it runs.
struct Frame {
    vars: Vec<Slot>,
    /// The current call's arguments.
    slots: Vec<Slot>,
    last_empty: bool,
}

/// The result of running a sequence: its outcome and the final variables.
pub(crate) struct Execution {
    pub outcome: Outcome,
    pub vars: Vec<Slot>,
    /// Whether the last call that returned gave `None` or `Err`.
    pub last_empty: bool,
}

fn caught(payload: Box<dyn Any + Send>) -> Caught {
    let caught =
        SilentPanics::take_last().unwrap_or_else(|| Caught { message: payload_text(&*payload), location: None });
    drop_quietly(payload);
    caught
}

impl World<'_> {
    /// Runs `seq` from scratch, checking the oracles `checks` asks for.
    pub fn execute(&self, seq: &Sequence, checks: Checks) -> Execution {
        let mut frame = Frame { vars: Vec::with_capacity(seq.len()), slots: Vec::new(), last_empty: false };
        for i in 0..seq.len() {
            let outcome = self.call(seq, i, &mut frame, checks.level(i));
            if outcome != Outcome::Normal {
                return Execution { outcome, vars: frame.vars, last_empty: frame.last_empty };
            }
        }
        Execution { outcome: Outcome::Normal, vars: frame.vars, last_empty: frame.last_empty }
    }

    /// Runs call `i`, then checks the oracles `check` asks for on what it touched.
    fn call(&self, seq: &Sequence, i: usize, frame: &mut Frame, check: Level) -> Outcome {
        let Frame { vars, slots, last_empty } = frame;
        let call = seq.args(i);
        let op = &self.ops[seq.op(i) as usize];
        slots.clear();
        for (k, arg) in call.iter().enumerate() {
            // A `Clone` or a `seeds(...)` expression is the user's code too.
            let made = panic::catch_unwind(AssertUnwindSafe(|| match arg {
                Operand::Var { var, mode: Mode::Clone } => {
                    vars[*var as usize].as_deref().map(|v| (op.clone_fns[k].expect("Clone mode needs Clone"))(v))
                }
                Operand::Var { var, .. } => vars[*var as usize].take(),
                Operand::Seed(s) => Some(self.seed_value(*s)),
                Operand::SeedVec { builder, elems } => Some(self.build_vec(*builder, elems)),
            }));
            match made {
                Ok(Some(value)) => slots.push(Some(value)),
                Ok(None) => {
                    abandon(call, slots, vars);
                    return Outcome::Invalid { call: i };
                }
                Err(payload) => {
                    let caught = caught(payload);
                    abandon(call, slots, vars);
                    return Outcome::Failed { call: i, fault: Fault::Panic { caught, dropped: None } };
                }
            }
        }
        let spec = &op.op.spec;
        if let Some(requires) = spec.requires {
            // A precondition that panics is as good as false: the input is not for this method.
            if !panic::catch_unwind(AssertUnwindSafe(|| requires(slots))).unwrap_or(false) {
                let _ = SilentPanics::take_last();
                abandon(call, slots, vars);
                return Outcome::Illegal { call: i };
            }
        }
        match panic::catch_unwind(AssertUnwindSafe(|| (spec.invoke)(slots))) {
            Ok(returned) => {
                put_back(call, slots, vars);
                *last_empty = matches!(returned, Returned::Empty);
                vars.push(match returned {
                    Returned::Value(v) => Some(v),
                    Returned::Nothing | Returned::Empty => None,
                });
                let checked = match check {
                    Level::Nothing => return Outcome::Normal,
                    Level::Invariants => self.check_invariants(&seq.touched(i).collect::<Vec<_>>(), vars),
                    Level::All { formatting } => {
                        self.check_contracts(&seq.touched(i).collect::<Vec<_>>(), vars, formatting)
                    }
                };
                match checked {
                    Ok(()) => Outcome::Normal,
                    Err(violation) => Outcome::Failed { call: i, fault: Fault::Broken(violation) },
                }
            }
            Err(payload) => {
                let caught = caught(payload);
                // The arguments may panic when dropped, too.
                let _ = panic::catch_unwind(AssertUnwindSafe(|| slots.clear()));
                let _ = SilentPanics::take_last();
                if spec.panics.expects(&caught.message) {
                    Outcome::Illegal { call: i }
                } else {
                    Outcome::Failed { call: i, fault: Fault::Panic { caught, dropped: None } }
                }
            }
        }
    }

    fn seed_value(&self, s: u32) -> Box<dyn Any> {
        let seed = &self.seeds[s as usize];
        match (seed.make, &seed.value, self.seed_clone[s as usize]) {
            (Some(make), _, _) => make(),
            (None, Some(value), Some(clone)) => clone(&**value),
            _ => unreachable!("drt: a seed is a made value or a Clone prototype"),
        }
    }

    fn build_vec(&self, builder: u32, elems: &[u32]) -> Box<dyn Any> {
        let b = &self.vecs[builder as usize];
        let mut v = (b.new)();
        for e in elems {
            (b.push)(&mut *v, self.seed_value(*e));
        }
        v
    }
}

/// Gives up on a call before making it: borrowed arguments go back to their
/// variables, and moved ones are dropped, where a panicking `Drop` cannot
/// escape.
fn abandon(call: &[Operand], slots: &mut Vec<Slot>, vars: &mut [Slot]) {
    put_back(call, slots, vars);
    if panic::catch_unwind(AssertUnwindSafe(|| slots.clear())).is_err() {
        let _ = SilentPanics::take_last();
    }
}

/// Returns borrowed arguments to their variables; moved ones stay gone.
fn put_back(call: &[Operand], slots: &mut [Slot], vars: &mut [Slot]) {
    for (arg, slot) in call.iter().zip(slots.iter_mut()) {
        if let Operand::Var { var, mode: Mode::Ref | Mode::Mut } = arg {
            vars[*var as usize] = slot.take();
        }
    }
}

impl Execution {
    /// Drops the variables in reverse order, each under `catch_unwind`, and
    /// turns a panicking `Drop` into the outcome (when it was normal).
    pub fn finish(mut self, world: &World<'_>) -> Outcome {
        let len = self.vars.len();
        while let Some(slot) = self.vars.pop() {
            let Some(value) = slot else { continue };
            let id = (*value).type_id();
            if let Err(payload) = panic::catch_unwind(AssertUnwindSafe(move || drop(value))) {
                let caught = caught(payload);
                if self.outcome == Outcome::Normal {
                    let dropped = Some(world.reg.types.get(&id).map_or("value", |d| d.name));
                    self.outcome = Outcome::Failed { call: len, fault: Fault::Panic { caught, dropped } };
                }
            }
        }
        self.outcome
    }
}

/// Drops a panic payload, which may itself panic when dropped.
fn drop_quietly(payload: Box<dyn Any + Send>) {
    let _ = panic::catch_unwind(AssertUnwindSafe(move || drop(payload)));
}
