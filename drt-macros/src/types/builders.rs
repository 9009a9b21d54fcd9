//! The built-in builders a type needs: for a std type drt makes from values
//! of its parts (`Range<usize>` from two `usize`s, `Option<T>`, tuples,
//! collections) and for what drt makes for the environment, the registration
//! expression and the parts.

use syn::Type;

use super::environment::drt_environment;
use super::written::{generic_args, strip_parens};

/// The built-in builders for a std type drt can make from values of its
/// parts (`Range<usize>` from two `usize`s): the registration expression and
/// the parts, which need descriptors (and builders) of their own.
pub fn builders(ty: &Type) -> Option<(proc_macro2::TokenStream, Vec<Type>)> {
    use quote::quote;
    let b = quote!(::drt::__private::builders);
    if let Some(made) = drt_environment(ty) {
        return Some(made);
    }
    match strip_parens(ty) {
        Type::Tuple(t) if t.elems.len() == 2 || t.elems.len() == 3 => {
            let parts: Vec<Type> = t.elems.iter().cloned().collect();
            let f = if parts.len() == 2 { quote!(tuple2) } else { quote!(tuple3) };
            Some((quote!(#b::#f::<#(#parts),*>()), parts))
        }
        Type::Array(a) => {
            let (elem, len) = (&*a.elem, &a.len);
            // Longer than eight: filled with one value, when it can be copied or cloned.
            let filled = crate::krate::probing(
                "probe",
                &["FillCopy", "FillClone", "FillNo"],
                quote!((&&&::drt::__private::probe::Probe::<[#elem; #len]>::new()).drt_fill()),
            );
            let all = quote!({
                let mut __builders = #b::array::<#elem, { #len }>();
                __builders.extend(#filled);
                __builders
            });
            Some((all, vec![elem.clone()]))
        }
        Type::Path(p) if p.qself.is_none() => {
            let segs = &p.path.segments;
            let std_path = segs.len() == 1 || ["std", "core", "alloc"].iter().any(|s| segs[0].ident == s);
            let last = segs.last()?;
            let args = generic_args(ty, &last.ident.to_string()).unwrap_or_default();
            let f = match (last.ident.to_string().as_str(), args.len()) {
                _ if !std_path => return None,
                ("RangeFull", 0) => return Some((quote!(#b::range_full()), Vec::new())),
                ("Range", 1) => quote!(range),
                ("RangeInclusive", 1) => quote!(range_inclusive),
                ("RangeFrom", 1) => quote!(range_from),
                ("RangeTo", 1) => quote!(range_to),
                ("RangeToInclusive", 1) => quote!(range_to_inclusive),
                ("Option", 1) => quote!(option),
                ("Result", 2) => quote!(result),
                ("Box", 1) => quote!(boxed),
                ("Vec", 1) => quote!(vec),
                ("VecDeque", 1) => quote!(vec_deque),
                ("HashSet", 1) => quote!(hash_set),
                ("BTreeSet", 1) => quote!(btree_set),
                ("HashMap", 2) => quote!(hash_map),
                ("BTreeMap", 2) => quote!(btree_map),
                _ => return None,
            };
            // `Box<dyn Trait>`, `Box<str>`: no value of the part to box; such
            // values come from operations returning them.
            if args.iter().any(|a| unsized_type(a)) {
                return None;
            }
            let parts: Vec<Type> = args.into_iter().cloned().collect();
            Some((quote!(#b::#f::<#(#parts),*>()), parts))
        }
        _ => None,
    }
}

/// A type with no values of its own: a trait object, a slice or `str`.
fn unsized_type(ty: &Type) -> bool {
    match strip_parens(ty) {
        Type::TraitObject(_) | Type::Slice(_) => true,
        Type::Path(p) => p.path.is_ident("str"),
        _ => false,
    }
}
