//! Not public API, but for [`answers!`](crate::answers): the closures drt
//! passes where an operation takes an `impl Fn(..) -> R` (or `FnMut`,
//! `FnOnce`, a `&dyn Fn`, a generic `F: Fn`). Each answers its calls with
//! values the search chose, in turn and over again (Pex's closed
//! environment, whose mock methods return values the search chooses), so
//! code that meets an answer it did not expect (a predicate false every
//! time, an attempt that never succeeds) is tested. Emitted tests write them
//! as `drt::answers!(|_| [true, false])`.

use std::cell::Cell;

/// Not public API. The answers of a closure of `N` parameters.
#[derive(Clone, Debug)]
pub struct Answers<R, const N: usize> {
    values: Vec<R>,
    calls: Cell<usize>,
    /// Whether the call after the last answer panics (and every one after
    /// it), rather than starting over.
    then_panic: bool,
}

/// Not public API. What a closure of drt's panics with when the search chose
/// a panic ([`answers!`](crate::answers)' `then panic`): the executor tells
/// it from a panic of the code under test by it.
pub const CHOSEN_PANIC: &str = "drt::answers! panics here, as the search chose (to test unwind safety)";

impl<R: Clone, const N: usize> Answers<R, N> {
    /// Answers `values` in turn, starting over after the last.
    ///
    /// # Panics
    /// If `values` is empty.
    pub fn new(values: Vec<R>) -> Self {
        assert!(!values.is_empty(), "a closure needs at least one answer");
        Answers { values, calls: Cell::new(0), then_panic: false }
    }

    /// Answers `values` in turn, then panics with [`CHOSEN_PANIC`] on every
    /// call after the last.
    pub fn then_panic(values: Vec<R>) -> Self {
        Answers { values, calls: Cell::new(0), then_panic: true }
    }

    /// Answers `values` in turn, or none yet: a mock's method before its
    /// answers are given.
    pub fn given(values: impl IntoIterator<Item = R>) -> Self {
        Answers { values: values.into_iter().collect(), calls: Cell::new(0), then_panic: false }
    }

    /// The answer to the next call of the mock method `method`.
    ///
    /// # Panics
    /// If the mock was given no answers for it.
    pub fn answer(&self, method: &str) -> R {
        if self.values.is_empty() {
            panic!("{method} was called, but the mock was given no answers for it");
        }
        self.next()
    }

    /// The answer to the next call.
    pub fn next(&self) -> R {
        let call = self.calls.get();
        self.calls.set(call.wrapping_add(1));
        if self.then_panic && call >= self.values.len() {
            panic!("{CHOSEN_PANIC}");
        }
        self.values[call % self.values.len()].clone()
    }
}

/// Not public API. Implemented by `#[drt::mock]` for `dyn Trait`: the
/// mock an `impl Trait`, `&dyn Trait` or generic `T: Trait` parameter gets.
#[diagnostic::on_unimplemented(
    message = "drt has no mock of `{Self}`",
    label = "drt cannot make a value of this trait",
    note = "put #[drt::mock] on the trait (a trait of your crate), or skip this method with #[drt(skip)]"
)]
pub trait Mocked {
    /// The mock `#[drt::mock]` generated.
    type Mock: 'static;
}

/// Not public API. What a generic `F: Fn(A) -> R` parameter is instantiated
/// with, `Box<dyn Fn(A) -> R>`, under a name of its own so the macro tells it
/// from a `Box` the user's signature takes (emitted tests pass a closure).
pub type BoxedFn<F> = Box<F>;

/// A closure answering its calls with `values` in turn, whatever its
/// arguments: what emitted tests pass where an operation takes an `impl Fn`
/// (drt chose the answers). The parameters are written as a closure's:
/// `drt::answers!(|_| [true, false])`, `drt::answers!(|| [5])`,
/// `drt::answers!(|_, _| [None, Some(3)])`.
///
/// With `, then panic` after the answers, the call after the last one
/// panics (and every call after it): how drt tests that code calling a
/// closure stays sound and consistent when the closure panics (unwind
/// safety). Emitted tests run such a call inside `std::panic::catch_unwind`
/// and go on with the values it touched.
///
/// ```
/// let mut v = vec![1, 2, 3, 4];
/// v.retain(drt::answers!(|_| [true, false]));
/// assert_eq!(v, [1, 3]);
///
/// let mut w = vec![1, 2, 3, 4];
/// let retained = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
///     w.retain(drt::answers!(|_| [false], then panic))
/// }));
/// assert!(retained.is_err());
/// assert_eq!(w, [2, 3, 4]); // `Vec::retain` keeps what it had not looked at
/// ```
#[macro_export]
macro_rules! answers {
    (|| [$($value:expr),* $(,)?], then panic) => {{
        let answers = $crate::__private::Answers::<_, 0>::then_panic(::std::vec![$($value),*]);
        move || answers.next()
    }};
    (|$($param:pat_param),+| [$($value:expr),* $(,)?], then panic) => {{
        let answers = $crate::__private::Answers::<_, 0>::then_panic(::std::vec![$($value),*]);
        move |$($param),+| answers.next()
    }};
    (|| [$($value:expr),+ $(,)?]) => {{
        let answers = $crate::__private::Answers::<_, 0>::new(::std::vec![$($value),+]);
        move || answers.next()
    }};
    (|$($param:pat_param),+| [$($value:expr),+ $(,)?]) => {{
        let answers = $crate::__private::Answers::<_, 0>::new(::std::vec![$($value),+]);
        move |$($param),+| answers.next()
    }};
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_closure_answers_in_turn_whatever_it_is_asked() {
        let f = crate::answers!(|_, _| [1, 2]);
        assert_eq!([f("a", 0), f("b", 1), f("c", 2)], [1, 2, 1]);
        let mut kept = vec![5, 6, 7, 8, 9];
        kept.retain(crate::answers!(|_| [false, true, true]));
        assert_eq!(kept, [6, 7, 9]);
        let g = crate::answers!(|| ["x"]);
        assert_eq!(g(), "x");
    }

    #[test]
    fn a_closure_told_to_panic_answers_first() {
        let f = crate::answers!(|_| [7], then panic);
        assert_eq!(f(()), 7);
        for _ in 0..2 {
            let e = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(()))).unwrap_err();
            assert_eq!(e.downcast_ref::<String>().map(String::as_str), Some(super::CHOSEN_PANIC));
        }
        let g: fn() -> Box<dyn Fn() -> bool> = || Box::new(crate::answers!(|| [], then panic));
        assert!(std::panic::catch_unwind(|| g()()).is_err());
    }
}
