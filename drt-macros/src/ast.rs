//! The impl block as drt sees it: operations and their parameters, each
//! keeping the syntax it came from so errors point at the right tokens.

use quote::quote;
use syn::visit_mut::VisitMut;
use syn::{Expr, FnArg, GenericParam, ImplItem, ImplItemFn, ItemImpl, LitStr, Pat, ReceiverKind, Type};

use crate::attr::{ImplArgs, MethodArgs};
use crate::ctxt::Ctxt;
use crate::types::{self, Kind, ReplaceSelf, Ret};

/// How an operation takes `self`; mirrors `drt::__private::Receiver`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Receiver {
    None,
    Ref,
    Mut,
    Value,
}

pub struct Operations<'a> {
    pub self_ty: &'a Type,
    pub args: &'a ImplArgs,
    /// The trait of a trait impl, as written but for `Self`, replaced.
    pub trait_: Option<syn::Path>,
    /// The `invariant(f)` method, which is not an operation.
    pub invariant: Option<Invariant<'a>>,
    /// Every function of the block, registered or not.
    pub fns: Vec<&'a ImplItemFn>,
    pub ops: Vec<Operation>,
}

pub struct Operation {
    /// The method, with its generic parameters substituted when it had any.
    pub original: ImplItemFn,
    /// `::<u8>` for an instantiated generic method.
    pub turbofish: Option<proc_macro2::TokenStream>,
    /// The turbofish emitted tests write (none for drt's iterators).
    pub turbofish_shown: Option<proc_macro2::TokenStream>,
    pub receiver: Receiver,
    pub params: Vec<Param>,
    pub ret: Ret,
    pub weight: u32,
    pub panics: Panics,
    /// The precondition, parsed from its string (so errors point at it).
    pub requires: Option<Expr>,
    /// `#[drt(model = "name")]`: its counterpart's name in a reference.
    pub model: Option<LitStr>,
    /// The postcondition, parsed from its string, with its text.
    pub ensures: Option<(Expr, String)>,
}

/// Which panics of an operation are documented; mirrors `drt::__private::Panics`.
#[derive(Clone)]
pub enum Panics {
    No,
    Any,
    Containing(LitStr),
    /// A `# Panics` doc section, with its text.
    Documented(String),
}

/// What an invariant method returns, which decides how a failing check is rendered.
pub enum InvariantStyle {
    /// `-> bool`: false breaks it.
    Bool,
    /// `-> Result<_, E>`: `Err` breaks it.
    Result,
    /// `-> ()`: a panic breaks it.
    Panics,
}

pub struct Invariant<'a> {
    pub original: &'a ImplItemFn,
    pub style: InvariantStyle,
}

/// How one method is tuned, from the impl's arguments and its own `#[drt(...)]`.
struct Tuning {
    weight: u32,
    panics: Panics,
    requires: Option<LitStr>,
    model: Option<LitStr>,
    ensures: Option<LitStr>,
}

pub struct Param {
    /// The name in the signature (`self` for the receiver).
    pub name: String,
    pub kind: Kind,
    /// The pool type filling it, `Self` replaced.
    pub pool: Type,
    /// For a closure parameter: what the closure drt makes of the pool
    /// value takes.
    pub closure: Option<types::Closure>,
}

