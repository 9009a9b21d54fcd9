//! Runs a sequence: fills each call's argument slots from variables, seeds and
//! builders, checks the precondition, calls the type-erased invoker under
//! `catch_unwind`, puts borrowed values back, and checks the oracles on what
//! the call touched. Panics are captured silently by [`crate::hook`].
//!
//! A run may start from values an earlier run left ([`Reused`]): the calls
//! that made them are skipped, and a value is cloned only when a later call
//! uses it (incremental execution).

use std::any::{Any, TypeId};

use crate::reuse::snapshot::Reused;
use std::panic::{self, AssertUnwindSafe};

use crate::coverage::Window;
use crate::hook::{payload_text, Caught, SilentPanics};
use crate::macro_support::Cue;
use crate::macro_support::Returned;
use crate::macro_support::{Slot, Value};
use crate::oracle::KeptClones;
use crate::outcome::{Fault, Glue, Outcome, Returns};
use crate::sequence::{Holey, Mode, Operand, Sequence};
use crate::world::{CallWatch, Watched, World};

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
    /// The one law checked, when given (a re-run of its failure: see
    /// [`World::check_laws`]); else every law.
    pub only_law: Option<&'static str>,
}

impl Checks {
    /// Every oracle on every call: for minimizing and re-running failures.
    pub const ALL: Checks = Checks { from: 0, formatting: true, invariants_before: false, only_law: None };

    /// The oracles on new calls only, formatting left to index pruning.
    pub fn after(prefix: usize) -> Checks {
        Checks { from: prefix, formatting: false, invariants_before: false, only_law: None }
    }

    /// What call `i` is checked for.
    fn level(&self, i: usize) -> Level {
        match (i >= self.from, self.invariants_before) {
            (true, _) => Level::All { formatting: self.formatting, only_law: self.only_law },
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
    All { formatting: bool, only_law: Option<&'static str> },
}

/// The state of a sequence while it runs.
struct Frame {
    vars: Vec<Slot>,
    /// The current call's arguments.
    slots: Vec<Slot>,
    /// The variables the current call touched.
    touched: Vec<u32>,
    last_empty: bool,
    /// The error the last call returned, when errors are kept (against a
    /// reference, to compare them).
    last_error: Slot,
    windows: Vec<(usize, Window)>,
    /// Whether a call was given an iterator lying about its length: from
    /// then on, only a crash is a failure.
    lied: bool,
    /// Whether a side runs beside (see [`crate::outcome::Beside`]): a call's state after
    /// a panic on cue is then no contract.
    beside: bool,
    /// The clones the checks made, dropped after the values ([`KeptClones`]).
    kept: KeptClones,
}

impl Frame {
    /// A frame for a run with these buffers.
    fn new(buffers: RunBuffers) -> Frame {
        let RunBuffers { vars, slots, touched, windows, kept } = buffers;
        Frame { vars, slots, touched, last_empty: false, last_error: None, windows, lied: false, beside: false, kept }
    }

    /// What call `i`, the last that ran, left to compare with a reference's.
    fn returns(&self, i: usize) -> Returns<'_> {
        Returns { value: self.vars[i].as_deref(), empty: self.last_empty, error: self.last_error.as_deref() }
    }

    /// Drops the last error kept: the user's `Drop` may panic.
    fn forget_error(&mut self) {
        if let Some(e) = self.last_error.take() {
            drop_quietly(e);
        }
    }
}

/// A sequence run call by call beside another, on a frame of its own and
/// checked by no oracle: what a [`crate::outcome::Beside`] (the reference's side of a
/// differential run) runs its calls with. Its values are dropped with it,
/// quietly.
pub(crate) struct SideRun<'w> {
    world: &'w World<'w>,
    frame: Frame,
}

impl<'w> SideRun<'w> {
    /// A side run of a sequence of `len` calls in `world`.
    pub fn new(world: &'w World<'w>, len: usize) -> SideRun<'w> {
        let mut frame = Frame::new(RunBuffers { vars: Vec::with_capacity(len), ..RunBuffers::default() });
        frame.beside = true;
        SideRun { world, frame }
    }

    /// Runs call `i` of `seq` (not a hole).
    pub fn call(&mut self, seq: &Holey, i: usize) -> Outcome {
        self.world.call(seq.with_holes(), i, &mut self.frame, Level::Nothing)
    }

