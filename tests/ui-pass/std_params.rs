// Parameters of std types are built by drt from values it has: ranges,
// `Option`, `Box`, tuples, arrays, and collections (`Vec` of the user's
// types, `VecDeque`, `HashSet`, `BTreeSet`, `HashMap`, `BTreeMap`).
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::ops::{Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Song {
    id: u32,
    title: String,
}

#[drt::operations]
impl Song {
    pub fn new(id: u32, title: String) -> Song {
        Song { id, title }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Playlist {
    songs: Vec<Song>,
    up_next: VecDeque<Song>,
    blocked: BTreeSet<u32>,
    plays: BTreeMap<u32, u64>,
    rating: Option<u8>,
    eq: [i8; 8],
}

impl Playlist {
    fn clamp(&self, start: usize, end: usize) -> &[Song] {
        let end = end.min(self.songs.len());
        &self.songs[start.min(end)..end]
    }
}

#[drt::operations]
impl Playlist {
    pub fn new() -> Self {
        Playlist::default()
    }

    pub fn count(&self, r: Range<usize>) -> usize {
        self.clamp(r.start, r.end).len()
    }

    pub fn count_through(&self, r: RangeInclusive<usize>) -> usize {
        self.clamp(*r.start(), r.end().saturating_add(1)).len()
    }

    pub fn count_from(&self, r: RangeFrom<usize>) -> usize {
        self.clamp(r.start, usize::MAX).len()
    }

    pub fn count_to(&self, r: RangeTo<usize>) -> usize {
        self.clamp(0, r.end).len()
    }

    pub fn count_to_inclusive(&self, r: RangeToInclusive<usize>) -> usize {
        self.clamp(0, r.end.saturating_add(1)).len()
    }

    pub fn count_all(&self, _: RangeFull) -> usize {
        self.songs.len()
    }

    pub fn rate(&mut self, rating: Option<u8>) {
        self.rating = rating.map(|r| r.min(5));
    }

    pub fn add(&mut self, song: Box<Song>) {
        self.songs.push(*song);
    }

    pub fn swap(&mut self, (a, b): (usize, usize)) {
        if a < self.songs.len() && b < self.songs.len() {
            self.songs.swap(a, b);
        }
    }

    pub fn insert(&mut self, (at, song, next): (usize, Song, bool)) {
        if next {
            self.up_next.push_front(song);
        } else {
            self.songs.insert(at.min(self.songs.len()), song);
        }
    }

    pub fn set_equalizer(&mut self, bands: [i8; 8]) {
        self.eq = bands;
    }

    pub fn add_pair(&mut self, pair: [Song; 2]) {
        self.songs.extend(pair);
    }

    pub fn extend(&mut self, songs: Vec<Song>) {
        self.songs.extend(songs);
    }

    pub fn queue(&mut self, songs: VecDeque<Song>) {
        self.up_next.extend(songs);
    }

    pub fn skip_ids(&mut self, ids: HashSet<u32>) {
        self.up_next.retain(|s| !ids.contains(&s.id));
    }

    pub fn block(&mut self, ids: BTreeSet<u32>) {
        self.blocked.extend(ids);
    }

    pub fn rename(&mut self, titles: HashMap<u32, String>) {
        for song in &mut self.songs {
            if let Some(title) = titles.get(&song.id) {
                song.title.clone_from(title);
            }
        }
    }

    pub fn record_plays(&mut self, plays: BTreeMap<u32, u64>) {
        for (id, n) in plays {
            let count = self.plays.entry(id).or_insert(0);
            *count = count.saturating_add(n);
        }
    }
}

fn main() {
    // More sequences than usual: 19 operations and a builder per parameter type.
    let report = drt::explore::<Playlist>().max_sequences(1000).report();
    assert!(report.failures.is_empty(), "{report}");
    assert!(report.stats.uncallable.is_empty(), "{:?}", report.stats.uncallable);
    let ops: Vec<_> = report.stats.operations.iter().filter(|o| o.name.starts_with("Playlist::")).collect();
    assert_eq!(ops.len(), 19, "{ops:?}");
    // Every operation ran, and so did every builder of a parameter.
    assert!(report.stats.operations.iter().all(|o| o.succeeded > 0), "{:?}", report.stats.operations);
}
