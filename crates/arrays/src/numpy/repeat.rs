//! Repeating values into new memory: `np.repeat` / `x.repeat` and `np.tile`.
//!
//! `PyArray_Repeat` reads its input in C order (flattened first when `axis` is `None`) and
//! allocates a new C-ordered array whose `axis` is the sum of the counts (one count, or a list of
//! size 1, repeats every element). `np.tile` is NumPy's Python: with every count 1 it is
//! `np.array(A, copy=True, ndmin=d)` (a copy in `A`'s own order, new leading axes a view of it);
//! otherwise it repeats along each axis with `c.reshape(-1, n).repeat(k, 0)` and returns
//! `c.reshape(shape_out)`, a view of the last repeat (so it does not own its data). An empty
//! input is never copied: the result is then a view of it.

use std::rc::Rc;

use stride_core::reshape::{CopyMode, MemOrder};
use stride_core::{Dims, Layout, Order};

use super::{as_array, copy_into, shape::reshape};
use crate::array::{Array, Op, Origin};
use crate::context::Context;
use crate::dtype::Num;
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

/// The counts of a `repeats` argument, as NumPy converts it to a 1-d intp array (floats are
/// truncated, as its unsafe cast does).
fn counts(v: &Value) -> Result<(Vec<i64>, bool), EvalError> {
    let one = |v: &Value| -> Result<i64, EvalError> {
        match v {
            Value::Float(f) if f.is_finite() => Ok(f.trunc() as i64),
            Value::Scalar(d, Num::Float(f)) if d.is_float() && f.is_finite() => {
                Ok(f.trunc() as i64)
            }
            Value::None => Err(EvalError::type_error(
                "int() argument must be a string, a bytes-like object or a real number, not 'NoneType'",
            )),
            Value::List(_) | Value::Tuple(_) => Err(EvalError::value_error(
                "setting an array element with a sequence. The requested array would exceed the maximum number of dimension of 1.",
            )),
            other => other.as_index(),
        }
    };
    match v {
        Value::List(items) | Value::Tuple(items) => {
            let values = items.iter().map(one).collect::<Result<Vec<_>, _>>()?;
            let scalar = values.len() == 1;
            Ok((values, scalar))
        }
        Value::Array(a) if a.layout.ndim() <= 1 => {
            let values = a
                .checked_values(Span::default())?
                .into_iter()
                .map(|n| match n {
                    Num::Float(f) if f.is_finite() => Ok(f.trunc() as i64),
                    Num::Float(_) => Err(EvalError::unsupported(
                        crate::construct::LibConstruct::NonFiniteRepeats,
                        Span::default(),
                    )),
                    Num::Int(i) => {
                        i64::try_from(i).map_err(|_| stride_core::Error::Overflow.into())
                    }
                    Num::Bool(b) => Ok(i64::from(b)),
                })
                .collect::<Result<Vec<_>, EvalError>>()?;
            let scalar = a.layout.ndim() == 0 || values.len() == 1;
            Ok((values, scalar))
        }
        Value::Array(_) => Err(EvalError::value_error(
            "setting an array element with a sequence. The requested array would exceed the maximum number of dimension of 1.",
        )),
        other => Ok((vec![one(other)?], true)),
    }
}

/// `a` repeated along `axis` (`None`: flattened) as `PyArray_Repeat`.
pub fn repeat_array(
    ctx: &mut Context,
    a: &Rc<Array>,
    repeats: &Value,
    axis: Option<i64>,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let (shape, axis): (Dims, usize) = match axis {
        None => (Dims::from_slice(&[a.layout.size()])?, 0),
        // `PyArray_CheckAxis` reads a 0-d array as one element of a 1-d one.
        Some(k) if a.layout.ndim() == 0 => (
            Dims::from_slice(&[1])?,
            stride_core::axes::normalize_axis(k, 1)?,
        ),
        Some(k) => (
            *a.layout.shape(),
            stride_core::axes::normalize_axis(k, a.layout.ndim())?,
        ),
    };
    let (counts, broadcast) = counts(repeats)?;
    let n = shape.get(axis).copied().unwrap_or(1);
    let per: Vec<i64> = if broadcast {
        let c = counts.first().copied().unwrap_or(0);
        let total = c.checked_mul(n).ok_or(stride_core::Error::Overflow)?;
        if total < 0 {
            return Err(EvalError::value_error(
                "negative dimensions are not allowed",
            ));
        }
        vec![c.max(0); usize::try_from(n).unwrap_or(0)]
    } else {
        if i64::try_from(counts.len()).ok() != Some(n) {
            return Err(EvalError::value_error(format!(
                "operands could not be broadcast together with shape ({n},) ({},)",
                counts.len()
            )));
        }
        if counts.iter().any(|&c| c < 0) {
            return Err(EvalError::value_error(
                "repeats may not contain negative values.",
            ));
        }
        counts
    };
    let total = per
        .iter()
        .try_fold(0i64, |t, &c| t.checked_add(c))
        .ok_or(stride_core::Error::Overflow)?;
    let mut out_shape = shape;
    if let Some(slot) = out_shape.get_mut(axis) {
        *slot = total;
    }
    let layout = Layout::allocated(&out_shape, a.dtype.itemsize(), Order::C)?;
    ctx.room(layout.nbytes(), span)?;
    let values = ctx.read_values(a, span)?;
    let chunk =
        usize::try_from(shape.get(axis + 1..).unwrap_or(&[]).iter().product::<i64>()).unwrap_or(0);
    let outer =
        usize::try_from(shape.get(..axis).unwrap_or(&[]).iter().product::<i64>()).unwrap_or(0);
    let mut out = Vec::with_capacity(usize::try_from(layout.size()).unwrap_or(0));
    let mut at = 0usize;
    for _ in 0..outer {
        for &c in &per {
            let slab = values.get(at..at + chunk).unwrap_or(&[]);
            for _ in 0..c {
                out.extend_from_slice(slab);
            }
            at += chunk;
        }
    }
    ctx.new_array(
        layout,
        a.dtype,
        &out,
        a.torch,
        Origin {
            op: Op::Compute("repeat"),
            parent: Some(Rc::clone(a)),
            span,
        },
    )
}

