//! The std references drt knows (`.against::<Vec<T>>()` and the other
//! collections): their common methods, registered here so that they need
//! no user code, each as an operation like those `#[drt::operations]`
//! registers.
//!
//! Hash-ordered collections (`HashMap`, `HashSet`) register no method that
//! iterates: their order is not the type under test's, so comparing it
//! would report divergences that are not bugs.

// A `()` method's call goes to `ret_value` like any other, as in the
// invokers `#[drt::operations]` writes.
#![allow(clippy::unit_arg)]

use std::any::TypeId;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, VecDeque};
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{Range, RangeInclusive};

use crate::macro_support::{
    arg_mut, arg_owned, arg_ref, arg_str, ret_iter, ret_option, ret_value, type_desc, Borrowed, Invoker, Items, OpKind,
    OperationSpec, Panics, ParamKind, ParamSpec, Receiver, Reference, Registrar, RetKind, Returned, Syntax,
    ITER_PREFIX,
};

/// `|a, b| body` as an invoker taking exactly those slots.
macro_rules! invoke {
    (|| $body:expr) => {
        invoke!(| | $body)
    };
    (|$($a:ident),*| $body:expr) => {{
        let f: $crate::macro_support::Invoker =
            |s: &mut [$crate::macro_support::Slot]| -> $crate::macro_support::Returned {
            let [$($a),*] = s else { $crate::macro_support::arity_mismatch() };
            $body
        };
        f
    }};
}

// (After `invoke!`, which it uses.)
mod numbers;

/// A parameter other than the receiver.
fn param<T: 'static>(name: &'static str, kind: ParamKind) -> ParamSpec {
    ParamSpec { name, ty: TypeId::of::<T>(), kind }
}

/// An operation of `M`, its receiver (of kind `receiver`) first.
fn method<M: 'static>(
    name: &'static str,
    receiver: Receiver,
    more: &[ParamSpec],
    ret: (RetKind, Option<TypeId>),
    invoke: Invoker,
) -> OperationSpec {
    let this = match receiver {
        Receiver::None => None,
        Receiver::Ref => Some(ParamKind::Ref),
        Receiver::Mut => Some(ParamKind::Mut),
        Receiver::Value => Some(ParamKind::Value),
    };
    let params = this.map(|kind| param::<M>("self", kind)).into_iter().chain(more.iter().copied()).collect();
    let spec = OperationSpec::new(OpKind::Method, name, Syntax::Call, TypeId::of::<M>(), invoke);
    OperationSpec { receiver, params, ret: ret.0, ret_ty: ret.1, ..spec }
}

/// The same operation, which panics on purpose for some inputs (std documents them).
fn panicking(spec: OperationSpec) -> OperationSpec {
    OperationSpec { panics: Panics::Any, ..spec }
}

fn unit() -> (RetKind, Option<TypeId>) {
    (RetKind::Unit, None)
}

fn value<T: 'static>() -> (RetKind, Option<TypeId>) {
    (RetKind::Value, Some(TypeId::of::<T>()))
}

fn option<T: 'static>() -> (RetKind, Option<TypeId>) {
    (RetKind::Option, Some(TypeId::of::<T>()))
}

fn option_ref<T: 'static>() -> (RetKind, Option<TypeId>) {
    (RetKind::Borrowed(Borrowed::OptionRef), Some(TypeId::of::<T>()))
}

fn iter_cloned<T: 'static>() -> (RetKind, Option<TypeId>) {
    (RetKind::Iter { items: Items::Cloned }, Some(TypeId::of::<Vec<T>>()))
}

fn option_pair<A: 'static, B: 'static>() -> (RetKind, Option<TypeId>) {
    (RetKind::Borrowed(Borrowed::OptionPair), Some(TypeId::of::<(A, B)>()))
}

fn iter_pairs<A: 'static, B: 'static>() -> (RetKind, Option<TypeId>) {
    (RetKind::Iter { items: Items::Pairs }, Some(TypeId::of::<Vec<(A, B)>>()))
}

/// Copies of a map's entry, as a returned value.
fn entry<K: Clone + 'static, V: Clone + 'static>(x: Option<(&K, &V)>) -> Returned {
    ret_option(x.map(|(k, v)| (k.clone(), v.clone())))
}

