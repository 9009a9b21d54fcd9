//! Not public API. Built-in value builders: std types made from pool values
//! and seeds (ranges, `Option`, `Box`, tuples, arrays, collections), each an
//! ordinary operation with no receiver whose emitted code is an expression
//! template (`$0..$1`, `Some($0)`, `std::collections::HashMap::from([($0, $1)])`).
//! The macro registers the builders for every std type an operation takes
//! (with the type's descriptor, which only a concrete type can give), so
//! `fn slice(&self, r: Range<usize>)` needs no help from the user.

use std::any::TypeId;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::Hash;
use std::ops::{Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

use super::answers::Answers;
use super::call::{arg_owned, arity_mismatch, ret_value, Slot};
use super::passed_iter::{Hint, Iter};
use super::spec::{Cue, Invoker, OpKind, OperationSpec, ParamKind, ParamSpec, Receiver, RetKind, Syntax};
use crate::io::{Reader, Writer};

/// Most elements a collection builder takes (more come from calls that add them).
const MAX_ELEMS: usize = 3;
/// Longest array built element by element.
const MAX_ARRAY: usize = 8;

/// Parameter names, `$k` in templates.
const NAMES: [&str; 2 * MAX_ARRAY] = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p"];

/// Not public API. An operation making a `B`, written in emitted code as
/// `template` with its arguments for `$0`, `$1`...: the shape of every
/// builder here, and of those `#[drt::mock]` registers.
pub fn builder<B: 'static>(template: &'static str, params: Vec<ParamSpec>, invoke: Invoker) -> OperationSpec {
    let (kind, owner) = (OpKind::Builder(Cue::None), TypeId::of::<B>());
    OperationSpec {
        params,
        ret: RetKind::Value,
        ret_ty: Some(owner),
        ..OperationSpec::new(kind, "build", Syntax::Template(template), owner, invoke)
    }
}

/// The same builder, whose values carry `cue`.
fn cued(cue: Cue, name: &'static str, spec: OperationSpec) -> OperationSpec {
    OperationSpec { kind: OpKind::Builder(cue), name, ..spec }
}

/// `n` parameters taking values of `T` (and `U` at odd positions when `pairs`).
fn params<T: 'static, U: 'static>(n: usize, pairs: bool) -> Vec<ParamSpec> {
    (0..n)
        .map(|k| ParamSpec {
            name: NAMES[k],
            ty: if pairs && k % 2 == 1 { TypeId::of::<U>() } else { TypeId::of::<T>() },
            kind: ParamKind::Value,
        })
        .collect()
}

/// Takes the values of all slots, in order.
fn owned<T: 'static>(slots: &mut [Slot]) -> Vec<T> {
    slots.iter_mut().map(arg_owned::<T>).collect()
}

/// Takes the values of the slots as `(K, V)` pairs.
fn pairs<K: 'static, V: 'static>(slots: &mut [Slot]) -> Vec<(K, V)> {
    slots.chunks_mut(2).map(|kv| (arg_owned::<K>(&mut kv[0]), arg_owned::<V>(&mut kv[1]))).collect()
}

fn two<A: 'static, B: 'static>(slots: &mut [Slot]) -> (A, B) {
    let [a, b] = slots else { arity_mismatch() };
    (arg_owned(a), arg_owned(b))
}

fn one<A: 'static>(slots: &mut [Slot]) -> A {
    let [a] = slots else { arity_mismatch() };
    arg_owned(a)
}

/// `a..b`.
pub fn range<T: 'static>() -> Vec<OperationSpec> {
    vec![builder::<Range<T>>("$0..$1", params::<T, T>(2, false), |s| {
        let (a, b) = two::<T, T>(s);
        ret_value(a..b)
    })]
}

/// `a..=b`.
pub fn range_inclusive<T: 'static>() -> Vec<OperationSpec> {
    vec![builder::<RangeInclusive<T>>("$0..=$1", params::<T, T>(2, false), |s| {
        let (a, b) = two::<T, T>(s);
        ret_value(a..=b)
    })]
}

