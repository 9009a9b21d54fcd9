//! Types and helpers the runtime's unit tests share: a fixture with every
//! kind of parameter (`Wallet`), one with an invariant (`Dial`), and the
//! settings and worlds to explore them with.

use std::any::TypeId;
use std::time::Duration;

use crate::config::{Budget, Isolation, MinimizeLimits, Settings};
use crate::generate::Engine;
use crate::registry::Registry;
use crate::sequence::Sequence;
use crate::world::World;

/// Redeemable once: not `Clone`, so passing it by value moves it.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Ticket(u32);

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wallet {
    tickets: Vec<u32>,
    name: String,
}

#[drt::operations]
impl Wallet {
    fn new() -> Self {
        Wallet::default()
    }
    fn issue(n: u32) -> Ticket {
        Ticket(n)
    }
    fn redeem(&mut self, t: Ticket) {
        self.tickets.push(t.0);
    }
    fn rename(&mut self, name: &str) {
        self.name = name.to_string();
    }
    fn add_all(&mut self, ns: &[u32]) {
        self.tickets.extend_from_slice(ns);
    }
    fn first(&self) -> Option<u32> {
        self.tickets.first().copied()
    }
    fn count(s: &str) -> Result<u32, String> {
        s.parse().map_err(|_| format!("not a number: {s}"))
    }
    fn merged(self, other: Wallet) -> Wallet {
        let mut w = self;
        w.tickets.extend(other.tickets);
        w
    }
    fn sizes(&self) -> (usize, usize) {
        (self.tickets.len(), self.name.len())
    }
}

/// A level that must stay within 0..=10; `broken` makes one that is not.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dial(u8);

#[drt::operations(invariant(fits))]
impl Dial {
    fn broken() -> Dial {
        Dial(11)
    }
    fn kept(&self) -> Dial {
        self.clone()
    }
    fn or(&self, other: Option<Dial>) -> Dial {
        other.unwrap_or_else(|| self.clone())
    }
    fn fits(&self) -> bool {
        self.0 <= 10
    }
}

/// A log whose clones share one buffer (a shallow `Clone`, as
/// `Rc<RefCell<_>>` gives): a clone behaves unlike a copy.
#[derive(Clone, Debug, Default)]
pub struct SharedLog(std::rc::Rc<std::cell::RefCell<Vec<u32>>>);

impl PartialEq for SharedLog {
    fn eq(&self, other: &Self) -> bool {
        *self.0.borrow() == *other.0.borrow()
    }
}

impl Eq for SharedLog {}

impl std::hash::Hash for SharedLog {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.borrow().hash(state);
    }
}

#[drt::operations]
impl SharedLog {
    fn new() -> SharedLog {
        SharedLog::default()
    }
    fn push(&mut self, x: u32) {
        self.0.borrow_mut().push(x);
    }
    fn len(&self) -> usize {
        self.0.borrow().len()
    }
}

/// Coins in a purse: `take` underflows when it holds fewer (a panic in a
/// debug build), `put` never fails; both mutate, so repetitions mix them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Purse(u8);

#[drt::operations]
impl Purse {
    fn new() -> Purse {
        Purse::default()
    }
    fn put(&mut self, n: u8) {
        self.0 = self.0.saturating_add(n);
    }
    #[allow(clippy::arithmetic_side_effects)]
    fn take(&mut self, n: u8) {
        self.0 -= n;
    }
}

/// A running total: a number read off one tally and added to another. Its
/// methods are `pub`, as emitted tests in `tests/` call them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally(u32);

#[drt::operations]
impl Tally {
    pub fn new() -> Tally {
        Tally::default()
    }
    pub fn add(&mut self, n: u32) {
        self.0 = self.0.wrapping_add(n);
    }
    pub fn total(&self) -> u32 {
        self.0
    }
    /// Adds each pair's product: a vector of pairs, as a map's `extend` takes.
    pub fn add_products(&mut self, pairs: Vec<(u32, u8)>) {
        for (a, b) in pairs {
            self.0 = self.0.wrapping_add(a.wrapping_mul(u32::from(b)));
        }
    }
}

/// `Tally`'s reference: its `add` borrows what `Tally`'s takes by value,
/// and it has no `add_products`.
#[derive(Clone, Debug, Default)]
pub struct TallyModel(u32);

#[drt::operations]
impl TallyModel {
    pub fn new() -> TallyModel {
        TallyModel::default()
    }
    pub fn add(&mut self, n: &u32) {
        self.0 = self.0.wrapping_add(*n);
    }
    pub fn total(&self) -> u32 {
        self.0
    }
}

/// Panics when dropped once lit (`light` after `FUSE_LENGTH` burns): a
/// `Drop` bug that only a deep state shows, and only at the end of a run
/// (a clone is never lit, so the contracts' clones drop quietly).
#[derive(Debug, Default)]
pub struct Fuse {
    burnt: u32,
    lit: bool,
}

/// Burns before a [`Fuse`] can be lit.
pub const FUSE_LENGTH: u32 = 9;

impl Clone for Fuse {
    fn clone(&self) -> Fuse {
        Fuse { burnt: self.burnt, lit: false }
    }
}

impl PartialEq for Fuse {
    fn eq(&self, other: &Fuse) -> bool {
        self.burnt == other.burnt
    }
}

impl Eq for Fuse {}

impl std::hash::Hash for Fuse {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.burnt.hash(state);
    }
}

impl Drop for Fuse {
    fn drop(&mut self) {
        if self.lit && !std::thread::panicking() {
            panic!("Fuse: dropped while lit");
        }
    }
}

#[drt::operations]
impl Fuse {
    fn new() -> Fuse {
        Fuse::default()
    }
    fn burn(&mut self) {
        self.burnt += 1;
    }
    fn light(&mut self) {
        self.lit = self.burnt == FUSE_LENGTH;
    }
}

/// The component set after `n` sequences of exploring `world`.
pub(crate) fn pool_sequences(world: &World<'_>, n: u64) -> Vec<Sequence> {
    Engine::new(world, &settings(3, n)).explore_for_pool()
}

/// Settings for `n` sequences from `seed`, in-process, saving nothing.
pub(crate) fn settings(seed: u64, n: u64) -> Settings {
    Settings {
        budget: Budget { seed, time_limit: None, max_sequences: Some(n), max_len: 100 },
        minimize: MinimizeLimits { steps: 4_000, time: Duration::from_secs(10) },
        isolation: Isolation::InProcess,
        call_timeout: Duration::from_secs(5),
        max_pool: 256 << 20,
        ..Settings::unread()
    }
}

/// The world of `Wallet`'s operations.
pub(crate) fn wallet_world() -> World<'static> {
    World::new(Registry::global(), &[TypeId::of::<Wallet>()])
}
