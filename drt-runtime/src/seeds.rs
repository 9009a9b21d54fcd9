//! Seed values for primitive types (the thesis's seed terms, §1.2.2, treated as
//! 0-argument operations as Randoop does, §7.1): Randoop's small set (-1, 0,
//! 1, 10, 100; "", "hi!") plus each type's boundaries, NaN and infinities,
//! non-ASCII text, and the literals mined from the impl blocks under test
//! (GRT's constant mining, paper 004), each with its neighbours so that an
//! off-by-one at a constant is one step away.

use std::any::{Any, TypeId};

use crate::macro_support::{Literal, SeedSpec};

/// One seed value: a prototype to clone for each use, and its Rust literal.
pub(crate) struct Seed {
    pub ty: TypeId,
    /// A prototype cloned for each use (built-in seeds)...
    pub value: Option<Box<dyn Any>>,
    /// ...or a function making each use (`seeds(T = [expr])`, no `Clone` needed).
    pub make: Option<fn() -> crate::macro_support::Value>,
    /// The value as a Rust expression of its type (`5`, `u64::MAX`, `"hi!"`).
    pub literal: String,
    /// A `String` seed: its literal is a `&str` that needs `String::from`.
    pub is_string: bool,
    /// How far from trivial the value is (magnitude, length); minimization
    /// prefers seeds with less.
    pub complexity: u128,
}

impl Seed {
    fn new<T: 'static>(value: T, literal: String, complexity: u128) -> Seed {
        let is_string = TypeId::of::<T>() == TypeId::of::<String>();
        Seed { ty: TypeId::of::<T>(), value: Some(Box::new(value)), make: None, literal, is_string, complexity }
    }
}

macro_rules! for_each_primitive {
    ($m:ident) => {
        $m!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
    };
}

/// Random streams handed to `#[drt::generator]` functions.
const RNG_STREAMS: u64 = 64;

fn float_literal(name: &str, v: f64, is_min: bool, is_max: bool) -> String {
    match v {
        _ if v.is_nan() => format!("{name}::NAN"),
        f64::INFINITY => format!("{name}::INFINITY"),
        f64::NEG_INFINITY => format!("{name}::NEG_INFINITY"),
        _ if is_max => format!("{name}::MAX"),
        _ if is_min => format!("{name}::MIN"),
        _ => format!("{v:?}"),
    }
}

/// The `seeds(...)` values of numbers, `bool`, `char` and `String` for the
/// types in `wanted`, after the built-in ones (minimization prefers built-in
/// seeds), skipping repeats. Values of other types are operations instead.
pub(crate) fn user_seeds(out: &mut Vec<Seed>, wanted: &[TypeId], given: &[SeedSpec]) {
    for (i, spec) in given.iter().enumerate() {
        if wanted.contains(&spec.ty) && !out.iter().any(|s| s.ty == spec.ty && s.literal == spec.literal) {
            out.push(Seed {
                ty: spec.ty,
                value: None,
                make: Some(spec.make),
                literal: spec.literal.to_string(),
                is_string: spec.is_string,
                complexity: u128::from(u32::MAX) + i as u128,
            });
        }
    }
}

