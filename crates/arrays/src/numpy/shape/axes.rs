//! Views that permute, add or drop axes: `transpose`, `swapaxes`, `moveaxis`, `squeeze`,
//! `expand_dims`, `matrix_transpose`.

use std::rc::Rc;

use stride_core::Dims;

use super::first;
use crate::array::{Array, Op, view_of};
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::numpy::axes_list;
use crate::signature::Bound;
use crate::value::Value;

fn norm(axis: i64, n: usize) -> usize {
    if axis < 0 {
        (axis + n as i64) as usize
    } else {
        axis as usize
    }
}

fn transposed(a: &Rc<Array>, axes: Option<Vec<i64>>, span: Span) -> Result<Value, EvalError> {
    let Some(axes) = axes else {
        let l = stride_core::axes::reversed(&a.layout);
        let perm: Vec<i64> = (0..a.layout.ndim() as i64).rev().collect();
        return Ok(Value::Array(view_of(
            a,
            l,
            Op::permute(&Dims::from_slice(&perm)?),
            span,
        )));
    };
    let l = stride_core::axes::transpose(&a.layout, &axes)?;
    let normalized: Vec<i64> = axes
        .iter()
        .map(|&x| if x < 0 { x + a.layout.ndim() as i64 } else { x })
        .collect();
    Ok(Value::Array(view_of(
        a,
        l,
        Op::permute(&Dims::from_slice(&normalized)?),
        span,
    )))
}

/// `x.transpose(*axes)`.
pub fn transpose_method(
    _: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let axes = match b.rest() {
        [] => None,
        [(Value::None, _)] => Some((0..a.layout.ndim() as i64).rev().collect()),
        [(v, _)] => Some(axes_list(v)?),
        many => Some(
            many.iter()
                .map(|(v, _)| v.as_index())
                .collect::<Result<_, _>>()?,
        ),
    };
    transposed(a, axes, span)
}

/// `np.transpose(a, axes)`.
pub fn transpose_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, "a", span)?;
    let axes = b.value("axes").map(axes_list).transpose()?;
    transposed(&a, axes, span)
}

fn swapped(a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a1 = b.required("axis1")?.as_index()?;
    let a2 = b.required("axis2")?.as_index()?;
    let l = stride_core::axes::swapaxes(&a.layout, a1, a2)?;
    let n = a.layout.ndim();
    let mut perm = crate::attrs::identity_perm(n);
    perm.swap(norm(a1, n), norm(a2, n));
    Ok(Value::Array(view_of(a, l, Op::permute(&perm), span)))
}

/// `x.swapaxes(axis1, axis2)`.
pub fn swapaxes_method(
    _: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    swapped(a, b, span)
}

/// `np.swapaxes(a, axis1, axis2)`.
pub fn swapaxes_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, "a", span)?;
    swapped(&a, b, span)
}

/// `x.squeeze(axis)`: NumPy takes one integer or a tuple here (not a list).
pub fn squeeze_method(
    _: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let l = match b.value("axis") {
        None => stride_core::axes::squeeze_all(&a.layout),
        Some(Value::Tuple(items)) => {
            let axes = items
                .iter()
                .map(Value::as_index)
                .collect::<Result<Vec<_>, _>>()?;
            stride_core::axes::squeeze(&a.layout, &axes)?
        }
        Some(v) => stride_core::axes::squeeze_axis(&a.layout, v.as_index()?)?,
    };
    if l.ndim() == a.layout.ndim() {
        // Nothing to squeeze: NumPy returns the array itself.
        return Ok(Value::Array(Rc::clone(a)));
    }
    Ok(Value::Array(view_of(a, l, Op::Axes("squeeze"), span)))
}

/// `np.squeeze(a, axis)`.
pub fn squeeze_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, "a", span)?;
    squeeze_method(ctx, &a, b, span)
}

/// `np.moveaxis(a, source, destination)`.
pub fn moveaxis(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, "a", span)?;
    let source = axes_list(b.required("source")?)?;
    let destination = axes_list(b.required("destination")?)?;
    let perm = stride_core::axes::moveaxis_perm(a.layout.ndim(), &source, &destination)?;
    let l = stride_core::axes::transpose(&a.layout, &perm)?;
    Ok(Value::Array(view_of(&a, l, Op::permute(&perm), span)))
}

/// `np.expand_dims(a, axis)`.
pub fn expand_dims(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, "a", span)?;
    let axes = axes_list(b.required("axis")?)?;
    let l = stride_core::reshape::expand_dims(&a.layout, &axes)?;
    Ok(Value::Array(view_of(&a, l, Op::Axes("expand_dims"), span)))
}

/// `np.matrix_transpose(x)`.
pub fn matrix_transpose(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, "x", span)?;
    let l = stride_core::axes::matrix_transpose(&a.layout)?;
    let n = a.layout.ndim();
    let mut perm = crate::attrs::identity_perm(n);
    perm.swap(n - 2, n - 1);
    Ok(Value::Array(view_of(&a, l, Op::permute(&perm), span)))
}
