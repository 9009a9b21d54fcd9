//! Runs a sequence: fills each call's argument slots from variables, seeds and
//! builders, calls the type-erased invoker under `catch_unwind`, and puts
//! borrowed values back. Panics are captured silently by [`crate::hook`].

use std::any::Any;
use std::panic::{self, AssertUnwindSafe};

use crate::__private::Slot;
use crate::hook::{payload_text, Caught, SilentPanics};
use crate::private::Returned;
use crate::sequence::{Mode, Operand, Sequence};
use crate::world::World;

/// How a sequence's execution ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Every call returned.
    Normal,
    /// Call `call` panicked (or, with `call == len`, dropping a value did).
    Panic { call: usize, caught: Caught, dropped: Option<&'static str> },
    /// Call `call` needed a variable that holds no value (a `None` / `Err`
    /// earlier, or a value moved away): the sequence is not well-formed.
    Invalid { call: usize },
}

/// The result of running a sequence: its outcome and the final variables.
pub(crate) struct Execution {
    pub outcome: Outcome,
    pub vars: Vec<Slot>,
}

impl World<'_> {
    /// Runs `seq` from scratch.
    pub fn execute(&self, seq: &Sequence) -> Execution {
        let mut vars: Vec<Slot> = Vec::with_capacity(seq.len());
        let mut slots: Vec<Slot> = Vec::new();
        for (i, call) in seq.calls.iter().enumerate() {
            let op = &self.ops[call.op as usize];
            slots.clear();
            for (k, arg) in call.args.iter().enumerate() {
                let value = match arg {
                    Operand::Var { var, mode } => {
                        let slot = &mut vars[*var as usize];
                        match mode {
                            Mode::Clone => slot.as_deref().map(|v| (op.clone_fns[k].expect("clone"))(v)),
                            _ => slot.take(),
                        }
                    }
                    Operand::Seed(s) => Some(self.seed_value(*s)),
                    Operand::SeedVec { builder, elems } => Some(self.build_vec(*builder, elems)),
                };
                if value.is_none() {
                    self.put_back(call, &mut slots, &mut vars);
                    return Execution { outcome: Outcome::Invalid { call: i }, vars };
                }
                slots.push(value);
            }
            let invoke = op.op.spec.invoke;
            let result = panic::catch_unwind(AssertUnwindSafe(|| invoke(&mut slots)));
            match result {
                Ok(returned) => {
                    self.put_back(call, &mut slots, &mut vars);
                    vars.push(match returned {
                        Returned::Value(v) => Some(v),
                        Returned::Nothing | Returned::Empty => None,
                    });
                }
                Err(payload) => {
                    let caught = SilentPanics::take_last()
                        .unwrap_or_else(|| Caught { message: payload_text(&*payload), location: None });
                    drop_quietly(payload);
                    slots.clear();
                    return Execution { outcome: Outcome::Panic { call: i, caught, dropped: None }, vars };
                }
            }
        }
        Execution { outcome: Outcome::Normal, vars }
    }

    fn put_back(&self, call: &crate::sequence::Call, slots: &mut [Slot], vars: &mut [Slot]) {
        for (arg, slot) in call.args.iter().zip(slots.iter_mut()) {
            if let Operand::Var { var, mode: Mode::Ref | Mode::Mut } = arg {
                vars[*var as usize] = slot.take();
            }
        }
    }

    fn seed_value(&self, s: u32) -> Box<dyn Any> {
        let seed = &self.seeds[s as usize];
        (self.seed_clone[s as usize])(&*seed.value)
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

impl Execution {
    /// Drops the variables in reverse order, each under `catch_unwind`, and
    /// turns a panicking `Drop` into the outcome (when it was normal).
    pub fn finish(mut self, world: &World<'_>) -> Outcome {
        let len = self.vars.len();
        while let Some(slot) = self.vars.pop() {
            let Some(value) = slot else { continue };
            let name = world.reg.types.get(&(*value).type_id()).map_or("value", |d| d.name);
            if let Err(payload) = panic::catch_unwind(AssertUnwindSafe(move || drop(value))) {
                let caught = SilentPanics::take_last()
                    .unwrap_or_else(|| Caught { message: payload_text(&*payload), location: None });
                drop_quietly(payload);
                if self.outcome == Outcome::Normal {
                    self.outcome = Outcome::Panic { call: len, caught, dropped: Some(name) };
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