/// The first entries of an iterator over a map, copied.
fn entries<'a, K: Clone + 'static, V: Clone + 'static>(iter: impl Iterator<Item = (&'a K, &'a V)>) -> Returned {
    ret_value(iter.take(ITER_PREFIX).map(|(k, v)| (k.clone(), v.clone())).collect::<Vec<(K, V)>>())
}

/// `Some(x.clone())` of a borrowed `Option<&T>`, as a returned value.
fn cloned<T: Clone + 'static>(x: Option<&T>) -> Returned {
    ret_option(x.cloned())
}

/// The first items of an iterator of borrows, copied.
fn collected<'a, T: Clone + 'static>(iter: impl Iterator<Item = &'a T>) -> Returned {
    ret_value(iter.take(ITER_PREFIX).cloned().collect::<Vec<T>>())
}

/// The descriptors of the element type and of the vectors drt keeps items in.
fn elements<T: Clone + Debug + PartialEq + 'static>(r: &mut Registrar) {
    r.type_desc(type_desc!(T));
    r.type_desc(type_desc!(Vec<T>));
}

/// The methods every collection `C` of items `I` shares: making one
/// (`new`, `default`, `from_iter`), its size, `clear` and `extend`.
macro_rules! collection_methods {
    ($c:ty, $i:ty) => {{
        use {ParamKind::*, Receiver as R};
        vec![
            method::<$c>("new", R::None, &[], value::<$c>(), invoke!(|| ret_value(<$c>::new()))),
            method::<$c>("default", R::None, &[], value::<$c>(), invoke!(|| ret_value(<$c>::default()))),
            method::<$c>(
                "from_iter",
                R::None,
                &[param::<Vec<$i>>("iter", Value)],
                value::<$c>(),
                invoke!(|v| ret_value(arg_owned::<Vec<$i>>(v).into_iter().collect::<$c>())),
            ),
            method::<$c>("len", R::Ref, &[], value::<usize>(), invoke!(|m| ret_value(arg_ref::<$c>(m).len()))),
            method::<$c>("is_empty", R::Ref, &[], value::<bool>(), invoke!(|m| ret_value(arg_ref::<$c>(m).is_empty()))),
            method::<$c>("clear", R::Mut, &[], unit(), invoke!(|m| ret_value(arg_mut::<$c>(m).clear()))),
            method::<$c>(
                "extend",
                R::Mut,
                &[param::<Vec<$i>>("iter", Value)],
                unit(),
                invoke!(|m, v| ret_value(arg_mut::<$c>(m).extend(arg_owned::<Vec<$i>>(v)))),
            ),
        ]
    }};
}

/// The methods `BTreeSet` and `HashSet` share, over `S` of `K`.
macro_rules! set_methods {
    ($s:ty, $k:ty) => {{
        use {ParamKind::*, Receiver as R};
        let by_ref = param::<$k>("value", Ref);
        let other = param::<$s>("other", Ref);
        let mut ops = collection_methods!($s, $k);
        ops.extend([
            method::<$s>(
                "insert",
                R::Mut,
                &[param::<$k>("value", Value)],
                value::<bool>(),
                invoke!(|m, v| ret_value(arg_mut::<$s>(m).insert(arg_owned::<$k>(v)))),
            ),
            method::<$s>(
                "replace",
                R::Mut,
                &[param::<$k>("value", Value)],
                option::<$k>(),
                invoke!(|m, v| ret_option(arg_mut::<$s>(m).replace(arg_owned::<$k>(v)))),
            ),
            method::<$s>(
                "remove",
                R::Mut,
                &[by_ref],
                value::<bool>(),
                invoke!(|m, v| ret_value(arg_mut::<$s>(m).remove(arg_ref::<$k>(v)))),
            ),
            method::<$s>(
                "take",
                R::Mut,
                &[by_ref],
                option::<$k>(),
                invoke!(|m, v| ret_option(arg_mut::<$s>(m).take(arg_ref::<$k>(v)))),
            ),
            method::<$s>(
                "contains",
                R::Ref,
                &[by_ref],
                value::<bool>(),
                invoke!(|m, v| ret_value(arg_ref::<$s>(m).contains(arg_ref::<$k>(v)))),
            ),
            method::<$s>(
                "get",
                R::Ref,
                &[by_ref],
                option_ref::<$k>(),
                invoke!(|m, v| cloned(arg_ref::<$s>(m).get(arg_ref::<$k>(v)))),
            ),
            method::<$s>(
                "is_subset",
                R::Ref,
                &[other],
                value::<bool>(),
                invoke!(|m, o| ret_value(arg_ref::<$s>(m).is_subset(arg_ref::<$s>(o)))),
            ),
            method::<$s>(
                "is_superset",
                R::Ref,
                &[other],
                value::<bool>(),
                invoke!(|m, o| ret_value(arg_ref::<$s>(m).is_superset(arg_ref::<$s>(o)))),
            ),
            method::<$s>(
                "is_disjoint",
                R::Ref,
                &[other],
                value::<bool>(),
                invoke!(|m, o| ret_value(arg_ref::<$s>(m).is_disjoint(arg_ref::<$s>(o)))),
            ),
        ]);
        ops
    }};
}

