//! `np.arange` and `torch.arange`: the length NumPy computes from start, stop and step, the
//! values, and the dtype each library gives them.

use std::rc::Rc;

use stride_core::{Layout, Order};

use crate::array::{Arange, Array, Op, Origin, Rule};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::numpy::dtype_arg;
use crate::signature::Bound;
use crate::value::Value;

/// `np.arange` and `torch.arange`: the length, the values and the dtype.
pub fn arange(
    ctx: &mut Context,
    values: &[Value],
    dtype: Option<DType>,
    torch: bool,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let is_float = values.iter().any(|v| {
        matches!(
            v,
            Value::Float(_) | Value::Scalar(DType::Float16 | DType::Float32 | DType::Float64, _)
        )
    });
    let num = |v: &Value| crate::builtins::as_float(v);
    let (start, stop, step) = match values {
        [stop] => (0.0, num(stop)?, 1.0),
        [start, stop] => (num(start)?, num(stop)?, 1.0),
        [start, stop, step] => (num(start)?, num(stop)?, num(step)?),
        _ => {
            return Err(EvalError::type_error(
                "arange() requires stop to be specified.",
            ));
        }
    };
    if step == 0.0 {
        return Err(if torch {
            EvalError::new("RuntimeError", "step must be nonzero")
        } else {
            EvalError::new("ZeroDivisionError", "division by zero")
        });
    }
    if torch && !((step > 0.0 && stop >= start) || (step < 0.0 && stop <= start)) {
        return Err(EvalError::new(
            "RuntimeError",
            "upper bound and lower bound inconsistent with step sign",
        ));
    }
    let length = ((stop - start) / step).ceil();
    if !length.is_finite() {
        return Err(EvalError::value_error("arange: cannot compute length"));
    }
    if length > 1e15 {
        return Err(EvalError::value_error("Maximum allowed size exceeded"));
    }
    let mut n = length.max(0.0) as i64;
    // Integer arguments, exactly: past 2^53 the floats above lose them.
    let exact = |v: &Value| match v {
        Value::Int(i) => Some(*i),
        Value::Bool(b) => Some(i128::from(*b)),
        Value::Scalar(_, Num::Int(i)) => Some(*i),
        _ => None,
    };
    let ints: Option<Vec<i128>> = if is_float {
        None
    } else {
        values.iter().map(exact).collect()
    };
    // NumPy's length is `ceil((stop - start) / step)` with the difference taken exactly (Python
    // ints) and the division in float64: `arange(0, 2**63 + 2, 2**62)` has 2 items.
    let exact_args = match ints.as_deref() {
        Some([stop]) => Some((0, *stop, 1)),
        Some([start, stop]) => Some((*start, *stop, 1)),
        Some([start, stop, step]) if *step != 0 => Some((*start, *stop, *step)),
        _ => None,
    };
    let (int_start, int_step) = match exact_args {
        Some((start, stop, step)) => {
            let q = ((stop - start) as f64 / step as f64).ceil();
            n = q.clamp(0.0, 1e16) as i64;
            (start, step)
        }
        None => (start as i128, step as i128),
    };
    if n > 1_000_000_000_000_000 {
        return Err(EvalError::value_error("Maximum allowed size exceeded"));
    }
    let past_int64 = ints
        .as_deref()
        .is_some_and(|v| v.iter().any(|i| i64::try_from(*i).is_err()));
    if past_int64 && dtype.or(ctx.dtype_override).is_none() {
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::ArangePastInt64,
            span,
        ));
    }
    let default = if is_float {
        if torch {
            DType::Float32
        } else {
            DType::Float64
        }
    } else {
        DType::Int64
    };
    let dtype = dtype.or(ctx.dtype_override).unwrap_or(default);
    if dtype == DType::Bool {
        if torch {
            return Err(EvalError::new(
                "NotImplementedError",
                "\"arange_cpu\" not implemented for 'Bool'",
            ));
        }
        if n > 2 {
            return Err(EvalError::type_error(
                "arange() is only supported for booleans when the result has at most length 2.",
            ));
        }
    }
    let torch_rounds =
        torch && dtype.is_float() && crate::torch::creation::arange_rounds(start, step, n, dtype);
    // NumPy fills with start + i·delta, where delta is (start + step) − start in the dtype.
    let rule = if torch_rounds {
        // PyTorch's `start + step·i` in its accumulation type (float32 for the half types,
        // float64 otherwise), rounded to the dtype: its values up to the CPU's grouping.
        ctx.approximate();
        let half = matches!(dtype, DType::Float16 | DType::BFloat16);
        let second = if half {
            f64::from(start as f32 + step as f32)
        } else {
            start + step
        };
        Arange::Float {
            first: start,
            second,
            delta: step,
            single: half,
        }
    } else if is_float || dtype.is_float() {
        let first = dtype.cast(Num::Float(start)).as_f64();
        let second = dtype.cast(Num::Float(start + step)).as_f64();
        Arange::Float {
            first,
            second,
            delta: second - first,
            single: dtype == DType::Float32,
        }
    } else {
        // NEP 50: NumPy sets the first value, and the second, from Python ints, so each must fit.
        if let (false, Some(_), Some(_)) = (torch, dtype.int_range(), ints.as_ref()) {
            let firsts = [int_start, int_start.saturating_add(int_step)];
            for (k, v) in firsts.iter().enumerate() {
                if n > k as i64 && matches!(values.first(), Some(Value::Int(_))) {
                    crate::indexing::check_python_int(*v, dtype)?;
                }
            }
        }
        Arange::Int {
            start: int_start,
            step: int_step,
        }
    };
    let name = if torch { "torch.arange" } else { "np.arange" };
    let layout = if torch {
        Layout::contiguous(&[n], dtype.itemsize(), Order::C)
    } else {
        Layout::allocated(&[n], dtype.itemsize(), Order::C)
    }
    .map_err(|e| EvalError::from(e).at(span))?;
    let origin = Origin {
        op: Op::Create(name),
        parent: None,
        span,
    };
    ctx.new_lazy(layout, dtype, Rule::Arange(rule), torch, origin)
}

/// `np.arange(start, stop, step, dtype)`.
pub fn np_arange(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let dtype = dtype_arg(b.given("dtype"))?;
    let values: Vec<Value> = ["start", "stop", "step"]
        .iter()
        .filter_map(|k| b.value(k).cloned())
        .collect();
    Ok(Value::Array(arange(ctx, &values, dtype, false, span)?))
}
