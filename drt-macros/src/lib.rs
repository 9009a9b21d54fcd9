//! The `#[drt::operations]`, `#[drt::mock]` and `#[drt::generator]`
//! attributes. Use them through the `drt` crate (package `drt-runtime`),
//! which re-exports them and holds the runtime the generated code calls.
//!
//! # How the crate is built
//!
//! thiserror's pipeline, read bottom-up; no two modules import each other:
//! 1. `ctxt` (errors collected), `text`, `mine` (literals), `krate` (the
//!    path to drt), `attr` (the attributes' arguments), `types` (how a
//!    written type is passed and kept: a folder of rooms);
//! 2. `generics` (instances of generic blocks and methods), `ast` (the
//!    block as operations and parameters: it only builds);
//! 3. `traits` and `check`: the rules, one `check_*` each, which `expand`
//!    calls before and right after building; `laws` (the laws a block's
//!    signatures make applicable, registered by `expand`);
//! 4. `expand` (`#[drt::operations]`: the block unchanged, then its
//!    registration, emission decisions read from the finished ast), `mock`,
//!    `generator`, `variants` (`#[drt::operations]` on a fieldless enum);
//!    `fallback` (the block with `compile_error!`s) is a leaf they call.

mod ast;
mod attr;
mod check;
mod ctxt;
mod expand;
mod fallback;
mod generator;
mod generics;
mod krate;
mod laws;
#[cfg(test)]
mod layering;
mod mine;
mod mock;
mod text;
mod traits;
mod types;
mod variants;

use proc_macro::TokenStream;

/// Registers every method and associated function of an impl block as an
/// operation for `drt::explore`. The impl block is emitted unchanged. It may
/// be inherent or a trait impl (`impl Add for Money`: emitted tests then write
/// `a + b`); a generic block needs `instantiate(T = u8)` (repeatable), a
/// generic method `#[drt(instantiate(U = u8))]`.
///
/// Arguments (all optional): `skip(a, b)` leaves methods out; `weight(a = 3)`
/// makes a method more likely to be chosen (default 1); `invariant(f)` names a
/// `fn f(&self) -> bool` (or `Result`, or panicking) checked after every call;
/// `panics(a, b = "text")` marks panics as documented (illegal input, not a
/// failure); `requires(a = "expr")` gives a precondition over `self` and the
/// parameters; `ensures(a = "expr")` gives a postcondition over the
/// parameters, `result`, `self` after the call and `old` (a clone of `self`
/// made before it); `seeds(T = [expr, ...])` gives values of a type;
/// `crate = "path"` says where drt is when not at `::drt` (a crate
/// re-exporting it; `#[drt::mock]` and `#[drt::generator]` take it too; the
/// tests drt emits for the type name drt by it as well). On a
/// method: `#[drt(skip)]`, `#[drt(weight = 3)]`, `#[drt(panics)]`,
/// `#[drt(panics = "text")]`, `#[drt(requires = "expr")]`,
/// `#[drt(ensures = "expr")]`, `#[drt(instantiate(U = u8))]`, and
/// `#[drt(model = "name")]`, the method's counterpart in a reference
/// (`drt::explore::<T>().against::<M>()`) when it is named otherwise;
/// a `# Panics` doc section means `panics` too. Iterator parameters
/// (`impl Iterator<Item = T>`, `impl IntoIterator<Item = T>`, a generic
/// `I: IntoIterator<Item = T>`) get iterators drt makes of `T`s, with an
/// exact size hint, a lower bound of 0, or a lie (`drt::iter::Lying`);
/// reader parameters (`impl Read`, `impl BufRead`, `&mut dyn Read`,
/// `R: Read`) get bytes whole, in pieces, interrupted or failing, writer
/// parameters sinks that take everything, a few bytes, one at a time, or
/// fail (`drt::io`); closure parameters (`impl Fn(A) -> R`, `&dyn Fn`,
/// `Box<dyn Fn(A) -> R>`, `F: FnMut`) get closures answering with chosen
/// values, or panicking after them (`drt::answers!`).
/// Unsupported input is a compile error pointing at it.
///
/// On an enum whose variants have no fields (`enum Direction { Up, Down }`),
/// it lists the variants as the values drt passes where the enum is taken.
#[proc_macro_attribute]
pub fn operations(args: TokenStream, input: TokenStream) -> TokenStream {
    expand::operations(args.into(), input.into()).into()
}

/// Generates a mock of a trait of your crate, so that operations taking it
/// (`impl Clock`, `&dyn Clock`, `&mut dyn Clock`, `&mut impl Clock`,
/// `Box<dyn Clock>`, `Rc<dyn Clock>`, `Arc<dyn Clock>`, a generic
/// `C: Clock`) can be explored: `ClockMock`, whose methods answer with
/// values drt chose, in turn (a `Result` method answers errors too).
/// Emitted tests write it `ClockMock::new().now([5, 0])`. Takes
/// `crate = "path"` when drt is reached by another path. A method returning `()` only returns;
/// one drt cannot answer (generic, async, returning a borrow or `Self`)
/// keeps its default body, or is a compile error saying what to write.
#[proc_macro_attribute]
pub fn mock(args: TokenStream, input: TokenStream) -> TokenStream {
    mock::mock(args.into(), input.into()).into()
}

/// Registers `fn name(rng: &mut drt::Rng) -> T` as a way to make values of
/// `T`, for types no annotated impl block constructs (or constructs too
/// narrowly). drt calls it with `drt::Rng::new(k)` for a few dozen `k`, and
/// emitted tests call it the same way, so every value is reproducible.
/// Takes `crate = "path"` when drt is reached by another path.
#[proc_macro_attribute]
pub fn generator(args: TokenStream, input: TokenStream) -> TokenStream {
    generator::generator(args.into(), input.into()).into()
}
