//! PyTorch's creation functions: `torch.arange`, `torch.zeros`, `torch.ones`, `torch.full`,
//! `torch.zeros_like`, `torch.ones_like`, `torch.empty`, `torch.empty_like`, `torch.tensor`, and
//! `torch.as_strided`.

use stride_core::{Layout, Order};

use super::{element, size_arg};
use crate::array::{Op, Origin, view_of};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::numpy::{Fill, dtype_arg};
use crate::signature::Bound;
use crate::value::Value;

/// `torch.arange(end)`, `(start, end)`, `(start, end, step)`.
pub fn arange(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let dtype = dtype_arg(b.given("dtype"))?;
    let values: Vec<Value> = ["start", "end", "step"]
        .iter()
        .filter_map(|k| b.given(k).cloned())
        .collect();
    Ok(Value::Array(crate::numpy::arange(
        ctx, &values, dtype, true, span,
    )?))
}

/// `torch.empty(*size, dtype=…, requires_grad=…)`: `torch.zeros`'s layout, the memory never
/// written (shown as not yet written: [`crate::written`]).
pub fn empty(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let shape = size_arg(b, "size")?;
    let dtype = dtype_arg(b.given("dtype"))?
        .or(ctx.dtype_override)
        .unwrap_or(DType::Float32);
    grad_allowed(b, dtype)?;
    Ok(Value::Array(crate::numpy::creation::new_empty(
        ctx,
        &shape,
        dtype,
        Order::C,
        true,
        span,
    )?))
}

/// PyTorch's error for `requires_grad=True` on a dtype that cannot require gradients (the
/// layout is the same either way; autograd itself is not run here).
fn grad_allowed(b: &Bound, dtype: DType) -> Result<(), EvalError> {
    let grad = b.given("requires_grad").map_or(Ok(false), Value::truthy)?;
    if grad && !dtype.is_float() {
        return Err(EvalError::new(
            "RuntimeError",
            "Only Tensors of floating point and complex dtype can require gradients",
        ));
    }
    Ok(())
}

fn zeros_or_ones(ctx: &mut Context, b: &Bound, span: Span, name: &str) -> Result<Value, EvalError> {
    let shape = size_arg(b, "size")?;
    let dtype = dtype_arg(b.given("dtype"))?;
    let (value, label) = crate::numpy::ones_or_zeros(name, true);
    let fill = Fill {
        shape: &shape,
        dtype: dtype.or(ctx.dtype_override).unwrap_or(DType::Float32),
        value,
        order: Order::C,
        torch: true,
        name: label,
    };
    Ok(Value::Array(crate::numpy::filled(ctx, fill, span)?))
}

/// `torch.zeros(*size, dtype=…)`.
pub fn zeros(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    zeros_or_ones(ctx, b, span, "zeros")
}

/// `torch.ones(*size, dtype=…)`.
pub fn ones(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    zeros_or_ones(ctx, b, span, "ones")
}

/// `torch.full(size, fill_value, dtype=…)`.
pub fn full(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let shape = crate::numpy::shape_arg(b.required("size")?)?;
    let fill = b.required("fill_value")?;
    let inferred = match fill {
        Value::Bool(_) => DType::Bool,
        Value::Int(_) => DType::Int64,
        _ => DType::Float32,
    };
    let value = fill_num(fill)?;
    let dtype = dtype_arg(b.given("dtype"))?;
    let fill = Fill {
        shape: &shape,
        dtype: dtype.or(ctx.dtype_override).unwrap_or(inferred),
        value,
        order: Order::C,
        torch: true,
        name: "torch.full",
    };
    Ok(Value::Array(crate::numpy::filled(ctx, fill, span)?))
}

