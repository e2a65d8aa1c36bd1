//! `t.max`, `t.min`, `torch.max`, `torch.min`: with no dim the extreme as a new 0-d tensor of
//! the input's dtype (NaN wins, as PyTorch propagates it); with `dim` the named tuple
//! `torch.return_types.max(values, indices)` (the first extreme's index, `keepdim=`); with a
//! tensor `other` the elementwise `torch.maximum`/`torch.minimum`.

use std::rc::Rc;

use super::reduce::{new, position};
use super::torch_error;
use crate::array::Array;
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::ops::select;
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

/// The overloads of `Tensor.max`/`Tensor.min`, as PyTorch 2.15 prints them.
pub const METHOD: &[(&str, &str)] = &[
    ("()", ""),
    ("(Tensor other)", "other"),
    ("(int dim, bool keepdim = False)", "dim, keepdim=False"),
];

/// The overloads of `torch.max`/`torch.min`.
pub const FUNCTION: &[(&str, &str)] = &[
    (
        "(Tensor input, *, Tensor out = None)",
        "input, *, out=None!",
    ),
    (
        "(Tensor input, Tensor other, *, Tensor out = None)",
        "input, other, *, out=None!",
    ),
    (
        "(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)",
        "input, dim, keepdim=False, *, out=None!",
    ),
];

fn extreme(ctx: &mut Context, a: &Rc<Array>, b: &Bound, max: bool, span: Span) -> Result<Value> {
    let name = if max { "max" } else { "min" };
    if let Some(other) = b.given("other") {
        return select::extremum(ctx, &Value::Array(Rc::clone(a)), other, max, span);
    }
    let l = &a.layout;
    let n = l.ndim();
    let Some(dim) = b.given("dim") else {
        if l.size() == 0 {
            return Err(EvalError::new(
                "RuntimeError",
                format!(
                    "{name}(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument."
                ),
            ));
        }
        let values = ctx.read_values(a, span)?;
        let k = usize::try_from(position(&values, max)).unwrap_or(0);
        let v = values.get(k).copied().unwrap_or(Num::Int(0));
        return new(ctx, a, &[], a.dtype, &[v], name, span);
    };
    let d = dim.as_index()?;
    let keep = b.given("keepdim").map_or(Ok(false), Value::truthy)?;
    let k = stride_core::torch::wrap_dim(d, n).map_err(|e| torch_error(e, a))?;
    let pair = |ctx: &mut Context, shape: &[i64], v: &[Num], i: &[Num]| -> Result<Value> {
        let v = new(ctx, a, shape, a.dtype, v, name, span)?;
        let i = new(ctx, a, shape, DType::Int64, i, name, span)?;
        Ok(Value::Returned(name, Rc::from(vec![v, i])))
    };
    if n == 0 {
        let values = ctx.read_values(a, span)?;
        return pair(ctx, &[], &values, &[Num::Int(0)]);
    }
    let shape = l.shape();
    let m = shape.get(k).copied().unwrap_or(0);
    if m == 0 {
        return Err(EvalError::new(
            "IndexError",
            format!("{name}(): Expected reduction dim {k} to have non-zero size."),
        ));
    }
    let values = ctx.read_values(a, span)?;
    let m = usize::try_from(m).unwrap_or(0);
    let count = |dims: &[i64]| -> usize {
        dims.iter()
            .map(|&d| usize::try_from(d).unwrap_or(0))
            .product()
    };
    let inner = count(shape.get(k + 1..).unwrap_or(&[]));
    let outer = count(shape.get(..k).unwrap_or(&[]));
    let mut out = Vec::with_capacity(outer * inner);
    let mut at = Vec::with_capacity(outer * inner);
    let mut run = Vec::with_capacity(m);
    for o in 0..outer {
        for i in 0..inner {
            run.clear();
            run.extend((0..m).filter_map(|j| values.get((o * m + j) * inner + i).copied()));
            let p = position(&run, max);
            let best = usize::try_from(p).ok().and_then(|p| run.get(p)).copied();
            out.push(best.unwrap_or(Num::Int(0)));
            at.push(Num::Int(i128::from(p)));
        }
    }
    let mut result: Vec<i64> = shape.to_vec();
    if keep {
        if let Some(slot) = result.get_mut(k) {
            *slot = 1;
        }
    } else {
        result.remove(k);
    }
    pair(ctx, &result, &out, &at)
}

/// `t.max()`, `t.max(other)`, `t.max(dim, keepdim=False)`.
pub fn max(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    extreme(ctx, a, b, true, span)
}

/// `t.min()`, `t.min(other)`, `t.min(dim, keepdim=False)`.
pub fn min(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    extreme(ctx, a, b, false, span)
}

/// `torch.max(input, …)`.
pub fn max_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    extreme(ctx, &crate::torch::stats::input(b)?, b, true, span)
}

/// `torch.min(input, …)`.
pub fn min_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    extreme(ctx, &crate::torch::stats::input(b)?, b, false, span)
}
