//! Text to the nearest float.

use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::big::Big;

/// Reads a float as Rust's `str::parse::<f64>` reads it: an optional sign, then `inf`,
/// `infinity` or `nan` in any case, or a decimal as [`parse_decimal`] reads it. `None` if the
/// text is not a float (no spaces, no underscores, no hex).
pub fn parse(text: &str) -> Option<f64> {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let value = if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
        f64::INFINITY
    } else if body.eq_ignore_ascii_case("nan") {
        f64::NAN
    } else {
        parse_decimal(body)?
    };
    Some(if negative { -value } else { value })
}

/// Significant digits kept: a value halfway between two floats has at most 767, so the digits
/// past these only matter as "more than nothing", which one extra digit stands for.
const KEPT_DIGITS: usize = 780;

/// Powers of ten that a float holds exactly.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// Reads an unsigned decimal (`1.5`, `.5`, `5.`, `2e-3`, `1E+9`; no sign, no underscores) to
/// the nearest float, ties to even; beyond the largest float it is infinity, below half the
/// smallest it is 0. `None` if the text is not such a decimal.
pub fn parse_decimal(text: &str) -> Option<f64> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (text.get(..i)?, Some(text.get(i + 1..)?)),
        None => (text, None),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(int_part) || !all_digits(frac_part) || int_part.len() + frac_part.len() == 0 {
        return None;
    }
    // value = digits × 10^e10, e10 kept within ±10^9 (far past where the answer is 0 or ∞).
    let mut e10: i64 = 0;
    if let Some(exp) = exponent {
        let digits = exp.strip_prefix(['+', '-']).unwrap_or(exp);
        if digits.is_empty() || !all_digits(digits) {
            return None;
        }
        let magnitude = digits.bytes().fold(0i64, |n, b| {
            (n * 10 + i64::from(b - b'0')).min(1_000_000_000)
        });
        e10 = if exp.starts_with('-') {
            -magnitude
        } else {
            magnitude
        };
    }
    e10 -= i64::try_from(frac_part.len()).ok()?;
    let mut digits: Vec<u8> = Vec::new();
    let mut more = false;
    for b in int_part.bytes().chain(frac_part.bytes()) {
        let d = b - b'0';
        if digits.is_empty() && d == 0 {
            continue;
        }
        if digits.len() < KEPT_DIGITS {
            digits.push(d);
        } else {
            e10 += 1;
            more |= d != 0;
        }
    }
    if more {
        digits.push(1);
        e10 -= 1;
    } else {
        while digits.last() == Some(&0) {
            digits.pop();
            e10 += 1;
        }
    }
    let count = i64::try_from(digits.len()).ok()?;
    if count == 0 {
        return Some(0.0);
    }
    // 10^(count−1+e10) <= value < 10^(count+e10).
    if count + e10 > 310 {
        return Some(f64::INFINITY);
    }
    if count + e10 < -325 {
        return Some(0.0);
    }
    if let Some(v) = fast_path(&digits, e10) {
        return Some(v);
    }
    let mut num = Big::from_digits(&digits);
    let mut den = Big::from_u64(1);
    let scale = u32::try_from(e10.unsigned_abs()).ok()?;
    if e10 >= 0 {
        num.mul_pow10(scale);
    } else {
        den.mul_pow10(scale);
    }
    Some(nearest(&num, &den))
}

/// Clinger's fast path: digits below 2^53 and a power of ten a float holds exactly give the
/// answer in one correctly rounded operation.
fn fast_path(digits: &[u8], e10: i64) -> Option<f64> {
    if digits.len() > 16 {
        return None;
    }
    let m = digits.iter().fold(0u64, |n, &d| n * 10 + u64::from(d));
    if m > 1 << 53 {
        return None;
    }
    let pow = POW10.get(usize::try_from(e10.unsigned_abs()).ok()?)?;
    Some(if e10 >= 0 {
        m as f64 * pow
    } else {
        m as f64 / pow
    })
}

/// The float nearest `num / den` (both nonzero), ties to even.
fn nearest(num: &Big, den: &Big) -> f64 {
    // Choose k with num·2^k / den in [2^52, 2^53): the quotient is then the significand.
    let mut k = 53 - (num.bit_len() as i32 - den.bit_len() as i32);
    let (mut q, mut half) = scaled_quotient(num, den, k);
    if q >= 1 << 53 {
        k -= 1;
        (q, half) = scaled_quotient(num, den, k);
    }
    if k > 1074 {
        // Below the normal range: the significand counts units of 2^-1074.
        (q, half) = scaled_quotient(num, den, 1074);
        let q = round(q, half);
        return f64::from_bits(q);
    }
    let mut q = round(q, half);
    if q == 1 << 53 {
        q >>= 1;
        k -= 1;
    }
    let biased = 1075 - i64::from(k);
    if biased >= 2047 {
        return f64::INFINITY;
    }
    f64::from_bits((biased as u64) << 52 | (q & ((1 << 52) - 1)))
}

