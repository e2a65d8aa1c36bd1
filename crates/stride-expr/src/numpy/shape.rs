//! NumPy's functions and methods that change how an array is read: `reshape`, `transpose`,
//! `swapaxes`, `moveaxis`, `squeeze`, `expand_dims`, `ravel`/`flatten`, `copy`, `broadcast_to`,
//! `matrix_transpose`, `as_strided`, `sliding_window_view`, and the memory questions
//! `shares_memory`/`may_share_memory`, `broadcast_shapes`.

use std::rc::Rc;

use stride_core::reshape::{CopyMode, MemOrder, Reshaped};
use stride_core::{Dims, Layout, Order};

use super::{
    as_array, axes_list, copy_into, copy_mode, order_arg, readonly, shape_arg, with_flags,
};
use crate::array::{Array, Base, Op, Origin, view_of};
use crate::dtype::Num;
use crate::error::{EvalError, Span};
use crate::eval::Context;
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

/// The values of `a` read in `order`: C (row), F (column) or K (the iterator's memory order).
fn ordered_values(a: &Array, order: MemOrder, span: Span) -> Result<Vec<Num>, EvalError> {
    let perm: Vec<i64> = match order {
        MemOrder::F => (0..a.layout.ndim() as i64).rev().collect(),
        MemOrder::K => stride_core::copy::iteration_order(&a.layout).to_vec(),
        _ => (0..a.layout.ndim() as i64).collect(),
    };
    let walked = stride_core::axes::transpose(&a.layout, &perm)?;
    stride_core::footprint::Positions::new(&walked)
        .map(|p| {
            a.read_at(p).ok_or_else(|| {
                EvalError::value_error("the array reads outside its buffer").at(span)
            })
        })
        .collect()
}

fn norm(axis: i64, n: usize) -> usize {
    if axis < 0 {
        (axis + n as i64) as usize
    } else {
        axis as usize
    }
}

fn first(ctx: &mut Context, b: &Bound, name: &str, span: Span) -> Result<Rc<Array>, EvalError> {
    as_array(ctx, b.required(name)?, span)
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