/// `a..`.
pub fn range_from<T: 'static>() -> Vec<OperationSpec> {
    vec![builder::<RangeFrom<T>>("$0..", params::<T, T>(1, false), |s| ret_value(one::<T>(s)..))]
}

/// `..b`.
pub fn range_to<T: 'static>() -> Vec<OperationSpec> {
    vec![builder::<RangeTo<T>>("..$0", params::<T, T>(1, false), |s| ret_value(..one::<T>(s)))]
}

/// `..=b`.
pub fn range_to_inclusive<T: 'static>() -> Vec<OperationSpec> {
    vec![builder::<RangeToInclusive<T>>("..=$0", params::<T, T>(1, false), |s| ret_value(..=one::<T>(s)))]
}

/// `..`.
pub fn range_full() -> Vec<OperationSpec> {
    vec![builder::<RangeFull>("..", Vec::new(), |_| ret_value(..))]
}

/// `Some(a)` and `None`.
pub fn option<T: 'static>() -> Vec<OperationSpec> {
    vec![
        builder::<Option<T>>("Some($0)", params::<T, T>(1, false), |s| ret_value(Some(one::<T>(s)))),
        builder::<Option<T>>("None", Vec::new(), |_| ret_value(None::<T>)),
    ]
}

/// `Ok(a)` and `Err(e)`: a `Result` argument, or a mock's answer of a
/// method returning one (a store that fails as readily as it answers).
pub fn result<T: 'static, E: 'static>() -> Vec<OperationSpec> {
    vec![
        builder::<Result<T, E>>("Ok($0)", params::<T, T>(1, false), |s| ret_value(Ok::<T, E>(one::<T>(s)))),
        builder::<Result<T, E>>("Err($0)", params::<E, E>(1, false), |s| ret_value(Err::<T, E>(one::<E>(s)))),
    ]
}

/// `Box::new(a)`.
pub fn boxed<T: 'static>() -> Vec<OperationSpec> {
    vec![builder::<Box<T>>("Box::new($0)", params::<T, T>(1, false), |s| ret_value(Box::new(one::<T>(s))))]
}

/// `(a, b)`.
pub fn tuple2<A: 'static, B: 'static>() -> Vec<OperationSpec> {
    vec![builder::<(A, B)>("($0, $1)", params::<A, B>(2, true), |s| ret_value(two::<A, B>(s)))]
}

/// `(a, b, c)`.
pub fn tuple3<A: 'static, B: 'static, C: 'static>() -> Vec<OperationSpec> {
    let mut p = params::<A, B>(2, true);
    p.push(ParamSpec { name: "c", ty: TypeId::of::<C>(), kind: ParamKind::Value });
    vec![builder::<(A, B, C)>("($0, $1, $2)", p, |s| {
        let [a, b, c] = s else { arity_mismatch() };
        ret_value((arg_owned::<A>(a), arg_owned::<B>(b), arg_owned::<C>(c)))
    })]
}

/// `[$0, $1, ...]` with `n` elements, for `n <= MAX_ARRAY`.
const ARRAYS: [&str; MAX_ARRAY + 1] = [
    "[]",
    "[$0]",
    "[$0, $1]",
    "[$0, $1, $2]",
    "[$0, $1, $2, $3]",
    "[$0, $1, $2, $3, $4]",
    "[$0, $1, $2, $3, $4, $5]",
    "[$0, $1, $2, $3, $4, $5, $6]",
    "[$0, $1, $2, $3, $4, $5, $6, $7]",
];

/// `[a, b, c]`: arrays of up to eight elements (longer ones are filled
/// with one value, [`array_filled`]).
pub fn array<T: 'static, const N: usize>() -> Vec<OperationSpec> {
    if N > MAX_ARRAY {
        return Vec::new();
    }
    vec![builder::<[T; N]>(ARRAYS[N], params::<T, T>(N, false), |s| {
        let mut elems = owned::<T>(s).into_iter();
        ret_value(std::array::from_fn::<T, N, _>(|_| elems.next().unwrap_or_else(|| arity_mismatch())))
    })]
}

