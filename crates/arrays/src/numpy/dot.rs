//! `np.dot` (and `x.dot`), `np.vdot` and `np.inner`: NumPy's older products, whose results are
//! C-ordered new memory (`new_array_for_sum`), except with a 0-d operand, where NumPy multiplies
//! elementwise (see `multiply`). The sums are [`super::exact`]'s.

use std::rc::Rc;

use stride_core::{Layout, Order};

use super::as_array;
use super::exact::{back, charge_work, contract, count, dim, head, read_as};
use super::matmul::{new_result, origin, shape_text};
use crate::array::Array;
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

/// `np.dot(a, b, out=None)` and `x.dot(b, out=None)`.
pub fn np_dot(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let x = as_array(ctx, b.required("a")?, span)?;
    let y = as_array(ctx, b.required("b")?, span)?;
    dot_arrays(ctx, &x, &y, span)
}

/// `x.dot(b, out=None)`.
pub fn dot_method(
    ctx: &mut Context,
    x: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let y = as_array(ctx, b.required("b")?, span)?;
    dot_arrays(ctx, x, &y, span)
}

/// `np.dot` or `np.inner` with a 0-d operand: NumPy multiplies elementwise, except that float32
/// and float64 operands of at most two axes go through its BLAS path, which allocates C order.
/// Before multiplying, NumPy converts the array operand to the result's dtype, a copy in the
/// array's memory order (`K`) when the dtype differs, and the product keeps that copy's layout.
fn multiply(
    ctx: &mut Context,
    x: &Rc<Array>,
    y: &Rc<Array>,
    span: Span,
) -> Result<Value, EvalError> {
    let scalar = |a: &Rc<Array>| -> Result<Value, EvalError> {
        Ok(if a.layout.ndim() == 0 {
            let v = a
                .checked_values(span)?
                .first()
                .copied()
                .unwrap_or(Num::Int(0));
            Value::Scalar(a.dtype, v)
        } else {
            Value::Array(Rc::clone(a))
        })
    };
    let product = crate::ops::binary(
        ctx,
        crate::operator::BinOp::Mul,
        &scalar(x)?,
        &scalar(y)?,
        span,
    )?;
    let dtype = x.dtype.promote(y.dtype);
    let blas = matches!(dtype, DType::Float32 | DType::Float64)
        && x.layout.ndim() <= 2
        && y.layout.ndim() <= 2;
    match product {
        Value::Array(p) if blas && !p.layout.is_c_contiguous() => {
            let values = ctx.read_values(&p, span)?;
            let parent = if x.layout.ndim() == 0 { y } else { x };
            Ok(Value::Array(ctx.new_c_array(
                p.layout.shape(),
                p.dtype,
                &values,
                false,
                origin("dot", parent, span),
            )?))
        }
        Value::Array(p) if !blas => {
            let array = if x.layout.ndim() == 0 { y } else { x };
            if array.dtype == dtype {
                return Ok(Value::Array(p));
            }
            // `PyArray_NewLikeArray` in `K`: dense, axes by decreasing |stride| (ties in order).
            let perm = stride_core::copy::memory_order(&array.layout);
            let shape = array.layout.shape();
            let mut strides = vec![0i64; shape.len()];
            let mut step = dtype.itemsize();
            for &axis in perm.iter().rev() {
                let k = usize::try_from(axis).unwrap_or(0);
                if let Some(slot) = strides.get_mut(k) {
                    *slot = step;
                }
                step = step.saturating_mul(shape.get(k).copied().unwrap_or(1));
            }
            let layout = if array.layout.size() == 0 {
                Layout::allocated(shape, dtype.itemsize(), Order::C)?
            } else {
                Layout::new(shape, &strides, 0, dtype.itemsize())?
            };
            let values = ctx.read_values(&p, span)?;
            Ok(Value::Array(ctx.new_array(
                layout,
                dtype,
                &values,
                false,
                origin("dot", array, span),
            )?))
        }
        other => Ok(other),
    }
}

