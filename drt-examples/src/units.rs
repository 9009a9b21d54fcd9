//! Lengths in several units, converted through metres.
//!
//! Bug (unbounded recursion on one input): yards are converted through miles
//! and miles through yards, so converting either recurses until the stack
//! overflows. Every other unit works, which is how it shipped.

/// A unit of length, by code: 0 m, 1 cm, 2 km, 3 in, 4 ft, 5 yd, 6 mi.
pub type UnitCode = u8;

/// A length in one unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Length {
    value: f64,
    unit: UnitCode,
}

#[drt::operations]
impl Length {
    /// A length, or `None` for an unknown unit code.
    pub fn new(value: f64, unit: UnitCode) -> Option<Length> {
        (unit <= 6).then_some(Length { value, unit })
    }

    /// The length in metres.
    pub fn metres(&self) -> f64 {
        match self.unit {
            0 => self.value,
            1 => self.value / 100.0,
            2 => self.value * 1000.0,
            3 => self.value * 0.0254,
            4 => Length { value: self.value * 12.0, unit: 3 }.metres(),
            // BUG: yards go through miles and miles through yards
            5 => Length { value: self.value / 1760.0, unit: 6 }.metres(),
            _ => Length { value: self.value * 1760.0, unit: 5 }.metres(),
        }
    }

    /// The same length in another unit.
    pub fn to(&self, unit: UnitCode) -> Option<Length> {
        let per_unit = Length::new(1.0, unit)?.metres();
        Some(Length { value: self.metres() / per_unit, unit })
    }
}
