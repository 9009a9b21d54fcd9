//! `#[drt::generator]`: a function `fn(&mut drt::Rng) -> T` registered as an
//! operation making values of `T`, for types drt cannot build from
//! operations and seeds alone.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{FnArg, GenericParam, ItemFn, Type};

use crate::ctxt::Ctxt;
use crate::types::Ret;

const SHAPE: &str = "a generator takes one parameter, `rng: &mut drt::Rng`, and returns the value it made: \
                     `fn any_point(rng: &mut drt::Rng) -> Point`";

pub fn generator(args: TokenStream, input: TokenStream) -> TokenStream {
    let f: ItemFn = match syn::parse2(input.clone()) {
        Ok(f) => f,
        Err(_) => {
            let err = syn::Error::new(Span::call_site(), "#[drt::generator] goes on a function: ".to_string() + SHAPE)
                .to_compile_error();
            return quote!(#input #err);
        }
    };
    let cx = Ctxt::new();
    let krate = crate::krate::parse_only(&cx, args, "generator");
    let ty = check(&cx, &f);
    match (cx.check(), ty) {
        (Ok(()), Some(ty)) => crate::krate::rewrite(register(&f, &ty), krate.as_ref()),
        (Err(e), _) => {
            let e = e.to_compile_error();
            quote!(#f #e)
        }
        (Ok(()), None) => unreachable!("a missing type is always reported"),
    }
}

/// The generator's shape; returns the type it makes.
fn check(cx: &Ctxt, f: &ItemFn) -> Option<Type> {
    let sig = &f.sig;
    if let Some(a) = &sig.asyncness {
        cx.error_spanned_by(a, "a generator cannot be async: drt calls it directly");
    }
    if let syn::Safety::Unsafe(u) = &sig.safety {
        cx.error_spanned_by(u, "a generator cannot be unsafe: drt calls it with any seed");
    }
    for g in &sig.generics.params {
        if !matches!(g, GenericParam::Lifetime(_)) {
            cx.error_spanned_by(g, "a generator cannot be generic: write one per type");
        }
    }
    let rng_param = |a: &FnArg| match a {
        FnArg::Typed(t) => match &*t.ty {
            Type::Reference(r) if r.mutability.is_some() => {
                matches!(&*r.elem, Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Rng"))
            }
            _ => false,
        },
        FnArg::Receiver(_) => false,
    };
    match sig.inputs.len() {
        1 if rng_param(&sig.inputs[0]) => {}
        0 => cx.syn_error(syn::Error::new(sig.paren_token.span.join(), SHAPE)),
        _ => cx.error_spanned_by(&sig.inputs, SHAPE),
    }
    match crate::types::ret(&sig.output) {
        Ret::Value(t) => Some(t),
        Ret::Unit => {
            cx.error_spanned_by(&sig.ident, SHAPE);
            None
        }
        _ => {
            cx.error_spanned_by(
                &sig.output,
                "a generator returns an owned value (no borrow, `Option` or `Result`): it must always make one",
            );
            None
        }
    }
}

fn register(f: &ItemFn, ty: &Type) -> TokenStream {
    let name = &f.sig.ident;
    let private = !matches!(f.vis, syn::Visibility::Public(_));
    quote! {
        #f

        #[allow(non_local_definitions, clippy::all, unused_qualifications)]
        const _: () = {
            fn __drt_register(__r: &mut ::drt::__private::Registrar) {
                __r.owner(::drt::__private::type_desc!(#ty));
                __r.operation(::drt::__private::OperationSpec {
                    params: ::std::vec![::drt::__private::ParamSpec {
                        name: "rng",
                        ty: ::core::any::TypeId::of::<::drt::Rng>(),
                        kind: ::drt::__private::ParamKind::Mut,
                    }],
                    ret: ::drt::__private::RetKind::Value,
                    ret_ty: ::core::option::Option::Some(::core::any::TypeId::of::<#ty>()),
                    private: #private,
                    ..::drt::__private::OperationSpec::new(
                        ::drt::__private::OpKind::Generator,
                        ::core::stringify!(#name),
                        ::drt::__private::Syntax::Function(::core::concat!(
                            ::core::module_path!(), "::", ::core::stringify!(#name)
                        )),
                        ::core::any::TypeId::of::<#ty>(),
                        |__slots: &mut [::drt::__private::Slot]| -> ::drt::__private::Returned {
                            let [__rng] = __slots else { ::drt::__private::arity_mismatch() };
                            ::drt::__private::ret_value(#name(::drt::__private::arg_mut::<::drt::Rng>(__rng)))
                        },
                    )
                });
            }
            ::drt::__private::inventory::submit! {
                ::drt::__private::Registration { register: __drt_register }
            }
        };
    }
}
