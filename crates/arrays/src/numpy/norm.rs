//! `np.linalg.norm(x, ord=None, axis=None, keepdims=False)`: vector norms (any `ord`, with
//! `inf`, `-inf` and 0) over one axis or the flattened array, and the matrix norms over two axes
//! (`'fro'`, 1, -1, `inf`, `-inf`, and `2`, `-2`, `'nuc'` from the singular values of
//! [`super::singular`]); `np.linalg.svd(a, compute_uv=False)`, the singular values themselves.
//! The norm kernels here serve `torch.linalg.norm` and `t.norm()` too.
//!
//! Values are computed in double precision and rounded to the result's dtype (float64 for
//! integer input): NumPy's own sums go through BLAS or its pairwise loop, whose last bits the
//! lab does not model for these.

use std::rc::Rc;

use crate::context::{Args, Context};
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::numpy::table::{Entry, FunctionBody, entry, find};
use crate::signature::{Bound, Style};
use crate::torch::stats::groups;
use crate::value::{Lib, Value};

type Result<T> = core::result::Result<T, EvalError>;

/// The functions of `np.linalg` the lab runs.
pub const FUNCTIONS: &[Entry<FunctionBody>] = &[
    entry(
        "norm",
        "x, ord=None, axis=None, keepdims=False",
        Style::Python,
        np_norm,
    ),
    entry(
        "svd",
        "a, full_matrices=True, compute_uv=True, hermitian=False",
        Style::Python,
        super::svd::np_svd,
    ),
];

/// `np.linalg.<name>`.
pub fn attr(name: &str) -> Option<Value> {
    find(FUNCTIONS, name).map(|_| Value::Function(Lib::NumpyLinalg, Rc::from(name)))
}

/// `np.linalg.<name>(…)`.
pub fn call_function(ctx: &mut Context, name: &str, args: Args, span: Span) -> Result<Value> {
    let Some(e) = find(FUNCTIONS, name) else {
        return Err(crate::names::not_yet(crate::names::Owner::Linalg, name));
    };
    let bound = e.signature.bind(args, span)?;
    (e.body)(ctx, &bound, span)
}

/// A norm's order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ord {
    /// A number (`inf` and `-inf` included).
    P(f64),
    /// `'fro'`.
    Fro,
    /// `'nuc'`.
    Nuc,
}

/// The order an `ord`/`p` argument names; `None` for none.
pub fn ord_arg(v: Option<&Value>) -> Result<Option<Ord>> {
    Ok(match v {
        None | Some(Value::None) => None,
        Some(Value::Str(s)) if &**s == "fro" => Some(Ord::Fro),
        Some(Value::Str(s)) if &**s == "nuc" => Some(Ord::Nuc),
        Some(Value::Str(s)) => {
            return Err(EvalError::value_error(format!(
                "Invalid norm order '{s}' for vectors"
            )));
        }
        Some(v) => Some(Ord::P(crate::builtins::as_float(v)?)),
    })
}

/// The `p`-norm of a vector.
pub fn vector_norm(x: &[f64], p: f64) -> f64 {
    if p == f64::INFINITY {
        x.iter().map(|v| v.abs()).fold(0.0, f64::max)
    } else if p == f64::NEG_INFINITY {
        x.iter().map(|v| v.abs()).fold(f64::INFINITY, f64::min)
    } else if p == 0.0 {
        x.iter().filter(|v| **v != 0.0).count() as f64
    } else if p == 1.0 {
        x.iter().map(|v| v.abs()).sum()
    } else if p == 2.0 {
        x.iter().map(|v| v * v).sum::<f64>().sqrt()
    } else {
        x.iter().map(|v| v.abs().powf(p)).sum::<f64>().powf(1.0 / p)
    }
}

