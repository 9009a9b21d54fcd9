//! Not public API. The calling convention of invokers: arguments arrive in
//! type-erased [`Slot`]s and leave as the concrete types the method takes
//! (`arg_*`); what a method returns goes back to the pool as a [`Returned`]
//! (`ret_*`); preconditions and invariants see their values through
//! [`Bind`] and [`InvariantOutcome`].

use std::any::TypeId;

use super::type_desc::CloneFn;
use crate::value::Value;

/// Not public API. An argument slot handed to an invoker: the executor fills it
/// before the call and takes back what is left after it.
pub type Slot = Option<Value>;

/// Not public API. What an operation returned, with `Option` / `Result` unwrapped.
pub enum Returned {
    /// `()`, or a return value drt cannot keep (it holds a borrow); it was dropped.
    Nothing,
    /// A value for the pool: a plain return, or the payload of `Some` / `Ok`.
    Value(Value),
    /// `None` or `Err(_)`: a normal outcome that produces no value.
    Empty,
    /// `Err(e)` while the executor keeps errors (`keep_errors`): no value
    /// for the pool either, but the error, to compare with a reference's.
    Error(Value),
    /// What the call returned, after which its postcondition (`ensures`)
    /// was false ([`ensured`]).
    Broken(Box<Returned>),
}

thread_local! {
    /// Whether `Err` returns keep their error ([`Returned::Error`]).
    static KEEP_ERRORS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the calls this thread makes next keep their errors: on while a
/// sequence runs against a reference, whose errors are compared with its;
/// off otherwise, so an error is dropped where its method returned it, as
/// before, and costs nothing.
pub(crate) fn keep_errors(on: bool) {
    KEEP_ERRORS.with(|k| k.set(on));
}

/// Not public API. Wraps a plain return value.
pub fn ret_value<T: 'static>(value: T) -> Returned {
    if TypeId::of::<T>() == TypeId::of::<()>() {
        return Returned::Nothing;
    }
    Returned::Value(Value::new(value))
}

/// Not public API. Keeps an owned copy of a borrowed return, when its type
/// is `Clone` (`clone` comes from the capability probe).
pub fn ret_clone<T: 'static>(clone: Option<CloneFn>, value: &T) -> Returned {
    match clone {
        Some(clone) => Returned::Value(clone(value)),
        None => Returned::Nothing,
    }
}

/// Not public API. Keeps `slice.to_vec()` of a borrowed slice, when its
/// elements are `Clone`.
pub fn ret_to_vec<T: 'static>(clone: Option<CloneFn>, slice: &[T]) -> Returned {
    let Some(clone) = clone else { return Returned::Nothing };
    let copy: Vec<T> = slice.iter().map(|e| clone(e).downcast::<T>().unwrap_or_else(|_| wrong_type::<T>())).collect();
    Returned::Value(Value::new(copy))
}

/// Not public API. How many items of a returned iterator drt takes: a
/// bounded prefix, so an endless iterator ends too.
pub const ITER_PREFIX: usize = 64;

/// Not public API. Runs a returned iterator of owned items and keeps its
/// first [`ITER_PREFIX`] items as a `Vec`.
pub fn ret_iter<T: 'static>(iter: impl Iterator<Item = T>) -> Returned {
    Returned::Value(Value::new(iter.take(ITER_PREFIX).collect::<Vec<T>>()))
}

/// Not public API. Runs a returned iterator of borrowed items and keeps
/// copies of its first [`ITER_PREFIX`] items, when they are `Clone`.
pub fn ret_iter_cloned<'a, T: 'static>(clone: Option<CloneFn>, iter: impl Iterator<Item = &'a T>) -> Returned {
    let iter = iter.take(ITER_PREFIX);
    let Some(clone) = clone else {
        iter.for_each(drop);
        return Returned::Nothing;
    };
    let copy: Vec<T> = iter.map(|e| clone(e).downcast::<T>().unwrap_or_else(|_| wrong_type::<T>())).collect();
    Returned::Value(Value::new(copy))
}

/// Not public API. The clone functions of a pair's two parts, when both
/// are `Clone` (from the capability probe).
pub type PairClone = (Option<CloneFn>, Option<CloneFn>);

/// An owned copy of a pair of borrows, made with the parts' clone functions.
fn copy_pair<A: 'static, B: 'static>((a, b): (CloneFn, CloneFn), (x, y): (&A, &B)) -> (A, B) {
    let x = a(x).downcast::<A>().unwrap_or_else(|_| wrong_type::<A>());
    let y = b(y).downcast::<B>().unwrap_or_else(|_| wrong_type::<B>());
    (x, y)
}

/// Not public API. Keeps an owned copy of a returned `Option<(&A, &B)>` (a
/// map's entry), when both parts are `Clone`.
pub fn ret_option_pair<A: 'static, B: 'static>(clone: PairClone, pair: Option<(&A, &B)>) -> Returned {
    match (pair, clone) {
        (None, _) => Returned::Empty,
        (Some(pair), (Some(a), Some(b))) => Returned::Value(Value::new(copy_pair((a, b), pair))),
        (Some(_), _) => Returned::Nothing,
    }
}

/// Not public API. Runs a returned iterator of pairs of borrows (a map's
/// entries) and keeps copies of its first [`ITER_PREFIX`] items, when both
/// parts are `Clone`.
pub fn ret_iter_pairs<'a, A: 'static, B: 'static>(
    clone: PairClone,
    iter: impl Iterator<Item = (&'a A, &'a B)>,
) -> Returned {
    let iter = iter.take(ITER_PREFIX);
    let (Some(a), Some(b)) = clone else {
        iter.for_each(drop);
        return Returned::Nothing;
    };
    Returned::Value(Value::new(iter.map(|pair| copy_pair((a, b), pair)).collect::<Vec<(A, B)>>()))
}

