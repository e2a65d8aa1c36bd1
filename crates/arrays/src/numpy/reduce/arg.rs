//! `argmax`, `argmin` (`PyArray_ArgMax`: the reduced axis moved last and read in C order, the
//! first extreme wins and the first NaN beats everything; the result a new C-ordered int64 array,
//! or an int64 scalar) and `any`, `all` (`logical_or.reduce`, `logical_and.reduce`: the same
//! iterator as `sum`, into bool).

use std::rc::Rc;

use stride_core::{Layout, Order};

use super::{Reduction, reduce_values, reduced_axes, reduction_result};
use crate::array::{Array, Op, Origin};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

/// Which extreme `arg*` looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Extreme {
    /// `argmax`.
    Max,
    /// `argmin`.
    Min,
}

impl Extreme {
    fn name(self) -> &'static str {
        match self {
            Extreme::Max => "argmax",
            Extreme::Min => "argmin",
        }
    }

    /// Whether `v` replaces the current extreme `best` (NumPy's `!(v <= best)` for argmax).
    fn replaces(self, v: Num, best: Num) -> bool {
        if let (Num::Int(x), Num::Int(y)) = (v, best) {
            return match self {
                Extreme::Max => x > y,
                Extreme::Min => x < y,
            };
        }
        let (x, y) = (v.as_f64(), best.as_f64());
        match self {
            // `!(x <= y)`: larger, or either is NaN.
            Extreme::Max => !matches!(
                x.partial_cmp(&y),
                Some(std::cmp::Ordering::Less | std::cmp::Ordering::Equal)
            ),
            Extreme::Min => !matches!(
                x.partial_cmp(&y),
                Some(std::cmp::Ordering::Greater | std::cmp::Ordering::Equal)
            ),
        }
    }
}

/// The index of the extreme of `run` (not empty).
fn position(run: &[Num], which: Extreme) -> i64 {
    let mut best = match run.first() {
        Some(&v) => v,
        None => return 0,
    };
    let mut at = 0usize;
    if best.as_f64().is_nan() {
        return 0;
    }
    for (k, &v) in run.iter().enumerate().skip(1) {
        if which.replaces(v, best) {
            best = v;
            at = k;
            if matches!(v, Num::Float(f) if f.is_nan()) {
                break;
            }
        }
    }
    i64::try_from(at).unwrap_or(0)
}

fn keepdims(b: &Bound) -> Result<bool, EvalError> {
    b.given("keepdims").map_or(Ok(false), Value::truthy)
}

/// `x.argmax(axis=None, out=None, *, keepdims=False)`, `x.argmin`, and the `np.` functions.
pub fn arg_extreme(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    which: Extreme,
    span: Span,
) -> Result<Value, EvalError> {
    let axis = match b.given("axis") {
        None | Some(Value::None) => None,
        Some(v) => Some(v.as_index()?),
    };
    let keep = keepdims(b)?;
    let l = &a.layout;
    let n = l.ndim();
    let empty = || {
        EvalError::value_error(format!(
            "attempt to get {} of an empty sequence",
            which.name()
        ))
    };
    let values = ctx.read_values(a, span)?;
    let Some(axis) = axis else {
        if values.is_empty() {
            return Err(empty());
        }
        let k = Num::Int(i128::from(position(&values, which)));
        if !keep {
            return Ok(Value::Scalar(DType::Int64, k));
        }
        return new_result(ctx, a, &vec![1; n], &[k], which, span);
    };
    // A 0-d array takes axis 0 (or -1) as one element.
    let k = stride_core::axes::normalize_axis(axis, n.max(1))?;
    if n == 0 {
        let v = Num::Int(0);
        return if keep {
            new_result(ctx, a, &[], &[v], which, span)
        } else {
            Ok(Value::Scalar(DType::Int64, v))
        };
    }
    let shape = l.shape();
    let m = shape.get(k).copied().unwrap_or(0);
    if m == 0 {
        return Err(empty());
    }
    let m = usize::try_from(m).unwrap_or(0);
    let inner: usize = shape
        .get(k + 1..)
        .unwrap_or(&[])
        .iter()
        .map(|&d| usize::try_from(d).unwrap_or(0))
        .product();
    let outer: usize = shape
        .get(..k)
        .unwrap_or(&[])
        .iter()
        .map(|&d| usize::try_from(d).unwrap_or(0))
        .product();
    let mut out = Vec::with_capacity(outer * inner);
    let mut run = Vec::with_capacity(m);
    for o in 0..outer {
        for i in 0..inner {
            run.clear();
            run.extend((0..m).filter_map(|j| values.get((o * m + j) * inner + i).copied()));
            out.push(Num::Int(i128::from(position(&run, which))));
        }
    }
    let mut result_shape: Vec<i64> = shape.to_vec();
    if keep {
        if let Some(slot) = result_shape.get_mut(k) {
            *slot = 1;
        }
    } else {
        result_shape.remove(k);
    }
    new_result(ctx, a, &result_shape, &out, which, span)
}

