//! Not public API. Everything `#[drt::operations]` and `#[drt::generator]`
//! expansions name, reached only through `drt::__private` (the contract with
//! drt-macros: change an item here and the expansions change with it).
//!
//! An expansion is one function per impl block that receives a
//! [`Registrar`] and describes the block to it: the types it mentions (with
//! the capabilities each has, [`TypeDesc`]), its operations ([`OperationSpec`],
//! each with a type-erased invoker), the literals mined from its method
//! bodies, its seeds and invariant. That function is submitted through
//! `inventory`, so registration costs nothing until an exploration starts.
//!
//! This room imports nothing of the engine: the engine reads what is
//! registered here, never the other way round.

mod answers;
pub mod builders;
mod call;
pub mod laws;
mod passed_iter;
pub mod probe;
mod reference;
mod registration;
mod spec;
mod type_desc;

pub use crate::io::{Reader, Writer};
pub use crate::value::Value;
pub use answers::{Answers, BoxedFn, Mocked, CHOSEN_PANIC};
pub use call::*;
pub use inventory;
pub use passed_iter::{Hint, Iter};
pub use probe::probing;
pub use reference::Reference;
pub(crate) use registration::built_with_feature_drt;
pub use registration::{Registrar, Registration};
pub use spec::*;
pub(crate) use type_desc::{builtin_types, is_seeded, CloneFn, FmtFn};
pub use type_desc::{type_desc, TypeDesc};
