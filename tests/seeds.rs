//! `seeds(...)`: values the generator could not invent, and types no
//! operation constructs.

#![allow(clippy::new_without_default)]

#[path = "support/layout.rs"]
mod layout;
use drt::FailureKind;

/// A currency code: no operation makes one, so only `seeds(...)` can.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Currency {
    Eur,
    Usd,
    Jpy,
}

/// Prices in minor units; yen have none, and `format` forgets that.
pub struct Price {
    minor: u64,
}

#[drt::operations(seeds(Currency = [Currency::Eur, Currency::Usd, Currency::Jpy], u64 = [77]))]
impl Price {
    pub fn new(minor: u64) -> Self {
        Price { minor }
    }
    pub fn format(&self, currency: Currency) -> String {
        let digits = match currency {
            Currency::Jpy => 0,
            _ => 2,
        };
        // A price of exactly 77 hits the lucky-number path, which was never tested.
        assert!(self.minor != 77, "lucky price");
        let divisor = 10u64.pow(digits);
        format!("{}.{:0w$}", self.minor / divisor, self.minor % divisor, w = digits as usize)
    }
}

/// Splits paths; a separator the seeds never contain, unless given.
pub struct Router;

#[drt::operations(seeds(String = ["a//b", "/"]))]
impl Router {
    pub fn new() -> Self {
        Router
    }
    pub fn depth(&self, path: &str) -> usize {
        let slashes = path.matches('/').count();
        // BUG: a path with two separators takes a table that has only two rows
        let table = [0, 1];
        table[slashes.min(2)] + path.len()
    }
}

/// Takes a type nothing can build.
pub struct Ledger;

pub struct Entry;

#[drt::operations]
impl Ledger {
    pub fn new() -> Self {
        Ledger
    }
    pub fn post(&mut self, _entry: Entry) {}
    pub fn settle_after(&mut self, _wait: std::time::Duration) {}
}

#[test]
fn seeds_build_values_and_types_nothing_else_makes() {
    let report = drt::explore::<Price>().seed(2).max_sequences(2_000).report();
    let f = &report.failures;
    assert_eq!(f.len(), 1, "{report}");
    assert_eq!((f[0].kind, f[0].message.as_str()), (FailureKind::Panic, "lucky price"));
    assert!(layout::holds(&f[0].code, "Price::new(77)"), "{}", f[0].code);
    // The seed's source text, its type named by its full path as in every emitted path.
    assert!(layout::holds(&f[0].code, ".format(seeds::Currency::"), "{}", f[0].code);
    assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
}

#[test]
fn string_seeds_are_passed_as_str() {
    let report = drt::explore::<Router>().seed(2).max_sequences(2_000).report();
    assert_eq!(report.failures.len(), 1, "{report}");
    let code = &report.failures[0].code;
    assert!(layout::holds(code, ".depth(\"a//b\")"), "{code}");
}

#[test]
fn an_unbuildable_parameter_says_how_to_fix_it() {
    let report = drt::explore::<Ledger>().seed(2).max_sequences(500).report();
    assert_eq!(
        report.stats.uncallable,
        vec![
            (
                "Ledger::post".to_string(),
                "no value of type `Entry` could be built: put #[drt::operations] on an impl with a constructor of \
                 `Entry`, or give values with seeds(Entry = [...])"
                    .to_string()
            ),
            (
                // No impl block can be written for a std type.
                "Ledger::settle_after".to_string(),
                "no value of type `Duration` could be built: give values with seeds(Duration = [...]), or write a \
                 #[drt::generator] fn returning `Duration`"
                    .to_string()
            )
        ]
    );
    assert!(report.to_string().contains("drt: never called successfully: Ledger::post: no value of type `Entry`"));
}

/// What an origin answers with: nothing makes one.
#[derive(Clone, Debug)]
pub struct Handle(pub u8);

#[drt::mock]
pub trait Origin {
    fn fetch(&self, key: u8) -> Handle;
}

/// Needs an origin, whose mock cannot answer without a `Handle`.
pub struct Front;

#[drt::operations]
impl Front {
    pub fn new() -> Self {
        Front
    }
    pub fn get(&mut self, origin: &dyn Origin) -> u8 {
        origin.fetch(1).0
    }
}

