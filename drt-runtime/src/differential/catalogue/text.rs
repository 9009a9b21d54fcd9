//! `String` as a reference.

use super::*;
use crate::macro_support::arg_slice;

/// `String` as a reference for text buffers, ropes and builders. Its byte
/// indices panic off a `char` boundary, as std documents: such a call is
/// illegal, not a divergence.
impl Reference for String {
    fn register(r: &mut Registrar) {
        use {ParamKind::*, Receiver as R};
        r.owner(type_desc!(String));
        r.type_desc(type_desc!(char));
        r.type_desc(type_desc!(Vec<char>));
        elements::<u8>(r);
        elements::<u16>(r);
        elements::<(usize, char)>(r);
        r.type_desc(type_desc!(Box<str>));
        r.type_desc(type_desc!(std::string::FromUtf8Error));
        r.type_desc(type_desc!(std::string::FromUtf16Error));
        let text = param::<String>("string", Str);
        let str_ret = (RetKind::Borrowed(Borrowed::Str), Some(TypeId::of::<String>()));
        let option_str = (RetKind::Borrowed(Borrowed::OptionStr), Some(TypeId::of::<String>()));
        let owned_items = |ty| (RetKind::Iter { items: Items::Owned }, Some(ty));
        let index = param::<usize>("idx", Value);
        let mut ops = collection_methods!(String, char);
        ops.extend([
            method::<Self>("from", R::None, &[text], value::<Self>(), invoke!(|s| ret_value(String::from(arg_str(s))))),
            method::<Self>(
                "from_utf16",
                R::None,
                &[param::<Vec<u16>>("v", Slice)],
                (RetKind::Result { err: TypeId::of::<std::string::FromUtf16Error>() }, Some(TypeId::of::<String>())),
                invoke!(|v| crate::macro_support::ret_result(String::from_utf16(arg_slice::<u16>(v)))),
            ),
            method::<Self>(
                "from_utf16_lossy",
                R::None,
                &[param::<Vec<u16>>("v", Slice)],
                value::<String>(),
                invoke!(|v| ret_value(String::from_utf16_lossy(arg_slice::<u16>(v)))),
            ),
            method::<Self>(
                "trim_ascii",
                R::Ref,
                &[],
                str_ret,
                invoke!(|m| ret_value(arg_ref::<Self>(m).trim_ascii().to_string())),
            ),
            method::<Self>(
                "trim_ascii_start",
                R::Ref,
                &[],
                str_ret,
                invoke!(|m| ret_value(arg_ref::<Self>(m).trim_ascii_start().to_string())),
            ),
            method::<Self>(
                "trim_ascii_end",
                R::Ref,
                &[],
                str_ret,
                invoke!(|m| ret_value(arg_ref::<Self>(m).trim_ascii_end().to_string())),
            ),
            // Patterns as a person passes them: a `char`, a `&str`.
            method::<Self>(
                "trim_matches",
                R::Ref,
                &[param::<char>("pat", Value)],
                str_ret,
                invoke!(|m, c| ret_value(arg_ref::<Self>(m).trim_matches(arg_owned::<char>(c)).to_string())),
            ),
            method::<Self>(
                "trim_start_matches",
                R::Ref,
                &[text],
                str_ret,
                invoke!(|m, s| ret_value(arg_ref::<Self>(m).trim_start_matches(arg_str(s)).to_string())),
            ),
            method::<Self>(
                "trim_end_matches",
                R::Ref,
                &[text],
                str_ret,
                invoke!(|m, s| ret_value(arg_ref::<Self>(m).trim_end_matches(arg_str(s)).to_string())),
            ),
            // Panic off a `char` boundary or past the end.
            panicking(method::<Self>(
                "replace_range",
                R::Mut,
                &[param::<Range<usize>>("range", Value), text],
                unit(),
                invoke!(|m, x, s| ret_value(
                    arg_mut::<Self>(m).replace_range(arg_owned::<Range<usize>>(x), arg_str(s))
                )),
            )),
            panicking(method::<Self>(
                "extend_from_within",
                R::Mut,
                &[param::<Range<usize>>("src", Value)],
                unit(),
                invoke!(|m, x| ret_value(arg_mut::<Self>(m).extend_from_within(arg_owned::<Range<usize>>(x)))),
            )),
            method::<Self>(
                "from_utf8",
                R::None,
                &[param::<Vec<u8>>("vec", Value)],
                (RetKind::Result { err: TypeId::of::<std::string::FromUtf8Error>() }, Some(TypeId::of::<String>())),
                invoke!(|v| crate::macro_support::ret_result(String::from_utf8(arg_owned::<Vec<u8>>(v)))),
            ),
            method::<Self>("trim", R::Ref, &[], str_ret, invoke!(|m| ret_value(arg_ref::<Self>(m).trim().to_string()))),
            method::<Self>(
                "trim_start",
                R::Ref,
                &[],
                str_ret,
                invoke!(|m| ret_value(arg_ref::<Self>(m).trim_start().to_string())),
            ),
            method::<Self>(
                "trim_end",
                R::Ref,
                &[],
                str_ret,
                invoke!(|m| ret_value(arg_ref::<Self>(m).trim_end().to_string())),
            ),
            method::<Self>(
                "to_lowercase",
                R::Ref,
                &[],
                value::<String>(),
                invoke!(|m| ret_value(arg_ref::<Self>(m).to_lowercase())),
            ),
            method::<Self>(
                "to_uppercase",
                R::Ref,
                &[],
                value::<String>(),
                invoke!(|m| ret_value(arg_ref::<Self>(m).to_uppercase())),
            ),
            method::<Self>(
                "to_ascii_lowercase",
                R::Ref,
                &[],
                value::<String>(),
                invoke!(|m| ret_value(arg_ref::<Self>(m).to_ascii_lowercase())),
            ),
            method::<Self>(
                "to_ascii_uppercase",
                R::Ref,
                &[],
                value::<String>(),
                invoke!(|m| ret_value(arg_ref::<Self>(m).to_ascii_uppercase())),
            ),
            method::<Self>(
                "make_ascii_lowercase",
                R::Mut,
                &[],
                unit(),
                invoke!(|m| ret_value(arg_mut::<Self>(m).make_ascii_lowercase())),
            ),
            method::<Self>(
                "make_ascii_uppercase",
                R::Mut,
                &[],
                unit(),
                invoke!(|m| ret_value(arg_mut::<Self>(m).make_ascii_uppercase())),
            ),
            method::<Self>(
                "is_ascii",
                R::Ref,
                &[],
                value::<bool>(),
                invoke!(|m| ret_value(arg_ref::<Self>(m).is_ascii())),
            ),
            method::<Self>(
                "eq_ignore_ascii_case",
                R::Ref,
                &[text],
                value::<bool>(),
                invoke!(|m, s| ret_value(arg_ref::<Self>(m).eq_ignore_ascii_case(arg_str(s)))),
            ),
            method::<Self>(
                "is_char_boundary",
                R::Ref,
                &[index],
                value::<bool>(),
                invoke!(|m, i| ret_value(arg_ref::<Self>(m).is_char_boundary(arg_owned::<usize>(i)))),
            ),
            method::<Self>(
                "rfind",
                R::Ref,
                &[text],
                option::<usize>(),
                invoke!(|m, s| ret_option(arg_ref::<Self>(m).rfind(arg_str(s)))),
            ),
            method::<Self>(
                "strip_prefix",
                R::Ref,
                &[text],
                option_str,
                invoke!(|m, s| ret_option(arg_ref::<Self>(m).strip_prefix(arg_str(s)).map(str::to_string))),
            ),
            method::<Self>(
                "strip_suffix",
                R::Ref,
                &[text],
                option_str,
                invoke!(|m, s| ret_option(arg_ref::<Self>(m).strip_suffix(arg_str(s)).map(str::to_string))),
            ),
            method::<Self>(
                "get",
                R::Ref,
                &[param::<Range<usize>>("range", Value)],
                option_str,
                invoke!(|m, x| ret_option(arg_ref::<Self>(m).get(arg_owned::<Range<usize>>(x)).map(str::to_string))),
            ),
            method::<Self>(
                "replace",
                R::Ref,
                &[text, text],
                value::<String>(),
                invoke!(|m, from, to| ret_value(arg_ref::<Self>(m).replace(arg_str(from), arg_str(to)))),
            ),
            method::<Self>(
                "replacen",
                R::Ref,
                &[text, text, param::<usize>("count", Value)],
                value::<String>(),
                invoke!(|m, from, to, n| {
                    ret_value(arg_ref::<Self>(m).replacen(arg_str(from), arg_str(to), arg_owned::<usize>(n)))
                }),
            ),
            method::<Self>(
                "as_bytes",
                R::Ref,
                &[],
                (RetKind::Borrowed(Borrowed::Slice), Some(TypeId::of::<Vec<u8>>())),
                invoke!(|m| ret_value(arg_ref::<Self>(m).as_bytes().to_vec())),
            ),
            method::<Self>(
                "into_bytes",
                R::Value,
                &[],
                value::<Vec<u8>>(),
                invoke!(|m| ret_value(arg_owned::<Self>(m).into_bytes())),
            ),
            method::<Self>(
                "into_boxed_str",
                R::Value,
                &[],
                value::<Box<str>>(),
                invoke!(|m| ret_value(arg_owned::<Self>(m).into_boxed_str())),
            ),
            method::<Self>(
                "bytes",
                R::Ref,
                &[],
                owned_items(TypeId::of::<Vec<u8>>()),
                invoke!(|m| ret_iter(arg_ref::<Self>(m).bytes())),
            ),
            method::<Self>(
                "char_indices",
                R::Ref,
                &[],
                owned_items(TypeId::of::<Vec<(usize, char)>>()),
                invoke!(|m| ret_iter(arg_ref::<Self>(m).char_indices())),
            ),
            method::<Self>(
                "encode_utf16",
                R::Ref,
                &[],
                owned_items(TypeId::of::<Vec<u16>>()),
                invoke!(|m| ret_iter(arg_ref::<Self>(m).encode_utf16())),
            ),
            // Panics on capacity overflow.
            panicking(method::<Self>(
                "repeat",
                R::Ref,
                &[param::<usize>("n", Value)],
                value::<String>(),
                invoke!(|m, n| ret_value(arg_ref::<Self>(m).repeat(arg_owned::<usize>(n)))),
            )),
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
