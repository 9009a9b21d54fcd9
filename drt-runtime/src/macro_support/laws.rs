//! Not public API. The laws an impl block's signatures make applicable
//! (DESIGN §3.8), as `#[drt::operations]` registers them: one constructor
//! per law, given the block's methods as function pointers and the
//! descriptors of the types they return. A constructor returns `None` where
//! a type lacks what the law compares with (`PartialEq`, `Debug`, `Clone`),
//! so the macro, which cannot know, may always call it.
//!
//! Each law's check runs the methods on the value (or on a clone, when
//! they mutate), so it never changes the sequence it observes, and says in
//! words what it saw when the law does not hold; the engine (`laws`) turns
//! that into a failure whose test ends in the law's template.

use std::any::Any;
use std::fmt;

use super::type_desc::{EqFn, FmtFn, TypeDesc, WithDebug as Shown};

pub mod operators;

/// Not public API. How a law is checked, saying `None` when it holds, else
/// what it saw (`` `is_empty()` is false but `len()` is 0 ``).
pub enum LawCheck {
    /// On one value of the owner type.
    Value(ValueCheck),
    /// On two (`op_assign`: `x op= y` against `x op y`), the second one of
    /// the same type, the value itself included.
    Pair(PairCheck),
}

/// Not public API. A law's check on one value.
pub type ValueCheck = Box<dyn Fn(&dyn Any) -> Option<String> + Send + Sync>;

/// Not public API. A law's check on two values.
pub type PairCheck = Box<dyn Fn(&dyn Any, &dyn Any) -> Option<String> + Send + Sync>;

/// Not public API. A law of the owner type, as registered.
pub struct Law {
    /// Its name in the table of laws (`is_empty`).
    pub name: &'static str,
    /// The owner's operation after whose calls it is checked, on the value
    /// the call returned (`new` for `default_new`); `""`: on every value of
    /// the type a call makes or changes.
    pub after: &'static str,
    /// Whether its check calls code that is no operation of the block
    /// (`FromStr`, for `roundtrip`): a panic there breaks the law, for no
    /// call would find it. A panic in a method that is an operation (an
    /// iterator's `next`) is left to a call of that operation: the law is
    /// about wrong answers, and the report names the method that panics.
    pub beyond_operations: bool,
    /// Whether it is checked on every value a call makes or changes, not
    /// only on those new to the pool: `roundtrip`, which prints the value
    /// and parses it back (little beside a call), and sees what an equal
    /// value hides (a `Decimal` rescaled past its precision equals the one
    /// it was, and its `Display` panics). The others walk the value's items,
    /// once per distinct value.
    pub every_value: bool,
    /// Checks it.
    pub check: LawCheck,
    /// The assertion an emitted test ends in, `$0` standing for the value
    /// (and `$1` for the second one of a [`LawCheck::Pair`]).
    pub template: &'static str,
}

impl Law {
    /// A law checked on each value new to the pool, after any call.
    fn new(
        name: &'static str,
        template: &'static str,
        check: impl Fn(&dyn Any) -> Option<String> + Send + Sync + 'static,
    ) -> Law {
        Law {
            name,
            after: "",
            beyond_operations: false,
            every_value: false,
            check: LawCheck::Value(Box::new(check)),
            template,
        }
    }

    /// A law of two values, checked as [`Law::new`]'s are.
    fn pair(
        name: &'static str,
        template: &'static str,
        check: impl Fn(&dyn Any, &dyn Any) -> Option<String> + Send + Sync + 'static,
    ) -> Law {
        Law { check: LawCheck::Pair(Box::new(check)), ..Law::new(name, template, |_| None) }
    }

    /// Checked only on what a call of operation `op` returns.
    fn after(self, op: &'static str) -> Law {
        Law { after: op, ..self }
    }

    /// See [`Law::beyond_operations`].
    fn beyond_operations(self) -> Law {
        Law { beyond_operations: true, ..self }
    }

    /// See [`Law::every_value`].
    fn every_value(self) -> Law {
        Law { every_value: true, ..self }
    }
}

impl fmt::Debug for Law {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Law").field("name", &self.name).field("after", &self.after).finish_non_exhaustive()
    }
}

