//! Laws: the conventions std documents for Rust APIs, checked as default
//! oracles (DESIGN §3.8). Randoop checked default contracts over
//! `equals`/`hashCode`/`toString` on every new object (thesis §7, Fig 7-3);
//! Rust's vocabulary of conventions is far richer, and std's documentation
//! states it: `is_empty` is `len() == 0`, `iter()` yields `len()` items, a
//! peek shows what the pop returns.
//!
//! `#[drt::operations]` registers a law where an impl block's signatures
//! match its convention exactly (`macro_support::laws`); this room decides
//! which registered laws an exploration checks ([`Laws`]), names where std
//! states each ([`CATALOGUE`]), and checks them after each call
//! (`check`), through one seam: `World::check_laws`, which the oracles call.

mod check;

use rustc_hash::FxHashMap;
use std::any::TypeId;

use crate::macro_support::laws::Law;
use crate::macro_support::{OpKind, OperationSpec};
use crate::registry::Registry;

/// Every law: its name, what it says, and where std (or the API
/// guidelines' tooling) states it. The macro's list of names
/// (`drt-macros/src/laws.rs`) is the same, in the same order.
pub(crate) const CATALOGUE: &[(&str, &str, &str)] = &[
    (
        "is_empty",
        "`is_empty()` says whether `len() == 0`",
        "https://doc.rust-lang.org/std/vec/struct.Vec.html#method.is_empty",
    ),
    (
        "len_iter",
        "`len()` is the number of items `iter()` (`keys()`, `values()`) yields",
        "https://doc.rust-lang.org/std/vec/struct.Vec.html#method.len",
    ),
    (
        "exact_size",
        "an `ExactSizeIterator`'s `len()` is the number of items left",
        "https://doc.rust-lang.org/std/iter/trait.ExactSizeIterator.html",
    ),
    (
        "size_hint",
        "the items an iterator yields lie within its `size_hint()`",
        "https://doc.rust-lang.org/std/iter/trait.Iterator.html#method.size_hint",
    ),
    (
        "iter_methods",
        "an iterator's own `count`, `last`, `nth`, `fold` and `rev` agree with calling `next()`",
        "https://doc.rust-lang.org/std/iter/trait.Iterator.html#provided-methods",
    ),
    (
        "get_iter",
        "`get` finds every item `iter()` yields, where it yields it",
        "https://doc.rust-lang.org/std/primitive.slice.html#method.get",
    ),
    (
        "contains_iter",
        "`contains` is true of every item `iter()` yields",
        "https://doc.rust-lang.org/std/collections/struct.HashSet.html#method.contains",
    ),
    (
        "get_remove",
        "`remove` returns what `get` (`contains`) shows of the key it removes",
        "https://doc.rust-lang.org/std/collections/struct.HashMap.html#method.remove",
    ),
    (
        "peek_pop",
        "what a peek (`last`, `back`, `first`, `front`, `peek`) shows is what the pop of that end returns",
        "https://doc.rust-lang.org/std/collections/struct.VecDeque.html#method.back",
    ),
    (
        "capacity",
        "`len() <= capacity()`, and `is_full()` says whether `len() == capacity()`",
        "https://doc.rust-lang.org/std/vec/struct.Vec.html#capacity-and-reallocation",
    ),
    ("op_assign", "`a op= b` leaves `a` equal to `a op b`", "https://doc.rust-lang.org/std/ops/trait.AddAssign.html"),
    (
        "roundtrip",
        "`to_string()` parses back as the same value",
        "https://doc.rust-lang.org/std/str/trait.FromStr.html",
    ),
    (
        "default_new",
        "`T::new()` equals `T::default()`",
        "https://rust-lang.github.io/rust-clippy/master/index.html#new_without_default",
    ),
];

/// What law `name` says and where std states it.
pub(crate) fn described(name: &str) -> (&'static str, &'static str) {
    CATALOGUE.iter().find(|(n, _, _)| *n == name).map_or(("", ""), |(_, says, doc)| (*says, *doc))
}

/// The laws one exploration checks: per type, those checked on every value
/// a call makes or changes; per operation, those checked on what its
/// calls return. Empty when laws are off.
#[derive(Default)]
pub(crate) struct Laws<'r> {
    on_values: FxHashMap<TypeId, Vec<&'r Law>>,
    /// By operation number.
    after: FxHashMap<u32, Vec<&'r Law>>,
    /// Every (type, law) checked, for `Stats::laws`.
    applied: Vec<(TypeId, &'static str)>,
    /// Whether a law is checked on every value a call touches
    /// (`Law::every_value`): else none is, after each call.
    every_value: bool,
}

impl<'r> Laws<'r> {
    /// The registered laws of the types the operations `ops` (numbered in
    /// order) make or take.
    pub fn new<'a>(reg: &'r Registry, ops: impl Iterator<Item = &'a OperationSpec>) -> Laws<'r> {
        let mut laws = Laws::default();
        let ops: Vec<&OperationSpec> = ops.collect();
        let mut types: Vec<TypeId> = ops.iter().flat_map(|o| std::iter::once(o.owner).chain(o.ret_ty)).collect();
        types.sort_by_key(|t| reg.types.get(t).map(|d| d.name));
        types.dedup();
        for ty in types {
            for law in reg.laws.get(&ty).into_iter().flatten() {
                if law.after.is_empty() {
                    laws.every_value |= law.every_value;
                    laws.on_values.entry(ty).or_default().push(law);
                } else {
                    let made_by = |o: &OperationSpec| {
                        o.owner == ty && o.kind == OpKind::Method && o.name == law.after && o.ret_ty == Some(ty)
                    };
                    let found: Vec<u32> = (0..ops.len() as u32).filter(|&i| made_by(ops[i as usize])).collect();
                    if found.is_empty() {
                        continue;
                    }
                    for i in found {
                        laws.after.entry(i).or_default().push(law);
                    }
                }
                if !laws.applied.contains(&(ty, law.name)) {
                    laws.applied.push((ty, law.name));
                }
            }
        }
        laws
    }

    /// Whether no law is checked.
    pub fn is_empty(&self) -> bool {
        self.applied.is_empty()
    }

    /// Whether some law is checked on every value a call touches.
    pub fn on_every_value(&self) -> bool {
        self.every_value
    }

    /// The laws checked on every value of type `ty` a call makes or changes.
    pub fn on_values(&self, ty: TypeId) -> &[&'r Law] {
        self.on_values.get(&ty).map_or(&[], Vec::as_slice)
    }

    /// The laws checked on what a call of operation `op` returns.
    pub fn after(&self, op: u32) -> &[&'r Law] {
        self.after.get(&op).map_or(&[], Vec::as_slice)
    }

    /// Which laws are checked on which types, as `Stats::laws` says it:
    /// (type, law), by type then in the catalogue's order.
    pub fn applied(&self, reg: &Registry) -> Vec<(String, String)> {
        let order = |name: &str| CATALOGUE.iter().position(|(n, _, _)| *n == name);
        let mut out: Vec<_> = self.applied.iter().map(|(ty, law)| (reg.desc(*ty).name, *law)).collect();
        out.sort_by_key(|(ty, law)| (*ty, order(law)));
        out.into_iter().map(|(ty, law)| (crate::names::display_type_name(ty), law.to_string())).collect()
    }
}
