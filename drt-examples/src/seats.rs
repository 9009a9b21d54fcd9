//! Seat holds for an event: a buyer holds seats, then buys or releases
//! them. Explored against a model that keeps every hold in a list:
//! `drt::explore::<Seats>().against::<SeatsModel>()`.
//!
//! Bug (a wrong answer inside an error): when a hold asks for more seats
//! than are free, `hold` refuses with `HoldError::SoldOut { free }`, the
//! count a box office shows the buyer, but it reports the seats not yet
//! *sold*, counting those on hold as free. Every `Ok` / `Err` is right, and
//! so is `free()`; only the number in the error is wrong: a buyer told 6
//! seats are left asks for 6 and is refused again. Found only by comparing
//! the errors with the model's.

/// Why a hold, a sale or a release is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HoldError {
    /// Holding no seats.
    Nothing,
    /// More seats than are free; `free` says how many are.
    SoldOut { free: u32 },
    /// More seats than are on hold; `held` says how many are.
    NotHeld { held: u32 },
}

/// The seats of one event.
#[derive(Clone, Debug)]
pub struct Seats {
    capacity: u32,
    held: u32,
    sold: u32,
}

#[drt::operations]
impl Seats {
    /// An event with `capacity` seats, none held or sold.
    pub fn new(capacity: u32) -> Self {
        Seats { capacity, held: 0, sold: 0 }
    }

    /// Holds `seats` for a buyer.
    pub fn hold(&mut self, seats: u32) -> Result<(), HoldError> {
        if seats == 0 {
            return Err(HoldError::Nothing);
        }
        if seats > self.free() {
            // BUG: the seats on hold are not free either: `self.free()`.
            return Err(HoldError::SoldOut { free: self.capacity - self.sold });
        }
        self.held += seats;
        Ok(())
    }

    /// Sells `seats` of those on hold.
    pub fn buy(&mut self, seats: u32) -> Result<(), HoldError> {
        if seats > self.held {
            return Err(HoldError::NotHeld { held: self.held });
        }
        self.held -= seats;
        self.sold += seats;
        Ok(())
    }

    /// Gives `seats` on hold back.
    pub fn release(&mut self, seats: u32) -> Result<(), HoldError> {
        if seats > self.held {
            return Err(HoldError::NotHeld { held: self.held });
        }
        self.held -= seats;
        Ok(())
    }

    /// Seats neither held nor sold.
    pub fn free(&self) -> u32 {
        self.capacity - self.held - self.sold
    }
}

/// [`Seats`] without its bug: the error says how many seats are free. It
/// agrees with [`SeatsModel`] (tests/references.rs), and the errors bench
/// times explorations of it.
#[derive(Clone, Debug)]
pub struct FixedSeats {
    capacity: u32,
    held: u32,
    sold: u32,
}

#[drt::operations]
impl FixedSeats {
    pub fn new(capacity: u32) -> Self {
        FixedSeats { capacity, held: 0, sold: 0 }
    }
    pub fn hold(&mut self, seats: u32) -> Result<(), HoldError> {
        if seats == 0 {
            return Err(HoldError::Nothing);
        }
        if seats > self.free() {
            return Err(HoldError::SoldOut { free: self.free() });
        }
        self.held += seats;
        Ok(())
    }
    pub fn buy(&mut self, seats: u32) -> Result<(), HoldError> {
        if seats > self.held {
            return Err(HoldError::NotHeld { held: self.held });
        }
        self.held -= seats;
        self.sold += seats;
        Ok(())
    }
    pub fn release(&mut self, seats: u32) -> Result<(), HoldError> {
        if seats > self.held {
            return Err(HoldError::NotHeld { held: self.held });
        }
        self.held -= seats;
        Ok(())
    }
    pub fn free(&self) -> u32 {
        self.capacity - self.held - self.sold
    }
}

/// The reference: every hold kept in a list, every count a sum.
#[derive(Clone, Debug)]
pub struct SeatsModel {
    capacity: u32,
    holds: Vec<u32>,
    sold: u32,
}

#[drt::operations]
impl SeatsModel {
    pub fn new(capacity: u32) -> Self {
        SeatsModel { capacity, holds: Vec::new(), sold: 0 }
    }
    pub fn hold(&mut self, seats: u32) -> Result<(), HoldError> {
        let free = self.free();
        match seats {
            0 => Err(HoldError::Nothing),
            _ if seats > free => Err(HoldError::SoldOut { free }),
            _ => {
                self.holds.push(seats);
                Ok(())
            }
        }
    }
    pub fn buy(&mut self, seats: u32) -> Result<(), HoldError> {
        self.take_held(seats)?;
        self.sold += seats;
        Ok(())
    }
    pub fn release(&mut self, seats: u32) -> Result<(), HoldError> {
        self.take_held(seats)
    }
    pub fn free(&self) -> u32 {
        self.capacity - self.holds.iter().sum::<u32>() - self.sold
    }
}

impl SeatsModel {
    /// Takes `seats` off the holds, newest first.
    fn take_held(&mut self, mut seats: u32) -> Result<(), HoldError> {
        let held = self.holds.iter().sum();
        if seats > held {
            return Err(HoldError::NotHeld { held });
        }
        while seats > 0 {
            let last = self.holds.last_mut().expect("enough seats are held");
            let taken = seats.min(*last);
            *last -= taken;
            seats -= taken;
            if *last == 0 {
                self.holds.pop();
            }
        }
        Ok(())
    }
}
