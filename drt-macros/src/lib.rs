//! The `#[drt::operations]` attribute. Use it through the `drt` crate, which
//! re-exports it and holds the runtime the generated code calls.

mod ast;
mod attr;
mod check;
mod ctxt;
mod expand;
mod fallback;
mod mine;
mod types;

use proc_macro::TokenStream;

/// Registers every method and associated function of an impl block as an
/// operation for `drt::explore`. The impl block is emitted unchanged.
///
/// Arguments: `skip(a, b)` leaves methods out; `weight(a = 3)` makes a method
/// more likely to be chosen (default 1). On a method, `#[drt(skip)]` and
/// `#[drt(weight = 3)]` do the same.
#[proc_macro_attribute]
pub fn operations(args: TokenStream, input: TokenStream) -> TokenStream {
    expand::operations(args.into(), input.into()).into()
}
