//! Not public API. What an expansion says about each operation: its
//! parameters, receiver and return, how emitted code writes a call of it,
//! which panics are documented, and the seeds, literals and invariants of
//! its impl block. Plain data, built in `const`-friendly shapes.

use std::any::{Any, TypeId};

use super::call::{Returned, Slot};

/// Not public API. How an operation takes its receiver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Receiver {
    /// An associated function: no `self`.
    None,
    /// `&self`.
    Ref,
    /// `&mut self`.
    Mut,
    /// `self`.
    Value,
}

/// Not public API. How an operation takes one parameter (the receiver included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// `T`: the pool value is cloned when `T: Clone`, else moved.
    Value,
    /// `&T`.
    Ref,
    /// `&mut T`: later calls see the change.
    Mut,
    /// `&str`, borrowed from a pool `String`.
    Str,
    /// `&[T]`, borrowed from a pool `Vec<T>`.
    Slice,
    /// `&mut [T]`, borrowed from a pool `Vec<T>`.
    SliceMut,
    /// `Option<&T>`, lent from a pool `Option<T>` (`.as_ref()`).
    OptRef,
    /// `Option<&str>` / `Option<&[T]>`, lent from a pool `Option<String>` /
    /// `Option<Vec<T>>` (`.as_deref()`).
    OptDeref,
}

/// Not public API. What an operation's return type gives the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetKind {
    /// `()`.
    Unit,
    /// A type drt cannot keep (it holds a borrow): the value is dropped.
    Discard,
    /// A plain value.
    Value,
    /// `Option<T>`: the `Some` payload.
    Option,
    /// A borrow (`&T`, `Option<&T>`, `Option<(&A, &B)>`, `&str`, `&[T]`):
    /// an owned copy, when `Clone`.
    Borrowed(Borrowed),
    /// `impl Iterator`: its first items, collected into a `Vec` when they
    /// can be kept.
    Iter {
        /// What the items are, and so how they are kept.
        items: Items,
    },
    /// `Result<T, E>`: the `Ok` payload.
    Result {
        /// `TypeId` of `E`, to decide between `.unwrap()` and `.ok().unwrap()`.
        err: TypeId,
    },
}

/// Not public API. How a borrowed return is copied into the pool, and so how
/// emitted tests take the copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Borrowed {
    /// `&T`: `.clone()`.
    Ref,
    /// `Option<&T>`: `.cloned()`.
    OptionRef,
    /// `&str`: `.to_string()`.
    Str,
    /// `&[T]`: `.to_vec()`.
    Slice,
    /// `Option<(&A, &B)>` (a map's entry): `.map(|(a, b)| (a.to_owned(), b.to_owned()))`.
    OptionPair,
    /// `Option<&str>`: `.map(str::to_string)`.
    OptionStr,
    /// `Option<&[T]>`: `.map(<[_]>::to_vec)`.
    OptionSlice,
    /// `Result<&T, E>`: `.cloned()`.
    ResultRef {
        /// `TypeId` of `E`, as [`RetKind::Result`]'s.
        err: TypeId,
    },
    /// `Result<&str, E>`: `.map(str::to_string)`.
    ResultStr {
        /// `TypeId` of `E`.
        err: TypeId,
    },
    /// `Result<&[T], E>`: `.map(<[_]>::to_vec)`.
    ResultSlice {
        /// `TypeId` of `E`.
        err: TypeId,
    },
}

/// Not public API. The items of a returned iterator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Items {
    /// Owned values, kept as they are.
    Owned,
    /// `&T`, copied with `.cloned()`.
    Cloned,
    /// `(&A, &B)` (a map's entries), each part cloned.
    Pairs,
}

impl RetKind {
    /// Whether the result is an `Option` (of a value or of borrows), so a
    /// missing one is a `None`.
    pub fn is_option(self) -> bool {
        matches!(
            self,
            RetKind::Option
                | RetKind::Borrowed(
                    Borrowed::OptionRef | Borrowed::OptionStr | Borrowed::OptionSlice | Borrowed::OptionPair
                )
        )
    }