/// The methods `BTreeMap` and `HashMap` share, over `M` of `K` to `V`.
macro_rules! map_methods {
    ($m:ty, $k:ty, $v:ty) => {{
        use {ParamKind::*, Receiver as R};
        let key = param::<$k>("key", Ref);
        let mut ops = collection_methods!($m, ($k, $v));
        ops.extend([
            method::<$m>(
                "insert",
                R::Mut,
                &[param::<$k>("key", Value), param::<$v>("value", Value)],
                option::<$v>(),
                invoke!(|m, k, v| ret_option(arg_mut::<$m>(m).insert(arg_owned::<$k>(k), arg_owned::<$v>(v)))),
            ),
            method::<$m>(
                "remove",
                R::Mut,
                &[key],
                option::<$v>(),
                invoke!(|m, k| ret_option(arg_mut::<$m>(m).remove(arg_ref::<$k>(k)))),
            ),
            method::<$m>(
                "get",
                R::Ref,
                &[key],
                option_ref::<$v>(),
                invoke!(|m, k| cloned(arg_ref::<$m>(m).get(arg_ref::<$k>(k)))),
            ),
            method::<$m>(
                "contains_key",
                R::Ref,
                &[key],
                value::<bool>(),
                invoke!(|m, k| ret_value(arg_ref::<$m>(m).contains_key(arg_ref::<$k>(k)))),
            ),
            method::<$m>(
                "get_key_value",
                R::Ref,
                &[key],
                option_pair::<$k, $v>(),
                invoke!(|m, k| entry(arg_ref::<$m>(m).get_key_value(arg_ref::<$k>(k)))),
            ),
        ]);
        ops
    }};
}

/// What an ordered collection's `range` takes: `a..b` and `a..=b`.
fn ranges<K: 'static>() -> [ParamSpec; 2] {
    [param::<Range<K>>("range", ParamKind::Value), param::<RangeInclusive<K>>("range", ParamKind::Value)]
}

impl<K: Ord + Clone + Debug + 'static> Reference for BTreeSet<K> {
    fn register(r: &mut Registrar) {
        use {ParamKind::*, Receiver as R};
        r.owner(type_desc!(BTreeSet<K>));
        elements::<K>(r);
        let [range, range_inclusive] = ranges::<K>();
        let mut ops = set_methods!(BTreeSet<K>, K);
        ops.extend([
            method::<Self>("first", R::Ref, &[], option_ref::<K>(), invoke!(|m| cloned(arg_ref::<Self>(m).first()))),
            method::<Self>("last", R::Ref, &[], option_ref::<K>(), invoke!(|m| cloned(arg_ref::<Self>(m).last()))),
            method::<Self>(
                "pop_first",
                R::Mut,
                &[],
                option::<K>(),
                invoke!(|m| ret_option(arg_mut::<Self>(m).pop_first())),
            ),
            method::<Self>(
                "pop_last",
                R::Mut,
                &[],
                option::<K>(),
                invoke!(|m| ret_option(arg_mut::<Self>(m).pop_last())),
            ),
            method::<Self>("iter", R::Ref, &[], iter_cloned::<K>(), invoke!(|m| collected(arg_ref::<Self>(m).iter()))),
            // `range` panics when the range starts after it ends.
            panicking(method::<Self>(
                "range",
                R::Ref,
                &[range],
                iter_cloned::<K>(),
                invoke!(|m, x| collected(arg_ref::<Self>(m).range(arg_owned::<Range<K>>(x)))),
            )),
            panicking(method::<Self>(
                "range",
                R::Ref,
                &[range_inclusive],
                iter_cloned::<K>(),
                invoke!(|m, x| collected(arg_ref::<Self>(m).range(arg_owned::<RangeInclusive<K>>(x)))),
            )),
            method::<Self>(
                "append",
                R::Mut,
                &[param::<Self>("other", Mut)],
                unit(),
                invoke!(|m, o| ret_value(arg_mut::<Self>(m).append(arg_mut::<Self>(o)))),
            ),
            method::<Self>(
                "split_off",
                R::Mut,
                &[param::<K>("value", Ref)],
                value::<Self>(),
                invoke!(|m, v| ret_value(arg_mut::<Self>(m).split_off(arg_ref::<K>(v)))),
            ),
        ]);
        ops.into_iter().for_each(|op| r.operation(op));
    }
}