impl<'a> Operations<'a> {
    /// The operations of one concrete impl block (an instance of a generic one).
    pub fn from_syn(cx: &Ctxt, args: &'a ImplArgs, item: &'a ItemImpl) -> Operations<'a> {
        let self_ty = &*item.self_ty;
        // `MulAssign<Self>`: the registration names the trait outside the impl.
        let trait_ = item.trait_.as_ref().map(|(path, _)| {
            let mut path = path.clone();
            syn::visit_mut::VisitMut::visit_path_mut(&mut ReplaceSelf { self_ty, assoc: &[], trait_: None }, &mut path);
            crate::generics::elide_lifetimes(&mut path, &item.generics);
            path
        });
        let assoc: Vec<(syn::Ident, Type)> = item
            .items
            .iter()
            .filter_map(|i| match i {
                ImplItem::Type(t) => Some((t.ident.clone(), t.ty.clone())),
                _ => None,
            })
            .collect();
        let replace = ReplaceSelf { self_ty, assoc: &assoc, trait_: trait_.as_ref() };
        let fns: Vec<&ImplItemFn> = item
            .items
            .iter()
            .filter_map(|i| match i {
                ImplItem::Fn(f) => Some(f),
                _ => None,
            })
            .collect();
        for i in &item.items {
            let attrs = match i {
                ImplItem::Const(c) => &c.attrs,
                ImplItem::Type(t) => &t.attrs,
                ImplItem::Macro(m) => &m.attrs,
                _ => continue,
            };
            for a in attrs.iter().filter(|a| a.path().is_ident("drt")) {
                cx.error_spanned_by(a, "#[drt(...)] goes on methods only; remove it from this item");
            }
        }
        let invariant = args.invariant.as_ref().and_then(|name| Invariant::from_syn(cx, name, &fns));
        let mut ops = Vec::new();
        for f in &fns {
            let margs = MethodArgs::parse(cx, &f.attrs);
            let name = &f.sig.ident;
            // Even an invariant refused above is not an operation: its error is enough.
            if args.leaves_out(name, &margs) {
                continue;
            }
            let weight =
                margs.weight.or_else(|| args.weights.iter().find(|(n, _)| n == name).map(|(_, w)| *w)).unwrap_or(1);
            let panics =
                match margs.panics.or_else(|| args.panics.iter().find(|(n, _)| n == name).map(|(_, t)| t.clone())) {
                    Some(Some(text)) => Panics::Containing(text),
                    Some(None) => Panics::Any,
                    None => panics_section(&f.attrs).map_or(Panics::No, Panics::Documented),
                };
            let requires =
                margs.requires.or_else(|| args.requires.iter().find(|(n, _)| n == name).map(|(_, e)| e.clone()));
            let ensures =
                margs.ensures.or_else(|| args.ensures.iter().find(|(n, _)| n == name).map(|(_, e)| e.clone()));
            for inst in crate::generics::method_instances(cx, f, &margs.instantiate) {
                let tuning = Tuning {
                    weight,
                    panics: panics.clone(),
                    requires: requires.clone(),
                    model: margs.model.clone(),
                    ensures: ensures.clone(),
                };
                if let Some(mut op) = Operation::from_syn(cx, &replace, inst.f, tuning) {
                    op.turbofish = inst.turbofish;
                    op.turbofish_shown = inst.shown;
                    ops.push(op);
                }
            }
        }
        Operations { self_ty, args, trait_, invariant, fns, ops }
    }
}

/// Whether the identifier `name` occurs in `tokens`, inside groups too.
pub fn mentions(tokens: &proc_macro2::TokenStream, name: &str) -> bool {
    tokens.clone().into_iter().any(|tt| match tt {
        proc_macro2::TokenTree::Ident(i) => i == name,
        proc_macro2::TokenTree::Group(g) => mentions(&g.stream(), name),
        _ => false,
    })
}

