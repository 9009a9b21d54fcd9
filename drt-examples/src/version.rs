//! Semantic versions with build metadata.
//!
//! Bug (broken contract): `Ord` follows SemVer and ignores build metadata, but
//! `PartialEq` is derived and compares it, so `a.cmp(&b) == Equal` while
//! `a != b`: a `BTreeSet<Version>` and a `HashSet<Version>` disagree about
//! which versions are duplicates.

use std::cmp::Ordering;

/// A `major.minor.patch+build` version.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Version {
    major: u16,
    minor: u16,
    patch: u16,
    build: String,
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Version {
    fn cmp(&self, other: &Self) -> Ordering {
        // BUG: ignores `build`, which `==` compares
        (self.major, self.minor, self.patch).cmp(&(other.major, other.minor, other.patch))
    }
}

#[drt::operations]
impl Version {
    /// `major.minor.patch` with no build metadata.
    pub fn new(major: u16, minor: u16, patch: u16) -> Version {
        Version { major, minor, patch, build: String::new() }
    }

    /// The same version with build metadata (`1.2.3+nightly`).
    pub fn with_build(&self, build: &str) -> Version {
        Version { build: build.to_string(), ..self.clone() }
    }

    /// The next patch release.
    pub fn next_patch(&self) -> Version {
        Version::new(self.major, self.minor, self.patch.saturating_add(1))
    }

    /// Whether `other` can replace this version under SemVer rules.
    pub fn is_compatible_with(&self, other: &Version) -> bool {
        self.major == other.major && (self.major > 0 || self.minor == other.minor) && other >= self
    }
}