/// Not public API. An item a method yields or returns: borrowed from the
/// value (`&E`) or owned (`E`), seen as `dyn Any` either way.
pub enum Item<'a> {
    /// Not public API. Borrowed from the value.
    Ref(&'a dyn Any),
    /// Not public API. Made for the caller.
    Owned(Box<dyn Any>),
}

impl<'a> Item<'a> {
    /// Not public API. A borrowed item.
    pub fn of_ref<E: 'static>(e: &'a E) -> Item<'a> {
        Item::Ref(e)
    }

    /// Not public API. An owned item.
    pub fn owned<E: 'static>(e: E) -> Item<'a> {
        Item::Owned(Box::new(e))
    }

    fn get(&self) -> &dyn Any {
        match self {
            Item::Ref(r) => *r,
            Item::Owned(b) => &**b,
        }
    }
}

/// Not public API. The most items of one iterator a law looks at: a law of
/// a value with more is not checked (its check would cost more than the
/// calls it follows).
pub const MOST_ITEMS: usize = 1 << 12;

/// Not public API. `FromStr::from_str` on an erased value; `Err` with the
/// error's `Debug` text.
pub type ParseFn = fn(&str) -> Result<Box<dyn Any>, String>;

/// Not public API. The value a law's check or the key it looks up is, as
/// the type the macro knows it to be.
pub fn cast<T: 'static>(v: &dyn Any) -> &T {
    v.downcast_ref::<T>().expect("drt: law checked on a value of the wrong type (bug in drt)")
}

/// Not public API. A clone of `x`, for a law checked on one (an iterator
/// method taking `self` or `&mut self`); `clone` is the type's, which the
/// law's registration asked for.
pub fn owned<T: 'static>(x: &T, clone: Option<super::type_desc::CloneFn>) -> T {
    let clone = clone.expect("drt: a law checked on a clone of a type without Clone (bug in drt)");
    clone(x).downcast::<T>().unwrap_or_else(|_| panic!("drt: a clone of the same type (bug in drt)"))
}

/// Not public API. An item a pop returned, erased.
pub fn boxed<E: 'static>(e: E) -> Box<dyn Any> {
    Box::new(e)
}

/// `Some(x)` / `None` of an erased item, in `Debug`.
struct ShownOption<'a>(Option<&'a dyn Any>, FmtFn);

impl fmt::Debug for ShownOption<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(v) => f.debug_tuple("Some").field(&Shown(v, self.1)).finish(),
            None => f.write_str("None"),
        }
    }
}

/// Whether `a` and `b` differ by `eq`, both being equal to themselves: a
/// value that is not (a float's NaN, as `PartialEq` allows) cannot be told
/// apart from another, so a law comparing it holds.
fn unequal(eq: EqFn, a: &dyn Any, b: &dyn Any) -> bool {
    !eq(a, b) && eq(a, a) && eq(b, b)
}

/// What comparing items needs: the item type's `==` and `Debug`.
fn comparable(e: &TypeDesc) -> Option<(EqFn, FmtFn)> {
    Some((e.eq?, e.debug?))
}

/// Not public API. `is_empty`: `fn len(&self) -> usize` and `fn
/// is_empty(&self) -> bool`: `x.is_empty() == (x.len() == 0)`.
pub fn is_empty<T: 'static>(len: fn(&T) -> usize, is_empty: fn(&T) -> bool) -> Option<Law> {
    Some(Law::new(
        "is_empty",
        "assert_eq!($0.is_empty(), $0.len() == 0, \"is_empty() must say whether len() == 0 (law `is_empty`)\");",
        move |v| {
            let x = cast::<T>(v);
            let (empty, n) = (is_empty(x), len(x));
            (empty != (n == 0)).then(|| format!("`is_empty()` is {empty} but `len()` is {n}"))
        },
    ))
}

