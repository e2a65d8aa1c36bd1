//! The random streams of NumPy 2.4.6 and PyTorch 2.15's CPU generator, bit for bit.
//!
//! - [`mt19937`]: the Mersenne Twister both libraries' older streams draw from.
//! - [`pcg64`]: PCG64 and NumPy's [`pcg64::SeedSequence`], behind `np.random.default_rng`.
//! - [`bounded`]: integers in a range as NumPy draws them (masked rejection for the legacy
//!   stream, Lemire's multiply-shift for `Generator`), per dtype width, and the shuffles.
//! - [`ziggurat`]: NumPy's `Generator` normal, with its 256-layer tables computed here.
//! - [`legacy`]: `np.random.RandomState` (the global `np.random.*` functions).
//! - [`generator`]: `np.random.Generator`'s distributions.
//! - [`torch`]: `torch.manual_seed`, `rand`, `randn`, `randint`, `randperm`.
//!
//! Pure arithmetic over integers and IEEE doubles. The normal streams take a logarithm (and
//! PyTorch's a sine and cosine): they use `f64::ln`, `sin`, `cos`, which on Linux are glibc's,
//! the same functions NumPy and PyTorch call there.

pub mod bounded;
pub mod generator;
pub mod legacy;
pub mod mt19937;
pub mod pcg64;
pub mod torch;
pub mod ziggurat;

/// What NumPy's distributions ask of a bit generator (its `bitgen_t`).
pub trait BitGen {
    /// A 32-bit draw.
    fn next_u32(&mut self) -> u32;
    /// A 64-bit draw.
    fn next_u64(&mut self) -> u64;
    /// A double in [0, 1).
    fn next_f64(&mut self) -> f64;
    /// A float in [0, 1): 24 bits of a 32-bit draw.
    fn next_f32(&mut self) -> f32 {
        (self.next_u32() >> 8) as f32 * (1.0 / 16_777_216.0)
    }
}

impl BitGen for mt19937::Mt19937 {
    fn next_u32(&mut self) -> u32 {
        mt19937::Mt19937::next_u32(self)
    }
    fn next_u64(&mut self) -> u64 {
        mt19937::Mt19937::next_u64(self)
    }
    fn next_f64(&mut self) -> f64 {
        mt19937::Mt19937::next_f64(self)
    }
}