/// A new tensor of `input`'s shape filled with `value`, laid out as PyTorch's `empty_like` with
/// `preserve_format` lays it out: `input`'s own strides where they are dense, else dense strides
/// in the same order (`torch.ones_like(x.T).stride()` is `(1, 3)` for `x` of shape (2, 3)).
fn like_filled(
    ctx: &mut Context,
    b: &Bound,
    span: Span,
    value: Like,
    name: &'static str,
) -> Result<Value, EvalError> {
    let Value::Array(a) = b.required("input")? else {
        return Err(EvalError::type_error(format!(
            "{}(): argument 'input' (position 1) must be Tensor, not {}",
            name.trim_start_matches("torch."),
            b.required("input")?.type_name()
        )));
    };
    let dtype = dtype_arg(b.given("dtype"))?.unwrap_or(a.dtype);
    let value = match value {
        Like::Value(v) => Some(v),
        Like::FillValue => Some(fill_num(b.required("fill_value")?)?),
        Like::Unwritten => {
            grad_allowed(b, dtype)?;
            None
        }
    };
    let layout = crate::numpy::lanes::like_layout(a, dtype)?;
    let origin = Origin {
        op: Op::Create(name),
        parent: None,
        span,
    };
    Ok(Value::Array(match value {
        Some(v) => ctx.new_lazy(
            layout,
            dtype,
            crate::numpy::creation::fill_rule(dtype, v),
            true,
            origin,
        )?,
        None => crate::numpy::creation::unwritten(ctx, layout, dtype, true, origin)?,
    }))
}

/// What a `*_like` tensor holds.
enum Like {
    /// This value (`zeros_like`, `ones_like`).
    Value(Num),
    /// The argument `fill_value` (`full_like`).
    FillValue,
    /// Memory never written (`empty_like`).
    Unwritten,
}

/// `torch.empty_like(input, dtype=…, requires_grad=…)`: `zeros_like`'s layout (PyTorch's
/// `preserve_format`), the memory never written ([`crate::written`]).
pub fn empty_like(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    like_filled(ctx, b, span, Like::Unwritten, "torch.empty_like")
}

fn like(ctx: &mut Context, b: &Bound, span: Span, ones: bool) -> Result<Value, EvalError> {
    let name = if ones {
        "torch.ones_like"
    } else {
        "torch.zeros_like"
    };
    like_filled(ctx, b, span, Like::Value(Num::Int(i128::from(ones))), name)
}

/// `torch.full_like(input, fill_value, dtype=…)`.
pub fn full_like(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    like_filled(ctx, b, span, Like::FillValue, "torch.full_like")
}

fn fill_num(fill: &Value) -> Result<Num, EvalError> {
    Ok(match fill {
        Value::Bool(x) => Num::Bool(*x),
        Value::Int(i) => Num::Int(i64::try_from(*i).map_or(0, i128::from)),
        v => Num::Float(crate::builtins::as_float(v)?),
    })
}

/// `torch.zeros_like(input, dtype=…)`.
pub fn zeros_like(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    like(ctx, b, span, false)
}

/// `torch.ones_like(input, dtype=…)`.
pub fn ones_like(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    like(ctx, b, span, true)
}

/// `torch.tensor(data, dtype=…)`.
pub fn tensor(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let data = b.required("data")?;
    let (shape, flat) = crate::numpy::nested(data)?;
    let (inferred, nums) = crate::numpy::infer_values(&flat)?;
    let inferred = if inferred == DType::Float64 && !matches!(data, Value::Array(_)) {
        DType::Float32
    } else {
        inferred
    };
    let dtype = dtype_arg(b.given("dtype"))?
        .or(ctx.dtype_override)
        .unwrap_or(inferred);
    let grad = b.given("requires_grad").map_or(Ok(false), Value::truthy)?;
    if grad && !dtype.is_float() {
        return Err(EvalError::new(
            "RuntimeError",
            "Only Tensors of floating point and complex dtype can require gradients",
        ));
    }
    let origin = Origin {
        op: Op::Create(if grad {
            super::convert::GRAD_LEAF
        } else {
            "torch.tensor"
        }),
        parent: None,
        span,
    };
    Ok(Value::Array(
        ctx.new_c_array(&shape, dtype, &nums, true, origin)?,
    ))
}

/// `torch.as_strided(input, size, stride, storage_offset=None)`.
pub fn as_strided(_: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let Value::Array(a) = b.required("input")? else {
        return Err(EvalError::type_error(
            "as_strided() expects (input, size, stride, storage_offset=None)",
        ));
    };
    as_strided_view(a, b, span)
}

