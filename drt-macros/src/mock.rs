//! `#[drt::mock]` on a trait: a mock implementing it whose methods answer
//! with values the search chose, so code that takes the trait (`impl Clock`,
//! `&dyn Clock`, `Box<dyn Clock>`, a generic `C: Clock`) can be explored.
//! This is Pex's "closing the environment": the environment a method
//! depends on is generated too, and its answers are part of the sequence
//! (minimized with it, written out in the emitted test).
//!
//! For `trait Clock { fn now(&self) -> u64; fn sleep(&mut self, ms: u32); }`
//! it emits, beside the trait:
//! - `ClockMock`, with `ClockMock::new().now([5, 0, u64::MAX])`: the answers
//!   of `now`, given in turn and over again (a method returning `()` only
//!   returns);
//! - `impl Clock for ClockMock`, and `Mocked for dyn Clock` naming it;
//! - the registration of a builder making `ClockMock` from answers drt
//!   chose, and of builders boxing it as `Box<dyn Clock>`, `Rc<dyn Clock>`
//!   and `Arc<dyn Clock>`.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{FnArg, GenericParam, ItemTrait, Pat, TraitItem, TraitItemFn, Type, TypeParamBound};

use crate::ctxt::Ctxt;
use crate::types::Ret;

/// Supertraits a mock has without help: it derives `Clone` and `Debug`,
/// and is `Send` when its answers are.
const SUPERTRAITS: [&str; 3] = ["Clone", "Debug", "Send"];

/// One method of the trait, as the mock implements it.
#[allow(clippy::large_enum_variant)] // one per method, built once per expansion
enum Answer {
    /// Answers with values of this type.
    With(Type),
    /// Returns `()`.
    Nothing,
    /// Keeps the trait's default body.
    Default,
}