/// An array longer than eight elements, all one value: `[x; 32]` of a
/// `Copy` element (`copy`), else `std::array::from_fn(|_| x.clone())`; the
/// type's probe ([`super::probe::FillCopy`]) chooses.
pub fn array_filled<T: Clone + 'static, const N: usize>(copy: bool) -> Vec<OperationSpec> {
    if N <= MAX_ARRAY {
        return Vec::new();
    }
    let template: &'static str = if copy {
        // Made once per array type, when the registrations run.
        Box::leak(format!("[$0; {N}]").into_boxed_str())
    } else {
        "std::array::from_fn(|_| $0.clone())"
    };
    vec![builder::<[T; N]>(template, params::<T, T>(1, false), |s| {
        let [x] = s else { arity_mismatch() };
        let x = arg_owned::<T>(x);
        ret_value(std::array::from_fn::<T, N, _>(|_| x.clone()))
    })]
}

macro_rules! templates {
    ($empty:literal, $open:literal, $elem:literal, $close:literal) => {
        [
            $empty,
            concat!($open, $elem, 0, $close),
            concat!($open, $elem, 0, ", ", $elem, 1, $close),
            concat!($open, $elem, 0, ", ", $elem, 1, ", ", $elem, 2, $close),
        ]
    };
}

/// A collection of up to `MAX_ELEMS` elements, one builder per length.
fn collection<C: 'static, T: 'static>(
    templates: [&'static str; MAX_ELEMS + 1],
    invoke: [Invoker; MAX_ELEMS + 1],
) -> Vec<OperationSpec> {
    (0..=MAX_ELEMS).map(|n| builder::<C>(templates[n], params::<T, T>(n, false), invoke[n])).collect()
}

/// `vec![a, b]` from pool values. Vectors of seeded types (numbers,
/// strings) are built from seeds directly and need no builder.
pub fn vec<T: 'static>() -> Vec<OperationSpec> {
    if super::type_desc::is_seeded(TypeId::of::<T>()) {
        return Vec::new();
    }
    let build: Invoker = |s| ret_value(owned::<T>(s));
    collection::<Vec<T>, T>(["Vec::new()", "vec![$0]", "vec![$0, $1]", "vec![$0, $1, $2]"], [build; MAX_ELEMS + 1])
}

/// The templates of the builders of iterators that tell their length
/// truly, exactly or as an upper bound: what a reference taking a `Vec` of
/// the items can be compared with (a lying one's caller may answer wrongly).
pub(crate) const HONEST_ITERATORS: [&str; 2] = ["$0.into_iter()", "$0.into_iter().filter(|_| true)"];

/// `v.into_iter()` and `v.into_iter().filter(|_| true)`: iterators of a
/// vector's values for an `impl Iterator` or `impl IntoIterator` parameter,
/// with an exact size hint and with a lower bound of 0, as `filter` gives
/// (see [`super::Iter`]); and one that lies about its length,
/// `drt::iter::Lying::new(v).claims(0)`, yielding more than its upper bound
/// said (its cue, [`Cue::Lies`], says so: a call given one fails only by
/// crashing).
pub fn iter<T: 'static>() -> Vec<OperationSpec> {
    let items = || vec![ParamSpec { name: "items", ty: TypeId::of::<Vec<T>>(), kind: ParamKind::Value }];
    let exact: Invoker = |s| ret_value(Iter::new(one::<Vec<T>>(s), Hint::Exact));
    let filtered: Invoker = |s| ret_value(Iter::new(one::<Vec<T>>(s), Hint::UpperOnly));
    vec![
        builder::<Iter<T>>(HONEST_ITERATORS[0], items(), exact),
        builder::<Iter<T>>(HONEST_ITERATORS[1], items(), filtered),
        cued(
            Cue::Lies,
            "build (lying)",
            builder::<Iter<T>>("drt::iter::Lying::new($0).claims(0)", items(), |s| {
                ret_value(Iter::new(one::<Vec<T>>(s), Hint::Claims(0)))
            }),
        ),
    ]
}

