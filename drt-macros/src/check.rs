//! Rules an impl block must satisfy, one `check_*` each.

use syn::{GenericParam, ItemImpl, Signature};

use crate::ast::Operations;
use crate::ctxt::Ctxt;

/// The impl block must be inherent and concrete. drt registers operations
/// under the impl's self type and needs its `TypeId`, which only exists for a
/// concrete `'static` type; trait impls need their own call syntax in emitted
/// tests. Both come with instantiation support; until then they are refused
/// here rather than half-supported.
pub fn check_impl(cx: &Ctxt, item: &ItemImpl) {
    if let Some((_, path, _)) = &item.trait_ {
        cx.error_spanned_by(
            path,
            "#[drt::operations] supports inherent impl blocks only in this version of drt; move the methods to test into `impl Type { ... }`",
        );
    }
    if let syn::Type::TraitObject(_) = &*item.self_ty {
        cx.error_spanned_by(
            &item.self_ty,
            "#[drt::operations] needs a sized type to keep values of; annotate the impl block of a concrete type that implements the trait",
        );
    }
    if !item.generics.params.is_empty() {
        cx.error_spanned_by(
            &item.generics,
            "#[drt::operations] needs a concrete type: generic impl blocks are not supported by this version of drt yet; annotate an impl for a concrete type (`impl Stack<u8>`)",
        );
    }
}

/// A method must be callable from generated code with values drt can build:
/// no `async` (nothing would poll it), no `unsafe` (random calls would break
/// its safety contract), no type or const generics (there is no type to pick),
/// no C variadics.
pub fn check_signature(cx: &Ctxt, sig: &Signature) {
    if let Some(a) = &sig.asyncness {
        cx.error_spanned_by(a, "drt cannot call async methods; skip it with #[drt(skip)]");
    }
    if let Some(u) = &sig.unsafety {
        cx.error_spanned_by(
            u,
            "drt does not call unsafe functions, whose safety contract random calls would break; skip it with #[drt(skip)]",
        );
    }
    if let Some(v) = &sig.variadic {
        cx.error_spanned_by(v, "drt cannot call variadic functions; skip it with #[drt(skip)]");
    }
    for g in &sig.generics.params {
        if !matches!(g, GenericParam::Lifetime(_)) {
            cx.error_spanned_by(
                g,
                "drt cannot choose a type for a generic method; skip it with #[drt(skip)], or add a non-generic wrapper",
            );
        }
    }
}

/// Every method named in `skip(...)`, `weight(...)`, `panics(...)` or
/// `requires(...)` must exist: a typo would
/// otherwise silently register (or weigh) the wrong thing.
pub fn check_names(cx: &Ctxt, ops: &Operations<'_>) {
    let exists = |id: &syn::Ident| ops.fns.iter().any(|f| f.sig.ident == *id);
    for id in &ops.args.skip {
        if !exists(id) {
            cx.error_spanned_by(id, format!("`skip` names no method of this impl block: `{id}`"));
        }
    }
    let named = ops.args.weights.iter().map(|(id, _)| ("weight", id));
    let named = named.chain(ops.args.panics.iter().map(|(id, _)| ("panics", id)));
    let named = named.chain(ops.args.requires.iter().map(|(id, _)| ("requires", id)));
    for (arg, id) in named {
        if !exists(id) {
            cx.error_spanned_by(id, format!("`{arg}` names no method of this impl block: `{id}`"));
        }
    }
}
