//! NumPy's creation functions: `np.arange`, `np.zeros`, `np.ones`, `np.full`, `np.zeros_like`,
//! `np.array`, `np.asarray`, `np.ascontiguousarray`, `np.asfortranarray`, `np.dtype`; and the
//! helpers PyTorch's twins share (`arange`, [`filled`]).

use std::rc::Rc;

use stride_core::copy::AsContiguous;
use stride_core::reshape::{CopyMode, MemOrder};
use stride_core::{Dims, Layout, Order};

use super::{
    as_array, copy_into, copy_mode, dtype_arg, infer_numpy_values, infer_values, nested, order_arg,
    rescale, shape_arg,
};
use crate::array::{Array, Op, Origin, view_of};
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::eval::Context;
use crate::signature::Bound;
use crate::value::{Lib, Value};

/// NumPy 2's refusal of `np.array(obj, copy=False)` when it must copy.
const NO_COPY: &str = "Unable to avoid copy while creating an array as requested.\nIf using `np.array(obj, copy=False)` replace it with `np.asarray(obj)` to allow a copy when needed (no behavior change in NumPy 1.x).\nFor more details, see https://numpy.org/devdocs/numpy_2_0_migration_guide.html#adapting-to-changes-in-the-copy-keyword.";

/// The shape of a new array (`np.zeros`, `np.full`): `None` gets NumPy's own hint.
fn creation_shape(v: &Value) -> Result<Dims, EvalError> {
    if matches!(v, Value::None) {
        return Err(EvalError::type_error("Use () not None as shape arguments"));
    }
    shape_arg(v)
}

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

/// `np.arange` and `torch.arange`: the length, the values and the dtype.
pub fn arange(
    ctx: &mut Context,
    values: &[Value],
    dtype: Option<DType>,
    torch: bool,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let is_float = values.iter().any(|v| {
        matches!(
            v,
            Value::Float(_) | Value::Scalar(DType::Float16 | DType::Float32 | DType::Float64, _)
        )
    });
    let num = |v: &Value| crate::builtins::as_float(v);
    let (start, stop, step) = match values {
        [stop] => (0.0, num(stop)?, 1.0),
        [start, stop] => (num(start)?, num(stop)?, 1.0),
        [start, stop, step] => (num(start)?, num(stop)?, num(step)?),
        _ => {
            return Err(EvalError::type_error(
                "arange() requires stop to be specified.",
            ));
        }
    };
    if step == 0.0 {
        return Err(if torch {
            EvalError::new("RuntimeError", "step must be nonzero")
        } else {
            EvalError::new("ZeroDivisionError", "division by zero")
        });
    }
    let length = ((stop - start) / step).ceil();
    if !length.is_finite() {
        return Err(EvalError::value_error("arange: cannot compute length"));
    }
    if length > 1e15 {
        return Err(EvalError::value_error("Maximum allowed size exceeded"));
    }
    let mut n = length.max(0.0) as i64;
    // Integer arguments, exactly: past 2^53 the floats above lose them.
    let exact = |v: &Value| match v {
        Value::Int(i) => Some(*i),
        Value::Bool(b) => Some(i128::from(*b)),
        Value::Scalar(_, Num::Int(i)) => Some(*i),
        _ => None,
    };
    let ints: Option<Vec<i128>> = if is_float {
        None
    } else {
        values.iter().map(exact).collect()
    };
    // NumPy's length is `ceil((stop - start) / step)` with the difference taken exactly (Python
    // ints) and the division in float64: `arange(0, 2**63 + 2, 2**62)` has 2 items.
    let exact_args = match ints.as_deref() {
        Some([stop]) => Some((0, *stop, 1)),
        Some([start, stop]) => Some((*start, *stop, 1)),
        Some([start, stop, step]) if *step != 0 => Some((*start, *stop, *step)),
        _ => None,
    };
    let (int_start, int_step) = match exact_args {
        Some((start, stop, step)) => {
            let q = ((stop - start) as f64 / step as f64).ceil();
            n = q.clamp(0.0, 1e16) as i64;
            (start, step)
        }
        None => (start as i128, step as i128),
    };
    if n > 1_000_000_000_000_000 {
        return Err(EvalError::value_error("Maximum allowed size exceeded"));
    }
    let past_int64 = ints
        .as_deref()
        .is_some_and(|v| v.iter().any(|i| i64::try_from(*i).is_err()));
    if past_int64 && dtype.or(ctx.dtype_override).is_none() {
        return Err(EvalError::unsupported(
            "np.arange of ints past int64 without dtype= (NumPy computes it in float64)",
            span,
        ));
    }
    let default = if is_float {
        if torch {
            DType::Float32
        } else {
            DType::Float64
        }
    } else {
        DType::Int64
    };
    let dtype = dtype.or(ctx.dtype_override).unwrap_or(default);
    if dtype == DType::Bool {
        if torch {
            return Err(EvalError::new(
                "NotImplementedError",
                "\"arange_cpu\" not implemented for 'Bool'",
            ));
        }
        if n > 2 {
            return Err(EvalError::type_error(
                "arange() is only supported for booleans when the result has at most length 2.",
            ));
        }
    }
    let bytes = n.saturating_mul(dtype.itemsize());
    if u64::try_from(bytes).unwrap_or(u64::MAX) > ctx.limits.max_bytes {
        ctx.allocate(dtype, bytes, span)?;
    }
    // NumPy fills with start + i·delta, where delta is (start + step) − start in the dtype.
    let nums: Vec<Num> = if is_float || dtype.is_float() {
        let first = dtype.cast(Num::Float(start)).as_f64();
        let second = dtype.cast(Num::Float(start + step)).as_f64();
        let delta = second - first;
        (0..n)
            .map(|i| match i {
                0 => Num::Float(first),
                1 => Num::Float(second),
                _ if dtype == DType::Float32 => {
                    Num::Float(f64::from(first as f32 + i as f32 * delta as f32))
                }
                _ => Num::Float(first + i as f64 * delta),
            })
            .collect()
    } else {
        // NEP 50: NumPy sets the first value, and the second, from Python ints, so each must fit.
        if let (false, Some(_), Some(_)) = (torch, dtype.int_range(), ints.as_ref()) {
            let firsts = [int_start, int_start.saturating_add(int_step)];
            for (k, v) in firsts.iter().enumerate() {
                if n > k as i64 && matches!(values.first(), Some(Value::Int(_))) {
                    crate::indexing::check_python_int(*v, dtype)?;
                }
            }
        }
        (0..i128::from(n))
            .map(|i| Num::Int(int_start.saturating_add(i.saturating_mul(int_step))))
            .collect()
    };
    let name = if torch { "torch.arange" } else { "np.arange" };
    ctx.new_c_array(
        &[n],
        dtype,
        &nums,
        torch,
        Origin {
            op: Op::Create(name),
            parent: None,
            span,
        },
    )
}

