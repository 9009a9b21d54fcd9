//! `#[drt::operations]` on an enum whose variants have no fields (a
//! `Direction`, a `Sign`): each variant is a value drt passes where the enum
//! is taken, as `seeds(Direction = [Direction::Up, ...])` would list them,
//! and emitted tests write it by its path (`my_crate::Direction::Up`).

use proc_macro2::TokenStream;
use quote::quote;
use syn::ItemEnum;

use crate::ctxt::Ctxt;

/// The enum, unchanged, and the registration of its variants; or the enum
/// and the errors saying why drt cannot make its values.
pub fn variants(args: TokenStream, item: &ItemEnum) -> TokenStream {
    let cx = Ctxt::new();
    let krate = crate::krate::parse_only(&cx, args, "operations");
    check(&cx, item);
    if let Err(e) = cx.check() {
        let e = e.to_compile_error();
        return quote!(#item #e);
    }
    let ty = &item.ident;
    let each = item.variants.iter().map(|v| {
        let name = &v.ident;
        let text = format!("{ty}::{name}");
        // A variant compiled out is no value.
        let cfgs = v.attrs.iter().filter(|a| a.path().is_ident("cfg"));
        quote! {
            #( #cfgs )*
            __r.builders(::std::vec![::drt::__private::builders::seed::<#ty>(
                #text,
                |_: &mut [::drt::__private::Slot]| ::drt::__private::ret_value(#ty::#name),
            )]);
        }
    });
    let registration = quote! {
        #[allow(non_local_definitions, clippy::all, unused_qualifications)]
        const _: () = {
            fn __drt_register(__r: &mut ::drt::__private::Registrar) {
                __r.type_desc(::drt::__private::type_desc!(#ty));
                #( #each )*
            }
            ::drt::__private::inventory::submit! {
                ::drt::__private::Registration { register: __drt_register }
            }
        };
    };
    let registration = crate::krate::rewrite(registration, krate.as_ref());
    quote!(#item #registration)
}

/// An enum drt can list: not generic, with variants, none with fields.
fn check(cx: &Ctxt, item: &ItemEnum) {
    if !item.generics.params.is_empty() {
        cx.error_spanned_by(
            &item.generics,
            "#[drt::operations] on an enum lists its variants, and a generic enum's depend on its parameters; \
             list values with seeds(...) on an impl block that takes the enum, or write a #[drt::generator]",
        );
    }
    if item.variants.is_empty() {
        cx.error_spanned_by(&item.ident, "#[drt::operations] on an enum lists its variants, and this one has none");
    }
    for v in &item.variants {
        if !matches!(v.fields, syn::Fields::Unit) {
            cx.error_spanned_by(
                v,
                format!(
                    "#[drt::operations] on an enum lists its variants, and `{}` has fields drt would have to choose; \
                     write a #[drt::generator] making the enum's values, or list them with seeds(...) on an impl \
                     block that takes it",
                    v.ident
                ),
            );
        }
    }
}
