//! Elementwise choices and comparisons of floats: `maximum`/`minimum`, `clip`/`clamp`, 3-argument
//! `where`, `nonzero` (1-argument `where`), `isclose`/`allclose`, `array_equal`. All exact under
//! the values policy: they choose or compare values, or compute with correctly rounded IEEE
//! operations in the result's dtype.

use std::rc::Rc;

use stride_core::Layout;

use crate::array::{Array, Op, Origin};
use crate::context::Context;
use crate::dtype::{DType, Kind, Num};
use crate::error::{EvalError, Span};
use crate::operator::BinOp;
use crate::value::Value;

use super::elementwise::{elementwise, elementwise_n};
use super::kernels::arith;
use super::promotion::weak_torch;
use super::{Operand, operand};

/// The result dtype of several operands: NEP 50 (Python scalars weak) for NumPy, PyTorch's
/// categories (the higher kind wins, Python scalars only raise the kind) for tensors.
pub(super) fn promote_all(ops: &[&Operand]) -> DType {
    let torch = ops.iter().any(|o| o.torch);
    let strong: Vec<DType> = ops
        .iter()
        .filter(|o| o.weak.is_none())
        .map(|o| o.dtype)
        .collect();
    let Some((&first, rest)) = strong.split_first() else {
        return ops
            .iter()
            .map(|o| o.dtype)
            .reduce(DType::promote)
            .unwrap_or(DType::Float64);
    };
    let mut d = rest.iter().fold(first, |d, &e| {
        if torch && d.kind() != e.kind() {
            if d.kind() > e.kind() { d } else { e }
        } else {
            d.promote(e)
        }
    });
    for k in ops.iter().filter_map(|o| o.weak) {
        d = if torch {
            weak_torch(d, k)
        } else {
            d.promote_weak(k)
        };
    }
    d
}

/// The larger (`max`) or smaller of two values in `dtype`, NaN if either is NaN.
fn pick(dtype: DType, p: Num, q: Num, max: bool) -> Num {
    let (p, q) = (dtype.cast(p), dtype.cast(q));
    match (p, q) {
        (Num::Float(a), _) if a.is_nan() => p,
        (_, Num::Float(b)) if b.is_nan() => q,
        (Num::Int(a), Num::Int(b)) => Num::Int(if max { a.max(b) } else { a.min(b) }),
        (Num::Bool(a), Num::Bool(b)) => Num::Bool(if max { a || b } else { a && b }),
        _ => {
            let (a, b) = (p.as_f64(), q.as_f64());
            if (a > b) == max { p } else { q }
        }
    }
}

/// `np.maximum`/`np.minimum`, `torch.maximum`/`torch.minimum`.
pub fn extremum(
    ctx: &mut Context,
    a: &Value,
    b: &Value,
    max: bool,
    span: Span,
) -> Result<Value, EvalError> {
    let (x, y) = (operand(a)?, operand(b)?);
    let dtype = promote_all(&[&x, &y]);
    let name = if max { "maximum" } else { "minimum" };
    elementwise(ctx, &[x, y], dtype, dtype, span, name, move |p, q| {
        pick(dtype, p, q, max)
    })
}

/// `np.clip(a, a_min, a_max)` and `torch.clamp(input, min, max)`: `min(max(a, lo), hi)` in the
/// dtype of all three (a bound that is `None` is left out).
pub fn clip(
    ctx: &mut Context,
    a: &Value,
    lo: Option<&Value>,
    hi: Option<&Value>,
    span: Span,
) -> Result<Value, EvalError> {
    let mut ops = vec![operand(a)?];
    let has_lo = lo.is_some();
    for bound in [lo, hi].into_iter().flatten() {
        ops.push(operand(bound)?);
    }
    let refs: Vec<&Operand> = ops.iter().collect();
    let dtype = promote_all(&refs);
    let has_hi = hi.is_some();
    elementwise_n(ctx, &ops, dtype, dtype, span, "clip", move |args| {
        let mut v = dtype.cast(args.first().copied().unwrap_or(Num::Int(0)));
        let mut k = 1;
        if has_lo {
            v = pick(dtype, v, args.get(k).copied().unwrap_or(v), true);
            k += 1;
        }
        if has_hi {
            v = pick(dtype, v, args.get(k).copied().unwrap_or(v), false);
        }
        v
    })
}

/// `np.where(condition, x, y)` and `torch.where`: `x` where the condition holds, else `y`, in
/// their common dtype.
pub fn choose(
    ctx: &mut Context,
    condition: &Value,
    x: &Value,
    y: &Value,
    span: Span,
) -> Result<Value, EvalError> {
    let ops = [operand(condition)?, operand(x)?, operand(y)?];
    let [_, ox, oy] = &ops;
    let dtype = promote_all(&[ox, oy]);
    // `np.where` is not a ufunc: its iterator always casts, so NumPy's fast path never applies.
    let inputs = if dtype == DType::Bool {
        DType::Int8
    } else {
        dtype
    };
    let torch = ops.iter().any(|o| o.torch);
    let chosen = elementwise_n(ctx, &ops, dtype, inputs, span, "where", move |args| {
        let pick = if args.first().is_some_and(|c| c.truthy()) {
            1
        } else {
            2
        };
        dtype.cast(args.get(pick).copied().unwrap_or(Num::Int(0)))
    })?;
    // `np.where` always returns an array, 0-d for scalars.
    match chosen {
        Value::Scalar(d, n) => {
            let origin = Origin {
                op: Op::Compute("where"),
                parent: None,
                span,
            };
            Ok(Value::Array(ctx.new_c_array(
                &[],
                d,
                &[n],
                torch,
                origin,
            )?))
        }
        other => Ok(other),
    }
}