/// `np.zeros`, `np.ones`, `np.full` and their `torch` twins.
/// What `np.zeros`, `np.ones`, `np.full` and their PyTorch twins make.
pub struct Fill<'a> {
    /// The shape.
    pub shape: &'a [i64],
    /// The dtype.
    pub dtype: DType,
    /// The value of every element.
    pub value: Num,
    /// The memory order.
    pub order: Order,
    /// Whether it is a tensor.
    pub torch: bool,
    /// The function's name, for the explanation.
    pub name: &'static str,
}

/// A new array of one repeated value.
pub fn filled(ctx: &mut Context, fill: Fill<'_>, span: Span) -> Result<Rc<Array>, EvalError> {
    let Fill {
        shape,
        dtype,
        value,
        order,
        torch,
        name,
    } = fill;
    // PyTorch keeps C strides for empty tensors; NumPy zeroes them.
    let layout = if torch {
        Layout::contiguous(shape, dtype.itemsize(), order)?
    } else {
        Layout::allocated(shape, dtype.itemsize(), order)?
    };
    let array = ctx.new_array(
        layout,
        dtype,
        &[],
        torch,
        Origin {
            op: Op::Create(name),
            parent: None,
            span,
        },
    )?;
    ctx.charge(u64::try_from(array.layout.size()).unwrap_or(u64::MAX), span)?;
    array.buffer.fill(dtype, dtype.cast(value));
    Ok(array)
}

/// The value and the label of `ones` (or else `zeros`), NumPy's or PyTorch's.
pub(crate) fn ones_or_zeros(name: &str, torch: bool) -> (Num, &'static str) {
    match (name == "ones", torch) {
        (true, false) => (Num::Int(1), "np.ones"),
        (false, false) => (Num::Int(0), "np.zeros"),
        (true, true) => (Num::Int(1), "torch.ones"),
        (false, true) => (Num::Int(0), "torch.zeros"),
    }
}

