//! The frontier of the search: the code under test's edge coverage (when
//! it was built for it and the settings use it), and per type, the values of
//! pool sequences that reached edges no earlier sequence did, extended more
//! often than the rest (AFL's favoured entries, recast for a pool of values).

use std::any::TypeId;

use crate::coverage::Feedback;
use crate::pool::Offer;

/// Probability that a value from the pool is taken from a sequence that
/// reached new edges (when there are such), rather than from any.
pub(super) const FAVOUR_PROBABILITY: f64 = 0.5;

/// The edges reached so far, and the values that reached new ones.
pub(super) struct Frontier {
    coverage: Option<Feedback>,
    favoured: rustc_hash::FxHashMap<TypeId, Vec<Offer>>,
}

impl Frontier {
    /// A frontier over `coverage`; with none, nothing is ever favoured.
    pub fn new(coverage: Option<Feedback>) -> Frontier {
        Frontier { coverage, favoured: Default::default() }
    }

    /// Whether edges are counted.
    pub fn measured(&self) -> bool {
        self.coverage.is_some()
    }

    /// The edges the last run reached that no earlier one did (0 when
    /// edges are not counted).
    pub fn collect(&mut self) -> u32 {
        self.coverage.as_mut().map_or(0, Feedback::collect)
    }

    /// Forgets the coverage of runs that were not exploring (replays,
    /// minimizations), so the next sequence is credited with its own only.
    pub fn forget(&self) {
        if let Some(c) = &self.coverage {
            c.clear();
        }
    }

    /// Favours the `touched` values of pool entry `entry` (of length
    /// `len`), which reached new edges.
    pub fn favour(&mut self, touched: &[(u32, TypeId)], entry: u32, len: usize) {
        for &(var, ty) in touched {
            self.favoured.entry(ty).or_default().push(Offer { entry, var, len: len as u32 });
        }
    }

    /// The favoured values of type `ty`, when there are some.
    pub fn favoured(&self, ty: TypeId) -> Option<&[Offer]> {
        self.favoured.get(&ty).filter(|f| !f.is_empty()).map(Vec::as_slice)
    }

    /// Forgets the favoured values: the pool's entries were renumbered.
    pub fn clear(&mut self) {
        self.favoured.clear();
    }

    /// Whether the last runs entered a function no earlier run had (the
    /// list of those never entered changed).
    pub fn functions_changed(&mut self) -> bool {
        self.coverage.as_mut().is_some_and(Feedback::functions_changed)
    }

    /// The edges reached and instrumented, and the functions never
    /// entered, for the report.
    pub fn report(&self) -> Option<crate::report::Coverage> {
        let c = self.coverage.as_ref()?;
        let (functions, unentered) = c.functions().unwrap_or_default();
        Some(crate::report::Coverage { reached: c.reached(), total: c.total(), functions, unentered })
    }
}
