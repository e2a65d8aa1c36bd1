//! Reshaping and copies: `reshape` with NumPy's view-or-copy rule, `ravel`, `flatten` and
//! `copy`, as methods and as functions.

use std::rc::Rc;

use stride_core::reshape::{CopyMode, MemOrder, Reshaped};
use stride_core::{Dims, Layout, Order};

use super::first;
use crate::array::{Array, Op, Origin, view_of};
use crate::context::Context;
use crate::dtype::Num;
use crate::error::{EvalError, Span};
use crate::numpy::{copy_into, copy_mode, order_arg, shape_arg};
use crate::signature::Bound;
use crate::value::Value;

/// `reshape` with NumPy's view-or-copy rule: a copy is made in the requested order, and the
/// result is a view of that copy (so its `.base` is the copy, as in NumPy).
pub fn reshape(
    ctx: &mut Context,
    a: &Rc<Array>,
    shape: &Dims,
    order: MemOrder,
    copy: CopyMode,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let result = stride_core::reshape::reshape(&a.layout, shape, order, copy).map_err(|e| {
        let err = EvalError::from(e);
        if e != stride_core::Error::ReshapeNeedsCopy {
            return err;
        }
        let (c_order, read) = if order.resolve_any(&a.layout) == MemOrder::F {
            (Order::F, MemOrder::F)
        } else {
            (Order::C, MemOrder::C)
        };
        match stride_core::reshape::resolve_shape(a.layout.size(), shape)
            .map(|s| stride_core::reshape::attempt_nocopy(&a.layout, &s, c_order))
        {
            Ok(Err(reason)) => err.because(crate::explain::needs_copy(a, reason, read)),
            _ => err,
        }
    })?;
    match result {
        Reshaped::View(layout) => Ok(view_of(a, layout, Op::Reshape("reshape", None), span)),
        Reshaped::Copy { layout, reason } => {
            let resolved = order.resolve_any(&a.layout);
            let copy_order = if resolved == MemOrder::F {
                Order::F
            } else {
                Order::C
            };
            let copied_layout =
                Layout::contiguous(a.layout.shape(), a.dtype.itemsize(), copy_order)?;
            let copy = copy_into(
                ctx,
                a,
                copied_layout,
                a.dtype,
                Op::Reshape("reshape", reason),
                span,
            )?;
            Ok(view_of(&copy, layout, Op::Reshape("reshape", reason), span))
        }
    }
}

/// `ravel`, `flatten`: a 1-D view or a new 1-D array.
fn ravel(
    ctx: &mut Context,
    a: &Rc<Array>,
    order: MemOrder,
    always_copy: bool,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let name = if always_copy { "flatten" } else { "ravel" };
    let result = if always_copy {
        stride_core::reshape::flatten(&a.layout)?
    } else {
        stride_core::reshape::ravel(&a.layout, order)?
    };
    match result {
        Reshaped::View(layout) => Ok(view_of(a, layout, Op::Reshape(name, None), span)),
        Reshaped::Copy { layout, .. } => {
            let op = Op::Ravel(name, order.resolve_any(&a.layout));
            let read = read_in(&a.layout, order.resolve_any(&a.layout))?;
            if let Some(copy) = crate::numpy::lazy_copy(ctx, a, read, layout, a.dtype, &op, span)? {
                return Ok(copy);
            }
            ctx.charge(u64::try_from(a.layout.size()).unwrap_or(u64::MAX), span)?;
            let values = ordered_values(a, order.resolve_any(&a.layout), span)?;
            ctx.new_array(
                layout,
                a.dtype,
                &values,
                a.torch,
                Origin {
                    op: Op::Ravel(name, order.resolve_any(&a.layout)),
                    parent: Some(Rc::clone(a)),
                    span,
                },
            )
        }
    }
}

