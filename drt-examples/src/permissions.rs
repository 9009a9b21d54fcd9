//! The permissions a role grants, as a growable set of bits (permission `p`
//! is bit `p % 64` of word `p / 64`), combined as sets: `|` and `|=` for
//! what either role grants, `&` and `&=` for what both grant, `-` and `-=`
//! for what one grants and the other does not. The operators take the
//! right operand by reference, as collections' do, and the plain ones build
//! a new set from two references (`&admin & &auditor`).
//!
//! **Planted bug** (in `Permissions`, not in its twin `FixedPermissions`):
//! `&=` intersects word by word up to the shorter set's end and leaves the
//! words past it as they were, instead of clearing them, so a permission
//! the other role does not grant survives the intersection when its number
//! is past the other's last word. `&`, which builds the result from the
//! shorter set, is right. Scala's `mutable.BitSet` shipped the same bug
//! (SI-8917: `&=` did not clear the end). Nothing panics and every set is
//! consistent in itself; the law `op_assign` sees it: `a &= &b` must leave
//! `a` equal to `&a & &b`.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Sub, SubAssign};

/// The highest permission number, plus one.
pub const PERMISSIONS: u16 = 1024;

/// A set of permission numbers below [`PERMISSIONS`]; `BUG` plants the bug
/// (see the module docs). Its words never end in a zero word, so two sets
/// of the same permissions are equal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Grants<const BUG: bool> {
    words: Vec<u64>,
}

/// The permissions with their bug.
pub type Permissions = Grants<true>;
/// The same permissions, correct.
pub type FixedPermissions = Grants<false>;

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> Grants<BUG> {
    /// No permissions.
    pub fn new() -> Self {
        Grants { words: Vec::new() }
    }

    /// Grants permission `p`; false when there is no such permission.
    pub fn grant(&mut self, p: u16) -> bool {
        if p >= PERMISSIONS {
            return false;
        }
        let word = usize::from(p / 64);
        if self.words.len() <= word {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (p % 64);
        true
    }

    /// Takes permission `p` back.
    pub fn revoke(&mut self, p: u16) {
        if let Some(w) = self.words.get_mut(usize::from(p / 64)) {
            *w &= !(1 << (p % 64));
        }
        self.trim();
    }

    /// Whether permission `p` is granted.
    pub fn allows(&self, p: u16) -> bool {
        self.words.get(usize::from(p / 64)).is_some_and(|w| w >> (p % 64) & 1 == 1)
    }

    /// How many permissions are granted.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The permissions granted, smallest first.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        (0..self.words.len() as u16 * 64).filter(|&p| self.allows(p))
    }
}

impl<const BUG: bool> Grants<BUG> {
    /// Drops the zero words at the end.
    fn trim(&mut self) {
        while self.words.last() == Some(&0) {
            self.words.pop();
        }
    }

    /// A set of the given words, trimmed.
    fn of(words: Vec<u64>) -> Self {
        let mut grants = Grants { words };
        grants.trim();
        grants
    }
}

impl<const BUG: bool> BitOr for &Grants<BUG> {
    type Output = Grants<BUG>;

    fn bitor(self, other: &Grants<BUG>) -> Grants<BUG> {
        let (long, short) = if self.words.len() >= other.words.len() { (self, other) } else { (other, self) };
        let mut words = long.words.clone();
        words.iter_mut().zip(&short.words).for_each(|(w, o)| *w |= o);
        Grants::of(words)
    }
}

impl<const BUG: bool> BitAnd for &Grants<BUG> {
    type Output = Grants<BUG>;

    fn bitand(self, other: &Grants<BUG>) -> Grants<BUG> {
        Grants::of(self.words.iter().zip(&other.words).map(|(w, o)| w & o).collect())
    }
}

impl<const BUG: bool> Sub for &Grants<BUG> {
    type Output = Grants<BUG>;

    fn sub(self, other: &Grants<BUG>) -> Grants<BUG> {
        let mut words = self.words.clone();
        words.iter_mut().zip(&other.words).for_each(|(w, o)| *w &= !o);
        Grants::of(words)
    }
}

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> BitOrAssign<&Grants<BUG>> for Grants<BUG> {
    fn bitor_assign(&mut self, other: &Grants<BUG>) {
        if self.words.len() < other.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        self.words.iter_mut().zip(&other.words).for_each(|(w, o)| *w |= o);
    }
}

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> BitAndAssign<&Grants<BUG>> for Grants<BUG> {
    fn bitand_assign(&mut self, other: &Grants<BUG>) {
        self.words.iter_mut().zip(&other.words).for_each(|(w, o)| *w &= o);
        if !BUG {
            // The words past the other's end: it grants none of them.
            self.words.truncate(other.words.len());
        }
        self.trim();
    }
}

#[drt::operations(instantiate(BUG = true), instantiate(BUG = false))]
impl<const BUG: bool> SubAssign<&Grants<BUG>> for Grants<BUG> {
    fn sub_assign(&mut self, other: &Grants<BUG>) {
        self.words.iter_mut().zip(&other.words).for_each(|(w, o)| *w &= !o);
        self.trim();
    }
}