/// Builds the seed table for the types in `wanted`, adding the mined literals.
pub(crate) fn seeds_for(wanted: &[TypeId], literals: &[Literal]) -> Vec<Seed> {
    let wants = |id: TypeId| wanted.contains(&id);
    let mut out: Vec<Seed> = Vec::new();
    let ints: Vec<i128> = literals
        .iter()
        .filter_map(|l| match l {
            Literal::Int(text, _) => text.parse::<i128>().ok(),
            _ => None,
        })
        .flat_map(|v| [v.saturating_sub(1), v, v.saturating_add(1)])
        .collect();
    let big: Vec<u128> = literals
        .iter()
        .filter_map(|l| match l {
            Literal::Int(text, _) => text.parse::<u128>().ok().filter(|v| *v > i128::MAX as u128),
            _ => None,
        })
        .collect();
    macro_rules! ints {
        ($($t:ident),*) => {$(
            if wants(TypeId::of::<$t>()) {
                let bits = <$t>::BITS;
                let mut vals: Vec<$t> = vec![0, 1, 10, 100, <$t>::MAX, <$t>::MAX - 1, <$t>::MIN];
                vals.extend((<$t>::MIN != 0).then(|| <$t>::MIN + 1));
                vals.extend(<$t>::try_from(-1i128).ok());
                for shift in [bits / 2, bits - 1] {
                    let p = 1u128 << shift;
                    vals.extend(<$t>::try_from(p).ok());
                    vals.extend(<$t>::try_from(p - 1).ok());
                }
                vals.extend(ints.iter().filter_map(|v| <$t>::try_from(*v).ok()));
                vals.extend(big.iter().filter_map(|v| <$t>::try_from(*v).ok()));
                let mut seen = Vec::new();
                for v in vals {
                    if !seen.contains(&v) {
                        seen.push(v);
                        let lit = crate::names::int_literal(stringify!($t), v, <$t>::MIN, <$t>::MAX);
                        let complexity = i128::try_from(v).map_or(u128::MAX, i128::unsigned_abs);
                        out.push(Seed::new::<$t>(v, lit, complexity));
                    }
                }
            }
        )*};
    }
    for_each_primitive!(ints);

    let floats: Vec<f64> = literals
        .iter()
        .filter_map(|l| match l {
            Literal::Float(text, _) => text.parse::<f64>().ok(),
            Literal::Int(text, _) => text.parse::<f64>().ok(),
            _ => None,
        })
        .collect();
    macro_rules! floats {
        ($($t:ident),*) => {$(
            if wants(TypeId::of::<$t>()) {
                let mut vals: Vec<$t> = vec![0.0, 1.0, -1.0, 10.0, 100.0, 0.5, <$t>::MIN, <$t>::MAX,
                    <$t>::EPSILON, <$t>::NAN, <$t>::INFINITY, <$t>::NEG_INFINITY];
                vals.extend(floats.iter().map(|v| *v as $t));
                let mut seen: Vec<$t> = Vec::new();
                for v in vals {
                    if !seen.iter().any(|s| s.to_bits() == v.to_bits()) {
                        seen.push(v);
                        let lit = float_literal(stringify!($t), v as f64, v == <$t>::MIN, v == <$t>::MAX);
                        let complexity = if v.is_finite() { v.abs() as u128 } else { u128::MAX };
                        out.push(Seed::new::<$t>(v, lit, complexity));
                    }
                }
            }
        )*};
    }
    floats!(f32, f64);

    if wants(TypeId::of::<crate::rng::Rng>()) {
        // A generator is a function of its `Rng`: one value per stream.
        for k in 0..RNG_STREAMS {
            out.push(Seed::new(crate::rng::Rng::new(k), format!("drt::Rng::new({k})"), u128::from(k)));
        }
    }
    if wants(TypeId::of::<bool>()) {
        out.push(Seed::new(false, "false".into(), 0));
        out.push(Seed::new(true, "true".into(), 1));
    }
    if wants(TypeId::of::<std::cmp::Ordering>()) {
        // What a comparator closure answers (`binary_search_by`).
        for (i, o) in ORDERINGS.iter().enumerate() {
            out.push(Seed::new(*o, format!("std::cmp::Ordering::{o:?}"), i as u128));
        }
    }
    if wants(TypeId::of::<char>()) {
        let mut chars = vec!['a', 'Z', '0', ' ', '\n', 'é', '中', '🦀', '\0'];
        for l in literals {
            if let Literal::Char(c) = l {
                chars.push(*c);
            }
        }
        chars.dedup();
        let mut seen = Vec::new();
        for c in chars {
            if !seen.contains(&c) {
                seen.push(c);
                out.push(Seed::new(c, format!("{c:?}"), u128::from(!c.is_ascii_alphanumeric())));
            }
        }
    }
    if wants(TypeId::of::<String>()) {
        let mut strs: Vec<String> = ["", "a", "hi!", "a b", "héllo", "日本語"].map(String::from).into();
        for l in literals {
            match l {
                Literal::Str(s) => strs.push(s.to_string()),
                // A char a method compares against (`s.starts_with('[')`)
                // matters to its text parameters too: the text of just that
                // char is where `&s[1..s.len() - 1]` goes wrong.
                Literal::Char(c) => strs.push(c.to_string()),
                _ => {}
            }
        }
        let mut seen = Vec::new();
        for s in strs {
            if !seen.contains(&s) {
                let literal = format!("{s:?}");
                let complexity = s.len() as u128;
                seen.push(s.clone());
                out.push(Seed::new(s, literal, complexity));
            }
        }
    }
    out
}