/// `t.as_strided(size, stride, storage_offset=None)`: a view of `a`'s memory with the given
/// sizes and strides (in elements), from `storage_offset` (default: `a`'s own).
pub fn as_strided_view(
    a: &std::rc::Rc<crate::array::Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let offset = match b.value("storage_offset") {
        Some(v) => v.as_index()?,
        None => element(&a.layout, a.layout.offset()),
    };
    let item = a.layout.itemsize();
    let shape = crate::numpy::shape_arg(b.required("size")?)?;
    let strides: Vec<i64> = crate::numpy::shape_arg(b.required("stride")?)?
        .iter()
        .map(|s| s.saturating_mul(item))
        .collect();
    if strides.len() != shape.len() {
        return Err(EvalError::new(
            "RuntimeError",
            "mismatch in length of strides and shape",
        ));
    }
    // PyTorch's `setStorage` check: the last element must lie inside the storage.
    if shape.iter().all(|&n| n > 0) {
        let last: i64 = shape
            .iter()
            .zip(&strides)
            .map(|(&n, &s)| (n - 1).saturating_mul(s / item.max(1)))
            .fold(offset, i64::saturating_add);
        let needed = last.saturating_add(1).saturating_mul(item);
        let storage = i64::try_from(a.buffer.len()).unwrap_or(i64::MAX);
        if needed > storage {
            let list = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
            let elements: Vec<i64> = strides.iter().map(|s| s / item.max(1)).collect();
            return Err(EvalError::new(
                "RuntimeError",
                format!(
                    "setStorage: sizes [{}], strides [{}], storage offset {offset}, and itemsize {item} requiring a storage size of {needed} are out of bounds for storage of size {storage}",
                    list(&shape),
                    list(&elements)
                ),
            ));
        }
    }
    let l = Layout::new(&shape, &strides, offset.saturating_mul(item), item)?;
    Ok(Value::Array(view_of(a, l, Op::AsStrided, span)))
}

/// Whether a float `torch.arange`'s values round. PyTorch's CPU kernel computes the first
/// of each group of elements as `start + step·i` in its accumulation type and the rest of the
/// group by adding multiples of `step`, in groups as wide as the CPU's vectors: where any of
/// that rounds, the values depend on the machine (`torch.arange(10000, dtype=torch.bfloat16)`
/// gives 9856 at index 9900 on one CPU). Where every value and every partial sum is exact, all
/// ways give the same numbers, and those the lab computes; otherwise the lab's values are marked
/// as approximate.
pub(crate) fn arange_rounds(start: f64, step: f64, n: i64, dtype: DType) -> bool {
    // One element is `start` in the accumulation type (float32 for the half types), then in
    // the dtype: no groups, so no machine dependence where that double rounding is the lab's.
    let through_f32 = f64::from(start as f32);
    let half = matches!(dtype, DType::Float16 | DType::BFloat16);
    if n == 0
        || (n == 1
            && (!half
                || dtype.cast(Num::Float(through_f32)).as_f64()
                    == dtype.cast(Num::Float(start)).as_f64()))
    {
        return false;
    }
    // (significant bits, smallest exponent of a unit in the last place, largest finite value)
    let (bits, min_exp, max) = match dtype {
        DType::Float16 => (11, -24, 65504.0),
        DType::BFloat16 => (8, -133, 3.389_531_389_251_535_5e38),
        DType::Float32 => (24, -149, 3.402_823_466_385_288_6e38),
        _ => (53, -1074, f64::MAX),
    };
    let exact = (|| {
        let (a, ea) = crate::numpy::exact::decompose(start)?;
        let (b, eb) = crate::numpy::exact::decompose(step)?;
        let e = ea.min(eb);
        let a = a.checked_shl(u32::try_from(ea - e).ok()?.min(127))?;
        let b = b.checked_shl(u32::try_from(eb - e).ok()?.min(127))?;
        let steps = i128::from(n.max(1) - 1);
        let largest = a
            .unsigned_abs()
            .checked_add(b.unsigned_abs().checked_mul(steps as u128)?)?;
        let magnitude = largest as f64 * 2f64.powi(e);
        let fits = 128 - largest.leading_zeros() <= bits && e >= min_exp && magnitude <= max;
        Some(fits)
    })();
    exact != Some(true)
}