/// Not public API. `len_iter`: `len` and an iterator over the items
/// (`iter`, `keys` or `values`, its name `method`; `count(x, most)` counts at
/// most `most` of its items): `x.iter().count() == x.len()`.
pub fn len_iter<T: 'static>(method: &'static str, len: fn(&T) -> usize, count: fn(&T, usize) -> usize) -> Option<Law> {
    let template = match method {
        "iter" => "assert_eq!($0.iter().count(), $0.len(), \"iter() must yield len() items (law `len_iter`)\");",
        "keys" => "assert_eq!($0.keys().count(), $0.len(), \"keys() must yield len() items (law `len_iter`)\");",
        "values" => "assert_eq!($0.values().count(), $0.len(), \"values() must yield len() items (law `len_iter`)\");",
        _ => return None,
    };
    Some(Law::new("len_iter", template, move |v| {
        let x = cast::<T>(v);
        let n = len(x);
        if n > MOST_ITEMS {
            return None;
        }
        // One more than `len`, so an iterator that never ends ends here.
        let counted = count(x, n + 1);
        (counted != n).then(|| {
            let more = if counted > n { " or more" } else { "" };
            let items = if counted == 1 && more.is_empty() { "item" } else { "items" };
            format!("`{method}()` yields {counted}{more} {items} but `len()` is {n}")
        })
    }))
}

/// Not public API. `contains_iter`: `fn contains(&self, x: &E) -> bool` and
/// `iter()` over `&E` (`items(x, most)`, at most `most` of them): every item
/// iterated is `contains`ed.
pub fn contains_iter<T: 'static>(
    contains: fn(&T, &dyn Any) -> bool,
    items: fn(&T, usize) -> Vec<Item<'_>>,
    e: TypeDesc,
) -> Option<Law> {
    let (debug, item_eq) = (e.debug?, e.eq);
    Some(Law::new(
        "contains_iter",
        "for item in $0.iter() {\n    \
                   assert!($0.contains(item), \"every item iter() yields must be contained (law `contains_iter`)\");\n}",
        move |v| {
            let x = cast::<T>(v);
            let items = items(x, MOST_ITEMS + 1);
            if items.len() > MOST_ITEMS {
                return None;
            }
            // An item not equal to itself (NaN) is contained by no `==`.
            let comparable = |item: &Item<'_>| item_eq.is_none_or(|eq| eq(item.get(), item.get()));
            let (i, missing) =
                items.iter().enumerate().find(|(_, item)| comparable(item) && !contains(x, item.get()))?;
            Some(format!("`iter()` yields {:?} (item {i}) but `contains` it is false", Shown(missing.get(), debug)))
        }
    ))
}

/// Not public API. `get_iter` by index: `fn get(&self, index: usize) ->
/// Option<&E>` (or `Option<E>`) and `iter()` over the same: `get(i)` is
/// `iter().nth(i)` for every `i`, and `None` past the end.
pub fn get_index<T: 'static>(
    get: fn(&T, usize) -> Option<Item<'_>>,
    items: fn(&T, usize) -> Vec<Item<'_>>,
    e: TypeDesc,
) -> Option<Law> {
    let (eq, debug) = comparable(&e)?;
    Some(Law::new(
        "get_iter",
        "let items: Vec<_> = $0.iter().collect();\n\
                   for (i, item) in items.iter().enumerate() {\n    \
                   assert_eq!($0.get(i).as_ref(), Some(item), \"get(i) must be the i-th item iter() yields (law `get_iter`)\");\n}\n\
                   assert!($0.get(items.len()).is_none(), \"get() past the last item iter() yields must be None (law `get_iter`)\");",
        move |v| {
            let x = cast::<T>(v);
            let items = items(x, MOST_ITEMS + 1);
            if items.len() > MOST_ITEMS {
                return None;
            }
            for (i, item) in items.iter().enumerate() {
                let got = get(x, i);
                if got.as_ref().is_none_or(|g| unequal(eq, g.get(), item.get())) {
                    let got = ShownOption(got.as_ref().map(Item::get), debug);
                    return Some(format!(
                        "`get({i})` is {got:?} but `iter()` yields {:?} there",
                        Shown(item.get(), debug)
                    ));
                }
            }
            let past = get(x, items.len());
            past.as_ref().map(|p| {
                format!(
                    "`iter()` yields {} items but `get({})` is Some({:?})",
                    items.len(),
                    items.len(),
                    Shown(p.get(), debug)
                )
            })
        }
    ))
}

