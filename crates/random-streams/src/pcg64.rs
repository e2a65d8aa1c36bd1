//! PCG64 (O'Neill's 128-bit LCG with the XSL-RR output) as NumPy's `PCG64` runs it, and the
//! [`SeedSequence`] that turns `default_rng(seed)`'s seed into its state.

use crate::BitGen;

const MULTIPLIER: u128 = 0x2360_ed05_1fc6_5da4_4385_df64_9fcc_f645;

/// PCG64's state, with NumPy's buffered half of a 64-bit draw for 32-bit requests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pcg64 {
    state: u128,
    inc: u128,
    spare: Option<u32>,
}

impl Pcg64 {
    /// The generator `pcg64_srandom_r(initstate, initseq)` makes.
    pub fn new(initstate: u128, initseq: u128) -> Self {
        let mut g = Pcg64 {
            state: 0,
            inc: (initseq << 1) | 1,
            spare: None,
        };
        g.step();
        g.state = g.state.wrapping_add(initstate);
        g.step();
        g
    }

    /// NumPy's `PCG64(seed)`: four 64-bit words of the seed's [`SeedSequence`].
    pub fn from_seed(entropy: &[u32]) -> Self {
        let w = SeedSequence::new(entropy).generate_u64::<4>();
        let join = |hi: u64, lo: u64| (u128::from(hi) << 64) | u128::from(lo);
        Pcg64::new(join(w[0], w[1]), join(w[2], w[3]))
    }

    fn step(&mut self) {
        self.state = self.state.wrapping_mul(MULTIPLIER).wrapping_add(self.inc);
    }
}

impl BitGen for Pcg64 {
    fn next_u64(&mut self) -> u64 {
        self.step();
        let s = self.state;
        let folded = ((s >> 64) as u64) ^ (s as u64);
        folded.rotate_right((s >> 122) as u32)
    }

    fn next_u32(&mut self) -> u32 {
        if let Some(v) = self.spare.take() {
            return v;
        }
        let next = self.next_u64();
        self.spare = Some((next >> 32) as u32);
        next as u32
    }

    fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
    }
}

const INIT_A: u32 = 0x43b0_d7e5;
const MULT_A: u32 = 0x931e_8875;
const INIT_B: u32 = 0x8b51_f9dd;
const MULT_B: u32 = 0x58f3_8ded;
const MIX_MULT_L: u32 = 0xca01_f9dd;
const MIX_MULT_R: u32 = 0x4973_f715;
const XSHIFT: u32 = 16;
const POOL: usize = 4;

/// NumPy's `SeedSequence` (no spawn key): a 4-word pool mixed from the entropy's 32-bit words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedSequence {
    pool: [u32; POOL],
}

fn hashmix(value: u32, hash_const: &mut u32) -> u32 {
    let mut v = value ^ *hash_const;
    *hash_const = hash_const.wrapping_mul(MULT_A);
    v = v.wrapping_mul(*hash_const);
    v ^ (v >> XSHIFT)
}

fn mix(x: u32, y: u32) -> u32 {
    let r = MIX_MULT_L
        .wrapping_mul(x)
        .wrapping_sub(MIX_MULT_R.wrapping_mul(y));
    r ^ (r >> XSHIFT)
}

impl SeedSequence {
    /// The pool for `entropy` (a Python int's 32-bit words, least significant first).
    pub fn new(entropy: &[u32]) -> Self {
        let mut pool = [0u32; POOL];
        let mut hash_const = INIT_A;
        for (i, slot) in pool.iter_mut().enumerate() {
            *slot = hashmix(entropy.get(i).copied().unwrap_or(0), &mut hash_const);
        }
        for src in 0..POOL {
            for dst in 0..POOL {
                if src != dst {
                    let h = hashmix(pool.get(src).copied().unwrap_or(0), &mut hash_const);
                    if let Some(d) = pool.get_mut(dst) {
                        *d = mix(*d, h);
                    }
                }
            }
        }
        for &word in entropy.iter().skip(POOL) {
            for d in pool.iter_mut() {
                let h = hashmix(word, &mut hash_const);
                *d = mix(*d, h);
            }
        }
        SeedSequence { pool }
    }

    /// The 32-bit words of a non-negative integer, least significant first (at least one).
    pub fn words(mut n: u128) -> Vec<u32> {
        let mut out = vec![(n & 0xffff_ffff) as u32];
        n >>= 32;
        while n > 0 {
            out.push((n & 0xffff_ffff) as u32);
            n >>= 32;
        }
        out
    }

    /// `generate_state(N, np.uint64)`.
    pub fn generate_u64<const N: usize>(&self) -> [u64; N] {
        let mut hash_const = INIT_B;
        let mut word = |i: usize| {
            let mut v = self.pool.get(i % POOL).copied().unwrap_or(0) ^ hash_const;
            hash_const = hash_const.wrapping_mul(MULT_B);
            v = v.wrapping_mul(hash_const);
            u64::from(v ^ (v >> XSHIFT))
        };
        let mut out = [0u64; N];
        for (k, o) in out.iter_mut().enumerate() {
            let lo = word(2 * k);
            let hi = word(2 * k + 1);
            *o = (hi << 32) | lo;
        }
        out
    }
}
