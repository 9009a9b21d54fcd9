//! Checking the laws after a call: each law of a value the call made or
//! changed, and each law of what it returned, run guarded (a panic inside
//! one breaks it too) and announced (a crash inside one is reproduced by
//! its assertion), as the default contracts are.

use std::any::TypeId;

use crate::macro_support::laws::{Law, LawCheck};
use crate::macro_support::Slot;
use crate::oracle::{announced, guarded, same_type, Shown};
use crate::outcome::Violation;
use crate::report::FailureKind;
use crate::world::World;

/// The most other values a law of two values pairs a value with.
const MOST_PARTNERS: usize = 4;

impl World<'_> {
    /// Checks the laws after a call of operation `op` (the last of
    /// `vars`): on the values it made or changed (`touched`), and on what it
    /// returned (the last variable).
    /// With `only`, that law alone is checked (a re-run of its failure:
    /// its test asserts it alone, and another law the same call breaks,
    /// not checked while exploring once reported, must not stop the run
    /// first).
    pub(crate) fn check_laws(
        &self,
        op: u32,
        touched: &[u32],
        vars: &[Slot],
        only: Option<&'static str>,
    ) -> Result<(), Violation> {
        if self.laws.is_empty() {
            return Ok(());
        }
        let returned = vars.len().saturating_sub(1) as u32;
        let keep = |_: TypeId, law: &'static str| only.is_none_or(|only| only == law);
        for &x in touched {
            self.check_value_laws(x, (x == returned).then_some(op), vars, keep)?;
        }
        Ok(())
    }

    /// Checks the laws checked on every value a call makes or changes
    /// (`Law::every_value`), before the formatting checks.
    /// (`only` as [`World::check_laws`] takes it.)
    pub(crate) fn check_every_value_laws(
        &self,
        touched: &[u32],
        vars: &[Slot],
        only: Option<&'static str>,
    ) -> Result<(), Violation> {
        if !self.laws.on_every_value() {
            return Ok(());
        }
        for &x in touched {
            let Some(value) = vars.get(x as usize).and_then(|v| v.as_deref()) else { continue };
            let laws = self.laws.on_values(value.type_id()).iter();
            for law in laws.filter(|l| l.every_value && only.is_none_or(|only| only == l.name)) {
                self.check_law(law, x, vars)?;
            }
        }
        Ok(())
    }

    /// Checks the laws of variable `x`'s value: its type's (but those
    /// checked on every value), and when it is what a call of operation
    /// `made_by` returned, that operation's.
    /// Generation checks them so on each value new to the pool (index
    /// pruning), once per distinct value, as it checks `Debug`: a law of a
    /// value equal to one checked holds as it did. It checks the laws
    /// `keep` keeps, by the value's type and the law's name.
    pub(crate) fn check_value_laws(
        &self,
        x: u32,
        made_by: Option<u32>,
        vars: &[Slot],
        keep: impl Fn(TypeId, &'static str) -> bool,
    ) -> Result<(), Violation> {
        if self.laws.is_empty() {
            return Ok(());
        }
        let Some(value) = vars.get(x as usize).and_then(|v| v.as_deref()) else { return Ok(()) };
        let ty = value.type_id();
        let mut laws = (self.laws.on_values(ty).iter().filter(|l| !l.every_value))
            .chain(made_by.map_or(&[][..], |op| self.laws.after(op)))
            .filter(|l| keep(ty, l.name))
            .peekable();
        if laws.peek().is_none() {
            return Ok(());
        }
        // Run after the sequence's coverage was read: counted, what they
        // run would be credited to the next sequence.
        crate::coverage::unobserved(|| laws.try_for_each(|law| self.check_law(law, x, vars)))
    }

    /// Checks law `law` on variable `x`'s value; a law of two values, with
    /// each of the latest [`MOST_PARTNERS`] others of its type, and with
    /// itself first.
    fn check_law(&self, law: &Law, x: u32, vars: &[Slot]) -> Result<(), Violation> {
        let value = |v: u32| vars[v as usize].as_deref().expect("checked variables hold values");
        match &law.check {
            LawCheck::Value(check) => self.check_law_on(law, &[x], vars, || check(value(x))),
            LawCheck::Pair(check) => {
                let mut partners = std::iter::once(x).chain(same_type(vars, value(x).type_id(), x).take(MOST_PARTNERS));
                partners.try_for_each(|y| self.check_law_on(law, &[x, y], vars, || check(value(x), value(y))))
            }
        }
    }

    /// Checks law `law` on the values of `on` by `check`.
    fn check_law_on(
        &self,
        law: &Law,
        on: &[u32],
        vars: &[Slot],
        check: impl FnOnce() -> Option<String>,
    ) -> Result<(), Violation> {
        let x = on[0];
        let said = match announced(law.name, law.template, on, || guarded(check)) {
            Ok(None) => return Ok(()),
            Ok(Some(said)) => said,
            Err(panic) if law.beyond_operations => {
                // A `Debug` or `Display` that panics breaks a contract: the
                // formatting checks see it only on values new to the pool
                // (a rescaled decimal equal to one seen is not), and say so.
                self.check_formatting(x, vars)?;
                format!("checking it panicked: {panic}")
            }
            // The operation that panics is reported when a call of it does.
            Err(_) => return Ok(()),
        };
        let value = vars[x as usize].as_deref().expect("checked variables hold values");
        let desc = self.reg.desc(value.type_id());
        Err(Violation {
            kind: FailureKind::Law,
            contract: law.name,
            message: broken(law.name, &said, &Shown(desc, value).to_string()),
            vars: on.to_vec(),
            template: law.template,
        })
    }
}

/// The message of law `name` broken: what was seen, on which value, what
/// the law says and where std states it, and how to skip it.
fn broken(name: &str, said: &str, value: &str) -> String {
    let (says, doc) = super::described(name);
    format!(
        "law `{name}` is broken: {said}, with x = {value}\n  \
         the law: {says} (std: {doc})\n  \
         not a law of this type? skip it: #[drt::operations(laws(skip({name})))]"
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_broken_law_says_what_it_saw_what_it_says_and_how_to_skip_it() {
        let message = super::broken("is_empty", "`is_empty()` is false but `len()` is 0", "Stack([])");
        assert_eq!(
            message,
            "law `is_empty` is broken: `is_empty()` is false but `len()` is 0, with x = Stack([])\n  \
             the law: `is_empty()` says whether `len() == 0` \
             (std: https://doc.rust-lang.org/std/vec/struct.Vec.html#method.is_empty)\n  \
             not a law of this type? skip it: #[drt::operations(laws(skip(is_empty)))]"
        );
    }
}
