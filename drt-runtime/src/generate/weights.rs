//! Which operation a step extends: drawn by weight (`weight(...)` in the
//! attribute), each raised while its calls keep reaching new edges.

use rand::RngExt;

use crate::rng::Choices;

/// How much more often an operation whose calls keep reaching new edges is
/// chosen: its weight grows by a quarter per recent discovery, to at most
/// `1 + MAX_CREDIT / 4` times its own.
const MAX_CREDIT: u32 = 12;
/// Sequences between two halvings of the operations' credit.
const CREDIT_HALF_LIFE: u64 = 256;
/// Bits the weights are raised by once an operation is damped, so that a
/// damped one can go down to a 2^-16th of the others' without reaching 0.
const DAMP_BITS: u32 = 16;

/// Per operation, its own weight and its recent new-edge discoveries (the
/// credit that raises it), and the running sums of the raised weights that
/// a draw searches.
pub(super) struct Weights {
    own: Vec<u64>,
    credit: Vec<u32>,
    cumulative: Vec<u64>,
    /// Whether the own weights are raised by [`DAMP_BITS`].
    raised: bool,
}

impl Weights {
    /// The operations' own weights, with no credit yet.
    pub fn new(own: Vec<u64>) -> Weights {
        let credit = vec![0; own.len()];
        let cumulative = cumulative(&own, &credit);
        Weights { own, credit, cumulative, raised: false }
    }

    /// Draws `op` `2^times` times less often than its weight says (it
    /// crashed an earlier child process `times` times), never never.
    pub fn damp(&mut self, op: usize, times: u32) {
        if !self.raised {
            self.own.iter_mut().for_each(|w| *w <<= DAMP_BITS);
            self.raised = true;
        }
        self.own[op] = (self.own[op] >> times.min(DAMP_BITS)).max(1);
        self.cumulative = cumulative(&self.own, &self.credit);
    }

    /// An operation, drawn by weight.
    pub fn pick(&self, rng: &mut Choices) -> usize {
        let total = *self.cumulative.last().expect("at least one operation");
        let x = rng.random_range(0..total);
        self.cumulative.partition_point(|&w| w <= x)
    }

    /// Credits `op` with a new-edge discovery (see [`MAX_CREDIT`]).
    pub fn credit(&mut self, op: usize) {
        if self.credit[op] < MAX_CREDIT {
            self.credit[op] += 1;
            self.cumulative = cumulative(&self.own, &self.credit);
        }
    }

    /// Halves every operation's credit, once per [`CREDIT_HALF_LIFE`]
    /// sequences explored: credit is for *recent* discoveries.
    pub fn age(&mut self, sequences: u64) {
        if sequences.is_multiple_of(CREDIT_HALF_LIFE) {
            self.credit.iter_mut().for_each(|c| *c /= 2);
            self.cumulative = cumulative(&self.own, &self.credit);
        }
    }
}

/// The running sums of the operations' `weights`, each raised by a
/// quarter of itself per unit of its `credit`.
fn cumulative(weights: &[u64], credit: &[u32]) -> Vec<u64> {
    let raised = weights.iter().zip(credit).map(|(w, c)| w * (4 + u64::from(*c)));
    raised
        .scan(0, |total, w| {
            *total += w;
            Some(*total)
        })
        .collect()
}
