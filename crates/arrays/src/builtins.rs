//! Python's conversions as the array library needs them on its own values: the items of an
//! iterable (`tuple(v)`, `in`), an int, a float. Python's built-in functions themselves are the
//! interpreter's (`python_subset`).

use std::rc::Rc;

use crate::context::Context;
use crate::display::repr;
use crate::error::{EvalError, Span};
use crate::value::Value;

/// The items of an iterable value, for `tuple(v)`, unpacking and `min`/`max`/`sum`.
pub fn iterate(ctx: &Context, value: &Value) -> Result<Vec<Value>, EvalError> {
    match value {
        Value::Tuple(items) | Value::List(items) | Value::Returned(_, items) => Ok(items.to_vec()),
        Value::Str(s) => Ok(s
            .chars()
            .map(|c| Value::Str(Rc::from(c.to_string().as_str())))
            .collect()),
        Value::Array(a) if a.layout.ndim() == 0 => {
            Err(EvalError::type_error("iteration over a 0-d array"))
        }
        Value::Array(a) => {
            let n = a.layout.shape().first().copied().unwrap_or(0);
            ctx.check_sequence(u64::try_from(n).unwrap_or(u64::MAX), Span::default())?;
            let mut out = Vec::new();
            for i in 0..n {
                let items = [stride_core::index::IndexItem::Int(i)];
                let sub = stride_core::index::index(&a.layout, &items)?;
                out.push(crate::indexing::basic_result(
                    a,
                    &items,
                    sub,
                    Span::default(),
                )?);
            }
            Ok(out)
        }
        other => Err(EvalError::type_error(format!(
            "'{}' object is not iterable",
            other.type_name()
        ))),
    }
}

/// A Python int from a value (`operator.index` rules).
pub fn as_int(v: &Value) -> Result<i128, EvalError> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Bool(b) => Ok(i128::from(*b)),
        other => other.as_index().map(i128::from),
    }
}

/// A Python float from a value.
pub fn as_float(v: &Value) -> Result<f64, EvalError> {
    match v {
        Value::Float(f) => Ok(*f),
        Value::Int(i) => Ok(*i as f64),
        Value::Bool(b) => Ok(f64::from(u8::from(*b))),
        Value::Scalar(_, n) => Ok(n.as_f64()),
        Value::Str(s) => float_text::parse(s.trim()).ok_or_else(|| {
            EvalError::value_error(format!("could not convert string to float: {}", repr(v)))
        }),
        other => Err(EvalError::type_error(format!(
            "float() argument must be a string or a real number, not '{}'",
            other.type_name()
        ))),
    }
}
