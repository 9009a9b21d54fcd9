//! On errors, the impl block is still emitted (helper attributes stripped) next
//! to the `compile_error!`s, so one bad method does not turn every use of the
//! type red.

use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(item: &syn::ItemImpl, err: &syn::Error) -> TokenStream {
    let item = crate::expand::strip_helpers(item.clone());
    let errors = err.to_compile_error();
    quote! {
        #item
        #errors
    }
}
