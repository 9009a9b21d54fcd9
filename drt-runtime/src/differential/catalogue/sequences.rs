//! `Vec`, `VecDeque` and `BinaryHeap` as references: sequences, and a heap.

use super::*;
use crate::macro_support::{arg_slice, arg_slice_mut};

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
        r.type_desc(type_desc!(Box<[T]>));
        let mut ops = sequence_methods!(Vec<T>, T);
        let index = param::<usize>("index", Value);
        let (items, by) = (param::<Vec<T>>("other", Slice), param::<usize>("mid", Value));
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
            method::<Self>(
                "as_slice",
                R::Ref,
                &[],
                (RetKind::Borrowed(Borrowed::Slice), Some(TypeId::of::<Vec<T>>())),
                invoke!(|m| ret_value(arg_ref::<Self>(m).clone())),
            ),
            method::<Self>(
                "to_vec",
                R::Ref,
                &[],
                value::<Vec<T>>(),
                invoke!(|m| ret_value(arg_ref::<Self>(m).to_vec())),
            ),
            method::<Self>(
                "into_boxed_slice",
                R::Value,
                &[],
                value::<Box<[T]>>(),
                invoke!(|m| ret_value(arg_owned::<Self>(m).into_boxed_slice())),
            ),
            method::<Self>(
                "starts_with",
                R::Ref,
                &[items],
                value::<bool>(),
                invoke!(|m, x| ret_value(arg_ref::<Self>(m).starts_with(arg_slice::<T>(x)))),
            ),
            method::<Self>(
                "ends_with",
                R::Ref,
                &[items],
                value::<bool>(),
                invoke!(|m, x| ret_value(arg_ref::<Self>(m).ends_with(arg_slice::<T>(x)))),
            ),
            method::<Self>(
                "strip_prefix",
                R::Ref,
                &[items],
                (RetKind::Borrowed(Borrowed::OptionSlice), Some(TypeId::of::<Vec<T>>())),
                invoke!(|m, x| ret_option(arg_ref::<Self>(m).strip_prefix(arg_slice::<T>(x)).map(<[T]>::to_vec))),
            ),
            method::<Self>(
                "strip_suffix",
                R::Ref,
                &[items],
                (RetKind::Borrowed(Borrowed::OptionSlice), Some(TypeId::of::<Vec<T>>())),
                invoke!(|m, x| ret_option(arg_ref::<Self>(m).strip_suffix(arg_slice::<T>(x)).map(<[T]>::to_vec))),
            ),
            // Panics when the range starts after it ends, or ends past the length.
            panicking(method::<Self>(
                "extend_from_within",
                R::Mut,
                &[param::<Range<usize>>("src", Value)],
                unit(),
                invoke!(|m, x| ret_value(arg_mut::<Self>(m).extend_from_within(arg_owned::<Range<usize>>(x)))),
            )),
            method::<Self>(
                "extend_from_slice",
                R::Mut,
                &[items],
                unit(),
                invoke!(|m, x| ret_value(arg_mut::<Self>(m).extend_from_slice(arg_slice::<T>(x)))),
            ),
            method::<Self>(
                "resize",
                R::Mut,
                &[param::<usize>("new_len", Value), param::<T>("value", Value)],
                unit(),
                invoke!(|m, n, x| ret_value(arg_mut::<Self>(m).resize(arg_owned::<usize>(n), arg_owned::<T>(x)))),
            ),
            method::<Self>(
                "fill",
                R::Mut,
                &[param::<T>("value", Value)],
                unit(),
                invoke!(|m, x| ret_value(arg_mut::<Self>(m).fill(arg_owned::<T>(x)))),
            ),
            // Panic past the length, or when the lengths differ.
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
            panicking(method::<Self>(
                "clone_from_slice",
                R::Mut,
                &[items],
                unit(),
                invoke!(|m, x| ret_value(arg_mut::<Self>(m).clone_from_slice(arg_slice::<T>(x)))),
            )),
            panicking(method::<Self>(
                "swap_with_slice",
                R::Mut,
                &[param::<Vec<T>>("other", SliceMut)],
                unit(),
                invoke!(|m, x| ret_value(arg_mut::<Self>(m).swap_with_slice(arg_slice_mut::<T>(x)))),
            )),
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
            method::<Self>(
                "resize",
                R::Mut,
                &[param::<usize>("new_len", Value), element],
                unit(),
                invoke!(|m, n, x| ret_value(arg_mut::<Self>(m).resize(arg_owned::<usize>(n), arg_owned::<T>(x)))),
            ),
            // Panics when the range starts after it ends, or ends past the length.
            panicking(method::<Self>(
                "range",
                R::Ref,
                &[param::<Range<usize>>("range", Value)],
                iter_cloned::<T>(),
                invoke!(|m, x| collected(arg_ref::<Self>(m).range(arg_owned::<Range<usize>>(x)))),
            )),
            panicking(method::<Self>(
                "range",
                R::Ref,
                &[param::<RangeInclusive<usize>>("range", Value)],
                iter_cloned::<T>(),
                invoke!(|m, x| collected(arg_ref::<Self>(m).range(arg_owned::<RangeInclusive<usize>>(x)))),
            )),
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
