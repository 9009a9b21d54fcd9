//! The laws an inherent impl block's signatures make applicable (DESIGN
//! §3.8): a law applies only where the methods it names are in the block
//! with exactly the convention's receiver, parameters and return types
//! (`fn len(&self) -> usize` and `fn is_empty(&self) -> bool`), never on a
//! guess. Each applicable law is one call of its constructor in
//! `drt::__private::laws`, given the methods as functions; where a law also
//! needs a trait (`PartialEq` of the items, `Default`, `FromStr`), the
//! constructor finds out by the descriptors it is given and registers
//! nothing without it.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::Type;

use crate::ast::{Operation, Operations, Receiver};
use crate::krate::probing;
use crate::types::{same, Borrowed, IterItem, Kind, Lent, Ret};

/// The registrations of the laws `ops` make applicable, less those
/// `laws(skip(...))` names.
pub fn registrations(ops: &Operations<'_>) -> TokenStream {
    let skipped = |name: &str| ops.args.laws_skip.iter().any(|s| s == name);
    // For the type, whichever block registers them.
    let names = ops.args.laws_skip.iter().map(|name| name.to_string());
    let skips = (!ops.args.laws_skip.is_empty()).then(|| quote!(__r.skip_laws(&[ #( #names ),* ]);));
    let block = Block { ops, t: ops.self_ty };
    if let Some(path) = &ops.trait_ {
        let law = block.op_assign(path).filter(|_| !skipped("op_assign"));
        return quote!( #skips #law );
    }
    let laws = [
        ("is_empty", block.is_empty()),
        ("len_iter", block.len_iter()),
        ("get_iter", block.get_iter()),
        ("contains_iter", block.contains_iter()),
        ("get_remove", block.get_remove()),
        ("peek_pop", block.peek_pop()),
        ("capacity", block.capacity()),
        ("roundtrip", Some(block.roundtrip())),
        ("default_new", block.default_new()),
        ("exact_size", block.iterator_laws(Law::ExactSize)),
        ("size_hint", block.iterator_laws(Law::SizeHint)),
        ("iter_methods", block.iterator_laws(Law::IterMethods)),
    ];
    let calls = laws.into_iter().filter(|(name, _)| !skipped(name)).filter_map(|(_, call)| call);
    quote!( #skips #( #calls )* )
}

/// The laws of any returned iterator.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Law {
    ExactSize,
    SizeHint,
    IterMethods,
}

/// What an `impl Iterator<Item = X> + ...` return says: its item, and
/// whether it is an `ExactSizeIterator` and a `DoubleEndedIterator`.
struct Returned {
    item: Type,
    exact: bool,
    double_ended: bool,
}

impl Returned {
    fn of(output: &syn::ReturnType) -> Option<Returned> {
        let syn::ReturnType::Type(_, ty) = output else { return None };
        let Type::ImplTrait(it) = &**ty else { return None };
        let traits: Vec<&syn::PathSegment> = it
            .bounds
            .iter()
            .filter_map(|b| match b {
                syn::TypeParamBound::Trait(t) => t.path.segments.last(),
                _ => None,
            })
            .collect();
        let named = |name: &str| traits.iter().any(|s| s.ident == name);
        let item = traits.iter().find_map(|s| {
            let syn::PathArguments::AngleBracketed(args) = &s.arguments else { return None };
            args.args.iter().find_map(|a| match a {
                syn::GenericArgument::AssocType(a) if a.ident == "Item" => Some(a.ty.clone()),
                _ => None,
            })
        })?;
        // Named in the registration function, where `Self` means nothing.
        if crate::ast::mentions(&item.to_token_stream(), "Self") {
            return None;
        }
        Some(Returned { item, exact: named("ExactSizeIterator"), double_ended: named("DoubleEndedIterator") })
    }
}

/// What `get_remove` compares, as one form of it finds it: the lookup
/// method, the `__i`-th key (a closure body over `__x` and `__i`), what the
/// lookup shows and the removal returns of one (over `__x` and `__k`), their
/// types, and the assertion.
struct Removal<'a> {
    lookup: &'a Operation,
    nth: TokenStream,
    key: Type,
    shown: TokenStream,
    removed: TokenStream,
    compared: Type,
    template: &'static str,
}

/// One inherent block, asked for the methods a law names.
struct Block<'b> {
    ops: &'b Operations<'b>,
    t: &'b Type,
}

/// `__r.law(...)` under the `#[cfg]`s of the methods it calls.
fn register(used: &[&Operation], constructor: TokenStream) -> TokenStream {
    let cfgs = used.iter().flat_map(|op| op.original.attrs.iter().filter(|a| a.path().is_ident("cfg")));
    quote! {
        #( #cfgs )*
        __r.law(::drt::__private::laws::#constructor);
    }
}

fn is(ty: &Type, name: &str) -> bool {
    matches!(ty, Type::Path(p) if p.qself.is_none() && p.path.is_ident(name))
}

impl<'a> Block<'a> {
    /// The method `name`, when it is a plain (not generic) method taking
    /// `receiver` and, besides it, as many parameters as `params`.
    fn method(&self, name: &str, receiver: Receiver, params: usize) -> Option<&'a Operation> {
        let op = self.ops.ops.iter().find(|op| op.original.sig.ident == name && op.turbofish.is_none())?;
        let own = usize::from(receiver != Receiver::None);
        (op.receiver == receiver && op.params.len() == own + params).then_some(op)
    }

    /// `fn name(&self) -> ty` (`usize`, `bool`).
    fn getter(&self, name: &str, ty: &str) -> Option<&'a Operation> {
        self.method(name, Receiver::Ref, 0).filter(|op| matches!(&op.ret, Ret::Value(t) if is(t, ty)))
    }

    /// `fn name(&self) -> impl Iterator<Item = ..>`, and what it yields.
    fn iterator(&self, name: &str) -> Option<(&'a Operation, &'a IterItem)> {
        let op = self.method(name, Receiver::Ref, 0)?;
        match &op.ret {
            Ret::Iter(item) => Some((op, item)),
            _ => None,
        }
    }

    /// The parameter after the receiver: `&E` gives `Some(E)`.
    fn by_ref(op: &Operation) -> Option<&Type> {
        let p = op.params.get(1)?;
        (p.kind == Kind::Ref && p.closure.is_none()).then_some(&p.pool)
    }

    fn is_empty(&self) -> Option<TokenStream> {
        let (len, empty, t) = (self.getter("len", "usize")?, self.getter("is_empty", "bool")?, self.t);
        Some(register(&[len, empty], quote!(is_empty::<#t>(|__x: &#t| <#t>::len(__x), |__x: &#t| <#t>::is_empty(__x)))))
    }

    fn len_iter(&self) -> Option<TokenStream> {
        let (len, t) = (self.getter("len", "usize")?, self.t);
        let laws: Vec<TokenStream> = ["iter", "keys", "values"]
            .into_iter()
            .filter_map(|name| {
                let (iter, _) = self.iterator(name)?;
                let method = syn::Ident::new(name, proc_macro2::Span::call_site());
                Some(register(
                    &[len, iter],
                    quote!(len_iter::<#t>(
                        #name,
                        |__x: &#t| <#t>::len(__x),
                        |__x: &#t, __most: usize| ::core::iter::Iterator::count(
                            ::core::iter::Iterator::take(<#t>::#method(__x), __most)
                        ),
                    )),
                ))
            })
            .collect();
        (!laws.is_empty()).then(|| quote!(#( #laws )*))
    }

    /// `iter()`'s first `__most` items as `Item`s, by what it yields.
    fn items(&self) -> Option<(&'a Operation, &'a IterItem, TokenStream)> {
        let (iter, item) = self.iterator("iter")?;
        let t = self.t;
        let wrap = match item {
            IterItem::Cloned(_) => quote!(::drt::__private::laws::Item::of_ref),
            IterItem::Owned(_) => quote!(::drt::__private::laws::Item::owned),
            IterItem::Pairs(..) => quote!(|(__k, __v)| (
                ::drt::__private::laws::Item::of_ref(__k),
                ::drt::__private::laws::Item::of_ref(__v)
            )),
            IterItem::Drained => return None,
        };
        let items = quote!(|__x: &#t, __most: usize| ::core::iter::Iterator::collect(
            ::core::iter::Iterator::map(::core::iter::Iterator::take(<#t>::iter(__x), __most), #wrap)
        ));
        Some((iter, item, items))
    }

    fn get_iter(&self) -> Option<TokenStream> {
        let (iter, item, items) = self.items()?;
        let get = self.method("get", Receiver::Ref, 1)?;
        let t = self.t;
        let by_index = |p: &crate::ast::Param| p.kind == Kind::Value && is(&p.pool, "usize");
        let index = match (item, &get.ret) {
            // `get(usize) -> Option<&E>` with `iter()` over `&E`.
            (IterItem::Cloned(e), Ret::Borrowed(Borrowed::Option(Lent::Ref(got)))) if same(e, got) => {
                Some((e, quote!(::drt::__private::laws::Item::of_ref)))
            }
            // `get(usize) -> Option<E>` with `iter()` over `E`.
            (IterItem::Owned(e), Ret::Option(got)) if same(e, got) => {
                Some((e, quote!(::drt::__private::laws::Item::owned)))
            }
            _ => None,
        };
        match (item, &get.ret) {
            _ if index.is_some() && by_index(&get.params[1]) => {
                let (e, wrap) = index?;
                Some(register(
                    &[get, iter],
                    quote!(get_index::<#t>(
                        |__x: &#t, __i: usize| ::core::option::Option::map(<#t>::get(__x, __i), #wrap),
                        #items,
                        ::drt::__private::type_desc!(#e),
                    )),
                ))
            }
            // `get(&K) -> Option<&V>` with `iter()` over `(&K, &V)`.
            (IterItem::Pairs(k, v), Ret::Borrowed(Borrowed::Option(Lent::Ref(got))))
                if same(v, got) && Self::by_ref(get).is_some_and(|key| same(key, k)) =>
            {
                let contains = self
                    .method("contains_key", Receiver::Ref, 1)
                    .filter(|c| matches!(&c.ret, Ret::Value(b) if is(b, "bool")))
                    .filter(|c| Self::by_ref(c).is_some_and(|key| same(key, k)));
                let mut used = vec![get, iter];
                let contains = match contains {
                    Some(c) => {
                        used.push(c);
                        quote!(::core::option::Option::Some(|__x: &#t, __k: &dyn ::core::any::Any| {
                            <#t>::contains_key(__x, ::drt::__private::laws::cast::<#k>(__k))
                        }))
                    }
                    None => quote!(::core::option::Option::None),
                };
                Some(register(
                    &used,
                    quote!(get_key::<#t>(
                        |__x: &#t, __k: &dyn ::core::any::Any| ::core::option::Option::map(
                            <#t>::get(__x, ::drt::__private::laws::cast::<#k>(__k)),
                            ::drt::__private::laws::Item::of_ref
                        ),
                        #contains,
                        #items,
                        ::drt::__private::type_desc!(#k),
                        ::drt::__private::type_desc!(#v),
                    )),
                ))
            }
            _ => None,
        }
    }

    fn contains_iter(&self) -> Option<TokenStream> {
        let (iter, item, items) = self.items()?;
        let contains = self.method("contains", Receiver::Ref, 1)?;
        let IterItem::Cloned(e) = item else { return None };
        let returns_bool = matches!(&contains.ret, Ret::Value(b) if is(b, "bool"));
        if !returns_bool || !Self::by_ref(contains).is_some_and(|x| same(x, e)) {
            return None;
        }
        let t = self.t;
        Some(register(
            &[contains, iter],
            quote!(contains_iter::<#t>(
                |__x: &#t, __e: &dyn ::core::any::Any| <#t>::contains(__x, ::drt::__private::laws::cast::<#e>(__e)),
                #items,
                ::drt::__private::type_desc!(#e),
            )),
        ))
    }

    /// `get_remove`, of a map (`get(&K) -> Option<&V>` and `remove(&K) ->
    /// Option<V>`, `iter()` over pairs), a sequence (`get(usize) ->
    /// Option<&E>` and `remove(usize)` returning `Option<E>` or `E`) or a set
    /// (`contains(&E) -> bool` and `remove(&E)` returning `bool` or
    /// `Option<E>`), `iter()` giving the keys, indices or items removed.
    fn get_remove(&self) -> Option<TokenStream> {
        let (iter, item, _) = self.items()?;
        let remove = self.method("remove", Receiver::Mut, 1)?;
        let t = self.t;
        let p = quote!(::drt::__private::laws);
        let take = quote!(::core::iter::Iterator::take(<#t>::iter(__x), __most));
        let by_index = |op: &Operation| op.params[1].kind == Kind::Value && is(&op.params[1].pool, "usize");
        let by_ref_to = |op: &Operation, ty: &Type| Self::by_ref(op).is_some_and(|k| same(k, ty));
        let lent =
            |op: &Operation, ty: &Type| matches!(&op.ret, Ret::Borrowed(Borrowed::Option(Lent::Ref(g))) if same(g, ty));
        let r = match item {
            IterItem::Pairs(k, v) => {
                let get = self.method("get", Receiver::Ref, 1)?;
                let removes = matches!(&remove.ret, Ret::Option(r) if same(r, v));
                if !(lent(get, v) && removes && by_ref_to(get, k) && by_ref_to(remove, k)) {
                    return None;
                }
                Removal {
                    lookup: get,
                    nth: quote!(::core::option::Option::map(
                        ::core::iter::Iterator::nth(&mut <#t>::iter(__x), __i),
                        |(__k, _)| #p::Item::of_ref(__k)
                    )),
                    key: k.clone(),
                    shown: quote!(::core::option::Option::map(<#t>::get(__x, #p::cast::<#k>(__k)), #p::Item::of_ref)),
                    removed: quote!(::core::option::Option::map(<#t>::remove(__x, #p::cast::<#k>(__k)), #p::boxed)),
                    compared: v.clone(),
                    template: "for (key, _) in $0.iter() {\n    \
                               let mut removed = $0.clone();\n    \
                               assert_eq!(removed.remove(key).as_ref(), $0.get(key), \"remove(k) must return what get(k) shows (law `get_remove`)\");\n}",
                }
            }
            IterItem::Cloned(e) if by_index(remove) => {
                let get = self.method("get", Receiver::Ref, 1)?;
                if !(lent(get, e) && by_index(get)) {
                    return None;
                }
                let index = quote!(*#p::cast::<usize>(__k));
                let (removed, template) = match &remove.ret {
                    Ret::Option(r) if same(r, e) => (
                        quote!(::core::option::Option::map(<#t>::remove(__x, #index), #p::boxed)),
                        "for i in 0..$0.iter().count() {\n    \
                         let mut removed = $0.clone();\n    \
                         assert_eq!(removed.remove(i).as_ref(), $0.get(i), \"remove(i) must return what get(i) shows (law `get_remove`)\");\n}",
                    ),
                    Ret::Value(r) if same(r, e) => (
                        quote!(::core::option::Option::Some(#p::boxed(<#t>::remove(__x, #index)))),
                        "for i in 0..$0.iter().count() {\n    \
                         let mut removed = $0.clone();\n    \
                         assert_eq!(Some(&removed.remove(i)), $0.get(i), \"remove(i) must return what get(i) shows (law `get_remove`)\");\n}",
                    ),
                    _ => return None,
                };
                Removal {
                    lookup: get,
                    nth: quote!(::core::option::Option::Some(#p::Item::owned::<usize>(__i))),
                    key: syn::parse_quote!(usize),
                    shown: quote!(::core::option::Option::map(<#t>::get(__x, #index), #p::Item::of_ref)),
                    removed,
                    compared: e.clone(),
                    template,
                }
            }
            IterItem::Cloned(e) => {
                let contains = self.method("contains", Receiver::Ref, 1)?;
                let says = matches!(&contains.ret, Ret::Value(b) if is(b, "bool"));
                if !(says && by_ref_to(contains, e) && by_ref_to(remove, e)) {
                    return None;
                }
                let removing = quote!(<#t>::remove(__x, #p::cast::<#e>(__k)));
                let (removed, template) = match &remove.ret {
                    Ret::Value(b) if is(b, "bool") => (
                        quote!(::core::option::Option::Some(#p::boxed(#removing))),
                        "for item in $0.iter() {\n    \
                         let mut removed = $0.clone();\n    \
                         assert_eq!(removed.remove(item), $0.contains(item), \"remove(x) must say what contains(x) says (law `get_remove`)\");\n}",
                    ),
                    Ret::Option(r) if same(r, e) => (
                        quote!(::core::option::Option::Some(#p::boxed(::core::option::Option::is_some(&#removing)))),
                        "for item in $0.iter() {\n    \
                         let mut removed = $0.clone();\n    \
                         assert_eq!(removed.remove(item).is_some(), $0.contains(item), \"remove(x) must say what contains(x) says (law `get_remove`)\");\n}",
                    ),
                    _ => return None,
                };
                Removal {
                    lookup: contains,
                    nth: quote!(::core::option::Option::map(
                        ::core::iter::Iterator::nth(&mut <#t>::iter(__x), __i),
                        #p::Item::of_ref
                    )),
                    key: e.clone(),
                    shown: quote!(::core::option::Option::Some(#p::Item::owned(<#t>::contains(__x, #p::cast::<#e>(__k))))),
                    removed,
                    compared: syn::parse_quote!(bool),
                    template,
                }
            }
            _ => return None,
        };
        let Removal { lookup, nth, key, shown, removed, compared, template } = r;
        let name = lookup.original.sig.ident.to_string();
        Some(register(
            &[lookup, remove, iter],
            quote!(get_remove::<#t>(
                #name,
                |__x: &#t, __most: usize| ::core::iter::Iterator::count(#take),
                |__x: &#t, __i: usize| #nth,
                |__x: &#t, __k: &dyn ::core::any::Any| #shown,
                |__x: &mut #t, __k: &dyn ::core::any::Any| #removed,
                ::drt::__private::type_desc!(#t),
                ::drt::__private::type_desc!(#key),
                ::drt::__private::type_desc!(#compared),
                #template,
            )),
        ))
    }

    fn peek_pop(&self) -> Option<TokenStream> {
        // The pairs of `drt::__private::laws::PEEK_POP`, which finds each by its names.
        const PAIRS: [(&str, &str); 6] = [
            ("last", "pop"),
            ("last", "pop_last"),
            ("first", "pop_first"),
            ("back", "pop_back"),
            ("front", "pop_front"),
            ("peek", "pop"),
        ];
        let t = self.t;
        let laws: Vec<TokenStream> = PAIRS
            .iter()
            .filter_map(|(peek_name, pop_name)| {
                let peek = self.method(peek_name, Receiver::Ref, 0)?;
                let pop = self.method(pop_name, Receiver::Mut, 0)?;
                let (Ret::Borrowed(Borrowed::Option(Lent::Ref(e))), Ret::Option(popped)) = (&peek.ret, &pop.ret) else {
                    return None;
                };
                if !same(e, popped) {
                    return None;
                }
                let (peek_fn, pop_fn) = (&peek.original.sig.ident, &pop.original.sig.ident);
                Some(register(
                    &[peek, pop],
                    quote!(peek_pop::<#t>(
                        (#peek_name, #pop_name),
                        |__x: &#t| ::core::option::Option::map(<#t>::#peek_fn(__x), ::drt::__private::laws::Item::of_ref),
                        |__x: &mut #t| ::core::option::Option::map(<#t>::#pop_fn(__x), ::drt::__private::laws::boxed),
                        ::drt::__private::type_desc!(#t),
                        ::drt::__private::type_desc!(#e),
                    )),
                ))
            })
            .collect();
        (!laws.is_empty()).then(|| quote!(#( #laws )*))
    }

    fn capacity(&self) -> Option<TokenStream> {
        let (len, capacity, t) = (self.getter("len", "usize")?, self.getter("capacity", "usize")?, self.t);
        // A weighted container's capacity is in units of weight, and it is
        // full when its entries' weight fills it (clru's `CLruCache`):
        // `is_full` then says nothing of `len() == capacity()`.
        let full = self.getter("is_full", "bool").filter(|_| self.getter("weight", "usize").is_none());
        let mut used = vec![len, capacity];
        used.extend(full);
        let full = match full {
            Some(_) => quote!(::core::option::Option::Some(|__x: &#t| <#t>::is_full(__x))),
            None => quote!(::core::option::Option::None),
        };
        Some(register(&used, quote!(capacity::<#t>(|__x: &#t| <#t>::len(__x), |__x: &#t| <#t>::capacity(__x), #full))))
    }

    fn default_new(&self) -> Option<TokenStream> {
        let new = self.method("new", Receiver::None, 0)?;
        let t = self.t;
        if !matches!(&new.ret, Ret::Value(r) if same(r, t)) {
            return None;
        }
        Some(register(&[new], quote!(default_new::<#t>(::drt::__private::type_desc!(#t)))))
    }

    fn roundtrip(&self) -> TokenStream {
        let t = self.t;
        register(&[], {
            let parse = probing(
                "laws",
                &["ParseNo", "ParseYes"],
                quote!((&&::drt::__private::probe::Probe::<#t>::new()).drt_parse()),
            );
            quote!(roundtrip::<#t>(::drt::__private::type_desc!(#t), #parse))
        })
    }

    /// `op_assign`, in a block implementing a compound assignment whose
    /// right operand is the type itself, by value or by reference (`impl
    /// BitAndAssign<&Bits> for Bits`); the plain operator it is compared
    /// with is found by a probe, wherever it is implemented.
    fn op_assign(&self, path: &syn::Path) -> Option<TokenStream> {
        const COMPOUND: [(&str, &str, &str); 8] = [
            ("AddAssign", "add", "+"),
            ("SubAssign", "sub", "-"),
            ("MulAssign", "mul", "*"),
            ("DivAssign", "div", "/"),
            ("RemAssign", "rem", "%"),
            ("BitAndAssign", "bitand", "&"),
            ("BitOrAssign", "bitor", "|"),
            ("BitXorAssign", "bitxor", "^"),
        ];
        let segment = path.segments.last()?;
        let &(_, module, symbol) = COMPOUND.iter().find(|(name, _, _)| segment.ident == name)?;
        let t = self.t;
        let itself = |ty: &Type| is(ty, "Self") || same(ty, t);
        let by_ref = match &segment.arguments {
            syn::PathArguments::None => false,
            syn::PathArguments::AngleBracketed(args) => match args.args.iter().collect::<Vec<_>>()[..] {
                [syn::GenericArgument::Type(Type::Reference(r))] if r.mutability.is_none() && itself(&r.elem) => true,
                [syn::GenericArgument::Type(ty)] if itself(ty) => false,
                _ => return None,
            },
            syn::PathArguments::Parenthesized(_) => return None,
        };
        let method = syn::Ident::new(&format!("{module}_assign"), proc_macro2::Span::call_site());
        let op = self.method(&method.to_string(), Receiver::Mut, 1)?;
        let (assign, probe) = if by_ref {
            (quote!(ByRef(|__x: &mut #t, __y: &#t| <#t as #path>::#method(__x, __y))), quote!(ByRef))
        } else {
            (quote!(ByValue(|__x: &mut #t, __y: #t| <#t as #path>::#method(__x, __y))), quote!(ByValue))
        };
        let plain = probing(
            &format!("laws::operators::{module}"),
            &["Borrowed", "Neither", "Owned"],
            quote!((&&::drt::__private::laws::operators::#probe::<#t>::new()).drt_plain()),
        );
        Some(register(
            &[op],
            quote!(op_assign::<#t>(
                #symbol,
                ::drt::__private::laws::Assign::#assign,
                #plain,
                ::drt::__private::type_desc!(#t),
            )),
        ))
    }

    /// Law `law` of every zero-argument method returning an iterator it
    /// applies to: one taking `&self` is called on the value; one taking
    /// `self` (`into_iter`) on a clone, and so is one taking `&mut self`
    /// (`drain`, `iter_mut`) for `exact_size` and `size_hint`. A clone
    /// needs `Clone`, which the registration asks.
    fn iterator_laws(&self, law: Law) -> Option<TokenStream> {
        let t = self.t;
        let laws: Vec<TokenStream> = self
            .ops
            .ops
            .iter()
            .filter(|op| op.turbofish.is_none() && op.receiver != Receiver::None && op.params.len() == 1)
            .filter(|op| matches!(op.ret, Ret::Iter(_)))
            .filter_map(|op| {
                let returned = Returned::of(&op.original.sig.output)?;
                let m = &op.original.sig.ident;
                let clone = probing(
                    "probe",
                    &["CloneNo", "CloneYes"],
                    quote!((&&::drt::__private::probe::Probe::<#t>::new()).drt_clone()),
                );
                let owned = quote!(::drt::__private::laws::owned::<#t>(__x, #clone));
                let clones = quote!(#clone.is_some());
                // The checker `f` given the method's iterator, and whether that needs a clone.
                let checked = |f: TokenStream| match op.receiver {
                    Receiver::Ref => Some((quote!(#f(<#t>::#m(__x))), quote!(true))),
                    Receiver::Value => Some((quote!(#f(<#t>::#m(#owned))), clones.clone())),
                    Receiver::Mut => Some((quote!({ let mut __c = #owned; #f(<#t>::#m(&mut __c)) }), clones.clone())),
                    _ => None,
                };
                let (name, applies, check) = match law {
                    Law::ExactSize if returned.exact => {
                        let (body, applies) = checked(quote!(::drt::__private::laws::exact_size))?;
                        ("exact_size", applies, quote!(|__x: &#t| #body))
                    }
                    Law::ExactSize => return None,
                    Law::SizeHint => {
                        let (body, applies) = checked(quote!(::drt::__private::laws::size_hint))?;
                        ("size_hint", applies, quote!(|__x: &#t| #body))
                    }
                    Law::IterMethods => {
                        let make = match op.receiver {
                            Receiver::Ref => quote!(|| <#t>::#m(__x)),
                            Receiver::Value => quote!(|| <#t>::#m(#owned)),
                            _ => return None,
                        };
                        let item = &returned.item;
                        let rev = returned
                            .double_ended
                            .then(|| quote!(.or_else(|| (&&::drt::__private::laws::Remake(#make)).drt_iter_rev())));
                        let needs = if op.receiver == Receiver::Ref { quote!(true) } else { clones };
                        (
                            "iter_methods",
                            {
                                let eq = probing(
                                    "probe",
                                    &["PartialEqNo", "PartialEqYes"],
                                    quote!((&&::drt::__private::probe::Probe::<#item>::new()).drt_partial_eq()),
                                );
                                quote!(#needs && #eq.is_some())
                            },
                            {
                                let check = probing(
                                    "laws",
                                    &["IterMethodsNo", "IterMethodsYes", "IterRevNo", "IterRevYes"],
                                    quote!((&&::drt::__private::laws::Remake(#make)).drt_iter_methods() #rev),
                                );
                                quote!(|__x: &#t| #check)
                            },
                        )
                    }
                };
                let call = match op.receiver {
                    Receiver::Ref => format!("$0.{m}()"),
                    _ => format!("$0.clone().{m}()"),
                };
                let template = iterator_template(law, &call, op.receiver == Receiver::Mut, returned.double_ended);
                Some(register(&[op], quote!(iterator::<#t>(#name, #applies, #check, #template))))
            })
            .collect();
        (!laws.is_empty()).then(|| quote!(#( #laws )*))
    }
}

/// The assertion of iterator law `law` over the iterator `call` makes
/// (`$0.iter()`, `$0.clone().into_iter()`; of a method taking `&mut self`,
/// `$0.clone().drain()`, made from a clone kept in a variable).
fn iterator_template(law: Law, call: &str, by_mut: bool, double_ended: bool) -> String {
    let make = match call.strip_prefix("$0.clone().") {
        Some(m) if by_mut => format!("let mut owned = $0.clone();\nlet mut it = owned.{m};"),
        _ => format!("let mut it = {call};"),
    };
    match law {
        Law::ExactSize => format!(
            "{make}\n\
             let items = it.len();\n\
             let mut yielded = 0;\n\
             while it.next().is_some() {{\n    \
             yielded += 1;\n    \
             assert_eq!(it.len(), items.saturating_sub(yielded), \"len() must count the items left (law `exact_size`)\");\n\
             }}\n\
             assert_eq!(yielded, items, \"len() must count the items left (law `exact_size`)\");"
        ),
        Law::SizeHint => format!(
            "{make}\n\
             let mut hints = vec![it.size_hint()];\n\
             while it.next().is_some() {{\n    \
             hints.push(it.size_hint());\n\
             }}\n\
             let items = hints.len() - 1;\n\
             for (i, (low, high)) in hints.into_iter().enumerate() {{\n    \
             let left = items - i;\n    \
             assert!(\n        \
             low <= left && high.is_none_or(|h| left <= h),\n        \
             \"size_hint() must bound the items left (law `size_hint`): {{left}} left, hint ({{low}}, {{high:?}})\"\n    \
             );\n\
             }}"
        ),
        Law::IterMethods => {
            let mut text = format!(
                "let items: Vec<_> = std::iter::from_fn({{\n    \
                 let mut it = {call};\n    \
                 move || it.next()\n\
                 }})\n\
                 .collect();\n\
                 assert_eq!({call}.count(), items.len(), \"count() must agree with next() (law `iter_methods`)\");\n\
                 assert!({call}.last().as_ref() == items.last(), \"last() must agree with next() (law `iter_methods`)\");\n\
                 for k in 0..items.len() + 2 {{\n    \
                 assert!({call}.nth(k).as_ref() == items.get(k), \"nth(k) must agree with next() (law `iter_methods`)\");\n\
                 }}\n\
                 assert_eq!({call}.fold(0, |n, _| n + 1), items.len(), \"fold() must agree with next() (law `iter_methods`)\");"
            );
            if double_ended {
                text.push_str(&format!(
                    "\nlet back: Vec<_> = {call}.rev().collect();\n\
                     assert!(back.iter().eq(items.iter().rev()), \"rev() must yield next()'s items backwards (law `iter_methods`)\");"
                ));
            }
            text
        }
    }
}
