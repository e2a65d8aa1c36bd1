//! `torch.linalg.norm`, `torch.linalg.vector_norm` and `t.norm()` (`torch.norm`'s rules: a
//! number `p` is a vector norm over `dim` or the flattened tensor, `'fro'` the 2-norm). Float
//! tensors only, as PyTorch; the result is a new C-contiguous tensor in the input's dtype.
//! `torch.linalg.matrix_norm` too. Matrix norms that need singular values (2, -2, `'nuc'`) take
//! them from the lab's own Jacobi SVD (`numpy::singular`); a matrix holding NaN raises PyTorch's
//! `_LinAlgError` (`torch.linalg.LinAlgError`), one holding only infinities gives NaN, as
//! LAPACK's driver does in PyTorch. Values in double precision, rounded once and marked
//! (PyTorch's own reduction order and LAPACK's last bits may differ).

use std::rc::Rc;

use crate::array::Array;
use crate::context::{Args, Context};
use crate::dtype::Num;
use crate::error::{EvalError, Span};
use crate::numpy::norm::{Ord, matrix_norms, ord_arg, vector_norm};
use crate::numpy::table::{Entry, FunctionBody, find};
use crate::signature::{Bound, Style};
use crate::torch::stats::{groups, reduced_dims, reduced_shape};
use crate::value::{Lib, Value};

type Result<T> = core::result::Result<T, EvalError>;

/// The functions of `torch.linalg` the lab runs.
pub const FUNCTIONS: &[Entry<FunctionBody>] = &[
    named("norm", "linalg_norm", "", Style::TorchOverloads(NORM), norm),
    named(
        "vector_norm",
        "linalg_vector_norm",
        "input, ord=2, dim=None, keepdim=False, *, dtype=None!, out=None!",
        Style::Torch,
        vector,
    ),
    named(
        "matrix_norm",
        "linalg_matrix_norm",
        "",
        Style::TorchOverloads(MATRIX_NORM),
        matrix_norm_function,
    ),
];

const MATRIX_NORM: &[(&str, &str)] = &[
    (
        "(Tensor input, Number ord, tuple of ints dim = {-2,-1}, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)",
        "input, ord, dim=None, keepdim=False, *, dtype=None!, out=None!",
    ),
    (
        "(Tensor input, str ord = \"fro\", tuple of ints dim = {-2,-1}, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)",
        "input, ord='fro', dim=None, keepdim=False, *, dtype=None!, out=None!",
    ),
];

const NORM: &[(&str, &str)] = &[
    (
        "(Tensor input, Number ord = None, tuple of ints dim = None, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)",
        "input, ord=None, dim=None, keepdim=False, *, dtype=None!, out=None!",
    ),
    (
        "(Tensor input, str ord, tuple of ints dim = None, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)",
        "input, ord, dim=None, keepdim=False, *, dtype=None!, out=None!",
    ),
];

/// A row whose messages name the function as PyTorch's parser does (`linalg_norm`).
const fn named(
    name: &'static str,
    shown: &'static str,
    params: &'static str,
    style: Style,
    body: FunctionBody,
) -> Entry<FunctionBody> {
    Entry {
        name,
        signature: crate::signature::Signature {
            name: shown,
            params,
            style,
        },
        body,
    }
}

/// `torch.linalg.<name>`.
pub fn attr(name: &str) -> Option<Value> {
    find(FUNCTIONS, name).map(|_| Value::Function(Lib::TorchLinalg, Rc::from(name)))
}

/// `torch.linalg.<name>(…)`.
pub fn call_function(ctx: &mut Context, name: &str, args: Args, span: Span) -> Result<Value> {
    let Some(e) = find(FUNCTIONS, name) else {
        return Err(crate::math_module::missing(
            crate::value::Module::TorchLinalg,
            name,
            span,
        ));
    };
    let bound = e.signature.bind(args, span)?;
    (e.body)(ctx, &bound, span)
}

