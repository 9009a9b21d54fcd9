//! What a run's calls come to: how a sequence's execution ended
//! ([`Outcome`]), what went wrong in a failing call ([`Fault`],
//! [`Violation`]), and what a call left ([`Returns`]); and the seam through
//! which a second side may run beside a sequence and judge each call
//! ([`Beside`]: the reference's side of a differential run). Plain data,
//! shared by the executor, the oracles and everything that reads a run.

use std::any::Any;

use crate::hook::Caught;
use crate::report::FailureKind;
use crate::sequence::Sequence;

/// What went wrong in a failing call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Fault {
    /// The call panicked (or, with `glue`, a `Drop` or `Clone` drt ran for
    /// it did).
    Panic { caught: Caught, glue: Option<Glue> },
    /// A contract or invariant does not hold after the call.
    Broken(Violation),
    /// valgrind's memcheck saw a memory error during the call (or, with
    /// `dropped`, while dropping a value of that type; with `check`, in a
    /// check of user code drt ran after it, which the emitted test runs
    /// too): its log's lines.
    Memory { report: String, dropped: Option<&'static str>, check: Option<CheckAt> },
}

/// A std trait's method drt runs on a value of a type around the calls,
/// named by the type: a panic there is that method's, not the call's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Glue {
    /// Dropping a value.
    Drop(&'static str),
    /// Cloning a value for an argument taken by value (`x.clone()`).
    Clone(&'static str),
}

/// How a sequence's execution ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Every call returned and every oracle held.
    Normal,
    /// Call `call` failed (`call == len` when dropping the values did).
    Failed { call: usize, fault: Fault },
    /// Call `call` was an illegal input: its precondition was false, or it
    /// panicked in a documented way.
    Illegal { call: usize },
    /// Call `call` needed a variable that holds no value (a `None` / `Err`
    /// earlier, or a value moved away): the sequence is not well-formed.
    Invalid { call: usize },
}

impl Outcome {
    /// Whether every call returned and every oracle held. (`==` would do,
    /// but the derived `eq` is not inlined across modules, and the
    /// executor asks after every call.)
    #[inline]
    pub fn is_normal(&self) -> bool {
        matches!(self, Outcome::Normal)
    }

    /// How many calls of a sequence of `len` calls ran.
    pub fn calls_run(&self, len: usize) -> u64 {
        match self {
            Outcome::Failed { call, .. } | Outcome::Illegal { call } | Outcome::Invalid { call } => {
                (*call + 1).min(len) as u64
            }
            Outcome::Normal => len as u64,
        }
    }
}

/// A broken contract or invariant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Violation {
    pub kind: FailureKind,
    /// The contract's name, the same for every violation of it.
    pub contract: &'static str,
    /// What happened, with the values.
    pub message: String,
    /// The variables the assertion uses, in template order (`$0`, `$1`, `$2`).
    pub vars: Vec<u32>,
    /// The assertion, with `$0`.. standing for the variables' names.
    pub template: &'static str,
}

/// What a call left to compare with its counterpart's result.
#[derive(Clone, Copy)]
pub(crate) struct Returns<'a> {
    /// The value kept: a plain return, or the payload of `Some` / `Ok`.
    pub value: Option<&'a dyn Any>,
    /// Whether it said `None` / `Err`.
    pub empty: bool,
    /// The error of an `Err`, when kept.
    pub error: Option<&'a dyn Any>,
}

/// What runs beside a sequence, call by call, and may overrule each call's
/// outcome: the seam through which differential testing runs the
/// reference's side. The executor has the world make one per run
/// (`World::beside`) and knows no more of it.
pub(crate) trait Beside {
    /// Call `i` of `seq` ran on the tested side with `outcome` (leaving
    /// `ours` when it is [`Outcome::Normal`]): the run's outcome from here.
    fn after(&mut self, seq: &Sequence, i: usize, outcome: Outcome, ours: Option<Returns<'_>>) -> Outcome;
}

/// A check of user code drt runs after a call (`Debug` of a value, its
/// `==`, its invariant): a crash or a hang inside one happens in no call of
/// the sequence, so the emitted test must run the check itself to reproduce
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CheckAt {
    /// The contract's name (`Debug does not panic`) or the invariant's.
    pub contract: String,
    /// The statement that runs it, with `$0`.. for its variables.
    pub template: String,
    pub vars: Vec<u32>,
}

impl CheckAt {
    /// As text for another process: the vars, the contract, then the template.
    pub fn encode(&self) -> String {
        let vars: Vec<String> = self.vars.iter().map(u32::to_string).collect();
        format!("{}\n{}\n{}", vars.join(" "), self.contract, self.template)
    }

    pub fn decode(text: &str) -> Option<CheckAt> {
        let mut parts = text.splitn(3, '\n');
        let vars = parts.next()?.split_whitespace().map(|v| v.parse().ok()).collect::<Option<Vec<u32>>>()?;
        let contract = parts.next()?.to_string();
        let template = parts.next().filter(|t| !t.is_empty())?.to_string();
        Some(CheckAt { contract, template, vars })
    }
}
