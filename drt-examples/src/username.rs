//! Case-insensitive user names.
//!
//! Bug (broken contract): `PartialEq` ignores case, but `Hash` hashes the raw
//! text, so two equal names land in different `HashMap` buckets:
//! `map.contains_key(&name.canonical())` can be false for a name that is in
//! the map. (A derived `Hash` would be caught by clippy's
//! `derived_hash_with_manual_eq`; a hand-written one is not.)

use std::hash::{Hash, Hasher};

/// Why a name was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InvalidName {
    /// Empty names are not allowed.
    Empty,
    /// Longer than [`Username::MAX_LEN`] bytes.
    TooLong,
}

/// A user name compared without regard to case.
#[derive(Clone, Debug, Eq)]
pub struct Username(String);

impl PartialEq for Username {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_ignore_ascii_case(&other.0)
    }
}

impl Hash for Username {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state); // BUG: must hash the lowercase form to agree with Eq
    }
}

#[drt::operations]
impl Username {
    /// Longest name accepted, in bytes.
    pub const MAX_LEN: usize = 32;

    /// A name, validated.
    pub fn new(name: &str) -> Result<Username, InvalidName> {
        match name.len() {
            0 => Err(InvalidName::Empty),
            n if n > Self::MAX_LEN => Err(InvalidName::TooLong),
            _ => Ok(Username(name.to_string())),
        }
    }

    /// The name of the built-in guest account.
    pub fn guest() -> Username {
        Username("Guest".to_string())
    }

    /// The name in lower case, as stored in the database.
    pub fn canonical(&self) -> Username {
        Username(self.0.to_ascii_lowercase())
    }

    /// The name as the user typed it.
    pub fn as_typed(&self) -> String {
        self.0.clone()
    }
}
