//! The function spellings of tensor methods: `torch.select(input, dim, index)`,
//! `torch.diagonal`, `torch.transpose`, `torch.permute`, `torch.flatten`, `torch.unsqueeze`,
//! `torch.squeeze`, `torch.clone`, `torch.reshape` — PyTorch 2.15's signatures (`dims` and
//! `shape` one tuple, not varargs), the input checked with PyTorch's message, then the method's
//! own body.

use std::rc::Rc;

use super::{methods, views};
use crate::array::Array;
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

/// The `input` argument of `torch.<name>`.
fn input(b: &Bound, name: &str) -> Result<Rc<Array>> {
    match b.required("input")? {
        Value::Array(a) if a.torch => Ok(Rc::clone(a)),
        other => Err(EvalError::type_error(format!(
            "{name}(): argument 'input' (position 1) must be Tensor, not {}",
            other.type_name()
        ))),
    }
}

/// A `tuple of ints` parameter, which takes no lone int.
fn tuple_of_ints(b: &Bound, name: &str, param: &str) -> Result<()> {
    match b.required(param)? {
        Value::Tuple(_) | Value::List(_) => Ok(()),
        other => Err(EvalError::type_error(format!(
            "{name}(): argument '{param}' (position 2) must be tuple of ints, not {}",
            other.type_name()
        ))),
    }
}

/// `torch.select(input, dim, index)`.
pub fn select(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    views::select(ctx, &input(b, "select")?, b, span)
}

/// `torch.diagonal(input, offset=0, dim1=0, dim2=1)`.
pub fn diagonal(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    views::diagonal(ctx, &input(b, "diagonal")?, b, span)
}

/// `torch.transpose(input, dim0, dim1)`.
pub fn transpose(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    methods::transpose(ctx, &input(b, "transpose")?, b, span)
}

/// `torch.permute(input, dims)`.
pub fn permute(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = input(b, "permute")?;
    tuple_of_ints(b, "permute", "dims")?;
    methods::permute(ctx, &a, b, span)
}

/// `torch.flatten(input, start_dim=0, end_dim=-1)`.
pub fn flatten(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    methods::flatten(ctx, &input(b, "flatten")?, b, span)
}

/// `torch.unsqueeze(input, dim)`.
pub fn unsqueeze(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    methods::unsqueeze(ctx, &input(b, "unsqueeze")?, b, span)
}

/// `torch.squeeze(input)`, `(input, dim)`, `(input, dims)`.
pub fn squeeze(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    methods::squeeze(ctx, &input(b, "squeeze")?, b, span)
}

/// `torch.clone(input, *, memory_format=None)`.
pub fn clone(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    methods::clone(ctx, &input(b, "clone")?, b, span)
}

/// `torch.reshape(input, shape)`.
pub fn reshape(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = input(b, "reshape")?;
    tuple_of_ints(b, "reshape", "shape")?;
    methods::reshape(ctx, &a, b, span)
}
