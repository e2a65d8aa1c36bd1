//! Floats as text, both ways, without std's float formatting and parsing (about 30 KB of
//! wasm between them): [`float_repr`] finds the shortest digits that read back to the same
//! float (Steele & White's free-format algorithm, as Burger and Dybvig give it, on a small
//! big integer), and [`parse_float`] reads decimals by Clinger's exact fast path.

use core::cmp::Ordering;

/// A big unsigned integer, little-endian 32-bit limbs, no high zero limbs.
#[derive(Clone)]
struct Big(Vec<u32>);

impl Big {
    fn from_u64(v: u64) -> Big {
        let mut b = Big(vec![v as u32, (v >> 32) as u32]);
        b.trim();
        b
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let t = u64::from(*limb) * u64::from(m) + carry;
            *limb = t as u32;
            carry = t >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow2(&mut self, k: u32) {
        if self.0.is_empty() {
            return;
        }
        let words = (k / 32) as usize;
        self.0.splice(0..0, core::iter::repeat_n(0, words));
        self.mul_small(1 << (k % 32));
    }

    fn mul_pow10(&mut self, k: u32) {
        for _ in 0..k / 9 {
            self.mul_small(1_000_000_000);
        }
        self.mul_small(10u32.pow(k % 9));
    }

    fn add(&self, other: &Big) -> Big {
        let n = self.0.len().max(other.0.len());
        let mut out = Vec::with_capacity(n + 1);
        let mut carry = 0u64;
        for i in 0..n {
            let a = u64::from(self.0.get(i).copied().unwrap_or(0));
            let b = u64::from(other.0.get(i).copied().unwrap_or(0));
            let t = a + b + carry;
            out.push(t as u32);
            carry = t >> 32;
        }
        if carry > 0 {
            out.push(carry as u32);
        }
        Big(out)
    }

    /// `self -= other`, for `self >= other`.
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let t = i64::from(*limb) - i64::from(other.0.get(i).copied().unwrap_or(0)) - borrow;
            borrow = i64::from(t < 0);
            *limb = (t + (borrow << 32)) as u32;
        }
        self.trim();
    }

    fn cmp(&self, other: &Big) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }
}