/// Rounds the quotient by how twice the remainder compares with the divisor, ties to even.
fn round(q: u64, half: Ordering) -> u64 {
    match half {
        Ordering::Greater => q + 1,
        Ordering::Equal if q % 2 == 1 => q + 1,
        _ => q,
    }
}

/// `⌊num·2^k / den⌋` (below 2^55 for the `k` [`nearest`] picks) and how twice the remainder
/// compares with the divisor, by shift and subtract.
fn scaled_quotient(num: &Big, den: &Big, k: i32) -> (u64, Ordering) {
    let (mut rest, mut divisor) = (num.clone(), den.clone());
    if k >= 0 {
        rest.mul_pow2(k.unsigned_abs());
    } else {
        divisor.mul_pow2(k.unsigned_abs());
    }
    let mut q = 0u64;
    for bit in (0..55).rev() {
        let mut step = divisor.clone();
        step.mul_pow2(bit);
        if rest.cmp(&step) != Ordering::Less {
            rest.sub(&step);
            q |= 1 << bit;
        }
    }
    rest.mul_small(2);
    (q, rest.cmp(&divisor))
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::xorshift;
    use std::format;
    use std::string::String;

    fn check(text: &str) {
        let want = text.parse::<f64>().ok();
        let got = parse(text);
        match (got, want) {
            (Some(g), Some(w)) if g.is_nan() && w.is_nan() => {}
            (Some(g), Some(w)) => assert_eq!(g.to_bits(), w.to_bits(), "{text}: {g:e} vs {w:e}"),
            (g, w) => assert_eq!(g.is_some(), w.is_some(), "{text}: {g:?} vs {w:?}"),
        }
    }

    #[test]
    fn edges_read_as_std_reads_them() {
        for text in [
            "0",
            "0.0",
            "00",
            "0e0",
            "1",
            "+1",
            "-1",
            "-0",
            "-0.0",
            "1.",
            ".5",
            "-.5",
            ".",
            "",
            "e5",
            "1e",
            "1e+",
            "1e-",
            ".e1",
            "1e5",
            "1E5",
            "1e+5",
            "1e-5",
            "1.5e3",
            "inf",
            "-inf",
            "+inf",
            "INF",
            "Infinity",
            "-infinity",
            "nan",
            "NaN",
            "-nan",
            "infin",
            "1_0",
            "0x10",
            " 1",
            "1 ",
            "1.2.3",
            "1e5.5",
            "--1",
            "+-1",
            "1e400",
            "1e-400",
            "1e308",
            "1.8e308",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "2.2250738585072011e-308",
            "2.2250738585072012e-308",
            "2.2250738585072014e-308",
            "4.9406564584124654e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "2.47032822920623272088e-324",
            "5e-324",
            "3e-324",
            "1e-323",
            "9007199254740993",
            "9007199254740992.5",
            "9007199254740993.0000000001",
            "9007199254740995",
            "0.1",
            "0.2",
            "0.3",
            "123.456e-7",
            "1e22",
            "1e23",
            "8.98846567431158e307",
            "0.000000000000000000000000000000000000000000001e45",
            "100000000000000000000000e-23",
            "7.2057594037927933e16",
            "1e-1000000000000",
            "1e1000000000000",
            "0e1000000000000",
            "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9999999999999999999999999999999999999999999999999999999999999999999999",
        ] {
            check(text);
        }
    }

    #[test]
    fn long_digit_strings_read_as_std_reads_them() {
        // A halfway case between two floats, written out in full, and its neighbours a
        // digit away at the very end.
        let half = format!("{:.1100}", 2.0f64.powi(-1074) * 1.5);
        check(&half);
        for (i, c) in half.char_indices().rev().take(40) {
            if c.is_ascii_digit() {
                let mut up: String = half.clone();
                up.replace_range(i..=i, "9");
                check(&up);
                let mut down: String = half.clone();
                down.replace_range(i..=i, "0");
                check(&down);
            }
        }
        let ones = "1".repeat(2000);
        check(&ones);
        check(&format!("0.{ones}"));
        check(&format!("{ones}e-2300"));
        check(&format!("{}1e-800", "0".repeat(900)));
    }

    #[test]
    fn every_way_of_writing_random_floats_reads_back() {
        let mut state = 0x0a40_9382_2299_f31du64;
        let n = if cfg!(debug_assertions) {
            5_000
        } else {
            200_000
        };
        for _ in 0..n {
            let x = f64::from_bits(xorshift(&mut state) & !(1 << 63));
            if !x.is_finite() {
                continue;
            }
            check(&format!("{x:e}"));
            check(&format!("{x:.25e}"));
            check(&format!("{x:.3e}"));
            check(&format!("{x}"));
            let digits = (xorshift(&mut state) % 30 + 1) as usize;
            let exp = (xorshift(&mut state) % 700) as i64 - 350;
            let mantissa: String = (0..digits)
                .map(|_| char::from(b'0' + (xorshift(&mut state) % 10) as u8))
                .collect();
            check(&format!("{mantissa}e{exp}"));
            check(&format!("0.{mantissa}e{exp}"));
        }
    }
}
