//! What the random functions share: their `size=` and bounds arguments, and the arrays and
//! scalars their draws fill (charged against the memory limit before a value is drawn).

use std::rc::Rc;

use random_streams::bounded::Width;
use stride_core::Dims;

use crate::array::{Op, Origin};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::value::Value;

/// NumPy's `size=`: `None` for one value, else the shape (negative sizes refused as NumPy does).
pub fn size(v: Option<&Value>) -> Result<Option<Dims>, EvalError> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(v) => {
            let d = crate::numpy::shape_arg(v)?;
            not_negative(&d)?;
            Ok(Some(d))
        }
    }
}

/// NumPy's refusal of a negative size.
pub fn not_negative(d: &[i64]) -> Result<(), EvalError> {
    if d.iter().any(|&n| n < 0) {
        return Err(EvalError::value_error(
            "negative dimensions are not allowed",
        ));
    }
    Ok(())
}

/// The number of values of `shape`, refused (NumPy's `MemoryError`, the lab's limit) before any
/// is drawn when the array would not fit.
pub fn count(
    ctx: &mut Context,
    shape: &[i64],
    dtype: DType,
    span: Span,
) -> Result<usize, EvalError> {
    let n = shape
        .iter()
        .try_fold(1i64, |acc, &d| acc.checked_mul(d))
        .ok_or_else(|| EvalError::value_error("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size."))?;
    ctx.room(n.saturating_mul(dtype.itemsize()), span)?;
    ctx.charge(u64::try_from(n).unwrap_or(u64::MAX), span)?;
    Ok(usize::try_from(n).unwrap_or(0))
}

/// A new C-ordered array of `values`.
pub fn array(
    ctx: &mut Context,
    shape: &[i64],
    dtype: DType,
    values: &[Num],
    torch: bool,
    label: &'static str,
    span: Span,
) -> Result<Value, EvalError> {
    let origin = Origin {
        op: Op::Create(label),
        parent: None,
        span,
    };
    Ok(Value::Array(
        ctx.new_c_array(shape, dtype, values, torch, origin)?,
    ))
}

/// Floats drawn one by one: a Python float for `size=None`, else a float64 array.
pub fn floats(
    ctx: &mut Context,
    shape: Option<Dims>,
    label: &'static str,
    span: Span,
    mut draw: impl FnMut(&mut Context) -> f64,
) -> Result<Value, EvalError> {
    let Some(shape) = shape else {
        return Ok(Value::Float(draw(ctx)));
    };
    let n = count(ctx, &shape, DType::Float64, span)?;
    let values: Vec<Num> = (0..n).map(|_| Num::Float(draw(ctx))).collect();
    array(ctx, &shape, DType::Float64, &values, false, label, span)
}

/// An integer argument (`low`, `high`, a population size): ints, bools and NumPy integers;
/// a float is truncated as NumPy's `int()` does where `truncate`.
pub fn int_arg(v: &Value, truncate: bool) -> Result<i128, EvalError> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Bool(b) => Ok(i128::from(*b)),
        Value::Scalar(d, Num::Int(i)) if !d.is_float() => Ok(*i),
        Value::Scalar(_, Num::Bool(b)) => Ok(i128::from(*b)),
        Value::Float(f) if truncate && f.is_finite() => Ok(f.trunc() as i128),
        Value::Scalar(_, Num::Float(f)) if truncate && f.is_finite() => Ok(f.trunc() as i128),
        Value::Array(_) | Value::List(_) | Value::Tuple(_) => Err(EvalError::unsupported(
            crate::construct::LibConstruct::ArrayIntegerBounds,
            Span::default(),
        )),
        other => Err(EvalError::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            other.type_name()
        ))),
    }
}

/// A float argument (`loc`, `scale`, `low`, `high`).
pub fn float_arg(v: Option<&Value>, default: f64) -> Result<f64, EvalError> {
    match v {
        None => Ok(default),
        Some(Value::Int(i)) => Ok(*i as f64),
        Some(Value::Float(f)) => Ok(*f),
        Some(Value::Bool(b)) => Ok(f64::from(u8::from(*b))),
        Some(Value::Scalar(_, n)) => Ok(n.as_f64()),
        Some(Value::Array(_) | Value::List(_) | Value::Tuple(_)) => Err(EvalError::unsupported(
            crate::construct::LibConstruct::ArrayDistributionParameters,
            Span::default(),
        )),
        Some(other) => Err(EvalError::type_error(format!(
            "must be real number, not {}",
            other.type_name()
        ))),
    }
}

/// The bounded-integer rule of a dtype, and its bounds.
pub fn width(d: DType) -> Option<(Width, i128, i128)> {
    Some(match d {
        DType::Bool => (Width::Bool, 0, 1),
        DType::Int8 => (Width::W8, -128, 127),
        DType::UInt8 => (Width::W8, 0, 255),
        DType::Int16 => (Width::W16, -32768, 32767),
        DType::UInt16 => (Width::W16, 0, 65535),
        DType::Int32 => (Width::W32, i128::from(i32::MIN), i128::from(i32::MAX)),
        DType::UInt32 => (Width::W32, 0, i128::from(u32::MAX)),
        DType::Int64 => (Width::W64, i128::from(i64::MIN), i128::from(i64::MAX)),
        DType::UInt64 => (Width::W64, 0, i128::from(u64::MAX)),
        _ => return None,
    })
}

/// A drawn integer as the dtype's value (the draw is `off + v` wrapped to the width).
pub fn int_value(d: DType, raw: u64) -> Num {
    match d {
        DType::Bool => Num::Bool(raw & 1 == 1),
        DType::Int8 => Num::Int(i128::from(raw as u8 as i8)),
        DType::Int16 => Num::Int(i128::from(raw as u16 as i16)),
        DType::Int32 => Num::Int(i128::from(raw as u32 as i32)),
        DType::Int64 => Num::Int(i128::from(raw as i64)),
        _ => Num::Int(i128::from(raw)),
    }
}

/// NumPy's bounded integers' checks (`_rand_<dtype>`): `[low, high)` (or `[low, high]` with
/// `endpoint`) within the dtype; the offset and range the stream draws from.
pub fn bounds(
    d: DType,
    low: i128,
    high: i128,
    endpoint: bool,
    high_given: bool,
) -> Result<(u64, u64), EvalError> {
    let Some((_, lo, hi)) = width(d) else {
        return Err(EvalError::type_error(format!(
            "Unsupported dtype dtype('{}') for randint",
            d.name()
        )));
    };
    let top = if endpoint { high } else { high - 1 };
    if low < lo {
        return Err(EvalError::value_error(format!(
            "low is out of bounds for {}",
            d.name()
        )));
    }
    if top > hi {
        return Err(EvalError::value_error(format!(
            "high is out of bounds for {}",
            d.name()
        )));
    }
    if low > top {
        return Err(EvalError::value_error(match (high_given, endpoint) {
            (false, false) => "high <= 0",
            (false, true) => "high < 0",
            (true, false) => "low >= high",
            (true, true) => "low > high",
        }));
    }
    let rng = (top - low) as u64;
    Ok((low as u64, rng))
}

/// The values of an array argument in row order (for `choice` and `permutation`).
pub fn elements(
    ctx: &mut Context,
    v: &Value,
    span: Span,
) -> Result<Rc<crate::array::Array>, EvalError> {
    crate::numpy::as_array(ctx, v, span)
}
