//! The numbers of `einsum_path`'s report as Python's `%` formatting writes them, computed in
//! integers: `"%.3e" % n` of a count and `"%3.3f" % speedup`. Both are correctly rounded (ties
//! to even, on the exact value of the double), as CPython's are; Rust's own float formatting
//! would cost the bundle about 14 KB for these two lines.

/// `"%.3e" % n`: Python converts the int to a float first, then writes four significant digits.
pub fn sci(n: u128) -> String {
    // The double nearest n, back as an exact integer (a double below 2^128 is one).
    let x = n as f64;
    let exact = x as u128;
    if exact == 0 {
        return "0.000e+00".to_string();
    }
    let digits = exact.to_string();
    let exponent = digits.len() - 1;
    let (mut head, exponent) = if digits.len() <= 4 {
        let padded = format!("{digits:0<4}");
        (padded.parse::<u32>().unwrap_or(0), exponent)
    } else {
        let (h, rest) = digits.split_at(4);
        let head = h.parse::<u32>().unwrap_or(0);
        (round_digits(head, rest), exponent)
    };
    let mut exponent = exponent;
    if head == 10_000 {
        head = 1_000;
        exponent += 1;
    }
    format!("{}.{:03}e+{:02}", head / 1000, head % 1000, exponent)
}

/// `head` rounded by the digits after it: up above half, to even at exactly half.
fn round_digits(head: u32, rest: &str) -> u32 {
    let mut bytes = rest.bytes();
    let first = bytes.next().unwrap_or(b'0');
    let tail_zero = bytes.all(|b| b == b'0');
    let up = first > b'5' || (first == b'5' && (!tail_zero || head % 2 == 1));
    head + u32::from(up)
}

/// `"%3.3f" % x` for a non-negative double: three decimals of its exact value.
pub fn fixed3(x: f64) -> String {
    if x.is_nan() {
        return "nan".to_string();
    }
    if x.is_infinite() {
        return "inf".to_string();
    }
    let bits = x.abs().to_bits();
    let raw_exp = i32::try_from((bits >> 52) & 0x7ff).unwrap_or(0);
    let fraction = u128::from(bits & ((1u64 << 52) - 1));
    let (mantissa, exp) = if raw_exp == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1u128 << 52), raw_exp - 1075)
    };
    // mantissa · 2^exp, exactly: a whole number shifted left, or a quotient by 2^-exp.
    let text = if exp >= 0 {
        let whole = mantissa
            .checked_shl(exp.unsigned_abs())
            .unwrap_or(u128::MAX);
        crate::display::fixed_point(whole, 0, 3)
    } else {
        crate::display::fixed_point(mantissa, exp.unsigned_abs(), 3)
    };
    let zero = text.bytes().all(|b| b == b'0' || b == b'.');
    if x.is_sign_negative() && !zero {
        format!("-{text}")
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    /// Python's `%.3e` as Rust writes `{:.3e}` (correctly rounded too), with Python's exponent.
    fn python_sci(x: f64) -> String {
        let s = format!("{x:.3e}");
        let (m, e) = s.split_once('e').unwrap();
        let e: i32 = e.parse().unwrap();
        format!(
            "{m}e{}{:02}",
            if e < 0 { '-' } else { '+' },
            e.unsigned_abs()
        )
    }

    #[test]
    fn counts_as_python_writes_them() {
        // CPython 3.11: '%.3e' % n.
        for (n, want) in [
            (0u128, "0.000e+00"),
            (7, "7.000e+00"),
            (1234, "1.234e+03"),
            (12345, "1.234e+04"),
            (12355, "1.236e+04"),
            (99995, "1.000e+05"),
            (20_000_000, "2.000e+07"),
            (200_000, "2.000e+05"),
            (402_653_184, "4.027e+08"),
        ] {
            assert_eq!(sci(n), want, "{n}");
        }
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let n = u128::from(s) >> (s % 60);
            assert_eq!(sci(n), python_sci(n as f64), "{n}");
        }
    }

    #[test]
    fn speedups_as_python_writes_them() {
        // CPython 3.11: '%3.3f' % x.
        for (x, want) in [
            (1.0, "1.000"),
            (100.0, "100.000"),
            (0.0005, "0.001"),
            (2.0005, "2.001"),
            (1.0 / 3.0, "0.333"),
            (0.0, "0.000"),
        ] {
            assert_eq!(fixed3(x), want, "{x}");
        }
        let mut s = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let x = (s >> 11) as f64 / (1u64 << (s % 53)) as f64;
            assert_eq!(fixed3(x), format!("{x:.3}"), "{x}");
        }
    }
}