impl<K: Ord + Clone + Debug + 'static, V: Clone + Debug + PartialEq + 'static> Reference for BTreeMap<K, V> {
    fn register(r: &mut Registrar) {
        use {ParamKind::*, Receiver as R};
        r.owner(type_desc!(BTreeMap<K, V>));
        elements::<K>(r);
        elements::<V>(r);
        elements::<(K, V)>(r);
        let [range, range_inclusive] = ranges::<K>();
        let mut ops = map_methods!(BTreeMap<K, V>, K, V);
        ops.extend([
            method::<Self>(
                "first_key_value",
                R::Ref,
                &[],
                option_pair::<K, V>(),
                invoke!(|m| entry(arg_ref::<Self>(m).first_key_value())),
            ),
            method::<Self>(
                "last_key_value",
                R::Ref,
                &[],
                option_pair::<K, V>(),
                invoke!(|m| entry(arg_ref::<Self>(m).last_key_value())),
            ),
            method::<Self>(
                "pop_first",
                R::Mut,
                &[],
                option::<(K, V)>(),
                invoke!(|m| ret_option(arg_mut::<Self>(m).pop_first())),
            ),
            method::<Self>(
                "pop_last",
                R::Mut,
                &[],
                option::<(K, V)>(),
                invoke!(|m| ret_option(arg_mut::<Self>(m).pop_last())),
            ),
            method::<Self>("iter", R::Ref, &[], iter_pairs::<K, V>(), invoke!(|m| entries(arg_ref::<Self>(m).iter()))),
            method::<Self>("keys", R::Ref, &[], iter_cloned::<K>(), invoke!(|m| collected(arg_ref::<Self>(m).keys()))),
            method::<Self>(
                "values",
                R::Ref,
                &[],
                iter_cloned::<V>(),
                invoke!(|m| collected(arg_ref::<Self>(m).values())),
            ),
            // `range` panics when the range starts after it ends.
            panicking(method::<Self>(
                "range",
                R::Ref,
                &[range],
                iter_pairs::<K, V>(),
                invoke!(|m, x| entries(arg_ref::<Self>(m).range(arg_owned::<Range<K>>(x)))),
            )),
            panicking(method::<Self>(
                "range",
                R::Ref,
                &[range_inclusive],
                iter_pairs::<K, V>(),
                invoke!(|m, x| entries(arg_ref::<Self>(m).range(arg_owned::<RangeInclusive<K>>(x)))),
            )),
            method::<Self>(
                "append",
                R::Mut,
                &[param::<Self>("other", Mut)],
                unit(),
                invoke!(|m, o| ret_value(arg_mut::<Self>(m).append(arg_mut::<Self>(o)))),
            ),
            method::<Self>(
                "split_off",
                R::Mut,
                &[param::<K>("key", Ref)],
                value::<Self>(),
                invoke!(|m, k| ret_value(arg_mut::<Self>(m).split_off(arg_ref::<K>(k)))),
            ),
        ]);
        ops.into_iter().for_each(|op| r.operation(op));
    }
}

