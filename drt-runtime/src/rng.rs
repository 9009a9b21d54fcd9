//! The random source handed to `#[drt::generator]` functions.

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Random choices for a `#[drt::generator]` function, which builds values
/// of a type drt cannot make from operations alone:
///
/// ```
/// #[derive(Clone, Debug, PartialEq)]
/// pub struct Point { pub x: i32, pub y: i32 }
///
/// #[drt::generator]
/// pub fn any_point(rng: &mut drt::Rng) -> Point {
///     Point { x: rng.between(-100, 100) as i32, y: rng.between(-100, 100) as i32 }
/// }
/// ```
///
/// A generator is called with `Rng::new(k)` for a few dozen seeds `k`, and
/// emitted tests call it the same way (`any_point(&mut drt::Rng::new(17))`),
/// so every value it gives is reproducible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(Xoshiro256PlusPlus);

impl Rng {
    /// The random stream for `seed`; equal seeds give equal streams.
    pub fn new(seed: u64) -> Rng {
        Rng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// Any `u64`.
    pub fn next_u64(&mut self) -> u64 {
        self.0.random()
    }

    /// A number in `0..n`, or 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.0.random_range(0..n)
        }
    }

    /// A number in `lo..=hi` (the bounds swapped when `lo > hi`).
    pub fn between(&mut self, lo: i64, hi: i64) -> i64 {
        self.0.random_range(lo.min(hi)..=hi.max(lo))
    }

    /// `true` with probability `p` (clamped to `0.0..=1.0`).
    pub fn chance(&mut self, p: f64) -> bool {
        self.0.random_bool(if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) })
    }

    /// One of `items`.
    ///
    /// # Panics
    ///
    /// When `items` is empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        assert!(!items.is_empty(), "drt::Rng::pick from an empty slice");
        &items[self.below(items.len())]
    }

    /// A string of up to `max_len` characters drawn from `alphabet`.
    pub fn string(&mut self, alphabet: &str, max_len: usize) -> String {
        let chars: Vec<char> = alphabet.chars().collect();
        if chars.is_empty() {
            return String::new();
        }
        let len = self.below(max_len + 1);
        (0..len).map(|_| *self.pick(&chars)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_seeds_give_equal_streams() {
        let (mut a, mut b, mut c) = (Rng::new(3), Rng::new(3), Rng::new(4));
        let xs: Vec<u64> = (0..4).map(|_| a.next_u64()).collect();
        assert_eq!(xs, (0..4).map(|_| b.next_u64()).collect::<Vec<_>>());
        assert_ne!(xs, (0..4).map(|_| c.next_u64()).collect::<Vec<_>>());
        assert!((0..100).all(|_| (-3..=3).contains(&a.between(3, -3))));
        assert_eq!(a.below(0), 0);
        assert!(a.string("ab", 5).chars().all(|ch| ch == 'a' || ch == 'b'));
        assert_eq!(a.string("", 5), "");
    }
}