/// NumPy's dot: the last axis of `x` against the second-to-last of `y` (its only one if 1-D).
pub fn dot_arrays(
    ctx: &mut Context,
    x: &Rc<Array>,
    y: &Rc<Array>,
    span: Span,
) -> Result<Value, EvalError> {
    if x.layout.ndim() == 0 || y.layout.ndim() == 0 {
        return multiply(ctx, x, y, span);
    }
    let (xs, ys) = (x.layout.shape().as_slice(), y.layout.shape().as_slice());
    let ka = back(xs, 1);
    let kdim = ys.len().saturating_sub(2);
    let kb = dim(ys, kdim);
    if ka != kb {
        return Err(EvalError::value_error(format!(
            "shapes {} and {} not aligned: {ka} (dim {}) != {kb} (dim {kdim})",
            shape_text(xs),
            shape_text(ys),
            xs.len() - 1
        )));
    }
    let dtype = x.dtype.promote(y.dtype);
    charge_work(
        ctx,
        count(head(xs, 1)).saturating_mul(count(head(ys, 1))),
        ka,
        span,
    )?;
    let xv = read_as(ctx, x, xs, dtype, span)?;
    let yv = read_as(ctx, y, ys, dtype, span)?;
    let rows = usize::try_from(count(head(xs, 1))).unwrap_or(0);
    let blocks = usize::try_from(count(ys.get(..kdim).unwrap_or(&[]))).unwrap_or(0);
    let cols = if ys.len() >= 2 {
        back(ys, 1) as usize
    } else {
        1
    };
    let k = ka as usize;
    let values = contract(
        ctx,
        (&xv, &yv),
        (rows * blocks * cols, k),
        dtype,
        span,
        |o, p| {
            let i = o / (blocks * cols).max(1);
            let rest = o % (blocks * cols).max(1);
            let (j, l) = (rest / cols.max(1), rest % cols.max(1));
            (i * k + p, (j * k + p) * cols + l)
        },
    )?;
    let mut shape: Vec<i64> = head(xs, 1).to_vec();
    shape.extend(ys.get(..kdim).unwrap_or(&[]));
    if ys.len() >= 2 {
        shape.push(back(ys, 1));
    }
    new_result(ctx, &shape, dtype, values, x, "dot", span)
}

/// `np.vdot(a, b, /)`: both flattened, one dot product, a NumPy scalar.
pub fn np_vdot(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let x = as_array(ctx, b.required("a")?, span)?;
    let y = as_array(ctx, b.required("b")?, span)?;
    let (nx, ny) = (x.layout.size(), y.layout.size());
    if nx != ny {
        return Err(EvalError::value_error(format!(
            "cannot reshape array of size {ny} into shape ({nx},)"
        )));
    }
    let dtype = x.dtype.promote(y.dtype);
    charge_work(ctx, 1, nx, span)?;
    let xv = read_as(ctx, &x, x.layout.shape(), dtype, span)?;
    let yv = read_as(ctx, &y, y.layout.shape(), dtype, span)?;
    let values = contract(ctx, (&xv, &yv), (1, nx as usize), dtype, span, |_, p| {
        (p, p)
    })?;
    new_result(ctx, &[], dtype, values, &x, "vdot", span)
}

/// `np.inner(a, b, /)`: the last axes against each other.
pub fn np_inner(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let x = as_array(ctx, b.required("a")?, span)?;
    let y = as_array(ctx, b.required("b")?, span)?;
    if x.layout.ndim() == 0 || y.layout.ndim() == 0 {
        return multiply(ctx, &x, &y, span);
    }
    let (xs, ys) = (x.layout.shape().as_slice(), y.layout.shape().as_slice());
    let (ka, kb) = (back(xs, 1), back(ys, 1));
    if ka != kb {
        // NumPy swaps b's last two axes and calls its dot, whose message this is.
        let mut swapped = ys.to_vec();
        let len = swapped.len();
        if len >= 2 {
            swapped.swap(len - 1, len - 2);
        }
        return Err(EvalError::value_error(format!(
            "shapes {} and {} not aligned: {ka} (dim {}) != {kb} (dim {})",
            shape_text(xs),
            shape_text(&swapped),
            xs.len() - 1,
            len.saturating_sub(2)
        )));
    }
    let dtype = x.dtype.promote(y.dtype);
    charge_work(
        ctx,
        count(head(xs, 1)).saturating_mul(count(head(ys, 1))),
        ka,
        span,
    )?;
    let xv = read_as(ctx, &x, xs, dtype, span)?;
    let yv = read_as(ctx, &y, ys, dtype, span)?;
    let rows = usize::try_from(count(head(xs, 1))).unwrap_or(0);
    let cols = usize::try_from(count(head(ys, 1))).unwrap_or(0);
    let k = ka as usize;
    let values = contract(ctx, (&xv, &yv), (rows * cols, k), dtype, span, |o, p| {
        (o / cols.max(1) * k + p, o % cols.max(1) * k + p)
    })?;
    let mut shape: Vec<i64> = head(xs, 1).to_vec();
    shape.extend(head(ys, 1));
    new_result(ctx, &shape, dtype, values, &x, "inner", span)
}