pub fn mock(args: TokenStream, input: TokenStream) -> TokenStream {
    let item: ItemTrait = match syn::parse2(input.clone()) {
        Ok(item) => item,
        Err(_) => {
            let err =
                syn::Error::new(Span::call_site(), "#[drt::mock] goes on a trait: `#[drt::mock] trait Clock { ... }`")
                    .to_compile_error();
            return quote!(#input #err);
        }
    };
    let cx = Ctxt::new();
    let krate = crate::krate::parse_only(&cx, args, "mock");
    let methods = check(&cx, &item);
    match cx.check() {
        Ok(()) => crate::krate::rewrite(expand(&item, &methods), krate.as_ref()),
        Err(e) => {
            let e = e.to_compile_error();
            let stub = crate::krate::rewrite(stub(&item), krate.as_ref());
            quote!(#item #e #stub)
        }
    }
}

/// A mock that is never run, for a trait drt reported it cannot mock, so
/// that parameters of the trait's type do not add "drt has no mock of"
/// errors to the one that says why. None for a generic trait, one with
/// associated items other than methods, or one with supertraits a stub
/// does not derive.
fn stub(item: &ItemTrait) -> TokenStream {
    let name = &item.ident;
    let mock = format_ident!("{name}Mock");
    let plain = item.items.iter().all(|i| matches!(i, TraitItem::Fn(_)));
    if !item.generics.params.is_empty() || !plain || foreign_supertraits(item).next().is_some() {
        return TokenStream::new();
    }
    let methods = item.items.iter().filter_map(|i| match i {
        TraitItem::Fn(f) if f.default.is_none() => {
            let sig = &f.sig;
            Some(quote!(#[allow(unused_variables)] #sig { ::core::unreachable!() }))
        }
        _ => None,
    });
    let vis = &item.vis;
    quote! {
        #[doc(hidden)]
        #[derive(Clone, Debug)]
        #vis struct #mock;

        impl #name for #mock {
            #( #methods )*
        }

        impl ::drt::__private::Mocked for dyn #name {
            type Mock = #mock;
        }
    }
}

/// The supertraits a mock does not have without help (not in
/// [`SUPERTRAITS`]), with their names.
fn foreign_supertraits(item: &ItemTrait) -> impl Iterator<Item = (&syn::TraitBound, String)> {
    item.supertraits.iter().filter_map(|b| match b {
        TypeParamBound::Trait(t) => {
            let name = t.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
            (!SUPERTRAITS.contains(&name.as_str())).then_some((t, name))
        }
        _ => None,
    })
}

/// What the mock does for each method; reports what it cannot mock.
fn check<'a>(cx: &Ctxt, item: &'a ItemTrait) -> Vec<(&'a TraitItemFn, Answer)> {
    for g in &item.generics.params {
        if !matches!(g, GenericParam::Lifetime(_)) {
            cx.error_spanned_by(g, "drt cannot mock a generic trait: mock a trait with concrete types");
        }
    }
    for (t, name) in foreign_supertraits(item) {
        cx.error_spanned_by(
            t,
            format!("drt cannot mock a trait that requires `{name}`: its mock would have to implement it too"),
        );
    }
    let mut methods = Vec::new();
    for i in &item.items {
        match i {
            TraitItem::Fn(f) => {
                if let Some(answer) = method(cx, f) {
                    methods.push((f, answer));
                }
            }
            TraitItem::Type(t) if t.default.is_none() => cx.error_spanned_by(
                t,
                format!("drt cannot choose the associated type `{}`: mock a trait without one", t.ident),
            ),
            TraitItem::Const(c) if c.default.is_none() => cx.error_spanned_by(
                c,
                format!("drt cannot choose the associated constant `{}`: give it a default value", c.ident),
            ),
            TraitItem::Macro(m) => cx.error_spanned_by(m, "drt cannot see the methods a macro declares"),
            _ => {}
        }
    }
    methods
}

/// How the mock implements one method, or `None` after reporting why it cannot.
fn method(cx: &Ctxt, f: &TraitItemFn) -> Option<Answer> {
    let sig = &f.sig;
    let defaulted = f.default.is_some();
    let why = if sig.asyncness.is_some() {
        Some("it is async")
    } else if sig.generics.params.iter().any(|g| !matches!(g, GenericParam::Lifetime(_))) {
        Some("it is generic")
    } else if !matches!(sig.inputs.first(), Some(FnArg::Receiver(r)) if matches!(r.kind, syn::ReceiverKind::Reference(..)))
    {
        Some("it takes no `&self` or `&mut self`")
    } else {
        None
    };
    let answer = match crate::types::ret(&sig.output) {
        Ret::Unit => Some(Answer::Nothing),
        // A value drt can make, as the signature writes it (not `Self`).
        Ret::Value(_) | Ret::Option(_) | Ret::Result(..) => match &sig.output {
            syn::ReturnType::Type(_, t) if !crate::ast::mentions(&quote!(#t), "Self") => {
                Some(Answer::With((**t).clone()))
            }
            _ => None,
        },
        _ => None,
    };
    match (why, answer) {
        (None, Some(answer)) => Some(answer),
        _ if defaulted => Some(Answer::Default),
        (Some(why), _) => {
            cx.error_spanned_by(
                &sig.ident,
                format!("drt cannot answer `{}`: {why}; give it a default body, or mock a trait without it", sig.ident),
            );
            None
        }
        (None, None) => {
            cx.error_spanned_by(
                &sig.output,
                format!(
                    "drt cannot answer `{}` with values of its own: it returns a borrow, an `impl Trait` or `Self`; \
                     give it a default body, or return an owned value",
                    sig.ident
                ),
            );
            None
        }
    }
}

fn expand(item: &ItemTrait, methods: &[(&TraitItemFn, Answer)]) -> TokenStream {
    let vis = &item.vis;
    let name = &item.ident;
    let mock = format_ident!("{name}Mock");
    let answered: Vec<(&syn::Ident, &Type)> = methods
        .iter()
        .filter_map(|(f, a)| match a {
            Answer::With(t) => Some((&f.sig.ident, t)),
            _ => None,
        })
        .collect();
    let fields = answered.iter().map(|(m, t)| quote!(#m: ::drt::__private::Answers<#t, 0>));
    let empty = answered.iter().map(|(m, _)| quote!(#m: ::drt::__private::Answers::given(::std::vec::Vec::new())));
    let setters = answered.iter().map(|(m, t)| {
        let doc = format!("The answers of `{m}`, given in turn and over again.");
        quote! {
            #[doc = #doc]
            #vis fn #m(mut self, answers: impl ::core::iter::IntoIterator<Item = #t>) -> Self {
                self.#m = ::drt::__private::Answers::given(answers);
                self
            }
        }
    });
    let impls = methods.iter().filter_map(|(f, a)| {
        let mut sig = f.sig.clone();
        for arg in sig.inputs.iter_mut() {
            if let FnArg::Typed(t) = arg {
                *t.pat = Pat::Wild(syn::PatWild { attrs: Vec::new(), underscore_token: Default::default() });
            }
        }
        let m = &f.sig.ident;
        let shown = format!("{mock}::{m}");
        match a {
            Answer::With(_) => Some(quote!(#sig { self.#m.answer(#shown) })),
            Answer::Nothing => Some(quote!(#sig {})),
            Answer::Default => None,
        }
    });
    let doc = format!(
        "A mock of [`{name}`] for drt: each method answers with the values given to the method of the same \
         name, in turn and over again (`{mock}::new(){}`).",
        answered.first().map(|(m, _)| format!(".{m}([..])")).unwrap_or_default()
    );
    let registration = register(name, &mock, &answered);
    quote! {
        #item

        #[doc = #doc]
        #[derive(Clone, Debug)]
        #vis struct #mock {
            #( #fields, )*
        }

        impl #mock {
            /// A mock with no answers yet.
            #[allow(clippy::new_without_default)]
            #vis fn new() -> Self {
                #mock { #( #empty, )* }
            }
            #( #setters )*
        }

        impl #name for #mock {
            #( #impls )*
        }

        impl ::drt::__private::Mocked for dyn #name {
            type Mock = #mock;
        }

        #registration
    }
}

/// Registers the mock's type, a builder making it from answers drt chose
/// (one vector per answering method, none empty), and builders boxing it.
fn register(name: &syn::Ident, mock: &syn::Ident, answered: &[(&syn::Ident, &Type)]) -> TokenStream {
    let mut needs = crate::expand::Needs::default();
    for (_, t) in answered {
        needs.note(&TokenStream::new(), &syn::parse_quote!(::std::vec::Vec<#t>), true);
    }
    let needs = needs.registrations();
    let calls: String = answered.iter().enumerate().map(|(k, (m, _))| format!(".{m}(${k})")).collect();
    let template = format!("::{mock}::new(){calls}");
    let slots: Vec<syn::Ident> = (0..answered.len()).map(|k| format_ident!("__a{k}")).collect();
    let params = answered.iter().zip(&slots).map(|((_, t), slot)| {
        let slot = slot.to_string();
        quote! {
            ::drt::__private::ParamSpec {
                name: #slot,
                ty: ::core::any::TypeId::of::<::std::vec::Vec<#t>>(),
                kind: ::drt::__private::ParamKind::Value,
            }
        }
    });
    let takes = answered.iter().zip(&slots).map(|((m, t), slot)| {
        quote! {
            let #slot = ::drt::__private::arg_owned::<::std::vec::Vec<#t>>(#slot);
            if #slot.is_empty() {
                return ::drt::__private::Returned::Empty;
            }
            let __mock = __mock.#m(#slot);
        }
    });
    let boxes = [
        (quote!(::std::boxed::Box), "Box::new($0)"),
        (quote!(::std::rc::Rc), "std::rc::Rc::new($0)"),
        (quote!(::std::sync::Arc), "std::sync::Arc::new($0)"),
    ]
    .into_iter()
    .map(|(ptr, template)| {
        quote! {
            __r.type_desc(::drt::__private::type_desc!(#ptr<dyn #name>));
            __r.operation(::drt::__private::builders::builder::<#ptr<dyn #name>>(
                #template,
                ::std::vec![::drt::__private::ParamSpec {
                    name: "mock",
                    ty: ::core::any::TypeId::of::<#mock>(),
                    kind: ::drt::__private::ParamKind::Value,
                }],
                |__s: &mut [::drt::__private::Slot]| -> ::drt::__private::Returned {
                    let [__m] = __s else { ::drt::__private::arity_mismatch() };
                    let __m: #ptr<dyn #name> = #ptr::new(::drt::__private::arg_owned::<#mock>(__m));
                    ::drt::__private::ret_value(__m)
                },
            ));
        }
    });
    quote! {
        #[allow(non_local_definitions, clippy::all, unused_qualifications)]
        const _: () = {
            fn __drt_register(__r: &mut ::drt::__private::Registrar) {
                __r.owner(::drt::__private::type_desc!(#mock));
                #needs
                __r.operation(::drt::__private::builders::builder::<#mock>(
                    ::core::concat!(::core::module_path!(), #template),
                    ::std::vec![#( #params ),*],
                    |__s: &mut [::drt::__private::Slot]| -> ::drt::__private::Returned {
                        let [#( #slots ),*] = __s else { ::drt::__private::arity_mismatch() };
                        let __mock = #mock::new();
                        #( #takes )*
                        ::drt::__private::ret_value(__mock)
                    },
                ));
                #( #boxes )*
            }
            ::drt::__private::inventory::submit! {
                ::drt::__private::Registration { register: __drt_register }
            }
        };
    }
}
