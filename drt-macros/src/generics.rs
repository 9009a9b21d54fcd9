//! `instantiate(...)`: a generic impl block or method made concrete by
//! substituting the given types (and const values) for its parameters, once
//! per instantiation. drt needs a `TypeId` for every value it keeps, and only
//! concrete types have one.

use proc_macro2::TokenStream;
use quote::quote;
use syn::visit_mut::{self, VisitMut};
use syn::{Expr, GenericArgument, GenericParam, Generics, Ident, ImplItemFn, ItemImpl, Type};

use crate::attr::Instantiation;
use crate::ctxt::Ctxt;

/// Replaces each generic parameter with its binding: `T` -> `u8` in types,
/// `N` -> `4` in const positions (`Buf<N>`, `[T; N]`), and `T::Err` ->
/// `<u8 as FromStr>::Err` through the parameter's first trait bound.
struct Subst<'a>(&'a [(Ident, GenericArgument)], Vec<(Ident, syn::Path)>);

/// Each type parameter's first trait bound, from its declaration or the where clause.
fn first_bounds(generics: &Generics) -> Vec<(Ident, syn::Path)> {
    let trait_of = |b: &syn::TypeParamBound| match b {
        syn::TypeParamBound::Trait(t) => Some(t.path.clone()),
        _ => None,
    };
    let mut out: Vec<(Ident, syn::Path)> = Vec::new();
    for g in &generics.params {
        if let GenericParam::Type(t) = g {
            out.extend(t.bounds.iter().find_map(trait_of).map(|b| (t.ident.clone(), b)));
        }
    }
    for pred in generics.where_clause.iter().flat_map(|w| &w.predicates) {
        if let syn::WherePredicate::Type(p) = pred {
            if let Type::Path(tp) = &p.bounded_ty {
                if let Some(id) = tp.path.get_ident().filter(|id| !out.iter().any(|(n, _)| n == *id)) {
                    out.extend(p.bounds.iter().find_map(trait_of).map(|b| (id.clone(), b)));
                }
            }
        }
    }
    out
}

