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

/// Per operation, its own weight and its recent new-edge discoveries (the
/// credit that raises it), and the running sums of the raised weights that
/// a draw searches.
pub(super) struct Weights {
    own: Vec<u64>,
    credit: Vec<u32>,
    cumulative: Vec<u64>,
}

impl Weights {
    /// The operations' own weights, with no credit yet.
    pub fn new(own: Vec<u64>) -> Weights {
        let credit = vec![0; own.len()];
        let cumulative = cumulative(&own, &credit);
        Weights { own, credit, cumulative }
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
