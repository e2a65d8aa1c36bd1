//! PyTorch tensors as PyTorch 2.15 prints them with its default options (`_Formatter`,
//! `_tensor_str`, `_str_intern` in `torch/_tensor_str.py`): `tensor([[0, 1, 2],` then
//! `        [3, 4, 5]])`, with `dtype=torch.…` unless the dtype is `float32`, `int64` or `bool`
//! (an empty tensor: `tensor([], size=(0, 3), dtype=torch.int64)`, unless `float32`).
//!
//! Floats take one format from the shown values: whole numbers as `1.`, others with 4 decimals
//! (`0.5000`), scientific with 4 decimals (`1.0000e-05`) when the largest nonzero finite value
//! passes 1e8 or 1000 times the smallest, or the smallest is under 1e-4. Every
//! element is right-aligned to the widest; rows hold as many as fit in 80 columns.

use float_text::{Cut, rounded};

use super::shown::{EDGE_ITEMS, Shown, shown};
use crate::array::Array;
use crate::dtype::{DType, Num};
use crate::error::EvalError;

/// PyTorch's default `precision`.
const PRECISION: u32 = 4;
/// PyTorch's default `linewidth`.
const LINE_WIDTH: usize = 80;

/// Python's `'{:.Nf}'.format(x)` for finite `x`.
fn fixed(x: f64, decimals: u32) -> String {
    let sign = if x.is_sign_negative() { "-" } else { "" };
    let (digits, k) = if x == 0.0 {
        (Vec::new(), 0)
    } else {
        rounded(x.abs(), Cut::Fraction(decimals))
    };
    let text: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    let (whole, fraction) = match usize::try_from(k) {
        Ok(point) if point > 0 => {
            let (w, f) = text.split_at(point.min(text.len()));
            (format!("{w:0<point$}"), f.to_string())
        }
        _ => (
            "0".to_string(),
            format!("{}{text}", "0".repeat(k.unsigned_abs() as usize)),
        ),
    };
    let decimals = decimals as usize;
    if decimals == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{fraction:0<decimals$}")
    }
}

/// Python's `'{:.Ne}'.format(x)` for finite `x`: `1.0000e-05`.
fn scientific(x: f64, decimals: u32) -> String {
    let sign = if x.is_sign_negative() { "-" } else { "" };
    let (digits, k) = if x == 0.0 {
        (Vec::new(), 1)
    } else {
        rounded(x.abs(), Cut::Significant(decimals + 1))
    };
    let exp = if digits.is_empty() { 0 } else { k - 1 };
    let mut mantissa = String::new();
    for i in 0..=decimals as usize {
        mantissa.push(char::from(b'0' + digits.get(i).copied().unwrap_or(0)));
        if i == 0 && decimals > 0 {
            mantissa.push('.');
        }
    }
    let exp_sign = if exp < 0 { '-' } else { '+' };
    format!("{sign}{mantissa}e{exp_sign}{:02}", exp.unsigned_abs())
}

fn non_finite(x: f64) -> &'static str {
    if x.is_nan() {
        "nan"
    } else if x > 0.0 {
        "inf"
    } else {
        "-inf"
    }
}

/// How a tensor's elements are written.
enum Mode {
    /// Integers and bools: Python's `str`.
    Plain,
    /// Floats that are all whole: `1.`.
    Whole,
    /// `0.5000`.
    Fixed,
    /// `1.0000e-05`.
    Scientific,
}

struct Formatter {
    mode: Mode,
    width: usize,
}

impl Formatter {
    fn new(dtype: DType, values: &[Num]) -> Formatter {
        let mut width = 1;
        if super::numpy::float_width(dtype).is_none() {
            for v in values {
                width = width.max(plain(*v).len());
            }
            return Formatter {
                mode: Mode::Plain,
                width,
            };
        }
        let nonzero: Vec<f64> = values
            .iter()
            .map(|v| v.as_f64())
            .filter(|v| v.is_finite() && *v != 0.0)
            .collect();
        let Some(first) = nonzero.first().map(|v| v.abs()) else {
            return Formatter {
                mode: Mode::Whole,
                width,
            };
        };
        let (min, max) = nonzero
            .iter()
            .map(|v| v.abs())
            .fold((first, first), |(lo, hi), v| (lo.min(v), hi.max(v)));
        let whole = nonzero.iter().all(|v| v.fract() == 0.0);
        let sci = max / min > 1000.0 || max > 1.0e8 || min < 1.0e-4;
        let mode = match (whole, sci) {
            (_, true) => Mode::Scientific,
            (true, false) => Mode::Whole,
            (false, false) => Mode::Fixed,
        };
        for v in &nonzero {
            let len = match mode {
                Mode::Scientific => scientific(*v, PRECISION).len(),
                Mode::Whole => fixed(*v, 0).len() + 1,
                _ => fixed(*v, PRECISION).len(),
            };
            width = width.max(len);
        }
        Formatter { mode, width }
    }

