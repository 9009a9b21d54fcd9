//! The impl block as drt sees it: operations and their parameters, each
//! keeping the syntax it came from so errors point at the right tokens.

use syn::visit_mut::VisitMut;
use syn::{FnArg, ImplItem, ImplItemFn, ItemImpl, Pat, Type};

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
    pub original: &'a ItemImpl,
    pub self_ty: &'a Type,
    pub args: ImplArgs,
    /// Every function of the block, registered or not.
    pub fns: Vec<&'a ImplItemFn>,
    pub ops: Vec<Operation<'a>>,
}

pub struct Operation<'a> {
    pub original: &'a ImplItemFn,
    pub receiver: Receiver,
    pub params: Vec<Param>,
    pub ret: Ret,
    pub weight: u32,
}

pub struct Param {
    /// The name in the signature (`self` for the receiver).
    pub name: String,
    pub kind: Kind,
    /// The pool type filling it, `Self` replaced.
    pub pool: Type,
}

impl<'a> Operations<'a> {
    pub fn from_syn(cx: &Ctxt, args: ImplArgs, item: &'a ItemImpl) -> Operations<'a> {
        let self_ty = &*item.self_ty;
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
        let mut ops = Vec::new();
        for f in &fns {
            let margs = MethodArgs::parse(cx, &f.attrs);
            let name = &f.sig.ident;
            if margs.skip || args.skip.iter().any(|s| s == name) {
                continue;
            }
            let weight =
                margs.weight.or_else(|| args.weights.iter().find(|(n, _)| n == name).map(|(_, w)| *w)).unwrap_or(1);
            if let Some(op) = Operation::from_syn(cx, self_ty, f, weight) {
                ops.push(op);
            }
        }
        Operations { original: item, self_ty, args, fns, ops }
    }
}

impl<'a> Operation<'a> {
    fn from_syn(cx: &Ctxt, self_ty: &Type, f: &'a ImplItemFn, weight: u32) -> Option<Operation<'a>> {
        let sig = &f.sig;
        crate::check::check_signature(cx, sig);
        let mut receiver = Receiver::None;
        let mut params = Vec::new();
        for input in &sig.inputs {
            match input {
                FnArg::Receiver(r) => {
                    if r.colon_token.is_some() {
                        cx.error_spanned_by(
                            r,
                            "drt cannot call a method with a typed `self` receiver; skip it with #[drt(skip)]",
                        );
                        continue;
                    }
                    if let Some((_, Some(l))) = &r.reference {
                        if l.ident == "static" {
                            cx.error_spanned_by(
                                r,
                                "drt cannot pass a `&'static self`: it lends values for the call only; take `&self`, or skip it with #[drt(skip)]",
                            );
                            continue;
                        }
                    }
                    let (kind, recv) = match (&r.reference, &r.mutability) {
                        (Some(_), Some(_)) => (Kind::Mut, Receiver::Mut),
                        (Some(_), None) => (Kind::Ref, Receiver::Ref),
                        (None, _) => (Kind::Value, Receiver::Value),
                    };
                    receiver = recv;
                    params.push(Param { name: "self".into(), kind, pool: self_ty.clone() });
                }
                FnArg::Typed(t) => {
                    let mut ty = (*t.ty).clone();
                    ReplaceSelf(self_ty).visit_type_mut(&mut ty);
                    match types::param(&ty) {
                        Ok((kind, pool)) => {
                            let name = match &*t.pat {
                                Pat::Ident(i) => i.ident.to_string(),
                                _ => "_".into(),
                            };
                            params.push(Param { name, kind, pool });
                        }
                        Err(msg) => cx.error_spanned_by(&t.ty, msg),
                    }
                }
            }
        }
        let mut output = sig.output.clone();
        if let syn::ReturnType::Type(_, ty) = &mut output {
            ReplaceSelf(self_ty).visit_type_mut(ty);
        }
        let ret = types::ret(&output);
        Some(Operation { original: f, receiver, params, ret, weight })
    }
}
