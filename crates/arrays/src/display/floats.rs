//! NumPy's way of writing the floats of one array (`FloatingFormat` in NumPy's `arrayprint.py`,
//! default options: precision 8, `floatmode='maxprec'`, no `suppress`): one format chosen from
//! all the shown values, then each value written to the common width.
//!
//! - Positional (`0.25`, `1.  `) unless a nonzero finite value reaches 10^8 (10^6 for
//!   `float32`, 10^3 for `float16`), or the smallest is under 1e-4 or the largest over 1000
//!   times it: then scientific (`1.5e-05`), with as many digits after the point as the longest
//!   needs.
//! - The shortest digits that read back to the value at its own width, but at most 8 after the
//!   point (positional) or 8 after the first digit (scientific), the exact value rounded there.
//! - Padded to a common width: the integer parts on the left, the fractions on the right with
//!   spaces (positional) or zeros (scientific); `nan` and `inf` right-aligned to the whole width.

use float_text::{Cut, Width, rounded, shortest};

use crate::dtype::{f16_to_f64, f64_to_f16};

/// NumPy's default `precision`.
const PRECISION: i32 = 8;

/// The format chosen for one array's floats.
pub struct FloatFormat {
    width: Width,
    scientific: bool,
    pad_left: usize,
    pad_right: usize,
    /// Scientific only: digits after the point, and digits of the exponent.
    fraction: usize,
    exp_digits: usize,
}

/// One value's parts before padding: sign and integer digits, fraction digits, exponent.
struct Parts {
    whole: String,
    fraction: String,
    exp: i32,
}

/// `x` rounded to `width` (the dtype NumPy computes in).
fn at_width(x: f64, width: Width) -> f64 {
    match width {
        Width::Double => x,
        Width::Single => f64::from(x as f32),
        Width::Half => f16_to_f64(f64_to_f16(x)),
    }
}

fn digit_text(digits: &[u8]) -> String {
    digits.iter().map(|d| char::from(b'0' + d)).collect()
}

/// The parts of finite `x` as NumPy's first pass writes them (`unique=True`, precision 8), or
/// with `exact` significant digits: Dragon4 with `min_digits` past the shortest digits goes on
/// with the exact value's digits (a `float16` 8672 is `8.67e+03` alone, but `8.672e+03` beside
/// a value that needs four digits).
fn parts(x: f64, width: Width, scientific: bool, exact: Option<u32>) -> Parts {
    let sign = if x.is_sign_negative() { "-" } else { "" };
    let a = x.abs();
    let (digits, k) = if a == 0.0 {
        (Vec::new(), 1)
    } else if let Some(n) = exact {
        rounded(a, Cut::Significant(n))
    } else {
        let (d, k) = shortest(a, width);
        let len = i32::try_from(d.len()).unwrap_or(i32::MAX);
        if scientific && len > PRECISION + 1 {
            rounded(a, Cut::Significant(PRECISION.unsigned_abs() + 1))
        } else if !scientific && len.saturating_sub(k) > PRECISION {
            rounded(a, Cut::Fraction(PRECISION.unsigned_abs()))
        } else {
            (d, k)
        }
    };
    if scientific {
        let (first, rest) = digits.split_at(digits.len().min(1));
        let first = if first.is_empty() {
            "0".to_string()
        } else {
            digit_text(first)
        };
        return Parts {
            whole: format!("{sign}{first}"),
            fraction: digit_text(rest),
            exp: if digits.is_empty() { 0 } else { k - 1 },
        };
    }
    let point = usize::try_from(k).unwrap_or(0);
    let mut whole = String::from(sign);
    let mut fraction = String::new();
    if digits.is_empty() || k <= 0 {
        whole.push('0');
        for _ in 0..k.unsigned_abs() {
            if !digits.is_empty() {
                fraction.push('0');
            }
        }
        fraction.push_str(&digit_text(&digits));
    } else if point >= digits.len() {
        whole.push_str(&digit_text(&digits));
        for _ in digits.len()..point {
            whole.push('0');
        }
    } else {
        let (w, f) = digits.split_at(point);
        whole.push_str(&digit_text(w));
        fraction.push_str(&digit_text(f));
    }
    Parts {
        whole,
        fraction,
        exp: 0,
    }
}

fn exp_len(exp: i32) -> usize {
    if exp.unsigned_abs() >= 100 { 3 } else { 2 }
}

impl FloatFormat {
    /// The format for `values` (the shown elements) of a float dtype of `width`.
    pub fn new(values: &[f64], width: Width) -> FloatFormat {
        let finite: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
        let mut nonzero = finite.iter().filter(|v| **v != 0.0).map(|v| v.abs());
        let mut scientific = false;
        if let Some(first) = nonzero.next() {
            let (min, max) = nonzero.fold((first, first), |(lo, hi), v| (lo.min(v), hi.max(v)));
            let cutoff = match width {
                Width::Double => 1e8,
                Width::Single => 1e6,
                Width::Half => 1e3,
            };
            scientific =
                max >= cutoff || min < at_width(1e-4, width) || at_width(max / min, width) > 1000.0;
        }
        let mut f = FloatFormat {
            width,
            scientific,
            pad_left: 0,
            pad_right: 0,
            fraction: 0,
            exp_digits: 0,
        };
        if !finite.is_empty() {
            let all: Vec<Parts> = finite
                .iter()
                .map(|x| parts(*x, width, scientific, None))
                .collect();
            f.pad_left = all.iter().map(|p| p.whole.len()).max().unwrap_or(0);
            let fraction = all.iter().map(|p| p.fraction.len()).max().unwrap_or(0);
            if scientific {
                f.fraction = fraction;
                f.exp_digits = all.iter().map(|p| exp_len(p.exp)).max().unwrap_or(2);
                f.pad_right = f.exp_digits + 2 + fraction;
            } else {
                f.pad_right = fraction;
            }
        }
        if finite.len() != values.len() {
            let neginf = values.contains(&f64::NEG_INFINITY);
            let offset = f.pad_right + 1;
            let need = (3 + usize::from(neginf)).saturating_sub(offset);
            f.pad_left = f.pad_left.max(need);
        }
        f
    }

    /// One value, padded to the common width.
    pub fn format(&self, x: f64) -> String {
        if !x.is_finite() {
            let text = if x.is_nan() {
                "nan"
            } else if x > 0.0 {
                "inf"
            } else {
                "-inf"
            };
            let total = self.pad_left + self.pad_right + 1;
            return format!("{text:>total$}");
        }
        let exact = self
            .scientific
            .then(|| u32::try_from(self.fraction).unwrap_or(0) + 1);
        let p = parts(x, self.width, self.scientific, exact);
        let pad_left = self.pad_left;
        if self.scientific {
            let exp_sign = if p.exp < 0 { '-' } else { '+' };
            let (fraction, exp_digits) = (self.fraction, self.exp_digits);
            format!(
                "{:>pad_left$}.{:0<fraction$}e{exp_sign}{:0>exp_digits$}",
                p.whole,
                p.fraction,
                p.exp.unsigned_abs()
            )
        } else {
            let pad_right = self.pad_right;
            format!("{:>pad_left$}.{:<pad_right$}", p.whole, p.fraction)
        }
    }
}
