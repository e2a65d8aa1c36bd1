//! Generated practice: unlimited questions from a seed that is shown to the learner. Question `n`
//! of seed `s` has the id `gen-<s>-<n>` and depends on nothing else, so the id regenerates it on
//! any machine. The randomness is [`SplitMix64`], written out here (no `rand`), so the sequence is
//! fixed forever. Keys are computed like the bank's, by running the generated program.
//!
//! This module draws a question kind and holds what the kinds share (the random source, dtypes,
//! shapes, hints); the kinds are its submodules: `addresses`, `strides`, `shapes` (broadcasts
//! and windows) and `views` (views and copies).

use stride_core::{Layout, Order};

use crate::question::{Question, Unit};
use crate::text::Text;

mod addresses;
mod shapes;
mod strides;
mod views;

use addresses::{byte_offset, position_contiguous, position_in_slice};
use shapes::{broadcast_bytes, broadcast_shape, window_count, window_shape};
use strides::{contiguous_strides, sliced_strides, swapped_strides};
use views::{view_or_copy, which_copies};

/// Sebastiano Vigna's SplitMix64: 64 bits of state, one add and three xor-shift-multiplies per
/// number. Plenty for choosing shapes, and the same on every platform.
#[derive(Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi` (the modulo bias is far too small to matter here).
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        let span = hi.saturating_sub(lo).saturating_add(1).max(1) as u64;
        lo + (self.next() % span) as i64
    }

    /// One item of a non-empty slice (the first if it is empty... which never happens here).
    pub fn pick<T: Copy>(&mut self, items: &[T], fallback: T) -> T {
        let i = self.range(0, items.len() as i64 - 1) as usize;
        items.get(i).copied().unwrap_or(fallback)
    }

    /// True with probability 1/2.
    pub fn coin(&mut self) -> bool {
        self.next() & 1 == 1
    }
}

/// The prefix of every generated id.
pub const PREFIX: &str = "gen-";

/// `count` generated questions of `seed`: question `n` is a number question when `n % 3 == 0`, a
/// tuple question when it is 1 and a choice question when it is 2.
pub fn generate(seed: u64, count: usize) -> Vec<Question> {
    (0..count as u64).map(|n| generated(seed, n)).collect()
}

/// Question `n` of `seed`.
pub fn generated(seed: u64, n: u64) -> Question {
    let mut rng = SplitMix64::new(seed ^ n.wrapping_mul(0xD1B5_4A32_D192_ED03));
    rng.next();
    let id = format!("{PREFIX}{seed}-{n}");
    match n % 3 {
        0 => match rng.range(0, 4) {
            0 => position_in_slice(&mut rng, id),
            1 => position_contiguous(&mut rng, id),
            2 => byte_offset(&mut rng, id),
            3 => window_count(&mut rng, id),
            _ => broadcast_bytes(&mut rng, id),
        },
        1 => match rng.range(0, 4) {
            0 => contiguous_strides(&mut rng, id),
            1 => swapped_strides(&mut rng, id),
            2 => sliced_strides(&mut rng, id),
            3 => broadcast_shape(&mut rng, id),
            _ => window_shape(&mut rng, id),
        },
        _ => match rng.coin() {
            true => view_or_copy(&mut rng, id),
            false => which_copies(&mut rng, id),
        },
    }
}

/// The seed and number of a generated id, `gen-<seed>-<n>`.
pub fn parse_id(id: &str) -> Option<(u64, u64)> {
    let rest = id.strip_prefix(PREFIX)?;
    let (seed, n) = rest.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.len() <= 20 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(seed) || !digits(n) {
        return None;
    }
    Some((seed.parse().ok()?, n.parse().ok()?))
}

const DTYPES: [(&str, i64); 5] = [
    ("float64", 8),
    ("float32", 4),
    ("int32", 4),
    ("int64", 8),
    ("int16", 2),
];

fn shape(rng: &mut SplitMix64, min_ndim: i64, max_ndim: i64) -> Vec<i64> {
    let ndim = rng.range(min_ndim, max_ndim);
    (0..ndim).map(|_| rng.range(2, 5)).collect()
}

/// Contiguous strides in `unit` (NumPy's, through stride-core), for the prompt.
fn strides_of(shape: &[i64], itemsize: i64, elements: bool) -> Vec<i64> {
    let scale = if elements { itemsize } else { 1 };
    Layout::contiguous(shape, itemsize, Order::C)
        .map(|l| l.strides().iter().map(|s| s / scale).collect())
        .unwrap_or_default()
}

fn unit_words(elements: bool) -> (&'static str, &'static str, Unit) {
    if elements {
        ("elements", "elementos", Unit::Elements)
    } else {
        ("bytes", "bytes", Unit::Bytes)
    }
}

const ADDRESS_HINT: Text = Text::new(
    "Use the address rule: start + i·s₀ + j·s₁ + …, with the strides and the start of this array.",
    "Usa la regla de direcciones: inicio + i·s₀ + j·s₁ + …, con los strides y el inicio de este array.",
);

const STRIDE_HINT: Text = Text::new(
    "The last axis steps one element; each axis to its left jumps over everything to its right.",
    "El último eje avanza un elemento; cada eje a su izquierda salta por encima de todo lo que queda a su derecha.",
);

fn index_in(rng: &mut SplitMix64, shape: &[i64]) -> Vec<i64> {
    shape.iter().map(|&d| rng.range(0, d - 1)).collect()
}

/// Expressions over `x` (an (R, C) array) that NumPy answers with a view, and with a copy. The
/// pools only pick the labels: the key is computed by running `np.shares_memory`.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_sequence() {
        // The first outputs for seed 1234567 from Vigna's reference splitmix64.c.
        let mut rng = SplitMix64::new(1_234_567);
        assert_eq!(rng.next(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next(), 3_203_168_211_198_807_973);
        assert_eq!(rng.next(), 9_817_491_932_198_370_423);
    }

    #[test]
    fn ids_round_trip() {
        assert_eq!(parse_id("gen-42-7"), Some((42, 7)));
        assert_eq!(parse_id("gen-18446744073709551615-0"), Some((u64::MAX, 0)));
        for bad in [
            "gen-",
            "gen-1",
            "gen--1",
            "gen-1-",
            "gen-a-1",
            "gen-1-2-3",
            "u1-x",
            "gen-99999999999999999999999-1",
        ] {
            assert_eq!(parse_id(bad), None, "{bad}");
        }
    }
}
