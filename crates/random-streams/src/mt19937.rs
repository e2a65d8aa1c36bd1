//! The Mersenne Twister MT19937 (Matsumoto and Nishimura, 1998): NumPy's legacy `RandomState`
//! and PyTorch's CPU generator both draw from it, seeded by `init_genrand` (one 32-bit word) or,
//! for NumPy's array seeds, `init_by_array`.

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER: u32 = 0x8000_0000;
const LOWER: u32 = 0x7fff_ffff;

/// The generator's 624 words and the position of the next one to temper.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mt19937 {
    state: [u32; N],
    pos: usize,
}

impl Mt19937 {
    /// Seeded from one 32-bit word (`init_genrand`).
    pub fn new(seed: u32) -> Self {
        let mut state = [0u32; N];
        let mut prev = seed;
        for (i, word) in state.iter_mut().enumerate() {
            *word = if i == 0 {
                seed
            } else {
                1_812_433_253u32
                    .wrapping_mul(prev ^ (prev >> 30))
                    .wrapping_add(i as u32)
            };
            prev = *word;
        }
        Mt19937 { state, pos: N }
    }

    /// Seeded from a list of 32-bit words (`init_by_array`), as NumPy seeds from an array.
    pub fn from_array(key: &[u32]) -> Self {
        let mut mt = Mt19937::new(19_650_218);
        let mut i = 1usize;
        let mut j = 0usize;
        let len = key.len().max(1);
        for _ in 0..N.max(key.len()) {
            let prev = mt.at(i - 1);
            let k = key.get(j).copied().unwrap_or(0);
            let word = (mt.at(i) ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(k)
                .wrapping_add(j as u32);
            mt.set(i, word);
            i += 1;
            j += 1;
            if i >= N {
                mt.set(0, mt.at(N - 1));
                i = 1;
            }
            if j >= len {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = mt.at(i - 1);
            let word = (mt.at(i) ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            mt.set(i, word);
            i += 1;
            if i >= N {
                mt.set(0, mt.at(N - 1));
                i = 1;
            }
        }
        mt.set(0, 0x8000_0000);
        mt
    }

    /// Word `k` (mod 624) of the state.
    fn at(&self, k: usize) -> u32 {
        self.state.get(k % N).copied().unwrap_or(0)
    }

    fn set(&mut self, k: usize, word: u32) {
        if let Some(w) = self.state.get_mut(k % N) {
            *w = word;
        }
    }

    fn twist(&mut self) {
        for k in 0..N {
            let y = (self.at(k) & UPPER) | (self.at(k + 1) & LOWER);
            let mag = if y & 1 == 1 { MATRIX_A } else { 0 };
            self.set(k, self.at(k + M) ^ (y >> 1) ^ mag);
        }
        self.pos = 0;
    }

    /// The next 32-bit output.
    pub fn next_u32(&mut self) -> u32 {
        if self.pos >= N {
            self.twist();
        }
        let mut y = self.at(self.pos);
        self.pos += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// Two outputs as one 64-bit word, the first in the high half (NumPy's `next_uint64` and
    /// PyTorch's `random64` alike).
    pub fn next_u64(&mut self) -> u64 {
        let hi = u64::from(self.next_u32());
        (hi << 32) | u64::from(self.next_u32())
    }

    /// NumPy's 53-bit double in [0, 1): 27 bits of one draw and 26 of the next.
    pub fn next_f64(&mut self) -> f64 {
        let a = f64::from(self.next_u32() >> 5);
        let b = f64::from(self.next_u32() >> 6);
        (a * 67_108_864.0 + b) / 9_007_199_254_740_992.0
    }
}

#[cfg(test)]
mod tests {
    use super::Mt19937;

    /// The reference implementation's published first outputs for `init_by_array({0x123,
    /// 0x234, 0x345, 0x456})` and the C++ standard's 10000th output for seed 5489.
    #[test]
    fn reference_outputs() {
        let mut mt = Mt19937::from_array(&[0x123, 0x234, 0x345, 0x456]);
        let first: Vec<u32> = (0..5).map(|_| mt.next_u32()).collect();
        assert_eq!(
            first,
            [
                1_067_595_299,
                955_945_823,
                477_289_528,
                4_107_218_783,
                4_228_976_476
            ]
        );
        let mut mt = Mt19937::new(5489);
        let last = (0..10_000).map(|_| mt.next_u32()).last();
        assert_eq!(last, Some(4_123_659_995));
    }
}
