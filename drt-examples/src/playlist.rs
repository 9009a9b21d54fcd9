//! A playlist with a play cursor.
//!
//! Bug (broken contract): `Clone` is written by hand to give a copy "a fresh
//! start" and resets the cursor, but `PartialEq` is derived and compares the
//! cursor, so a clone is not equal to its original once anything was played.

/// Track ids and the position of the next track to play.
#[derive(Debug, PartialEq, Eq, Hash, Default)]
pub struct Playlist {
    tracks: Vec<u32>,
    cursor: usize,
}

impl Clone for Playlist {
    fn clone(&self) -> Self {
        // BUG: drops the cursor, which `==` compares
        Playlist { tracks: self.tracks.clone(), cursor: 0 }
    }
}

#[drt::operations]
impl Playlist {
    /// An empty playlist.
    pub fn new() -> Self {
        Playlist::default()
    }

    /// Appends a track.
    pub fn add(&mut self, track: u32) {
        self.tracks.push(track);
    }

    /// The next track, advancing the cursor; `None` at the end.
    pub fn play_next(&mut self) -> Option<u32> {
        let track = self.tracks.get(self.cursor).copied()?;
        self.cursor += 1;
        Some(track)
    }

    /// Back to the first track.
    pub fn rewind(&mut self) {
        self.cursor = 0;
    }

    /// Tracks not played yet.
    pub fn remaining(&self) -> usize {
        self.tracks.len() - self.cursor
    }
}
