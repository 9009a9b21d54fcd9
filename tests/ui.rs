//! Every input `#[drt::operations]` refuses is a compile error pointing at the
//! offending tokens (tests/ui), and every supported signature compiles
//! (tests/ui-pass). Regenerate the expected output with
//! `TRYBUILD=overwrite cargo test -p drt-tests --test ui`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/ui-pass/*.rs");
}