/// Not public API. `get_iter` by key: `fn get(&self, key: &K) ->
/// Option<&V>` (and `fn contains_key(&self, key: &K) -> bool`, when there
/// is one) and `iter()` over `(&K, &V)`: every pair iterated is found.
pub fn get_key<T: 'static>(
    get: for<'a> fn(&'a T, &dyn Any) -> Option<Item<'a>>,
    contains_key: Option<fn(&T, &dyn Any) -> bool>,
    pairs: fn(&T, usize) -> Vec<(Item<'_>, Item<'_>)>,
    k: TypeDesc,
    value: TypeDesc,
) -> Option<Law> {
    let (eq, debug) = comparable(&value)?;
    let key_debug = k.debug?;
    let template = if contains_key.is_some() {
        "for (key, value) in $0.iter() {\n    \
         assert_eq!($0.get(key), Some(value), \"get must find every pair iter() yields (law `get_iter`)\");\n    \
         assert!($0.contains_key(key), \"contains_key must find every key iter() yields (law `get_iter`)\");\n}"
    } else {
        "for (key, value) in $0.iter() {\n    \
         assert_eq!($0.get(key), Some(value), \"get must find every pair iter() yields (law `get_iter`)\");\n}"
    };
    Some(Law::new("get_iter", template, move |v| {
        let x = cast::<T>(v);
        let pairs = pairs(x, MOST_ITEMS + 1);
        if pairs.len() > MOST_ITEMS {
            return None;
        }
        for (key, value) in &pairs {
            let (key, value) = (key.get(), value.get());
            // A key not equal to itself (NaN) is found by no `==`.
            if k.eq.is_some_and(|key_eq| !key_eq(key, key)) {
                continue;
            }
            let got = get(x, key);
            if got.as_ref().is_none_or(|g| unequal(eq, g.get(), value)) {
                let got = ShownOption(got.as_ref().map(Item::get), debug);
                return Some(format!(
                    "`iter()` yields ({:?}, {:?}) but `get({:?})` is {got:?}",
                    Shown(key, key_debug),
                    Shown(value, debug),
                    Shown(key, key_debug)
                ));
            }
            if contains_key.is_some_and(|c| !c(x, key)) {
                return Some(format!(
                    "`iter()` yields the key {:?} but `contains_key` of it is false",
                    Shown(key, key_debug)
                ));
            }
        }
        None
    }))
}

/// Not public API. `get_remove`: a lookup (`get(&k)`, `get(i)` or
/// `contains(&x)`, named `lookup`) and the removal of the same key
/// (`remove`): what `remove` returns on a clone is what the lookup showed,
/// for the first, middle and last of the keys (indices, items) the value
/// has (each removal costs a clone): `count(x, most)` counts at most `most`
/// of them, `nth(x, i)` is the `i`-th. `shown` and `removed` return what
/// the two compare, of type `shown_ty` (the value, or `bool`); `key`
/// describes the keys.
#[allow(clippy::too_many_arguments)]
pub fn get_remove<T: 'static>(
    lookup: &'static str,
    count: fn(&T, usize) -> usize,
    nth: for<'a> fn(&'a T, usize) -> Option<Item<'a>>,
    shown: for<'a> fn(&'a T, &dyn Any) -> Option<Item<'a>>,
    removed: fn(&mut T, &dyn Any) -> Option<Box<dyn Any>>,
    t: TypeDesc,
    key: TypeDesc,
    shown_ty: TypeDesc,
    template: &'static str,
) -> Option<Law> {
    let (clone, key_debug) = (t.clone?, key.debug?);
    let (eq, debug) = comparable(&shown_ty)?;
    Some(Law::new("get_remove", template, move |v| {
        let x = cast::<T>(v);
        let n = count(x, MOST_ITEMS + 1);
        if n > MOST_ITEMS {
            return None;
        }
        let last = n.checked_sub(1)?;
        // First, middle and last, each once.
        let at = [0, last / 2, last];
        let picked = at.iter().enumerate().filter(|&(k, i)| k == 0 || *i != at[k - 1]).map(|(_, &i)| i);
        picked.filter_map(|i| nth(x, i)).find_map(|key| {
            let k = key.get();
            let shown = shown(x, k);
            let mut copy = clone(v);
            let removed = removed(copy.downcast_mut::<T>().expect("drt: a clone of the same type (bug in drt)"), k);
            let same = match (&shown, &removed) {
                (Some(a), Some(b)) => !unequal(eq, a.get(), &**b),
                (None, None) => true,
                _ => false,
            };
            (!same).then(|| {
                let (shown, removed) = (shown.as_ref().map(Item::get), removed.as_deref());
                let (shown, removed) = match (shown, removed) {
                    // `contains` and a `remove` saying whether it removed: `bool`s.
                    (Some(a), Some(b)) if lookup == "contains" => {
                        (format!("{:?}", Shown(a, debug)), format!("{:?}", Shown(b, debug)))
                    }
                    _ => (format!("{:?}", ShownOption(shown, debug)), format!("{:?}", ShownOption(removed, debug))),
                };
                let k = Shown(k, key_debug);
                format!("`{lookup}({k:?})` is {shown} but `remove({k:?})` returns {removed}")
            })
        })
    }))
}