fn float_only(a: &Array, what: &str) -> Result<()> {
    if a.dtype.is_float() {
        return Ok(());
    }
    Err(EvalError::new(
        "NotImplementedError",
        format!(
            "{what}: Expected a floating point or complex tensor as input. Got {}",
            super::functional::torch_dtype_name(a.dtype)
        ),
    ))
}

/// A vector norm over `dim` (none: every dim).
fn vector_over(
    ctx: &mut Context,
    a: &Rc<Array>,
    p: f64,
    dim: Option<&Value>,
    keepdim: bool,
    span: Span,
) -> Result<Value> {
    float_only(a, "linalg.vector_norm")?;
    ctx.approximate();
    let reduced = reduced_dims(a, dim)?;
    let shape = reduced_shape(a, &reduced, keepdim);
    let values: Vec<Num> = groups(ctx, a, &reduced, span)?
        .iter()
        .map(|g| Num::Float(vector_norm(g, p)))
        .collect();
    Ok(Value::Array(crate::numpy::lanes::computed_c(
        ctx, a, &shape, a.dtype, &values, "norm", span,
    )?))
}

fn keepdim(b: &Bound) -> Result<bool> {
    b.given("keepdim").map_or(Ok(false), Value::truthy)
}

fn tensor(b: &Bound) -> Result<Rc<Array>> {
    crate::torch::stats::input(b)
}

/// `torch.linalg.vector_norm(x, ord=2, dim=None, keepdim=False)`.
fn vector(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = tensor(b)?;
    let p = match ord_arg(b.given("ord"))? {
        None => 2.0,
        Some(Ord::P(p)) => p,
        Some(_) => {
            return Err(EvalError::type_error(
                "linalg_vector_norm(): argument 'ord' must be Number, not str",
            ));
        }
    };
    vector_over(ctx, &a, p, b.given("dim"), keepdim(b)?, span)
}

/// `torch.linalg.norm(A, ord=None, dim=None, keepdim=False)`.
fn norm(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = tensor(b)?;
    let ord = ord_arg(b.given("ord"))?;
    let keep = keepdim(b)?;
    let n = a.layout.ndim();
    let dims: Option<Vec<i64>> = b.value("dim").map(crate::numpy::axes_list).transpose()?;
    let dims = match (dims, ord) {
        (None, None) => return vector_over(ctx, &a, 2.0, None, keep, span),
        (None, Some(_)) if n == 1 || n == 2 => (0..i64::try_from(n).unwrap_or(0)).collect(),
        (None, Some(_)) => {
            return Err(EvalError::new(
                "RuntimeError",
                format!(
                    "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got {n}D."
                ),
            ));
        }
        (Some(d), _) => d,
    };
    // `matrix_norm` checks the dimensions, then the dtype, then `dim`.
    if matches!(ord, Some(Ord::Fro | Ord::Nuc)) {
        if n < 2 {
            return Err(EvalError::new(
                "RuntimeError",
                "linalg.matrix_norm: The input tensor A must have at least 2 dimensions.",
            ));
        }
        float_only(&a, "linalg.matrix_norm")?;
        if let [d] = dims.as_slice() {
            return Err(EvalError::new(
                "RuntimeError",
                format!("linalg.matrix_norm: dim must be a 2-tuple. Got {d}"),
            ));
        }
    }
    match (dims.as_slice(), ord) {
        ([d], None | Some(Ord::P(_))) => {
            let p = match ord {
                Some(Ord::P(p)) => p,
                _ => 2.0,
            };
            vector_over(ctx, &a, p, Some(&Value::Int(i128::from(*d))), keep, span)
        }
        ([r, c], ord) => {
            // The order is checked before the dtype.
            if let Some(Ord::P(p)) = ord
                && ![1.0, -1.0, 2.0, -2.0, f64::INFINITY, f64::NEG_INFINITY].contains(&p)
            {
                return Err(EvalError::new(
                    "RuntimeError",
                    format!(
                        "linalg.matrix_norm: Order {} not supported.",
                        crate::display::repr(&Value::Float(p)).trim_end_matches(".0")
                    ),
                ));
            }
            float_only(&a, "linalg.matrix_norm")?;
            let r = stride_core::torch::wrap_dim(*r, n)?;
            let c = stride_core::torch::wrap_dim(*c, n)?;
            let ord = ord.unwrap_or(Ord::Fro);
            matrix_torch(ctx, &a, (r, c), ord, keep, span)
        }
        _ => Err(EvalError::unsupported(
            crate::construct::LibConstruct::LinalgNormOrder,
            span,
        )),
    }
}

