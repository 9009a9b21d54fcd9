//! `String` as a reference.

use super::*;

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
