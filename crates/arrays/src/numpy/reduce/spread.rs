//! `var` and `std` as NumPy's `_var` and `_std` compute them, step by step, so that float results
//! are NumPy's bit for bit: the mean is `sum(arr, axis, dtype, keepdims=True)` divided by the
//! count in float64 and cast back (integers and bools are summed in float64); the deviations are
//! `arr - mean` (a new array laid out as NumPy's ufunc lays it out), squared in place; their sum
//! (the same iterator as `sum`, over that array's layout) is divided by `max(count - ddof, 0)` in
//! float64 and cast back; `std` takes the square root in the result's dtype.

use std::rc::Rc;

use super::{Reduction, reduce_values, reduced_axes, reduction_result, sum_dtype};
use crate::array::Array;
use crate::context::Context;
use crate::dtype::{DType, Kind, Num};
use crate::error::{EvalError, Span};
use crate::numpy::dtype_arg;
use crate::operator::BinOp;
use crate::signature::Bound;
use crate::value::Value;

/// `x.var(…)`/`np.var(…)` (`root` false) and `x.std(…)`/`np.std(…)` (`root` true).
pub fn spread(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    root: bool,
    span: Span,
) -> Result<Value, EvalError> {
    count_axes(a, b)?;
    let reduced = reduced_axes(b.given("axis"), a.layout.ndim())?;
    let asked = dtype_arg(b.given("dtype"))?;
    let keepdims = match b.given("keepdims") {
        None => false,
        Some(v) => v.as_index()? != 0,
    };
    let ddof = match b.given("ddof") {
        None => 0.0,
        Some(Value::Float(f)) => *f,
        Some(Value::Scalar(d, n)) if d.is_float() => n.as_f64(),
        Some(v) => v.as_index()? as f64,
    };
    let count: i64 = a
        .layout
        .shape()
        .iter()
        .zip(&reduced)
        .filter(|&(_, &r)| r)
        .map(|(&d, _)| d)
        .product();
    // Bools and integers are summed in float64 unless a dtype is asked for.
    let dtype = asked.or(match a.dtype.kind() {
        Kind::Bool | Kind::Int => Some(DType::Float64),
        Kind::Float => None,
    });
    let mean_dtype = dtype.unwrap_or_else(|| sum_dtype(a.dtype));
    // The mean and the deviations are NumPy's steps, not arrays of the program.
    let x = ctx.internal(|ctx| squared_deviations(ctx, a, &reduced, mean_dtype, count, span))?;
    let out_dtype = dtype.unwrap_or_else(|| sum_dtype(x.dtype));
    let sums = reduce_values(ctx, &x, &reduced, Reduction::Sum, out_dtype, span)?;
    let dof = (count as f64 - ddof).max(0.0);
    let scalar = reduced.iter().all(|&r| r) && (!keepdims || reduced.is_empty());
    // `sqrt` has no integer loop: it runs in float16 for 1-byte integers, float32 for 2-byte
    // ones, float64 else; an array result cannot take that back (`out=ret`), a scalar is cast.
    let sqrt_loop = match out_dtype.itemsize() {
        1 => DType::Float16,
        2 => DType::Float32,
        _ => DType::Float64,
    };
    if root && !out_dtype.is_float() && !scalar {
        return Err(EvalError::new(
            "UFuncTypeError",
            format!(
                "Cannot cast ufunc 'sqrt' output from dtype('{sqrt_loop}') to dtype('{out_dtype}') with casting rule 'same_kind'"
            ),
        ));
    }
    let results: Vec<Num> = sums
        .into_iter()
        .map(|s| {
            let v = out_dtype.cast(Num::Float(s.as_f64() / dof));
            if root && !out_dtype.is_float() {
                out_dtype.cast(sqrt_loop.cast(Num::Float(v.as_f64().sqrt())))
            } else if root {
                out_dtype.cast(Num::Float(v.as_f64().sqrt()))
            } else {
                v
            }
        })
        .collect();
    let name = if root { "std" } else { "var" };
    reduction_result(
        ctx,
        &x,
        &reduced,
        keepdims,
        (out_dtype, results),
        name,
        span,
    )
}

/// `_count_reduce_items` (of `_mean`, `_var`, `_std`) normalizes each axis, which a 0-d array has
/// none of: `np.zeros(()).mean(axis=0)` is an `AxisError`, though `sum` takes it.
pub fn count_axes(a: &Array, b: &Bound) -> Result<(), EvalError> {
    if a.layout.ndim() == 0 {
        if let Some(v) = b.value("axis").filter(|v| !matches!(v, Value::Tuple(_))) {
            stride_core::axes::normalize_axis(v.as_index()?, 0)?;
        }
    }
    Ok(())
}

/// `x.var(…)`.
pub fn var(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    spread(ctx, a, b, false, span)
}

/// `x.std(…)`.
pub fn std(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    spread(ctx, a, b, true, span)
}

/// `np.var(a, axis=None, dtype=None, out=None, ddof=0, keepdims, *, where, mean, correction)`.
pub fn var_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = crate::numpy::as_array(ctx, b.required("a")?, span)?;
    spread(ctx, &a, b, false, span)
}

/// `np.std(a, …)`.
pub fn std_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = crate::numpy::as_array(ctx, b.required("a")?, span)?;
    spread(ctx, &a, b, true, span)
}

/// `(a - mean(a, keepdims=True)) ** 2` as `_var` computes it.
fn squared_deviations(
    ctx: &mut Context,
    a: &Rc<Array>,
    reduced: &[bool],
    mean_dtype: DType,
    count: i64,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let sums = reduce_values(ctx, a, reduced, Reduction::Sum, mean_dtype, span)?;
    let means: Vec<Num> = sums
        .into_iter()
        .map(|s| mean_dtype.cast(Num::Float(s.as_f64() / count as f64)))
        .collect();
    let mean = reduction_result(ctx, a, reduced, true, (mean_dtype, means), "mean", span)?;
    let deviations = crate::ops::binary(ctx, BinOp::Sub, &Value::Array(Rc::clone(a)), &mean, span)?;
    let squares = crate::ops::binary(ctx, BinOp::Mul, &deviations, &deviations, span)?;
    // `subtract(..., out=...)` keeps a 0-d result an array.
    match squares {
        Value::Array(x) => Ok(x),
        Value::Scalar(d, n) => crate::indexing::scalar_array(ctx, d, n, span),
        _ => Err(EvalError::value_error("the squared deviations are not an array").at(span)),
    }
}
