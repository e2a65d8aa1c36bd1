//! `torch.pow`/`t.pow` (PyTorch's `**`: a tensor or number exponent, or a number base) and
//! `torch.equal`/`t.equal` (same shape and equal values after promotion, NaN unequal).

use std::rc::Rc;

use crate::array::Array;
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::operator::BinOp;
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

/// `Tensor.pow`'s overloads, as PyTorch 2.15 prints them.
pub const POW: &[(&str, &str)] = &[
    ("(Tensor exponent)", "exponent"),
    ("(Number exponent)", "exponent"),
];

/// `torch.pow`'s overloads.
pub const POW_FUNCTION: &[(&str, &str)] = &[
    (
        "(Tensor input, Tensor exponent, *, Tensor out = None)",
        "input, exponent, *, out=None!",
    ),
    (
        "(Number self, Tensor exponent, *, Tensor out = None)",
        "self, exponent, *, out=None!",
    ),
    (
        "(Tensor input, Number exponent, *, Tensor out = None)",
        "input, exponent, *, out=None!",
    ),
];

/// `t.pow(exponent)`.
pub fn pow(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let e = b.required("exponent")?;
    crate::ops::binary(ctx, BinOp::Pow, &Value::Array(Rc::clone(a)), e, span)
}

/// `torch.pow(input, exponent)`, `torch.pow(self, exponent)` of a number base.
pub fn pow_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let base = match b.given("input") {
        Some(v) => v,
        None => b.required("self")?,
    };
    let e = b.required("exponent")?;
    crate::ops::binary(ctx, BinOp::Pow, base, e, span)
}

fn tensor_arg(b: &Bound, name: &str, at: usize) -> Result<Rc<Array>> {
    match b.required(name)? {
        Value::Array(a) if a.torch => Ok(Rc::clone(a)),
        other => Err(EvalError::type_error(format!(
            "equal(): argument '{name}' (position {at}) must be Tensor, not {}",
            other.type_name()
        ))),
    }
}

fn equal_values(ctx: &mut Context, x: &Rc<Array>, y: &Rc<Array>, span: Span) -> Result<Value> {
    if x.layout.shape() != y.layout.shape() {
        return Ok(Value::Bool(false));
    }
    let d = x.dtype.promote(y.dtype);
    let xs = ctx.read_values(x, span)?;
    let ys = ctx.read_values(y, span)?;
    let same = xs.iter().zip(&ys).all(|(&p, &q)| d.cast(p) == d.cast(q));
    Ok(Value::Bool(same))
}

/// `t.equal(other)`.
pub fn equal(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let y = tensor_arg(b, "other", 1)?;
    equal_values(ctx, a, &y, span)
}

/// `torch.equal(input, other)`.
pub fn equal_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let x = tensor_arg(b, "input", 1)?;
    let y = tensor_arg(b, "other", 2)?;
    equal_values(ctx, &x, &y, span)
}
