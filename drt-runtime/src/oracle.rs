//! Oracles: the default contracts Randoop checks (thesis Fig 7-3), recast for
//! Rust's traits, plus user invariants.
//!
//! After every call, each value the call produced or mutated is checked:
//! - `Hash`, `Debug` and `Display` do not panic;
//! - `x == x` (only for `Eq` types: a float-like `PartialEq` type may hold
//!   NaN, and its `==` need only not panic);
//! - `x.clone() == x` (when `x == x`);
//! - against every other live value of its type in the same sequence:
//!   `==` is symmetric, equal values hash alike, `cmp` agrees with `==` and
//!   with `partial_cmp` and is antisymmetric, `partial_cmp` agrees with `==`;
//!   and against pairs of them, `cmp` is transitive;
//! - the type's invariant, when it has one.
//!
//! A broken contract is a [`Violation`]: the failure's group key is its
//! contract, and its template renders the assertion that fails the same way in
//! the emitted test. Checks only ever compare values of one sequence, so the
//! emitted test holds every value it needs.

use std::any::{Any, TypeId};
use std::cmp::Ordering;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};

use crate::hook::{payload_text, SilentPanics};
use crate::macro_support::Invariant;
use crate::macro_support::Slot;
use crate::macro_support::TypeDesc;
use crate::outcome::Violation;
use crate::report::FailureKind;
use crate::world::World;

/// Other values of the same type compared with each checked value (the latest).
const MAX_PARTNERS: usize = 8;
/// Of those, the ones combined in pairs for transitivity.
const MAX_TRIPLE_PARTNERS: usize = 4;

pub(crate) struct Shown<'a>(pub &'a TypeDesc, pub &'a dyn Any);

impl fmt::Display for Shown<'_> {
    /// The value's `Debug` text; a `Debug` that panics (a crate's own
    /// assertion on the state its bug broke) is shown as such, not raised.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match guarded(|| self.0.debug_text(self.1)) {
            Ok(Some(text)) => f.write_str(&text),
            Ok(None) => write!(f, "<{} without Debug>", self.0.short_name()),
            Err(panic) => write!(f, "<Debug panicked: {panic}>"),
        }
    }
}

/// Discards what it is written; `Debug` / `Display` are run only to see that they do not panic.
/// Drops the text written to it, keeping an order-free digest of its
/// bytes: the sum of a random key per byte, so texts that are permutations
/// of each other (`{1, 2}` and `{2, 1}`) have the same digest. Values equal
/// in content but not in layout print such texts.
///
/// It takes [`CHECKED_TEXT`] bytes at most, then stops the printing by
/// unwinding out of it: printing a buffer of a gigabyte, which a size
/// argument made, took longer than the call timeout, and the first
/// megabyte tells whether printing works as well. (A `fmt::Error` would not
/// do: `Debug` of a `Vec` goes on through every element after one.)
struct Sink {
    digest: u64,
    /// The text it takes yet.
    left: usize,
    full: bool,
}

/// What [`Sink`] unwinds with when full.
struct TextCut;

/// The most text of one value [`Sink`] takes.
const CHECKED_TEXT: usize = 1 << 20;

impl Sink {
    fn new() -> Sink {
        Sink { digest: 0, left: CHECKED_TEXT, full: false }
    }

    /// Whether it cut the text short: the value's is longer than it checks.
    fn full(&self) -> bool {
        self.full
    }

    /// Writes `value` with `f`.
    fn print(&mut self, value: &dyn Any, f: crate::macro_support::FmtFn) {
        let _ = fmt::write(self, format_args!("{}", Fmt(value, f)));
    }
}

/// A key per byte value, for [`Sink`]'s digest (splitmix64 of the byte).
const BYTE_KEYS: [u64; 256] = {
    let mut keys = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut z = (b as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        keys[b] = z ^ (z >> 31);
        b += 1;
    }
    keys
};