/// `np.nonzero(a)` (and 1-argument `np.where`): the indices of the true elements, one int64
/// array per axis, as NumPy makes them: the columns of one `(count, ndim)` array.
pub fn nonzero(ctx: &mut Context, a: &Rc<Array>, span: Span) -> Result<Value, EvalError> {
    let ndim = a.layout.ndim();
    if ndim == 0 {
        return Err(EvalError::value_error(
            "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead. If the context of this error is of the form `arr[nonzero(cond)]`, just use `arr[cond]`.",
        )
        .at(span));
    }
    let values = ctx.read_values(a, span)?;
    let shape = a.layout.shape().to_vec();
    let mut index = vec![0i64; ndim];
    let mut found: Vec<Num> = Vec::new();
    for v in values {
        if v.truthy() {
            found.extend(index.iter().map(|&i| Num::Int(i128::from(i))));
        }
        for (i, &n) in index.iter_mut().zip(&shape).rev() {
            *i += 1;
            if *i < n {
                break;
            }
            *i = 0;
        }
    }
    let count = i64::try_from(found.len() / ndim.max(1)).unwrap_or(0);
    let origin = Origin {
        op: Op::Create("nonzero"),
        parent: Some(Rc::clone(a)),
        span,
    };
    let rows = ctx.new_c_array(
        &[count, i64::try_from(ndim).unwrap_or(1)],
        DType::Int64,
        &found,
        a.torch,
        origin,
    )?;
    let step = i64::try_from(ndim).unwrap_or(1).saturating_mul(8);
    let mut columns = Vec::with_capacity(ndim);
    for k in 0..ndim {
        let at = i64::try_from(k).unwrap_or(0).saturating_mul(8);
        let layout = Layout::new(&[count], &[step], at, 8)?;
        columns.push(Value::Array(ctx.view(
            &rows,
            layout,
            Op::Strides("nonzero"),
            span,
        )));
    }
    Ok(Value::Tuple(columns.into()))
}

/// `np.isclose(a, b, rtol, atol, equal_nan)` (and PyTorch's): `|a − b| <= atol + rtol·|b|`
/// in the inputs' float dtype, or `a == b` (equal infinities), or both NaN with `equal_nan`.
pub fn isclose(
    ctx: &mut Context,
    a: &Value,
    b: &Value,
    (rtol, atol, equal_nan): (f64, f64, bool),
    span: Span,
) -> Result<Value, EvalError> {
    let (x, y) = (operand(a)?, operand(b)?);
    let mut dtype = promote_all(&[&x, &y]);
    if !dtype.is_float() {
        dtype = if x.torch || y.torch {
            DType::Float32
        } else {
            dtype.promote_weak(Kind::Float)
        };
    }
    let torch = x.torch || y.torch;
    let close = elementwise(
        ctx,
        &[x, y],
        DType::Bool,
        dtype,
        span,
        "isclose",
        move |p, q| {
            let (p, q) = (dtype.cast(p), dtype.cast(q));
            let (f, g) = (p.as_f64(), q.as_f64());
            if f.is_nan() || g.is_nan() {
                return Num::Bool(equal_nan && f.is_nan() && g.is_nan());
            }
            if f == g {
                return Num::Bool(true);
            }
            let err = arith(BinOp::Sub, dtype, p, q).as_f64().abs();
            let bound = arith(
                BinOp::Add,
                dtype,
                Num::Float(atol),
                arith(BinOp::Mul, dtype, Num::Float(rtol), Num::Float(g.abs())),
            );
            Num::Bool(g.is_finite() && err <= bound.as_f64())
        },
    )?;
    // NumPy's `isclose` ends with `result[()]`: a view of the array it computed.
    match close {
        Value::Array(r) if !torch => Ok(Value::Array(ctx.view(
            &r,
            r.layout,
            Op::Index(Rc::from([])),
            span,
        ))),
        other => Ok(other),
    }
}

/// Whether every element of a bool result holds (`allclose`).
pub fn all_true(ctx: &mut Context, v: &Value, span: Span) -> Result<bool, EvalError> {
    match v {
        Value::Array(a) => Ok(ctx.read_values(a, span)?.iter().all(|n| n.truthy())),
        Value::Scalar(_, n) => Ok(n.truthy()),
        Value::Bool(b) => Ok(*b),
        _ => Ok(false),
    }
}

/// `np.array_equal(a1, a2, equal_nan=False)`: the same shape and equal elements.
pub fn array_equal(
    ctx: &mut Context,
    a: &Value,
    b: &Value,
    equal_nan: bool,
    span: Span,
) -> Result<bool, EvalError> {
    let (x, y) = (operand(a)?, operand(b)?);
    if x.layout.shape() != y.layout.shape() {
        return Ok(false);
    }
    let dtype = promote_all(&[&x, &y]);
    let same = elementwise(
        ctx,
        &[x, y],
        DType::Bool,
        dtype,
        span,
        "equal",
        move |p, q| {
            let (p, q) = (dtype.cast(p), dtype.cast(q));
            Num::Bool(match (p, q) {
                (Num::Int(i), Num::Int(j)) => i == j,
                (Num::Bool(i), Num::Bool(j)) => i == j,
                _ => {
                    let (f, g) = (p.as_f64(), q.as_f64());
                    f == g || (equal_nan && f.is_nan() && g.is_nan())
                }
            })
        },
    )?;
    all_true(ctx, &same, span)
}
