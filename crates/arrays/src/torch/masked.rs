//! `t.masked_fill(mask, value)` (a new C-contiguous tensor of the broadcast shape) and
//! `t.masked_fill_(mask, value)` (in place, returning `t`): where the bool `mask` is true, the
//! value (a number or a 0-d tensor, cast to the tensor's dtype). The causal mask of attention:
//! `scores.masked_fill(mask == 0, float('-inf'))`.

use std::rc::Rc;

use stride_core::footprint::Positions;

use crate::array::Array;
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

fn mask_and_value(b: &Bound) -> Result<(Rc<Array>, Num)> {
    let mask = match b.required("mask")? {
        Value::Array(m) if m.torch => Rc::clone(m),
        other => {
            return Err(EvalError::type_error(format!(
                "masked_fill(): argument 'mask' (position 1) must be Tensor, not {}",
                other.type_name()
            )));
        }
    };
    if mask.dtype != DType::Bool {
        return Err(EvalError::new(
            "RuntimeError",
            format!(
                "masked_fill_ only supports boolean masks, but got mask with dtype {}",
                mask_dtype_word(mask.dtype)
            ),
        ));
    }
    let value = match b.required("value")? {
        Value::Array(v) if v.torch => {
            if v.layout.ndim() != 0 {
                return Err(EvalError::new(
                    "RuntimeError",
                    format!(
                        "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with {} dimension(s).",
                        v.layout.ndim()
                    ),
                ));
            }
            v.values().first().copied().flatten().unwrap_or(Num::Int(0))
        }
        Value::Bool(x) => Num::Bool(*x),
        Value::Int(i) => Num::Int(*i),
        other => Num::Float(crate::builtins::as_float(other)?),
    };
    Ok((mask, value))
}

/// PyTorch's refusal of a fill that an integer tensor cannot hold.
fn check_fits(dtype: DType, value: Num) -> Result<()> {
    if let Num::Float(f) = value
        && !dtype.is_float()
        && dtype != DType::Bool
    {
        let (lo, hi) = match dtype {
            DType::Int8 => (-128.0, 127.0),
            DType::Int16 => (-32768.0, 32767.0),
            DType::Int32 => (-2_147_483_648.0, 2_147_483_647.0),
            DType::UInt8 => (0.0, 255.0),
            _ => (-9.223_372_036_854_776e18, 9.223_372_036_854_776e18),
        };
        if !f.is_finite() || f.trunc() < lo || f.trunc() > hi {
            let word = match dtype {
                DType::Int8 => "int8_t",
                DType::Int16 => "short",
                DType::Int32 => "int",
                DType::UInt8 => "uint8_t",
                _ => "int64_t",
            };
            return Err(EvalError::new(
                "RuntimeError",
                format!("value cannot be converted to type {word} without overflow"),
            ));
        }
    }
    Ok(())
}

fn mask_dtype_word(d: DType) -> &'static str {
    match d {
        DType::Int64 => "long int",
        DType::Int32 => "int",
        DType::Int16 => "short int",
        DType::Int8 => "signed char",
        DType::UInt8 => "unsigned char",
        DType::Float32 => "float",
        DType::Float64 => "double",
        DType::Float16 => "c10::Half",
        _ => "c10::BFloat16",
    }
}

/// The values of `x` read through `layout` (a broadcast view of it), row order.
fn through(
    ctx: &mut Context,
    x: &Array,
    layout: &stride_core::Layout,
    span: Span,
) -> Result<Vec<Num>> {
    ctx.charge(u64::try_from(layout.size()).unwrap_or(u64::MAX), span)?;
    Ok(Positions::new(layout)
        .map(|at| x.read_at(at).unwrap_or(Num::Int(0)))
        .collect())
}

/// `t.masked_fill(mask, value)`.
pub fn masked_fill(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let (mask, value) = mask_and_value(b)?;
    check_fits(a.dtype, value)?;
    let shape = stride_core::broadcast::broadcast_shapes(&[a.layout.shape(), mask.layout.shape()])?;
    let own = stride_core::broadcast::broadcast_to(&a.layout, &shape)?;
    let cover = stride_core::broadcast::broadcast_to(&mask.layout, &shape)?;
    let xs = through(ctx, a, &own, span)?;
    let ms = through(ctx, &mask, &cover, span)?;
    let out: Vec<Num> = xs
        .into_iter()
        .zip(ms)
        .map(|(x, m)| if m.truthy() { a.dtype.cast(value) } else { x })
        .collect();
    Ok(Value::Array(crate::numpy::lanes::computed_c(
        ctx,
        a,
        &shape,
        a.dtype,
        &out,
        "masked_fill",
        span,
    )?))
}

/// `t.masked_fill_(mask, value)`: writes into `t` and returns it.
pub fn masked_fill_(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let (mask, value) = mask_and_value(b)?;
    check_fits(a.dtype, value)?;
    let cover = stride_core::broadcast::broadcast_to(&mask.layout, a.layout.shape()).map_err(|_| {
        EvalError::new(
            "RuntimeError",
            format!(
                "The expanded size of the tensor ({}) must match the existing size ({}) at non-singleton dimension 0.",
                a.layout.shape().first().copied().unwrap_or(0),
                mask.layout.shape().first().copied().unwrap_or(0)
            ),
        )
    })?;
    let xs = ctx.read_values(a, span)?;
    let ms = through(ctx, &mask, &cover, span)?;
    let out: Vec<Num> = xs
        .into_iter()
        .zip(ms)
        .map(|(x, m)| if m.truthy() { a.dtype.cast(value) } else { x })
        .collect();
    crate::numpy::sort::write_in_place(ctx, a, &out, span)?;
    Ok(Value::Array(Rc::clone(a)))
}

/// `torch.masked_fill(input, mask, value)`.
pub fn masked_fill_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    masked_fill(ctx, &crate::torch::stats::input(b)?, b, span)
}