/// `np.arange(start, stop, step, dtype)`.
pub fn np_arange(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let dtype = dtype_arg(b.given("dtype"))?;
    let values: Vec<Value> = ["start", "stop", "step"]
        .iter()
        .filter_map(|k| b.value(k).cloned())
        .collect();
    Ok(Value::Array(arange(ctx, &values, dtype, false, span)?))
}

/// `np.empty`: its values are whatever memory held, which the lab cannot show.
pub fn empty(_: &mut Context, _: &Bound, span: Span) -> Result<Value, EvalError> {
    Err(EvalError::unsupported(
        "np.empty: its values are whatever was in memory before (use np.zeros to see the layout)",
        span,
    ))
}

fn memory_order(v: Option<&Value>) -> Result<Order, EvalError> {
    Ok(if order_arg(v, MemOrder::C, false)? == MemOrder::F {
        Order::F
    } else {
        Order::C
    })
}

fn zeros_or_ones(ctx: &mut Context, b: &Bound, span: Span, name: &str) -> Result<Value, EvalError> {
    let shape = creation_shape(b.required("shape")?)?;
    let dtype = dtype_arg(b.given("dtype"))?
        .or(ctx.dtype_override)
        .unwrap_or(DType::Float64);
    let order = memory_order(b.given("order"))?;
    let (value, label) = ones_or_zeros(name, false);
    let fill = Fill {
        shape: &shape,
        dtype,
        value,
        order,
        torch: false,
        name: label,
    };
    Ok(Value::Array(filled(ctx, fill, span)?))
}

/// `np.zeros(shape, dtype, order)`.
pub fn zeros(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    zeros_or_ones(ctx, b, span, "zeros")
}

/// `np.ones(shape, dtype, order)`.
pub fn ones(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    zeros_or_ones(ctx, b, span, "ones")
}

/// `np.full(shape, fill_value, dtype, order)`.
pub fn full(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let shape = creation_shape(b.required("shape")?)?;
    let fill = b.required("fill_value")?;
    let asked = dtype_arg(b.given("dtype"))?.or(ctx.dtype_override);
    let (inferred, nums) = infer_numpy_values(std::slice::from_ref(fill), asked)?;
    let dtype = asked.unwrap_or(inferred);
    let order = memory_order(b.given("order"))?;
    let value = nums.first().copied().unwrap_or(Num::Int(0));
    let fill = Fill {
        shape: &shape,
        dtype,
        value,
        order,
        torch: false,
        name: "np.full",
    };
    Ok(Value::Array(filled(ctx, fill, span)?))
}

fn like(ctx: &mut Context, b: &Bound, span: Span, ones: bool) -> Result<Value, EvalError> {
    let a = as_array(ctx, b.required("a")?, span)?;
    let dtype = dtype_arg(b.given("dtype"))?.unwrap_or(a.dtype);
    let order = order_arg(b.given("order"), MemOrder::K, true)?;
    let layout = rescale(&stride_core::copy::copy_layout(&a.layout, order)?, dtype)?;
    let n = usize::try_from(layout.size()).unwrap_or(0);
    let (v, label) = if ones {
        (Num::Int(1), "np.ones_like")
    } else {
        (Num::Int(0), "np.zeros_like")
    };
    let values = vec![dtype.cast(v); n];
    let origin = Origin {
        op: Op::Create(label),
        parent: None,
        span,
    };
    Ok(Value::Array(
        ctx.new_array(layout, dtype, &values, false, origin)?,
    ))
}

/// `np.zeros_like(a, dtype, order, subok)`.
pub fn zeros_like(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    like(ctx, b, span, false)
}

/// `np.ones_like(a, dtype, order, subok)`.
pub fn ones_like(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    like(ctx, b, span, true)
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
    let dtype = dtype_arg(b.given("dtype"))?;
    let order = order_arg(b.given("order"), MemOrder::K, true)?;
    if let Some(v) = b.given("ndmin") {
        let ndim = match object {
            Value::Array(a) => a.layout.ndim(),
            other => nested(other)?.0.len(),
        };
        if usize::try_from(v.as_index()?).unwrap_or(usize::MAX) > ndim {
            return Err(EvalError::unsupported("np.array(..., ndmin=n)", span));
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

/// `np.dtype(dtype)`.
pub fn dtype(_: &mut Context, b: &Bound, _: Span) -> Result<Value, EvalError> {
    let d = dtype_arg(Some(b.required("dtype")?))?.unwrap_or(DType::Float64);
    Ok(Value::DType(d, Lib::Numpy))
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
