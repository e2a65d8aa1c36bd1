//! PyTorch's statistics: `t.mean`, `t.std`, `t.var` (with `unbiased=` and `correction=`),
//! `torch.logsumexp`, and the function spellings `torch.sum`, `torch.mean`, `torch.std`,
//! `torch.var`. Each result is a new C-contiguous tensor (0-d for a full reduction).
//!
//! Values: PyTorch sums floats in an order of its own (a cascade in double for float32 on the
//! CPU, Welford's updates for `var`), whose last bits the lab does not model: the lab adds in
//! double precision, in row order, and rounds once to the result's dtype.

use std::rc::Rc;

use crate::array::Array;
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

/// The dims a `dim` argument names, as one flag per axis (none or `()`: all of them), with
/// PyTorch's errors for one out of range or named twice.
pub fn reduced_dims(a: &Array, dim: Option<&Value>) -> Result<Vec<bool>> {
    let n = a.layout.ndim();
    let dims: Vec<i64> = match dim {
        None | Some(Value::None) => Vec::new(),
        Some(Value::Tuple(items) | Value::List(items)) => {
            items.iter().map(Value::as_index).collect::<Result<_>>()?
        }
        Some(v) => vec![v.as_index()?],
    };
    let mut reduced = vec![dims.is_empty(); n];
    for d in dims {
        let k = stride_core::torch::wrap_dim(d, n)?;
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
    Ok(reduced)
}

/// The shape of a reduction's result.
pub fn reduced_shape(a: &Array, reduced: &[bool], keepdim: bool) -> Vec<i64> {
    a.layout
        .shape()
        .iter()
        .zip(reduced)
        .filter(|&(_, &r)| keepdim || !r)
        .map(|(&d, &r)| if r { 1 } else { d })
        .collect()
}

/// The values of `a` (as doubles) grouped by the output element they reduce into, in row
/// order of the output and of the input.
pub fn groups(ctx: &mut Context, a: &Array, reduced: &[bool], span: Span) -> Result<Vec<Vec<f64>>> {
    let values = ctx.read_values(a, span)?;
    let shape = a.layout.shape();
    let outputs: usize = shape
        .iter()
        .zip(reduced)
        .filter(|&(_, &r)| !r)
        .map(|(&d, _)| usize::try_from(d).unwrap_or(0))
        .product();
    let mut out = vec![Vec::new(); outputs];
    let mut index = vec![0i64; shape.len()];
    for v in values {
        let mut k = 0usize;
        for ((&i, &d), &r) in index.iter().zip(shape.iter()).zip(reduced) {
            if !r {
                k = k * usize::try_from(d).unwrap_or(0) + usize::try_from(i).unwrap_or(0);
            }
        }
        if let Some(g) = out.get_mut(k) {
            g.push(v.as_f64());
        }
        for (i, &d) in index.iter_mut().zip(shape.iter()).rev() {
            *i += 1;
            if *i < d {
                break;
            }
            *i = 0;
        }
    }
    Ok(out)
}

fn keepdim(b: &Bound) -> Result<bool> {
    b.given("keepdim").map_or(Ok(false), Value::truthy)
}

fn new(
    ctx: &mut Context,
    a: &Rc<Array>,
    shape: &[i64],
    dtype: DType,
    values: &[f64],
    name: &'static str,
    span: Span,
) -> Result<Value> {
    let nums: Vec<Num> = values.iter().map(|&v| Num::Float(v)).collect();
    Ok(Value::Array(crate::numpy::lanes::computed_c(
        ctx, a, shape, dtype, &nums, name, span,
    )?))
}

fn float_name(d: DType) -> &'static str {
    match d {
        DType::Bool => "Bool",
        DType::Int8 => "Char",
        DType::Int16 => "Short",
        DType::Int32 => "Int",
        DType::UInt8 => "Byte",
        _ => "Long",
    }
}

