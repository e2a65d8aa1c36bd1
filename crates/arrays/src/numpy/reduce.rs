//! Reductions: `sum`, `prod`, `max`, `min`, `mean` (methods and `np.` functions), with NumPy's
//! axis checks, result dtypes and output layout, and its float results bit for bit; the
//! iteration itself is in `iterate`.
//!
//! ## How NumPy adds
//!
//! A reduction runs NumPy's iterator over the input and the output, which is 0-strided on the
//! reduced axes. The iterator orders the axes by the input's strides (fastest first, size-1 axes
//! dropped), never flips negative strides here, and joins neighbouring reduced axes the input
//! walks with one stride. When the fastest axis is reduced, each call of the inner loop adds its
//! run with pairwise summation (`pairwise_sum` in NumPy's `loops_utils.h`: plain below 8 items,
//! 8 running sums up to 128, halves above) and adds that to the output element; otherwise the
//! inner loop adds elementwise, so each output element is a plain running sum. When the input
//! must be cast (`dtype=`) or the next reduced axis could not be joined, the iterator copies the
//! input into a buffer of 8192 items, so one inner call covers as many whole runs of the reduced
//! axes as fit (NumPy 2.3's buffer setup). float16 is added in float32 within an inner call and
//! rounded to float16 after it. The result starts from 0 (`0.0 + -0.0` is `0.0`), and integers
//! wrap in the result's dtype. `prod` runs the same loops with a running product (float16 kept in
//! float32 within a call too), `max`/`min` keep the first NaN, and `mean` divides as `_mean`.
//! `tests/corpus/numpy-sums.jsonl` and `numpy-reductions.jsonl` (made by `tests/corpus/sums.py`)
//! check all of this against NumPy's own results on random arrays.

use std::rc::Rc;

use stride_core::{Layout, Order};

use super::dtype_arg;

pub mod arg;
mod iterate;
pub mod spread;

