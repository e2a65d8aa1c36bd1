//! The shortest decimal digits that read back to the same float.

use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::big::Big;

/// The width of a binary float: how its value is rounded, so how few digits name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    /// 64 bits (`float64`, Python's `float`): 53 significant bits.
    Double,
    /// 32 bits (`float32`): 24 significant bits.
    Single,
    /// 16 bits (`float16`): 11 significant bits.
    Half,
}

impl Width {
    /// Significant bits, and the exponent of the smallest subnormal (`x = f·2^e`, integer `f`).
    fn params(self) -> (i32, i32) {
        match self {
            Width::Double => (53, -1074),
            Width::Single => (24, -149),
            Width::Half => (11, -24),
        }
    }
}

/// `x = f·2^e` with `f` as the float of this width stores it (`f < 2^p`, `e >= e_min`). `x` is
/// finite, positive and exactly representable in the width.
fn decompose(x: f64, width: Width) -> (u64, i32) {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    let (m, e) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, biased - 1075)
    };
    let (p, e_min) = width.params();
    let top = 63 - m.leading_zeros() as i32 + e;
    let target = (top - (p - 1)).max(e_min);
    let f = if e >= target {
        m << (e - target)
    } else {
        m >> (target - e)
    };
    (f, target)
}

/// `⌊n·log10(2)⌋` for `|n| <= 2000` (2^32·log10(2), rounded, is 1292913986; the error stays
/// far below the distance of any such `n·log10(2)` from an integer).
fn floor_log10_pow2(n: i32) -> i32 {
    ((i64::from(n) * 1_292_913_986) >> 32) as i32
}

