//! How drt passes a parameter: its kind (by value, `&`, `&mut`, `&str`,
//! slices) and the pool type that fills it.

use syn::{GenericArgument, PathArguments, Type};

use super::environment::{
    environment_param, fn_bound, io_param, mock_param, private_item, std_box, trait_bounds, Closure, MAX_CLOSURE_ARGS,
};
use super::written::{owned, show, storable, strip_parens};

/// How a parameter is passed; mirrors `drt::__private::ParamKind`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Value,
    Ref,
    Mut,
    Str,
    Slice,
    SliceMut,
    /// `Option<&T>`, borrowed from a pool `Option<T>` (`.as_ref()`).
    OptRef,
    /// `Option<&str>` / `Option<&[T]>`, borrowed from a pool
    /// `Option<String>` / `Option<Vec<T>>` (`.as_deref()`).
    OptDeref,
}

/// How to pass a parameter of type `ty`: its kind and the pool type filling it.
pub fn param(ty: &Type) -> Result<(Kind, Type), String> {
    let ty = strip_parens(ty);
    if let Some(made) = optional_borrow(ty) {
        return made;
    }
    match ty {
        Type::Reference(r) => {
            let inner = strip_parens(&r.elem);
            // `&mut dyn Read`, `&mut impl Write`: drt's reader or writer;
            // `&dyn Clock`, `&mut impl Clock`: the trait's mock.
            if let Some(bounds) = trait_bounds(inner) {
                let io = r.mutability.and_then(|_| io_param(bounds));
                if let Some(pool) = io.or_else(|| mock_param(bounds)) {
                    return Ok((if r.mutability.is_some() { Kind::Mut } else { Kind::Ref }, pool));
                }
            }
            let (kind, pool): (Kind, Type) = match (inner, r.mutability.is_some()) {
                (Type::Path(p), false) if p.path.is_ident("str") => (Kind::Str, syn::parse_quote!(::std::string::String)),
                (Type::Path(p), true) if p.path.is_ident("str") => {
                    return Err("drt cannot pass `&mut str`; take `&mut String` instead".into())
                }
                (Type::Slice(s), false) => {
                    let e = &s.elem;
                    (Kind::Slice, syn::parse_quote!(::std::vec::Vec<#e>))
                }
                (Type::Slice(s), true) => {
                    let e = &s.elem;
                    (Kind::SliceMut, syn::parse_quote!(::std::vec::Vec<#e>))
                }
                (Type::TraitObject(_), _) => {
                    return Err(format!(
                        "drt cannot build a trait object (`{}`); take a concrete type, or skip this method with #[drt(skip)]",
                        show(ty)
                    ))
                }
                (inner, true) => (Kind::Mut, inner.clone()),
                (inner, false) => (Kind::Ref, inner.clone()),
            };
            storable(&pool)?;
            if r.lifetime.as_ref().is_some_and(|l| l.ident == "static") {
                return Err(format!(
                    "drt cannot pass a `&'static` reference: it lends arguments for the call only; take `{}`, or skip this method with #[drt(skip)]",
                    show(&syn::TypeReference { lifetime: None, ..r.clone() })
                ));
            }
            Ok((kind, pool))
        }
        Type::ImplTrait(it) => match environment_param(&it.bounds).or_else(|| mock_param(&it.bounds).map(Ok)) {
            Some(made) => made.map(|pool| (Kind::Value, pool)),
            None => Err(format!(
                "drt cannot build an `{}` argument; take a concrete type, or skip this method with #[drt(skip)]",
                show(ty)
            )),
        },
        Type::Macro(_) => Err(format!(
            "drt cannot see the type `{}` expands to; write the type out, or skip this method with #[drt(skip)]",
            show(ty)
        )),
        Type::FnPtr(_) | Type::TraitObject(_) | Type::Never(_) | Type::Infer(_) => {
            Err(format!("drt cannot build a value of type `{}`; skip this method with #[drt(skip)]", show(ty)))
        }
        _ => storable(ty).map(|()| (Kind::Value, ty.clone())),
    }
}

/// For a parameter taking a closure (`impl Fn(A) -> R`, `&dyn Fn(A) -> R`,
/// `&mut dyn FnMut(A)`, or drt's instantiation of a generic `F: Fn`): how it
/// is passed, the pool type of its answers, and its arguments; or why drt
/// cannot make one. `None` for any other parameter.
pub fn closure_param(ty: &Type) -> Option<Result<(Kind, Type, Closure), String>> {
    let (kind, bounds, boxed) = match strip_parens(ty) {
        Type::ImplTrait(it) => (Kind::Value, &it.bounds, false),
        Type::Reference(r) => {
            (if r.mutability.is_some() { Kind::Mut } else { Kind::Ref }, trait_bounds(&r.elem)?, false)
        }
        _ => {
            let last = private_item(ty).filter(|s| s.ident == "BoxedFn").or_else(|| std_box(ty))?;
            let PathArguments::AngleBracketed(args) = &last.arguments else { return None };
            let Some(GenericArgument::Type(Type::TraitObject(t))) = args.args.first() else { return None };
            (Kind::Value, &t.bounds, true)
        }
    };
    // A `Box<dyn Fn>` of the signature's own is made by the `Box::new` builder
    // from the answers, so emitted tests box the closure too.
    let user_box = std_box(ty).is_some();
    let bound = fn_bound(bounds)?;
    let PathArguments::Parenthesized(sig) = &bound.path.segments.last()?.arguments else { return None };
    // Typed as the signature types them, but with any lifetime: the closure
    // is written in drt's invoker, where the method's lifetimes are not.
    let mut args: Vec<Type> = sig.inputs.iter().map(|a| a.ty.clone()).collect();
    args.iter_mut().for_each(|a| syn::visit_mut::VisitMut::visit_type_mut(&mut super::environment::AnyLifetime, a));
    if args.len() > MAX_CLOSURE_ARGS {
        return Some(Err(format!(
            "drt makes closures of at most {MAX_CLOSURE_ARGS} arguments; skip this method with #[drt(skip)]"
        )));
    }
    let ret: Type = match &sig.output {
        syn::ReturnType::Default => syn::parse_quote!(()),
        syn::ReturnType::Type(_, t) => (**t).clone(),
    };
    let what = format!("a closure returning a borrow (`{}`); return an owned value", show(&ret));
    if let Err(why) = owned(&ret, &what) {
        return Some(Err(why));
    }
    let n = args.len();
    let pool = if user_box {
        syn::parse_quote!(::std::boxed::Box<::drt::__private::Answers<#ret, #n>>)
    } else {
        syn::parse_quote!(::drt::__private::Answers<#ret, #n>)
    };
    Some(Ok((kind, pool, Closure { args, boxed })))
}

/// `Option<&T>`, `Option<&str>`, `Option<&[T]>`: `None`, or a borrow of a
/// pool value, lent for the call from a pool `Option<T>` (`Option<String>`,
/// `Option<Vec<T>>`); `None` for any other type.
fn optional_borrow(ty: &Type) -> Option<Result<(Kind, Type), String>> {
    let args = super::written::generic_args(ty, "Option")?;
    let [Type::Reference(r)] = args[..] else { return None };
    if r.mutability.is_some() {
        return Some(Err(format!(
            "drt cannot pass `{}`: it lends an `Option`'s value only as a shared borrow; take `Option<&{}>` or `&mut Option<{}>`, or skip this method with #[drt(skip)]",
            show(ty),
            show(&r.elem),
            show(&r.elem)
        )));
    }
    let made = match strip_parens(&r.elem) {
        Type::Path(p) if p.path.is_ident("str") => {
            (Kind::OptDeref, syn::parse_quote!(::std::option::Option<::std::string::String>))
        }
        Type::Slice(s) => {
            let e = &s.elem;
            (Kind::OptDeref, syn::parse_quote!(::std::option::Option<::std::vec::Vec<#e>>))
        }
        inner => {
            let inner = inner.clone();
            (Kind::OptRef, syn::parse_quote!(::std::option::Option<#inner>))
        }
    };
    Some(storable(&made.1).map(|()| made))
}
