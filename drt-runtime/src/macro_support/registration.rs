//! Not public API. How an impl block describes itself: one registration
//! function per block, submitted through `inventory`, called with a
//! [`Registrar`] the first time an exploration starts.

use std::any::TypeId;

use super::laws::Law;
use super::spec::{Invariant, Literal, OperationSpec, SeedSpec, VecBuilder};
use super::type_desc::TypeDesc;

/// Not public API. One impl block's registration function.
pub struct Registration {
    /// Describes the impl block to the registrar.
    pub register: fn(&mut Registrar),
}

inventory::collect!(Registration);

/// Whether a registered block's crate was built with a feature `drt`.
static FEATURE_DRT: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether some registered block's crate was built with a feature named
/// `drt` (known once the registry is read, at the first exploration).
pub(crate) fn built_with_feature_drt() -> bool {
    FEATURE_DRT.load(std::sync::atomic::Ordering::Relaxed)
}

/// Not public API. Receives one impl block's description.
#[derive(Default)]
pub struct Registrar {
    pub(crate) owner: Option<TypeId>,
    pub(crate) types: Vec<TypeDesc>,
    pub(crate) ops: Vec<OperationSpec>,
    pub(crate) literals: Vec<(TypeId, Literal)>,
    pub(crate) vecs: Vec<VecBuilder>,
    pub(crate) invariants: Vec<(TypeId, Invariant)>,
    pub(crate) laws: Vec<(TypeId, Law)>,
    /// Per type, the laws `laws(skip(...))` names on any of its blocks.
    pub(crate) skipped_laws: Vec<(TypeId, &'static str)>,
    pub(crate) seeds: Vec<(TypeId, SeedSpec)>,
    /// Per owner, `crate = "path"` and the module it was written in.
    pub(crate) drt_paths: Vec<(TypeId, &'static str, &'static str)>,
}

impl Registrar {
    /// Not public API. Registers a `seeds(...)` value.
    pub fn seed(&mut self, seed: SeedSpec) {
        let owner = self.owner.expect("drt: seed registered before owner (bug in drt)");
        self.seeds.push((owner, seed));
    }

    /// Not public API. Registers the owner type's invariant.
    pub fn invariant(&mut self, invariant: Invariant) {
        let owner = self.owner.expect("drt: invariant registered before owner (bug in drt)");
        self.invariants.push((owner, invariant));
    }

    /// Not public API. Registers a law of the owner type, when its
    /// constructor found the capabilities it needs.
    pub fn law(&mut self, law: Option<Law>) {
        let owner = self.owner.expect("drt: law registered before owner (bug in drt)");
        self.laws.extend(law.map(|law| (owner, law)));
    }

    /// Not public API. Says that laws `names` (`laws(skip(...))`) are not
    /// checked for the owner type, whichever of its blocks registers them.
    pub fn skip_laws(&mut self, names: &[&'static str]) {
        let owner = self.owner.expect("drt: laws skipped before owner (bug in drt)");
        self.skipped_laws.extend(names.iter().map(|name| (owner, *name)));
    }

    /// Not public API. Declares the impl block's self type.
    pub fn owner(&mut self, desc: TypeDesc) {
        self.owner = Some(desc.id);
        self.types.push(desc);
    }

    /// Not public API. Says whether the block's crate was built with a
    /// feature named `drt` (the README's setup for exploring from
    /// `tests/`), which the command replaying saved failures then names.
    pub fn feature_drt(&mut self, on: bool) {
        if on {
            FEATURE_DRT.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }

    /// Not public API. Says that the owner's block reaches drt by `path`
    /// (`crate = "path"`), written in `module` (`module_path!()`).
    pub fn drt_path(&mut self, module: &'static str, path: &'static str) {
        let owner = self.owner.expect("drt: drt path registered before owner (bug in drt)");
        self.drt_paths.push((owner, module, path));
    }

    /// Not public API. Describes a type the block mentions.
    pub fn type_desc(&mut self, desc: TypeDesc) {
        self.types.push(desc);
    }

    /// Not public API. Registers an operation.
    pub fn operation(&mut self, op: OperationSpec) {
        self.ops.push(op);
    }

    /// Not public API. Registers built-in value builders
    /// ([`super::builders`]); registering one twice is harmless.
    pub fn builders(&mut self, specs: Vec<OperationSpec>) {
        self.ops.extend(specs);
    }

    /// Not public API. Registers a literal mined from a method body.
    pub fn literal(&mut self, lit: Literal) {
        let owner = self.owner.expect("drt: literal registered before owner (bug in drt)");
        self.literals.push((owner, lit));
    }

    /// Not public API. Lets the engine build `Vec<T>` from values of `T`.
    pub fn vec_of<T: 'static>(&mut self) {
        self.vecs.push(VecBuilder {
            elem: TypeId::of::<T>(),
            fields: [TypeId::of::<T>(); 2],
            arity: 1,
            vec: TypeId::of::<Vec<T>>(),
            new: || crate::value::Value::new(Vec::<T>::new()),
            push: |v, next| {
                let v = v.downcast_mut::<Vec<T>>().expect("drt: vec builder (bug in drt)");
                v.push(element::<T>(next()));
            },
        });
    }

    /// Not public API. Lets the engine build `Vec<(A, B)>` (the pairs a
    /// map's `extend` or `from_iter` takes) from values of `A` and `B`.
    pub fn vec_of_pairs<A: 'static, B: 'static>(&mut self) {
        self.vecs.push(VecBuilder {
            elem: TypeId::of::<(A, B)>(),
            fields: [TypeId::of::<A>(), TypeId::of::<B>()],
            arity: 2,
            vec: TypeId::of::<Vec<(A, B)>>(),
            new: || crate::value::Value::new(Vec::<(A, B)>::new()),
            push: |v, next| {
                let v = v.downcast_mut::<Vec<(A, B)>>().expect("drt: vec builder (bug in drt)");
                let a = element::<A>(next());
                v.push((a, element::<B>(next())));
            },
        });
    }
}

/// A vector element's value, of the type its builder says.
fn element<T: 'static>(x: crate::value::Value) -> T {
    x.downcast::<T>().unwrap_or_else(|_| panic!("drt: vec element (bug in drt)"))
}