/// The view of `layout` whose row order is `order`: C (row), F (column) or K (the iterator's
/// memory order).
fn read_in(layout: &Layout, order: MemOrder) -> Result<Layout, EvalError> {
    let perm: Vec<i64> = match order {
        MemOrder::F => (0..layout.ndim() as i64).rev().collect(),
        MemOrder::K => stride_core::copy::iteration_order(layout).to_vec(),
        _ => (0..layout.ndim() as i64).collect(),
    };
    Ok(stride_core::axes::transpose(layout, &perm)?)
}

/// The values of `a` read in `order`: C (row), F (column) or K (the iterator's memory order).
fn ordered_values(a: &Array, order: MemOrder, span: Span) -> Result<Vec<Num>, EvalError> {
    let walked = read_in(&a.layout, order)?;
    stride_core::footprint::Positions::new(&walked)
        .map(|p| {
            a.read_at(p).ok_or_else(|| {
                EvalError::value_error("the array reads outside its buffer").at(span)
            })
        })
        .collect()
}

/// The shape of `x.reshape(3, 4)` or `x.reshape((3, 4))`.
fn shape_from_positionals(values: &[(Value, Span)]) -> Result<Dims, EvalError> {
    match values {
        [(v, _)] => shape_arg(v),
        many => {
            if many.len() > stride_core::MAX_NDIM {
                return Err(stride_core::Error::TooManyDims { ndim: many.len() }.into());
            }
            let mut d = Dims::new();
            for (v, _) in many {
                d.push(v.as_index()?)?;
            }
            Ok(d)
        }
    }
}

fn reshaped(
    ctx: &mut Context,
    a: &Rc<Array>,
    shape: Option<&Dims>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let Some(shape) = shape else {
        // `a.reshape(None)` is `a.view()` (`array_reshape` in methods.c).
        return Ok(Value::Array(view_of(
            a,
            a.layout,
            Op::Reshape("reshape", None),
            span,
        )));
    };
    let order = order_arg(b.given("order"), MemOrder::C, false)?;
    let copy = copy_mode(b.given("copy"))?;
    Ok(Value::Array(reshape(ctx, a, shape, order, copy, span)?))
}

/// `x.reshape(*shape, order, copy)`.
pub fn reshape_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let shape = match b.rest() {
        [(Value::None, _)] => None,
        many => Some(shape_from_positionals(many)?),
    };
    reshaped(ctx, a, shape.as_ref(), b, span)
}

/// `np.reshape(a, /, shape, order, *, copy)`.
pub fn reshape_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, "a", span)?;
    let shape = match b.required("shape")? {
        Value::None => None,
        v => Some(shape_arg(v)?),
    };
    reshaped(ctx, &a, shape.as_ref(), b, span)
}

/// `x.ravel(order)`.
pub fn ravel_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let order = order_arg(b.given("order"), MemOrder::C, true)?;
    Ok(Value::Array(ravel(ctx, a, order, false, span)?))
}

/// `x.flatten(order)`.
pub fn flatten_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let order = order_arg(b.given("order"), MemOrder::C, true)?;
    Ok(Value::Array(ravel(ctx, a, order, true, span)?))
}

/// `np.ravel(a, order)`.
pub fn ravel_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, "a", span)?;
    ravel_method(ctx, &a, b, span)
}

fn copied(
    ctx: &mut Context,
    a: &Rc<Array>,
    order: MemOrder,
    span: Span,
) -> Result<Value, EvalError> {
    let layout = stride_core::copy::copy_layout(&a.layout, order)?;
    Ok(Value::Array(copy_into(
        ctx,
        a,
        layout,
        a.dtype,
        Op::Copy("copy"),
        span,
    )?))
}

/// `x.copy(order='C')`.
pub fn copy_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let order = order_arg(b.given("order"), MemOrder::C, true)?;
    copied(ctx, a, order, span)
}

/// `np.copy(a, order='K', subok)`.
pub fn copy_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, "a", span)?;
    let order = order_arg(b.given("order"), MemOrder::K, true)?;
    copied(ctx, &a, order, span)
}