/// The methods `Vec` and `VecDeque` share, over `S`.
macro_rules! sequence_methods {
    ($s:ty, $t:ty) => {{
        use {ParamKind::*, Receiver as R};
        let index = param::<usize>("index", Value);
        let mut ops = collection_methods!($s, $t);
        ops.extend([
            method::<$s>(
                "get",
                R::Ref,
                &[index],
                option_ref::<$t>(),
                invoke!(|m, i| cloned(arg_ref::<$s>(m).get(arg_owned::<usize>(i)))),
            ),
            method::<$s>(
                "contains",
                R::Ref,
                &[param::<$t>("x", Ref)],
                value::<bool>(),
                invoke!(|m, x| ret_value(arg_ref::<$s>(m).contains(arg_ref::<$t>(x)))),
            ),
            method::<$s>("iter", R::Ref, &[], iter_cloned::<$t>(), invoke!(|m| collected(arg_ref::<$s>(m).iter()))),
            method::<$s>(
                "truncate",
                R::Mut,
                &[param::<usize>("len", Value)],
                unit(),
                invoke!(|m, n| ret_value(arg_mut::<$s>(m).truncate(arg_owned::<usize>(n)))),
            ),
            // Panics when the index is past the end.
            panicking(method::<$s>(
                "insert",
                R::Mut,
                &[index, param::<$t>("element", Value)],
                unit(),
                invoke!(|m, i, x| ret_value(arg_mut::<$s>(m).insert(arg_owned::<usize>(i), arg_owned::<$t>(x)))),
            )),
            panicking(method::<$s>(
                "swap",
                R::Mut,
                &[param::<usize>("a", Value), param::<usize>("b", Value)],
                unit(),
                invoke!(|m, a, b| ret_value(arg_mut::<$s>(m).swap(arg_owned::<usize>(a), arg_owned::<usize>(b)))),
            )),
            method::<$s>(
                "append",
                R::Mut,
                &[param::<$s>("other", Mut)],
                unit(),
                invoke!(|m, o| ret_value(arg_mut::<$s>(m).append(arg_mut::<$s>(o)))),
            ),
            panicking(method::<$s>(
                "split_off",
                R::Mut,
                &[param::<usize>("at", Value)],
                value::<$s>(),
                invoke!(|m, at| ret_value(arg_mut::<$s>(m).split_off(arg_owned::<usize>(at)))),
            )),
        ]);
        ops
    }};
}

impl<T: Clone + Debug + PartialEq + 'static> Reference for Vec<T> {
    fn register(r: &mut Registrar) {
        use {ParamKind::*, Receiver as R};
        r.owner(type_desc!(Vec<T>));
        elements::<T>(r);
        let mut ops = sequence_methods!(Vec<T>, T);
        let index = param::<usize>("index", Value);
        ops.extend([
            method::<Self>(
                "push",
                R::Mut,
                &[param::<T>("value", Value)],
                unit(),
                invoke!(|m, x| ret_value(arg_mut::<Self>(m).push(arg_owned::<T>(x)))),
            ),
            method::<Self>("pop", R::Mut, &[], option::<T>(), invoke!(|m| ret_option(arg_mut::<Self>(m).pop()))),
            method::<Self>("first", R::Ref, &[], option_ref::<T>(), invoke!(|m| cloned(arg_ref::<Self>(m).first()))),
            method::<Self>("last", R::Ref, &[], option_ref::<T>(), invoke!(|m| cloned(arg_ref::<Self>(m).last()))),
            panicking(method::<Self>(
                "remove",
                R::Mut,
                &[index],
                value::<T>(),
                invoke!(|m, i| ret_value(arg_mut::<Self>(m).remove(arg_owned::<usize>(i)))),
            )),
            panicking(method::<Self>(
                "swap_remove",
                R::Mut,
                &[index],
                value::<T>(),
                invoke!(|m, i| ret_value(arg_mut::<Self>(m).swap_remove(arg_owned::<usize>(i)))),
            )),
            method::<Self>("dedup", R::Mut, &[], unit(), invoke!(|m| ret_value(arg_mut::<Self>(m).dedup()))),
            method::<Self>("reverse", R::Mut, &[], unit(), invoke!(|m| ret_value(arg_mut::<Self>(m).reverse()))),
        ]);
        ops.into_iter().for_each(|op| r.operation(op));
    }
}