/// The shortest decimal digits `d1 d2 ...` and the exponent `k` with `x = 0.d1d2... × 10^k`
/// that read back to `x` (finite, positive), the closest such when several are as short.
fn shortest_digits(x: f64) -> (Vec<u8>, i32) {
    let bits = x.to_bits();
    let mantissa = bits & ((1 << 52) - 1);
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let (f, e) = if biased == 0 {
        (mantissa, -1074)
    } else {
        (mantissa | 1 << 52, biased - 1075)
    };
    // With an even mantissa the interval's ends read back to x too (round-half-even).
    let inclusive = f % 2 == 0;
    // The float below is closer than the one above when f is a power of two, except at the
    // smallest exponent.
    let lower_closer = mantissa == 0 && biased > 1;
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
    // k estimate from the bit length: never too big, at most one too small.
    let bit_len = 64 - f.leading_zeros() as i32;
    let mut k = (f64::from(e + bit_len - 1) * core::f64::consts::LOG10_2 - 1e-10).ceil() as i32;
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
                let mut twice = r.clone();
                twice.mul_small(2);
                digits.push(if twice.cmp(&s) == Ordering::Less {
                    d
                } else {
                    d + 1
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

/// `repr(x)` of a float, as CPython writes it: the shortest text that reads back the same,
/// in fixed notation from 1e-4 up to 1e16 and in exponent notation (`1e+16`) outside.
pub fn float_repr(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if x == 0.0 {
        return if x.is_sign_negative() {
            "-0.0".into()
        } else {
            "0.0".into()
        };
    }
    let (digits, k) = shortest_digits(x.abs());
    let digits: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    let exp = k - 1;
    let mut out = String::new();
    if x < 0.0 {
        out.push('-');
    }
    if (-4..16).contains(&exp) {
        if exp < 0 {
            out.push_str("0.");
            for _ in 0..(-exp - 1) {
                out.push('0');
            }
            out.push_str(&digits);
        } else {
            let int_len = exp.unsigned_abs() as usize + 1;
            let (int_part, frac) = digits.split_at(digits.len().min(int_len));
            out.push_str(int_part);
            for _ in int_part.len()..int_len {
                out.push('0');
            }
            out.push('.');
            out.push_str(if frac.is_empty() { "0" } else { frac });
        }
    } else {
        let (first, rest) = digits.split_at(digits.len().min(1));
        out.push_str(first);
        if !rest.is_empty() {
            out.push('.');
            out.push_str(rest);
        }
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        let e = exp.unsigned_abs();
        if e < 10 {
            out.push('0');
        }
        out.push_str(&e.to_string());
    }
    out
}

/// Powers of ten that a float holds exactly.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// What [`parse_float`] read.
#[derive(Clone, Copy, PartialEq)]
pub enum FloatText {
    /// The correctly rounded value.
    Exact(f64),
    /// A valid float whose correct rounding needs more than the exact fast path.
    Inexact,
    /// Not a float.
    Invalid,
}

/// Reads an unsigned decimal float (`1.5`, `.5`, `5.`, `2e-3`; no underscores), correctly
/// rounded by Clinger's fast path: digits up to 2^53 and a power of ten that a float holds
/// exactly, one rounding. Anything else is [`FloatText::Inexact`], which callers report as
/// unsupported rather than risk a last-bit difference (std's parser would do it, at 18 KB of
/// wasm).
pub fn parse_float(text: &str) -> FloatText {
    match parse_float_inner(text) {
        Ok(Some(v)) => FloatText::Exact(v),
        Ok(None) => FloatText::Inexact,
        Err(()) => FloatText::Invalid,
    }
}

#[allow(clippy::result_unit_err)]
fn parse_float_inner(text: &str) -> core::result::Result<Option<f64>, ()> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (text.get(..i).ok_or(())?, Some(text.get(i + 1..).ok_or(())?)),
        None => (text, None),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(int_part) || !all_digits(frac_part) || int_part.len() + frac_part.len() == 0 {
        return Err(());
    }
    let mut e10: i64 = 0;
    if let Some(exp) = exponent {
        let digits = exp.strip_prefix(['+', '-']).unwrap_or(exp);
        if digits.is_empty() || !all_digits(digits) {
            return Err(());
        }
        let magnitude: i64 = digits
            .bytes()
            .fold(0, |n, b| (n * 10 + i64::from(b - b'0')).min(1_000_000));
        e10 = if exp.starts_with('-') {
            -magnitude
        } else {
            magnitude
        };
    }
    let frac_len = i64::try_from(frac_part.len()).map_err(|_| ())?;
    e10 -= frac_len;
    let digits: String = int_part.chars().chain(frac_part.chars()).collect();
    let digits = digits.trim_start_matches('0');
    let trimmed = digits.trim_end_matches('0');
    e10 += i64::try_from(digits.len() - trimmed.len()).map_err(|_| ())?;
    if trimmed.is_empty() {
        return Ok(Some(0.0));
    }
    const EXACT: u64 = 1 << 53;
    let m: u64 = match trimmed.parse() {
        Ok(m) if m <= EXACT => m,
        _ => return Ok(None),
    };
    let pow = |e: i64| usize::try_from(e).ok().and_then(|e| POW10.get(e).copied());
    let value = if e10 >= 0 {
        match pow(e10) {
            Some(p) => m as f64 * p,
            // m·10^(e10-22) may still be an exact integer below 2^53.
            None => match pow(e10 - 22)
                .and_then(|p| (p as u64).checked_mul(m))
                .filter(|&n| n <= EXACT)
            {
                Some(n) => n as f64 * 1e22,
                None => return Ok(None),
            },
        }
    } else {
        match pow(-e10) {
            Some(p) => m as f64 / p,
            None => return Ok(None),
        }
    };
    Ok(Some(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// std's `{:e}` is the oracle: the same shortest digits and exponent.
    fn std_digits(x: f64) -> (String, i32) {
        let text = format!("{x:e}");
        let (m, e) = text.split_once('e').unwrap();
        (m.replace('.', ""), e.parse::<i32>().unwrap() + 1)
    }

    fn check(x: f64) {
        let (digits, k) = shortest_digits(x);
        let digits: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
        assert_eq!((digits, k), std_digits(x), "{x:e} bits {:#x}", x.to_bits());
    }

    #[test]
    fn shortest_digits_match_std_on_edges() {
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
            1.7976931348623157e308,
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
            let x = f64::from_bits(bits);
            check(x);
            check(f64::from_bits(bits + 1));
            if bits > 1 {
                check(f64::from_bits(bits - 1));
            }
        }
    }

    #[test]
    fn shortest_digits_match_std_on_random_bits() {
        let mut state = 0x243f_6a88_85a3_08d3u64;
        let n = if cfg!(debug_assertions) {
            20_000
        } else {
            1_000_000
        };
        for _ in 0..n {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let x = f64::from_bits(state & !(1 << 63));
            if x.is_finite() && x > 0.0 {
                check(x);
            }
        }
    }
}
