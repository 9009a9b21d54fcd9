//! `BTreeSet` and `BTreeMap` as references: sets and maps in key order.

use super::*;

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
        let other = param::<Self>("other", Ref);
        ops.extend([
            method::<Self>(
                "difference",
                R::Ref,
                &[other],
                iter_cloned::<K>(),
                invoke!(|m, o| collected(arg_ref::<Self>(m).difference(arg_ref::<Self>(o)))),
            ),
            method::<Self>(
                "symmetric_difference",
                R::Ref,
                &[other],
                iter_cloned::<K>(),
                invoke!(|m, o| collected(arg_ref::<Self>(m).symmetric_difference(arg_ref::<Self>(o)))),
            ),
            method::<Self>(
                "intersection",
                R::Ref,
                &[other],
                iter_cloned::<K>(),
                invoke!(|m, o| collected(arg_ref::<Self>(m).intersection(arg_ref::<Self>(o)))),
            ),
            method::<Self>(
                "union",
                R::Ref,
                &[other],
                iter_cloned::<K>(),
                invoke!(|m, o| collected(arg_ref::<Self>(m).union(arg_ref::<Self>(o)))),
            ),
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
            method::<Self>(
                "into_keys",
                R::Value,
                &[],
                (RetKind::Iter { items: Items::Owned }, Some(TypeId::of::<Vec<K>>())),
                invoke!(|m| ret_iter(arg_owned::<Self>(m).into_keys())),
            ),
            method::<Self>(
                "into_values",
                R::Value,
                &[],
                (RetKind::Iter { items: Items::Owned }, Some(TypeId::of::<Vec<V>>())),
                invoke!(|m| ret_iter(arg_owned::<Self>(m).into_values())),
            ),
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