impl<T: Clone + Debug + PartialEq + 'static> Reference for VecDeque<T> {
    fn register(r: &mut Registrar) {
        use {ParamKind::*, Receiver as R};
        r.owner(type_desc!(VecDeque<T>));
        elements::<T>(r);
        let mut ops = sequence_methods!(VecDeque<T>, T);
        let index = param::<usize>("index", Value);
        let element = param::<T>("value", Value);
        let by = param::<usize>("n", Value);
        ops.extend([
            method::<Self>(
                "push_back",
                R::Mut,
                &[element],
                unit(),
                invoke!(|m, x| ret_value(arg_mut::<Self>(m).push_back(arg_owned::<T>(x)))),
            ),
            method::<Self>(
                "push_front",
                R::Mut,
                &[element],
                unit(),
                invoke!(|m, x| ret_value(arg_mut::<Self>(m).push_front(arg_owned::<T>(x)))),
            ),
            method::<Self>(
                "pop_back",
                R::Mut,
                &[],
                option::<T>(),
                invoke!(|m| ret_option(arg_mut::<Self>(m).pop_back())),
            ),
            method::<Self>(
                "pop_front",
                R::Mut,
                &[],
                option::<T>(),
                invoke!(|m| ret_option(arg_mut::<Self>(m).pop_front())),
            ),
            method::<Self>("front", R::Ref, &[], option_ref::<T>(), invoke!(|m| cloned(arg_ref::<Self>(m).front()))),
            method::<Self>("back", R::Ref, &[], option_ref::<T>(), invoke!(|m| cloned(arg_ref::<Self>(m).back()))),
            method::<Self>(
                "remove",
                R::Mut,
                &[index],
                option::<T>(),
                invoke!(|m, i| ret_option(arg_mut::<Self>(m).remove(arg_owned::<usize>(i)))),
            ),
            method::<Self>(
                "swap_remove_back",
                R::Mut,
                &[index],
                option::<T>(),
                invoke!(|m, i| ret_option(arg_mut::<Self>(m).swap_remove_back(arg_owned::<usize>(i)))),
            ),
            method::<Self>(
                "swap_remove_front",
                R::Mut,
                &[index],
                option::<T>(),
                invoke!(|m, i| ret_option(arg_mut::<Self>(m).swap_remove_front(arg_owned::<usize>(i)))),
            ),
            // Panic when `n` is past the length.
            panicking(method::<Self>(
                "rotate_left",
                R::Mut,
                &[by],
                unit(),
                invoke!(|m, n| ret_value(arg_mut::<Self>(m).rotate_left(arg_owned::<usize>(n)))),
            )),
            panicking(method::<Self>(
                "rotate_right",
                R::Mut,
                &[by],
                unit(),
                invoke!(|m, n| ret_value(arg_mut::<Self>(m).rotate_right(arg_owned::<usize>(n)))),
            )),
        ]);
        ops.into_iter().for_each(|op| r.operation(op));
    }
}

impl<T: Ord + Clone + Debug + 'static> Reference for BinaryHeap<T> {
    fn register(r: &mut Registrar) {
        use {ParamKind::*, Receiver as R};
        r.owner(type_desc!(BinaryHeap<T>));
        elements::<T>(r);
        let mut ops = collection_methods!(BinaryHeap<T>, T);
        ops.extend([
            method::<Self>(
                "push",
                R::Mut,
                &[param::<T>("item", Value)],
                unit(),
                invoke!(|m, x| ret_value(arg_mut::<Self>(m).push(arg_owned::<T>(x)))),
            ),
            method::<Self>("pop", R::Mut, &[], option::<T>(), invoke!(|m| ret_option(arg_mut::<Self>(m).pop()))),
            method::<Self>("peek", R::Ref, &[], option_ref::<T>(), invoke!(|m| cloned(arg_ref::<Self>(m).peek()))),
            method::<Self>(
                "into_sorted_vec",
                R::Value,
                &[],
                value::<Vec<T>>(),
                invoke!(|m| ret_value(arg_owned::<Self>(m).into_sorted_vec())),
            ),
            method::<Self>(
                "append",
                R::Mut,
                &[param::<Self>("other", Mut)],
                unit(),
                invoke!(|m, o| ret_value(arg_mut::<Self>(m).append(arg_mut::<Self>(o)))),
            ),
        ]);
        ops.into_iter().for_each(|op| r.operation(op));
    }
}

impl<K: Hash + Eq + Clone + Debug + 'static, V: Clone + Debug + PartialEq + 'static> Reference for HashMap<K, V> {
    fn register(r: &mut Registrar) {
        r.owner(type_desc!(HashMap<K, V>));
        elements::<K>(r);
        elements::<V>(r);
        elements::<(K, V)>(r);
        map_methods!(HashMap<K, V>, K, V).into_iter().for_each(|op| r.operation(op));
    }
}

