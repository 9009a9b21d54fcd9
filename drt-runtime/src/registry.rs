//! Everything `#[drt::operations]` registered, collected from `inventory` once
//! per process and put in a stable order (inventory's own order is
//! unspecified, and seeded choices must not depend on link order).

use rustc_hash::FxHashMap;
use std::any::TypeId;
use std::sync::OnceLock;

use crate::macro_support::laws::Law;
use crate::macro_support::{
    Invariant, Literal, OpKind, OperationSpec, Registrar, Registration, SeedSpec, Syntax, TypeDesc, VecBuilder,
};

/// An operation with the names the engine prints.
#[derive(Clone, Debug)]
pub(crate) struct Operation {
    pub spec: OperationSpec,
    /// The owner's full type name, as `type_name` gives it.
    pub owner_name: &'static str,
    /// `Account::withdraw`.
    pub display: String,
    /// `my_crate::bank::Account::withdraw`: names the operation in files and
    /// between processes.
    pub path: String,
}

/// Every registration in the process, in a stable order.
#[derive(Debug)]
pub(crate) struct Registry {
    pub types: FxHashMap<TypeId, TypeDesc>,
    pub ops: Vec<Operation>,
    pub literals: Vec<(TypeId, Literal)>,
    pub vecs: Vec<VecBuilder>,
    pub invariants: FxHashMap<TypeId, Invariant>,
    /// Per type, the laws its impl blocks' signatures make applicable, by
    /// name (each once: two blocks may both register one).
    pub laws: FxHashMap<TypeId, Vec<Law>>,
    /// `seeds(...)` values, by the impl block that gave them.
    pub seeds: Vec<(TypeId, SeedSpec)>,
    /// Types whose values get contract checks: not std's own.
    pub checked: rustc_hash::FxHashSet<TypeId>,
    /// Per type whose impl block said `crate = "path"`, the path emitted
    /// tests reach drt by: as an integration test writes it.
    pub drt_paths: FxHashMap<TypeId, String>,
}