use crate::array::{Array, Op, Origin};
use crate::context::Context;
use crate::dtype::{DType, Kind, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;
use iterate::kept;
pub use iterate::{Reduction, reduce_values};

/// `x.sum(axis, dtype, out, keepdims, initial, where)` and `np.sum(a, …)`.
pub fn sum(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let reduced = reduced_axes(b.given("axis"), a.layout.ndim())?;
    let dtype = dtype_arg(b.given("dtype"))?;
    let keepdims = match b.given("keepdims") {
        None => false,
        // NumPy reads `keepdims` as an int (`None` is refused, 2 is true).
        Some(v) => v.as_index()? != 0,
    };
    sum_array(ctx, a, &reduced, dtype, keepdims, span)
}

fn keepdims_arg(b: &Bound) -> Result<bool, EvalError> {
    Ok(match b.given("keepdims") {
        None => false,
        Some(v) => v.as_index()? != 0,
    })
}

/// `x.prod(axis, dtype, out, keepdims, initial, where)` and `np.prod`.
pub fn prod(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let reduced = reduced_axes(b.given("axis"), a.layout.ndim())?;
    let dtype = dtype_arg(b.given("dtype"))?;
    reduce_array(
        ctx,
        a,
        &reduced,
        Reduction::Prod,
        dtype,
        keepdims_arg(b)?,
        span,
    )
}

/// `x.max(axis, out, keepdims, initial, where)` and `np.max`.
pub fn max(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let reduced = reduced_axes(b.given("axis"), a.layout.ndim())?;
    reduce_array(
        ctx,
        a,
        &reduced,
        Reduction::Max,
        None,
        keepdims_arg(b)?,
        span,
    )
}

/// `x.min(axis, out, keepdims, initial, where)` and `np.min`.
pub fn min(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let reduced = reduced_axes(b.given("axis"), a.layout.ndim())?;
    reduce_array(
        ctx,
        a,
        &reduced,
        Reduction::Min,
        None,
        keepdims_arg(b)?,
        span,
    )
}

/// `x.mean(axis, dtype, out, keepdims, *, where)` and `np.mean`.
pub fn mean(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    spread::count_axes(a, b)?;
    let reduced = reduced_axes(b.given("axis"), a.layout.ndim())?;
    let dtype = dtype_arg(b.given("dtype"))?;
    mean_array(ctx, a, &reduced, dtype, keepdims_arg(b)?, span)
}

/// The axes `axis` names, as one flag per axis: `None` is all of them.
pub fn reduced_axes(axis: Option<&Value>, ndim: usize) -> Result<Vec<bool>, EvalError> {
    let items: Vec<i64> = match axis {
        None | Some(Value::None) => return Ok(vec![true; ndim]),
        // A 0-d array takes one int axis 0 or -1 (not in a tuple), as no axis at all.
        Some(v)
            if ndim == 0 && !matches!(v, Value::Tuple(_)) && matches!(v.as_index(), Ok(0 | -1)) =>
        {
            return Ok(Vec::new());
        }
        Some(Value::Tuple(items)) => items
            .iter()
            .map(Value::as_index)
            .collect::<Result<_, _>>()?,
        Some(v) => vec![v.as_index()?],
    };
    let mut reduced = vec![false; ndim];
    let n = i64::try_from(ndim).unwrap_or(i64::MAX);
    for axis in items {
        if axis < -n || axis >= n {
            return Err(EvalError::new(
                "AxisError",
                format!("axis {axis} is out of bounds for array of dimension {ndim}"),
            ));
        }
        let k = usize::try_from(if axis < 0 { axis + n } else { axis }).unwrap_or(0);
        match reduced.get_mut(k) {
            Some(slot) if *slot => {
                return Err(EvalError::value_error("duplicate value in 'axis'"));
            }
            Some(slot) => *slot = true,
            None => {}
        }
    }
    Ok(reduced)
}

/// The dtype NumPy's `add.reduce` gives when none is asked for: booleans and small signed ints
/// add up in int64, unsigned ints in uint64, floats keep their dtype.
pub fn sum_dtype(d: DType) -> DType {
    match d {
        DType::Bool | DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => DType::Int64,
        d if d.is_unsigned() => DType::UInt64,
        other => other,
    }
}

/// The reduction's value: a NumPy scalar when every axis went and `keepdims` is false, else a new
/// array laid out as NumPy's iterator allocates it.
pub fn reduction_result(
    ctx: &mut Context,
    a: &Rc<Array>,
    reduced: &[bool],
    keepdims: bool,
    (dtype, values): (DType, Vec<Num>),
    name: &'static str,
    span: Span,
) -> Result<Value, EvalError> {
    // A 0-d result is returned as a scalar (`PyArray_Return`), with `keepdims` of a 0-d input too.
    if reduced.iter().all(|&r| r) && (!keepdims || reduced.is_empty()) {
        let v = values.first().copied().unwrap_or(Num::Int(0));
        return Ok(Value::Scalar(dtype, dtype.cast(v)));
    }
    let keep = kept(&a.layout, reduced);
    let layout = result_layout(&a.layout, &keep, reduced, keepdims, dtype.itemsize())?;
    let size = usize::try_from(layout.size()).unwrap_or(0);
    let values: Vec<Num> = values
        .into_iter()
        .take(size)
        .map(|v| dtype.cast(v))
        .collect();
    let origin = Origin {
        op: Op::Compute(name),
        parent: Some(Rc::clone(a)),
        span,
    };
    Ok(Value::Array(
        ctx.new_array(layout, dtype, &values, a.torch, origin)?,
    ))
}

/// The sum of `a` over the `reduced` axes in `dtype` (or NumPy's default), as NumPy computes it.
pub fn sum_array(
    ctx: &mut Context,
    a: &Rc<Array>,
    reduced: &[bool],
    dtype: Option<DType>,
    keepdims: bool,
    span: Span,
) -> Result<Value, EvalError> {
    reduce_array(ctx, a, reduced, Reduction::Sum, dtype, keepdims, span)
}

/// `sum`, `prod`, `max` or `min` of `a` over the `reduced` axes.
pub fn reduce_array(
    ctx: &mut Context,
    a: &Rc<Array>,
    reduced: &[bool],
    op: Reduction,
    dtype: Option<DType>,
    keepdims: bool,
    span: Span,
) -> Result<Value, EvalError> {
    let out_dtype = match (dtype, op) {
        (Some(d), _) => d,
        (None, Reduction::Max | Reduction::Min) => a.dtype,
        (None, _) => sum_dtype(a.dtype),
    };
    let values = reduce_values(ctx, a, reduced, op, out_dtype, span)?;
    let name = match op {
        Reduction::Sum => "sum",
        Reduction::Prod => "prod",
        Reduction::Max => "max",
        Reduction::Min => "min",
    };
    reduction_result(ctx, a, reduced, keepdims, (out_dtype, values), name, span)
}

/// `mean`: the sum (in float64 for integers and bools, float32 for float16) divided by the count
/// as NumPy's `_mean` divides it: in float64 (the count is an `intp`), cast back to the sum's
/// dtype, and for float16 on to float16.
pub fn mean_array(
    ctx: &mut Context,
    a: &Rc<Array>,
    reduced: &[bool],
    dtype: Option<DType>,
    keepdims: bool,
    span: Span,
) -> Result<Value, EvalError> {
    let half = dtype.is_none() && a.dtype == DType::Float16;
    let sum_dtype = dtype.unwrap_or(match a.dtype.kind() {
        Kind::Bool | Kind::Int => DType::Float64,
        _ if half => DType::Float32,
        _ => a.dtype,
    });
    let count: i64 = a
        .layout
        .shape()
        .iter()
        .zip(reduced)
        .filter(|&(_, &r)| r)
        .map(|(&d, _)| d)
        .product();
    let sums = reduce_values(ctx, a, reduced, Reduction::Sum, sum_dtype, span)?;
    let scalar = reduced.iter().all(|&r| r) && !keepdims;
    let result_dtype = if half { DType::Float16 } else { sum_dtype };
    let means: Vec<Num> = sums
        .into_iter()
        .map(|s| {
            let q = Num::Float(s.as_f64() / count as f64);
            // A scalar float16 mean rounds the float64 quotient once; an array goes through float32.
            if half && scalar {
                DType::Float16.cast(q)
            } else {
                result_dtype.cast(sum_dtype.cast(q))
            }
        })
        .collect();
    if half && !scalar {
        // `np.float16(ret)` copies the float32 result in its own axis order (`K`).
        let keep = kept(&a.layout, reduced);
        let l32 = result_layout(&a.layout, &keep, reduced, keepdims, 4)?;
        let k = stride_core::copy::copy_layout(&l32, stride_core::reshape::MemOrder::K)?;
        let layout = super::rescale(&k, DType::Float16)?;
        let origin = Origin {
            op: Op::Compute("mean"),
            parent: Some(Rc::clone(a)),
            span,
        };
        return Ok(Value::Array(ctx.new_array(
            layout,
            DType::Float16,
            &means,
            a.torch,
            origin,
        )?));
    }
    reduction_result(
        ctx,
        a,
        reduced,
        keepdims,
        (result_dtype, means),
        "mean",
        span,
    )
}

/// The layout of `np.mean` (or any reduction) of an array laid out as `input` over the
/// `reduced` axes, without `keepdims`, for a result of `itemsize` bytes per item.
pub fn mean_layout(input: &Layout, reduced: &[bool], itemsize: i64) -> Result<Layout, EvalError> {
    result_layout(input, &kept(input, reduced), reduced, false, itemsize)
}

/// The layout NumPy's iterator allocates for the result: the kept shape in the input's axis
/// order, densely; without `keepdims` the reduced axes are then dropped. An empty result gets
/// zero strides, as every new empty array.
fn result_layout(
    input: &Layout,
    keep: &[i64],
    reduced: &[bool],
    keepdims: bool,
    itemsize: i64,
) -> Result<Layout, EvalError> {
    let shape: Vec<i64> = keep
        .iter()
        .zip(reduced)
        .filter(|&(_, &r)| keepdims || !r)
        .map(|(&d, _)| d)
        .collect();
    if shape.iter().product::<i64>() == 0 {
        return Ok(Layout::allocated(&shape, itemsize, Order::C)?);
    }
    let order = stride_core::copy::iteration_order(input);
    let mut strides = vec![0i64; keep.len()];
    let mut step = itemsize;
    for &axis in order.iter().rev() {
        let k = usize::try_from(axis).unwrap_or(0);
        if let Some(slot) = strides.get_mut(k) {
            *slot = step;
        }
        step = step.saturating_mul(keep.get(k).copied().unwrap_or(1));
    }
    let strides: Vec<i64> = strides
        .iter()
        .zip(reduced)
        .filter(|&(_, &r)| keepdims || !r)
        .map(|(&s, _)| s)
        .collect();
    Ok(Layout::new(&shape, &strides, 0, itemsize)?)
}