    /// Skips call `i` (the next): its variable holds nothing.
    pub fn skip(&mut self) {
        self.frame.vars.push(None);
    }

    /// Stops after call `i`: it and every later call's variable hold nothing.
    pub fn stop_after(&mut self, i: usize) {
        self.frame.vars.resize_with(i + 1, || None);
    }

    /// What call `i`, the last that ran, left.
    pub fn returns(&self, i: usize) -> Returns<'_> {
        self.frame.returns(i)
    }
}

impl Drop for SideRun<'_> {
    fn drop(&mut self) {
        self.frame.forget_error();
        drop_quietly_all(&mut self.frame.vars);
    }
}

/// The buffers a run fills, empty: [`Execution::finish_into`] hands them
/// back for the next run, so runs seldom allocate them.
#[derive(Default)]
pub(crate) struct RunBuffers {
    vars: Vec<Slot>,
    slots: Vec<Slot>,
    touched: Vec<u32>,
    windows: Vec<(usize, Window)>,
    kept: KeptClones,
}

/// The result of running a sequence: its outcome and the final variables.
pub(crate) struct Execution {
    pub outcome: Outcome,
    /// Per variable, its value at the end; a skipped call's variable has
    /// one only when a later call used it.
    pub vars: Vec<Slot>,
    /// Calls skipped for values reused.
    pub reused: u64,
    /// Whether the last call that returned gave `None` or `Err`.
    pub last_empty: bool,
    /// Each checked call, with where the ring of compared values was
    /// before and after its method ran (code built by `cargo drt` only):
    /// what the calls compared, without what the oracles did.
    pub windows: Vec<(usize, Window)>,
    /// Whether a call was given an iterator lying about its length, so that
    /// a panicking `Drop` is no failure either.
    lied: bool,
    /// The call's arguments' and touched variables' buffers, to hand back.
    spare: (Vec<Slot>, Vec<u32>),
    /// The clones the checks made ([`KeptClones`]).
    kept: KeptClones,
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
        self.run_calls(seq, checks, &[], RunBuffers::default())
    }

    /// Runs `seq`, skipping the calls `reused` stands for (in order, none
    /// after `checks.from`: a skipped call is not checked again), in
    /// `buffers` ([`Execution::finish_into`] hands them back).
    pub fn execute_reusing(
        &self,
        seq: &Holey,
        checks: Checks,
        reused: &[Reused<'_>],
        buffers: RunBuffers,
    ) -> Execution {
        debug_assert!(
            (0..seq.len()).all(|i| !seq.is_hole(i) || reused.iter().any(|r| (r.at..r.at + r.len).contains(&i))),
            "a hole stands for a reused component's call"
        );
        self.run_calls(seq.with_holes(), checks, reused, buffers)
    }

    /// Runs `seq`, whose holes are the calls `reused` stands for.
    fn run_calls(&self, seq: &Sequence, checks: Checks, reused: &[Reused<'_>], buffers: RunBuffers) -> Execution {
        debug_assert!(buffers.vars.is_empty() && buffers.slots.is_empty() && buffers.windows.is_empty());
        debug_assert!(buffers.kept.is_empty());
        let mut frame = Frame::new(buffers);
        frame.vars.reserve(seq.len());
        // A side that runs beside (the reference's) runs from the first
        // call, never reusing values, and compares errors too.
        let mut beside = self.beside(seq);
        debug_assert!(beside.is_none() || reused.is_empty());
        frame.beside = beside.is_some();
        crate::macro_support::keep_errors(frame.beside);
        let mut next = reused.iter().peekable();
        let mut skipped = 0;
        let mut i = 0;
        let mut outcome = Outcome::Normal;
        while i < seq.len() {
            if let Some(r) = next.next_if(|r| r.at == i) {
                debug_assert!(r.at + r.len <= checks.from);
                frame.vars.resize_with(i + r.len, || None);
                skipped += r.len as u64;
                i += r.len;
                if let Err(fault) = self.clone_used(r, &mut frame.vars) {
                    outcome = Outcome::Failed { call: i - 1, fault };
                    break;
                }
                continue;
            }
            // Kept apart from `outcome` until it is not normal: moved there
            // after every call, the whole enum was copied each time.
            let mut this = match &self.watch {
                None => self.call(seq, i, &mut frame, checks.level(i)),
                Some(watch) => self.watched_call(watch, seq, i, &mut frame, checks.level(i)),
            };
            if let Some(beside) = &mut beside {
                let ours = this.is_normal().then(|| frame.returns(i));
                this = beside.after(seq, i, this, ours);
            }
            if let (true, Outcome::Failed { call, .. }) = (frame.lied, &this) {
                this = Outcome::Illegal { call: *call };
            }
            if !this.is_normal() {
                outcome = this;
                break;
            }
            i += 1;
        }
        drop(beside);
        frame.forget_error();
        crate::macro_support::keep_errors(false);
        Execution {
            outcome,
            vars: frame.vars,
            reused: skipped,
            last_empty: frame.last_empty,
            windows: frame.windows,
            lied: frame.lied,
            spare: (frame.slots, frame.touched),
            kept: frame.kept,
        }
    }

    /// [`World::call`], telling `watch` that it runs, with its largest
    /// integer when large ([`World::watch`]): it is watched to the end of
    /// its checks, for a `Debug` of the huge value it made (or grew) is the
    /// size's doing too.
    #[inline(never)]
    fn watched_call(&self, watch: &CallWatch, seq: &Sequence, i: usize, frame: &mut Frame, check: Level) -> Outcome {
        let op = self.op(seq.op(i));
        let large = crate::sizes::large_argument(self, seq.args(i), (op.int_params, &frame.vars));
        if large.is_some() && self.throttles.refuses(seq.op(i), seq.args(i), (op.int_params, &frame.vars)) {
            return Outcome::Illegal { call: i };
        }
        let large = match large {
            Some((k, m)) => Some((op.op.path.as_str(), k, m)),
            None => self.built_large(seq, i, &frame.vars),
        };
        watch(Watched::Call(&op.op.path, large));
        let outcome = self.call(seq, i, frame, check);
        watch(Watched::Returned);
        outcome
    }

    /// The largest integer an argument of call `i` was built from by a
    /// builder of drt's (an iterator over `vec![(usize::MAX, 1)]`), when
    /// large: the builder's path, its parameter, the magnitude. The size is
    /// the builder's to draw smaller ([`crate::sizes`]).
    fn built_large(&self, seq: &Sequence, i: usize, vars: &[Slot]) -> Option<(&str, usize, u128)> {
        seq.args(i)
            .iter()
            .filter_map(|a| match a {
                Operand::Var { var, .. } if (*var as usize) < i => Some(*var as usize),
                _ => None,
            })
            // (A hole, a reused component's call, is no operation of the run.)
            .filter_map(|v| Some((v, self.ops.get(seq.op(v) as usize)?)))
            .filter(|(_, op)| op.op.spec.kind.is_builder())
            .filter_map(|(v, builder)| {
                let (k, m) = crate::sizes::large_argument(self, seq.args(v), (builder.int_params, vars))?;
                Some((builder.op.path.as_str(), k, m))
            })
            .max_by_key(|(_, _, m)| *m)
    }

    /// Clones the values of `r` that later calls use, and the contracts'
    /// partners, into their variables.
    fn clone_used(&self, r: &Reused<'_>, vars: &mut [Slot]) -> Result<(), Fault> {
        for held in r.values {
            let at = r.at + held.var as usize;
            if !held.partner && r.used.binary_search(&(at as u32)).is_err() {
                continue;
            }
            match panic::catch_unwind(AssertUnwindSafe(|| held.value.copy())) {
                Ok(copy) => vars[at] = Some(copy),
                Err(payload) => return Err(Fault::Panic { caught: caught(payload), glue: None }),
            }
        }
        Ok(())
    }

    /// Runs call `i`, then checks the oracles `check` asks for on what it touched.
    #[inline]
    fn call(&self, seq: &Sequence, i: usize, frame: &mut Frame, check: Level) -> Outcome {
        if crate::memcheck::watching() {
            return self.call_watched(seq, i, frame, check);
        }
        self.call_unwatched(seq, i, frame, check)
    }

    /// [`World::call`] under memcheck: a memory error the call (or a check
    /// after it) made is its failure.
    #[inline(never)]
    fn call_watched(&self, seq: &Sequence, i: usize, frame: &mut Frame, check: Level) -> Outcome {
        let errors = crate::memcheck::count();
        let Some(before) = errors else { return self.call_unwatched(seq, i, frame, check) };
        let _ = crate::oracle::memory_in_check();
        let outcome = self.call_unwatched(seq, i, frame, check);
        let in_check = crate::oracle::memory_in_check();
        // A memory error is the call's first, whatever it led to after; when
        // the call made none, the check that did is the test's too.
        let Some(report) = crate::memcheck::new_error(errors) else { return outcome };
        let fault = match in_check {
            Some((at, check, report)) if at.errors == before.errors => {
                Fault::Memory { report, dropped: None, check: Some(check) }
            }
            _ => Fault::Memory { report, dropped: None, check: None },
        };
        Outcome::Failed { call: i, fault }
    }

    fn call_unwatched(&self, seq: &Sequence, i: usize, frame: &mut Frame, check: Level) -> Outcome {
        frame.forget_error();
        let Frame { vars, slots, touched, last_empty, last_error, windows, lied, beside, kept } = frame;
        let call = seq.args(i);
        let op = self.op(seq.op(i));
        slots.clear();
        for (k, arg) in call.iter().enumerate() {
            // What runs no user code goes straight into its slot (built
            // through a `Result` on the stack, a value was stored in two
            // halves and read back whole, which stalled the processor).
            let made = match arg {
                // Taking a variable.
                Operand::Var { var, mode: Mode::Ref | Mode::Mut | Mode::Move } => {
                    let taken = vars[*var as usize].take();
                    if taken.is_none() {
                        abandon(call, slots, vars);
                        return Outcome::Invalid { call: i };
                    }
                    slots.push(taken);
                    continue;
                }
                // A built-in seed's prototype is of a std type, whose
                // `Clone` does not panic.
                Operand::Seed(s) if self.seeds[*s as usize].make.is_none() => {
                    slots.push(Some(self.seed_value(*s)));
                    continue;
                }
                Operand::Int { kind, bits } => {
                    slots.push(Some(kind.value(*bits)));
                    continue;
                }
                // A `Clone` or a `seeds(...)` expression is the user's code.
                Operand::Var { var, mode: Mode::Clone } => panic::catch_unwind(AssertUnwindSafe(|| {
                    vars[*var as usize].as_deref().map(|v| (op.clone_fns[k].expect("Clone mode needs Clone"))(v))
                })),
                Operand::Seed(_) => panic::catch_unwind(AssertUnwindSafe(|| Some(self.scalar_value(arg)))),
                Operand::SeedVec { builder, elems } => {
                    panic::catch_unwind(AssertUnwindSafe(|| Some(self.build_vec(*builder, elems))))
                }
            };
            match made {
                Ok(Some(value)) => slots.push(Some(value)),
                Ok(None) => {
                    abandon(call, slots, vars);
                    return Outcome::Invalid { call: i };
                }
                Err(payload) => {
                    let caught = caught(payload);
                    abandon(call, slots, vars);
                    // A `Clone` that panics is the type's failure, whichever call took the clone.
                    let glue = matches!(arg, Operand::Var { mode: Mode::Clone, .. })
                        .then(|| Glue::Clone(self.reg.desc(op.op.spec.params[k].ty).name));
                    return Outcome::Failed { call: i, fault: Fault::Panic { caught, glue } };
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
        let compares = crate::coverage::Compares::global().filter(|_| check != Level::Nothing);
        if let Some(c) = compares {
            c.open();
        }
        let invoked = panic::catch_unwind(AssertUnwindSafe(|| (spec.invoke)(slots)));
        if let Some(c) = compares {
            windows.push((i, c.window()));
        }
        // A call given a closure that panics on cue has no result, whether or
        // not the closure was called, as emitted tests have none from
        // `catch_unwind`; after the panic the values it borrowed go on.
        let cues = if op.takes_cued { self.cues_given(seq, i) } else { 0 };
        let then_panic = cues & Cue::ThenPanic.bit() != 0;
        *lied |= cues & Cue::Lies.bit() != 0;
        let broken = match invoked {
            Ok(returned) => {
                let (returned, broken) = match returned {
                    Returned::Broken(returned) => (*returned, true),
                    returned => (returned, false),
                };
                put_back(call, slots, vars);
                *last_empty = matches!(returned, Returned::Empty | Returned::Error(_));
                vars.push(match returned {
                    Returned::Value(v) if !then_panic => Some(v),
                    Returned::Value(v) => {
                        drop_quietly(v);
                        None
                    }
                    Returned::Error(e) => {
                        *last_error = Some(e);
                        None
                    }
                    // (A postcondition's verdict wraps a result once.)
                    Returned::Nothing | Returned::Empty | Returned::Broken(_) => None,
                });
                broken
            }
            Err(payload) => {
                let caught = caught(payload);
                if caught.message == crate::macro_support::CHOSEN_PANIC {
                    // A reference's state after a panic is no contract (a side
                    // runs beside); nor is
                    // a call's given no such closure (one stored by an earlier
                    // call panicked), which emitted tests would not catch.
                    if *beside || !then_panic {
                        abandon(call, slots, vars);
                        return Outcome::Illegal { call: i };
                    }
                    abandon(call, slots, vars);
                    *last_empty = false;
                    vars.push(None);
                    false
                } else {
                    // The arguments may panic when dropped, too.
                    drop_quietly_all(slots);
                    // std refusing a size it was given is no bug either.
                    let too_large = || {
                        crate::sizes::refused(&caught.message)
                            && crate::sizes::large_argument(self, call, (op.int_params, vars)).is_some()
                    };
                    // Nor std's sort refusing a comparator drt made, which
                    // answers at random ("does not correctly implement a
                    // total order").
                    let refused_closure = || {
                        caught.message.contains("does not correctly implement a total order")
                            && spec.params.iter().any(|p| self.reg.desc(p.ty).name.contains("::Answers<"))
                    };
                    return if spec.panics.expects(&caught.message) || too_large() || refused_closure() {
                        Outcome::Illegal { call: i }
                    } else {
                        Outcome::Failed { call: i, fault: Fault::Panic { caught, glue: None } }
                    };
                }
            }
        };
        if check == Level::Nothing {
            return Outcome::Normal;
        }
        if broken {
            let v = crate::oracle::postcondition(&op.op.display, spec.ensures);
            return Outcome::Failed { call: i, fault: Fault::Broken(v) };
        }
        touched.clear();
        touched.extend(seq.touched(i));
        let checked = match check {
            Level::All { formatting, only_law } => {
                self.check_contracts(seq.op(i), touched, vars, kept, formatting, only_law)
            }
            _ => self.check_invariants(touched, vars),
        };
        match checked {
            Ok(()) => Outcome::Normal,
            Err(violation) => Outcome::Failed { call: i, fault: Fault::Broken(violation) },
        }
    }

    /// Whether an argument of call `i` is a value doing `cue`.
    pub(crate) fn given(&self, seq: &Sequence, i: usize, cue: Cue) -> bool {
        self.cues_given(seq, i) & cue.bit() != 0
    }

    /// The cues of call `i`'s arguments, as a set of [`Cue::bit`]s:
    /// directly, or inside a value a builder made of one. A call skipped
    /// for a reused value (a hole) never made one: closures and drt's
    /// iterators have no `PartialEq`, so none is kept for reuse.
    fn cues_given(&self, seq: &Sequence, i: usize) -> u8 {
        if !self.op(seq.op(i)).takes_cued {
            return 0;
        }
        let mut cues = 0;
        for a in seq.args(i) {
            let Operand::Var { var, .. } = a else { continue };
            let Some(o) = self.ops.get(seq.op(*var as usize) as usize) else { continue };
            cues |= match o.op.spec.kind.cue() {
                Cue::None if o.op.spec.kind.is_builder() => self.cues_given(seq, *var as usize),
                cue => cue.bit(),
            };
        }
        cues
    }

    fn seed_value(&self, s: u32) -> Value {
        let seed = &self.seeds[s as usize];
        match (seed.make, &seed.value, self.seed_clone[s as usize]) {
            (Some(make), _, _) => make(),
            (None, Some(value), Some(clone)) => clone(&**value),
            _ => unreachable!("drt: a seed is a made value or a Clone prototype"),
        }
    }

    /// The value of a seed or a drawn integer.
    fn scalar_value(&self, operand: &Operand) -> Value {
        match operand {
            Operand::Seed(s) => self.seed_value(*s),
            Operand::Int { kind, bits } => kind.value(*bits),
            _ => unreachable!("drt: a vector's elements are seeds and drawn integers"),
        }
    }

    fn build_vec(&self, builder: u32, elems: &[Operand]) -> Value {
        let b = &self.vecs[builder as usize];
        let mut v = (b.new)();
        let mut values = elems.iter().map(|e| self.scalar_value(e));
        for _ in 0..elems.len() / b.arity as usize {
            (b.push)(&mut *v, &mut || values.next().expect("drt: a vector's elements come whole (bug in drt)"));
        }
        v
    }
}

/// Gives up on a call before making it: borrowed arguments go back to their
/// variables, and moved ones are dropped, where a panicking `Drop` cannot
/// escape.
fn abandon(call: &[Operand], slots: &mut Vec<Slot>, vars: &mut [Slot]) {
    put_back(call, slots, vars);
    drop_quietly_all(slots);
}

/// Drops the arguments left in `slots`, where a panicking `Drop` cannot escape.
fn drop_quietly_all(slots: &mut Vec<Slot>) {
    if panic::catch_unwind(AssertUnwindSafe(|| slots.clear())).is_err() {
        let _ = SilentPanics::take_last();
    }
}

/// Returns borrowed arguments to their variables; moved ones stay gone.
fn put_back(call: &[Operand], slots: &mut [Slot], vars: &mut [Slot]) {
    for (arg, slot) in call.iter().zip(slots.iter_mut()) {
        if let Operand::Var { var, mode: Mode::Ref | Mode::Mut } = arg {
            // The variable is empty since its value was taken for the call:
            // a swap, with no drop of what it held to check for.
            let var = &mut vars[*var as usize];
            debug_assert!(var.is_none(), "a borrowed argument's variable is empty during the call");
            std::mem::swap(var, slot);
        }
    }
}

/// The name a report gives the type of a value dropped at a run's end.
fn dropped_name(world: &World<'_>, id: TypeId) -> &'static str {
    world.reg.types.get(&id).map_or("value", |d| d.name)
}

impl Execution {
    /// Drops the variables in reverse order, each under `catch_unwind`, and
    /// turns a panicking `Drop` into the outcome (when it was normal).
    pub fn finish(self, world: &World<'_>) -> Outcome {
        self.finish_into(world).0
    }

    /// [`Execution::finish`], handing back the run's buffers, empty.
    pub fn finish_into(mut self, world: &World<'_>) -> (Outcome, RunBuffers) {
        let len = self.vars.len();
        while let Some(slot) = self.vars.pop() {
            // (An inline value's drop does nothing: nothing to watch.)
            let Some(value) = slot.filter(Value::drops) else { continue };
            let id = value.type_id();
            let errors = crate::memcheck::count();
            let dropping = panic::catch_unwind(AssertUnwindSafe(move || drop(value)));
            if let Some(report) = crate::memcheck::new_error(errors) {
                if self.outcome.is_normal() {
                    let fault = Fault::Memory { report, dropped: Some(dropped_name(world, id)), check: None };
                    self.outcome = Outcome::Failed { call: len, fault };
                }
            }
            if let Err(payload) = dropping {
                let caught = caught(payload);
                if self.outcome.is_normal() && !self.lied {
                    let glue = Some(Glue::Drop(dropped_name(world, id)));
                    self.outcome = Outcome::Failed { call: len, fault: Fault::Panic { caught, glue } };
                }
            }
        }
        // The clones `x.clone() == x` made are dropped after their
        // originals: a memory error (or a crash) there is that check's.
        if let Some((report, id, check)) = crate::oracle::drop_kept_clones(&mut self.kept) {
            if self.outcome.is_normal() {
                let fault = Fault::Memory { report, dropped: Some(dropped_name(world, id)), check: Some(check) };
                self.outcome = Outcome::Failed { call: len, fault };
            }
        }
        let (mut slots, mut touched) = self.spare;
        // A run that stopped at a call may leave its arguments.
        drop_quietly_all(&mut slots);
        touched.clear();
        let mut windows = self.windows;
        windows.clear();
        (self.outcome, RunBuffers { vars: self.vars, slots, touched, windows, kept: self.kept })
    }
}

/// Drops `value`, whose `Drop` (the user's, or a panic payload's) may
/// panic: the panic is swallowed, and its message not kept for the next
/// panic to be taken for.
fn drop_quietly<T>(value: T) {
    if panic::catch_unwind(AssertUnwindSafe(move || drop(value))).is_err() {
        let _ = SilentPanics::take_last();
    }
}
