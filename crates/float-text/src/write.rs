//! Floats written as Python writes them.

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
        if e >= 100 {
            out.push(char::from(b'0' + (e / 100) as u8));
        }
        out.push(char::from(b'0' + (e / 10 % 10) as u8));
        out.push(char::from(b'0' + (e % 10) as u8));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
