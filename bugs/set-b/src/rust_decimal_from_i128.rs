//! rust_decimal 1.28.1: `FromPrimitive::from_i128(i128::MIN)` negates
//! `i128::MIN`: `attempt to negate with overflow` where overflow checks are
//! on (a debug build); it should return `None`. (With overflow checks off the
//! negation wraps and the answer happens to be `None`: the bug shows only in
//! debug builds.)
//!
//! The harnesses are `rust_decimal_round_dp_zero`'s.

use drt_bugs_table::Bug;

pub fn careful() -> drt::Explorer {
    crate::rust_decimal_round_dp_zero::careful()
}

pub fn bare() -> drt::Explorer {
    crate::rust_decimal_round_dp_zero::bare()
}

/// The panic of the negation in `from_i128`.
pub fn is_it(f: &drt::Failure) -> bool {
    f.operation.ends_with("::from_i128")
        && f.kind == drt::FailureKind::Panic
        && f.message.contains("negate with overflow")
}

pub fn bug() -> Bug {
    Bug {
        name: "rust_decimal 1.28.1: from_i128(i128::MIN) overflows negating",
        source: "https://github.com/paupino/rust-decimal/pull/657",
        careful,
        bare,
        is_it,
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal::prelude::FromPrimitive;
    use rust_decimal::Decimal;

    #[test]
    #[cfg_attr(debug_assertions, should_panic(expected = "negate with overflow"))]
    fn the_crate_is_buggy() {
        // fixed in 1.36.0: `None` in every build
        assert_eq!(<Decimal as FromPrimitive>::from_i128(i128::MIN), None);
    }

    // Measured (debug build, in process): seeds 1-10 all find it within 200,000 sequences, after
    // 250-1,215, median 599. Overflow checks only: a release build cannot see it.
    #[test]
    #[cfg(debug_assertions)]
    fn careful_finds_it() {
        crate::assert_found(super::bug(), 1, 20_000);
    }
}
