//! `np.linalg.svd(a, full_matrices=True, compute_uv=True, hermitian=False)`: with
//! `compute_uv=False`, the singular values of each matrix over the last two axes, largest first,
//! as a new C-contiguous array of shape `a.shape[:-2] + (min(m, n),)` (float64, or float32 for
//! float32 input), computed by [`super::singular`] and marked not exact (LAPACK's last bits are
//! its own). `U` and `Vh` (`compute_uv=True`) and `hermitian=True` are not run here.

use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

/// `np.linalg.svd(a, …)`.
pub fn np_svd(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = crate::numpy::as_array(ctx, b.required("a")?, span)?;
    let n = a.layout.ndim();
    if n < 2 {
        return Err(EvalError::new(
            "LinAlgError",
            format!("{n}-dimensional array given. Array must be at least two-dimensional"),
        ));
    }
    if b.value("compute_uv").map_or(Ok(true), Value::truthy)? {
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::SvdFactors,
            span,
        ));
    }
    if b.value("hermitian").map_or(Ok(false), Value::truthy)? {
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::SvdHermitian,
            span,
        ));
    }
    let dtype = match a.dtype {
        DType::Float32 => DType::Float32,
        DType::Float16 => {
            return Err(EvalError::type_error(
                "array type float16 is unsupported in linalg",
            ));
        }
        _ => DType::Float64,
    };
    let shape = a.layout.shape();
    let (r, c) = (n - 2, n - 1);
    let rows = usize::try_from(shape.get(r).copied().unwrap_or(0)).unwrap_or(0);
    let cols = usize::try_from(shape.get(c).copied().unwrap_or(0)).unwrap_or(0);
    let k = rows.min(cols);
    let mut values = Vec::new();
    for m in super::norm::matrices(ctx, &a, (r, c), span)? {
        let s = super::singular::singular_values(&m, rows, cols)
            .ok_or_else(super::norm::not_converged)?;
        values.extend(s.into_iter().map(Num::Float));
    }
    let mut out_shape: Vec<i64> = shape.iter().take(n - 2).copied().collect();
    out_shape.push(i64::try_from(k).unwrap_or(0));
    ctx.approximate();
    Ok(Value::Array(crate::numpy::lanes::computed_c(
        ctx, &a, &out_shape, dtype, &values, "svd", span,
    )?))
}
