//! Views PyTorch spells more than one way: `t.as_strided(size, stride, storage_offset)`,
//! `t.expand_as(other)` (`expand(other.size())`), `t.swapaxes(axis0, axis1)` and
//! `t.swapdims(dim0, dim1)` with their `torch.` functions (both `transpose`).

use std::rc::Rc;

use super::torch_error;
use crate::array::{Array, Op, view_of};
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

/// `t.as_strided(size, stride, storage_offset=None)`.
pub fn as_strided(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    super::creation::as_strided_view(a, b, span)
}

/// `t.expand_as(other)`.
pub fn expand_as(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let other = match b.required("other")? {
        Value::Array(o) if o.torch => Rc::clone(o),
        v => {
            return Err(EvalError::type_error(format!(
                "expand_as(): argument 'other' (position 1) must be Tensor, not {}",
                v.type_name()
            )));
        }
    };
    let v = stride_core::torch::expand(&a.layout, other.layout.shape())
        .map_err(|e| torch_error(e, a))?;
    Ok(Value::Array(view_of(
        a,
        v,
        Op::Broadcast("expand_as"),
        span,
    )))
}

fn swap(a: &Rc<Array>, d0: i64, d1: i64, span: Span) -> Result<Value> {
    let l = &a.layout;
    let v = stride_core::torch::transpose(l, d0, d1).map_err(|e| torch_error(e, a))?;
    let mut perm = crate::attrs::identity_perm(l.ndim());
    if l.ndim() > 0 {
        perm.swap(wrap(a, d0)?, wrap(a, d1)?);
    }
    Ok(Value::Array(view_of(a, v, Op::permute(&perm), span)))
}

/// `t.swapaxes(axis0, axis1)`.
pub fn swapaxes(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    swap(
        a,
        b.required("axis0")?.as_index()?,
        b.required("axis1")?.as_index()?,
        span,
    )
}

/// `t.swapdims(dim0, dim1)`.
pub fn swapdims(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    swap(
        a,
        b.required("dim0")?.as_index()?,
        b.required("dim1")?.as_index()?,
        span,
    )
}

/// `torch.swapaxes(input, axis0, axis1)`.
pub fn swapaxes_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    swapaxes(ctx, &super::stats::input(b)?, b, span)
}

/// `torch.swapdims(input, dim0, dim1)`.
pub fn swapdims_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    swapdims(ctx, &super::stats::input(b)?, b, span)
}

fn wrap(a: &Array, d: i64) -> Result<usize> {
    stride_core::torch::wrap_dim(d, a.layout.ndim()).map_err(|e| torch_error(e, a))
}
