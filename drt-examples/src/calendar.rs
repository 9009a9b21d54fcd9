//! A room-booking calendar whose API takes the std types real APIs take:
//! inclusive ranges, options, tuples, arrays, sets, queues and maps, all of
//! which drt builds on its own. Planted bug: `book` tests overlap as if its
//! inclusive ranges were half-open, so a booking starting at the minute
//! another one ends is accepted and the two share that minute.

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::ops::{RangeFrom, RangeInclusive, RangeTo};

/// One booking: minutes of the day, both ends included.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Booking {
    pub minutes: RangeInclusive<u16>,
    pub holder: Option<String>,
}

/// Why a booking was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookingError {
    /// The range is empty or past the end of the day.
    Invalid,
    /// Another booking holds some of these minutes.
    Taken,
}

/// Minutes in a day.
const DAY: u16 = 24 * 60;

/// The bookings of one room.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Calendar {
    bookings: Vec<Booking>,
    closed: [bool; 7],
}

#[drt::operations(invariant(no_overlap))]
impl Calendar {
    /// An empty calendar, open every day.
    pub fn new() -> Calendar {
        Calendar::default()
    }

    /// Books `minutes` for `holder` (anonymous when `None`); returns the booking's index.
    pub fn book(&mut self, minutes: RangeInclusive<u16>, holder: Option<String>) -> Result<usize, BookingError> {
        let (start, end) = (*minutes.start(), *minutes.end());
        if start > end || end >= DAY {
            return Err(BookingError::Invalid);
        }
        // BUG: half-open overlap test on inclusive ranges.
        let taken = self.bookings.iter().any(|b| start < *b.minutes.end() && *b.minutes.start() < end);
        if taken {
            return Err(BookingError::Taken);
        }
        self.bookings.push(Booking { minutes, holder });
        Ok(self.bookings.len() - 1)
    }

    /// Books `length` minutes from each start minute, in order; returns how many were booked.
    pub fn import(&mut self, starts: BTreeMap<u16, u16>) -> usize {
        starts
            .into_iter()
            .filter(|(start, length)| self.book(*start..=start.saturating_add(*length), None).is_ok())
            .count()
    }

    /// Closes the room on the days marked `true` (Monday first).
    pub fn set_closed(&mut self, days: [bool; 7]) {
        self.closed = days;
    }

    /// Whether the room is open on `day` (0 = Monday; days wrap around the week).
    pub fn is_open(&self, day: u8) -> bool {
        !self.closed[usize::from(day % 7)]
    }

    /// Bookings starting at or after `from`.
    pub fn starting(&self, from: RangeFrom<u16>) -> usize {
        self.bookings.iter().filter(|b| from.contains(b.minutes.start())).count()
    }

    /// Bookings ending before `until`.
    pub fn ending(&self, until: RangeTo<u16>) -> usize {
        self.bookings.iter().filter(|b| until.contains(b.minutes.end())).count()
    }

    /// Renames holders: every booking held by a key of `renames` passes to its value.
    pub fn rename(&mut self, renames: HashMap<String, String>) {
        for b in &mut self.bookings {
            if let Some(new) = b.holder.as_ref().and_then(|h| renames.get(h)) {
                b.holder = Some(new.clone());
            }
        }
    }

    /// Cancels the bookings at these indices, in order (stale indices are skipped).
    pub fn cancel(&mut self, mut indices: VecDeque<usize>) -> usize {
        let mut cancelled = 0;
        while let Some(i) = indices.pop_back() {
            if i < self.bookings.len() {
                self.bookings.remove(i);
                cancelled += 1;
            }
        }
        cancelled
    }

    /// Bookings held by someone in `holders`.
    pub fn held_by(&self, holders: HashSet<String>) -> usize {
        self.bookings.iter().filter(|b| b.holder.as_ref().is_some_and(|h| holders.contains(h))).count()
    }

    /// Moves booking `move_to.0` to start at minute `move_to.1`, keeping its length, if that is free.
    pub fn reschedule(&mut self, move_to: (usize, u16)) -> Result<(), BookingError> {
        let (i, start) = move_to;
        let old = self.bookings.get(i).cloned().ok_or(BookingError::Invalid)?;
        let length = old.minutes.end() - old.minutes.start();
        self.bookings.remove(i);
        let end = start.saturating_add(length);
        match self.book(start..=end, old.holder.clone()) {
            Ok(_) => Ok(()),
            Err(e) => {
                self.bookings.insert(i, old);
                Err(e)
            }
        }
    }

    /// Bookings on the calendar.
    pub fn len(&self) -> usize {
        self.bookings.len()
    }

    /// Whether nothing is booked.
    pub fn is_empty(&self) -> bool {
        self.bookings.is_empty()
    }

    /// No minute is booked twice.
    pub fn no_overlap(&self) -> bool {
        self.bookings.iter().enumerate().all(|(i, a)| {
            self.bookings[i + 1..]
                .iter()
                .all(|b| a.minutes.end() < b.minutes.start() || b.minutes.end() < a.minutes.start())
        })
    }
}