impl fmt::Write for Sink {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let Some(left) = self.left.checked_sub(s.len()) else {
            self.full = true;
            // No panic: the hook is not told, and nothing is reported.
            std::panic::resume_unwind(Box::new(TextCut));
        };
        self.left = left;
        for b in s.bytes() {
            self.digest = self.digest.wrapping_add(BYTE_KEYS[b as usize]);
        }
        Ok(())
    }
}

struct Fmt<'a>(&'a dyn Any, crate::macro_support::FmtFn);

impl fmt::Display for Fmt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.1)(self.0, f)
    }
}

pub(crate) use crate::outcome::CheckAt;

/// Told of each check as it starts (`Some`) and ends (`None`), when a child
/// replaying a crash asked to be (see `isolate::job`); nobody otherwise.
type Announcer = Box<dyn Fn(Option<CheckAt>) + Send + Sync>;
static ANNOUNCER: std::sync::OnceLock<Announcer> = std::sync::OnceLock::new();

/// Has every check announced to `to` from now on, in this process.
pub(crate) fn announce_checks(to: Announcer) {
    let _ = ANNOUNCER.set(to);
}

/// Runs `check`, announced as `contract` with `template` over `vars`; a
/// memory error memcheck sees in it is kept for the call (see
/// [`memory_in_check`]).
#[inline]
pub(crate) fn announced<T>(contract: &str, template: &str, vars: &[u32], check: impl FnOnce() -> T) -> T {
    if crate::memcheck::watching() {
        return announced_watched(contract, template, vars, check);
    }
    told(|| CheckAt { contract: contract.into(), template: template.into(), vars: vars.to_vec() }, check)
}

/// Runs `check`, announced as the check `at` when a child replaying a
/// crash asked to be told ([`announce_checks`]).
#[inline]
fn told<T>(at: impl FnOnce() -> CheckAt, check: impl FnOnce() -> T) -> T {
    let Some(announce) = ANNOUNCER.get() else { return check() };
    announce(Some(at()));
    let out = check();
    announce(None);
    out
}

/// [`announced`] under memcheck: a memory error seen in the check is kept.
#[inline(never)]
fn announced_watched<T>(contract: &str, template: &str, vars: &[u32], check: impl FnOnce() -> T) -> T {
    let errors = crate::memcheck::count();
    let at = || CheckAt { contract: contract.into(), template: template.into(), vars: vars.to_vec() };
    let out = told(at, check);
    if let (Some(before), Some(report)) = (errors, crate::memcheck::new_error(errors)) {
        MEMORY_IN_CHECK.with(|m| {
            m.borrow_mut().get_or_insert((before, at(), report));
        });
    }
    out
}

thread_local! {
    /// The first memory error seen in a check since it was last taken: the
    /// error count before the check, the check, and memcheck's account.
    static MEMORY_IN_CHECK: std::cell::RefCell<Option<(crate::memcheck::Mark, CheckAt, String)>> =
        const { std::cell::RefCell::new(None) };
}

/// The first memory error memcheck saw in a check since the last time this
/// was asked (see [`announced`]).
pub(crate) fn memory_in_check() -> Option<(crate::memcheck::Mark, CheckAt, String)> {
    MEMORY_IN_CHECK.with(|m| m.borrow_mut().take())
}

/// The template of the check that clones a value, `x.clone() == x`.
const CLONE_CHECK: &str = "assert!($0.clone() == $0, \"a clone must equal its original\");";

/// The clones the check `x.clone() == x` made in a run, each with its
/// original's variable, kept until the run's own values are dropped: a
/// `Clone` that shares memory its original frees (a double free, a use
/// after free) then shows in the clone's drop, which [`drop_kept_clones`]
/// attributes to the check, so the emitted test runs the clone too.
/// Dropped at once, the clone would free the memory first, and the error
/// would show later in a call or a drop whose test has no clone, and passes.
pub(crate) type KeptClones = Vec<(crate::macro_support::Value, u32)>;

