//! Arrays from data: `np.array`, `np.asarray` (with NumPy 2's `copy=` rules), and
//! `np.ascontiguousarray`, `np.asfortranarray`, which copy only when the layout asks it;
//! [`array_from`] is also `torch.tensor`'s.

use std::rc::Rc;

use stride_core::copy::AsContiguous;
use stride_core::reshape::{CopyMode, MemOrder};
use stride_core::{Layout, Order};

use crate::array::{Array, Op, Origin, view_of};
use crate::context::Context;
use crate::dtype::DType;
use crate::error::{EvalError, Span};
use crate::numpy::{
    as_array, copy_into, copy_mode, dtype_arg, infer_numpy_values, infer_values, nested, order_arg,
    rescale,
};
use crate::signature::Bound;
use crate::value::Value;

/// NumPy 2's refusal of `np.array(obj, copy=False)` when it must copy.
const NO_COPY: &str = "Unable to avoid copy while creating an array as requested.\nIf using `np.array(obj, copy=False)` replace it with `np.asarray(obj)` to allow a copy when needed (no behavior change in NumPy 1.x).\nFor more details, see https://numpy.org/devdocs/numpy_2_0_migration_guide.html#adapting-to-changes-in-the-copy-keyword.";

pub fn array_from(
    ctx: &mut Context,
    v: &Value,
    dtype: Option<DType>,
    torch: bool,
    order: Order,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let (shape, flat) = nested(v)?;
    let asked = dtype.or(ctx.dtype_override);
    let (inferred, nums) = if torch {
        infer_values(&flat)?
    } else {
        infer_numpy_values(&flat, asked)?
    };
    let inferred = if torch && inferred == DType::Float64 && !matches!(v, Value::Array(_)) {
        DType::Float32
    } else {
        inferred
    };
    let dtype = dtype.or(ctx.dtype_override).unwrap_or(inferred);
    let name = if torch { "tensor" } else { "array" };
    let origin = Origin {
        op: Op::Create(name),
        parent: None,
        span,
    };
    if order == Order::F {
        let layout = Layout::allocated(&shape, dtype.itemsize(), Order::F)
            .map_err(|e| EvalError::from(e).at(span))?;
        return ctx.new_array(layout, dtype, &nums, torch, origin);
    }
    ctx.new_c_array(&shape, dtype, &nums, torch, origin)
}

/// `np.array(object, dtype, *, copy, order, subok, ndmin)`.
pub fn array(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    // `np.array` copies unless told otherwise.
    let copy = match b.given("copy") {
        None => CopyMode::Always,
        other => copy_mode(other)?,
    };
    make_array(ctx, b.required("object")?, b, copy, span)
}

/// `np.asarray(a, dtype, order, *, copy)`: copies only when it must.
pub fn asarray(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let copy = copy_mode(b.given("copy"))?;
    make_array(ctx, b.required("a")?, b, copy, span)
}

fn make_array(
    ctx: &mut Context,
    object: &Value,
    b: &Bound,
    copy: CopyMode,
    span: Span,
) -> Result<Value, EvalError> {
    // A tensor gives NumPy the array over its own memory first (`__array__`): `np.asarray(t)`
    // shares it, `np.array(t)` copies from it.
    let shared;
    let object = match object {
        Value::Array(t) if t.torch => {
            shared = Value::Array(crate::torch::convert::shared_numpy(t, span)?);
            &shared
        }
        other => other,
    };
    let dtype = dtype_arg(b.given("dtype"))?;
    let order = order_arg(b.given("order"), MemOrder::K, true)?;
    if let Some(v) = b.given("ndmin") {
        let ndim = match object {
            Value::Array(a) => a.layout.ndim(),
            other => nested(other)?.0.len(),
        };
        if usize::try_from(v.as_index()?).unwrap_or(usize::MAX) > ndim {
            return Err(EvalError::unsupported(
                crate::construct::LibConstruct::ArrayNdmin,
                span,
            ));
        }
    }
    if let Value::Array(a) = object {
        let target = dtype.unwrap_or(a.dtype);
        let l = &a.layout;
        let laid_out = match order {
            MemOrder::C => l.is_c_contiguous(),
            MemOrder::F => l.is_f_contiguous(),
            // `STRIDING_OK`: 'A' asks for nothing when no copy is needed.
            MemOrder::A | MemOrder::K => true,
        };
        match copy {
            CopyMode::Always => {}
            _ if target == a.dtype && laid_out => return Ok(Value::Array(Rc::clone(a))),
            // With the array's own dtype named, NumPy's second fast path words it otherwise.
            CopyMode::Never if dtype == Some(a.dtype) => {
                return Err(EvalError::value_error(
                    "Unable to avoid copy while creating a new array.",
                ));
            }
            CopyMode::Never => return Err(EvalError::value_error(NO_COPY)),
            CopyMode::IfNeeded => {}
        }
        let layout = rescale(&stride_core::copy::copy_layout(l, order)?, target)?;
        return Ok(Value::Array(copy_into(
            ctx,
            a,
            layout,
            target,
            Op::Copy("np.array"),
            span,
        )?));
    }
    if copy == CopyMode::Never {
        return Err(EvalError::value_error(NO_COPY));
    }
    let layout_order = if order == MemOrder::F {
        Order::F
    } else {
        Order::C
    };
    Ok(Value::Array(array_from(
        ctx,
        object,
        dtype,
        false,
        layout_order,
        span,
    )?))
}

fn contiguous(ctx: &mut Context, b: &Bound, span: Span, fortran: bool) -> Result<Value, EvalError> {
    let a = as_array(ctx, b.required("a")?, span)?;
    let (label, fresh) = if fortran {
        ("asfortranarray", stride_core::copy::asfortran(&a.layout)?)
    } else {
        (
            "ascontiguousarray",
            stride_core::copy::ascontiguous(&a.layout)?,
        )
    };
    // Another dtype is a cast copy first (in the input's own order), which then goes the same way.
    if let Some(d) = dtype_arg(b.given("dtype"))?.filter(|d| *d != a.dtype) {
        let order = if fortran { MemOrder::F } else { MemOrder::C };
        let layout = rescale(&stride_core::copy::copy_layout(&a.layout, order)?, d)?;
        let cast = copy_into(ctx, &a, layout, d, Op::Cast(d), span)?;
        return match if fortran {
            stride_core::copy::asfortran(&cast.layout)?
        } else {
            stride_core::copy::ascontiguous(&cast.layout)?
        } {
            AsContiguous::View(l) => Ok(Value::Array(view_of(&cast, l, Op::Axes(label), span))),
            _ => Ok(Value::Array(cast)),
        };
    }
    match fresh {
        AsContiguous::Same => Ok(Value::Array(a)),
        AsContiguous::View(layout) => Ok(Value::Array(view_of(&a, layout, Op::Axes(label), span))),
        AsContiguous::Copy(layout) => Ok(Value::Array(copy_into(
            ctx,
            &a,
            layout,
            a.dtype,
            Op::Copy(label),
            span,
        )?)),
    }
}

/// `np.ascontiguousarray(a, dtype)`.
pub fn ascontiguousarray(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    contiguous(ctx, b, span, false)
}

/// `np.asfortranarray(a, dtype)`.
pub fn asfortranarray(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    contiguous(ctx, b, span, true)
}