/// Readers for an `impl Read` or `impl BufRead` parameter (see
/// [`crate::io::Reader`]): the bytes whole (`std::io::Cursor::new(bytes)`),
/// in two pieces (`std::io::Read::chain(..)`: a short read before the end),
/// one at a time, interrupted between two pieces, and failing after them.
pub fn reader() -> Vec<OperationSpec> {
    let bytes = |name| ParamSpec { name, ty: TypeId::of::<Vec<u8>>(), kind: ParamKind::Value };
    let pieces = || vec![bytes("first"), bytes("second")];
    vec![
        builder::<Reader>("std::io::Cursor::new($0)", vec![bytes("bytes")], |s| {
            ret_value(Reader::new().bytes(one::<Vec<u8>>(s)))
        }),
        builder::<Reader>("std::io::Read::chain(std::io::Cursor::new($0), std::io::Cursor::new($1))", pieces(), |s| {
            let (a, b) = two::<Vec<u8>, Vec<u8>>(s);
            ret_value(Reader::new().bytes(a).bytes(b))
        }),
        builder::<Reader>("drt::io::Reader::new().at_most(1).bytes($0)", vec![bytes("bytes")], |s| {
            ret_value(Reader::new().at_most(1).bytes(one::<Vec<u8>>(s)))
        }),
        builder::<Reader>("drt::io::Reader::new().bytes($0).interrupted().bytes($1)", pieces(), |s| {
            let (a, b) = two::<Vec<u8>, Vec<u8>>(s);
            ret_value(Reader::new().bytes(a).interrupted().bytes(b))
        }),
        builder::<Reader>("drt::io::Reader::new().bytes($0).fails()", vec![bytes("bytes")], |s| {
            ret_value(Reader::new().bytes(one::<Vec<u8>>(s)).fails())
        }),
    ]
}

/// The closures drt passes for a closure parameter of `N` arguments:
/// `drt::answers!(|_| [a])` to `drt::answers!(|_| [a, b, c])`, answering
/// with pool values of `R` in turn, or `|_| {}` when it returns nothing;
/// and ones that panic on their first or second call,
/// `drt::answers!(|_| [a], then panic)` (their cue, [`Cue::ThenPanic`],
/// has the executor go on after the panic, and check what the call left:
/// see [`super::CHOSEN_PANIC`]).
pub fn answers<R: Clone + 'static, const N: usize>() -> Vec<OperationSpec> {
    const PATTERNS: [&str; 4] = ["||", "|_|", "|_, _|", "|_, _, _|"];
    let pattern = PATTERNS[N.min(3)];
    // Once per type and process, as for maps.
    let leak = |template: String| -> &'static str { Box::leak(template.into_boxed_str()) };
    let panicking = |values: &str, params: Vec<ParamSpec>, invoke: Invoker| {
        let template = leak(format!("drt::answers!({pattern} [{values}], then panic)"));
        cued(Cue::ThenPanic, "build (then panic)", builder::<Answers<R, N>>(template, params, invoke))
    };
    if TypeId::of::<R>() == TypeId::of::<()>() {
        let unit: Invoker = |_| ret_value(Answers::<(), N>::new(vec![()]));
        return vec![
            builder::<Answers<R, N>>(leak(format!("{pattern} {{}}")), Vec::new(), unit),
            panicking("", Vec::new(), |_| ret_value(Answers::<(), N>::then_panic(Vec::new()))),
            panicking("()", Vec::new(), |_| ret_value(Answers::<(), N>::then_panic(vec![()]))),
        ];
    }
    let build: Invoker = |s| ret_value(Answers::<R, N>::new(owned::<R>(s)));
    let mut ops: Vec<OperationSpec> = (1..=MAX_ELEMS)
        .map(|k| {
            let values = (0..k).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ");
            let template = format!("drt::answers!({pattern} [{values}])");
            builder::<Answers<R, N>>(leak(template), params::<R, R>(k, false), build)
        })
        .collect();
    let then_panic: Invoker = |s| ret_value(Answers::<R, N>::then_panic(owned::<R>(s)));
    ops.push(panicking("", Vec::new(), then_panic));
    ops.push(panicking("$0", params::<R, R>(1, false), then_panic));
    ops
}