fn matrix_torch(
    ctx: &mut Context,
    a: &Rc<Array>,
    axes: (usize, usize),
    ord: Ord,
    keep: bool,
    span: Span,
) -> Result<Value> {
    ctx.approximate();
    let (reduced, values) = matrix_norms(ctx, a, axes, ord, span)?;
    let values = match values {
        Some(values) => values,
        // Some matrix is not finite: LAPACK's `gesdd` fails on NaN, and gives NaN for infinities.
        None => {
            let shape = a.layout.shape();
            let size = |k: usize| usize::try_from(shape.get(k).copied().unwrap_or(1)).unwrap_or(0);
            let (rows, cols) = (size(axes.0), size(axes.1));
            let batched = a.layout.ndim() > 2;
            let mut out = Vec::new();
            for (k, m) in crate::numpy::norm::matrices(ctx, a, axes, span)?
                .iter()
                .enumerate()
            {
                if m.iter().any(|v| v.is_nan()) {
                    let batch = if batched {
                        format!("(Batch element {k}): ")
                    } else {
                        String::new()
                    };
                    return Err(EvalError::new(
                        "_LinAlgError",
                        format!(
                            "linalg.svd: {batch}The algorithm failed to converge because the input matrix contained non-finite values."
                        ),
                    ));
                }
                out.push(crate::numpy::norm::matrix_norm(m, rows, cols, ord).unwrap_or(f64::NAN));
            }
            out
        }
    };
    let values: Vec<Num> = values.into_iter().map(Num::Float).collect();
    if keep && matches!(ord, Ord::Nuc | Ord::P(2.0) | Ord::P(-2.0)) {
        return singular_keepdim(ctx, a, axes, &values, span);
    }
    let out_shape = reduced_shape(a, &reduced, keep);
    Ok(Value::Array(crate::numpy::lanes::computed_c(
        ctx, a, &out_shape, a.dtype, &values, "norm", span,
    )?))
}

/// A norm of singular values with `keepdim`: PyTorch reduces the matrices moved to the last two
/// axes, keeps those two as size 1 (a C-contiguous tensor), and permutes them back to `axes`,
/// so the result is a view of that tensor.
fn singular_keepdim(
    ctx: &mut Context,
    a: &Rc<Array>,
    (r, c): (usize, usize),
    values: &[Num],
    span: Span,
) -> Result<Value> {
    let n = a.layout.ndim();
    let kept: Vec<usize> = (0..n).filter(|&k| k != r && k != c).collect();
    let mut shape: Vec<i64> = kept
        .iter()
        .map(|&k| a.layout.shape().get(k).copied().unwrap_or(1))
        .collect();
    shape.extend([1, 1]);
    let base = crate::numpy::lanes::computed_c(ctx, a, &shape, a.dtype, values, "norm", span)?;
    let perm: Vec<i64> = (0..n)
        .map(|k| {
            let at = if k == r {
                n - 2
            } else if k == c {
                n - 1
            } else {
                kept.iter().position(|&j| j == k).unwrap_or(0)
            };
            i64::try_from(at).unwrap_or(0)
        })
        .collect();
    let layout = stride_core::axes::transpose(&base.layout, &perm)?;
    Ok(Value::Array(crate::array::view_of(
        &base,
        layout,
        crate::array::Op::permute(&perm),
        span,
    )))
}

