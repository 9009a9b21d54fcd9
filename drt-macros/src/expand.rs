//! parse -> validate -> expand: the impl block re-emitted unchanged, then one
//! registration function submitted through `inventory`.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::spanned::Spanned;
use syn::{ItemImpl, LitStr, Type};

use crate::ast::{Invariant, InvariantStyle, Operation, Operations, Panics, Receiver};
use crate::attr::ImplArgs;
use crate::ctxt::Ctxt;
use crate::types::{same, Borrowed, IterItem, Kind, Lent, Ret};

pub fn operations(args: TokenStream, input: TokenStream) -> TokenStream {
    let item: ItemImpl = match syn::parse2(input.clone()) {
        Ok(item) => item,
        Err(err) => {
            // An impl block syn cannot parse (a syntax error, which rustc
            // reports too) keeps syn's error, spanned on the offending token.
            let err = match syn::parse2::<syn::Item>(input.clone()) {
                Ok(syn::Item::Enum(e)) => return crate::variants::variants(args, &e),
                Ok(syn::Item::Impl(_) | syn::Item::Verbatim(_)) | Err(_) => err,
                Ok(_) => syn::Error::new(
                    Span::call_site(),
                    "#[drt::operations] goes on an impl block (`#[drt::operations] impl Type { ... }`), or on an \
                     enum whose variants have no fields",
                ),
            };
            let err = err.to_compile_error();
            return quote!(#input #err);
        }
    };
    match expand(args, &item) {
        Ok(tokens) => tokens,
        Err(err) => crate::fallback::expand(&item, &err),
    }
}

fn expand(args: TokenStream, item: &ItemImpl) -> Result<TokenStream, syn::Error> {
    // `#[cfg_attr(test, drt(skip))]` on a method is read as `#[drt(skip)]`.
    let mut item = item.clone();
    let conditions = crate::attr::lift_conditional(&mut item);
    let item = &item;
    let cx = Ctxt::new();
    let args = ImplArgs::parse(&cx, args);
    let explorable = crate::check::check_impl(&cx, item);
    let instances = if explorable { crate::generics::impl_instances(&cx, item, &args.instantiate) } else { Vec::new() };
    if explorable {
        crate::check::check_signatures(&cx, &args, item);
    }
    let ops: Vec<Operations<'_>> = instances.iter().map(|(i, _)| Operations::from_syn(&cx, &args, i)).collect();
    match ops.first() {
        Some(first) => crate::check::check_names(&cx, first),
        // No instance to register: the block is still checked, for its other errors.
        None if explorable => crate::check::check_names(&cx, &Operations::from_syn(&cx, &args, item)),
        None => {}
    }
    cx.check()?;
    let item = crate::fallback::strip_helpers(item.clone());
    let registrations = ops.iter().map(impl_operations);
    let bound_checks = instances.iter().map(|(_, check)| check);
    let expansion = quote! {
        #( #bound_checks )*
        #( #registrations )*
    };
    let expansion = crate::krate::rewrite(expansion, args.krate.as_ref());
    let unmet = crate::attr::unmet_conditions(&conditions);
    Ok(quote! {
        #item
        #expansion
        #unmet
    })
}

/// The types a registration describes and the builders it registers: the
/// types its operations take and return, and (for a type drt must build)
/// the parts its builders take, each under the `#[cfg]`s of the method
/// naming it (a method compiled out may name types compiled out with it).
#[derive(Default)]
pub struct Needs {
    types: Vec<(TokenStream, Type)>,
    vec_elems: Vec<(TokenStream, Type)>,
    builders: Vec<(TokenStream, TokenStream)>,
}

impl Needs {
    /// Describes `ty`, and when `wanted` (drt must build it) registers its
    /// builders and the parts they take, recursively.
    pub fn note(&mut self, cfgs: &TokenStream, ty: &Type, wanted: bool) {
        let seen = |list: &[(TokenStream, Type)], ty: &Type| {
            list.iter().any(|(c, t)| same(t, ty) && c.to_string() == cfgs.to_string())
        };
        let mut work = vec![(ty.clone(), wanted)];
        while let Some((ty, wanted)) = work.pop() {
            if !crate::types::keeps(&ty) || seen(&self.types, &ty) {
                continue;
            }
            self.types.push((cfgs.clone(), ty.clone()));
            if let Some(e) = crate::types::vec_elem(&ty) {
                if !seen(&self.vec_elems, &e) {
                    self.vec_elems.push((cfgs.clone(), e.clone()));
                }
                work.push((e, wanted));
            }
            if let Some((call, parts)) = crate::types::builders(&ty).filter(|_| wanted) {
                self.builders.push((cfgs.clone(), call));
                work.extend(parts.into_iter().map(|p| (p, true)));
            }
        }
    }

    /// The statements registering all of it with the registrar `__r`.
    pub fn registrations(self) -> TokenStream {
        let (type_cfgs, types): (Vec<_>, Vec<_>) = self.types.into_iter().unzip();
        let (vec_cfgs, vec_elems): (Vec<_>, Vec<_>) = self.vec_elems.into_iter().unzip();
        // A vector of pairs (`Vec<(K, V)>`, what a map's `extend` takes) is built
        // from seeds pair by pair, as long as a vector of numbers.
        let vec_regs = vec_elems.iter().map(|e| match e {
            Type::Tuple(t) if t.elems.len() == 2 => {
                let (a, b) = (&t.elems[0], &t.elems[1]);
                quote!(vec_of_pairs::<#a, #b>)
            }
            _ => quote!(vec_of::<#e>),
        });
        let (builder_cfgs, builders): (Vec<_>, Vec<_>) = self.builders.into_iter().unzip();
        quote! {
            #( #type_cfgs __r.type_desc(::drt::__private::type_desc!(#types)); )*
            #( #vec_cfgs __r.#vec_regs(); )*
            #( #builder_cfgs __r.builders(#builders); )*
        }
    }
}

/// The registration of one concrete impl block.
fn impl_operations(ops: &Operations<'_>) -> TokenStream {
    let self_ty = ops.self_ty;
    let mut needs = Needs::default();
    for op in &ops.ops {
        let cfgs = cfgs(&op.original);
        for p in &op.params {
            needs.note(&cfgs, &p.pool, true);
        }
    }
    // Returns after every parameter: a type both returned and taken gets its builders.
    for op in &ops.ops {
        let cfgs = cfgs(&op.original);
        match &op.ret {
            Ret::Value(t) | Ret::Option(t) => needs.note(&cfgs, t, false),
            Ret::Result(t, e) => {
                needs.note(&cfgs, t, false);
                needs.note(&cfgs, e, false);
            }
            Ret::Borrowed(b) => {
                needs.note(&cfgs, &b.pool_type(), false);
                if let Borrowed::Result(_, e) = b {
                    needs.note(&cfgs, e, false);
                }
            }
            Ret::Iter(IterItem::Owned(t) | IterItem::Cloned(t)) => {
                needs.note(&cfgs, &syn::parse_quote!(::std::vec::Vec<#t>), false)
            }
            Ret::Iter(IterItem::Pairs(a, b)) => needs.note(&cfgs, &syn::parse_quote!(::std::vec::Vec<(#a, #b)>), false),
            Ret::Iter(IterItem::Drained) | Ret::Unit | Ret::Discard => {}
        }
    }
    for (ty, _) in &ops.args.seeds {
        needs.note(&TokenStream::new(), ty, false);
    }
    let needs = needs.registrations();
    let seeds = ops.args.seeds.iter().flat_map(|(ty, exprs)| exprs.iter().map(move |e| register_seed(ty, e)));
    let registrations = ops.ops.iter().map(|op| register_operation(self_ty, ops.trait_.as_ref(), op));
    let invariant = ops.invariant.as_ref().map(|inv| register_invariant(self_ty, inv));
    let laws = crate::laws::registrations(ops);
    let text = ops.ops.iter().any(|op| op.params.iter().any(|p| crate::types::is_string(&p.pool))).then(|| {
        let text = crate::krate::probing(
            "probe",
            &["TextNo", "TextYes"],
            quote!((&&::drt::__private::probe::Probe::<#self_ty>::new()).drt_text()),
        );
        quote!(__r.builders(#text);)
    });
    let literals = crate::mine::literals(ops.fns.iter().copied());
    let literals = literals.registrations();
    let reference = is_reference(ops).then(|| quote!(impl ::drt::__private::Reference for #self_ty {}));
    // Where emitted tests find drt when it is not `drt::` (`crate = "path"`).
    let drt_path = ops.args.krate.as_ref().map(|path| {
        let path = crate::krate::text(path);
        quote!(__r.drt_path(::core::module_path!(), #path);)
    });
    quote! {
        #[allow(non_local_definitions, clippy::all, unused_qualifications, unexpected_cfgs)]
        const _: () = {
            #reference
            fn __drt_register(__r: &mut ::drt::__private::Registrar) {
                __r.owner(::drt::__private::type_desc!(#self_ty));
                // The command that replays saved failures names the feature
                // (the README's setup for tests/ calls it `drt`).
                __r.feature_drt(::core::cfg!(feature = "drt"));
                #drt_path
                #needs
                #( __r.literal(#literals); )*
                #text
                #invariant
                #laws
                #( #seeds )*
                #( #registrations )*
            }
            ::drt::__private::inventory::submit! {
                ::drt::__private::Registration { register: __drt_register }
            }
        };
    }
}

/// Whether the block makes its type a reference other types can be
/// explored against (`.against::<M>()`): an inherent block with a
/// constructor. One such block per type: only the blocks with a
/// constructor implement the marker trait, so a second inherent block of
/// methods alone does not implement it twice.
fn is_reference(ops: &Operations<'_>) -> bool {
    let makes_self = |t: &Type| same(t, ops.self_ty);
    ops.trait_.is_none()
        && ops.ops.iter().any(|op| {
            op.receiver == Receiver::None
                && match &op.ret {
                    Ret::Value(t) | Ret::Option(t) | Ret::Result(t, _) => makes_self(t),
                    _ => false,
                }
        })
}

/// The `#[cfg]` attributes of a method.
fn cfgs(f: &syn::ImplItemFn) -> TokenStream {
    let cfgs = f.attrs.iter().filter(|a| a.path().is_ident("cfg"));
    quote!(#(#cfgs)*)
}

/// The closure drt passes for a closure parameter: its answers taken from
/// the slot, given in turn whatever the arguments (typed as the signature
/// types them, so a `&T` argument's closure is higher-ranked).
fn closure_arg(p: &crate::ast::Param, c: &crate::types::Closure, slot: &syn::Ident) -> TokenStream {
    let pool = &p.pool;
    let answers = match p.kind {
        Kind::Ref => quote!(::drt::__private::arg_ref::<#pool>(#slot)),
        Kind::Mut => quote!(::drt::__private::arg_mut::<#pool>(#slot)),
        _ => quote!(::drt::__private::arg_owned::<#pool>(#slot)),
    };
    let args = c.args.iter().map(|t| quote!(_: #t));
    let closure = quote!({
        let __drt_answers = #answers;
        move |#(#args),*| __drt_answers.next()
    });
    match (p.kind, c.boxed) {
        (_, true) => quote!(::std::boxed::Box::new(#closure)),
        (Kind::Ref, _) => quote!(&#closure),
        (Kind::Mut, _) => quote!(&mut #closure),
        _ => closure,
    }
}

/// `body` with the `Clone` probe in scope.
fn cloning(body: TokenStream) -> TokenStream {
    crate::krate::probing("probe", &["CloneNo", "CloneYes"], body)
}

/// The runtime's `Borrowed` variant for what `l` lends, in the wrapper
/// `wrap` (`""`, `"Option"` or `"Result"`): `Ref`, `OptionStr`, `ResultSlice`.
fn lent_kind(l: &Lent, wrap: &str) -> TokenStream {
    let what = match l {
        Lent::Ref(_) => "Ref",
        Lent::Str => "Str",
        Lent::Slice(_) => "Slice",
    };
    let ident = format_ident!("{wrap}{what}");
    quote!(#ident)
}

/// A copy of `__r`, the borrow `l` lends, as a return for the pool (when
/// its type is `Clone`).
fn copy_lent(l: &Lent) -> TokenStream {
    match l {
        Lent::Ref(_) => crate::krate::probing(
            "probe",
            &["LendNo", "LendYes"],
            quote!((&&::drt::__private::probe::Probe::<_>::of(&*__r)).drt_lend(&*__r)),
        ),
        Lent::Str => quote!(::drt::__private::ret_value(::std::string::ToString::to_string(&*__r))),
        Lent::Slice(_) => quote!(::drt::__private::ret_to_vec(
            (&&::drt::__private::probe::Probe::<_>::of_slice(&*__r)).drt_clone(),
            &*__r
        )),
    }
}

/// Keeps a copy of the borrow in the `some` variant of what `call` returns
/// (`Option<&T>`'s `Some`, `Result<&T, E>`'s `Ok`); `other` is the arm for
/// the rest.
fn copy_matched(call: &TokenStream, l: &Lent, some: TokenStream, other: TokenStream) -> TokenStream {
    let copy = copy_lent(l);
    cloning(quote!(match #call {
        #some(__r) => #copy,
        #other,
    }))
}

/// `keep(clone, call)`, `keep` the runtime function keeping copies of the
/// pairs of borrows (`&A`, `&B`) the call returns, `clone` the two parts'
/// clone functions when they are `Clone`.
fn pair_copy(a: &Type, b: &Type, keep: TokenStream, call: &TokenStream) -> TokenStream {
    let clones = cloning(quote!((
        (&&::drt::__private::probe::Probe::<#a>::new()).drt_clone(),
        (&&::drt::__private::probe::Probe::<#b>::new()).drt_clone(),
    )));
    quote!(::drt::__private::#keep(#clones, #call))
}

fn register_operation(self_ty: &Type, trait_: Option<&syn::Path>, op: &Operation) -> TokenStream {
    let f = &op.original;
    let name = &f.sig.ident;
    let name_str = match &op.turbofish_shown {
        Some(t) => format!("{name}{}", crate::types::show(t)),
        None => name.to_string(),
    };
    let cfgs = cfgs(f);
    let receiver = match op.receiver {
        Receiver::None => quote!(None),
        Receiver::Ref => quote!(Ref),
        Receiver::Mut => quote!(Mut),
        Receiver::Value => quote!(Value),
    };
    let slots: Vec<_> = (0..op.params.len()).map(|i| format_ident!("__a{}", i)).collect();
    let params = op.params.iter().map(param_spec);
    let call = call_expr(self_ty, trait_, op, &slots);
    let (ret_kind, ret_ty, wrap) = match &op.ensures {
        None => returned(op, &call),
        // The call gives its value and whether the postcondition holds.
        Some(_) => {
            let (kind, ty, wrap) = returned(op, &quote!(__drt_value));
            let wrap = quote!({
                let (__drt_value, __drt_holds) = #call;
                ::drt::__private::ensured(#wrap, __drt_holds)
            });
            (kind, ty, wrap)
        }
    };
    let ret_ty = match ret_ty.filter(crate::types::keeps) {
        Some(t) => quote!(::core::option::Option::Some(::core::any::TypeId::of::<#t>())),
        None => quote!(::core::option::Option::None),
    };
    let trait_name = trait_.map_or(quote!(""), crate::traits::emitted_name);
    let syntax = trait_.map_or(quote!(Call), |t| crate::traits::syntax(t, op));
    let weight = op.weight;
    let panics = match &op.panics {
        Panics::No => quote!(No),
        Panics::Any => quote!(Any),
        Panics::Containing(text) => quote!(Containing(#text)),
        Panics::Documented(text) => quote!(Documented(#text)),
    };
    let model = op.model.as_ref().map_or(String::new(), LitStr::value);
    // A trait's methods are as visible as the trait.
    let private = !matches!(op.original.vis, syn::Visibility::Public(_)) && trait_.is_none();
    let ensures = op.ensures.as_ref().map_or("", |(_, text)| text.as_str());
    let requires = match &op.requires {
        Some(expr) => precondition(self_ty, op, &slots, expr),
        None => quote!(::core::option::Option::None),
    };
    quote! {
        #cfgs
        __r.operation(::drt::__private::OperationSpec {
            trait_name: #trait_name,
            receiver: ::drt::__private::Receiver::#receiver,
            params: ::std::vec![#(#params),*],
            ret: ::drt::__private::RetKind::#ret_kind,
            ret_ty: #ret_ty,
            weight: #weight,
            panics: ::drt::__private::Panics::#panics,
            requires: #requires,
            model: #model,
            ensures: #ensures,
            private: #private,
            ..::drt::__private::OperationSpec::new(
                ::drt::__private::OpKind::Method,
                #name_str,
                ::drt::__private::Syntax::#syntax,
                ::core::any::TypeId::of::<#self_ty>(),
                |__slots: &mut [::drt::__private::Slot]| -> ::drt::__private::Returned {
                    let [#(#slots),*] = __slots else { ::drt::__private::arity_mismatch() };
                    #wrap
                },
            )
        });
    }
}

/// A parameter's `drt::__private::ParamSpec`.
fn param_spec(p: &crate::ast::Param) -> TokenStream {
    let pool = &p.pool;
    let pname = &p.name;
    let kind = match p.kind {
        Kind::Value => quote!(Value),
        Kind::Ref => quote!(Ref),
        Kind::Mut => quote!(Mut),
        Kind::Str => quote!(Str),
        Kind::Slice => quote!(Slice),
        Kind::SliceMut => quote!(SliceMut),
        Kind::OptRef => quote!(OptRef),
        Kind::OptDeref => quote!(OptDeref),
    };
    quote! {
        ::drt::__private::ParamSpec {
            name: #pname,
            ty: ::core::any::TypeId::of::<#pool>(),
            kind: ::drt::__private::ParamKind::#kind,
        }
    }
}

/// The argument a parameter takes from its slot.
fn arg_expr(p: &crate::ast::Param, slot: &syn::Ident) -> TokenStream {
    let pool = &p.pool;
    if let Some(c) = &p.closure {
        return closure_arg(p, c, slot);
    }
    match p.kind {
        Kind::Value => quote!(::drt::__private::arg_owned::<#pool>(#slot)),
        Kind::Ref => quote!(::drt::__private::arg_ref::<#pool>(#slot)),
        Kind::Mut => quote!(::drt::__private::arg_mut::<#pool>(#slot)),
        Kind::Str => quote!(::drt::__private::arg_str(#slot)),
        Kind::OptRef => quote!(::drt::__private::arg_ref::<#pool>(#slot).as_ref()),
        Kind::OptDeref => quote!(::drt::__private::arg_ref::<#pool>(#slot).as_deref()),
        Kind::Slice | Kind::SliceMut => {
            let elem = crate::types::vec_elem(pool).expect("slice pool types are Vec<T>");
            if p.kind == Kind::Slice {
                quote!(::drt::__private::arg_slice::<#elem>(#slot))
            } else {
                quote!(::drt::__private::arg_slice_mut::<#elem>(#slot))
            }
        }
    }
}

/// The call of `op` with the arguments taken from `slots`; with a
/// postcondition, the call's value and whether the postcondition holds
/// after it.
fn call_expr(self_ty: &Type, trait_: Option<&syn::Path>, op: &Operation, slots: &[syn::Ident]) -> TokenStream {
    let name = &op.original.sig.ident;
    let turbofish = &op.turbofish;
    let args = op.params.iter().zip(slots).map(|(p, slot)| arg_expr(p, slot));
    // Spanned at the method's name: a panic in a `#[track_caller]` method
    // (every `Index::index` is one) is located at its caller, and this is
    // the nearest place in the user's code, not the attribute.
    let at = name.span();
    // The arguments are made before `calling()`, so that what the method
    // compares (for coverage feedback) is told apart from the downcasts.
    let bound: Vec<_> = (0..op.params.len()).map(|k| format_ident!("__a{}", k)).collect();
    let method = match trait_ {
        Some(path) => quote_spanned!(at=> <#self_ty as #path>::#name #turbofish(#(#bound),*)),
        None => quote_spanned!(at=> <#self_ty>::#name #turbofish(#(#bound),*)),
    };
    let Some((expr, _)) = &op.ensures else {
        return quote!({
            #( let #bound = #args; )*
            ::drt::__private::calling();
            ::drt::__private::called(#method)
        });
    };
    let (before, after) = postcondition_bindings(self_ty, op, expr, &bound);
    let cond = rename_ident(rename_self(expr.to_token_stream(), self_ty), "result", "__drt_result");
    let cond = quote_spanned!(expr.span()=> (#cond));
    quote!({
        #( #before )*
        #( let #bound = #args; )*
        ::drt::__private::calling();
        let __drt_result = ::drt::__private::called(#method);
        #( #after )*
        // A condition, so that an expression that is not `bool` is
        // reported at the string alone (as for `requires`).
        let __drt_holds = if #cond { true } else { false };
        (__drt_result, __drt_holds)
    })
}

/// What `op`'s return gives the pool: its `RetKind` variant, the type of
/// the value kept (if any), and `call` wrapped to return it.
fn returned(op: &Operation, call: &TokenStream) -> (TokenStream, Option<Type>, TokenStream) {
    match &op.ret {
        Ret::Unit => (quote!(Unit), None, quote!(::drt::__private::ret_value(#call))),
        Ret::Discard => (quote!(Discard), None, quote!(::drt::__private::ret_discard(#call))),
        Ret::Borrowed(b) => borrowed_return(b, call),
        Ret::Iter(IterItem::Owned(t)) => (
            quote!(Iter { items: ::drt::__private::Items::Owned }),
            Some(syn::parse_quote!(::std::vec::Vec<#t>)),
            quote!(::drt::__private::ret_iter(#call)),
        ),
        Ret::Iter(IterItem::Cloned(t)) => (
            quote!(Iter { items: ::drt::__private::Items::Cloned }),
            Some(syn::parse_quote!(::std::vec::Vec<#t>)),
            cloning(quote!(::drt::__private::ret_iter_cloned(
                (&&::drt::__private::probe::Probe::<#t>::new()).drt_clone(),
                #call
            ))),
        ),
        Ret::Iter(IterItem::Pairs(a, b)) => (
            quote!(Iter { items: ::drt::__private::Items::Pairs }),
            Some(syn::parse_quote!(::std::vec::Vec<(#a, #b)>)),
            pair_copy(a, b, quote!(ret_iter_pairs), call),
        ),
        Ret::Iter(IterItem::Drained) => (
            quote!(Iter { items: ::drt::__private::Items::Owned }),
            None,
            quote!(::drt::__private::ret_iter_drain(#call)),
        ),
        Ret::Value(t) => (quote!(Value), Some(t.clone()), quote!(::drt::__private::ret_value(#call))),
        Ret::Option(t) => (quote!(Option), Some(t.clone()), quote!(::drt::__private::ret_option(#call))),
        Ret::Result(t, e) => (
            quote!(Result { err: ::core::any::TypeId::of::<#e>() }),
            Some(t.clone()),
            quote!(::drt::__private::ret_result(#call)),
        ),
    }
}

/// [`returned`] for a borrowed return: copied into the pool.
fn borrowed_return(b: &Borrowed, call: &TokenStream) -> (TokenStream, Option<Type>, TokenStream) {
    let (kind, wrap) = match b {
        Borrowed::Plain(l) => {
            let copy = copy_lent(l);
            (lent_kind(l, ""), cloning(quote!({ let __r = #call; #copy })))
        }
        Borrowed::Option(l) => (
            lent_kind(l, "Option"),
            copy_matched(
                call,
                l,
                quote!(::core::option::Option::Some),
                quote!(::core::option::Option::None => ::drt::__private::Returned::Empty),
            ),
        ),
        Borrowed::Result(l, e) => {
            let kind = lent_kind(l, "Result");
            (
                quote!(#kind { err: ::core::any::TypeId::of::<#e>() }),
                copy_matched(
                    call,
                    l,
                    quote!(::core::result::Result::Ok),
                    quote!(::core::result::Result::Err(__e) => ::drt::__private::ret_error(__e)),
                ),
            )
        }
        Borrowed::OptionPair(a, b) => (quote!(OptionPair), pair_copy(a, b, quote!(ret_option_pair), call)),
    };
    let pool = b.pool_type();
    (quote!(Borrowed(::drt::__private::Borrowed::#kind)), Some(pool), wrap)
}

/// `requires = "expr"` as a precondition over the argument slots: each
/// parameter is bound under its own name (`self` as `__drt_self`), `Copy`
/// values by value and everything else by shared reference, so the
/// expression reads as it would inside the method.
fn precondition(self_ty: &Type, op: &Operation, slots: &[syn::Ident], expr: &syn::Expr) -> TokenStream {
    let cond = rename_self(expr.to_token_stream(), self_ty);
    let cond = quote_spanned!(expr.span()=> (#cond));
    let binds = op.params.iter().zip(slots).filter(|(p, _)| p.name != "_").map(|(p, slot)| {
        let pool = &p.pool;
        let name = if p.name == "self" { format_ident!("__drt_self") } else { format_ident!("{}", p.name) };
        let value = match p.kind {
            Kind::Value => crate::krate::probing(
                "",
                &["BindCopy", "BindRef"],
                quote!((&&::drt::__private::Bind(::drt::__private::arg_ref::<#pool>(#slot))).drt_bind()),
            ),
            Kind::Ref | Kind::Mut => quote!(::drt::__private::arg_ref::<#pool>(#slot)),
            Kind::Str => quote!(::drt::__private::arg_str(#slot)),
            Kind::OptRef => quote!(::drt::__private::arg_ref::<#pool>(#slot).as_ref()),
            Kind::OptDeref => quote!(::drt::__private::arg_ref::<#pool>(#slot).as_deref()),
            Kind::Slice | Kind::SliceMut => {
                let elem = crate::types::vec_elem(pool).expect("slice pool types are Vec<T>");
                quote!(::drt::__private::arg_slice::<#elem>(#slot))
            }
        };
        let value = if p.name == "self" { quote!(::drt::__private::arg_ref::<#pool>(#slot)) } else { value };
        quote!(#[allow(unused_variables)] let #name = #value;)
    });
    quote! {
        ::core::option::Option::Some(|__slots: &mut [::drt::__private::Slot]| -> bool {
            let [#(#slots),*] = __slots else { ::drt::__private::arity_mismatch() };
            #(#binds)*
            // A condition, so that an expression that is not `bool` is
            // reported at the string alone, with no "because of return
            // type" pointing at the attribute. The parentheses keep a
            // struct literal in it from ending the condition.
            if #cond { true } else { false }
        })
    }
}

/// What `ensures = "expr"` sees besides `result`: `old`, a clone of the
/// receiver made before the call; each by-value parameter it names, a
/// clone made before the call moves it; and after the call, `self` and
/// each borrowed parameter it names, as shared borrows. Returns the
/// statements before the call and after it.
fn postcondition_bindings(
    self_ty: &Type,
    op: &Operation,
    expr: &syn::Expr,
    bound: &[syn::Ident],
) -> (Vec<TokenStream>, Vec<TokenStream>) {
    let tokens = expr.to_token_stream();
    let at = expr.span();
    let (mut before, mut after) = (Vec::new(), Vec::new());
    if crate::ast::mentions(&tokens, "old") {
        let slot = &bound[0];
        before.push(quote_spanned!(at=>
            #[allow(unused_variables)]
            let old: #self_ty = ::core::clone::Clone::clone(::drt::__private::arg_ref::<#self_ty>(#slot));
        ));
    }
    for (p, slot) in op.params.iter().zip(bound) {
        let pool = &p.pool;
        if p.name == "self" {
            if crate::ast::mentions(&tokens, "self") {
                after.push(quote!(let __drt_self: &#pool = &*#slot;));
            }
            continue;
        }
        if p.name == "_" || !crate::ast::mentions(&tokens, &p.name) {
            continue;
        }
        let name = format_ident!("{}", p.name);
        match p.kind {
            Kind::Value => before.push(quote_spanned!(at=>
                let #name: #pool = ::core::clone::Clone::clone(::drt::__private::arg_ref::<#pool>(#slot));
            )),
            _ => after.push(quote!(let #name = &*#slot;)),
        }
    }
    (before, after)
}

/// `tokens` with the identifier `from` renamed `to`, inside groups too.
fn rename_ident(tokens: TokenStream, from: &str, to: &str) -> TokenStream {
    tokens
        .into_iter()
        .map(|tt| match tt {
            TokenTree::Ident(i) if i == from => TokenTree::Ident(proc_macro2::Ident::new(to, i.span())),
            TokenTree::Group(g) => {
                let mut renamed = Group::new(g.delimiter(), rename_ident(g.stream(), from, to));
                renamed.set_span(g.span());
                TokenTree::Group(renamed)
            }
            tt => tt,
        })
        .collect()
}

/// A precondition is not a method body: `self` becomes `__drt_self` and `Self`
/// the impl's self type, inside macro calls too (`matches!(self.state, Self::Open)`).
/// `self::` paths are left alone.
fn rename_self(tokens: TokenStream, self_ty: &Type) -> TokenStream {
    let mut out = TokenStream::new();
    let mut iter = tokens.into_iter().peekable();
    while let Some(tt) = iter.next() {
        let path_follows = matches!(iter.peek(), Some(TokenTree::Punct(p)) if p.as_char() == ':');
        match tt {
            TokenTree::Ident(i) if i == "self" && !path_follows => out.extend(quote_spanned!(i.span()=> __drt_self)),
            TokenTree::Ident(i) if i == "Self" && path_follows => out.extend(quote_spanned!(i.span()=> <#self_ty>)),
            TokenTree::Ident(i) if i == "Self" => self_ty.to_tokens(&mut out),
            TokenTree::Group(g) => {
                let mut renamed = Group::new(g.delimiter(), rename_self(g.stream(), self_ty));
                renamed.set_span(g.span());
                out.extend([TokenTree::Group(renamed)]);
            }
            tt => out.extend([tt]),
        }
    }
    out
}

/// One `seeds(T = [expr])` value: made by a function (so `T` needs no
/// `Clone`), shown in emitted tests as the expression's source text. A value
/// of a primitive or `String` joins that type's seed table; any other is an
/// operation making it (`let mut counter = Counter::default();`), so that
/// calls can change it and later calls see the change, like a constructor's.
fn register_seed(ty: &Type, expr: &syn::Expr) -> TokenStream {
    let text = crate::types::show(expr);
    if !crate::types::is_primitive_or_string(ty) {
        let value = quote_spanned!(expr.span()=> { let __v: #ty = #expr; __v });
        return quote! {
            __r.builders(::std::vec![::drt::__private::builders::seed::<#ty>(
                #text,
                |_: &mut [::drt::__private::Slot]| ::drt::__private::ret_value(#value),
            )]);
        };
    }
    let is_string =
        crate::types::is_string(ty) && matches!(expr, syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(_), .. }));
    let value = if is_string {
        quote_spanned!(expr.span()=> ::std::string::String::from(#expr))
    } else {
        quote_spanned!(expr.span()=> { let __v: #ty = #expr; __v })
    };
    quote! {
        __r.seed(::drt::__private::SeedSpec {
            ty: ::core::any::TypeId::of::<#ty>(),
            literal: #text,
            is_string: #is_string,
            make: || ::drt::__private::Value::new(#value),
        });
    }
}

/// `invariant(f)`: a check over the type's values, with how to assert it in an emitted test.
fn register_invariant(self_ty: &Type, inv: &Invariant<'_>) -> TokenStream {
    let name = &inv.original.sig.ident;
    let name_str = name.to_string();
    let template = match inv.style {
        InvariantStyle::Bool => format!("assert!($0.{name}(), \"invariant `{name}` must hold\");"),
        InvariantStyle::Result => format!("$0.{name}().expect(\"invariant `{name}` must hold\");"),
        InvariantStyle::Panics => format!("$0.{name}();"),
    };
    let template = if matches!(inv.original.vis, syn::Visibility::Public(_)) {
        template
    } else {
        format!("// `{name}` is private: put this test in a #[cfg(test)] module next to it\n{template}")
    };
    // Spanned at the return type, which is what a type error (an `Err` type
    // without `Debug`) is about.
    let at = match &inv.original.sig.output {
        syn::ReturnType::Type(_, ty) => ty.span(),
        syn::ReturnType::Default => name.span(),
    };
    let mut callee = name.clone();
    callee.set_span(at);
    let outcome = quote_spanned!(at=> ::drt::__private::InvariantOutcome::outcome(<#self_ty>::#callee(__v)));
    let cfgs = cfgs(inv.original);
    quote! {
        #cfgs
        __r.invariant(::drt::__private::Invariant {
            name: #name_str,
            check: |__v: &dyn ::core::any::Any| -> ::core::result::Result<(), ::std::string::String> {
                let __v = __v.downcast_ref::<#self_ty>().expect("drt: invariant of the wrong type (bug in drt)");
                #outcome
            },
            template: #template,
        });
    }
}
