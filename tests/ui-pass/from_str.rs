// A `FromStr` impl is an operation taking a `&str`, and the tests drt writes
// call it the way a person would: `"...".parse::<Type>()`.
use std::str::FromStr;

/// `major.minor`, e.g. `"1.2"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Version {
    major: u32,
    minor: u32,
}

#[derive(Debug)]
pub struct ParseVersionError;

#[drt::operations(seeds(String = ["1.2", "v1.2", "10.0"]))]
impl Version {
    pub fn major(&self) -> u32 {
        self.major
    }

    pub fn bump_minor(&mut self) {
        self.minor = self.minor.saturating_add(1);
    }
}

#[drt::operations]
impl FromStr for Version {
    type Err = ParseVersionError;

    fn from_str(s: &str) -> Result<Version, ParseVersionError> {
        // BUG: a leading `v` is skipped by byte index, so "" panics.
        let s = if &s[..1] == "v" { &s[1..] } else { s };
        let (major, minor) = s.split_once('.').ok_or(ParseVersionError)?;
        Ok(Version {
            major: major.parse().map_err(|_| ParseVersionError)?,
            minor: minor.parse().map_err(|_| ParseVersionError)?,
        })
    }
}

/// A comma-separated list: generic, with the error type of its items
/// (`T::Err` becomes `<u8 as FromStr>::Err` in the instance).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct List<T>(Vec<T>);

#[drt::operations(instantiate(T = u8))]
impl<T: FromStr> FromStr for List<T> {
    type Err = T::Err;

    fn from_str(s: &str) -> Result<List<T>, T::Err> {
        s.split(',').map(str::parse).collect::<Result<Vec<T>, T::Err>>().map(List)
    }
}

fn main() {
    let lists = drt::explore::<List<u8>>().max_sequences(300).report();
    assert!(lists.failures.is_empty() && lists.stats.uncallable.is_empty(), "{lists}");

    let report = drt::explore::<Version>().max_sequences(300).report();
    assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
    assert_eq!(report.failures.len(), 1, "{report}");
    let f = &report.failures[0];
    assert_eq!(f.operation, "Version::from_str");
    assert!(f.code.contains("\"\".parse::<") && f.code.contains("::Version>()"), "{}", f.code);
    assert_eq!(f.len, 1, "{}", f.code);
    // Versions parsed from the seeds were explored further.
    let bump = report.stats.operations.iter().find(|o| o.name == "Version::bump_minor");
    assert!(bump.is_some_and(|o| o.succeeded > 0), "{:?}", report.stats.operations);
}