impl<K: Hash + Eq + Clone + Debug + 'static> Reference for HashSet<K> {
    fn register(r: &mut Registrar) {
        r.owner(type_desc!(HashSet<K>));
        elements::<K>(r);
        set_methods!(HashSet<K>, K).into_iter().for_each(|op| r.operation(op));
    }
}

/// `String` as a reference for text buffers, ropes and builders. Its byte
/// indices panic off a `char` boundary, as std documents: such a call is
/// illegal, not a divergence.
impl Reference for String {
    fn register(r: &mut Registrar) {
        use {ParamKind::*, Receiver as R};
        r.owner(type_desc!(String));
        r.type_desc(type_desc!(char));
        r.type_desc(type_desc!(Vec<char>));
        let text = param::<String>("string", Str);
        let index = param::<usize>("idx", Value);
        let mut ops = collection_methods!(String, char);
        ops.extend([
            method::<Self>("from", R::None, &[text], value::<Self>(), invoke!(|s| ret_value(String::from(arg_str(s))))),
            method::<Self>(
                "as_str",
                R::Ref,
                &[],
                (RetKind::Borrowed(Borrowed::Str), Some(TypeId::of::<String>())),
                invoke!(|m| ret_value(arg_ref::<Self>(m).clone())),
            ),
            method::<Self>(
                "push",
                R::Mut,
                &[param::<char>("ch", Value)],
                unit(),
                invoke!(|m, c| ret_value(arg_mut::<Self>(m).push(arg_owned::<char>(c)))),
            ),
            method::<Self>(
                "push_str",
                R::Mut,
                &[text],
                unit(),
                invoke!(|m, s| ret_value(arg_mut::<Self>(m).push_str(arg_str(s)))),
            ),
            method::<Self>("pop", R::Mut, &[], option::<char>(), invoke!(|m| ret_option(arg_mut::<Self>(m).pop()))),
            method::<Self>(
                "chars",
                R::Ref,
                &[],
                (RetKind::Iter { items: Items::Owned }, Some(TypeId::of::<Vec<char>>())),
                invoke!(|m| ret_iter(arg_ref::<Self>(m).chars())),
            ),
            method::<Self>(
                "contains",
                R::Ref,
                &[text],
                value::<bool>(),
                invoke!(|m, s| ret_value(arg_ref::<Self>(m).contains(arg_str(s)))),
            ),
            method::<Self>(
                "starts_with",
                R::Ref,
                &[text],
                value::<bool>(),
                invoke!(|m, s| ret_value(arg_ref::<Self>(m).starts_with(arg_str(s)))),
            ),
            method::<Self>(
                "ends_with",
                R::Ref,
                &[text],
                value::<bool>(),
                invoke!(|m, s| ret_value(arg_ref::<Self>(m).ends_with(arg_str(s)))),
            ),
            method::<Self>(
                "find",
                R::Ref,
                &[text],
                option::<usize>(),
                invoke!(|m, s| ret_option(arg_ref::<Self>(m).find(arg_str(s)))),
            ),
            panicking(method::<Self>(
                "truncate",
                R::Mut,
                &[param::<usize>("new_len", Value)],
                unit(),
                invoke!(|m, n| ret_value(arg_mut::<Self>(m).truncate(arg_owned::<usize>(n)))),
            )),
            panicking(method::<Self>(
                "insert",
                R::Mut,
                &[index, param::<char>("ch", Value)],
                unit(),
                invoke!(|m, i, c| ret_value(arg_mut::<Self>(m).insert(arg_owned::<usize>(i), arg_owned::<char>(c)))),
            )),
            panicking(method::<Self>(
                "insert_str",
                R::Mut,
                &[index, text],
                unit(),
                invoke!(|m, i, s| ret_value(arg_mut::<Self>(m).insert_str(arg_owned::<usize>(i), arg_str(s)))),
            )),
            panicking(method::<Self>(
                "remove",
                R::Mut,
                &[index],
                value::<char>(),
                invoke!(|m, i| ret_value(arg_mut::<Self>(m).remove(arg_owned::<usize>(i)))),
            )),
            panicking(method::<Self>(
                "split_off",
                R::Mut,
                &[param::<usize>("at", Value)],
                value::<Self>(),
                invoke!(|m, at| ret_value(arg_mut::<Self>(m).split_off(arg_owned::<usize>(at)))),
            )),
        ]);
        ops.into_iter().for_each(|op| r.operation(op));
    }
}