    fn format(&self, v: Num) -> String {
        let x = v.as_f64();
        let text = match self.mode {
            Mode::Plain => plain(v),
            _ if !x.is_finite() => non_finite(x).to_string(),
            Mode::Scientific => scientific(x, PRECISION),
            Mode::Whole => fixed(x, 0) + ".",
            Mode::Fixed => fixed(x, PRECISION),
        };
        let width = self.width;
        format!("{text:>width$}")
    }
}

/// An integer or bool element as Python's `str` of its `.item()`.
fn plain(v: Num) -> String {
    match v {
        Num::Bool(b) => if b { "True" } else { "False" }.into(),
        Num::Int(i) => i.to_string(),
        Num::Float(f) => float_text::repr(f),
    }
}

struct Printer<'a> {
    shown: &'a Shown,
    words: Vec<String>,
    width: usize,
}

impl Printer<'_> {
    fn recurse(&self, axis: usize, start: usize, indent: usize) -> String {
        let ndim = self.shown.counts.len();
        let count = self.shown.counts.get(axis).copied().unwrap_or(0);
        let cut = self.shown.cut.get(axis).copied().unwrap_or(false);
        let block: usize = self
            .shown
            .counts
            .get(axis + 1..)
            .map_or(1, |c| c.iter().product());
        let edge = EDGE_ITEMS as usize;
        if axis + 1 == ndim {
            let mut data: Vec<&str> = Vec::with_capacity(count + 1);
            for i in 0..count {
                if cut && i == edge {
                    data.push(" ...");
                }
                data.push(self.words.get(start + i).map_or("", String::as_str));
            }
            let per_line = (LINE_WIDTH.saturating_sub(indent) / (self.width + 2)).max(1);
            let lines: Vec<String> = data.chunks(per_line).map(|l| l.join(", ")).collect();
            let glue = format!(",\n{}", " ".repeat(indent + 1));
            return format!("[{}]", lines.join(&glue));
        }
        let mut slices = Vec::with_capacity(count + 1);
        for i in 0..count {
            if cut && i == edge {
                slices.push("...".to_string());
            }
            slices.push(self.recurse(axis + 1, start + i * block, indent + 1));
        }
        let glue = format!(
            ",{}{}",
            "\n".repeat(ndim - axis - 1),
            " ".repeat(indent + 1)
        );
        format!("[{}]", slices.join(&glue))
    }
}

/// `repr(t)` and `str(t)`, which PyTorch makes the same.
pub fn repr(a: &Array) -> Result<String, EvalError> {
    const PREFIX: &str = "tensor(";
    let shape = a.layout.shape();
    let mut suffixes = Vec::new();
    let grad = crate::torch::convert::grad_state(a)?;
    let text = if a.layout.size() == 0 {
        if shape.len() != 1 {
            suffixes.push(format!("size={}", stride_core::dims::tuple(shape)));
        }
        if a.dtype != DType::Float32 {
            suffixes.push(format!("dtype=torch.{}", a.dtype.name()));
        }
        "[]".to_string()
    } else {
        if !matches!(a.dtype, DType::Float32 | DType::Int64 | DType::Bool) {
            suffixes.push(format!("dtype=torch.{}", a.dtype.name()));
        }
        let shown = shown(a)?;
        let formatter = Formatter::new(a.dtype, &shown.values);
        let words: Vec<String> = shown.values.iter().map(|v| formatter.format(*v)).collect();
        if shape.is_empty() {
            words.into_iter().next().unwrap_or_default()
        } else {
            let printer = Printer {
                shown: &shown,
                words,
                width: formatter.width,
            };
            printer.recurse(0, 0, PREFIX.len())
        }
    };
    if grad {
        suffixes.push("requires_grad=True".to_string());
    }
    let mut out = format!("{PREFIX}{text}");
    // `_add_suffixes`, with its count of the last line (one more than its length when the text
    // has several lines, two more when it has one).
    let mut last_line = match out.rfind('\n') {
        Some(i) => out.len() - i + 1,
        None => out.len() + 2,
    };
    for suffix in suffixes {
        if last_line + suffix.len() + 2 > LINE_WIDTH {
            out.push_str(",\n");
            out.push_str(&" ".repeat(PREFIX.len()));
            last_line = PREFIX.len() + suffix.len();
        } else {
            out.push_str(", ");
            last_line += suffix.len() + 2;
        }
        out.push_str(&suffix);
    }
    out.push(')');
    Ok(out)
}
