//! Rules an impl block must satisfy, one `check_*` each.

use syn::{GenericParam, ImplItem, ItemImpl, Signature};

use crate::ast::Operations;
use crate::attr::{ImplArgs, MethodArgs};
use crate::ctxt::Ctxt;

/// The impl block must describe a type drt can keep values of: a sized,
/// owned type (`TypeId` needs `'static`), so no trait objects, no impls on
/// references, no lifetime parameters. A trait impl must be one whose
/// methods are operations (not `Debug`, which drt checks on every value).
/// Type parameters are handled by `instantiate` ([`crate::generics`]).
/// Returns whether the block's methods are worth checking at all: after
/// refusing the whole block, errors about its methods would only be noise.
pub fn check_impl(cx: &Ctxt, item: &ItemImpl) -> bool {
    let mut explorable = true;
    if let Some(bang) = &item.modifiers.polarity {
        cx.error_spanned_by(bang, "a negative impl has no methods to explore; remove #[drt::operations]");
        explorable = false;
    }
    if let Some((path, _)) = &item.trait_ {
        explorable &= crate::traits::check_trait(cx, path);
    }
    match &*item.self_ty {
        syn::Type::TraitObject(_) => cx.error_spanned_by(
            &item.self_ty,
            "#[drt::operations] needs a sized type to keep values of; annotate the impl block of a concrete type that implements the trait",
        ),
        syn::Type::Reference(r) => cx.error_spanned_by(
            &item.self_ty,
            format!(
                "drt keeps owned values, so it cannot explore an impl for a reference; annotate the impl for `{}`",
                crate::types::show(&r.elem)
            ),
        ),
        _ => {}
    }
    // A lifetime only the trait names (`impl<'a> AddAssign<&'a T> for T`) is
    // the elided one's; a type that holds a borrow cannot be kept.
    for g in &item.generics.params {
        if let GenericParam::Lifetime(l) = g {
            if crate::generics::mentions_lifetime(&item.self_ty, &l.lifetime) {
                cx.error_spanned_by(
                    l,
                    "drt keeps values between calls, so it cannot explore a type that holds a borrow (a lifetime parameter); annotate an impl for an owned type",
                );
            }
        }
    }
    explorable
}

/// A method drt calls must be callable from generated code with values drt
/// can build: no `async` (nothing would poll it), no `unsafe` (random calls
/// would break its safety contract), no C variadics. Checked on every method
/// that is not skipped (nor the invariant, which has rules of its own),
/// before the operations are built. (Generic methods are instantiated
/// later, see [`crate::generics`]; these rules hold for every instance.)
pub fn check_signatures(cx: &Ctxt, args: &ImplArgs, item: &ItemImpl) {
    for i in &item.items {
        let ImplItem::Fn(f) = i else { continue };
        // The attributes' own errors are reported where the operations are built.
        let scratch = Ctxt::new();
        let margs = MethodArgs::parse(&scratch, &f.attrs);
        let _ = scratch.check();
        if !args.leaves_out(&f.sig.ident, &margs) {
            check_signature(cx, &f.sig);
        }
    }
}

fn check_signature(cx: &Ctxt, sig: &Signature) {
    if let Some(a) = &sig.asyncness {
        cx.error_spanned_by(a, "drt cannot call async methods; skip it with #[drt(skip)]");
    }
    if let syn::Safety::Unsafe(u) = &sig.safety {
        cx.error_spanned_by(
            u,
            "drt does not call unsafe functions, whose safety contract random calls would break; skip it with #[drt(skip)]",
        );
    }
    if let Some(v) = &sig.variadic {
        cx.error_spanned_by(v, "drt cannot call variadic functions; skip it with #[drt(skip)]");
    }
}

/// Every method named in `skip(...)`, `weight(...)`, `panics(...)`,
/// `requires(...)` or `ensures(...)` must exist: a typo would
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
    let named = named.chain(ops.args.ensures.iter().map(|(id, _)| ("ensures", id)));
    for (arg, id) in named {
        if !exists(id) {
            cx.error_spanned_by(id, format!("`{arg}` names no method of this impl block: `{id}`"));
        }
    }
}