/// Not public API. Runs a returned iterator whose items drt cannot keep.
pub fn ret_iter_drain(iter: impl Iterator) -> Returned {
    iter.take(ITER_PREFIX).for_each(drop);
    Returned::Nothing
}

/// Not public API. Drops a return value that holds a borrow.
pub fn ret_discard<T>(value: T) -> Returned {
    drop(value);
    Returned::Nothing
}

/// Not public API. Unwraps an `Option` return.
pub fn ret_option<T: 'static>(value: Option<T>) -> Returned {
    match value {
        Some(v) => ret_value(v),
        None => Returned::Empty,
    }
}

/// Not public API. The error type of a `Result` named through an alias
/// (`io::Result<T>`), which the macro cannot see.
pub trait ResultParts {
    /// `E` of `Result<T, E>`.
    type Err;
}

impl<T, E> ResultParts for Result<T, E> {
    type Err = E;
}

/// Not public API. Unwraps a `Result` return.
pub fn ret_result<T: 'static, E: 'static>(value: Result<T, E>) -> Returned {
    match value {
        Ok(v) => ret_value(v),
        Err(e) => ret_error(e),
    }
}

/// Not public API. An `Err` return: kept while errors are (`keep_errors`).
pub fn ret_error<E: 'static>(error: E) -> Returned {
    if KEEP_ERRORS.with(std::cell::Cell::get) {
        Returned::Error(Value::new(error))
    } else {
        drop(error);
        Returned::Empty
    }
}

fn filled(slot: &mut Slot) -> &mut Value {
    slot.as_mut().expect("drt: argument slot was not filled (bug in drt)")
}

fn wrong_type<T>() -> ! {
    panic!("drt: argument slot holds a value of the wrong type, expected `{}` (bug in drt)", std::any::type_name::<T>())
}

/// Not public API. What a call with a postcondition returned, and whether
/// the postcondition `holds` after it: the verdict travels with the result.
pub fn ensured(returned: Returned, holds: bool) -> Returned {
    if holds {
        returned
    } else {
        Returned::Broken(Box::new(returned))
    }
}

/// Not public API. The method under test starts: its arguments are made
/// (the downcasts the invoker does are not the method's comparisons).
#[inline(always)]
pub fn calling() {
    crate::coverage::calling();
}

/// Not public API. The method under test returned `value`.
#[inline(always)]
pub fn called<R>(value: R) -> R {
    crate::coverage::called();
    value
}

/// Not public API. A by-value argument.
pub fn arg_owned<T: 'static>(slot: &mut Slot) -> T {
    match slot.take().map(Value::downcast::<T>) {
        Some(Ok(v)) => v,
        _ => wrong_type::<T>(),
    }
}

/// Not public API. A `&T` argument.
pub fn arg_ref<T: 'static>(slot: &mut Slot) -> &T {
    filled(slot).downcast_ref::<T>().unwrap_or_else(|| wrong_type::<T>())
}

/// Not public API. A `&mut T` argument.
pub fn arg_mut<T: 'static>(slot: &mut Slot) -> &mut T {
    filled(slot).downcast_mut::<T>().unwrap_or_else(|| wrong_type::<T>())
}

/// Not public API. A `&str` argument, borrowed from a pool `String`.
pub fn arg_str(slot: &mut Slot) -> &str {
    arg_ref::<String>(slot).as_str()
}

/// Not public API. A `&[T]` argument, borrowed from a pool `Vec<T>`.
pub fn arg_slice<T: 'static>(slot: &mut Slot) -> &[T] {
    arg_ref::<Vec<T>>(slot).as_slice()
}

/// Not public API. A `&mut [T]` argument, borrowed from a pool `Vec<T>`.
pub fn arg_slice_mut<T: 'static>(slot: &mut Slot) -> &mut [T] {
    arg_mut::<Vec<T>>(slot).as_mut_slice()
}

/// Not public API. Called when an invoker receives the wrong number of slots.
pub fn arity_mismatch() -> ! {
    panic!("drt: operation invoked with the wrong number of arguments (bug in drt)")
}

/// Not public API. A parameter as a precondition sees it: `Copy` values by
/// value, everything else by reference (autoref specialization picks
/// [`BindCopy`] over [`BindRef`] when it applies).
pub struct Bind<'a, T>(pub &'a T);

/// Not public API. Binds a `Copy` parameter by value.
pub trait BindCopy<T> {
    /// Not public API.
    fn drt_bind(&self) -> T;
}

impl<T: Copy> BindCopy<T> for &Bind<'_, T> {
    fn drt_bind(&self) -> T {
        *self.0
    }
}

/// Not public API. Binds any other parameter by reference.
pub trait BindRef<'a, T> {
    /// Not public API.
    fn drt_bind(&self) -> &'a T;
}

impl<'a, T> BindRef<'a, T> for Bind<'a, T> {
    fn drt_bind(&self) -> &'a T {
        self.0
    }
}

/// Not public API. What an invariant method's return value says.
pub trait InvariantOutcome {
    /// `Err` with a description when the invariant does not hold.
    fn outcome(self) -> Result<(), String>;
}

impl InvariantOutcome for bool {
    fn outcome(self) -> Result<(), String> {
        if self {
            Ok(())
        } else {
            Err("it returned false".into())
        }
    }
}

impl InvariantOutcome for () {
    fn outcome(self) -> Result<(), String> {
        Ok(())
    }
}

impl<T, E: std::fmt::Debug> InvariantOutcome for Result<T, E> {
    fn outcome(self) -> Result<(), String> {
        self.map(drop).map_err(|e| format!("it returned Err({e:?})"))
    }
}