/// Drops the clones a run kept, in the order they were made, each announced as the check
/// that made it (a crash there is the check's); returns the first memory
/// error one's drop made: memcheck's account, the clone's type, and the check.
#[inline]
pub(crate) fn drop_kept_clones(kept: &mut KeptClones) -> Option<(String, TypeId, CheckAt)> {
    if kept.is_empty() {
        return None;
    }
    if !crate::memcheck::watching() && ANNOUNCER.get().is_none() {
        // Nobody to tell: dropped together, quietly (a panicking `Drop` is
        // seen when the original is dropped), the rest even after a panic.
        if panic::catch_unwind(AssertUnwindSafe(|| kept.clear())).is_err() {
            let _ = SilentPanics::take_last();
        }
        return None;
    }
    drop_kept_clones_told(kept)
}

/// [`drop_kept_clones`], each clone's drop announced and watched.
#[inline(never)]
fn drop_kept_clones_told(kept: &mut KeptClones) -> Option<(String, TypeId, CheckAt)> {
    let mut first = None;
    for (clone, x) in kept.drain(..) {
        let ty = (*clone).type_id();
        let at = || CheckAt { contract: "x.clone() == x".into(), template: CLONE_CHECK.into(), vars: vec![x] };
        let errors = crate::memcheck::count();
        // A panicking `Drop` is seen when the original is dropped.
        let _ = told(at, || guarded(move || drop(clone)));
        if let (None, Some(report)) = (&first, crate::memcheck::new_error(errors)) {
            first = Some((report, ty, at()));
        }
    }
    first
}

/// The attribute an emitted test needs for a statement `template` (clippy
/// denies `x == x` and `len() == 0` by default).
pub(crate) fn allow_for(template: &str) -> Option<&'static str> {
    if template.contains("$0 == $0") {
        return Some("#[allow(clippy::eq_op)]");
    }
    // The law `is_empty` states the convention itself: `is_empty()` is `len() == 0`.
    if template.contains(".len() == 0") {
        return Some("#[allow(clippy::len_zero)]");
    }
    // An iterator law of a method taking `self` runs on a clone, and so
    // does `op_assign`, which a `Copy` type needs not.
    (template.contains("$0.clone().") || template.contains("(law `op_assign`)"))
        .then_some("#[allow(clippy::clone_on_copy)]")
}

/// Runs a piece of user code (a trait method), catching a panic as its message.
pub(crate) fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    panic::catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let message = SilentPanics::take_last().map_or_else(|| payload_text(&*payload), |c| c.message);
        let _ = panic::catch_unwind(AssertUnwindSafe(move || drop(payload)));
        message
    })
}

struct Checker<'a> {
    desc: &'a TypeDesc,
    vars: &'a [Slot],
}