/// Writers for an `impl Write` parameter (see [`crate::io::Writer`]):
/// one taking everything (`Vec::<u8>::new()`), ones with room for a few
/// bytes (`std::io::Cursor::new([0u8; 4])`), one taking a byte per `write`,
/// one whose first `write` is interrupted, and ones failing after 0 or 4
/// bytes.
pub fn writer() -> Vec<OperationSpec> {
    let mut ops = vec![builder::<Writer>("Vec::<u8>::new()", Vec::new(), |_| ret_value(Writer::new()))];
    macro_rules! room {
        ($($n:literal),*) => {$(
            ops.push(builder::<Writer>(
                concat!("std::io::Cursor::new([0u8; ", $n, "])"),
                Vec::new(),
                |_| ret_value(Writer::new().room($n)),
            ));
        )*};
    }
    room!(0, 1, 4, 16);
    ops.extend([
        builder::<Writer>("drt::io::Writer::new().at_most(1)", Vec::new(), |_| ret_value(Writer::new().at_most(1))),
        builder::<Writer>("drt::io::Writer::new().interrupted()", Vec::new(), |_| {
            ret_value(Writer::new().interrupted())
        }),
        builder::<Writer>("drt::io::Writer::new().fails_after(0)", Vec::new(), |_| {
            ret_value(Writer::new().fails_after(0))
        }),
        builder::<Writer>("drt::io::Writer::new().fails_after(4)", Vec::new(), |_| {
            ret_value(Writer::new().fails_after(4))
        }),
    ]);
    ops
}

/// `VecDeque::from([a, b])`.
pub fn vec_deque<T: 'static>() -> Vec<OperationSpec> {
    let build: Invoker = |s| ret_value(VecDeque::from(owned::<T>(s)));
    let t = templates!("std::collections::VecDeque::new()", "std::collections::VecDeque::from([", "$", "])");
    collection::<VecDeque<T>, T>(t, [build; MAX_ELEMS + 1])
}

/// `HashSet::from([a, b])`.
pub fn hash_set<T: Eq + Hash + 'static>() -> Vec<OperationSpec> {
    let build: Invoker = |s| ret_value(owned::<T>(s).into_iter().collect::<HashSet<T>>());
    let t = templates!("std::collections::HashSet::new()", "std::collections::HashSet::from([", "$", "])");
    collection::<HashSet<T>, T>(t, [build; MAX_ELEMS + 1])
}

/// `BTreeSet::from([a, b])`.
pub fn btree_set<T: Ord + 'static>() -> Vec<OperationSpec> {
    let build: Invoker = |s| ret_value(owned::<T>(s).into_iter().collect::<BTreeSet<T>>());
    let t = templates!("std::collections::BTreeSet::new()", "std::collections::BTreeSet::from([", "$", "])");
    collection::<BTreeSet<T>, T>(t, [build; MAX_ELEMS + 1])
}

/// A map of up to `MAX_ELEMS` entries, one builder per size.
fn map<M: 'static, K: 'static, V: 'static>(path: &str, invoke: Invoker) -> Vec<OperationSpec> {
    const ENTRIES: [&str; MAX_ELEMS + 1] = ["", "($0, $1)", "($0, $1), ($2, $3)", "($0, $1), ($2, $3), ($4, $5)"];
    (0..=MAX_ELEMS)
        .map(|n| {
            let template = if n == 0 { format!("{path}::new()") } else { format!("{path}::from([{}])", ENTRIES[n]) };
            // Once per type and process: the registry keeps operations for the
            // whole run, so a leaked template costs a few bytes, once.
            builder::<M>(Box::leak(template.into_boxed_str()), params::<K, V>(2 * n, true), invoke)
        })
        .collect()
}

/// `HashMap::from([(k, v)])`.
pub fn hash_map<K: Eq + Hash + 'static, V: 'static>() -> Vec<OperationSpec> {
    map::<HashMap<K, V>, K, V>("std::collections::HashMap", |s| {
        ret_value(pairs::<K, V>(s).into_iter().collect::<HashMap<K, V>>())
    })
}

