//! PyTorch's creation functions: `torch.arange`, `torch.zeros`, `torch.ones`, `torch.full`,
//! `torch.zeros_like`, `torch.ones_like`, `torch.tensor`, and `torch.as_strided`.

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

/// `torch.empty`: its values are whatever memory held.
pub fn empty(_: &mut Context, _: &Bound, span: Span) -> Result<Value, EvalError> {
    Err(EvalError::unsupported(
        "torch.empty: its values are whatever was in memory before",
        span,
    ))
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
    let value = match fill {
        Value::Bool(x) => Num::Bool(*x),
        Value::Int(i) => Num::Int(i64::try_from(*i).map_or(0, i128::from)),
        v => Num::Float(crate::builtins::as_float(v)?),
    };
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

fn like(ctx: &mut Context, b: &Bound, span: Span, ones: bool) -> Result<Value, EvalError> {
    let Value::Array(a) = b.required("input")? else {
        return Err(EvalError::type_error(format!(
            "{}() expects a tensor",
            if ones { "ones_like" } else { "zeros_like" }
        )));
    };
    let dtype = dtype_arg(b.given("dtype"))?;
    let fill = Fill {
        shape: a.layout.shape(),
        dtype: dtype.unwrap_or(a.dtype),
        value: Num::Int(i128::from(ones)),
        order: Order::C,
        torch: true,
        name: "torch.zeros_like",
    };
    Ok(Value::Array(crate::numpy::filled(ctx, fill, span)?))
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
    let origin = Origin {
        op: Op::Create("torch.tensor"),
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
