//! `np.random.Generator` over [`Pcg64`]: its uniform, normal (ziggurat), Lemire integers and
//! its two shuffles.

use crate::bounded::{self, Width};
use crate::pcg64::Pcg64;
use crate::{BitGen, ziggurat};

/// A `Generator`'s state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generator {
    bits: Pcg64,
}

impl Generator {
    /// `default_rng(seed)` for a non-negative int seed (its 32-bit words, least significant
    /// first).
    pub fn new(entropy: &[u32]) -> Self {
        Generator {
            bits: Pcg64::from_seed(entropy),
        }
    }

    /// `random()`: a 53-bit double in [0, 1).
    pub fn random(&mut self) -> f64 {
        self.bits.next_f64()
    }

    /// `random(dtype=np.float32)`.
    pub fn random_f32(&mut self) -> f32 {
        self.bits.next_f32()
    }

    /// `standard_normal()`.
    pub fn standard_normal(&mut self) -> f64 {
        ziggurat::normal(&mut self.bits)
    }

    /// `standard_normal(dtype=np.float32)`.
    pub fn standard_normal_f32(&mut self) -> f32 {
        ziggurat::normal_f32(&mut self.bits)
    }

    /// `normal(loc, scale)`.
    pub fn normal(&mut self, loc: f64, scale: f64) -> f64 {
        loc + scale * self.standard_normal()
    }

    /// `uniform(low, high)`: `low + (high - low) * random()`.
    pub fn uniform(&mut self, low: f64, range: f64) -> f64 {
        low + range * self.bits.next_f64()
    }

    /// `cnt` integers of `integers` in `[off, off + rng]` for a dtype of `width` (Lemire).
    pub fn integers(&mut self, off: u64, rng: u64, cnt: usize, width: Width) -> Vec<u64> {
        bounded::fill(&mut self.bits, off, rng, cnt, width, false)
    }

    /// The order `shuffle`/`permutation` leave `n` items in (masked draws, `random_interval`).
    pub fn shuffle_order(&mut self, n: usize) -> Vec<usize> {
        let bits = &mut self.bits;
        bounded::shuffled(n, 1, |i| bounded::interval(bits, i))
    }

    /// `choice(pop, size, replace=False)` without `p`: Floyd's sampling then a Lemire shuffle,
    /// or for a large share of a large population a partial shuffle of all of it.
    pub fn sample_without_replacement(&mut self, pop: u64, size: u64, shuffle: bool) -> Vec<u64> {
        let bits = &mut self.bits;
        if pop > 10_000 && size > pop / 50 {
            let first = usize::try_from(pop.saturating_sub(size).max(1)).unwrap_or(usize::MAX);
            let n = usize::try_from(pop).unwrap_or(0);
            let order = bounded::shuffled(n, first, |i| bounded::one(bits, i, false));
            let skip = usize::try_from(pop - size).unwrap_or(0);
            return order.into_iter().skip(skip).map(|k| k as u64).collect();
        }
        let mut chosen: Vec<u64> = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
        let mut seen = std::collections::HashSet::new();
        for j in pop - size..pop {
            let v = bounded::one(bits, j, false);
            let pick = if seen.contains(&v) { j } else { v };
            seen.insert(pick);
            chosen.push(pick);
        }
        if shuffle {
            let order = bounded::shuffled(chosen.len(), 1, |i| bounded::one(bits, i, false));
            chosen = order
                .into_iter()
                .map(|k| chosen.get(k).copied().unwrap_or(0))
                .collect();
        }
        chosen
    }

    /// The underlying generator.
    pub fn bits(&mut self) -> &mut Pcg64 {
        &mut self.bits
    }
}