/// The orderings, simplest (`Equal`) first.
const ORDERINGS: [std::cmp::Ordering; 3] =
    [std::cmp::Ordering::Equal, std::cmp::Ordering::Less, std::cmp::Ordering::Greater];

/// A seed of a number, `bool`, `char` or `String` from its literal as
/// seeds write it (`1.5`, `f64::NAN`, `'\n'`, `"a\"b"`; integers are read
/// as drawn integers instead): how a saved failure keeps a value whose
/// literal the code no longer has. Least preferred by minimization.
pub(crate) fn from_literal(ty: TypeId, text: &str) -> Option<Seed> {
    let complexity = u128::MAX;
    macro_rules! float {
        ($t:ident) => {
            if ty == TypeId::of::<$t>() {
                let name = concat!(stringify!($t), "::");
                let v: $t = match text.strip_prefix(name) {
                    Some("NAN") => <$t>::NAN,
                    Some("INFINITY") => <$t>::INFINITY,
                    Some("NEG_INFINITY") => <$t>::NEG_INFINITY,
                    Some("MAX") => <$t>::MAX,
                    Some("MIN") => <$t>::MIN,
                    Some("EPSILON") => <$t>::EPSILON,
                    Some(_) => return None,
                    None => text.parse().ok()?,
                };
                return Some(Seed::new::<$t>(v, text.to_string(), complexity));
            }
        };
    }
    float!(f32);
    float!(f64);
    if ty == TypeId::of::<bool>() {
        return text.parse::<bool>().ok().map(|b| Seed::new(b, text.to_string(), complexity));
    }
    if ty == TypeId::of::<std::cmp::Ordering>() {
        let name = text.rsplit("::").next()?;
        let o = ORDERINGS.into_iter().find(|o| format!("{o:?}") == name)?;
        return Some(Seed::new(o, text.to_string(), complexity));
    }
    if ty == TypeId::of::<char>() {
        let inside = unescape(text.strip_prefix('\'')?.strip_suffix('\'')?)?;
        let mut chars = inside.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else { return None };
        return Some(Seed::new(c, text.to_string(), complexity));
    }
    if ty == TypeId::of::<String>() {
        let s = unescape(text.strip_prefix('"')?.strip_suffix('"')?)?;
        return Some(Seed::new(s, text.to_string(), complexity));
    }
    None
}

