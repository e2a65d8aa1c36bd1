//! How values print: Python's `repr` and `str`, and NumPy's way of writing one element.
//!
//! Arrays and tensors print as their libraries print them: [`numpy`] (with [`floats`], NumPy's
//! float format) and [`torch`]; [`shown`] reads the elements a printout shows, only the corners
//! of a summarized one. [`try_repr`] and [`try_str`] say when an array cannot be printed (a view
//! outside its memory, a printout too long); [`repr`] and [`str_of`] then fall back to a short
//! description.

use float_text::{Width, repr_of};

pub mod floats;
pub mod numpy;
pub mod shown;
pub mod torch;

use crate::error::EvalError;

use crate::dtype::{DType, Num, f16_to_f64, f64_to_f16};
use crate::value::{Module, Value};

/// Python's `repr(float)`: the shortest text that reads back to the same float, with `.0` for
/// whole numbers and an exponent below 1e-4 or from 1e16.
pub use float_text::repr as float_repr;

/// `numerator / 2^shift` with `decimals` digits after the point, rounded half to even on the exact
/// quotient, as `{:.N}` and Python's `%.Nf` round: in integers, so that the bundle carries no float
/// formatting. `numerator · 10^decimals` must fit a `u128` (callers pass at most 2^64 · 1000).
pub fn fixed_point(numerator: u128, shift: u32, decimals: u32) -> String {
    let scale = 10u128.pow(decimals);
    let scaled = numerator.saturating_mul(scale);
    let units = if shift == 0 {
        scaled
    } else if shift >= 128 {
        // Below half of one unit of the last digit (the caller's numerator is far under 2^127).
        0
    } else {
        let (q, rest) = (scaled >> shift, scaled & ((1u128 << shift) - 1));
        let half = 1u128 << (shift - 1);
        if rest > half || (rest == half && q % 2 == 1) {
            q + 1
        } else {
            q
        }
    };
    let width = usize::try_from(decimals).unwrap_or(0);
    format!("{}.{:0width$}", units / scale, units % scale)
}

/// A NumPy element as Python's `str` of its scalar prints it: `3.0`, `7`, `True`.
pub fn num_str(d: DType, n: Num) -> String {
    match n {
        Num::Bool(b) => if b { "True" } else { "False" }.into(),
        Num::Int(i) => i.to_string(),
        // The shortest digits for the element's own width, as NumPy prints them.
        Num::Float(f) if d == DType::Float32 => repr_of(f64::from(f as f32), Width::Single),
        Num::Float(f) if d == DType::Float16 => repr_of(f16_to_f64(f64_to_f16(f)), Width::Half),
        Num::Float(f) => float_repr(f),
    }
}

