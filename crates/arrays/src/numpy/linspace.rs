//! Evenly spaced values: `np.linspace` (`endpoint=`, `retstep=`, `dtype=`), `np.logspace`,
//! `torch.linspace`, `torch.logspace`, for scalar bounds.
//!
//! `np.linspace` is NumPy's own steps, each rounded in the computation dtype (float64, or the
//! float dtype of NumPy scalars among the bounds): `delta = stop - start`, `step = delta / div`,
//! then `arange(num) * step + start` (or `arange(num) / div * delta + start` when the step is 0),
//! the last value set to `stop`, floored for an integer `dtype=`; so its values are NumPy's bit
//! for bit. `torch.linspace` is PyTorch's scalar formula (`start + step·i` for the first half,
//! `end - step·(steps - i - 1)` for the rest) in the dtype; PyTorch's vector kernel may round
//! some values otherwise. The `logspace`s are `base ** linspace`, whose powers are the C
//! library's.

use crate::array::{Array, Op, Origin};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;
use std::rc::Rc;

type Result<T> = core::result::Result<T, EvalError>;

/// A bound's value and, for a NumPy scalar, its dtype (Python numbers are weak).
fn bound_value(v: &Value, span: Span) -> Result<(f64, Option<DType>)> {
    match v {
        Value::Int(_) | Value::Float(_) | Value::Bool(_) => {
            Ok((crate::builtins::as_float(v)?, None))
        }
        Value::Scalar(d, n) => Ok((n.as_f64(), Some(*d))),
        Value::Array(a) if a.layout.ndim() == 0 && !a.torch => {
            let n = a.values().first().copied().flatten().unwrap_or(Num::Int(0));
            Ok((n.as_f64(), Some(a.dtype)))
        }
        _ => Err(EvalError::unsupported(
            crate::construct::LibConstruct::LinspaceArrayBounds,
            span,
        )),
    }
}

/// The computation dtype: the bounds' promoted dtype, made inexact.
fn computation_dtype(a: Option<DType>, b: Option<DType>) -> DType {
    let d = match (a, b) {
        (Some(x), Some(y)) => x.promote(y),
        (Some(x), None) | (None, Some(x)) => x,
        (None, None) => DType::Float64,
    };
    if d.is_float() { d } else { DType::Float64 }
}

fn round(d: DType, x: f64) -> f64 {
    d.cast(Num::Float(x)).as_f64()
}

/// NumPy's values of `linspace(start, stop, num, endpoint)` in `dt`, and its step (`None`: NaN).
fn numpy_values(start: f64, stop: f64, num: i64, endpoint: bool, dt: DType) -> (Vec<f64>, f64) {
    let div = if endpoint { num - 1 } else { num };
    let start = round(dt, start);
    let stop = round(dt, stop);
    let delta = round(dt, stop - start);
    let n = usize::try_from(num).unwrap_or(0);
    let mut y: Vec<f64> = (0..n).map(|i| round(dt, i as f64)).collect();
    let step = if div > 0 {
        let step = round(dt, delta / div as f64);
        if step == 0.0 {
            for v in &mut y {
                *v = round(dt, round(dt, *v / div as f64) * delta);
            }
        } else {
            for v in &mut y {
                *v = round(dt, *v * step);
            }
        }
        step
    } else {
        for v in &mut y {
            *v = round(dt, *v * delta);
        }
        f64::NAN
    };
    for v in &mut y {
        *v = round(dt, *v + start);
    }
    if endpoint && num > 1 {
        if let Some(last) = y.last_mut() {
            *last = stop;
        }
    }
    (y, step)
}

fn samples(b: &Bound, name: &str) -> Result<i64> {
    let num = b.given(name).map_or(Ok(50), Value::as_index)?;
    if num < 0 {
        return Err(EvalError::value_error(format!(
            "Number of samples, {num}, must be non-negative."
        )));
    }
    Ok(num)
}

fn new_numpy(ctx: &mut Context, values: &[f64], dtype: DType, span: Span) -> Result<Rc<Array>> {
    let nums: Vec<Num> = values
        .iter()
        .map(|&v| {
            if dtype.is_float() {
                Num::Float(v)
            } else {
                Num::Float(v.floor())
            }
        })
        .collect();
    let origin = Origin {
        op: Op::Create("np.linspace"),
        parent: None,
        span,
    };
    ctx.new_c_array(&[values.len() as i64], dtype, &nums, false, origin)
}

fn check_axis(b: &Bound, span: Span) -> Result<()> {
    match b.given("axis").map(Value::as_index).transpose()? {
        None | Some(0 | -1) => Ok(()),
        Some(_) => Err(EvalError::unsupported(
            crate::construct::LibConstruct::LinspaceAxis,
            span,
        )),
    }
}