    /// Whether a call may give no value (`None`, `Err`): kept whole, its
    /// result is an `Option`.
    pub fn may_be_empty(self) -> bool {
        self.is_option() || self.err().is_some()
    }

    /// The error type of a `Result` (of a value or of a borrow).
    pub fn err(self) -> Option<TypeId> {
        match self {
            RetKind::Result { err }
            | RetKind::Borrowed(
                Borrowed::ResultRef { err } | Borrowed::ResultStr { err } | Borrowed::ResultSlice { err },
            ) => Some(err),
            _ => None,
        }
    }
}

/// Not public API. One parameter of an operation.
#[derive(Clone, Copy, Debug)]
pub struct ParamSpec {
    /// The parameter's name in the signature (`self` for the receiver).
    pub name: &'static str,
    /// The pool type that fills it (`String` for `&str`, `Vec<T>` for `&[T]`).
    pub ty: TypeId,
    /// How it is passed.
    pub kind: ParamKind,
}

/// Not public API. An invoker: takes its arguments from the slots, calls the
/// operation, and wraps the result.
pub type Invoker = fn(&mut [Slot]) -> Returned;

/// Not public API. A precondition over the argument slots (`requires(...)`).
pub type Precondition = fn(&mut [Slot]) -> bool;

/// Not public API. Which panics of an operation are documented (illegal input, not a bug).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panics {
    /// None: every panic is a failure.
    No,
    /// Any panic (`panics(f)`, `#[drt(panics)]`, a `# Panics` doc section).
    Any,
    /// Only a panic whose message contains this text (`panics(f = "capacity")`).
    Containing(&'static str),
    /// A `# Panics` doc section, with its text: any panic but an arithmetic
    /// overflow or a division by zero the text does not mention. "Panics if
    /// the list is empty" documents the `expect`, not an `attempt to add
    /// with overflow` three lines further down.
    Documented(&'static str),
}

impl Panics {
    /// Whether a panic with this message is documented.
    pub(crate) fn expects(self, message: &str) -> bool {
        match self {
            Panics::No => false,
            Panics::Any => true,
            Panics::Containing(text) => message.contains(text),
            Panics::Documented(doc) => {
                let doc = doc.to_lowercase();
                let arithmetic = message.starts_with("attempt to ");
                if arithmetic && message.ends_with("with overflow") {
                    doc.contains("overflow")
                } else if arithmetic && message.contains("zero") {
                    doc.contains("zero")
                } else {
                    true
                }
            }
        }
    }
}

/// Not public API. How emitted code writes a call of an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// `recv.name(args)`, or `Type::name(args)` for an associated function.
    Call,
    /// A binary operator on two values: `a + b` (`Add::add` and friends).
    Binary(&'static str),
    /// A unary operator: `-a` (`Neg::neg`), `!a` (`Not::not`).
    Unary(&'static str),
    /// A compound assignment: `a += b` (`AddAssign::add_assign` and friends).
    Assign(&'static str),
    /// A comparison of two borrowed values: `a == b` (`PartialEq::eq` and friends).
    Compare(&'static str),
    /// Indexing: `a[i]` (`Index::index`).
    Index,
    /// `FromStr::from_str` as a person writes it: `"1.50".parse::<Money>()`.
    Parse,
    /// A fully qualified call, for trait methods the prelude does not bring
    /// into scope: `<Type as Trait>::name(args)`.
    Qualified,
    /// A free function, by its full path: `my_crate::shapes::any_point(args)`
    /// (`#[drt::generator]`).
    Function(&'static str),
    /// A built-in value builder written as an expression over its arguments:
    /// `$0..$1`, `Some($0)`, `vec![$0, $1]`.
    Template(&'static str),
}

/// Not public API. What an operation is, set where its spec is made: it
/// decides whether it is tested, how reports name it and how a value it
/// made is treated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpKind {
    /// A method or associated function of an annotated impl block (of a
    /// type under test, a helper type or a reference).
    Method,
    /// A built-in builder of a std value (`$0..$1`, `Some($0)`) or a mock,
    /// and the cue a value it makes carries.
    Builder(Cue),
    /// A `seeds(T = [expr])` value of a type drt does not seed itself.
    Seed,
    /// A `#[drt::generator]` function.
    Generator,
}

impl OpKind {
    /// Whether it is an expression that makes a value from its arguments
    /// (a built-in builder or a seed): std's code or the user's literal,
    /// never code under test.
    pub fn is_builder(self) -> bool {
        matches!(self, OpKind::Builder(_) | OpKind::Seed)
    }

    /// The cue a value it makes carries ([`Cue::None`] for all but some builders).
    pub fn cue(self) -> Cue {
        match self {
            OpKind::Builder(cue) => cue,
            _ => Cue::None,
        }
    }
}

/// Not public API. What a value made by a builder means to the call given
/// it, which the executor and the renderer must know of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// Nothing: an ordinary value.
    None,
    /// A closure that panics after its answers ([`super::builders::answers`]):
    /// the call goes on after the panic, with no result.
    ThenPanic,
    /// An iterator lying about its length ([`super::builders::iter`]): what
    /// safe code does with it is no bug, only a crash is.
    Lies,
}

impl Cue {
    /// Its bit in a set of cues (none for [`Cue::None`]).
    pub fn bit(self) -> u8 {
        match self {
            Cue::None => 0,
            Cue::ThenPanic => 1,
            Cue::Lies => 2,
        }
    }
}

/// Not public API. One operation, as registered by the macro.
#[derive(Clone, Debug)]
pub struct OperationSpec {
    /// What it is.
    pub kind: OpKind,
    /// The method's name, with its turbofish for a generic method (`map::<u8>`).
    pub name: &'static str,
    /// The trait of the impl block as emitted code names it (`std::ops::Add<my_crate::Cents>`,
    /// [`trait_path`]), or `""` in an inherent impl.
    pub trait_name: &'static str,
    /// How emitted code writes a call.
    pub syntax: Syntax,
    /// The impl block's self type.
    pub owner: TypeId,
    /// How the receiver is taken; when not `None`, `params[0]` is the receiver.
    pub receiver: Receiver,
    /// Parameters, the receiver first when there is one.
    pub params: Vec<ParamSpec>,
    /// What the return gives the pool.
    pub ret: RetKind,
    /// The type of the value the return gives the pool, when it gives one.
    pub ret_ty: Option<TypeId>,
    /// Calls the operation.
    pub invoke: Invoker,
    /// Relative selection weight.
    pub weight: u32,
    /// Which panics are documented.
    pub panics: Panics,
    /// Checked before the call; false makes the call illegal.
    pub requires: Option<Precondition>,
    /// The name of its counterpart in a reference (`#[drt(model = "name")]`),
    /// or `""` for its own name.
    pub model: &'static str,
    /// Its postcondition's source text (`ensures`), or `""`; the invoker
    /// checks it and says when it is false ([`super::ensured`]).
    pub ensures: &'static str,
    /// Whether it is not `pub` (an inherent method or a generator): a test
    /// calling it compiles only in its module, not in `tests/`.
    pub private: bool,
}

impl OperationSpec {
    /// Not public API. An operation of `owner` of this `kind`, called
    /// `name`, written as `syntax`, calling `invoke`; every other field at
    /// its default: no trait, an associated function with no parameters
    /// returning `()`, weight 1, no documented panic, no precondition,
    /// model name or postcondition, public. The one place the defaults are
    /// written: the macro and the built-in builders override what differs.
    pub fn new(kind: OpKind, name: &'static str, syntax: Syntax, owner: TypeId, invoke: Invoker) -> OperationSpec {
        OperationSpec {
            kind,
            name,
            trait_name: "",
            syntax,
            owner,
            receiver: Receiver::None,
            params: Vec::new(),
            ret: RetKind::Unit,
            ret_ty: None,
            invoke,
            weight: 1,
            panics: Panics::No,
            requires: None,
            model: "",
            ensures: "",
            private: false,
        }
    }
}

/// Not public API. A literal found in a method body (GRT's constant mining).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Literal {
    /// An integer, as decimal text with an optional sign, and its suffix or "".
    Int(&'static str, &'static str),
    /// A float, as written, and its suffix or "".
    Float(&'static str, &'static str),
    /// A string literal's value.
    Str(&'static str),
    /// A char literal's value.
    Char(char),
}

/// Not public API. A seed value given with `seeds(T = [expr])`.
#[derive(Clone, Copy, Debug)]
pub struct SeedSpec {
    /// `TypeId` of `T`.
    pub ty: TypeId,
    /// The expression's source text, shown in emitted tests.
    pub literal: &'static str,
    /// A `String` written as a string literal (shown bare where `&str` is taken).
    pub is_string: bool,
    /// Makes a fresh value.
    pub make: fn() -> crate::value::Value,
}

/// Not public API. Builds `Vec<T>` values from elements of `T`, or
/// `Vec<(A, B)>` values from pairs of values of `A` and `B`.
#[derive(Clone, Copy, Debug)]
pub struct VecBuilder {
    pub(crate) elem: TypeId,
    /// The types of the values an element is made of: `T`, or `A` and `B`
    /// (the first `arity`).
    pub(crate) fields: [TypeId; 2],
    pub(crate) arity: u8,
    pub(crate) vec: TypeId,
    pub(crate) new: fn() -> crate::value::Value,
    /// Appends an element made of the next `arity` values `next` gives.
    pub(crate) push: fn(&mut dyn Any, &mut dyn FnMut() -> crate::value::Value),
}

impl VecBuilder {
    /// The types of the values an element is made of, in order.
    pub(crate) fn fields(&self) -> &[TypeId] {
        &self.fields[..self.arity as usize]
    }
}

/// Not public API. A user invariant, as registered by `invariant(f)`.
#[derive(Clone, Copy, Debug)]
pub struct Invariant {
    /// The function's name.
    pub name: &'static str,
    /// Runs it: `Err` with what it said when it does not hold.
    pub check: fn(&dyn Any) -> Result<(), String>,
    /// The assertion rendered in emitted tests, `$0` standing for the value.
    pub template: &'static str,
}

/// Not public API. A trait's path with its type arguments named as emitted
/// code names them (`std::ops::IndexMut<my_crate::Pos>`, from `type_name`),
/// made once per operation when it registers.
pub fn trait_path(base: &'static str, args: &[&'static str]) -> &'static str {
    let args: Vec<String> = args.iter().map(|a| crate::names::code_type_name(a)).collect();
    Box::leak(format!("{base}<{}>", args.join(", ")).into_boxed_str())
}

#[cfg(test)]
mod tests {
    use super::Panics;

    #[test]
    fn a_panics_doc_section_excuses_overflow_and_division_only_when_it_says_so() {
        let empty = Panics::Documented("If there are no votes.");
        assert!(empty.expects("no votes to retract"));
        assert!(empty.expects("index out of bounds: the len is 0 but the index is 0"));
        assert!(!empty.expects("attempt to add with overflow"));
        assert!(!empty.expects("attempt to divide by zero"));
        let overflow = Panics::Documented("If the total Overflows `u8`.");
        assert!(overflow.expects("attempt to add with overflow"));
        assert!(!overflow.expects("attempt to calculate the remainder with a divisor of zero"));
        assert!(Panics::Documented("If `by` is zero.").expects("attempt to divide by zero"));
        assert!(Panics::Any.expects("attempt to add with overflow"));
    }
}
