//! A decoder of framed messages read one 32-bit word at a time from a
//! link, as serial and radio protocols frame them: a sync word, a kind, a
//! length, the payload, and a checksum over all of them. A message may be
//! split over several frames: a `START` frame opens it, `MORE` frames
//! continue it, an `END` frame closes it.
//!
//! Bug (behind a magic number and a checksum): a `MORE` or `END` frame
//! with no message open unwraps the open message, which is `None`. Garbage
//! never gets that far (the checksum drops it), so only a well-formed
//! frame of the wrong kind at the wrong time panics: after a lost `START`
//! frame, a real link's everyday. The sync word is a constant outside the
//! impl block, so no mined literal offers it, and the checksum depends on
//! the words before it; a search that never sees what the decoder compares
//! its input with does not get past the sync word.

/// The word a frame starts with ("DRT1" in ASCII, big-endian).
pub const SYNC: u32 = u32::from_be_bytes(*b"DRT1");
/// The frame kinds.
pub const START: u32 = 1;
/// A frame that continues the open message.
pub const MORE: u32 = 2;
/// A frame that continues and closes the open message.
pub const END: u32 = 3;
/// The most payload words in one frame.
pub const MAX_PAYLOAD: u32 = 16;

/// Where the decoder is in the frame it reads.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum State {
    /// Looking for the sync word.
    Hunting,
    Kind,
    Length {
        kind: u32,
    },
    Payload {
        kind: u32,
        len: u32,
    },
    Checksum {
        kind: u32,
        len: u32,
    },
}

/// Decodes words into messages; a frame that is malformed or fails its
/// checksum is dropped, and the decoder hunts for the next sync word.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FrameDecoder {
    state: State,
    payload: Vec<u32>,
    /// The message being assembled from frames, if one is open.
    open: Option<Vec<u32>>,
    messages: Vec<Vec<u32>>,
    dropped: u32,
}

/// The checksum of a frame: its kind, length and payload words mixed.
pub fn checksum(kind: u32, payload: &[u32]) -> u32 {
    let mut sum = kind.wrapping_mul(0x9E37_79B9) ^ (payload.len() as u32).rotate_left(16);
    for &w in payload {
        sum = sum.rotate_left(5) ^ w;
    }
    sum
}

// No laws: with `default_new` checked, the search guided by coverage (`cargo
// drt`) misses this bug on some seeds, for a reason not found yet (issue 36's
// notes); the type's one law holds anyway (`default()` is `new()`).
#[drt::operations(laws(skip(default_new)))]
impl FrameDecoder {
    /// A decoder hunting for its first frame.
    pub fn new() -> Self {
        FrameDecoder { state: State::Hunting, payload: Vec::new(), open: None, messages: Vec::new(), dropped: 0 }
    }

    /// Reads the next word from the link.
    pub fn push(&mut self, word: u32) {
        self.state = match std::mem::replace(&mut self.state, State::Hunting) {
            State::Hunting if word == SYNC => State::Kind,
            State::Hunting => State::Hunting,
            State::Kind if (START..=END).contains(&word) => State::Length { kind: word },
            State::Kind => self.drop_frame(),
            State::Length { .. } if word == 0 || word > MAX_PAYLOAD => self.drop_frame(),
            State::Length { kind } => {
                self.payload.clear();
                State::Payload { kind, len: word }
            }
            State::Payload { kind, len } => {
                self.payload.push(word);
                if self.payload.len() as u32 == len {
                    State::Checksum { kind, len }
                } else {
                    State::Payload { kind, len }
                }
            }
            State::Checksum { kind, .. } if word != checksum(kind, &self.payload) => self.drop_frame(),
            State::Checksum { kind, .. } => {
                self.accept(kind);
                State::Hunting
            }
        };
    }

    /// The oldest complete message, if any.
    pub fn pop_message(&mut self) -> Option<Vec<u32>> {
        if self.messages.is_empty() {
            None
        } else {
            Some(self.messages.remove(0))
        }
    }

    /// Complete messages waiting to be read.
    pub fn pending(&self) -> usize {
        self.messages.len()
    }

    /// Frames dropped as malformed so far.
    pub fn dropped(&self) -> u32 {
        self.dropped
    }
}

impl FrameDecoder {
    fn drop_frame(&mut self) -> State {
        self.dropped += 1;
        State::Hunting
    }

    /// A frame passed its checksum: its payload joins the open message.
    fn accept(&mut self, kind: u32) {
        let payload = std::mem::take(&mut self.payload);
        match kind {
            START => self.open = Some(payload),
            // BUG: a MORE or END frame after a lost START has no open
            // message; it should be dropped, not unwrapped.
            MORE => self.open.as_mut().unwrap().extend(payload),
            _ => {
                let mut message = self.open.take().unwrap();
                message.extend(payload);
                self.messages.push(message);
            }
        }
    }
}

impl Default for FrameDecoder {
    fn default() -> Self {
        FrameDecoder::new()
    }
}