/// Not public API. `capacity`: `len` and `fn capacity(&self) -> usize`,
/// with or without `fn is_full(&self) -> bool`: `len() <= capacity()`, and
/// `is_full() == (len() == capacity())`.
pub fn capacity<T: 'static>(
    len: fn(&T) -> usize,
    capacity: fn(&T) -> usize,
    is_full: Option<fn(&T) -> bool>,
) -> Option<Law> {
    let template = if is_full.is_some() {
        "assert!($0.len() <= $0.capacity(), \"len() must be at most capacity() (law `capacity`)\");\n\
         assert_eq!($0.is_full(), $0.len() == $0.capacity(), \"is_full() must say whether len() == capacity() (law `capacity`)\");"
    } else {
        "assert!($0.len() <= $0.capacity(), \"len() must be at most capacity() (law `capacity`)\");"
    };
    Some(Law::new("capacity", template, move |v| {
        let x = cast::<T>(v);
        let (n, c) = (len(x), capacity(x));
        if n > c {
            return Some(format!("`len()` is {n} but `capacity()` is {c}"));
        }
        let full = is_full.map(|f| f(x))?;
        (full != (n == c)).then(|| format!("`is_full()` is {full} but `len()` is {n} and `capacity()` {c}"))
    }))
}

/// A `peek_pop` assertion: the peek of a clone, then its pop.
macro_rules! peek_pop_template {
    ($peek:literal, $pop:literal) => {
        concat!(
            "let mut clone = $0.clone();\nlet peeked = clone.",
            $peek,
            "().cloned();\nassert_eq!(clone.",
            $pop,
            "(), peeked, \"",
            $peek,
            "() must show what ",
            $pop,
            "() then returns (law `peek_pop`)\");"
        )
    };
}

/// The peeks and pops `peek_pop` pairs, and the assertion of each.
pub const PEEK_POP: &[(&str, &str, &str)] = &[
    ("last", "pop", peek_pop_template!("last", "pop")),
    ("last", "pop_last", peek_pop_template!("last", "pop_last")),
    ("first", "pop_first", peek_pop_template!("first", "pop_first")),
    ("back", "pop_back", peek_pop_template!("back", "pop_back")),
    ("front", "pop_front", peek_pop_template!("front", "pop_front")),
    ("peek", "pop", peek_pop_template!("peek", "pop")),
];

/// Not public API. `peek_pop`: a peek (`fn back(&self) -> Option<&E>`) and
/// the pop of the same end (`fn pop_back(&mut self) -> Option<E>`), the
/// pair `(peek, pop)` of [`PEEK_POP`] by their names: what the peek shows is what the pop then
/// returns. Checked on a clone.
pub fn peek_pop<T: 'static>(
    pair: (&str, &str),
    peek: fn(&T) -> Option<Item<'_>>,
    pop: fn(&mut T) -> Option<Box<dyn Any>>,
    t: TypeDesc,
    e: TypeDesc,
) -> Option<Law> {
    let &(peek_name, pop_name, template) = PEEK_POP.iter().find(|(peek, pop, _)| (*peek, *pop) == pair)?;
    let (clone, clone_item) = (t.clone?, e.clone?);
    let (eq, debug) = comparable(&e)?;
    Some(Law::new("peek_pop", template, move |v| {
        let mut copy = clone(v);
        let x = copy.downcast_mut::<T>().expect("drt: a clone of the same type (bug in drt)");
        let peeked = peek(x).map(|p| clone_item(p.get()));
        let popped = pop(x);
        let same = match (&peeked, &popped) {
            (Some(a), Some(b)) => !unequal(eq, &**a, &**b),
            (None, None) => true,
            _ => false,
        };
        (!same).then(|| {
            format!(
                "`{peek_name}()` is {:?} but `{pop_name}()` then returns {:?}",
                ShownOption(peeked.as_deref(), debug),
                ShownOption(popped.as_deref(), debug)
            )
        })
    }))
}

