//! Whether two paired calls' results agree (as the plan says to compare
//! them), and the divergence reported when they do not, or when the
//! reference panics where the type under test returned.

use std::any::Any;

use super::plan::Compare;
use crate::oracle::{guarded, Shown};
use crate::outcome::{Returns, Violation};
use crate::report::FailureKind;
use crate::world::World;

/// The contract a divergence from the reference breaks.
pub(crate) const AGREES: &str = "agrees with the reference";
/// The contract the reference breaks when it panics where the type under test did not.
pub(crate) const REFERENCE_RETURNS: &str = "the reference does not panic where the type under test returns";

impl World<'_> {
    /// Whether two paired calls' results differ, as `compare` compares
    /// them. A value neither kept nor empty (a borrow of a type without
    /// `Clone`) is not compared, nor one whose `PartialEq` panics (the
    /// contracts report that).
    pub(crate) fn diverges(
        &self,
        ours: u32,
        theirs: u32,
        compare: Compare,
        a: Returns<'_>,
        b: Returns<'_>,
    ) -> Option<Violation> {
        // Whether two values are equal; `None` where that cannot be told.
        let equal = |x: &dyn Any, y: &dyn Any| -> Option<bool> {
            let eq = self.reg.types.get(&x.type_id()).and_then(|d| d.eq).filter(|_| x.type_id() == y.type_id())?;
            guarded(|| eq(x, y)).ok()
        };
        let kept_nothing = |r: Returns<'_>| r.value.is_none() && !r.empty;
        let differ = match compare {
            Compare::Nothing => return None,
            Compare::Values if kept_nothing(a) || kept_nothing(b) => return None,
            Compare::Emptiness => a.empty != b.empty,
            Compare::Results { values } => match (a.empty, b.empty) {
                (false, false) => match (a.value, b.value) {
                    (Some(x), Some(y)) if values => !equal(x, y)?,
                    _ => false,
                },
                (true, true) => match (a.error, b.error) {
                    (Some(x), Some(y)) => !equal(x, y)?,
                    _ => false,
                },
                _ => true,
            },
            Compare::Values => match (a.value, b.value) {
                (None, None) => false,
                (Some(_), None) | (None, Some(_)) => true,
                (Some(x), Some(y)) => !equal(x, y)?,
            },
        };
        differ.then(|| {
            let (ours, theirs) = (self.op(ours), self.op(theirs));
            Violation {
                kind: FailureKind::Divergence,
                contract: AGREES,
                message: format!(
                    "{} returned {}, but {} (the reference) returned {}",
                    ours.op.display,
                    self.result_text(&ours.op.spec, a),
                    theirs.op.display,
                    self.result_text(&theirs.op.spec, b),
                ),
                vars: Vec::new(),
                template: "",
            }
        })
    }

    /// The failure of a reference that panicked where the type under test returned.
    pub(crate) fn reference_panicked(&self, ours: u32, theirs: u32, caught: &crate::hook::Caught) -> Violation {
        Violation {
            kind: FailureKind::Divergence,
            contract: REFERENCE_RETURNS,
            message: format!(
                "{} returned, but {} (the reference) panicked: {}",
                self.op(ours).op.display,
                self.op(theirs).op.display,
                caught.message
            ),
            vars: Vec::new(),
            template: "",
        }
    }

    /// A call's result as its code would print it: `Some(3)`, `None`,
    /// `Err(Full)`, `Ok(())`, `3`.
    fn result_text(&self, spec: &crate::macro_support::OperationSpec, r: Returns<'_>) -> String {
        let shown = |v: &dyn Any| match self.reg.types.get(&v.type_id()) {
            Some(d) => Shown(d, v).to_string(),
            None => "<a value>".to_string(),
        };
        // A payload not kept: `()`, or a borrow drt cannot copy.
        let unkept = if spec.ret_ty.is_none() { "()" } else { ".." };
        match (spec.ret, r.value.map(shown)) {
            (ret, Some(t)) if ret.is_option() => format!("Some({t})"),
            (ret, None) if ret.is_option() && r.empty => "None".to_string(),
            (ret, None) if ret.is_option() => format!("Some({unkept})"),
            (ret, Some(t)) if ret.err().is_some() => format!("Ok({t})"),
            (ret, None) if ret.err().is_some() && r.empty => match r.error {
                Some(e) => format!("Err({})", shown(e)),
                None => "Err(..)".to_string(),
            },
            (ret, None) if ret.err().is_some() => format!("Ok({unkept})"),
            (_, Some(t)) => t,
            (_, None) => "nothing".to_string(),
        }
    }
}