impl Checker<'_> {
    fn value(&self, var: u32) -> &dyn Any {
        self.vars[var as usize].as_deref().expect("checked variables hold values")
    }

    fn show(&self, var: u32) -> Shown<'_> {
        Shown(self.desc, self.value(var))
    }

    fn violation(&self, contract: &'static str, template: &'static str, vars: &[u32], details: String) -> Violation {
        Violation {
            kind: FailureKind::Contract,
            contract,
            // Quoted, so "cmp agrees with ==" is read as the rule, not a claim.
            message: format!("`{contract}` is broken: {details}"),
            vars: vars.to_vec(),
            template,
        }
    }

    /// Runs `check` on user code; a panic inside it breaks the contract too.
    fn run(
        &self,
        contract: &'static str,
        template: &'static str,
        vars: &[u32],
        check: impl FnOnce() -> Option<String>,
    ) -> Result<(), Violation> {
        match announced(contract, template, vars, || guarded(check)) {
            Ok(None) => Ok(()),
            Ok(Some(message)) => Err(self.violation(contract, template, vars, message)),
            Err(panic) => Err(self.violation(contract, template, vars, format!("panicked: {panic}"))),
        }
    }

    /// `Hash` does not panic (index pruning hashes every new value).
    fn hashing(&self, x: u32) -> Result<(), Violation> {
        let (Some(hash), true) = (self.desc.hash, self.desc.total_eq) else { return Ok(()) };
        const TEMPLATE: &str =
            "let _ = std::hash::BuildHasher::hash_one(&std::collections::hash_map::RandomState::new(), &$0);";
        const COPY_TEMPLATE: &str =
            "let _ = std::hash::BuildHasher::hash_one(&std::collections::hash_map::RandomState::new(), $0);";
        let template = if self.desc.copy { COPY_TEMPLATE } else { TEMPLATE };
        let value = self.value(x);
        self.run("Hash does not panic", template, &[x], || {
            hash(value);
            None
        })
    }

    /// Checks that `Debug` and `Display` do not panic; returns the order-free
    /// digest of the `Debug` text ([`Sink`]), when there is one.
    fn formatting(&self, x: u32) -> Result<Option<u64>, Violation> {
        let d = self.desc;
        let v = self.value(x);
        let mut digest = None;
        // The sink unwinds when full: no failure.
        let mut sink = Sink::new();
        if let Some(debug) = d.debug {
            let printed = self.run("Debug does not panic", "let _ = format!(\"{:?}\", $0);", &[x], || {
                sink.print(v, debug);
                digest = Some(sink.digest);
                None
            });
            printed.or_else(|v| if sink.full() { Ok(()) } else { Err(v) })?;
        }
        if let Some(display) = d.display {
            sink = Sink::new();
            let printed = self.run("Display does not panic", "let _ = $0.to_string();", &[x], || {
                sink.print(v, display);
                None
            });
            printed.or_else(|v| if sink.full() { Ok(()) } else { Err(v) })?;
        }
        Ok(digest)
    }

    fn unary(&self, x: u32, kept: &mut KeptClones) -> Result<(), Violation> {
        let d = self.desc;
        let v = self.value(x);
        let Some(eq) = d.eq else { return Ok(()) };
        let mut reflexive = false;
        if d.total_eq {
            self.run("x == x", "assert!($0 == $0, \"x == x must hold for Eq types\");", &[x], || {
                reflexive = eq(v, v);
                (!reflexive).then(|| format!("x == x is false for an Eq type: x = {}", self.show(x)))
            })?;
        } else {
            // A float-like `PartialEq` may say `x != x`, but may not panic.
            self.run("PartialEq does not panic", "let _ = $0 == $0;", &[x], || {
                reflexive = eq(v, v);
                None
            })?;
        }
        if let (Some(clone), true) = (d.clone, reflexive) {
            self.run("x.clone() == x", CLONE_CHECK, &[x], || {
                let c = clone(v);
                let same = eq(&*c, v);
                let shown = (!same).then(|| format!("{} is not equal to its clone {}", self.show(x), Shown(d, &*c)));
                kept.push((c, x));
                shown
            })?;
        }
        Ok(())
    }

    fn binary(&self, x: u32, y: u32) -> Result<(), Violation> {
        let d = self.desc;
        let (a, b) = (self.value(x), self.value(y));
        let Some(eq) = d.eq else { return Ok(()) };
        let mut equal = false;
        self.run("== is symmetric", "assert_eq!($0 == $1, $1 == $0, \"== must be symmetric\");", &[x, y], || {
            let (ab, ba) = (eq(a, b), eq(b, a));
            equal = ab;
            (ab != ba).then(|| {
                format!("a == b is {ab} but b == a is {ba}, with a = {} and b = {}", self.show(x), self.show(y))
            })
        })?;
        if let (Some(hash), true, true) = (d.hash, d.total_eq, equal) {
            // What the value's `Hash` writes, each write apart, as drt's
            // check tells them apart: std's `RandomState` streams the bytes,
            // so equal values that split them differently (a ring buffer's
            // two halves) would hash alike there, and the test would pass.
            const TEMPLATE: &str = "assert!($0 == $1);\n\
                // What each `write` of a `Hash` is given, in order.\n\
                #[derive(Default)]\n\
                struct Writes(Vec<Vec<u8>>);\n\
                impl std::hash::Hasher for Writes {\n    \
                fn finish(&self) -> u64 {\n        0\n    }\n    \
                fn write(&mut self, bytes: &[u8]) {\n        self.0.push(bytes.to_vec());\n    }\n\
                }\n\
                let (mut written, mut written2) = (Writes::default(), Writes::default());\n\
                std::hash::Hash::hash(&$0, &mut written);\n\
                std::hash::Hash::hash(&$1, &mut written2);\n\
                assert_eq!(written.0, written2.0, \"equal values must hash alike\");";
            self.run("equal values hash alike", TEMPLATE, &[x, y], || {
                (hash(a) != hash(b)).then(|| {
                    format!("a == b but hash(a) != hash(b), with a = {} and b = {}", self.show(x), self.show(y))
                })
            })?;
        }
        if let Some(cmp) = d.cmp {
            self.run(
                "cmp agrees with ==",
                "assert_eq!($0.cmp(&$1) == std::cmp::Ordering::Equal, $0 == $1, \"cmp must agree with ==\");",
                &[x, y],
                || {
                    let c = cmp(a, b);
                    ((c == Ordering::Equal) != equal).then(|| {
                        format!(
                            "a.cmp(&b) is {c:?} but a == b is {equal}, with a = {} and b = {}",
                            self.show(x),
                            self.show(y)
                        )
                    })
                },
            )?;
            self.run(
                "cmp is antisymmetric",
                "assert_eq!($0.cmp(&$1), $1.cmp(&$0).reverse(), \"cmp must be antisymmetric\");",
                &[x, y],
                || {
                    let (ab, ba) = (cmp(a, b), cmp(b, a));
                    (ab != ba.reverse()).then(|| {
                        format!(
                            "a.cmp(&b) is {ab:?} and b.cmp(&a) is {ba:?}, with a = {} and b = {}",
                            self.show(x),
                            self.show(y)
                        )
                    })
                },
            )?;
            if let Some(partial) = d.partial_cmp {
                self.run(
                    "partial_cmp agrees with cmp",
                    "assert_eq!($0.partial_cmp(&$1), Some($0.cmp(&$1)), \"partial_cmp must agree with cmp\");",
                    &[x, y],
                    || {
                        let (p, c) = (partial(a, b), cmp(a, b));
                        (p != Some(c)).then(|| {
                            format!(
                                "a.partial_cmp(&b) is {p:?} but a.cmp(&b) is {c:?}, with a = {} and b = {}",
                                self.show(x),
                                self.show(y)
                            )
                        })
                    },
                )?;
            }
        } else if let Some(partial) = d.partial_cmp {
            self.run(
                "partial_cmp agrees with ==",
                "assert_eq!($0.partial_cmp(&$1) == Some(std::cmp::Ordering::Equal), $0 == $1, \"partial_cmp must agree with ==\");",
                &[x, y],
                || {
                    let p = partial(a, b);
                    ((p == Some(Ordering::Equal)) != equal).then(|| {
                        format!("a.partial_cmp(&b) is {p:?} but a == b is {equal}, with a = {} and b = {}", self.show(x), self.show(y))
                    })
                },
            )?;
        }
        Ok(())
    }

    fn transitive(&self, x: u32, y: u32, z: u32) -> Result<(), Violation> {
        let Some(cmp) = self.desc.cmp else { return Ok(()) };
        let (a, b, c) = (self.value(x), self.value(y), self.value(z));
        const TEMPLATE: &str = "use std::cmp::Ordering::Greater;\n\
            assert!(\n    $0.cmp(&$1) == Greater || $1.cmp(&$2) == Greater || $0.cmp(&$2) != Greater,\n    \
            \"a <= b and b <= c must give a <= c\"\n);";
        self.run("cmp is transitive", TEMPLATE, &[x, y, z], || {
            let le = |p, q| cmp(p, q) != Ordering::Greater;
            (le(a, b) && le(b, c) && !le(a, c)).then(|| {
                format!(
                    "a <= b and b <= c but a > c, with a = {}, b = {} and c = {}",
                    self.show(x),
                    self.show(y),
                    self.show(z)
                )
            })
        })
    }

    fn invariant(&self, x: u32, inv: &Invariant) -> Result<(), Violation> {
        match announced(inv.name, inv.template, &[x], || guarded(|| (inv.check)(self.value(x)))) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(said)) | Err(said) => Err(Violation {
                kind: FailureKind::Invariant,
                contract: inv.name,
                message: format!("invariant `{}` does not hold ({said}) for {}", inv.name, self.show(x)),
                vars: vec![x],
                template: inv.template,
            }),
        }
    }
}

