//! Not public API. Used by generated code.
//!
//! `#[drt::operations]` expands to one function per impl block that receives a
//! [`Registrar`] and describes the block to it: the types it mentions (with the
//! capabilities each has), its operations (with a type-erased invoker each) and
//! the literals mined from its method bodies. That function is submitted through
//! `inventory`, so registration costs nothing until an exploration starts.

use std::any::{Any, TypeId};

pub use crate::registry::{ParamKind, Receiver, Registrar};
pub use crate::value::TypeDesc;
pub use inventory;

/// Not public API. One impl block's registration function.
pub struct Registration {
    /// Describes the impl block to the registrar.
    pub register: fn(&mut Registrar),
}

inventory::collect!(Registration);

/// Not public API. An argument slot handed to an invoker: the executor fills it
/// before the call and takes back what is left after it.
pub type Slot = Option<Box<dyn Any>>;

/// Not public API. What an operation returned, with `Option` / `Result` unwrapped.
pub enum Returned {
    /// `()`, or a return value drt cannot keep (it holds a borrow); it was dropped.
    Nothing,
    /// A value for the pool: a plain return, or the payload of `Some` / `Ok`.
    Value(Box<dyn Any>),
    /// `None` or `Err(_)`: a normal outcome that produces no value.
    Empty,
}

/// Not public API. Wraps a plain return value.
pub fn ret_value<T: 'static>(value: T) -> Returned {
    if TypeId::of::<T>() == TypeId::of::<()>() {
        return Returned::Nothing;
    }
    Returned::Value(Box::new(value))
}

/// Not public API. Keeps an owned copy of a borrowed return, when its type
/// is `Clone` (`clone` comes from the capability probe).
pub fn ret_clone<T: 'static>(clone: Option<crate::value::CloneFn>, value: &T) -> Returned {
    match clone {
        Some(clone) => Returned::Value(clone(value)),
        None => Returned::Nothing,
    }
}

/// Not public API. Keeps `slice.to_vec()` of a borrowed slice, when its
/// elements are `Clone`.
pub fn ret_to_vec<T: 'static>(clone: Option<crate::value::CloneFn>, slice: &[T]) -> Returned {
    let Some(clone) = clone else { return Returned::Nothing };
    let copy: Vec<T> = slice.iter().map(|e| *clone(e).downcast::<T>().unwrap_or_else(|_| wrong_type::<T>())).collect();
    Returned::Value(Box::new(copy))
}

/// Not public API. How many items of a returned iterator drt takes: a
/// bounded prefix, so an endless iterator ends too.
pub const ITER_PREFIX: usize = 64;

/// Not public API. Runs a returned iterator of owned items and keeps its
/// first [`ITER_PREFIX`] items as a `Vec`.
pub fn ret_iter<T: 'static>(iter: impl Iterator<Item = T>) -> Returned {
    Returned::Value(Box::new(iter.take(ITER_PREFIX).collect::<Vec<T>>()))
}

/// Not public API. Runs a returned iterator of borrowed items and keeps
/// copies of its first [`ITER_PREFIX`] items, when they are `Clone`.
pub fn ret_iter_cloned<'a, T: 'static>(
    clone: Option<crate::value::CloneFn>,
    iter: impl Iterator<Item = &'a T>,
) -> Returned {
    let iter = iter.take(ITER_PREFIX);
    let Some(clone) = clone else {
        iter.for_each(drop);
        return Returned::Nothing;
    };
    let copy: Vec<T> = iter.map(|e| *clone(e).downcast::<T>().unwrap_or_else(|_| wrong_type::<T>())).collect();
    Returned::Value(Box::new(copy))
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

/// Not public API. Unwraps a `Result` return.
pub fn ret_result<T: 'static, E>(value: Result<T, E>) -> Returned {
    match value {
        Ok(v) => ret_value(v),
        Err(_) => Returned::Empty,
    }
}

fn filled(slot: &mut Slot) -> &mut Box<dyn Any> {
    slot.as_mut().expect("drt: argument slot was not filled (bug in drt)")
}

fn wrong_type<T>() -> ! {
    panic!("drt: argument slot holds a value of the wrong type, expected `{}` (bug in drt)", std::any::type_name::<T>())
}