/// Python's `repr`.
pub fn repr(v: &Value) -> String {
    match v {
        Value::None => "None".into(),
        Value::Bool(b) => if *b { "True" } else { "False" }.into(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => float_repr(*f),
        Value::Str(s) => format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'")),
        Value::Tuple(items) => {
            let parts: Vec<String> = items.iter().map(repr).collect();
            if parts.len() == 1 {
                format!("({},)", parts.join(", "))
            } else {
                format!("({})", parts.join(", "))
            }
        }
        Value::List(items) => format!(
            "[{}]",
            items.iter().map(repr).collect::<Vec<_>>().join(", ")
        ),
        Value::Ellipsis => "Ellipsis".into(),
        Value::Slice(a, b, c) => {
            let part = |p: &Option<i128>| p.map_or("None".to_string(), |x| x.to_string());
            format!("slice({}, {}, {})", part(a), part(b), part(c))
        }
        Value::Array(a) => try_repr(v).unwrap_or_else(|_| {
            let name = if a.torch { "tensor" } else { "array" };
            format!(
                "{name}(shape={}, dtype={})",
                stride_core::dims::tuple(a.layout.shape()),
                a.dtype
            )
        }),
        Value::Scalar(_, Num::Bool(b)) => if *b { "np.True_" } else { "np.False_" }.into(),
        Value::Scalar(d, n) => format!("np.{}({})", d.name(), num_str(*d, *n)),
        Value::DType(d, crate::value::Lib::Torch) => format!("torch.{}", d.name()),
        Value::DType(d, _) => format!("dtype('{}')", d.name()),
        // NumPy's six flags, each on a line of its own, the last line ended too.
        Value::Flags(a) => [
            "C_CONTIGUOUS",
            "F_CONTIGUOUS",
            "OWNDATA",
            "WRITEABLE",
            "ALIGNED",
            "WRITEBACKIFCOPY",
        ]
        .iter()
        .map(|name| {
            let value = crate::attrs::flag(a, name).unwrap_or(false);
            format!("  {name} : {}\n", py_bool(value))
        })
        .collect(),
        Value::Module(m) => format!(
            "<module '{}'>",
            match m {
                Module::Numpy => "numpy",
                Module::NumpyLib => "numpy.lib",
                Module::StrideTricks => "numpy.lib.stride_tricks",
                Module::Linalg => "numpy.linalg",
                Module::Torch => "torch",
                Module::NumpyRandom => "numpy.random",
                Module::TorchNn => "torch.nn",
                Module::Functional => "torch.nn.functional",
                Module::TorchLinalg => "torch.linalg",
                Module::Math => "math",
            }
        ),
        Value::Function(_, name) => format!("<function {name}>"),
        Value::Method(_, name) | Value::ScalarMethod(_, _, name) => {
            format!("<built-in method {name}>")
        }
        Value::Builtin(name) => format!("<built-in function {name}>"),
        Value::Opaque(name) => format!("<{name} object>"),
        Value::Python(_, repr) => repr.to_string(),
        Value::Size(dims) => torch_size(dims),
        Value::Rng(r) => crate::random::repr(*r),
        Value::RngMethod(r, name) => format!(
            "<built-in method {name} of {} object>",
            crate::random::repr(*r)
        ),
        Value::Returned(kind, items) => crate::torch::returned::repr(kind, items),
    }
}

/// Python's `repr`, or why an array cannot be printed.
pub fn try_repr(v: &Value) -> Result<String, EvalError> {
    match v {
        Value::Array(a) if a.torch => torch::repr(a),
        Value::Array(a) => numpy::repr(a),
        other => Ok(repr(other)),
    }
}

/// Python's `str`, or why an array cannot be printed.
pub fn try_str(v: &Value) -> Result<String, EvalError> {
    match v {
        Value::Array(a) if a.torch => torch::repr(a),
        Value::Array(a) => numpy::str(a),
        other => Ok(str_of(other)),
    }
}

/// Python's `str`: like `repr` but strings unquoted and NumPy scalars bare.
pub fn str_of(v: &Value) -> String {
    match v {
        Value::Array(_) => try_str(v).unwrap_or_else(|_| repr(v)),
        Value::Str(s) => s.to_string(),
        Value::Scalar(d, n) => num_str(*d, *n),
        Value::DType(d, crate::value::Lib::Numpy) => d.name().into(),
        other => repr(other),
    }
}

/// `torch.Size([2, 3])`.
pub fn torch_size(shape: &[i64]) -> String {
    format!("torch.Size([{}])", stride_core::dims::list(shape))
}

fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_as_python() {
        for (f, s) in [
            (1.0, "1.0"),
            (0.1, "0.1"),
            (1e16, "1e+16"),
            (1.5e-5, "1.5e-05"),
            (0.0001, "0.0001"),
            (123456789.125, "123456789.125"),
            (-2.5, "-2.5"),
            (1e100, "1e+100"),
            (f64::NAN, "nan"),
            (-0.0, "-0.0"),
        ] {
            assert_eq!(float_repr(f), s);
        }
        assert_eq!(
            num_str(DType::Float32, Num::Float(f64::from(0.1f32))),
            "0.1"
        );
        assert_eq!(num_str(DType::Float16, Num::Float(0.0999755859375)), "0.1");
        // NumPy switches to exponents sooner for the narrow widths: 1e6 for float32, 1e3 for
        // float16 (str(np.float32(1e6)) is '1e+06'; str(np.float16(2048)) is '2.048e+03').
        assert_eq!(num_str(DType::Float32, Num::Float(999999.0)), "999999.0");
        assert_eq!(num_str(DType::Float32, Num::Float(1e6)), "1e+06");
        assert_eq!(
            num_str(DType::Float32, Num::Float(f64::from(1e-4f32))),
            "1e-04"
        );
        assert_eq!(num_str(DType::Float16, Num::Float(2048.0)), "2.048e+03");
        assert_eq!(num_str(DType::Float16, Num::Float(999.5)), "999.5");
    }
}
