//! On errors, the impl block is still emitted (helper attributes stripped) next
//! to the `compile_error!`s, so one bad method does not turn every use of the
//! type red.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{ImplItem, ItemImpl};

pub fn expand(item: &ItemImpl, err: &syn::Error) -> TokenStream {
    let item = strip_helpers(item.clone());
    let errors = err.to_compile_error();
    quote! {
        #item
        #errors
    }
}

/// Removes `#[drt(...)]` helper attributes from the items of the block,
/// those under a `cfg_attr` too.
pub fn strip_helpers(mut item: ItemImpl) -> ItemImpl {
    crate::attr::lift_conditional(&mut item);
    for i in &mut item.items {
        let attrs = match i {
            ImplItem::Fn(f) => &mut f.attrs,
            ImplItem::Const(c) => &mut c.attrs,
            ImplItem::Type(t) => &mut t.attrs,
            ImplItem::Macro(m) => &mut m.attrs,
            _ => continue,
        };
        attrs.retain(|a| !a.path().is_ident("drt"));
    }
    item
}