/// Not public API. A by-value argument.
pub fn arg_owned<T: 'static>(slot: &mut Slot) -> T {
    match slot.take().map(|b| b.downcast::<T>()) {
        Some(Ok(b)) => *b,
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

/// Not public API. Builds a [`TypeDesc`] for a concrete type, detecting its
/// capabilities by autoref specialization (`probe`).
#[doc(hidden)]
#[macro_export]
macro_rules! __type_desc {
    ($t:ty) => {{
        #[allow(unused_imports)]
        use $crate::__private::probe::{
            CloneNo as _, CloneYes as _, CopyNo as _, CopyYes as _, DebugNo as _, DebugYes as _, DefaultNo as _,
            DefaultYes as _, DisplayNo as _, DisplayYes as _, EqNo as _, EqYes as _, HashNo as _, HashYes as _,
            OrdNo as _, OrdYes as _, PartialEqNo as _, PartialEqYes as _, PartialOrdNo as _, PartialOrdYes as _,
        };
        let p = $crate::__private::probe::Probe::<$t>::new();
        $crate::__private::TypeDesc {
            id: ::core::any::TypeId::of::<$t>(),
            name: ::core::any::type_name::<$t>(),
            clone: (&&p).drt_clone(),
            copy: (&&p).drt_copy(),
            debug: (&&p).drt_debug(),
            display: (&&p).drt_display(),
            eq: (&&p).drt_partial_eq(),
            total_eq: (&&p).drt_eq(),
            hash: (&&p).drt_hash(),
            partial_cmp: (&&p).drt_partial_cmp(),
            cmp: (&&p).drt_cmp(),
            default: (&&p).drt_default(),
        }
    }};
}
pub use crate::__type_desc as type_desc;

/// Not public API. Capability detection by autoref specialization: for a
/// concrete `T`, `(&&Probe::<T>::new()).drt_clone()` resolves to the `*Yes`
/// impl (on `&Probe<T>`) when `T: Clone`, else to the `*No` impl (on
/// `Probe<T>`), which needs one more auto-deref.
pub mod probe {
    use std::any::Any;
    use std::fmt;
    use std::hash::{Hash, Hasher};
    use std::marker::PhantomData;

    use crate::registry::OperationSpec;
    use crate::value::{CloneFn, CmpFn, DefaultFn, EqFn, FmtFn, HashFn, PartialCmpFn};

    /// Not public API. Zero-sized stand-in for a type under inspection.
    pub struct Probe<T>(PhantomData<fn() -> T>);

    impl<T> Probe<T> {
        /// Not public API.
        #[allow(clippy::new_without_default)]
        pub fn new() -> Self {
            Probe(PhantomData)
        }

        /// Not public API. The probe of a value's type.
        pub fn of(_: &T) -> Self {
            Probe(PhantomData)
        }

        /// Not public API. The probe of a slice's element type.
        pub fn of_slice(_: &[T]) -> Self {
            Probe(PhantomData)
        }
    }

    fn cast<T: 'static>(v: &dyn Any) -> &T {
        v.downcast_ref::<T>().expect("drt: value of unexpected type (bug in drt)")
    }

    macro_rules! capability {
        ($yes:ident, $no:ident, $method:ident, $out:ty, [$($bound:tt)+], $found:expr, $missing:expr) => {
            /// Not public API.
            pub trait $yes {
                /// Not public API.
                fn $method(&self) -> $out;
            }
            impl<T: $($bound)+ + 'static> $yes for &Probe<T> {
                fn $method(&self) -> $out {
                    $found
                }
            }
            /// Not public API.
            pub trait $no {
                /// Not public API.
                fn $method(&self) -> $out;
            }
            impl<T> $no for Probe<T> {
                fn $method(&self) -> $out {
                    $missing
                }
            }
        };
    }

    fn clone_of<T: Clone + 'static>() -> Option<CloneFn> {
        Some(|v| Box::new(cast::<T>(v).clone()))
    }
    fn debug_of<T: fmt::Debug + 'static>() -> Option<FmtFn> {
        Some(|v, f| fmt::Debug::fmt(cast::<T>(v), f))
    }
    fn display_of<T: fmt::Display + 'static>() -> Option<FmtFn> {
        Some(|v, f| fmt::Display::fmt(cast::<T>(v), f))
    }
    fn partial_eq_of<T: PartialEq + 'static>() -> Option<EqFn> {
        Some(|a, b| cast::<T>(a) == cast::<T>(b))
    }
    fn hash_of<T: Hash + 'static>() -> Option<HashFn> {
        Some(|v| {
            let mut h = rustc_hash::FxHasher::default();
            cast::<T>(v).hash(&mut h);
            h.finish()
        })
    }
    fn partial_cmp_of<T: PartialOrd + 'static>() -> Option<PartialCmpFn> {
        Some(|a, b| cast::<T>(a).partial_cmp(cast::<T>(b)))
    }
    fn cmp_of<T: Ord + 'static>() -> Option<CmpFn> {
        Some(|a, b| cast::<T>(a).cmp(cast::<T>(b)))
    }
    fn default_of<T: Default + 'static>() -> Option<DefaultFn> {
        Some(|| Box::new(T::default()))
    }

    capability!(CloneYes, CloneNo, drt_clone, Option<CloneFn>, [Clone], clone_of::<T>(), None);
    capability!(CopyYes, CopyNo, drt_copy, bool, [Copy], true, false);
    capability!(DebugYes, DebugNo, drt_debug, Option<FmtFn>, [fmt::Debug], debug_of::<T>(), None);
    capability!(DisplayYes, DisplayNo, drt_display, Option<FmtFn>, [fmt::Display], display_of::<T>(), None);
    capability!(PartialEqYes, PartialEqNo, drt_partial_eq, Option<EqFn>, [PartialEq], partial_eq_of::<T>(), None);
    capability!(EqYes, EqNo, drt_eq, bool, [Eq], true, false);
    capability!(HashYes, HashNo, drt_hash, Option<HashFn>, [Hash], hash_of::<T>(), None);
    capability!(
        PartialOrdYes,
        PartialOrdNo,
        drt_partial_cmp,
        Option<PartialCmpFn>,
        [PartialOrd],
        partial_cmp_of::<T>(),
        None
    );
    capability!(OrdYes, OrdNo, drt_cmp, Option<CmpFn>, [Ord], cmp_of::<T>(), None);
    capability!(DefaultYes, DefaultNo, drt_default, Option<DefaultFn>, [Default], default_of::<T>(), None);
    capability!(
        TextYes,
        TextNo,
        drt_text,
        Vec<OperationSpec>,
        [fmt::Display],
        crate::builders::text::<T>(),
        Vec::new()
    );
}
