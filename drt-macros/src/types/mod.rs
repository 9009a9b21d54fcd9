//! How drt passes a parameter and keeps a return value, decided from the
//! written types: one room per concept, [`params`], [`returns`], the
//! parameters of the [`environment`] and the [`builders`] of std values, over
//! questions about a type as [`written`].

mod builders;
mod environment;
mod params;
mod returns;
mod written;

pub use builders::builders;
pub use environment::{environment_instantiation, Closure};
pub use params::{closure_param, param, Kind};
pub use returns::{ret, Borrowed, IterItem, Lent, Ret};
pub use written::{is_primitive_or_string, is_string, keeps, same, show, vec_elem, ReplaceSelf};