/// `t.mean(dim=None, keepdim=False, *, dtype=None)`.
pub fn mean(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let asked = crate::numpy::dtype_arg(b.given("dtype"))?;
    let dtype = asked.unwrap_or(a.dtype);
    if !dtype.is_float() {
        let what = if asked.is_some() {
            format!("Got: {}", float_name(dtype))
        } else {
            format!("Got: {}", float_name(a.dtype))
        };
        return Err(EvalError::new(
            "NotImplementedError",
            format!(
                "mean(): could not infer output dtype. {} dtype must be either a floating point or complex dtype. {what}",
                if asked.is_some() { "Optional" } else { "Input" }
            ),
        ));
    }
    let reduced = reduced_dims(a, b.given("dim"))?;
    let shape = reduced_shape(a, &reduced, keepdim(b)?);
    ctx.approximate();
    let means: Vec<f64> = groups(ctx, a, &reduced, span)?
        .iter()
        .map(|g| g.iter().sum::<f64>() / g.len() as f64)
        .collect();
    new(ctx, a, &shape, dtype, &means, "mean", span)
}

/// `torch.mean(input, …)`.
pub fn mean_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = input(b)?;
    mean(ctx, &a, b, span)
}

/// `torch.sum(input, …)`.
pub fn sum_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = input(b)?;
    super::methods::sum(ctx, &a, b, span)
}

/// The tensor passed as `input`.
pub fn input(b: &Bound) -> Result<Rc<Array>> {
    match b.required("input")? {
        Value::Array(a) if a.torch => Ok(Rc::clone(a)),
        other => Err(EvalError::type_error(format!(
            "argument 'input' (position 1) must be Tensor, not {}",
            other.type_name()
        ))),
    }
}

fn spread(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span, std: bool) -> Result<Value> {
    if !a.dtype.is_float() {
        return Err(EvalError::new(
            "NotImplementedError",
            "std and var only support floating point and complex dtypes",
        ));
    }
    let correction = match (b.value("correction"), b.given("unbiased")) {
        (Some(c), _) => crate::builtins::as_float(c)?,
        (None, Some(u)) => f64::from(u8::from(u.truthy()?)),
        (None, None) => 1.0,
    };
    let reduced = reduced_dims(a, b.given("dim"))?;
    let shape = reduced_shape(a, &reduced, keepdim(b)?);
    ctx.approximate();
    let values: Vec<f64> = groups(ctx, a, &reduced, span)?
        .iter()
        .map(|g| {
            let n = g.len() as f64;
            let m = g.iter().sum::<f64>() / n;
            let ss: f64 = g.iter().map(|x| (x - m) * (x - m)).sum();
            let v = ss / (n - correction).max(0.0);
            if std { v.sqrt() } else { v }
        })
        .collect();
    new(
        ctx,
        a,
        &shape,
        a.dtype,
        &values,
        if std { "std" } else { "var" },
        span,
    )
}

/// `t.std(dim, unbiased=True, keepdim=False)` or `t.std(dim=None, *, correction=1, keepdim=False)`.
pub fn std(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    spread(ctx, a, b, span, true)
}

/// `t.var(…)`, as `std`.
pub fn var(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    spread(ctx, a, b, span, false)
}

/// `torch.std(input, …)`.
pub fn std_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = input(b)?;
    spread(ctx, &a, b, span, true)
}

/// `torch.var(input, …)`.
pub fn var_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = input(b)?;
    spread(ctx, &a, b, span, false)
}

/// `t.logsumexp(dim, keepdim=False)`: `max + log(sum(exp(x - max)))`, in the default float
/// dtype for integer tensors.
pub fn logsumexp(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let dtype = if a.dtype.is_float() {
        a.dtype
    } else {
        DType::Float32
    };
    let reduced = reduced_dims(a, b.given("dim"))?;
    let shape = reduced_shape(a, &reduced, keepdim(b)?);
    ctx.approximate();
    let values: Vec<f64> = groups(ctx, a, &reduced, span)?
        .iter()
        .map(|g| {
            if g.iter().any(|x| x.is_nan()) {
                return f64::NAN;
            }
            let m = g.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            // All -inf (or none): -inf; an inf: inf.
            if m.is_infinite() {
                return m;
            }
            m + g.iter().map(|x| (x - m).exp()).sum::<f64>().ln()
        })
        .collect();
    new(ctx, a, &shape, dtype, &values, "logsumexp", span)
}

/// `torch.logsumexp(input, dim, keepdim=False)`.
pub fn logsumexp_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = input(b)?;
    logsumexp(ctx, &a, b, span)
}