fn new_result(
    ctx: &mut Context,
    a: &Rc<Array>,
    shape: &[i64],
    values: &[Num],
    which: Extreme,
    span: Span,
) -> Result<Value, EvalError> {
    // A 0-d result is returned as a scalar (`PyArray_Return`).
    if shape.is_empty() {
        let v = values.first().copied().unwrap_or(Num::Int(0));
        return Ok(Value::Scalar(DType::Int64, v));
    }
    let layout = Layout::allocated(shape, DType::Int64.itemsize(), Order::C)?;
    Ok(Value::Array(ctx.new_array(
        layout,
        DType::Int64,
        values,
        a.torch,
        Origin {
            op: Op::Compute(which.name()),
            parent: Some(Rc::clone(a)),
            span,
        },
    )?))
}

/// `any` or `all` of `a` over `axis` (None, an int or a tuple), into bool.
pub fn any_all(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    all: bool,
    span: Span,
) -> Result<Value, EvalError> {
    let reduced = reduced_axes(b.given("axis"), a.layout.ndim())?;
    let keep = match b.given("keepdims") {
        None => false,
        Some(v) => v.as_index()? != 0,
    };
    let op = if all { Reduction::Prod } else { Reduction::Sum };
    let values = reduce_values(ctx, a, &reduced, op, DType::Bool, span)?;
    let name = if all { "all" } else { "any" };
    reduction_result(ctx, a, &reduced, keep, (DType::Bool, values), name, span)
}

fn first(ctx: &mut Context, b: &Bound, span: Span) -> Result<Rc<Array>, EvalError> {
    crate::numpy::as_array(ctx, b.required("a")?, span)
}

/// `x.argmax(…)`.
pub fn argmax(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    arg_extreme(ctx, a, b, Extreme::Max, span)
}

/// `x.argmin(…)`.
pub fn argmin(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    arg_extreme(ctx, a, b, Extreme::Min, span)
}

/// `np.argmax(a, axis=None, out=None, *, keepdims)`.
pub fn argmax_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, span)?;
    arg_extreme(ctx, &a, b, Extreme::Max, span)
}

/// `np.argmin(a, axis=None, out=None, *, keepdims)`.
pub fn argmin_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, span)?;
    arg_extreme(ctx, &a, b, Extreme::Min, span)
}

/// `x.any(…)`.
pub fn any(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    any_all(ctx, a, b, false, span)
}

/// `x.all(…)`.
pub fn all(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    any_all(ctx, a, b, true, span)
}

/// `np.any(a, axis=None, out=None, keepdims, *, where)`.
pub fn any_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, span)?;
    any_all(ctx, &a, b, false, span)
}

/// `np.all(a, axis=None, out=None, keepdims, *, where)`.
pub fn all_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = first(ctx, b, span)?;
    any_all(ctx, &a, b, true, span)
}