#[test]
fn a_mock_whose_answers_cannot_be_made_says_which_type_to_make() {
    let report = drt::explore::<Front>().seed(2).max_sequences(500).report();
    assert_eq!(
        report.stats.uncallable,
        [(
            "Front::get".to_string(),
            "no value of type `OriginMock` was made: OriginMock needs values of `Handle`, and no value of type \
             `Handle` could be built: put #[drt::operations] on an impl with a constructor of `Handle`, or give \
             values with seeds(Handle = [...])"
                .to_string()
        )]
    );
}

/// An access token: only parsing makes one, and no seed string parses.
pub struct Token(u64);

#[drt::operations]
impl std::str::FromStr for Token {
    type Err = ();
    fn from_str(s: &str) -> Result<Token, ()> {
        s.strip_prefix("tok-").and_then(|n| n.parse().ok()).map(Token).ok_or(())
    }
}

pub struct Vault {
    tokens: Vec<u64>,
}

#[drt::operations]
impl Vault {
    pub fn new() -> Self {
        Vault { tokens: Vec::new() }
    }
    pub fn store(&mut self, token: Token) {
        self.tokens.push(token.0);
    }
}

#[test]
fn a_type_whose_makers_never_succeed_names_them() {
    let report = drt::explore::<Vault>().seed(2).max_sequences(500).report();
    assert_eq!(
        report.stats.uncallable,
        vec![(
            "Vault::store".to_string(),
            "no value of type `Token` was made: Token::from_str never returned one; give values with \
             seeds(Token = [...]), or add a constructor that cannot fail"
                .to_string()
        )]
    );
}

/// A temperature in °C, given only as seeds of its own type.
#[derive(Clone, Debug, PartialEq)]
pub struct Celsius(pub i32);

#[drt::operations(seeds(Celsius = [Celsius(20), Celsius(-300)]))]
impl Celsius {
    /// Bug: below absolute zero there is no kelvin value.
    pub fn kelvin(&self) -> u32 {
        u32::try_from(self.0 + 273).expect("below absolute zero")
    }
}

#[test]
fn a_seed_as_the_receiver_is_written_as_its_expression() {
    let report = drt::explore::<Celsius>().seed(2).max_sequences(500).report();
    assert_eq!(report.failures.len(), 1, "{report}");
    assert!(
        layout::holds(&report.failures[0].code, "let _ = seeds::Celsius(-300).kelvin();"),
        "{}",
        report.failures[0].code
    );
}

/// A running total, made only by the `seeds(...)` value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    total: u32,
}

#[drt::operations(seeds(Tally = [Tally::default()]))]
impl Tally {
    pub fn add(&mut self, v: u32) {
        // BUG: overflows.
        self.total += v;
    }
    pub fn total(&self) -> u32 {
        self.total
    }
}

#[test]
fn a_seed_value_is_changed_by_calls_like_a_constructed_one() {
    let report = drt::explore::<Tally>().seed(1).max_sequences(2_000).report();
    assert_eq!(report.failures.len(), 1, "{report}");
    let f = &report.failures[0];
    assert_eq!(f.operation, "Tally::add");
    assert!(layout::holds(&f.code, "let mut tally = seeds::Tally::default();"), "{}", f.code);
    assert!(layout::holds(&f.code, "tally.add("), "{}", f.code);
    // The value's maker is not an operation under test.
    assert!(
        report.stats.operations.iter().any(|o| o.name == "Tally" && !o.under_test),
        "{:?}",
        report.stats.operations
    );
}

/// Settings nothing makes.
pub struct Limits {
    pub per_second: u32,
}

/// Made only from `Limits`.
pub struct Throttle {
    left: u32,
}

#[drt::operations]
impl Throttle {
    pub fn new(limits: Limits) -> Throttle {
        Throttle { left: limits.per_second }
    }
    pub fn allow(&mut self) -> bool {
        self.left = self.left.saturating_sub(1);
        self.left > 0
    }
}

#[test]
fn a_constructor_that_never_ran_is_traced_to_its_own_missing_argument() {
    let report = drt::explore::<Throttle>().seed(2).max_sequences(500).report();
    let reason = |op: &str| report.stats.uncallable.iter().find(|(o, _)| o == op).map(|(_, w)| w.clone());
    let limits = "no value of type `Limits` could be built: put #[drt::operations] on an impl with a constructor \
                  of `Limits`, or give values with seeds(Limits = [...])";
    assert_eq!(reason("Throttle::new").as_deref(), Some(limits));
    assert_eq!(
        reason("Throttle::allow"),
        Some(format!("no value of type `Throttle` was made: Throttle::new never ran, because {limits}"))
    );
}
