//! Integers in `[off, off + rng]` as NumPy draws them (`_bounded_integers`, `distributions.c`).
//!
//! The width of the dtype picks the draw: 64-bit dtypes take 32-bit draws while the range fits
//! 32 bits, 16- and 8-bit dtypes cut 32-bit draws into 2 or 4 pieces (a buffer that lives for
//! one call), bools into 32 bits. The legacy stream (`RandomState`) rejects draws above the
//! range under the smallest mask that covers it; `Generator` uses Lemire's multiply-shift.

use crate::BitGen;

/// The dtype widths NumPy's bounded integers have a rule for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    /// `bool`.
    Bool,
    /// `int8`, `uint8`.
    W8,
    /// `int16`, `uint16`.
    W16,
    /// `int32`, `uint32`.
    W32,
    /// `int64`, `uint64`.
    W64,
}

impl Width {
    /// The largest value of the width (the range that needs no rejection).
    pub fn max(self) -> u64 {
        match self {
            Width::Bool => 1,
            Width::W8 => 0xff,
            Width::W16 => 0xffff,
            Width::W32 => 0xffff_ffff,
            Width::W64 => u64::MAX,
        }
    }
}

/// The smallest all-ones mask that covers `max`.
pub fn gen_mask(max: u64) -> u64 {
    let mut m = max;
    m |= m >> 1;
    m |= m >> 2;
    m |= m >> 4;
    m |= m >> 8;
    m |= m >> 16;
    m | (m >> 32)
}

/// The 32-bit draw cut into pieces of `bits` (8, 16 or 1), low piece first, for one call.
struct Pieces {
    buf: u32,
    left: u32,
    bits: u32,
}

impl Pieces {
    fn new(bits: u32) -> Self {
        Pieces {
            buf: 0,
            left: 0,
            bits,
        }
    }

    fn next<B: BitGen>(&mut self, g: &mut B) -> u32 {
        if self.left == 0 {
            self.buf = g.next_u32();
            self.left = 32 / self.bits - 1;
        } else {
            self.buf >>= self.bits;
            self.left -= 1;
        }
        self.buf & ((1u32 << self.bits) - 1)
    }
}

/// `cnt` integers `off + v` with `v` in `[0, rng]`, wrapped to the width, as NumPy's
/// `random_bounded_<width>_fill(state, off, rng, cnt, use_masked)`.
pub fn fill<B: BitGen>(
    g: &mut B,
    off: u64,
    rng: u64,
    cnt: usize,
    width: Width,
    masked: bool,
) -> Vec<u64> {
    let wrap = |v: u64| off.wrapping_add(v) & width.max();
    let mut out = Vec::with_capacity(cnt);
    if rng == 0 {
        out.resize(cnt, wrap(0));
        return out;
    }
    let mask = gen_mask(rng);
    match width {
        Width::Bool => {
            let mut p = Pieces::new(1);
            for _ in 0..cnt {
                out.push(u64::from(p.next(g) & 1));
            }
        }
        Width::W8 | Width::W16 => {
            let bits = if width == Width::W8 { 8 } else { 16 };
            let mut p = Pieces::new(bits);
            for _ in 0..cnt {
                let v = if rng == width.max() {
                    u64::from(p.next(g))
                } else if masked {
                    loop {
                        let v = u64::from(p.next(g)) & mask;
                        if v <= rng {
                            break v;
                        }
                    }
                } else {
                    lemire_small(g, &mut p, rng, bits)
                };
                out.push(wrap(v));
            }
        }
        Width::W32 | Width::W64 => {
            for _ in 0..cnt {
                out.push(wrap(one(g, rng, masked)));
            }
        }
    }
    out
}

/// One integer in `[0, rng]` for a 32- or 64-bit dtype (`random_bounded_uint64`).
pub fn one<B: BitGen>(g: &mut B, rng: u64, masked: bool) -> u64 {
    if rng == 0 {
        0
    } else if rng <= 0xffff_ffff {
        if rng == 0xffff_ffff {
            u64::from(g.next_u32())
        } else if masked {
            let mask = gen_mask(rng);
            loop {
                let v = u64::from(g.next_u32()) & mask;
                if v <= rng {
                    break v;
                }
            }
        } else {
            lemire32(g, rng)
        }
    } else if rng == u64::MAX {
        g.next_u64()
    } else if masked {
        let mask = gen_mask(rng);
        loop {
            let v = g.next_u64() & mask;
            if v <= rng {
                break v;
            }
        }
    } else {
        lemire64(g, rng)
    }
}

fn lemire32<B: BitGen>(g: &mut B, rng: u64) -> u64 {
    let excl = rng + 1;
    let mut m = u64::from(g.next_u32()) * excl;
    let mut leftover = m & 0xffff_ffff;
    if leftover < excl {
        let threshold = (0xffff_ffff - rng) % excl;
        while leftover < threshold {
            m = u64::from(g.next_u32()) * excl;
            leftover = m & 0xffff_ffff;
        }
    }
    m >> 32
}

fn lemire64<B: BitGen>(g: &mut B, rng: u64) -> u64 {
    let excl = u128::from(rng) + 1;
    let mut m = u128::from(g.next_u64()) * excl;
    let mut leftover = m & u128::from(u64::MAX);
    if leftover < excl {
        let threshold = (u128::from(u64::MAX - rng)) % excl;
        while leftover < threshold {
            m = u128::from(g.next_u64()) * excl;
            leftover = m & u128::from(u64::MAX);
        }
    }
    (m >> 64) as u64
}

fn lemire_small<B: BitGen>(g: &mut B, p: &mut Pieces, rng: u64, bits: u32) -> u64 {
    let full = (1u64 << bits) - 1;
    let excl = rng + 1;
    let mut m = u64::from(p.next(g)) * excl;
    let mut leftover = m & full;
    if leftover < excl {
        let threshold = (full - rng) % excl;
        while leftover < threshold {
            m = u64::from(p.next(g)) * excl;
            leftover = m & full;
        }
    }
    m >> bits
}

/// NumPy's `random_interval(max)`: a value in `[0, max]` by masked rejection, from 32-bit draws
/// while `max` fits them (the legacy shuffles and `Generator.shuffle`).
pub fn interval<B: BitGen>(g: &mut B, max: u64) -> u64 {
    if max == 0 {
        return 0;
    }
    let mask = gen_mask(max);
    if max <= 0xffff_ffff {
        loop {
            let v = u64::from(g.next_u32()) & mask;
            if v <= max {
                return v;
            }
        }
    }
    loop {
        let v = g.next_u64() & mask;
        if v <= max {
            return v;
        }
    }
}

/// The order a Fisher–Yates shuffle of `n` items leaves them in, drawing each swap partner with
/// `draw(i)` for `i` from `n - 1` down to `first`: `order[k]` is the item now at `k`.
pub fn shuffled(n: usize, first: usize, mut draw: impl FnMut(u64) -> u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    for i in (first.max(1)..n).rev() {
        let j = usize::try_from(draw(i as u64)).unwrap_or(0);
        order.swap(i, j.min(i));
    }
    order
}
