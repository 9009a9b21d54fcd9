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
            Compare::Numbers => match (a.empty, b.empty) {
                (false, false) => match (a.value, b.value) {
                    (Some(x), Some(y)) => self.number_text(x)? != self.number_text(y)?,
                    _ => false,
                },
                (empty, theirs) => empty != theirs,
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
                    self.result_text(&ours.op.spec, a, compare),
                    theirs.op.display,
                    self.result_text(&theirs.op.spec, b, compare),
                ),
                vars: Vec::new(),
                template: "",
            }
        })
    }

    /// A value as a number's text (`Compare::Numbers`): its `Display`
    /// when that is one, else its `Debug` read through tuple-struct
    /// wrappers ([`numeric`]); a pair's, part by part; `None` when neither
    /// is (`Wide { hi, lo }` with no `Display`).
    fn number_text(&self, v: &dyn Any) -> Option<String> {
        let d = self.reg.types.get(&v.type_id())?;
        if let Some(parts) = d.parts {
            let [a, b] = parts(v);
            return Some(format!("({}, {})", self.number_text(a)?, self.number_text(b)?));
        }
        let display = guarded(|| d.display_text(v)).ok().flatten();
        display.and_then(|t| numeric(&t)).or_else(|| numeric(&guarded(|| d.debug_text(v)).ok()??))
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
    /// `Err(Full)`, `Ok(())`, `3`; compared as numbers, as their texts.
    fn result_text(&self, spec: &crate::macro_support::OperationSpec, r: Returns<'_>, compare: Compare) -> String {
        let shown = |v: &dyn Any| match self.reg.types.get(&v.type_id()) {
            _ if compare == Compare::Numbers => self.number_text(v).unwrap_or_else(|| "<a value>".to_string()),
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

/// `text` with its one-field tuple-struct wrappers taken off (`Wide(5)` ->
/// `5`, `(U(1), true)` -> `(1, true)`), when what is left is made of
/// integers, `bool`s, `Some` / `None` / `Ok` / `Err`, tuples and arrays,
/// as std's integers and their tuples print; `None` otherwise (a struct's
/// fields, hexadecimal, a wrapper of two fields).
pub(crate) fn numeric(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    // Per open parenthesis, whether it is kept (not a wrapper's).
    let mut kept: Vec<bool> = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            _ if c.is_alphabetic() || c == '_' => {
                let mut end = at + c.len_utf8();
                while let Some(&(i, d)) = chars.peek().filter(|(_, d)| d.is_alphanumeric() || *d == '_' || *d == ':') {
                    end = i + d.len_utf8();
                    chars.next();
                }
                let word = &text[at..end];
                let opens = chars.peek().is_some_and(|&(_, d)| d == '(');
                match word {
                    "true" | "false" | "None" => out.push_str(word),
                    "Some" | "Ok" | "Err" if opens => out.push_str(word),
                    _ if opens => {
                        chars.next();
                        kept.push(false);
                    }
                    _ => return None,
                }
            }
            '(' => {
                kept.push(true);
                out.push(c);
            }
            ')' => {
                if kept.pop()? {
                    out.push(c);
                }
            }
            // A wrapper of two fields is no number.
            ',' if kept.last() == Some(&false) => return None,
            _ if c.is_ascii_digit() || "-, []".contains(c) => out.push(c),
            _ => return None,
        }
    }
    kept.is_empty().then_some(out)
}

#[cfg(test)]
mod tests {
    use super::numeric;

    #[test]
    fn numbers_are_read_through_their_wrappers() {
        assert_eq!(numeric("5").as_deref(), Some("5"));
        assert_eq!(numeric("Wide(5)").as_deref(), Some("5"));
        assert_eq!(numeric("(U(1), true)").as_deref(), Some("(1, true)"));
        assert_eq!(numeric("Some(my::U(-1))").as_deref(), Some("Some(-1)"));
        assert_eq!(numeric("[1, 2]").as_deref(), Some("[1, 2]"));
        assert_eq!(numeric("Wide { hi: 0, lo: 5 }"), None);
        assert_eq!(numeric("Wide(0, 5)"), None);
        assert_eq!(numeric("0x1f"), None);
        assert_eq!(numeric("1.5"), None);
        assert_eq!(numeric("U(1"), None);
    }
}
