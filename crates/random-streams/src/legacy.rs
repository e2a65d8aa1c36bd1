//! NumPy's legacy stream, `np.random.RandomState` (and the global `np.random.*` functions): an
//! [`Mt19937`] with the polar Box–Muller normal that keeps its second value for the next call.

use crate::bounded::{self, Width};
use crate::mt19937::Mt19937;

/// `RandomState`'s state.
#[derive(Clone, Debug, PartialEq)]
pub struct RandomState {
    mt: Mt19937,
    gauss: Option<f64>,
}

impl RandomState {
    /// `RandomState(seed)` / `np.random.seed(seed)` for an int seed in `[0, 2³²)`.
    pub fn new(seed: u32) -> Self {
        RandomState {
            mt: Mt19937::new(seed),
            gauss: None,
        }
    }

    /// Seeded from an array of words (`np.random.seed([1, 2, 3])`).
    pub fn from_array(key: &[u32]) -> Self {
        RandomState {
            mt: Mt19937::from_array(key),
            gauss: None,
        }
    }

    /// `random_sample()`: a 53-bit double in [0, 1).
    pub fn random(&mut self) -> f64 {
        self.mt.next_f64()
    }

    /// `standard_normal()` / `randn()`: `legacy_gauss`.
    pub fn gauss(&mut self) -> f64 {
        if let Some(g) = self.gauss.take() {
            return g;
        }
        loop {
            let x1 = 2.0 * self.mt.next_f64() - 1.0;
            let x2 = 2.0 * self.mt.next_f64() - 1.0;
            let r2 = x1 * x1 + x2 * x2;
            if r2 < 1.0 && r2 != 0.0 {
                let f = (-2.0 * r2.ln() / r2).sqrt();
                self.gauss = Some(f * x1);
                return f * x2;
            }
        }
    }

    /// `normal(loc, scale)`.
    pub fn normal(&mut self, loc: f64, scale: f64) -> f64 {
        loc + scale * self.gauss()
    }

    /// `uniform(low, high)`: `low + (high - low) * random()`.
    pub fn uniform(&mut self, low: f64, range: f64) -> f64 {
        low + range * self.mt.next_f64()
    }

    /// `cnt` integers of `randint` in `[off, off + rng]` for a dtype of `width`.
    pub fn integers(&mut self, off: u64, rng: u64, cnt: usize, width: Width) -> Vec<u64> {
        bounded::fill(&mut self.mt, off, rng, cnt, width, true)
    }

    /// The order `shuffle` leaves `n` items in (`order[k]` is the item now at `k`).
    pub fn shuffle_order(&mut self, n: usize) -> Vec<usize> {
        let mt = &mut self.mt;
        bounded::shuffled(n, 1, |i| bounded::interval(mt, i))
    }

    /// The underlying generator.
    pub fn bits(&mut self) -> &mut Mt19937 {
        &mut self.mt
    }
}
