//! How values print: Python's `repr` and `str`, and NumPy's way of writing one element.

use crate::dtype::{DType, Num};
use crate::value::{Module, Value};

/// Python's `repr(float)`: the shortest text that reads back to the same float, with `.0` for
/// whole numbers and an exponent below 1e-4 or from 1e16.
pub fn float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if f == 0.0 {
        return if f.is_sign_negative() {
            "-0.0".into()
        } else {
            "0.0".into()
        };
    }
    // `{:e}` gives the shortest round-trip digits: "1.2345e6".
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let negative = mantissa.starts_with('-');
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if negative { "-" } else { "" };
    if !(-4..16).contains(&exp) {
        let (first, rest) = digits.split_at(1.min(digits.len()));
        let frac = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        let esign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{first}{frac}e{esign}{:02}", exp.abs());
    }
    let point = exp + 1;
    if point <= 0 {
        format!("{sign}0.{}{digits}", "0".repeat((-point) as usize))
    } else if point as usize >= digits.len() {
        format!(
            "{sign}{digits}{}.0",
            "0".repeat(point as usize - digits.len())
        )
    } else {
        let (a, b) = digits.split_at(point as usize);
        format!("{sign}{a}.{b}")
    }
}

/// A NumPy element as Python's `str` of its scalar prints it: `3.0`, `7`, `True`.
pub fn num_str(d: DType, n: Num) -> String {
    match n {
        Num::Bool(b) => if b { "True" } else { "False" }.into(),
        Num::Int(i) => i.to_string(),
        Num::Float(f) if d == DType::Float32 => short_float32(f),
        Num::Float(f) if d == DType::Float16 => short_float16(f),
        Num::Float(f) => float_repr(f),
    }
}

/// The shortest decimal that reads back to the same float32 (NumPy prints float32 this way).
fn short_float32(f: f64) -> String {
    let x = f as f32;
    if !x.is_finite() || x == 0.0 {
        return float_repr(f);
    }
    let sci = format!("{x:e}");
    float_repr(sci.parse::<f64>().unwrap_or(f))
}

/// The shortest decimal that reads back to the same float16.
fn short_float16(f: f64) -> String {
    if !f.is_finite() || f == 0.0 {
        return float_repr(f);
    }
    let bits = crate::dtype::f64_to_f16(f);
    for digits in 1..=17 {
        let text = format!("{f:.*e}", digits - 1);
        if let Ok(v) = text.parse::<f64>() {
            if crate::dtype::f64_to_f16(v) == bits {
                return float_repr(v);
            }
        }
    }
    float_repr(f)
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
        Value::Array(a) if a.torch => format!(
            "tensor(shape={})",
            crate::display::torch_size(a.layout.shape())
        ),
        Value::Array(a) => format!(
            "array(shape={}, dtype={})",
            stride_core::dims::tuple(a.layout.shape()),
            a.dtype
        ),
        Value::Scalar(d, n) => format!("np.{}({})", d.name(), num_str(*d, *n)),
        Value::DType(d, crate::value::Lib::Torch) => format!("torch.{}", d.name()),
        Value::DType(d, _) => format!("dtype('{}')", d.name()),
        Value::Flags(a) => format!(
            "  C_CONTIGUOUS : {}\n  F_CONTIGUOUS : {}\n  OWNDATA : {}\n  WRITEABLE : {}",
            py_bool(a.layout.is_c_contiguous()),
            py_bool(a.layout.is_f_contiguous()),
            py_bool(a.owndata),
            py_bool(a.writeable)
        ),
        Value::Module(m) => format!(
            "<module '{}'>",
            match m {
                Module::Numpy => "numpy",
                Module::NumpyLib => "numpy.lib",
                Module::StrideTricks => "numpy.lib.stride_tricks",
                Module::Torch => "torch",
            }
        ),
        Value::Function(_, name) => format!("<function {name}>"),
        Value::Method(_, name) | Value::ScalarMethod(_, _, name) => {
            format!("<built-in method {name}>")
        }
        Value::Builtin(name) => format!("<built-in function {name}>"),
        Value::Opaque(name) => format!("<{name} object>"),
    }
}

/// Python's `str`: like `repr` but strings unquoted and NumPy scalars bare.
pub fn str_of(v: &Value) -> String {
    match v {
        Value::Str(s) => s.to_string(),
        Value::Scalar(d, n) => num_str(*d, *n),
        Value::DType(d, crate::value::Lib::Numpy) => d.name().into(),
        other => repr(other),
    }
}

/// `torch.Size([2, 3])`.
pub fn torch_size(shape: &[i64]) -> String {
    format!(
        "torch.Size([{}])",
        shape
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    )
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
    }
}