impl Subst<'_> {
    fn find(&self, path: &syn::Path) -> Option<&GenericArgument> {
        let id = path.get_ident()?;
        self.0.iter().find(|(n, _)| n == id).map(|(_, v)| v)
    }

    /// `T::Err` as `<u8 as FromStr>::Err`.
    fn projection(&self, path: &syn::Path) -> Option<Type> {
        let segs = &path.segments;
        if segs.len() != 2 || !segs[0].arguments.is_none() || path.leading_colon.is_some() {
            return None;
        }
        let first = syn::Path::from(segs[0].ident.clone());
        let Some(GenericArgument::Type(t)) = self.find(&first) else { return None };
        let (_, bound) = self.1.iter().find(|(n, _)| *n == segs[0].ident)?;
        let assoc = &segs[1];
        Some(syn::parse_quote!(<#t as #bound>::#assoc))
    }
}

/// `ty` with every token spanned at `span`: a substituted type stands where
/// its parameter was written, so an error about the method's signature
/// points into the method, not across to the attribute.
fn respanned(ty: &Type, span: proc_macro2::Span) -> Type {
    fn walk(tokens: TokenStream, span: proc_macro2::Span) -> TokenStream {
        tokens
            .into_iter()
            .map(|mut tt| {
                if let proc_macro2::TokenTree::Group(g) = &tt {
                    let mut group = proc_macro2::Group::new(g.delimiter(), walk(g.stream(), span));
                    group.set_span(span);
                    return proc_macro2::TokenTree::Group(group);
                }
                tt.set_span(span);
                tt
            })
            .collect()
    }
    syn::parse2(walk(quote!(#ty), span)).unwrap_or_else(|_| ty.clone())
}

impl VisitMut for Subst<'_> {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        if let Type::Path(p) = ty {
            let at = syn::spanned::Spanned::span(&p.path);
            if let (None, Some(GenericArgument::Type(t))) = (&p.qself, self.find(&p.path)) {
                *ty = respanned(t, at);
                return;
            }
            if let Some(projected) = p.qself.is_none().then(|| self.projection(&p.path)).flatten() {
                *ty = respanned(&projected, at);
                return;
            }
        }
        visit_mut::visit_type_mut(self, ty);
    }

    fn visit_generic_argument_mut(&mut self, arg: &mut GenericArgument) {
        if let GenericArgument::Type(Type::Path(p)) = arg {
            if let (None, Some(GenericArgument::Const(c))) = (&p.qself, self.find(&p.path)) {
                *arg = GenericArgument::Const(c.clone());
                return;
            }
        }
        visit_mut::visit_generic_argument_mut(self, arg);
    }

    fn visit_expr_mut(&mut self, e: &mut Expr) {
        if let Expr::Path(p) = e {
            if let (None, Some(GenericArgument::Const(c))) = (&p.qself, self.find(&p.path)) {
                *e = c.clone();
                return;
            }
        }
        visit_mut::visit_expr_mut(self, e);
    }
}

/// The type and const parameters drt must be told about (lifetimes need no choice).
fn chosen_params(generics: &Generics) -> Vec<&GenericParam> {
    generics.params.iter().filter(|g| !matches!(g, GenericParam::Lifetime(_))).collect()
}

fn param_name(g: &GenericParam) -> &Ident {
    match g {
        GenericParam::Type(t) => &t.ident,
        GenericParam::Const(c) => &c.ident,
        GenericParam::Lifetime(l) => &l.lifetime.ident,
    }
}

/// `instantiate(T = u8, N = 4)` as the user would write it for these parameters.
fn example(params: &[&GenericParam]) -> String {
    let bindings: Vec<String> = params
        .iter()
        .map(|g| match g {
            GenericParam::Const(c) => format!("{} = 4", c.ident),
            GenericParam::Type(t) => format!("{} = {}", t.ident, suggested_type(t)),
            other => format!("{} = u8", param_name(other)),
        })
        .collect();
    format!("instantiate({})", bindings.join(", "))
}

/// A type that meets the common std bounds a parameter declares, so the
/// suggestion compiles when followed: `Vec<u32>` for `IntoIterator<Item =
/// u32>`, `String` for `AsRef<str>`; `u8` otherwise.
fn suggested_type(t: &syn::TypeParam) -> String {
    for bound in &t.bounds {
        let syn::TypeParamBound::Trait(tb) = bound else { continue };
        let Some(last) = tb.path.segments.last() else { continue };
        let args: Vec<&GenericArgument> = match &last.arguments {
            syn::PathArguments::AngleBracketed(a) => a.args.iter().collect(),
            _ => Vec::new(),
        };
        let item = args.iter().find_map(|a| match a {
            GenericArgument::AssocType(at) if at.ident == "Item" => Some(crate::types::show(&at.ty)),
            _ => None,
        });
        let first_type = args.iter().find_map(|a| match a {
            GenericArgument::Type(ty) => Some(crate::types::show(ty)),
            _ => None,
        });
        let suggestion = match (last.ident.to_string().as_str(), first_type.as_deref()) {
            ("IntoIterator", _) => format!("Vec<{}>", item.as_deref().unwrap_or("u8")),
            ("Iterator", _) => format!("std::vec::IntoIter<{}>", item.as_deref().unwrap_or("u8")),
            ("AsRef" | "Borrow", Some("str")) | ("Into", Some("String")) => "String".to_string(),
            ("AsRef" | "Borrow", Some(slice)) if slice.starts_with('[') => {
                format!("Vec<{}>", slice.trim_start_matches('[').trim_end_matches(']'))
            }
            ("Into", Some(target)) => target.to_string(),
            _ => continue,
        };
        return suggestion;
    }
    "u8".to_string()
}

/// Whether an instantiation binds every parameter exactly once, each to the
/// right kind of thing; reports what is wrong.
fn valid(cx: &Ctxt, params: &[&GenericParam], inst: &Instantiation, what: &str) -> bool {
    let errors = Ctxt::new();
    for (k, (name, value)) in inst.bindings.iter().enumerate() {
        match params.iter().find(|g| param_name(g) == name) {
            None => {
                let have: Vec<String> = params.iter().map(|g| format!("`{}`", param_name(g))).collect();
                let have = if have.is_empty() { "none".to_string() } else { have.join(", ") };
                errors.error_spanned_by(
                    name,
                    format!("`{name}` is not a generic parameter of {what} (its parameters: {have})"),
                );
            }
            Some(GenericParam::Const(_)) if matches!(value, GenericArgument::Type(_)) => errors.error_spanned_by(
                value,
                format!("`{name}` is a const parameter: give it a value (`{name} = 4`), not a type"),
            ),
            Some(GenericParam::Type(_)) if matches!(value, GenericArgument::Const(_)) => {
                errors.error_spanned_by(value, format!("`{name}` is a type parameter: give it a type (`{name} = u8`)"))
            }
            Some(_) if inst.bindings[..k].iter().any(|(n, _)| n == name) => {
                errors.error_spanned_by(name, format!("`{name}` is given twice in one `instantiate`"))
            }
            Some(_) => {}
        }
    }
    let missing: Vec<String> = params
        .iter()
        .map(|g| param_name(g))
        .filter(|p| !inst.bindings.iter().any(|(n, _)| n == *p))
        .map(|p| format!("`{p} = ...`"))
        .collect();
    if !missing.is_empty() {
        errors.error_spanned_by(
            &inst.at,
            format!("`instantiate` must give every generic parameter of {what}: add {}", missing.join(", ")),
        );
    }
    match errors.check() {
        Ok(()) => true,
        Err(e) => {
            cx.syn_error(e);
            false
        }
    }
}

/// A function with the impl's bounds, called with the instantiation's
/// arguments: a type that does not satisfy them is reported at the tokens
/// the user wrote in `instantiate(...)` (`the trait bound f64: Ord is not
/// satisfied`), before the errors in the generated calls.
fn bound_check(generics: &Generics, params: &[&GenericParam], inst: &Instantiation) -> TokenStream {
    let args = params.iter().filter_map(|g| inst.bindings.iter().find(|(n, _)| n == param_name(g)).map(|(_, v)| v));
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    quote! {
        #[allow(dead_code, non_snake_case)]
        const _: () = {
            fn __drt_bounds #impl_generics () #where_clause {}
            fn __drt_instantiate() {
                __drt_bounds::<#(#args),*>();
            }
        };
    }
}

/// The concrete impl blocks to register, each with the check of its
/// bounds: the block itself when it is not generic, else one copy per valid
/// `instantiate(...)` with the parameters substituted (and the generics
/// removed).
pub fn impl_instances(cx: &Ctxt, item: &ItemImpl, insts: &[Instantiation]) -> Vec<(ItemImpl, TokenStream)> {
    let params = chosen_params(&item.generics);
    if params.is_empty() {
        for inst in insts {
            cx.error_spanned_by(&inst.at, "this impl block is not generic: remove `instantiate(...)`");
        }
        return vec![(item.clone(), TokenStream::new())];
    }
    if insts.is_empty() {
        let ty = crate::types::show(&item.self_ty);
        cx.error_spanned_by(
            &item.generics,
            format!(
                "drt explores concrete types: say which `{ty}` to explore with `#[drt::operations({})]` (repeat `instantiate(...)` for more)",
                example(&params)
            ),
        );
        return Vec::new();
    }
    insts
        .iter()
        .filter(|inst| valid(cx, &params, inst, "this impl block"))
        .map(|inst| {
            let mut copy = item.clone();
            copy.generics = Generics::default();
            let mut subst = Subst(&inst.bindings, first_bounds(&item.generics));
            subst.visit_type_mut(&mut copy.self_ty);
            if let Some((path, _)) = &mut copy.trait_ {
                subst.visit_path_mut(path);
            }
            for i in &mut copy.items {
                subst.visit_impl_item_mut(i);
            }
            (copy, bound_check(&item.generics, &params, inst))
        })
        .collect()
}

/// One concrete version of a method: the method with its type parameters
/// substituted, and the turbofish that calls it (`::<u8>`) when it was generic.
pub struct MethodInstance {
    pub f: ImplItemFn,
    pub turbofish: Option<TokenStream>,
    /// The turbofish emitted tests write: none when drt chose every
    /// parameter itself (its iterators, its readers), which rustc infers
    /// from the arguments, and `_` for each it chose beside those the user
    /// named (`::<_, i32>`: the closure's type, no one can name).
    pub shown: Option<TokenStream>,
}

/// Parameters drt fills itself when no `instantiate` is given: `I:
/// IntoIterator<Item = u32>` (in the declaration or the where clause)
/// becomes drt's iterator of `u32`, `R: Read` its reader, `F: Fn(u32) ->
/// bool` a boxed closure of its answers, `C: Clock` the trait's mock.
/// `None` unless every parameter is one.
fn environment_instantiation(f: &ImplItemFn, params: &[&GenericParam]) -> Option<Instantiation> {
    let mut bindings = Vec::new();
    for g in params {
        bindings.push((param_name(g).clone(), GenericArgument::Type(filled(f, g, &[])?)));
    }
    Some(Instantiation { at: param_name(params[0]).clone(), bindings })
}

/// What drt fills type parameter `g` of `f` with itself (a closure, an
/// iterator, a reader, a range, a mock), its bounds read with the
/// parameters `given` already bound: `F: FnMut(&mut T) -> K` with `K = i32`.
fn filled(f: &ImplItemFn, g: &GenericParam, given: &[(Ident, GenericArgument)]) -> Option<Type> {
    let GenericParam::Type(t) = g else { return None };
    let mut bounds = t.bounds.clone();
    for pred in f.sig.generics.where_clause.iter().flat_map(|w| &w.predicates) {
        if let syn::WherePredicate::Type(p) = pred {
            if matches!(&p.bounded_ty, Type::Path(tp) if tp.path.is_ident(&t.ident)) {
                bounds.extend(p.bounds.iter().cloned());
            }
        }
    }
    let mut subst = Subst(given, Vec::new());
    bounds.iter_mut().for_each(|b| subst.visit_type_param_bound_mut(b));
    crate::types::environment_instantiation(&bounds)
}

/// Whether drt fills `g` with a closure once the other parameters are
/// given (its bound is `Fn`, `FnMut` or `FnOnce`).
fn is_filled_by_closure(f: &ImplItemFn, g: &GenericParam) -> bool {
    let GenericParam::Type(t) = g else { return false };
    let named = |b: &syn::TypeParamBound| {
        matches!(b, syn::TypeParamBound::Trait(tb)
            if tb.path.segments.last().is_some_and(|s| ["Fn", "FnMut", "FnOnce"].contains(&s.ident.to_string().as_str())))
    };
    t.bounds.iter().any(named)
        || f.sig.generics.where_clause.iter().flat_map(|w| &w.predicates).any(|p| {
            matches!(p, syn::WherePredicate::Type(p)
                if matches!(&p.bounded_ty, Type::Path(tp) if tp.path.is_ident(&t.ident)) && p.bounds.iter().any(named))
        })
}

/// `inst` with the type parameters it leaves out that drt fills itself
/// ([`filled`]) bound too: `instantiate(K = i32)` on
/// `dedup_by_key<F: FnMut(&mut T) -> K, K: PartialEq>`, whose `F` no one can
/// name.
fn completed(f: &ImplItemFn, params: &[&GenericParam], inst: &Instantiation) -> Instantiation {
    let mut bindings = inst.bindings.clone();
    for g in params {
        if !bindings.iter().any(|(n, _)| n == param_name(g)) {
            if let Some(ty) = filled(f, g, &inst.bindings) {
                bindings.push((param_name(g).clone(), GenericArgument::Type(ty)));
            }
        }
    }
    Instantiation { at: inst.at.clone(), bindings }
}

/// The concrete versions of a method: itself when it is not generic, else one
/// per valid `#[drt(instantiate(...))]`.
pub fn method_instances(cx: &Ctxt, f: &ImplItemFn, insts: &[Instantiation]) -> Vec<MethodInstance> {
    let params = chosen_params(&f.sig.generics);
    if params.is_empty() {
        for inst in insts {
            cx.error_spanned_by(&inst.at, format!("`{}` is not generic: remove `instantiate(...)`", f.sig.ident));
        }
        return vec![MethodInstance { f: f.clone(), turbofish: None, shown: None }];
    }
    let chosen = insts.is_empty().then(|| environment_instantiation(f, &params)).flatten();
    let completed: Vec<Instantiation> = insts.iter().map(|inst| completed(f, &params, inst)).collect();
    // The parameters the user named: emitted tests write those, `_` for drt's.
    let named_by_user = |name: &Ident| insts.iter().any(|i| i.bindings.iter().any(|(n, _)| n == name));
    let insts = match &chosen {
        Some(inst) => std::slice::from_ref(inst),
        None => &completed[..],
    };
    if insts.is_empty() {
        let list: Vec<&GenericParam> = params.clone();
        // Only those drt cannot fill (a closure's parameter drt fills once
        // the types in its signature are given).
        let named: Vec<&GenericParam> = params.iter().copied().filter(|g| !is_filled_by_closure(f, g)).collect();
        cx.error_spanned_by(
            quote!(#(#list),*),
            format!(
                "drt cannot choose the generic parameters of method `{}`: say which with #[drt({})], or skip it with #[drt(skip)]",
                f.sig.ident,
                example(if named.is_empty() { &params } else { &named })
            ),
        );
        return Vec::new();
    }
    let what = format!("`{}`", f.sig.ident);
    insts
        .iter()
        .filter(|inst| valid(cx, &params, inst, &what))
        .map(|inst| {
            let mut copy = f.clone();
            let args: Vec<&GenericArgument> = params
                .iter()
                .filter_map(|g| inst.bindings.iter().find(|(n, _)| n == param_name(g)).map(|(_, v)| v))
                .collect();
            let mut subst = Subst(&inst.bindings, first_bounds(&f.sig.generics));
            subst.visit_signature_mut(&mut copy.sig);
            copy.sig.generics.params =
                f.sig.generics.params.iter().filter(|g| matches!(g, GenericParam::Lifetime(_))).cloned().collect();
            copy.sig.generics.where_clause = None;
            let shown: Vec<TokenStream> = params
                .iter()
                .zip(&args)
                .map(|(g, a)| if named_by_user(param_name(g)) { quote!(#a) } else { quote!(_) })
                .collect();
            let shown = chosen.is_none().then(|| quote!(::<#(#shown),*>));
            MethodInstance { f: copy, turbofish: Some(quote!(::<#(#args),*>)), shown }
        })
        .collect()
}

/// Whether `ty` names `lifetime`.
pub fn mentions_lifetime(ty: &syn::Type, lifetime: &syn::Lifetime) -> bool {
    struct Finds<'a>(&'a syn::Lifetime, bool);
    impl<'ast> syn::visit::Visit<'ast> for Finds<'_> {
        fn visit_lifetime(&mut self, l: &'ast syn::Lifetime) {
            self.1 |= l.ident == self.0.ident;
        }
    }
    let mut finds = Finds(lifetime, false);
    syn::visit::Visit::visit_type(&mut finds, ty);
    finds.1
}

/// `path` with the impl's lifetime parameters (`generics`) elided (`'_`),
/// so that code outside the impl can name it: `AddAssign<&'a T>` as
/// `AddAssign<&'_ T>`.
pub fn elide_lifetimes(path: &mut syn::Path, generics: &syn::Generics) {
    struct Elide<'a>(&'a syn::Generics);
    impl syn::visit_mut::VisitMut for Elide<'_> {
        fn visit_lifetime_mut(&mut self, l: &mut syn::Lifetime) {
            if self.0.lifetimes().any(|p| p.lifetime.ident == l.ident) {
                l.ident = syn::Ident::new("_", l.ident.span());
            }
        }
    }
    syn::visit_mut::VisitMut::visit_path_mut(&mut Elide(generics), path);
}
