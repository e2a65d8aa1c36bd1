//! Floats written as Python writes them, and in plain positional notation.

use alloc::string::String;

use crate::shortest::{Width, shortest};

/// `repr(x)` of a float, as CPython writes it: the shortest text that reads back the same, in
/// fixed notation from 1e-4 up to 1e16 (`0.0001`, `1234.5`, `1e+16` just past it), `nan`,
/// `inf`, `-inf`, and `-0.0` for negative zero.
pub fn repr(x: f64) -> String {
    repr_of(x, Width::Double)
}

/// The shortest text that reads back to `x` as a float of `width`, as NumPy's `str` of a scalar
/// writes it: `np.float32(0.1)` is `0.1`, not the `0.10000000149011612` of the same value as a
/// double. Fixed notation from 1e-4 up to 1e16 for doubles (Python's rule too), 1e6 for
/// `float32` and 1e3 for `float16`, exponent notation outside. `x` is that width's value,
/// widened.
pub fn repr_of(x: f64, width: Width) -> String {
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
    let (digits, k) = shortest(x.abs(), width);
    let digits: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    let exp = k - 1;
    let limit = match width {
        Width::Double => 1e16,
        Width::Single => 1e6,
        Width::Half => 1e3,
    };
    let mut out = String::new();
    if x < 0.0 {
        out.push('-');
    }
    if (1e-4..limit).contains(&x.abs()) {
        positional(&digits, k, &mut out);
        if !out.contains('.') {
            out.push_str(".0");
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
        if e >= 100 {
            out.push(char::from(b'0' + (e / 100) as u8));
        }
        out.push(char::from(b'0' + (e / 10 % 10) as u8));
        out.push(char::from(b'0' + (e % 10) as u8));
    }
    out
}

/// `x` in plain positional notation, never an exponent, as Rust's `{}` writes a float: the
/// shortest digits (`0.0001`, `2.5`, `5` for 5.0, `1000000000000000000000` for 1e21), but an
/// exact tie in the last digit goes to the even digit, as in [`repr`].
pub fn plain(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if x == 0.0 {
        return if x.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    let (digits, k) = shortest(x.abs(), Width::Double);
    let digits: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    let mut out = String::new();
    if x < 0.0 {
        out.push('-');
    }
    positional(&digits, k, &mut out);
    out
}

/// Writes `0.d1d2… × 10^k` without an exponent: `0.00d1d2…`, `d1d2.d3…` or `d1d2…000`.
fn positional(digits: &str, k: i32, out: &mut String) {
    match usize::try_from(k) {
        Ok(point) if point >= digits.len() => {
            out.push_str(digits);
            for _ in digits.len()..point {
                out.push('0');
            }
        }
        Ok(point) if point > 0 => {
            let (whole, fraction) = digits.split_at(point);
            out.push_str(whole);
            out.push('.');
            out.push_str(fraction);
        }
        _ => {
            out.push_str("0.");
            for _ in 0..k.unsigned_abs() {
                out.push('0');
            }
            out.push_str(digits);
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use crate::xorshift;
    use std::format;

    #[test]
    fn plain_is_rusts_display_but_for_ties() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            let x = f64::from_bits(xorshift(&mut state));
            // The same text, but for an exact tie in the last digit, where Rust rounds up and
            // we, as CPython, to even: then as long, and reading back the same.
            let (ours, theirs) = (plain(x), format!("{x}"));
            assert!(
                ours == theirs || ours.len() == theirs.len() && ours.parse::<f64>().ok() == Some(x),
                "{:#x}: {ours} vs {theirs}",
                x.to_bits()
            );
        }
        for x in [
            0.5,
            -2.5,
            1e-7,
            123.456,
            1e15,
            1e21,
            1.5e300,
            5e-324,
            0.0,
            -0.0,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ] {
            assert_eq!(plain(x), format!("{x}"));
        }
    }

    #[test]
    fn doubles_print_as_cpython_prints_them() {
        // Each pair was printed by CPython 3.11's repr().
        for (x, text) in [
            (0.1, "0.1"),
            (1.0, "1.0"),
            (-2.5, "-2.5"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (123456789012345680.0, "1.2345678901234568e+17"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1.5e-7, "1.5e-07"),
            (5e-324, "5e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (0.30000000000000004, "0.30000000000000004"),
            (-0.0, "-0.0"),
            (0.0, "0.0"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
            (f64::NAN, "nan"),
            (2.0 / 3.0, "0.6666666666666666"),
            (1e100, "1e+100"),
            // 197830847162853.125 exactly: halfway, to the even digit.
            (f64::from_bits(0x42e6_7da2_abdd_3ca4), "197830847162853.12"),
        ] {
            assert_eq!(repr(x), text, "{text}");
        }
    }

    #[test]
    fn narrow_widths_print_as_numpy_prints_them() {
        // str(np.float32(v)) and str(np.float16(v)) in NumPy 2.4.
        for (x, text) in [
            (f64::from(0.1f32), "0.1"),
            (f64::from(1.0f32 / 3.0), "0.33333334"),
            (f64::from(16777216.0f32), "1.6777216e+07"),
            (f64::from(1e6f32), "1e+06"),
            (f64::from(999999.94f32), "999999.94"),
            (f64::from(-999999.0f32), "-999999.0"),
            (f64::from(1e-4f32), "1e-04"),
            (f64::from(1.00000005e-4f32), "0.000100000005"),
            (f64::from(1e20f32), "1e+20"),
            (f64::from(f32::MAX), "3.4028235e+38"),
            (f64::from(1e-45f32), "1e-45"),
        ] {
            assert_eq!(repr_of(x, Width::Single), text, "{text}");
        }
        for (x, text) in [
            (0.0999755859375, "0.1"),
            (0.333251953125, "0.3333"),
            (65504.0, "6.55e+04"),
            (5.960464477539063e-08, "6e-08"),
            (2048.0, "2.048e+03"),
            (999.5, "999.5"),
            (-1000.0, "-1e+03"),
            (0.00010001659393310547, "0.0001"),
            (6.002187728881836e-05, "6e-05"),
        ] {
            assert_eq!(repr_of(x, Width::Half), text, "{text}");
        }
    }
}
