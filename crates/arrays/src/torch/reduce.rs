//! `t.argmax`, `t.argmin` (int64; the first extreme, the first NaN beating everything) and
//! `t.any`, `t.all` (bool, or uint8 for a uint8 tensor as PyTorch keeps it), each a new
//! C-contiguous tensor, 0-d for a full reduction, with ATen's checks and messages.

use std::rc::Rc;

use super::torch_error;
use crate::array::{Array, Op, Origin};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::numpy::reduce::Reduction;
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

fn wrap(a: &Array, d: i64) -> Result<usize> {
    stride_core::torch::wrap_dim(d, a.layout.ndim()).map_err(|e| torch_error(e, a))
}

fn keepdim(b: &Bound) -> Result<bool> {
    b.given("keepdim").map_or(Ok(false), Value::truthy)
}

pub(super) fn new(
    ctx: &mut Context,
    a: &Rc<Array>,
    shape: &[i64],
    dtype: DType,
    values: &[Num],
    name: &'static str,
    span: Span,
) -> Result<Value> {
    let origin = Origin {
        op: Op::Compute(name),
        parent: Some(Rc::clone(a)),
        span,
    };
    Ok(Value::Array(
        ctx.new_c_array(shape, dtype, values, true, origin)?,
    ))
}

/// The position of the extreme of `run`: `max` looks for the largest.
pub(super) fn position(run: &[Num], max: bool) -> i64 {
    let mut at = 0usize;
    let Some(&first) = run.first() else { return 0 };
    let mut best = first;
    for (k, &v) in run.iter().enumerate() {
        let (x, y) = (v.as_f64(), best.as_f64());
        if y.is_nan() {
            break;
        }
        let better = match (v, best) {
            (Num::Int(p), Num::Int(q)) => (max && p > q) || (!max && p < q),
            _ => x.is_nan() || (max && x > y) || (!max && x < y),
        };
        if better {
            best = v;
            at = k;
        }
    }
    i64::try_from(at).unwrap_or(0)
}

fn arg_extreme(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    max: bool,
    span: Span,
) -> Result<Value> {
    let name = if max { "argmax" } else { "argmin" };
    if a.dtype == DType::Bool {
        return Err(EvalError::new(
            "NotImplementedError",
            format!("{name}(): does not support bool input"),
        ));
    }
    let keep = keepdim(b)?;
    let l = &a.layout;
    let n = l.ndim();
    let dim = match b.given("dim") {
        None | Some(Value::None) => None,
        Some(v) => Some(v.as_index()?),
    };
    let Some(dim) = dim else {
        if l.size() == 0 {
            return Err(EvalError::new(
                "IndexError",
                format!("{name}(): Expected reduction dim to be specified for input.numel() == 0."),
            ));
        }
        let values = ctx.read_values(a, span)?;
        let k = Num::Int(i128::from(position(&values, max)));
        let shape = if keep { vec![1; n] } else { Vec::new() };
        return new(ctx, a, &shape, DType::Int64, &[k], name, span);
    };
    let k = wrap(a, dim)?;
    if n == 0 {
        return new(ctx, a, &[], DType::Int64, &[Num::Int(0)], name, span);
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
    let mut run = Vec::with_capacity(m);
    for o in 0..outer {
        for i in 0..inner {
            run.clear();
            run.extend((0..m).filter_map(|j| values.get((o * m + j) * inner + i).copied()));
            out.push(Num::Int(i128::from(position(&run, max))));
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
    new(ctx, a, &result, DType::Int64, &out, name, span)
}

/// `t.argmax(dim=None, keepdim=False)`.
pub fn argmax(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    arg_extreme(ctx, a, b, true, span)
}

/// `t.argmin(dim=None, keepdim=False)`.
pub fn argmin(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    arg_extreme(ctx, a, b, false, span)
}

fn any_all(ctx: &mut Context, a: &Rc<Array>, b: &Bound, all: bool, span: Span) -> Result<Value> {
    let n = a.layout.ndim();
    // `dim=None` (or none given) reduces every dim; `dim=()` none.
    let dims: Option<Vec<i64>> = match b.given("dim") {
        None | Some(Value::None) => None,
        Some(Value::Tuple(items) | Value::List(items)) => {
            Some(items.iter().map(Value::as_index).collect::<Result<_>>()?)
        }
        Some(v) => Some(vec![v.as_index()?]),
    };
    let mut reduced = vec![dims.is_none(); n];
    for d in dims.unwrap_or_default() {
        let k = wrap(a, d)?;
        match reduced.get_mut(k) {
            Some(seen) if *seen => {
                return Err(EvalError::new(
                    "RuntimeError",
                    format!("dim {k} appears multiple times in the list of dims"),
                ));
            }
            Some(seen) => *seen = true,
            None => {}
        }
    }
    let keep = keepdim(b)?;
    let op = if all { Reduction::Prod } else { Reduction::Sum };
    let values = crate::numpy::reduce::reduce_values(ctx, a, &reduced, op, DType::Bool, span)?;
    let dtype = if a.dtype == DType::UInt8 {
        DType::UInt8
    } else {
        DType::Bool
    };
    let values: Vec<Num> = values.into_iter().map(|v| dtype.cast(v)).collect();
    let shape: Vec<i64> = a
        .layout
        .shape()
        .iter()
        .zip(&reduced)
        .filter(|&(_, &r)| keep || !r)
        .map(|(&d, &r)| if r { 1 } else { d })
        .collect();
    new(
        ctx,
        a,
        &shape,
        dtype,
        &values,
        if all { "all" } else { "any" },
        span,
    )
}

/// `t.any(dim=None, keepdim=False)`.
pub fn any(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    any_all(ctx, a, b, false, span)
}

/// `t.all(dim=None, keepdim=False)`.
pub fn all(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    any_all(ctx, a, b, true, span)
}