impl World<'_> {
    /// The checker of variable `x`, when it holds a value of a type whose
    /// contracts are checked (not std's own), and that type.
    fn checker<'a>(&'a self, x: u32, vars: &'a [Slot]) -> Option<(TypeId, Checker<'a>)> {
        let facts = self.facts.of(vars.get(x as usize)?.as_ref()?).filter(|f| f.checked)?;
        Some((facts.ty, Checker { desc: facts.desc, vars }))
    }

    /// Checks that `Debug` and `Display` of variable `x` do not panic;
    /// returns an order-free digest of its `Debug` text (the same for texts
    /// that are permutations of each other), when it has one.
    pub(crate) fn check_formatting(&self, x: u32, vars: &[Slot]) -> Result<Option<u64>, Violation> {
        self.checker(x, vars).map_or(Ok(None), |(_, checker)| checker.formatting(x))
    }

    /// Checks that `Hash` of variable `x` does not panic: index pruning
    /// hashes each new value of an `Eq + Hash` type, and a panic there must
    /// be reported, not taken for a new value.
    pub(crate) fn check_hash(&self, x: u32, vars: &[Slot]) -> Result<(), Violation> {
        self.checker(x, vars).map_or(Ok(()), |(_, checker)| checker.hashing(x))
    }

    /// Checks only the user invariants on the values a call produced or mutated.
    pub(crate) fn check_invariants(&self, touched: &[u32], vars: &[Slot]) -> Result<(), Violation> {
        for &x in touched {
            let Some(value) = vars.get(x as usize).and_then(|v| v.as_deref()) else { continue };
            let ty = value.type_id();
            if let (Some(inv), Some(desc)) = (self.reg.invariants.get(&ty), self.reg.types.get(&ty)) {
                Checker { desc, vars }.invariant(x, inv)?;
            }
        }
        Ok(())
    }

    /// Checks the contracts on the values a call of operation `op`
    /// produced or mutated (`touched`); `formatting` includes what index
    /// pruning runs in generation on the values new to the pool: `Hash`,
    /// `Debug` and `Display`, then the laws (`laws`): all of them, or
    /// `only_law` alone.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn check_contracts(
        &self,
        op: u32,
        touched: &[u32],
        vars: &[Slot],
        kept: &mut KeptClones,
        formatting: bool,
        only_law: Option<&'static str>,
    ) -> Result<(), Violation> {
        for &x in touched {
            let Some((ty, checker)) = self.checker(x, vars) else { continue };
            checker.unary(x, kept)?;
            if let Some(inv) = self.reg.invariants.get(&ty) {
                checker.invariant(x, inv)?;
            }
            if checker.desc.eq.is_none() {
                continue;
            }
            // On the stack: this runs after every call.
            let mut found = [0u32; MAX_PARTNERS];
            let mut n = 0;
            for y in same_type(vars, ty, x).take(MAX_PARTNERS) {
                found[n] = y;
                n += 1;
            }
            let partners = &found[..n];
            for &y in partners {
                checker.binary(x, y)?;
            }
            if checker.desc.cmp.is_some() {
                let partners = &partners[..partners.len().min(MAX_TRIPLE_PARTNERS)];
                for &y in partners {
                    for &z in partners {
                        if y != z {
                            checker.transitive(x, y, z)?;
                            checker.transitive(y, x, z)?;
                            checker.transitive(y, z, x)?;
                        }
                    }
                }
            }
        }
        self.check_every_value_laws(touched, vars, only_law)?;
        // Last, as generation checks them (in index pruning, after the call's
        // other checks: formatting, then the laws), so a rerun finds the
        // failure generation found.
        if formatting {
            for &x in touched {
                let Some((_, checker)) = self.checker(x, vars) else { continue };
                checker.hashing(x)?;
                let _digest = checker.formatting(x)?;
            }
            self.check_laws(op, touched, vars, only_law)?;
        }
        Ok(())
    }
}

