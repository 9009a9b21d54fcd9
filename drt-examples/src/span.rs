//! A span of time written the way config files write it (`1h30m5s`), with
//! the `Display` / `FromStr` pair that reads and writes it. Planted bug: the
//! parser reads each number into a `u32` and multiplies it by its unit's
//! seconds in `u32` too, so the text `Display` writes for a span of 1,193,047
//! hours or more (about 136 years, or "never" in many configs) overflows when
//! it is read back. Only well-formed text reaches that multiplication: drt
//! gets it by printing spans it made.

use std::fmt;
use std::str::FromStr;

/// A span of time, in whole seconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    secs: u64,
}

#[drt::operations]
impl Span {
    /// `secs` seconds.
    pub fn from_secs(secs: u64) -> Span {
        Span { secs }
    }

    /// `hours` hours.
    pub fn from_hours(hours: u32) -> Span {
        Span { secs: u64::from(hours) * 3600 }
    }

    /// The span in seconds.
    pub fn as_secs(&self) -> u64 {
        self.secs
    }

    /// The sum, or `None` when it does not fit.
    pub fn checked_add(self, other: Span) -> Option<Span> {
        self.secs.checked_add(other.secs).map(|secs| Span { secs })
    }
}

impl fmt::Display for Span {
    /// `0s`, `45s`, `1h30m`, `2h0m5s`: hours, minutes and seconds, leading
    /// and trailing zero units left out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (h, m, s) = (self.secs / 3600, self.secs / 60 % 60, self.secs % 60);
        if h > 0 {
            write!(f, "{h}h")?;
        }
        if m > 0 || (h > 0 && s > 0) {
            write!(f, "{m}m")?;
        }
        if s > 0 || self.secs == 0 {
            write!(f, "{s}s")?;
        }
        Ok(())
    }
}

/// Why a string is not a span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSpanError;

#[drt::operations]
impl FromStr for Span {
    type Err = ParseSpanError;

    /// Numbers each followed by a unit, `h`, `m` or `s`: `"1h30m"`, `"90s"`.
    fn from_str(s: &str) -> Result<Span, ParseSpanError> {
        let mut secs: u64 = 0;
        let mut digits = String::new();
        for c in s.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            let unit: u32 = match c {
                'h' => 3600,
                'm' => 60,
                's' => 1,
                _ => return Err(ParseSpanError),
            };
            let n: u32 = digits.parse().map_err(|_| ParseSpanError)?;
            // BUG: multiplied in u32; `u64::from(n) * u64::from(unit)` was meant.
            secs = secs.checked_add(u64::from(n * unit)).ok_or(ParseSpanError)?;
            digits.clear();
        }
        if s.is_empty() || !digits.is_empty() {
            return Err(ParseSpanError);
        }
        Ok(Span { secs })
    }
}
