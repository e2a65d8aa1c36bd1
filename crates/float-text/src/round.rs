//! A float's exact value rounded to a given number of digits: what `'{:.4f}'`, `'{:.4e}'` and
//! NumPy's printing with a precision write, without Rust's float formatting.

use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::big::Big;

/// Where [`rounded`] cuts the digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// Keep this many digits after the decimal point (`'{:.4f}'` is `Fraction(4)`).
    Fraction(u32),
    /// Keep this many significant digits (`'{:.4e}'` is `Significant(5)`); at least one.
    Significant(u32),
}

/// The digits `d1 d2 …` (each 0–9, no trailing zeros) and the exponent `k` with
/// `x ≈ 0.d1d2… × 10^k`, of `x`'s exact value rounded at `cut`, an exact tie to the even digit
/// (as CPython's `format` and NumPy's Dragon4 round). Rounding to zero gives no digits. `x` must
/// be finite and positive; the sign, zero, infinities and NaN are the caller's to write.
pub fn rounded(x: f64, cut: Cut) -> (Vec<u8>, i32) {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    let (f, e) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, biased - 1075)
    };
    if f == 0 {
        return (Vec::new(), 0);
    }
    // x = r / s exactly.
    let mut r = Big::from_u64(f);
    let mut s = Big::from_u64(1);
    if e >= 0 {
        r.mul_pow2(e.unsigned_abs());
    } else {
        s.mul_pow2(e.unsigned_abs());
    }
    // k with 10^(k-1) <= x < 10^k: the estimate from the bit length is never too big and at
    // most one too small.
    let n = e + (64 - f.leading_zeros() as i32) - 1;
    let mut k = if n == 0 {
        0
    } else {
        ((i64::from(n) * 1_292_913_986) >> 32) as i32 + 1
    };
    if k >= 0 {
        s.mul_pow10(k.unsigned_abs());
    } else {
        r.mul_pow10(k.unsigned_abs());
    }
    if r.cmp(&s) != Ordering::Less {
        s.mul_small(10);
        k += 1;
    }
    // Now x / 10^k = r / s lies in [0.1, 1); the digits to keep:
    let count = match cut {
        Cut::Fraction(p) => i64::from(k) + i64::from(p),
        Cut::Significant(m) => i64::from(m.max(1)),
    };
    let mut digits = Vec::new();
    if count < 0 {
        return (digits, 0);
    }
    for _ in 0..count {
        r.mul_small(10);
        let mut d = 0u8;
        while r.cmp(&s) != Ordering::Less {
            r.sub(&s);
            d += 1;
        }
        digits.push(d);
    }
    // Round on the remainder: up past half, and on an exact half to the even digit.
    r.mul_small(2);
    let up = match r.cmp(&s) {
        Ordering::Greater => true,
        Ordering::Equal => digits.last().is_some_and(|d| d % 2 == 1),
        Ordering::Less => false,
    };
    if up {
        loop {
            match digits.last_mut() {
                Some(9) => {
                    digits.pop();
                }
                Some(d) => {
                    *d += 1;
                    break;
                }
                None => {
                    // All nines (or nothing kept): the next power of ten.
                    digits.push(1);
                    k += 1;
                    break;
                }
            }
        }
    }
    while digits.last() == Some(&0) {
        digits.pop();
    }
    if digits.is_empty() {
        k = 0;
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

    /// Our digits laid out as `{:.p$}` writes them, to compare with Rust's (correctly rounded,
    /// ties to even on the exact value, as CPython).
    fn fixed_text(x: f64, p: u32) -> String {
        let (digits, k) = rounded(x, Cut::Fraction(p));
        let mut all = String::new();
        let width = usize::try_from(p).unwrap_or(0);
        // Integer digits then `p` fraction digits, as one string of length k + p.
        let total = i64::from(k) + i64::from(p);
        for i in 0..total.max(0) {
            let d = digits.get(i as usize).copied().unwrap_or(0);
            all.push(char::from(b'0' + d));
        }
        let len = all.len();
        let point = len.saturating_sub(width);
        let (whole, frac) = all.split_at(point);
        let whole = if whole.is_empty() { "0" } else { whole };
        let frac = format!("{frac:0>width$}");
        if p == 0 {
            String::from(whole)
        } else {
            format!("{whole}.{frac}")
        }
    }

    #[test]
    fn fixed_digits_agree_with_rust() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for i in 0..20_000 {
            let raw = xorshift(&mut state);
            // Values from 1e-12 to 1e20, and exact halves.
            let x = match i % 3 {
                0 => f64::from_bits(
                    raw % (0x4430_0000_0000_0000 - 0x3d70_0000_0000_0000) + 0x3d70_0000_0000_0000,
                ),
                1 => (raw % 100_000) as f64 / 8.0,
                _ => (raw % 1_000_000) as f64 / 1024.0,
            };
            let p = (raw >> 60) as u32 % 9;
            assert_eq!(
                fixed_text(x, p),
                format!("{x:.*}", p as usize),
                "{x:e} .{p}"
            );
        }
    }

    #[test]
    fn significant_digits_agree_with_rust() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            let raw = xorshift(&mut state);
            let x = f64::from_bits(raw >> 1);
            if !x.is_finite() || x == 0.0 {
                continue;
            }
            let m = (raw % 17) as u32 + 1;
            let (digits, k) = rounded(x, Cut::Significant(m));
            let theirs = format!("{x:.*e}", (m - 1) as usize);
            let (mantissa, exp) = theirs.split_once('e').unwrap();
            let mut want: std::vec::Vec<u8> = mantissa
                .bytes()
                .filter(u8::is_ascii_digit)
                .map(|b| b - b'0')
                .collect();
            while want.last() == Some(&0) {
                want.pop();
            }
            assert_eq!(digits, want, "{theirs}");
            assert_eq!(k - 1, exp.parse::<i32>().unwrap(), "{theirs}");
        }
        // Rounding up into the next power of ten, and rounding everything away.
        assert_eq!(rounded(9.99996, Cut::Fraction(4)), (std::vec![1], 2));
        assert_eq!(rounded(0.00004, Cut::Fraction(4)), (std::vec![], 0));
        assert_eq!(rounded(0.00005, Cut::Fraction(4)), (std::vec![1], -3));
        assert_eq!(rounded(0.5, Cut::Fraction(0)), (std::vec![], 0));
        assert_eq!(rounded(1.5, Cut::Fraction(0)), (std::vec![2], 1));
    }
}