impl Registry {
    /// The process-wide registry, collected on first use.
    pub fn global() -> &'static Registry {
        static REGISTRY: OnceLock<Registry> = OnceLock::new();
        REGISTRY.get_or_init(|| Registry::from_registrar(Registry::registered()))
    }

    /// Every registration in the process, and `more`'s (a reference's
    /// that no impl block registers: a std collection's methods). The
    /// process's descriptors come first, so `more` adds types, never
    /// changes one.
    pub fn with(more: impl FnOnce(&mut Registrar)) -> Registry {
        let mut r = Registry::registered();
        r.owner = None;
        more(&mut r);
        Registry::from_registrar(r)
    }

    fn registered() -> Registrar {
        let mut r = Registrar::default();
        for reg in inventory::iter::<Registration> {
            r.owner = None;
            (reg.register)(&mut r);
        }
        r
    }

    fn from_registrar(r: Registrar) -> Registry {
        let mut types = FxHashMap::default();
        for desc in r.types.into_iter().chain(crate::macro_support::builtin_types()) {
            types.entry(desc.id).or_insert(desc);
        }
        let mut ops: Vec<Operation> = r
            .ops
            .into_iter()
            .map(|spec| {
                let owner_name = types[&spec.owner].name;
                let display = match spec.kind {
                    OpKind::Builder(_) | OpKind::Seed => crate::names::display_type_name(owner_name),
                    OpKind::Generator => spec.name.to_string(),
                    OpKind::Method => format!("{}::{}", crate::names::display_type_name(owner_name), spec.name),
                };
                let path = match (spec.syntax, spec.trait_name) {
                    (Syntax::Template(t), _) => format!("{owner_name}::{{{t}}}"),
                    (Syntax::Function(path), _) => path.to_string(),
                    (_, "") => format!("{owner_name}::{}", spec.name),
                    (_, t) => format!("<{owner_name} as {t}>::{}", spec.name),
                };
                Operation { spec, owner_name, display, path }
            })
            .collect();
        // The path is unique (an inherent `add` and `Add::add`, two builders
        // of one type), but for a std reference's overloads (`BTreeSet`'s
        // `range` of a `Range` and of a `RangeInclusive`): the order does not
        // depend on inventory's.
        ops.sort_by(|a, b| (a.owner_name, &a.path).cmp(&(b.owner_name, &b.path)));
        // Every impl block taking a `Range<usize>` registers its builders.
        let params = |o: &Operation| o.spec.params.iter().map(|p| (p.ty, p.kind)).collect::<Vec<_>>();
        ops.dedup_by(|a, b| a.path == b.path && params(a) == params(b));
        let mut literals = r.literals;
        literals.sort_by_key(|(owner, lit)| (types[owner].name, format!("{lit:?}")));
        literals.dedup();
        let mut vecs = r.vecs;
        vecs.sort_by_key(|v| types.get(&v.vec).map(|d| d.name));
        vecs.dedup_by_key(|v| v.vec);
        let invariants = r.invariants.into_iter().collect();
        let mut laws: FxHashMap<TypeId, Vec<Law>> = FxHashMap::default();
        for (owner, law) in r.laws {
            if !r.skipped_laws.contains(&(owner, law.name)) {
                laws.entry(owner).or_default().push(law);
            }
        }
        for list in laws.values_mut() {
            list.sort_by_key(|l| (l.name, l.template));
            list.dedup_by_key(|l| (l.name, l.template));
        }
        let checked = types.values().filter(|d| !crate::names::is_std(d.name)).map(|d| d.id).collect();
        let mut seeds = r.seeds;
        seeds.sort_by_key(|(owner, s)| (types[owner].name, types[&s.ty].name));
        let drt_paths =
            r.drt_paths.into_iter().map(|(owner, module, path)| (owner, outside_path(module, path))).collect();
        Registry { types, ops, literals, vecs, invariants, laws, checked, seeds, drt_paths }
    }

    /// The descriptor of a registered type.
    pub fn desc(&self, id: TypeId) -> &TypeDesc {
        self.types.get(&id).expect("drt: type used without a descriptor (bug in drt)")
    }
}

/// `path`, written in module `module`, as code outside the crate names it:
/// `crate::testing::drt` in `shop::cart` -> `shop::testing::drt`,
/// `super::drt` -> `shop::drt`, `::facade::drt` -> `facade::drt`. Any
/// other path starts with a crate's name already.
fn outside_path(module: &str, path: &str) -> String {
    if let Some(rest) = path.strip_prefix("::") {
        return rest.to_string();
    }
    let mut base: Vec<&str> = module.split("::").collect();
    let mut rest = path.split("::").peekable();
    match rest.peek() {
        Some(&"crate") => base.truncate(1),
        Some(&"self" | &"super") => {}
        _ => return path.to_string(),
    }
    while let Some(&first) = rest.peek() {
        match first {
            "crate" | "self" => {}
            "super" if base.len() > 1 => {
                base.pop();
            }
            _ => break,
        }
        rest.next();
    }
    base.extend(rest);
    base.join("::")
}

#[cfg(test)]
mod tests {
    use super::outside_path;

    #[test]
    fn a_drt_path_is_named_as_outside_the_crate() {
        assert_eq!(outside_path("shop::cart", "crate::testing::drt"), "shop::testing::drt");
        assert_eq!(outside_path("shop::cart", "super::drt"), "shop::drt");
        assert_eq!(outside_path("shop::cart::items", "super::super::drt"), "shop::drt");
        assert_eq!(outside_path("shop::cart", "self::drt"), "shop::cart::drt");
        assert_eq!(outside_path("shop::cart", "::facade::drt"), "facade::drt");
        assert_eq!(outside_path("shop::cart", "facade::drt"), "facade::drt");
        assert_eq!(outside_path("shop", "my_drt"), "my_drt");
    }
}