/// A matrix norm of the `rows`×`cols` matrix `m` (row order); `None` when its singular values
/// cannot be computed (a NaN or an infinity in `m`: LAPACK's "SVD did not converge").
pub fn matrix_norm(m: &[f64], rows: usize, cols: usize, ord: Ord) -> Option<f64> {
    let at = |r: usize, c: usize| m.get(r * cols + c).copied().unwrap_or(0.0).abs();
    let col_sums = || (0..cols).map(move |c| (0..rows).map(|r| at(r, c)).sum::<f64>());
    let row_sums = || (0..rows).map(move |r| (0..cols).map(|c| at(r, c)).sum::<f64>());
    Some(match ord {
        Ord::Fro => vector_norm(m, 2.0),
        Ord::P(1.0) => col_sums().fold(f64::NEG_INFINITY, f64::max),
        Ord::P(-1.0) => col_sums().fold(f64::INFINITY, f64::min),
        Ord::P(p) if p == f64::INFINITY => row_sums().fold(f64::NEG_INFINITY, f64::max),
        Ord::P(p) if p == f64::NEG_INFINITY => row_sums().fold(f64::INFINITY, f64::min),
        Ord::Nuc => super::singular::singular_values(m, rows, cols)?
            .iter()
            .sum(),
        Ord::P(2.0) => super::singular::singular_values(m, rows, cols)?
            .first()
            .copied()
            .unwrap_or(0.0),
        Ord::P(_) => super::singular::singular_values(m, rows, cols)?
            .last()
            .copied()
            .unwrap_or(0.0),
    })
}

/// LAPACK's error for a matrix with NaN or an infinity.
pub fn not_converged() -> EvalError {
    EvalError::new("LinAlgError", "SVD did not converge")
}

/// `np.linalg.norm(x, ord=None, axis=None, keepdims=False)`.
fn np_norm(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = crate::numpy::as_array(ctx, b.required("x")?, span)?;
    let dtype = if a.dtype.is_float() {
        a.dtype
    } else {
        DType::Float64
    };
    let keepdims = b.given("keepdims").map_or(Ok(false), Value::truthy)?;
    let n = a.layout.ndim();
    let ord = ord_arg(b.given("ord"))?;
    let axes: Option<Vec<i64>> = b.value("axis").map(crate::numpy::axes_list).transpose()?;
    // No axis and no ord: the 2-norm of the flattened array.
    let axes = match (axes, ord) {
        (None, None) => {
            let reduced = vec![true; n];
            let g = groups(ctx, &a, &reduced, span)?;
            let v = g.first().map_or(0.0, |x| vector_norm(x, 2.0));
            return result(ctx, &a, &reduced, keepdims, dtype, &[v], span, true);
        }
        (None, Some(_)) if n == 1 => vec![0],
        (None, Some(_)) if n == 2 => vec![0, 1],
        (None, Some(_)) => {
            return Err(EvalError::value_error(
                "Improper number of dimensions to norm.",
            ));
        }
        (Some(axes), _) => axes,
    };
    let mut ks = Vec::new();
    for &ax in &axes {
        let k = stride_core::axes::normalize_axis(ax, n)?;
        ks.push(k);
    }
    let mut reduced = vec![false; n];
    for &k in &ks {
        if let Some(r) = reduced.get_mut(k) {
            *r = true;
        }
    }
    match ks.as_slice() {
        [_] => {
            let p = match ord {
                None => 2.0,
                Some(Ord::P(p)) => p,
                Some(Ord::Fro) => {
                    return Err(EvalError::value_error(
                        "Invalid norm order 'fro' for vectors",
                    ));
                }
                Some(Ord::Nuc) => {
                    return Err(EvalError::value_error(
                        "Invalid norm order 'nuc' for vectors",
                    ));
                }
            };
            let values: Vec<f64> = groups(ctx, &a, &reduced, span)?
                .iter()
                .map(|g| vector_norm(g, p))
                .collect();
            result(ctx, &a, &reduced, keepdims, dtype, &values, span, false)
        }
        [r, c] if r != c => {
            let ord = match ord {
                None => Ord::Fro,
                Some(Ord::P(p)) if ![1.0, -1.0, 2.0, -2.0].contains(&p) && p.is_finite() => {
                    return Err(EvalError::value_error("Invalid norm order for matrices."));
                }
                Some(o) => o,
            };
            matrix(ctx, &a, (*r, *c), ord, keepdims, dtype, span)
        }
        [_, _] => Err(EvalError::value_error("Duplicate axes given.")),
        _ => Err(EvalError::value_error(
            "Improper number of dimensions to norm.",
        )),
    }
}

/// A matrix norm over axes `(r, c)` of `a`: each matrix gathered with its rows along `r`.
pub fn matrix(
    ctx: &mut Context,
    a: &Rc<crate::array::Array>,
    axes: (usize, usize),
    ord: Ord,
    keepdims: bool,
    dtype: DType,
    span: Span,
) -> Result<Value> {
    let (reduced, values) = matrix_norms(ctx, a, axes, ord, span)?;
    let values = values.ok_or_else(not_converged)?;
    result(ctx, a, &reduced, keepdims, dtype, &values, span, true)
}