/// The text of a string or char literal's inside, as `Debug` escapes it.
fn unescape(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            '0' => '\0',
            '\\' => '\\',
            '\'' => '\'',
            '"' => '"',
            'u' => {
                let rest = chars.as_str().strip_prefix('{')?;
                let (hex, after) = rest.split_once('}')?;
                chars = after.chars();
                char::from_u32(u32::from_str_radix(hex, 16).ok()?)?
            }
            _ => return None,
        });
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn literals_of<T: 'static>(lits: &[Literal]) -> Vec<String> {
        seeds_for(&[TypeId::of::<T>()], lits).into_iter().map(|s| s.literal).collect()
    }

    #[test]
    fn integer_seeds_include_boundaries() {
        let u8s = literals_of::<u8>(&[]);
        for want in ["0", "1", "10", "100", "u8::MAX", "254", "127", "128", "16", "15"] {
            assert!(u8s.contains(&want.to_string()), "{want} missing from {u8s:?}");
        }
        let i32s = literals_of::<i32>(&[]);
        for want in ["-1", "i32::MIN", "i32::MAX", "-2147483647", "65536"] {
            assert!(i32s.contains(&want.to_string()), "{want} missing from {i32s:?}");
        }
    }

    #[test]
    fn mined_literals_bring_their_neighbours() {
        let u16s = literals_of::<u16>(&[Literal::Int("1000", "")]);
        for want in ["999", "1000", "1001"] {
            assert!(u16s.contains(&want.to_string()), "{want} missing from {u16s:?}");
        }
        // Literals that do not fit a type are not seeds of it.
        assert!(!literals_of::<u8>(&[Literal::Int("1000", "")]).contains(&"1000".to_string()));
    }

    #[test]
    fn float_and_text_seeds_render_as_rust() {
        let f = literals_of::<f64>(&[]);
        assert!(f.contains(&"f64::NAN".to_string()) && f.contains(&"f64::NEG_INFINITY".to_string()));
        let s = literals_of::<String>(&[Literal::Str("a\"b")]);
        assert!(s.contains(&"\"\"".to_string()) && s.contains(&"\"a\\\"b\"".to_string()));
        let s = literals_of::<String>(&[Literal::Char('[')]);
        assert!(s.contains(&"\"[\"".to_string()), "a mined char is text too: {s:?}");
        let c = literals_of::<char>(&[]);
        assert!(c.contains(&"'\\n'".to_string()));
    }

    #[test]
    fn seed_values_match_their_literals() {
        for s in seeds_for(&[TypeId::of::<i8>()], &[]) {
            let v = *s.value.as_ref().unwrap().downcast_ref::<i8>().unwrap();
            let expected = match s.literal.as_str() {
                "i8::MAX" => i8::MAX,
                "i8::MIN" => i8::MIN,
                text => text.parse().unwrap(),
            };
            assert_eq!(v, expected);
        }
    }

    #[test]
    fn literals_as_seeds_write_them_are_read_back() {
        for text in ["\"\"", "\"a\\\"b\\n\\u{7f}\"", "\"日本語🦀\""] {
            let seed = from_literal(TypeId::of::<String>(), text).expect(text);
            let value = seed.value.unwrap().downcast::<String>().unwrap();
            assert_eq!(format!("{value:?}"), text);
        }
        for c in ['a', '\n', '\'', '\0', '\u{7f}', '🦀'] {
            let text = format!("{c:?}");
            let seed = from_literal(TypeId::of::<char>(), &text).expect(&text);
            assert_eq!(*seed.value.unwrap().downcast::<char>().unwrap(), c);
        }
        for (text, v) in [("1.5", 1.5), ("-0.0", -0.0), ("1e300", 1e300), ("f64::MAX", f64::MAX)] {
            let seed = from_literal(TypeId::of::<f64>(), text).expect(text);
            assert_eq!(seed.value.unwrap().downcast::<f64>().unwrap().to_bits(), f64::to_bits(v));
        }
        assert!(from_literal(TypeId::of::<f32>(), "f32::NAN")
            .unwrap()
            .value
            .unwrap()
            .downcast::<f32>()
            .unwrap()
            .is_nan());
        assert!(from_literal(TypeId::of::<bool>(), "true").is_some());
        assert!(from_literal(TypeId::of::<String>(), "unquoted").is_none());
        assert!(from_literal(TypeId::of::<char>(), "'ab'").is_none());
        assert!(from_literal(TypeId::of::<u8>(), "5").is_none());
    }
}