/// Not public API. `default_new`: `Default` and `fn new() -> Self`:
/// `T::new() == T::default()`, checked on what `new` returned.
pub fn default_new<T: 'static>(t: TypeDesc) -> Option<Law> {
    let (default, eq, debug) = (t.default?, t.eq?, t.debug?);
    Some(
        Law::new(
            "default_new",
            "fn default_like<T: Default>(_: &T) -> T {\n    T::default()\n}\n\
                   assert!($0 == default_like(&$0), \"new() must equal default() (law `default_new`)\");",
            move |v| {
                let made = default();
                unequal(eq, v, &*made)
                    .then(|| format!("`new()` is {:?} but `default()` is {:?}", Shown(v, debug), Shown(&*made, debug)))
            },
        )
        .after("new"),
    )
}

/// Not public API. The compound assignment of an `op_assign` law, as its
/// block implements it: its right operand by value (a clone) or by
/// reference.
pub enum Assign<T> {
    /// `impl AddAssign for Money`.
    ByValue(fn(&mut T, T)),
    /// `impl BitAndAssign<&Bits> for Bits`.
    ByRef(fn(&mut T, &T)),
}

/// Not public API. `op_assign`: a compound assignment (`symbol` `&` for
/// `&=`), and the plain operator `operators`' probes found (`None`: the
/// type has none returning itself): `x op= y` leaves `x` equal to `x op
/// y`. Checked on a clone, with each value of the type the sequence holds.
pub fn op_assign<T: 'static>(
    symbol: &'static str,
    assign: Assign<T>,
    plain: Option<operators::Plain<T>>,
    t: TypeDesc,
) -> Option<Law> {
    let operators::Plain { op, written, template } = plain?;
    let (clone, eq, debug) = (t.clone?, t.eq?, t.debug?);
    let right = if matches!(assign, Assign::ByRef(_)) { "&y" } else { "y" };
    Some(Law::pair("op_assign", template, move |x, y| {
        let mut assigned = owned(cast::<T>(x), Some(clone));
        match assign {
            Assign::ByValue(f) => f(&mut assigned, owned(cast::<T>(y), Some(clone))),
            Assign::ByRef(f) => f(&mut assigned, cast::<T>(y)),
        }
        let plain = op(cast::<T>(x), cast::<T>(y));
        unequal(eq, &assigned, &plain).then(|| {
            format!(
                "`x {symbol}= {right}` makes x {:?} but `{written}` is {:?}, where y = {:?}",
                Shown(&assigned, debug),
                Shown(&plain, debug),
                Shown(y, debug)
            )
        })
    }))
}

/// The longest `Display` text `roundtrip` parses back.
const MOST_TEXT: usize = 1 << 16;

/// Not public API. `roundtrip`: `Display`, `FromStr` (`parse`) and
/// `PartialEq`: `x.to_string().parse() == Ok(x)`.
pub fn roundtrip<T: 'static>(t: TypeDesc, parse: Option<ParseFn>) -> Option<Law> {
    let (display, parse, eq, debug) = (t.display?, parse?, t.eq?, t.debug?);
    Some(Law::new(
        "roundtrip",
        "fn parse_like<T: std::str::FromStr>(_: &T, text: &str) -> Result<T, T::Err> {\n    text.parse()\n}\n\
                   let text = $0.to_string();\n\
                   let parsed = parse_like(&$0, &text);\n\
                   assert!(\n    matches!(&parsed, Ok(back) if *back == $0),\n    \
                   \"to_string() must parse back as the same value (law `roundtrip`): {text:?} parses as {parsed:?}\"\n);",
        move |v| {
            let text = bounded_text(v, display)?;
            let verdict = match parse(&text) {
                Ok(back) if !unequal(eq, &*back, v) => return None,
                Ok(back) => format!("parses back as {:?}", Shown(&*back, debug)),
                Err(e) => format!("does not parse back: {e}"),
            };
            Some(format!("`to_string()` is {text:?}, which {verdict}"))
        }
    ).beyond_operations().every_value())
}

