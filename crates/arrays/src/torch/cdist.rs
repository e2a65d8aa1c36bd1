//! `torch.cdist(x1, x2, p=2.0)`: the p-norm distance between each row of `x1` (`…, P, M`) and
//! each row of `x2` (`…, R, M`), batch axes broadcast, as a new C-contiguous `(…, P, R)` tensor
//! of their dtype. `p = 0` counts the differing coordinates, `p = inf` takes the largest
//! difference. The values are computed in double precision and rounded once, marked
//! approximate: PyTorch's own last bits depend on its kernel (a matrix product for the
//! Euclidean distance of more than 25 rows).

use std::rc::Rc;

use crate::array::Array;
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

fn runtime(m: impl Into<String>) -> EvalError {
    EvalError::new("RuntimeError", m)
}

fn operand(b: &Bound, name: &str) -> Result<Rc<Array>> {
    match b.required(name)? {
        Value::Array(a) if a.torch => Ok(Rc::clone(a)),
        other => Err(EvalError::type_error(format!(
            "cdist(): argument '{name}' (position {}) must be Tensor, not {}",
            if name == "x1" { 1 } else { 2 },
            other.type_name()
        ))),
    }
}

/// `torch.cdist(x1, x2, p=2.0, compute_mode=...)`.
pub fn cdist(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let x1 = operand(b, "x1")?;
    let x2 = operand(b, "x2")?;
    let p = b.value("p").map_or(Ok(2.0), crate::builtins::as_float)?;
    if let Some(mode) = b.value("compute_mode") {
        let known = matches!(mode, Value::Str(s) if matches!(&**s, "use_mm_for_euclid_dist_if_necessary" | "use_mm_for_euclid_dist" | "donot_use_mm_for_euclid_dist"));
        if !known {
            return Err(EvalError::value_error(format!(
                "{} is not a valid value for compute_mode",
                crate::display::str_of(mode)
            )));
        }
    }
    for (x, name) in [(&x1, "X1"), (&x2, "X2")] {
        if !x.dtype.is_float() {
            return Err(runtime(format!(
                "cdist only supports floating-point dtypes, {name} got: {}",
                super::functional::torch_dtype_name(x.dtype)
            )));
        }
    }
    for (x, name) in [(&x1, "X1"), (&x2, "X2")] {
        if x.layout.ndim() < 2 {
            return Err(runtime(format!(
                "cdist only supports at least 2D tensors, {name} got: {}D",
                x.layout.ndim()
            )));
        }
    }
    let (s1, s2) = (x1.layout.shape(), x2.layout.shape());
    let (n1, n2) = (s1.len(), s2.len());
    let m1 = s1.get(n1 - 1).copied().unwrap_or(0);
    let m2 = s2.get(n2 - 1).copied().unwrap_or(0);
    if m1 != m2 {
        return Err(runtime(format!(
            "X1 and X2 must have the same number of columns. X1: {m1} X2: {m2}"
        )));
    }
    if p < 0.0 || p.is_nan() {
        return Err(runtime("cdist only supports non-negative p values"));
    }
    let rows1 = s1.get(n1 - 2).copied().unwrap_or(0);
    let rows2 = s2.get(n2 - 2).copied().unwrap_or(0);
    let batch = stride_core::broadcast::broadcast_shapes(&[
        s1.get(..n1 - 2).unwrap_or(&[]),
        s2.get(..n2 - 2).unwrap_or(&[]),
    ])
    .map_err(|_| {
        let (b1, b2) = (s1.get(..n1 - 2).unwrap_or(&[]), s2.get(..n2 - 2).unwrap_or(&[]));
        let (k1, k2) = (b1.len(), b2.len());
        let k = k1.max(k2);
        let mut message = runtime("cdist: batch sizes do not broadcast");
        for i in 0..k {
            let a = if i + k1 >= k { b1.get(i + k1 - k).copied().unwrap_or(1) } else { 1 };
            let c = if i + k2 >= k { b2.get(i + k2 - k).copied().unwrap_or(1) } else { 1 };
            if a != c && a != 1 && c != 1 {
                message = runtime(format!(
                    "The size of tensor a ({a}) must match the size of tensor b ({c}) at non-singleton dimension {i}"
                ));
                break;
            }
        }
        message
    })?;
    if x1.dtype != x2.dtype {
        return Err(runtime(format!(
            "expected scalar type {} but found {}",
            super::functional::torch_dtype_name(x1.dtype),
            super::functional::torch_dtype_name(x2.dtype)
        )));
    }
    if matches!(x1.dtype, DType::Float16 | DType::BFloat16) {
        return Err(EvalError::new(
            "NotImplementedError",
            format!(
                "\"cdist\" not implemented for '{}'",
                super::functional::torch_dtype_name(x1.dtype)
            ),
        ));
    }
    // Each operand broadcast to the batch, read in row order.
    let read = |ctx: &mut Context, x: &Array, rows: i64| -> Result<Vec<f64>> {
        let mut shape: Vec<i64> = batch.to_vec();
        shape.extend([rows, m1]);
        let l = stride_core::broadcast::broadcast_to(&x.layout, &shape)?;
        ctx.charge(u64::try_from(l.size()).unwrap_or(u64::MAX), span)?;
        x.check_written(span)?;
        Ok(stride_core::footprint::Positions::new(&l)
            .map(|at| x.read_at(at).map_or(0.0, Num::as_f64))
            .collect())
    };
    let a = read(ctx, &x1, rows1)?;
    let c = read(ctx, &x2, rows2)?;
    let batches: i64 = batch.iter().product();
    let m = usize::try_from(m1).unwrap_or(0);
    let (r1, r2) = (
        usize::try_from(rows1).unwrap_or(0),
        usize::try_from(rows2).unwrap_or(0),
    );
    ctx.charge(
        u64::try_from(batches.max(0))
            .unwrap_or(0)
            .saturating_mul((r1 * r2 * m.max(1)) as u64),
        span,
    )?;
    ctx.approximate();
    let mut out = Vec::with_capacity(usize::try_from(batches).unwrap_or(0) * r1 * r2);
    for k in 0..usize::try_from(batches).unwrap_or(0) {
        for i in 0..r1 {
            for j in 0..r2 {
                let u = a.get((k * r1 + i) * m..(k * r1 + i + 1) * m).unwrap_or(&[]);
                let v = c.get((k * r2 + j) * m..(k * r2 + j + 1) * m).unwrap_or(&[]);
                let diffs = u.iter().zip(v).map(|(x, y)| (x - y).abs());
                let d = if p == 0.0 {
                    diffs.filter(|&d| d != 0.0).count() as f64
                } else if p.is_infinite() {
                    diffs.fold(0.0, f64::max)
                } else if p == 1.0 {
                    diffs.sum()
                } else if p == 2.0 {
                    diffs.map(|d| d * d).sum::<f64>().sqrt()
                } else {
                    diffs.map(|d| d.powf(p)).sum::<f64>().powf(1.0 / p)
                };
                out.push(Num::Float(d));
            }
        }
    }
    let mut shape: Vec<i64> = batch.to_vec();
    shape.extend([rows1, rows2]);
    Ok(Value::Array(crate::numpy::lanes::computed_c(
        ctx, &x1, &shape, x1.dtype, &out, "cdist", span,
    )?))
}
