//! PyTorch's CPU generator (`CPUGeneratorImpl`): an [`Mt19937`] seeded with the seed's low 32
//! bits, and the rules its CPU kernels draw by.
//!
//! - `rand` of a float32 (float16) tensor: 24 (11) bits of one 32-bit draw per element; of a
//!   float64 tensor, 53 bits of a 64-bit draw (two 32-bit draws, the first high).
//! - `randn` of a contiguous tensor of at least 16 elements: uniforms for all of them first, then
//!   Box–Muller over blocks of 16 (element `j` and `j + 8` of a block from one pair), and when
//!   the size is not a multiple of 16, 16 fresh uniforms for the last 16 elements. Smaller ones:
//!   one double Box–Muller per pair, whose sine half the generator keeps for the next call.
//! - `randint`: a 32-bit draw modulo the range (a 64-bit one from a range of 2²⁸ up).
//! - `randperm`: a Fisher–Yates from the front with 32-bit draws modulo what is left.

use crate::mt19937::Mt19937;

/// The generator's state.
#[derive(Clone, Debug, PartialEq)]
pub struct TorchGen {
    mt: Mt19937,
    seed: u64,
    next_normal: Option<f64>,
}

impl TorchGen {
    /// `torch.manual_seed(seed)`.
    pub fn new(seed: u64) -> Self {
        TorchGen {
            mt: Mt19937::new(seed as u32),
            seed,
            next_normal: None,
        }
    }

    /// The seed it was made from (`initial_seed()`).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// A 32-bit draw.
    pub fn random(&mut self) -> u32 {
        self.mt.next_u32()
    }

    /// A 64-bit draw.
    pub fn random64(&mut self) -> u64 {
        self.mt.next_u64()
    }

    /// A float in [0, 1) with `digits` bits of mantissa (24 for float32, 11 for float16, 8 for
    /// bfloat16), exactly as PyTorch's `uniform_real_distribution` makes it.
    pub fn uniform_f32(&mut self, digits: u32) -> f64 {
        let v = self.random() & ((1u32 << digits) - 1);
        f64::from(v) / f64::from(1u32 << digits)
    }

    /// A double in [0, 1): 53 bits of a 64-bit draw.
    pub fn uniform_f64(&mut self) -> f64 {
        let v = self.random64() & ((1u64 << 53) - 1);
        v as f64 / 9_007_199_254_740_992.0
    }

    /// One value of the scalar normal path (`at::normal_distribution<double>`).
    pub fn normal_scalar(&mut self, mean: f64, std: f64) -> f64 {
        if let Some(v) = self.next_normal.take() {
            return v * std + mean;
        }
        let u1 = self.uniform_f64();
        let u2 = self.uniform_f64();
        let r = (-2.0 * (-u2).ln_1p()).sqrt();
        let theta = 2.0 * core::f64::consts::PI * u1;
        self.next_normal = Some(r * theta.sin());
        r * theta.cos() * std + mean
    }

    /// `randn`/`normal_` of a contiguous float64 tensor of `n ≥ 16` elements.
    pub fn normal_fill_f64(&mut self, n: usize, mean: f64, std: f64) -> Vec<f64> {
        let mut data: Vec<f64> = (0..n).map(|_| self.uniform_f64()).collect();
        let block = |d: &mut [f64]| {
            for j in 0..8 {
                let (Some(&a), Some(&b)) = (d.get(j), d.get(j + 8)) else {
                    return;
                };
                let u1 = 1.0 - a;
                let radius = (-2.0 * u1.ln()).sqrt();
                let theta = 2.0 * core::f64::consts::PI * b;
                if let Some(x) = d.get_mut(j) {
                    *x = radius * theta.cos() * std + mean;
                }
                if let Some(x) = d.get_mut(j + 8) {
                    *x = radius * theta.sin() * std + mean;
                }
            }
        };
        for chunk in data.chunks_exact_mut(16) {
            block(chunk);
        }
        if n % 16 != 0 {
            let mut tail: Vec<f64> = (0..16).map(|_| self.uniform_f64()).collect();
            block(&mut tail);
            if let Some(end) = data.get_mut(n - 16..) {
                end.copy_from_slice(&tail);
            }
        }
        data
    }

    /// `randn` of a contiguous float32 tensor of `n ≥ 16` elements: the same blocks over 24-bit
    /// uniforms. PyTorch computes the logarithm, sine and cosine with its vectorised float
    /// functions, whose last bits this does not reproduce: about 1 value in 6 differs from
    /// PyTorch's by an ulp or two.
    pub fn normal_fill_f32(&mut self, n: usize, mean: f32, std: f32) -> Vec<f32> {
        let mut data: Vec<f32> = (0..n).map(|_| self.uniform_f32(24) as f32).collect();
        let block = |d: &mut [f32]| {
            for j in 0..8 {
                let (Some(&a), Some(&b)) = (d.get(j), d.get(j + 8)) else {
                    return;
                };
                let u1 = 1.0f32 - a;
                let radius = (-2.0f32 * u1.ln()).sqrt();
                let theta = (2.0 * core::f64::consts::PI) as f32 * b;
                if let Some(x) = d.get_mut(j) {
                    *x = radius * theta.cos() * std + mean;
                }
                if let Some(x) = d.get_mut(j + 8) {
                    *x = radius * theta.sin() * std + mean;
                }
            }
        };
        for chunk in data.chunks_exact_mut(16) {
            block(chunk);
        }
        if n % 16 != 0 {
            let mut tail: Vec<f32> = (0..16).map(|_| self.uniform_f32(24) as f32).collect();
            block(&mut tail);
            if let Some(end) = data.get_mut(n - 16..) {
                end.copy_from_slice(&tail);
            }
        }
        data
    }

    /// `randint(low, high)`'s draw: `low + draw % range`, from a 64-bit draw once the range
    /// reaches 2²⁸ (measured against PyTorch 2.15: 2²⁸ − 1 takes a 32-bit draw, 2²⁸ a 64-bit one).
    pub fn random_from_to(&mut self, low: i64, range: u64) -> i64 {
        let v = if range >= 1 << 28 {
            self.random64() % range
        } else {
            u64::from(self.random()) % range.max(1)
        };
        low.wrapping_add(v as i64)
    }

    /// `randperm(n)`.
    pub fn randperm(&mut self, n: usize) -> Vec<i64> {
        let mut out: Vec<i64> = (0..n as i64).collect();
        for i in 0..n.saturating_sub(1) {
            let left = (n - i) as u64;
            let z = (u64::from(self.random()) % left) as usize;
            out.swap(i, i + z);
        }
        out
    }
}