/// The shortest decimal digits `d1 d2 …` (each 0–9) and the exponent `k` with
/// `x = 0.d1d2… × 10^k` that read back to `x` as a float of `width`, the closest such when
/// several are as short, and the even one of two as close. `x` must be finite, positive and a value of that width (a `float32`
/// widened to `f64`, say); the digits of `0`, infinities and NaN are the caller's to write.
pub fn shortest(x: f64, width: Width) -> (Vec<u8>, i32) {
    let (f, e) = decompose(x, width);
    let (p, e_min) = width.params();
    // With an even significand the interval's ends read back to x too (round half to even).
    let inclusive = f % 2 == 0;
    // The float below is closer than the one above when f is a power of two, except at the
    // smallest exponent.
    let lower_closer = f == 1 << (p - 1) && e > e_min;
    let (mut r, mut s, mut m_plus, mut m_minus);
    if e >= 0 {
        let be = e.unsigned_abs();
        r = Big::from_u64(f);
        m_minus = Big::from_u64(1);
        m_minus.mul_pow2(be);
        if lower_closer {
            r.mul_pow2(be + 2);
            s = Big::from_u64(4);
            m_plus = m_minus.clone();
            m_plus.mul_small(2);
        } else {
            r.mul_pow2(be + 1);
            s = Big::from_u64(2);
            m_plus = m_minus.clone();
        }
    } else {
        let ne = e.unsigned_abs();
        if lower_closer {
            r = Big::from_u64(f * 4);
            s = Big::from_u64(1);
            s.mul_pow2(ne + 2);
            m_plus = Big::from_u64(2);
        } else {
            r = Big::from_u64(f * 2);
            s = Big::from_u64(1);
            s.mul_pow2(ne + 1);
            m_plus = Big::from_u64(1);
        }
        m_minus = Big::from_u64(1);
    }
    // k estimate from the bit length, ⌈(e + bits − 1)·log10(2)⌉: never too big, at most one
    // too small (n·log10(2) is never a whole number for n ≠ 0).
    let n = e + (64 - f.leading_zeros() as i32) - 1;
    let mut k = if n == 0 { 0 } else { floor_log10_pow2(n) + 1 };
    if k >= 0 {
        s.mul_pow10(k.unsigned_abs());
    } else {
        let scale = k.unsigned_abs();
        r.mul_pow10(scale);
        m_plus.mul_pow10(scale);
        m_minus.mul_pow10(scale);
    }
    let high = |r: &Big, m_plus: &Big, s: &Big| {
        let o = r.add(m_plus).cmp(s);
        o == Ordering::Greater || (inclusive && o == Ordering::Equal)
    };
    if high(&r, &m_plus, &s) {
        k += 1;
    } else {
        r.mul_small(10);
        m_plus.mul_small(10);
        m_minus.mul_small(10);
    }
    let mut digits = Vec::new();
    loop {
        let mut d = 0u8;
        while r.cmp(&s) != Ordering::Less {
            r.sub(&s);
            d += 1;
        }
        let low_ok = {
            let o = r.cmp(&m_minus);
            o == Ordering::Less || (inclusive && o == Ordering::Equal)
        };
        let high_ok = high(&r, &m_plus, &s);
        match (low_ok, high_ok) {
            (false, false) => {
                digits.push(d);
                r.mul_small(10);
                m_plus.mul_small(10);
                m_minus.mul_small(10);
            }
            (true, false) => {
                digits.push(d);
                break;
            }
            (false, true) => {
                digits.push(d + 1);
                break;
            }
            (true, true) => {
                // Both read back: the closer, and the even one when x is exactly halfway (as
                // CPython and NumPy choose; Rust's `{:e}` rounds such a tie up).
                let mut twice = r.clone();
                twice.mul_small(2);
                digits.push(match twice.cmp(&s) {
                    Ordering::Less => d,
                    Ordering::Greater => d + 1,
                    Ordering::Equal => d + d % 2,
                });
                break;
            }
        }
        if digits.len() > 17 {
            break;
        }
    }
    (digits, k)
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::xorshift;
    use std::format;
    use std::string::String;

    /// std's `{:e}` is the oracle: the same shortest digits and exponent.
    fn std_digits(text: &str) -> (String, i32) {
        let (m, e) = text.split_once('e').unwrap();
        (m.replace('.', ""), e.parse::<i32>().unwrap() + 1)
    }

    fn digits_text(x: f64, width: Width) -> (String, i32) {
        let (digits, k) = shortest(x, width);
        (digits.iter().map(|d| char::from(b'0' + d)).collect(), k)
    }

    /// Ours and std's agree, or x lies exactly halfway between them and ours is the even one
    /// (`exact` is x's full decimal expansion, `{:.1100e}`).
    fn agree((ours, k): (String, i32), (theirs, their_k): (String, i32), exact: &str) -> bool {
        if (ours.as_str(), k) == (theirs.as_str(), their_k) {
            return true;
        }
        let (Some(o), Some(t)) = (ours.bytes().last(), theirs.bytes().last()) else {
            return false;
        };
        let same_head =
            ours.len() == theirs.len() && ours[..ours.len() - 1] == theirs[..theirs.len() - 1];
        let expansion = exact.split_once('e').unwrap().0.replace('.', "");
        let halfway = format!("{ours}5");
        same_head
            && k == their_k
            && o % 2 == 0
            && t == o + 1
            && expansion.starts_with(&halfway)
            && expansion[halfway.len()..].bytes().all(|b| b == b'0')
    }

    fn check(x: f64) {
        let (ours, theirs) = (digits_text(x, Width::Double), std_digits(&format!("{x:e}")));
        assert!(
            agree(ours.clone(), theirs.clone(), &format!("{x:.1100e}")),
            "{x:e} bits {:#x}: {ours:?} vs {theirs:?}",
            x.to_bits()
        );
    }

    fn check32(x: f32) {
        let ours = digits_text(f64::from(x), Width::Single);
        let theirs = std_digits(&format!("{x:e}"));
        assert!(
            agree(ours.clone(), theirs.clone(), &format!("{x:.200e}")),
            "{x:e} bits {:#x}: {ours:?} vs {theirs:?}",
            x.to_bits()
        );
    }

    #[test]
    fn a_tie_goes_to_the_even_digit() {
        // 197830847162853.125 is exactly halfway between the 17-digit ...53.12 and ...53.13;
        // CPython's repr and NumPy both write ...53.12.
        let (digits, k) = digits_text(f64::from_bits(0x42e6_7da2_abdd_3ca4), Width::Double);
        assert_eq!((digits.as_str(), k), ("19783084716285312", 15));
    }

    #[test]
    fn floor_log10_pow2_is_exact_where_used() {
        for n in -2000i32..=2000 {
            let exact = (f64::from(n) * core::f64::consts::LOG10_2).floor() as i32;
            assert_eq!(floor_log10_pow2(n), exact, "{n}");
        }
    }

    #[test]
    fn doubles_match_std_on_edges() {
        for x in [
            1.0,
            0.1,
            0.3,
            2.0 / 3.0,
            1e22,
            1e23,
            5e-324,
            1e-323,
            f64::MIN_POSITIVE,
            f64::MAX,
            f64::EPSILON,
            9007199254740993.0,
            123456789.0,
            0.30000000000000004,
            1e-5,
            1e16,
            2.5,
            4.35,
            2.2250738585072014e-308,
            2.225073858507201e-308,
        ] {
            check(x);
        }
        for e in -1074i64..1024 {
            let bits = if e >= -1022 {
                ((e + 1023) as u64) << 52
            } else {
                1u64 << (e + 1074)
            };
            check(f64::from_bits(bits));
            check(f64::from_bits(bits + 1));
            if bits > 1 {
                check(f64::from_bits(bits - 1));
            }
        }
    }

    #[test]
    fn doubles_match_std_on_random_bits() {
        let mut state = 0x243f_6a88_85a3_08d3u64;
        let n = if cfg!(debug_assertions) {
            20_000
        } else {
            1_000_000
        };
        for _ in 0..n {
            let x = f64::from_bits(xorshift(&mut state) & !(1 << 63));
            if x.is_finite() && x > 0.0 {
                check(x);
            }
        }
    }

    #[test]
    fn singles_match_std_on_every_power_of_two_and_random_bits() {
        for bits in 1u32..0x7f80_0000 {
            // Every exponent's first, second and last values, then a sparse sweep.
            let low = bits & 0x7f_ffff;
            if low <= 1 || low == 0x7f_ffff || bits % 9973 == 0 {
                check32(f32::from_bits(bits));
            }
        }
        let mut state = 0x1319_8a2e_0370_7344u64;
        for _ in 0..200_000 {
            let x = f32::from_bits(xorshift(&mut state) as u32 & 0x7fff_ffff);
            if x.is_finite() && x > 0.0 {
                check32(x);
            }
        }
    }

    /// A float16's value from its bits (the oracle side: plain arithmetic).
    fn half_value(bits: u16) -> f64 {
        let exponent = i32::from((bits >> 10) & 0x1f);
        let fraction = f64::from(bits & 0x3ff);
        if exponent == 0 {
            fraction * 2f64.powi(-24)
        } else {
            (1024.0 + fraction) * 2f64.powi(exponent - 25)
        }
    }

    /// The nearest float16 (ties to even) of a positive double, by binary search over the
    /// finite float16s, which grow with their bits: the oracle for round trips.
    fn nearest_half(x: f64) -> u16 {
        if x >= 65520.0 {
            return 0x7c00; // rounds past the largest, 65504, to infinity
        }
        let (mut low, mut high) = (0u16, 0x7bff);
        while low < high {
            let mid = low + (high - low) / 2;
            if half_value(mid) < x {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        // half_value(low) >= x (or low is the largest); the other candidate is just below.
        let above = low;
        let below = low.saturating_sub(1);
        let (d_below, d_above) = (x - half_value(below), half_value(above) - x);
        if d_below < d_above || (d_below == d_above && below % 2 == 0) {
            below
        } else {
            above
        }
    }

    #[test]
    fn every_half_reads_back_and_no_shorter_digits_do() {
        for bits in 1u16..0x7c00 {
            let x = half_value(bits);
            let (digits, k) = digits_text(x, Width::Half);
            let text = format!("0.{digits}e{k}");
            let back: f64 = text.parse().unwrap();
            assert_eq!(nearest_half(back), bits, "{x} -> {text}");
            // One digit fewer, rounded either way, names another float16.
            if digits.len() > 1 {
                let short: u64 = digits[..digits.len() - 1].parse().unwrap();
                for candidate in [short.saturating_sub(1), short, short + 1] {
                    let text = format!("{candidate}e{}", k - digits.len() as i32 + 1);
                    let v: f64 = text.parse().unwrap();
                    assert_ne!(nearest_half(v), bits, "{x}: {text} is shorter");
                }
            }
        }
    }
}