/// The axes a matrix norm over `(r, c)` reduces, and each matrix's norm in row order of the
/// others (`None` when some matrix's singular values cannot be computed): NumPy's and
/// PyTorch's matrix norms both.
pub fn matrix_norms(
    ctx: &mut Context,
    a: &Rc<crate::array::Array>,
    (r, c): (usize, usize),
    ord: Ord,
    span: Span,
) -> Result<(Vec<bool>, Option<Vec<f64>>)> {
    let mut reduced = vec![false; a.layout.ndim()];
    for k in [r, c] {
        if let Some(x) = reduced.get_mut(k) {
            *x = true;
        }
    }
    let shape = a.layout.shape();
    let rows = usize::try_from(shape.get(r).copied().unwrap_or(1)).unwrap_or(0);
    let cols = usize::try_from(shape.get(c).copied().unwrap_or(1)).unwrap_or(0);
    // The smallest singular value of an empty matrix: a minimum over nothing.
    if ord == Ord::P(-2.0) && rows.min(cols) == 0 {
        return Err(if a.torch {
            EvalError::new(
                "IndexError",
                "amin(): Expected reduction dim -1 to have non-zero size.",
            )
        } else {
            EvalError::value_error(
                "zero-size array to reduction operation minimum which has no identity",
            )
        });
    }
    let values = matrices(ctx, a, (r, c), span)?
        .iter()
        .map(|m| matrix_norm(m, rows, cols, ord))
        .collect();
    Ok((reduced, values))
}

/// Each matrix of `a` over axes `(r, c)` (rows along `r`), in row order of the other axes, as
/// its values in row order.
pub fn matrices(
    ctx: &mut Context,
    a: &crate::array::Array,
    (r, c): (usize, usize),
    span: Span,
) -> Result<Vec<Vec<f64>>> {
    let mut reduced = vec![false; a.layout.ndim()];
    for k in [r, c] {
        if let Some(x) = reduced.get_mut(k) {
            *x = true;
        }
    }
    let shape = a.layout.shape();
    let rows = usize::try_from(shape.get(r).copied().unwrap_or(1)).unwrap_or(0);
    let cols = usize::try_from(shape.get(c).copied().unwrap_or(1)).unwrap_or(0);
    // `groups` lists each matrix in row order of the input, which is (r, c) order when r < c.
    Ok(groups(ctx, a, &reduced, span)?
        .into_iter()
        .map(|g| {
            if r < c {
                g
            } else {
                (0..rows * cols)
                    .map(|i| g.get((i % cols) * rows + i / cols).copied().unwrap_or(0.0))
                    .collect()
            }
        })
        .collect())
}

/// The norm's value; `reshaped` where NumPy reshapes a result to keep the axes (the matrix
/// norms and the flattened 2-norm: a view), not where its reduction keeps them (the vector norms).
#[allow(clippy::too_many_arguments)]
fn result(
    ctx: &mut Context,
    a: &Rc<crate::array::Array>,
    reduced: &[bool],
    keepdims: bool,
    dtype: DType,
    values: &[f64],
    span: Span,
    reshaped: bool,
) -> Result<Value> {
    // Sums of squares and roots: NumPy's BLAS dot and pairwise loop round otherwise.
    ctx.approximate();
    let nums: Vec<Num> = values.iter().map(|&v| Num::Float(v)).collect();
    let out = crate::numpy::reduce::reduction_result(
        ctx,
        a,
        reduced,
        keepdims,
        (dtype, nums),
        "norm",
        span,
    )?;
    // With `keepdims`, NumPy reshapes its result to the kept axes: a view.
    match out {
        Value::Array(r) if keepdims && reshaped => {
            // The reshape of a C-ordered result: size-1 axes get the stride of what follows.
            let layout = stride_core::Layout::contiguous(
                r.layout.shape(),
                r.layout.itemsize(),
                stride_core::Order::C,
            )?;
            Ok(Value::Array(crate::numpy::with_flags(
                crate::array::view_of(&r, layout, crate::array::Op::Reshape("reshape", None), span),
                true,
                crate::array::Base::Array(Rc::clone(&r)),
            )))
        }
        other => Ok(other),
    }
}
