//! NumPy arrays as NumPy 2.4 prints them with its default options (`array2string`,
//! `_formatArray`, `array_repr`, `array_str` in NumPy's `arrayprint.py`): `repr` is
//! `array([[0, 1, 2],\n       [3, 4, 5]])`, with `dtype=` unless the dtype is `int64`,
//! `float64` or `bool`, and `shape=` when the array is empty or summarized; `str` is
//! `[[0 1 2]\n [3 4 5]]`. Rows wrap at 75 characters (less the closing `)` for `repr`).

use float_text::Width;

use super::floats::FloatFormat;
use super::shown::{Shown, shown};
use crate::array::Array;
use crate::dtype::{DType, Num};
use crate::error::EvalError;

/// NumPy's default `linewidth`.
const LINE_WIDTH: usize = 75;

/// How one array's elements are written: all to a common width.
enum Element {
    Bool { zero_d: bool },
    Int { width: usize },
    Float(FloatFormat),
}

/// The float width NumPy prints a dtype's values at; `None` for the integer and bool dtypes.
pub fn float_width(d: DType) -> Option<Width> {
    match d {
        DType::Float16 => Some(Width::Half),
        DType::Float32 | DType::BFloat16 => Some(Width::Single),
        DType::Float64 => Some(Width::Double),
        _ => None,
    }
}

impl Element {
    fn new(dtype: DType, values: &[Num], zero_d: bool) -> Element {
        if let Some(width) = float_width(dtype) {
            let floats: Vec<f64> = values.iter().map(|v| v.as_f64()).collect();
            return Element::Float(FloatFormat::new(&floats, width));
        }
        if dtype == DType::Bool {
            return Element::Bool { zero_d };
        }
        let ints = values.iter().filter_map(|v| match v {
            Num::Int(i) => Some(*i),
            _ => None,
        });
        let (lo, hi) = ints.fold((None::<i128>, None::<i128>), |(lo, hi), i| {
            (
                Some(lo.map_or(i, |l| l.min(i))),
                Some(hi.map_or(i, |h| h.max(i))),
            )
        });
        let len = |v: Option<i128>| v.map_or(0, |v| v.to_string().len());
        Element::Int {
            width: len(lo).max(len(hi)),
        }
    }

    fn format(&self, v: Num) -> String {
        match (self, v) {
            (Element::Bool { zero_d }, Num::Bool(b)) => match (b, zero_d) {
                (true, true) => "True".into(),
                (true, false) => " True".into(),
                (false, _) => "False".into(),
            },
            (Element::Int { width }, Num::Int(i)) => format!("{i:>width$}"),
            (Element::Float(f), v) => f.format(v.as_f64()),
            (_, v) => crate::display::num_str(DType::Int64, v),
        }
    }
}

/// Lays out the shown elements as `_formatArray` does.
struct Printer<'a> {
    shown: &'a Shown,
    words: Vec<String>,
    separator: &'a str,
}

/// Python's `_extendLine`: `word` goes on `line`, or `line` is flushed to `s` first when the
/// word would pass `width` (unless the line holds no more than its indent).
fn extend_line(s: &mut String, line: &mut String, word: &str, width: usize, indent: usize) {
    if line.len() + word.len() > width && line.len() > indent {
        s.push_str(line.trim_end());
        s.push('\n');
        line.clear();
        line.push_str(&" ".repeat(indent));
    }
    line.push_str(word);
}