/// `BTreeMap::from([(k, v)])`.
pub fn btree_map<K: Ord + 'static, V: 'static>() -> Vec<OperationSpec> {
    map::<BTreeMap<K, V>, K, V>("std::collections::BTreeMap", |s| {
        ret_value(pairs::<K, V>(s).into_iter().collect::<BTreeMap<K, V>>())
    })
}

/// A `seeds(T = [expr])` value of a type drt does not seed itself, as an
/// operation making it: written as the expression, taking nothing.
pub fn seed<T: 'static>(expression: &'static str, invoke: Invoker) -> OperationSpec {
    OperationSpec { kind: OpKind::Seed, name: "seed", ..builder::<T>(expression, Vec::new(), invoke) }
}

/// `value.to_string()` for a type under test that is `Display`, registered
/// by impl blocks taking text: what a type prints is what its parser most
/// likely accepts, so a `FromStr` or `parse(&str)` gets well-formed input
/// from values the exploration already made (feedback-directed: the text
/// comes from executed sequences, not from a grammar drt would have to guess).
pub fn text<T: std::fmt::Display + 'static>() -> Vec<OperationSpec> {
    let invoke: Invoker = |s| {
        let [v] = s else { arity_mismatch() };
        ret_value(super::call::arg_ref::<T>(v).to_string())
    };
    vec![OperationSpec {
        trait_name: "ToString",
        receiver: Receiver::Ref,
        params: vec![ParamSpec { name: "self", ty: TypeId::of::<T>(), kind: ParamKind::Ref }],
        ret: RetKind::Value,
        ret_ty: Some(TypeId::of::<String>()),
        ..OperationSpec::new(OpKind::Method, "to_string", Syntax::Call, TypeId::of::<T>(), invoke)
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::macro_support::Returned;

    fn run(spec: &OperationSpec, args: Vec<Box<dyn std::any::Any>>) -> crate::macro_support::Value {
        let mut slots: Vec<Slot> = args.into_iter().map(|a| Some(a.into())).collect();
        match (spec.invoke)(&mut slots) {
            Returned::Value(v) => v,
            _ => panic!("a builder returns a value"),
        }
    }

    #[test]
    fn builders_build_what_their_templates_say() {
        let r = &range::<usize>()[0];
        assert_eq!(r.syntax, Syntax::Template("$0..$1"));
        let v = run(r, vec![Box::new(2usize), Box::new(5usize)]);
        assert_eq!(v.downcast::<Range<usize>>().unwrap(), 2..5);
        let m = &hash_map::<u8, String>()[2];
        assert_eq!(m.syntax, Syntax::Template("std::collections::HashMap::from([($0, $1), ($2, $3)])"));
        let v = run(m, vec![Box::new(1u8), Box::new("a".to_string()), Box::new(2u8), Box::new("b".to_string())]);
        let v = v.downcast::<HashMap<u8, String>>().unwrap();
        assert_eq!(v.len(), 2);
        assert_eq!(v[&2], "b");
        let a = &array::<u8, 3>()[0];
        assert_eq!(a.syntax, Syntax::Template("[$0, $1, $2]"));
        assert_eq!(run(a, vec![Box::new(1u8), Box::new(2u8), Box::new(3u8)]).downcast::<[u8; 3]>().unwrap(), [1, 2, 3]);
        assert!(array::<u8, 32>().is_empty());
        let d = &vec_deque::<u8>()[3];
        assert_eq!(d.syntax, Syntax::Template("std::collections::VecDeque::from([$0, $1, $2])"));
        let t = &text::<u16>()[0];
        assert_eq!(run(t, vec![Box::new(300u16)]).downcast::<String>().unwrap(), "300");
        let t = &tuple2::<u8, bool>()[0];
        assert_eq!(run(t, vec![Box::new(1u8), Box::new(true)]).downcast::<(u8, bool)>().unwrap(), (1, true));
    }
}