/// A postcondition reads `self` after the call and `old` before it: only
/// a method that borrows its receiver has one after the call, and only a
/// method with a receiver has one before.
fn check_postcondition(cx: &Ctxt, expr: &Expr, receiver: Receiver) -> bool {
    let tokens = quote!(#expr);
    let message = match receiver {
        Receiver::None if mentions(&tokens, "self") || mentions(&tokens, "old") => {
            "`ensures` of a function without `self` cannot read `self` or `old`; state it over `result` and the parameters"
        }
        Receiver::Value if mentions(&tokens, "self") => {
            "this method takes `self` by value, so there is no `self` after the call; read `old` (a clone of `self` made before it) instead"
        }
        _ => return true,
    };
    cx.error_spanned_by(expr, message);
    false
}

/// Whether a typed receiver is `Self`, `&Self` or `&mut Self`.
fn spelled_out_receiver(ty: &syn::Type) -> bool {
    let is_self = |t: &syn::Type| matches!(t, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("Self"));
    match ty {
        syn::Type::Reference(r) => is_self(&r.elem),
        other => is_self(other),
    }
}

impl Operation {
    fn from_syn(cx: &Ctxt, replace: &ReplaceSelf<'_>, f: ImplItemFn, tuning: Tuning) -> Option<Operation> {
        let self_ty = replace.self_ty;
        let sig = &f.sig;
        let mut receiver = Receiver::None;
        let mut params = Vec::new();
        for input in &sig.inputs {
            match input {
                FnArg::Receiver(r) => {
                    let static_self = "drt cannot pass a `&'static self`: it lends values for the call only; take `&self`, or skip it with #[drt(skip)]";
                    let is_static = |l: &Option<syn::Lifetime>| l.as_ref().is_some_and(|l| l.ident == "static");
                    // `self: &Self` is `&self` written out; `self: Box<Self>`,
                    // `self: Rc<Self>` and friends take a value drt does not keep.
                    let (kind, recv) = match &r.kind {
                        ReceiverKind::Value => (Kind::Value, Receiver::Value),
                        ReceiverKind::Reference(_, lifetime, _) if is_static(lifetime) => {
                            cx.error_spanned_by(r, static_self);
                            continue;
                        }
                        ReceiverKind::Reference(_, _, Some(_)) => (Kind::Mut, Receiver::Mut),
                        ReceiverKind::Reference(_, _, None) => (Kind::Ref, Receiver::Ref),
                        ReceiverKind::Typed(_, ty) if spelled_out_receiver(ty) => match &**ty {
                            syn::Type::Reference(t) if is_static(&t.lifetime) => {
                                cx.error_spanned_by(r, static_self);
                                continue;
                            }
                            syn::Type::Reference(t) if t.mutability.is_some() => (Kind::Mut, Receiver::Mut),
                            syn::Type::Reference(_) => (Kind::Ref, Receiver::Ref),
                            _ => (Kind::Value, Receiver::Value),
                        },
                        _ => {
                            cx.error_spanned_by(
                                r,
                                "drt cannot call a method with a typed `self` receiver; skip it with #[drt(skip)]",
                            );
                            continue;
                        }
                    };
                    receiver = recv;
                    params.push(Param { name: "self".into(), kind, pool: self_ty.clone(), closure: None });
                }
                FnArg::Typed(t) => {
                    let mut ty = (*t.ty).clone();
                    replace.clone().visit_type_mut(&mut ty);
                    let name = match &*t.pat {
                        Pat::Ident(i) => i.ident.to_string(),
                        _ => "_".into(),
                    };
                    let passed = match types::closure_param(&ty) {
                        Some(closure) => closure.map(|(kind, pool, c)| (kind, pool, Some(c))),
                        None => types::param(&ty).map(|(kind, pool)| (kind, pool, None)),
                    };
                    match passed {
                        Ok((kind, pool, closure)) => params.push(Param { name, kind, pool, closure }),
                        Err(msg) => cx.error_spanned_by(&t.ty, msg),
                    }
                }
            }
        }
        let mut output = sig.output.clone();
        if let syn::ReturnType::Type(_, ty) = &mut output {
            replace.clone().visit_type_mut(ty);
        }
        let ret = types::ret(&output);
        let requires = tuning.requires.and_then(|lit| match lit.parse::<Expr>() {
            Ok(expr) => Some(expr),
            Err(e) => {
                cx.error_spanned_by(
                    &lit,
                    format!("`requires` must be a Rust expression over `self` and the parameters: {e}"),
                );
                None
            }
        });
        let ensures = tuning.ensures.and_then(|lit| match lit.parse::<Expr>() {
            Ok(expr) => check_postcondition(cx, &expr, receiver).then(|| (expr, lit.value())),
            Err(e) => {
                cx.error_spanned_by(
                    &lit,
                    format!("`ensures` must be a Rust expression over `result`, `self`, `old` and the parameters: {e}"),
                );
                None
            }
        });
        Some(Operation {
            original: f,
            turbofish: None,
            turbofish_shown: None,
            receiver,
            params,
            ret,
            weight: tuning.weight,
            panics: tuning.panics,
            requires,
            model: tuning.model,
            ensures,
        })
    }
}

impl<'a> Invariant<'a> {
    /// The method named by `invariant(name)`: it must take `&self` only.
    fn from_syn(cx: &Ctxt, name: &syn::Ident, fns: &[&'a ImplItemFn]) -> Option<Invariant<'a>> {
        let Some(f) = fns.iter().find(|f| f.sig.ident == *name) else {
            cx.error_spanned_by(name, format!("`invariant` names no method of this impl block: `{name}`"));
            return None;
        };
        let sig = &f.sig;
        let only_self = format!(
            "invariant `{name}` must take `&self` only: `fn {name}(&self) -> bool` (or a `Result`, or a method that panics)"
        );
        let errors = Ctxt::new();
        match sig.inputs.first() {
            Some(FnArg::Receiver(r)) if matches!(r.kind, ReceiverKind::Reference(_, _, None)) => {}
            Some(first) => errors.error_spanned_by(first, &only_self),
            None => errors.syn_error(syn::Error::new(sig.paren_token.span.join(), &only_self)),
        }
        let extra: Vec<&FnArg> = sig.inputs.iter().skip(1).collect();
        if !extra.is_empty() {
            errors.error_spanned_by(quote!(#(#extra),*), &only_self);
        }
        if let Some(a) = &sig.asyncness {
            errors.error_spanned_by(
                a,
                format!("invariant `{name}` cannot be async: drt calls it directly, with nothing to poll it"),
            );
        }
        if let syn::Safety::Unsafe(u) = &sig.safety {
            errors.error_spanned_by(
                u,
                format!("invariant `{name}` cannot be unsafe: drt calls it on every value, which its safety contract cannot allow"),
            );
        }
        for g in &sig.generics.params {
            if !matches!(g, GenericParam::Lifetime(_)) {
                errors.error_spanned_by(g, format!("invariant `{name}` cannot be generic: drt has no type to choose"));
            }
        }
        if let Err(e) = errors.check() {
            cx.syn_error(e);
            return None;
        }
        let style = match &sig.output {
            syn::ReturnType::Default => InvariantStyle::Panics,
            syn::ReturnType::Type(_, ty) => match &**ty {
                Type::Path(p) if p.path.is_ident("bool") => InvariantStyle::Bool,
                Type::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "Result") => InvariantStyle::Result,
                Type::Tuple(t) if t.elems.is_empty() => InvariantStyle::Panics,
                other => {
                    cx.error_spanned_by(
                        other,
                        format!("invariant `{name}` must return `bool`, a `Result`, or nothing"),
                    );
                    return None;
                }
            },
        };
        Some(Invariant { original: f, style })
    }
}

/// The text of a doc comment's `# Panics` section, when it has one: such
/// panics are documented behaviour, not bugs (the convention of the std docs
/// and of clippy's `missing_panics_doc`). The runtime reads the text to tell
/// the documented panic from an overflow the section does not mention.
fn panics_section(attrs: &[syn::Attribute]) -> Option<String> {
    let lines: Vec<String> = attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(syn::MetaNameValue {
                value: Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }),
                ..
            }) => Some(s.value()),
            _ => None,
        })
        .flat_map(|doc| doc.lines().map(str::to_string).collect::<Vec<_>>())
        .collect();
    // A heading as crates write it: `# Panics`, `## Panic`, `**Panics**`,
    // `***Panics:***`.
    let heading = |l: &str| {
        let l = l.trim();
        l.starts_with('#') || (l.starts_with("**") && l.ends_with('*') && !l.trim_matches('*').contains("**"))
    };
    let title = |l: &str| l.trim().trim_start_matches('#').trim_matches('*').trim().trim_end_matches(':').to_string();
    let text = |section: &[String]| section.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ").trim().to_string();
    if let Some(start) = lines.iter().position(|l| heading(l) && ["Panics", "Panic"].contains(&title(l).as_str())) {
        let end = lines[start + 1..].iter().position(|l| heading(l)).map_or(lines.len(), |n| start + 1 + n);
        return Some(text(&lines[start + 1..end]));
    }
    // Or a paragraph that says so with no heading: "Panics if `index` is
    // out of bounds."
    let start =
        lines.iter().position(|l| ["Panics if", "Panics when", "Panics on"].iter().any(|p| l.trim().starts_with(p)))?;
    let end = lines[start..].iter().position(|l| l.trim().is_empty()).map_or(lines.len(), |n| start + n);
    Some(text(&lines[start..end]))
}
