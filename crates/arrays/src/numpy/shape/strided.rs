//! Views made by strides, and the memory questions: `broadcast_to`, `broadcast_shapes`,
//! `as_strided`, `sliding_window_view`, `shares_memory`, `may_share_memory`.

use std::rc::Rc;

use stride_core::Dims;

use super::first;
use crate::array::{Array, Base, Op, view_of};
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::numpy::{axes_list, readonly, shape_arg, with_flags};
use crate::signature::Bound;
use crate::value::Value;

/// `np.broadcast_to(array, shape, subok)`.
pub fn broadcast_to(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, "array", span)?;
    let shape = shape_arg(b.required("shape")?)?;
    let l = stride_core::broadcast::broadcast_to(&a.layout, &shape)?;
    let v = view_of(&a, l, Op::Broadcast("broadcast_to"), span);
    // The nditer view NumPy returns has the usual collapsed `.base` of a view.
    let base = v.base.clone();
    Ok(Value::Array(readonly(v, base)))
}

/// `np.broadcast_shapes(*args)`.
pub fn broadcast_shapes(_: &mut Context, b: &Bound, _: Span) -> Result<Value, EvalError> {
    let shapes: Vec<Dims> = b
        .rest()
        .iter()
        .map(|(v, _)| shape_arg(v))
        .collect::<Result<_, _>>()?;
    let refs: Vec<&[i64]> = shapes.iter().map(|d| d.as_slice()).collect();
    let out = stride_core::broadcast::broadcast_shapes(&refs)?;
    Ok(Value::ints(&out))
}

/// Two arrays that share a buffer.
type Pair = (Rc<Array>, Rc<Array>);

fn pair(ctx: &mut Context, b: &Bound, span: Span) -> Result<Option<Pair>, EvalError> {
    let x = first(ctx, b, "a", span)?;
    let y = first(ctx, b, "b", span)?;
    Ok(x.shares_buffer(&y).then_some((x, y)))
}

/// `np.may_share_memory(a, b, /, max_work)`: the bounds test.
pub fn may_share_memory(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    Ok(Value::Bool(pair(ctx, b, span)?.is_some_and(|(x, y)| {
        stride_core::overlap::may_share_memory(&x.layout, &y.layout)
    })))
}

/// `np.shares_memory(a, b, /, max_work)`: the exact answer, within `max_work`.
pub fn shares_memory(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let Some((x, y)) = pair(ctx, b, span)? else {
        return Ok(Value::Bool(false));
    };
    let max_work = match b.value("max_work") {
        None => stride_core::overlap::EXACT,
        Some(v) => v.as_index()?,
    };
    let limit = if max_work < 0 {
        ctx.limits.overlap_work
    } else {
        max_work
    };
    match stride_core::overlap::shares_memory(&x.layout, &y.layout, limit) {
        stride_core::overlap::Overlap::Yes => Ok(Value::Bool(true)),
        stride_core::overlap::Overlap::No => Ok(Value::Bool(false)),
        stride_core::overlap::Overlap::TooHard => {
            Err(EvalError::new("TooHardError", "Exceeded max_work"))
        }
        stride_core::overlap::Overlap::Overflow => Err(EvalError::new(
            "OverflowError",
            "Integer overflow in computing overlap",
        )),
    }
}

/// `as_strided(x, shape, strides, subok, writeable)`.
pub fn as_strided(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, "x", span)?;
    let shape = match b.value("shape") {
        None => None,
        // The shape reaches NumPy through `__array_interface__`, which words the limit so.
        Some(Value::Tuple(items) | Value::List(items)) if items.len() > stride_core::MAX_NDIM => {
            return Err(EvalError::value_error(format!(
                "number of dimensions must be within [0, {}], got {}",
                stride_core::MAX_NDIM,
                items.len()
            )));
        }
        Some(v) => Some(shape_arg(v)?),
    };
    let strides = b.value("strides").map(shape_arg).transpose()?;
    let writeable = match b.given("writeable") {
        Some(v) => v.truthy()?,
        None => true,
    };
    let l = stride_core::windows::as_strided(&a.layout, shape.as_deref(), strides.as_deref())?;
    let v = view_of(&a, l, Op::AsStrided, span);
    let keep = writeable && a.writeable;
    Ok(Value::Array(with_flags(v, keep, Base::Other("DummyArray"))))
}

/// `sliding_window_view(x, window_shape, axis, *, subok, writeable)`.
pub fn sliding_window_view(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, "x", span)?;
    let window = axes_list(b.required("window_shape")?)?;
    let axis = b.value("axis").map(axes_list).transpose()?;
    let writeable = match b.given("writeable") {
        Some(v) => v.truthy()?,
        None => false,
    };
    let l = stride_core::windows::sliding_window_view(&a.layout, &window, axis.as_deref())?;
    let v = view_of(&a, l, Op::Windows, span);
    Ok(Value::Array(with_flags(
        v,
        writeable && a.writeable,
        Base::Other("DummyArray"),
    )))
}