/// `np.linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0)`.
pub fn np_linspace(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let (start, ds) = bound_value(b.required("start")?, span)?;
    let (stop, de) = bound_value(b.required("stop")?, span)?;
    let num = samples(b, "num")?;
    check_axis(b, span)?;
    let endpoint = b.given("endpoint").map_or(Ok(true), Value::truthy)?;
    let dt = computation_dtype(ds, de);
    let dtype = super::dtype_arg(b.given("dtype"))?.unwrap_or(dt);
    ctx.charge(u64::try_from(num).unwrap_or(u64::MAX), span)?;
    let (y, step) = numpy_values(start, stop, num, endpoint, dt);
    let made = new_numpy(ctx, &y, dtype, span)?;
    // NumPy's samples are a reshape of its `arange` (a view), scaled in place by the step,
    // unless there is no step (a new product) or `dtype=` made a copy.
    let div = if endpoint { num - 1 } else { num };
    let array = if dtype == dt && div > 0 {
        let layout = made.layout;
        Value::Array(crate::numpy::with_flags(
            crate::array::view_of(&made, layout, Op::Reshape("reshape", None), span),
            true,
            crate::array::Base::Array(Rc::clone(&made)),
        ))
    } else {
        Value::Array(made)
    };
    if b.given("retstep").map_or(Ok(false), Value::truthy)? {
        let step = if step.is_nan() {
            Value::Float(f64::NAN)
        } else {
            Value::Scalar(dt, Num::Float(step))
        };
        return Ok(Value::Tuple(Rc::from(vec![array, step])));
    }
    Ok(array)
}

/// `np.logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0)`.
pub fn np_logspace(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let (start, ds) = bound_value(b.required("start")?, span)?;
    let (stop, de) = bound_value(b.required("stop")?, span)?;
    let num = samples(b, "num")?;
    check_axis(b, span)?;
    let endpoint = b.given("endpoint").map_or(Ok(true), Value::truthy)?;
    let (base, db) = bound_value(b.given("base").unwrap_or(&Value::Float(10.0)), span)?;
    let dt = computation_dtype(ds, de);
    let out_dt = computation_dtype(Some(dt), db);
    let dtype = super::dtype_arg(b.given("dtype"))?.unwrap_or(out_dt);
    ctx.charge(u64::try_from(num).unwrap_or(u64::MAX), span)?;
    let (y, _) = numpy_values(start, stop, num, endpoint, dt);
    ctx.approximate();
    let powers: Vec<f64> = y.iter().map(|&e| round(out_dt, base.powf(e))).collect();
    Ok(Value::Array(new_numpy(ctx, &powers, dtype, span)?))
}

/// PyTorch's values of `linspace(start, end, steps)` in `dtype`.
fn torch_values(start: f64, end: f64, steps: i64, dtype: DType) -> Vec<Num> {
    let n = usize::try_from(steps).unwrap_or(0);
    if n == 1 {
        return vec![Num::Float(start)];
    }
    let integral = !dtype.is_float();
    // Integer tensors step in double; floats in the dtype (the half types in float).
    let work = match dtype {
        DType::Float64 => DType::Float64,
        _ if integral => DType::Float64,
        _ => DType::Float32,
    };
    let (s, e) = if integral {
        (
            dtype.cast(Num::Float(start)).as_f64(),
            dtype.cast(Num::Float(end)).as_f64(),
        )
    } else {
        (round(dtype, start), round(dtype, end))
    };
    let step = round(work, (e - s) / (steps - 1) as f64);
    let halfway = steps / 2;
    (0..steps)
        .map(|i| {
            let v = if i < halfway {
                round(work, s + round(work, step * i as f64))
            } else {
                round(work, e - round(work, step * (steps - i - 1) as f64))
            };
            Num::Float(v)
        })
        .collect()
}

fn torch_bounds(b: &Bound) -> Result<(f64, f64, i64)> {
    let start = crate::builtins::as_float(b.required("start")?)?;
    let end = crate::builtins::as_float(b.required("end")?)?;
    let steps = b.required("steps")?.as_index()?;
    if steps < 0 {
        return Err(EvalError::new(
            "RuntimeError",
            "number of steps must be non-negative",
        ));
    }
    Ok((start, end, steps))
}

fn new_torch(
    ctx: &mut Context,
    values: &[Num],
    dtype: DType,
    name: &'static str,
    span: Span,
) -> Result<Value> {
    let origin = Origin {
        op: Op::Create(name),
        parent: None,
        span,
    };
    let values: Vec<Num> = values.iter().map(|&v| dtype.cast(v)).collect();
    Ok(Value::Array(ctx.new_c_array(
        &[values.len() as i64],
        dtype,
        &values,
        true,
        origin,
    )?))
}

/// `torch.linspace(start, end, steps, *, dtype=None, …)`.
pub fn torch_linspace(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let (start, end, steps) = torch_bounds(b)?;
    let dtype = super::dtype_arg(b.given("dtype"))?
        .or(ctx.dtype_override)
        .unwrap_or(DType::Float32);
    ctx.charge(u64::try_from(steps).unwrap_or(u64::MAX), span)?;
    if dtype.is_float() {
        // PyTorch's vector kernel steps from each vector's first element: where that rounds,
        // its values depend on the CPU's vector width.
        ctx.approximate();
    }
    let values = torch_values(start, end, steps, dtype);
    new_torch(ctx, &values, dtype, "torch.linspace", span)
}

/// `torch.logspace(start, end, steps, base=10.0, *, dtype=None, …)`.
pub fn torch_logspace(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let (start, end, steps) = torch_bounds(b)?;
    let base = b
        .given("base")
        .map_or(Ok(10.0), crate::builtins::as_float)?;
    let dtype = super::dtype_arg(b.given("dtype"))?
        .or(ctx.dtype_override)
        .unwrap_or(DType::Float32);
    ctx.charge(u64::try_from(steps).unwrap_or(u64::MAX), span)?;
    ctx.approximate();
    let exponents = torch_values(start, end, steps, DType::Float64);
    let values: Vec<Num> = exponents
        .iter()
        .map(|e| Num::Float(base.powf(e.as_f64())))
        .collect();
    new_torch(ctx, &values, dtype, "torch.logspace", span)
}
