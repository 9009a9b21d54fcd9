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
            method::<$m>(
                "remove_entry",
                R::Mut,
                &[key],
                option::<($k, $v)>(),
                invoke!(|m, k| ret_option(arg_mut::<$m>(m).remove_entry(arg_ref::<$k>(k)))),
            ),
        ]);
        ops
    }};
}

// After the macros, which they use.
#[cfg(test)]
mod coverage;
mod hashed;
mod numbers;
mod ordered;
mod sequences;
mod text;