/// The value's `Display` text, or `None` when longer than [`MOST_TEXT`].
fn bounded_text(v: &dyn Any, display: FmtFn) -> Option<String> {
    struct Capped(String);
    impl fmt::Write for Capped {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            if self.0.len() + s.len() > MOST_TEXT {
                return Err(fmt::Error);
            }
            self.0.push_str(s);
            Ok(())
        }
    }
    struct Fmt<'a>(&'a dyn Any, FmtFn);
    impl fmt::Display for Fmt<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            (self.1)(self.0, f)
        }
    }
    let mut out = Capped(String::new());
    fmt::write(&mut out, format_args!("{}", Fmt(v, display))).ok()?;
    Some(out.0)
}

fn parse_of<T: std::str::FromStr<Err: fmt::Debug> + 'static>() -> Option<ParseFn> {
    Some(|text| text.parse::<T>().map(|v| Box::new(v) as Box<dyn Any>).map_err(|e| format!("{e:?}")))
}

/// Not public API. `FromStr` detection by autoref specialization, as in
/// `probe`: `(&&Probe::<T>::new()).drt_parse()`.
pub trait ParseYes {
    /// Not public API.
    fn drt_parse(&self) -> Option<ParseFn>;
}
impl<T: std::str::FromStr<Err: fmt::Debug> + 'static> ParseYes for &super::probe::Probe<T> {
    fn drt_parse(&self) -> Option<ParseFn> {
        parse_of::<T>()
    }
}
/// Not public API.
pub trait ParseNo {
    /// Not public API.
    fn drt_parse(&self) -> Option<ParseFn>;
}
impl<T> ParseNo for super::probe::Probe<T> {
    fn drt_parse(&self) -> Option<ParseFn> {
        None
    }
}

/// Not public API. A law of a zero-argument `&self` method returning an
/// iterator (`exact_size`, `size_hint` or `iter_methods`, `name`), when it
/// `applies` (`iter_methods`: the items are `PartialEq`): `check` calls the
/// method and checks the iterator; `template` is the assertion with the
/// method's name, written by the macro, which knows it.
pub fn iterator<T: 'static>(
    name: &'static str,
    applies: bool,
    check: fn(&T) -> Option<String>,
    template: &'static str,
) -> Option<Law> {
    applies.then(|| Law::new(name, template, move |v| check(cast::<T>(v))))
}

/// Not public API. `exact_size` of one iterator: `len()` at first, and
/// after each `next()` that many fewer, is the number of items it then
/// yields.
pub fn exact_size<I: ExactSizeIterator>(mut it: I) -> Option<String> {
    let items = it.len();
    if items > MOST_ITEMS {
        return None;
    }
    let mut yielded = 0;
    while it.next().is_some() {
        yielded += 1;
        if yielded > items {
            return Some(format!("`len()` is {items} at first, but the iterator yields {yielded} items or more"));
        }
        let (left, said) = (items - yielded, it.len());
        if said != left {
            return Some(format!("`len()` is {items} at first, but after {yielded} `next()` it is {said}, not {left}"));
        }
    }
    (yielded != items).then(|| format!("`len()` is {items} at first, but the iterator yields {yielded} items"))
}