/// Live variables holding a value of type `ty`, latest first, except `x`.
pub(crate) fn same_type(vars: &[Slot], ty: TypeId, x: u32) -> impl Iterator<Item = u32> + '_ {
    // An index loop: an iterator chain here compiled to a loop stepping a
    // dozen pointers (callgrind counted ~25 instructions a variable).
    let key = crate::value::type_key(ty);
    let mut i = vars.len();
    std::iter::from_fn(move || {
        while i > 0 {
            i -= 1;
            if vars[i].as_ref().is_some_and(|v| v.is_of(key, ty)) && i as u32 != x {
                return Some(i as u32);
            }
        }
        None
    })
}

/// The failure of a postcondition (`ensures`) false after a call of `operation`.
pub(crate) fn postcondition(operation: &str, ensures: &'static str) -> Violation {
    Violation {
        kind: FailureKind::Postcondition,
        contract: ensures,
        message: format!("`{ensures}` is false after {operation}"),
        vars: Vec::new(),
        template: "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes_debug(v: &dyn Any, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(v.downcast_ref::<Vec<u8>>().expect("bytes"), f)
    }

    /// Prints `value` into a fresh sink; the sink, and whether it was cut
    /// short (which unwinds).
    fn printed(value: &dyn Any, f: crate::macro_support::FmtFn) -> (Sink, bool) {
        let mut sink = Sink::new();
        let cut = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| sink.print(value, f))).is_err();
        (sink, cut)
    }

    /// A value whose `Debug` lists `n` sevens (a quarter of a billion
    /// costs nothing to hold), counting the ones it printed.
    struct Sevens {
        n: usize,
        printed: std::cell::Cell<usize>,
    }

    impl Sevens {
        fn new(n: usize) -> Sevens {
            Sevens { n, printed: std::cell::Cell::new(0) }
        }

        fn each(&self) -> impl Iterator<Item = u8> + '_ {
            (0..self.n).map(|_| {
                self.printed.set(self.printed.get() + 1);
                7u8
            })
        }
    }

    fn sevens_debug(v: &dyn Any, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(v.downcast_ref::<Sevens>().expect("sevens").each()).finish()
    }

    /// A `Debug` that unwraps what its formatter says, as some do.
    fn unwrapping_sevens_debug(v: &dyn Any, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in v.downcast_ref::<Sevens>().expect("sevens").each() {
            fmt::Write::write_fmt(f, format_args!("{b},")).unwrap();
        }
        Ok(())
    }

    #[test]
    fn a_huge_value_is_printed_up_to_a_megabyte_only() {
        let huge = Sevens::new(256 << 20);
        let (sink, cut) = printed(&huge, sevens_debug);
        assert!(cut && sink.full());
        // Printing stops at the cut, not a quarter of a billion elements on
        // (each prints as at least two bytes).
        assert!(huge.printed.get() <= (1 << 19) + 1, "{} printed", huge.printed.get());
        // The same text's digest, whatever the value's size past the limit.
        let (other, _) = printed(&Sevens::new(32 << 20), sevens_debug);
        assert_eq!(other.digest, sink.digest);
        // Also for a `Debug` that unwraps what its formatter says.
        let huge = Sevens::new(256 << 20);
        let (sink, cut) = printed(&huge, unwrapping_sevens_debug);
        assert!(cut && sink.full() && huge.printed.get() <= (1 << 19) + 1, "{} printed", huge.printed.get());
        let (small, cut) = printed(&vec![1u8, 2], bytes_debug);
        assert!(!cut && !small.full());
    }
}