/// The two dims of a matrix norm, as `linalg.matrix_norm` checks them (`dims` as given).
fn matrix_dims(a: &Array, dims: &[i64]) -> Result<(usize, usize)> {
    let [r, c] = dims else {
        let shown: Vec<String> = dims.iter().map(i64::to_string).collect();
        return Err(EvalError::new(
            "RuntimeError",
            format!(
                "linalg.matrix_norm: dim must be a 2-tuple. Got {}",
                shown.join(" ")
            ),
        ));
    };
    let n = a.layout.ndim();
    let (r, c) = (
        stride_core::torch::wrap_dim(*r, n)?,
        stride_core::torch::wrap_dim(*c, n)?,
    );
    if r == c {
        return Err(EvalError::new(
            "RuntimeError",
            format!("linalg.matrix_norm: dims must be different. Got ({r}, {c})"),
        ));
    }
    Ok((r, c))
}

/// `torch.linalg.matrix_norm(A, ord='fro', dim=(-2, -1), keepdim=False)`: the order is checked
/// first, then the input's dimensions, its dtype and `dim`.
fn matrix_norm_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = tensor(b)?;
    let ord = match b.value("ord") {
        None => Ord::Fro,
        Some(Value::Str(s)) => match &**s {
            "fro" => Ord::Fro,
            "nuc" => Ord::Nuc,
            other => {
                return Err(EvalError::new(
                    "RuntimeError",
                    format!("linalg.matrix_norm: Order {other} not supported."),
                ));
            }
        },
        Some(v) => {
            let p = crate::builtins::as_float(v)?;
            if ![1.0, 2.0, f64::INFINITY].contains(&p.abs()) {
                return Err(EvalError::new(
                    "RuntimeError",
                    format!(
                        "linalg.matrix_norm: Order {} not supported.",
                        crate::display::repr(&Value::Float(p)).trim_end_matches(".0")
                    ),
                ));
            }
            Ord::P(p)
        }
    };
    if a.layout.ndim() < 2 {
        return Err(EvalError::new(
            "RuntimeError",
            "linalg.matrix_norm: The input tensor A must have at least 2 dimensions.",
        ));
    }
    float_only(&a, "linalg.matrix_norm")?;
    let dims = match b.value("dim") {
        None | Some(Value::None) => vec![-2, -1],
        Some(v) => crate::numpy::axes_list(v)?,
    };
    let axes = matrix_dims(&a, &dims)?;
    matrix_torch(ctx, &a, axes, ord, keepdim(b)?, span)
}

/// `torch.norm(input, p='fro', dim=None, keepdim=False)`: the method's rules.
pub fn norm_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    norm_method(ctx, &tensor(b)?, b, span)
}

/// `t.norm(p='fro', dim=None, keepdim=False, dtype=None)`.
pub fn norm_method(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let p = match ord_arg(b.given("p"))? {
        None | Some(Ord::Fro) => 2.0,
        Some(Ord::P(p)) => p,
        Some(Ord::Nuc) => {
            // `torch.norm`'s 'nuc' is `linalg.matrix_norm` over `dim` (all dims when none).
            if a.layout.ndim() < 2 {
                return Err(EvalError::new(
                    "RuntimeError",
                    "linalg.matrix_norm: The input tensor A must have at least 2 dimensions.",
                ));
            }
            float_only(a, "linalg.matrix_norm")?;
            let dims = match b.given("dim") {
                None | Some(Value::None) => (0..a.layout.ndim() as i64).collect(),
                Some(v) => crate::numpy::axes_list(v)?,
            };
            let axes = matrix_dims(a, &dims)?;
            return matrix_torch(ctx, a, axes, Ord::Nuc, keepdim(b)?, span);
        }
    };
    vector_over(ctx, a, p, b.given("dim"), keepdim(b)?, span)
}
