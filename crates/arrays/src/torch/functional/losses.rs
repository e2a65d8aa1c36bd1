//! `F.mse_loss` and `F.l1_loss` of a target of the input's shape: the elementwise loss
//! (`reduction='none'`, laid out as PyTorch's elementwise arithmetic lays it out), or its
//! `'mean'`/`'sum'` as a new 0-d tensor (a float sum: its value is marked machine-dependent).

use std::rc::Rc;

use super::{not_implemented, tensor};
use crate::array::{Op, Origin};
use crate::context::Context;
use crate::dtype::Num;
use crate::error::{EvalError, Span};
use crate::operator::BinOp;
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

/// `reduction=`: `'mean'`, `'sum'` or `'none'`.
fn reduction(b: &Bound) -> Result<String> {
    let r = match b.given("reduction") {
        None => "mean".to_string(),
        Some(Value::Str(s)) => s.to_string(),
        Some(other) => {
            return Err(EvalError::type_error(format!(
                "reduction must be a string, not {}",
                other.type_name()
            )));
        }
    };
    if matches!(r.as_str(), "mean" | "sum" | "none") {
        Ok(r)
    } else {
        Err(EvalError::value_error(format!(
            "{r} is not a valid value for reduction"
        )))
    }
}

fn loss(ctx: &mut Context, b: &Bound, square: bool, span: Span) -> Result<Value> {
    let name = if square { "mse_loss" } else { "l1_loss" };
    let target = b.required("target")?;
    let Value::Array(t) = target else {
        return Err(EvalError::new(
            "AttributeError",
            format!("'{}' object has no attribute 'size'", target.type_name()),
        ));
    };
    let x = tensor(b, "input")?;
    if x.layout.shape() != t.layout.shape() {
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::LossShapes(name),
            span,
        ));
    }
    let reduction = reduction(b)?;
    let dtype = x.dtype.promote(t.dtype);
    if !dtype.is_float() {
        if square {
            return Err(not_implemented("mse_cpu", dtype));
        }
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::LossOfIntegers(name),
            span,
        ));
    }
    let diff = crate::ops::binary(
        ctx,
        BinOp::Sub,
        &Value::Array(Rc::clone(&x)),
        &Value::Array(Rc::clone(t)),
        span,
    )?;
    let each = if square {
        crate::ops::binary(ctx, BinOp::Mul, &diff, &diff, span)?
    } else {
        crate::ops::absolute(ctx, &diff, span)?
    };
    if reduction == "none" {
        return Ok(each);
    }
    let Value::Array(e) = &each else {
        return Ok(each);
    };
    let values = ctx.read_values(e, span)?;
    ctx.approximate();
    let total: f64 = values.iter().map(|v| v.as_f64()).sum();
    let value = if reduction == "mean" {
        total / values.len() as f64
    } else {
        total
    };
    let origin = Origin {
        op: Op::Compute(name),
        parent: Some(Rc::clone(&x)),
        span,
    };
    Ok(Value::Array(ctx.new_c_array(
        &[],
        e.dtype,
        &[e.dtype.cast(Num::Float(value))],
        true,
        origin,
    )?))
}

/// `F.mse_loss(input, target, size_average=None, reduce=None, reduction='mean', weight=None)`.
pub fn mse_loss(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    loss(ctx, b, true, span)
}

/// `F.l1_loss(input, target, size_average=None, reduce=None, reduction='mean', weight=None)`.
pub fn l1_loss(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    loss(ctx, b, false, span)
}