impl Printer<'_> {
    /// The text of the sub-array at `axis` whose first element is `start` in `words`, hung at
    /// `indent` spaces with `width` columns left.
    fn recurse(&self, axis: usize, start: usize, indent: usize, width: usize) -> String {
        let ndim = self.shown.counts.len();
        if axis == ndim {
            return self.words.get(start).cloned().unwrap_or_default();
        }
        let count = self.shown.counts.get(axis).copied().unwrap_or(0);
        let cut = self.shown.cut.get(axis).copied().unwrap_or(false);
        let block: usize = self
            .shown
            .counts
            .get(axis + 1..)
            .map_or(1, |c| c.iter().product());
        let axes_left = ndim - axis;
        let edge = super::shown::EDGE_ITEMS as usize;
        let (next_indent, next_width) = (indent + 1, width.saturating_sub(1));
        let hanging = " ".repeat(indent);
        let mut s = String::new();
        if axes_left == 1 {
            let elem_width = width.saturating_sub(1);
            let mut line = hanging.clone();
            for i in 0..count {
                if cut && i == edge {
                    extend_line(&mut s, &mut line, "...", elem_width, indent);
                    line.push_str(self.separator);
                }
                let word = self.recurse(axis + 1, start + i * block, next_indent, next_width);
                extend_line(&mut s, &mut line, &word, elem_width, indent);
                if i + 1 < count {
                    line.push_str(self.separator);
                }
            }
            s.push_str(&line);
        } else {
            let line_sep = format!(
                "{}{}",
                self.separator.trim_end(),
                "\n".repeat(axes_left - 1)
            );
            for i in 0..count {
                if cut && i == edge {
                    s.push_str(&hanging);
                    s.push_str("...");
                    s.push_str(&line_sep);
                }
                s.push_str(&hanging);
                s.push_str(&self.recurse(axis + 1, start + i * block, next_indent, next_width));
                if i + 1 < count {
                    s.push_str(&line_sep);
                }
            }
        }
        format!("[{}]", s.get(indent..).unwrap_or(""))
    }
}

/// `array2string` of a non-empty array: the bracketed elements, the lines after the first
/// indented by `prefix` spaces plus one.
fn body(a: &Array, separator: &str, prefix: usize, width: usize) -> Result<String, EvalError> {
    let shown = shown(a)?;
    let element = Element::new(a.dtype, &shown.values, shown.counts.is_empty());
    let words = shown.values.iter().map(|v| element.format(*v)).collect();
    let printer = Printer {
        shown: &shown,
        words,
        separator,
    };
    Ok(printer.recurse(0, 0, prefix + 1, width))
}

/// Whether NumPy leaves the dtype out of `repr`: its default integer, float and bool.
fn dtype_implied(d: DType) -> bool {
    matches!(d, DType::Int64 | DType::Float64 | DType::Bool)
}

/// `repr(a)`.
pub fn repr(a: &Array) -> Result<String, EvalError> {
    const PREFIX: &str = "array(";
    let size = a.layout.size();
    let shape = a.layout.shape();
    let text = if size == 0 {
        "[]".to_string()
    } else if shape.is_empty() {
        let v = shown(a)?.values.first().copied().unwrap_or(Num::Int(0));
        Element::new(a.dtype, &[v], true).format(v)
    } else {
        body(a, ", ", PREFIX.len(), LINE_WIDTH - 1)?
    };
    let mut extras = Vec::new();
    if (size == 0 && shape.len() != 1) || size > super::shown::THRESHOLD {
        extras.push(format!("shape={}", stride_core::dims::tuple(shape)));
    }
    if !dtype_implied(a.dtype) || size == 0 {
        extras.push(format!("dtype={}", a.dtype.name()));
    }
    if extras.is_empty() {
        return Ok(format!("{PREFIX}{text})"));
    }
    let head = format!("{PREFIX}{text},");
    let extra = format!("{})", extras.join(", "));
    let last_line = head.len() - head.rfind('\n').map_or(0, |i| i + 1);
    let spacer = if last_line + extra.len() + 1 > LINE_WIDTH {
        format!("\n{}", " ".repeat(PREFIX.len()))
    } else {
        " ".to_string()
    };
    Ok(format!("{head}{spacer}{extra}"))
}

/// `str(a)`; a 0-d array prints as its scalar.
pub fn str(a: &Array) -> Result<String, EvalError> {
    let shape = a.layout.shape();
    if a.layout.size() == 0 {
        return Ok("[]".into());
    }
    if shape.is_empty() {
        let v = shown(a)?.values.first().copied().unwrap_or(Num::Int(0));
        return Ok(crate::display::num_str(a.dtype, v));
    }
    body(a, " ", 0, LINE_WIDTH)
}
