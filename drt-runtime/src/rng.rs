//! The random source handed to `#[drt::generator]` functions, and where
//! the engine's own choices come from ([`Choices`]).

use rand::SeedableRng;
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
/// so every value it gives is reproducible. The stream is drt's own:
/// xoshiro256++ seeded through SplitMix64, sampled by drt's code (not
/// rand's), and pinned by a test of its first values, so a value a
/// generator made, and a pasted test that replays it, stays the same when
/// drt's dependencies are upgraded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng(Xoshiro256PlusPlus);

impl Rng {
    /// The random stream for `seed`; equal seeds give equal streams.
    pub fn new(seed: u64) -> Rng {
        Rng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// Any `u64`.
    pub fn next_u64(&mut self) -> u64 {
        rand::Rng::next_u64(&mut self.0)
    }

    /// A number in `0..n` (`n > 0`), unbiased: Lemire's multiply-and-reject
    /// ("Fast Random Integer Generation in an Interval", 2019), drt's own
    /// so the stream pasted tests replay does not move with rand's.
    fn below_u64(&mut self, n: u64) -> u64 {
        let mut m = u128::from(self.next_u64()) * u128::from(n);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (m >> 64) as u64
    }

    /// A number in `0..n`, or 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.below_u64(n as u64) as usize
        }
    }

    /// A number in `lo..=hi` (the bounds swapped when `lo > hi`).
    pub fn between(&mut self, lo: i64, hi: i64) -> i64 {
        let (lo, hi) = (lo.min(hi), hi.max(lo));
        // The count of values, less one: `hi - lo` in two's complement.
        let span = hi.wrapping_sub(lo) as u64;
        match span.checked_add(1) {
            Some(count) => lo.wrapping_add(self.below_u64(count) as i64),
            None => self.next_u64() as i64,
        }
    }

    /// `true` with probability `p` (clamped to `0.0..=1.0`): the top 53
    /// bits of a word, as a fraction of 1, below `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        let p = if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) };
        let unit = (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        unit < p
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

/// Where the engine's random choices come from: a seeded stream while
/// exploring, or the bytes of a fuzzer's input (`drt::fuzz`), read in
/// order, so that a fuzzer mutating the bytes changes the choices they
/// make: the first bytes choose the first operation, the next its
/// arguments, and so on (a choice sequence, as Hypothesis and `arbitrary`
/// read theirs). Each word drawn takes one byte, repeated through the word
/// (`0xab` reads as `0xabab_abab`): rand picks in `0..n` as `x * n >> 32`
/// (or 64), so a byte `b` picks about `b * n / 256`, every choice among up
/// to 256 things is one byte away, and a fuzzer's mutation of one byte
/// changes one decision. (Choices among more things reach every 256th;
/// the operations, seeds and earlier results drt picks from are fewer.)
/// Filling bytes takes one input byte per byte. Past the end the bytes
/// read as zeros, and [`Choices::exhausted`] says so.
#[derive(Clone, Debug)]
pub(crate) enum Choices {
    Seeded(Xoshiro256PlusPlus),
    Bytes { data: Vec<u8>, at: usize },
}

impl Choices {
    /// The seeded stream of `seed`.
    pub fn seeded(seed: u64) -> Choices {
        Choices::Seeded(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// Whether the bytes are all read (never for a seeded stream).
    pub fn exhausted(&self) -> bool {
        matches!(self, Choices::Bytes { data, at } if *at >= data.len())
    }

    /// The next byte, 0 past the end.
    fn take(data: &[u8], at: &mut usize) -> u8 {
        let byte = data.get(*at).copied().unwrap_or(0);
        *at += 1;
        byte
    }
}

impl rand::TryRng for Choices {
    type Error = std::convert::Infallible;

    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(match self {
            Choices::Seeded(rng) => rand::Rng::next_u32(rng),
            Choices::Bytes { data, at } => u32::from(Choices::take(data, at)) * 0x0101_0101,
        })
    }

    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(match self {
            Choices::Seeded(rng) => rand::Rng::next_u64(rng),
            Choices::Bytes { data, at } => u64::from(Choices::take(data, at)) * 0x0101_0101_0101_0101,
        })
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        match self {
            // The seeded stream exactly as Xoshiro fills bytes.
            Choices::Seeded(rng) => rand::Rng::fill_bytes(rng, dst),
            Choices::Bytes { data, at } => dst.iter_mut().for_each(|b| *b = Choices::take(data, at)),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_are_read_in_order_then_zeros() {
        use rand::RngExt as _;
        let mut c = Choices::Bytes { data: vec![0x80, 0xff, 7, 0x40], at: 0 };
        assert!(!c.exhausted());
        // A byte per choice: the middle of 0..10, its top, then a word.
        assert_eq!(c.random_range(0..10u32), 5);
        assert_eq!(c.random_range(0..10usize), 9);
        assert_eq!(rand::Rng::next_u32(&mut c), 0x0707_0707);
        assert_eq!(c.random_range(0..256u32), 0x40);
        assert!(c.exhausted());
        assert_eq!(c.random_range(0..10u32), 0);
        // A seeded stream is its Xoshiro's.
        let mut x = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut seeded = Choices::seeded(3);
        assert_eq!(rand::Rng::next_u64(&mut seeded), rand::Rng::next_u64(&mut x));
        let (mut a, mut b) = ([0u8; 7], [0u8; 7]);
        rand::Rng::fill_bytes(&mut seeded, &mut a);
        rand::Rng::fill_bytes(&mut x, &mut b);
        assert_eq!(a, b);
        let mut bytes = Choices::Bytes { data: vec![1, 2], at: 0 };
        rand::Rng::fill_bytes(&mut bytes, &mut a[..3]);
        assert_eq!(a[..3], [1, 2, 0]);
    }

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

#[cfg(test)]
mod pinned {
    use super::Rng;

    /// The stream generators and pasted tests replay (`Rng::new(17)`): a
    /// change here changes every value a generator made, so it must be on
    /// purpose, never from a dependency's upgrade.
    #[test]
    fn the_stream_of_a_seed_is_pinned() {
        let mut r = Rng::new(7);
        assert_eq!([r.next_u64(), r.next_u64()], [1021219803524665661, 3174977118032272916]);
        assert_eq!((0..6).map(|_| r.below(10)).collect::<Vec<_>>(), [7, 4, 9, 4, 7, 3]);
        assert_eq!((0..4).map(|_| r.between(-3, 3)).collect::<Vec<_>>(), [3, -3, -3, -2]);
        assert_eq!(r.between(i64::MIN, i64::MAX), -4910085751081745399);
        assert_eq!((0..6).map(|_| r.chance(0.5)).collect::<Vec<_>>(), [true; 6]);
        assert_eq!(r.string("ab", 5), "babb");
    }

    #[test]
    fn draws_are_spread_evenly() {
        let mut r = Rng::new(1);
        let mut buckets = [0u32; 10];
        let mut heads = 0;
        for _ in 0..20_000 {
            buckets[r.below(10)] += 1;
            heads += u32::from(r.chance(0.25));
            let x = r.between(-2, 2);
            assert!((-2..=2).contains(&x));
        }
        assert!(buckets.iter().all(|&b| (1_800..2_200).contains(&b)), "{buckets:?}");
        assert!((4_700..5_300).contains(&heads), "{heads}");
        assert!(!Rng::new(2).chance(0.0) && Rng::new(2).chance(1.0));
        assert_eq!((Rng::new(3).between(5, 5), Rng::new(3).below(0)), (5, 0));
    }
}