fn axis_arg(v: Option<&Value>) -> Result<Option<i64>, EvalError> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(v) => Ok(Some(v.as_index()?)),
    }
}

/// `x.repeat(repeats, axis=None)`.
pub fn repeat_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let axis = axis_arg(b.given("axis"))?;
    Ok(Value::Array(repeat_array(
        ctx,
        a,
        b.required("repeats")?,
        axis,
        span,
    )?))
}

/// `np.repeat(a, repeats, axis=None)`.
pub fn repeat_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = as_array(ctx, b.required("a")?, span)?;
    repeat_method(ctx, &a, b, span)
}

/// `a` with `k` leading axes of length 1, as `ndmin` adds them: `PyArray_Newshape` in order
/// 'A' (a view; the new axes' strides follow the array's own order).
fn prepend_ones(
    ctx: &mut Context,
    a: &Rc<Array>,
    k: usize,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let _ = ctx;
    if k == 0 {
        return Ok(Rc::clone(a));
    }
    // NumPy's `_prepend_ones` (`np.array(..., ndmin=)`): each new axis steps over the whole
    // first axis (`strides[0] * shape[0]`, 0 for an empty one), or one item for a 0-d array or
    // one that is F- and not C-contiguous.
    let l = &a.layout;
    let fortran = l.is_f_contiguous() && !l.is_c_contiguous();
    let outer = match (l.shape().first(), l.strides().first(), fortran) {
        (Some(&d), Some(&s), false) => s.checked_mul(d).ok_or(stride_core::Error::Overflow)?,
        _ => l.itemsize(),
    };
    let mut shape = Dims::filled(k, 1)?;
    let mut strides = Dims::filled(k, outer)?;
    for (&d, &s) in l.shape().iter().zip(l.strides().iter()) {
        shape.push(d)?;
        strides.push(s)?;
    }
    let layout = Layout::new(&shape, &strides, l.offset(), l.itemsize())?;
    Ok(crate::array::view_of(
        a,
        layout,
        Op::Reshape("tile", None),
        span,
    ))
}

/// `np.tile(A, reps)`.
pub fn tile(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let given = b.required("A")?;
    let reps: Vec<i64> = match b.required("reps")? {
        Value::List(items) | Value::Tuple(items) => items
            .iter()
            .map(Value::as_index)
            .collect::<Result<_, _>>()?,
        Value::Array(r) if r.layout.ndim() > 0 => r
            .checked_values(span)?
            .into_iter()
            .map(|n| Value::Scalar(r.dtype, n).as_index())
            .collect::<Result<_, _>>()?,
        other => vec![other.as_index()?],
    };
    let d = reps.len();
    let a = as_array(ctx, given, span)?;
    let c = if reps.iter().all(|&r| r == 1) && matches!(given, Value::Array(_)) {
        // `np.array(A, copy=True, ndmin=d)`: a copy in K order, then a view with the new axes.
        let layout = stride_core::copy::copy_layout(&a.layout, MemOrder::K)?;
        let copy = copy_into(ctx, &a, layout, a.dtype, Op::Copy("tile"), span)?;
        let k = d.saturating_sub(copy.layout.ndim());
        return Ok(Value::Array(prepend_ones(ctx, &copy, k, span)?));
    } else {
        let k = d.saturating_sub(a.layout.ndim());
        prepend_ones(ctx, &a, k, span)?
    };
    let mut tup = vec![1i64; c.layout.ndim().saturating_sub(d)];
    tup.extend_from_slice(&reps);
    let mut shape_out = Dims::new();
    for (&s, &t) in c.layout.shape().iter().zip(&tup) {
        shape_out.push(s.checked_mul(t).ok_or(stride_core::Error::Overflow)?)?;
    }
    let mut n = c.layout.size();
    let mut c = c;
    if n > 0 {
        let dims = *c.layout.shape();
        // Only the last repeat is the memory of the result; the steps before are NumPy's own.
        let last = tup.iter().rposition(|&r| r != 1);
        for (k, (&dim_in, &nrep)) in dims.iter().zip(&tup).enumerate() {
            if nrep != 1 {
                let input = Rc::clone(&c);
                let step = move |ctx: &mut Context| -> Result<Rc<Array>, EvalError> {
                    let rows = reshape(
                        ctx,
                        &input,
                        &Dims::from_slice(&[-1, n])?,
                        MemOrder::C,
                        CopyMode::IfNeeded,
                        span,
                    )?;
                    repeat_array(ctx, &rows, &Value::Int(i128::from(nrep)), Some(0), span)
                };
                c = if Some(k) == last {
                    step(ctx)?
                } else {
                    ctx.internal(step)?
                };
            }
            n /= dim_in.max(1);
        }
    }
    Ok(Value::Array(reshape(
        ctx,
        &c,
        &shape_out,
        MemOrder::C,
        CopyMode::IfNeeded,
        span,
    )?))
}