/// Not public API. `size_hint` of one iterator: before each `next()`, the
/// items left lie within `size_hint()`.
pub fn size_hint<I: Iterator>(mut it: I) -> Option<String> {
    let mut hints = vec![it.size_hint()];
    while it.next().is_some() {
        if hints.len() > MOST_ITEMS {
            return None;
        }
        hints.push(it.size_hint());
    }
    let items = hints.len() - 1;
    hints.into_iter().enumerate().find_map(|(i, (low, high))| {
        let left = items - i;
        let within = low <= left && high.is_none_or(|h| left <= h);
        (!within).then(|| format!("after {i} `next()`, {left} items are left but `size_hint()` is ({low}, {high:?})"))
    })
}

/// What plain `next()` calls on an iterator `make` makes yield, or `None`
/// past [`MOST_ITEMS`].
fn yielded<I: Iterator>(make: impl Fn() -> I) -> Option<Vec<I::Item>> {
    let mut it = make();
    let items: Vec<I::Item> = std::iter::from_fn(|| it.next()).take(MOST_ITEMS + 1).collect();
    (items.len() <= MOST_ITEMS).then_some(items)
}

/// Whether every item is equal to itself: items compared (`last()` against
/// the last `next()` yields) cannot be told apart when one is not (NaN).
#[allow(clippy::eq_op)] // What it asks.
fn reflexive<E: PartialEq>(items: &[E]) -> bool {
    items.iter().all(|item| item == item)
}

/// Not public API. How `iter_methods` gets fresh iterators: `make` calls
/// the method again. A probe (`IterMethodsYes`) checks only iterators whose
/// items are `PartialEq`.
pub struct Remake<F>(pub F);

/// Not public API. `iter_methods` of an iterator the method makes anew for
/// each check: its own `count`, `last`, `nth` and `fold` agree with what
/// `next()` yields (and `rev`, for a [`DoubleEndedIterator`]: see
/// [`IterRevYes`]).
pub trait IterMethodsYes {
    /// Not public API.
    fn drt_iter_methods(&self) -> Option<String>;
}

impl<F, I> IterMethodsYes for &Remake<F>
where
    F: Fn() -> I,
    I: Iterator,
    I::Item: PartialEq,
{
    fn drt_iter_methods(&self) -> Option<String> {
        let make = &self.0;
        let items = yielded(make)?;
        let n = items.len();
        let counted = make().count();
        if counted != n {
            return Some(format!("`count()` is {counted} but `next()` yields {n} items"));
        }
        let folded = make().fold(0, |c, _| c + 1);
        if folded != n {
            return Some(format!("`fold` visits {folded} items but `next()` yields {n}"));
        }
        if !reflexive(&items) {
            return None;
        }
        if make().last().as_ref() != items.last() {
            return Some(format!("`last()` is not the last of the {n} items `next()` yields"));
        }
        [0, 1, n / 2, n.saturating_sub(1), n, n + 1].into_iter().find_map(|k| {
            (make().nth(k).as_ref() != items.get(k))
                .then(|| format!("`nth({k})` is not item {k} of the {n} `next()` yields"))
        })
    }
}

/// Not public API.
pub trait IterMethodsNo {
    /// Not public API.
    fn drt_iter_methods(&self) -> Option<String>;
}

impl<F> IterMethodsNo for Remake<F> {
    fn drt_iter_methods(&self) -> Option<String> {
        None
    }
}

/// Not public API. `iter_methods` of a [`DoubleEndedIterator`]: `rev()`
/// yields what `next()` does, backwards.
pub trait IterRevYes {
    /// Not public API.
    fn drt_iter_rev(&self) -> Option<String>;
}

impl<F, I> IterRevYes for &Remake<F>
where
    F: Fn() -> I,
    I: DoubleEndedIterator,
    I::Item: PartialEq,
{
    fn drt_iter_rev(&self) -> Option<String> {
        let make = &self.0;
        let items = yielded(make)?;
        if !reflexive(&items) {
            return None;
        }
        let back: Vec<I::Item> = make().rev().take(items.len() + 1).collect();
        (!back.iter().eq(items.iter().rev()))
            .then(|| format!("`rev()` yields {} items, not the {} `next()` yields backwards", back.len(), items.len()))
    }
}

/// Not public API.
pub trait IterRevNo {
    /// Not public API.
    fn drt_iter_rev(&self) -> Option<String>;
}

impl<F> IterRevNo for Remake<F> {
    fn drt_iter_rev(&self) -> Option<String> {
        None
    }
}
