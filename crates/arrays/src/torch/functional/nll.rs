//! The likelihood losses of `torch.nn.functional`: `nll_loss` (log-probabilities and class
//! indices, with `weight`, `ignore_index` and `reduction` as PyTorch: the mean divides by the
//! summed weights of the counted targets, so all-ignored is NaN) and `cross_entropy`, which is
//! `log_softmax` over the class axis then either `nll_loss` (integer targets, with
//! `label_smoothing`'s mix of the uniform loss) or, for a float target of the input's shape,
//! the class-probability loss `-Σ w·p·log q` (its mean divides by the number of rows). Inputs are
//! `(C)`, `(N, C)` or `(N, C, d1, …)` with targets `()`, `(N)` or `(N, d1, …)`. Results are new
//! C-contiguous tensors; the values are computed in double precision and marked approximate.

use std::rc::Rc;

use super::{Result, floats, not_implemented, optional_tensor, tensor, to_nums, torch_dtype_name};
use crate::array::Array;
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::numpy::lanes::computed_c;
use crate::signature::Bound;
use crate::value::Value;

fn runtime(m: impl Into<String>) -> EvalError {
    EvalError::new("RuntimeError", m)
}

fn list(d: &[i64]) -> String {
    let parts: Vec<String> = d.iter().map(i64::to_string).collect();
    format!("[{}]", parts.join(", "))
}

fn reduction(b: &Bound) -> Result<String> {
    let r = match b.given("reduction") {
        None => "mean".to_string(),
        Some(Value::Str(s)) => s.to_string(),
        Some(other) => {
            return Err(EvalError::type_error(format!(
                "reduction must be a string, not {}",
                other.type_name()
            )));
        }
    };
    if !matches!(r.as_str(), "mean" | "sum" | "none") {
        return Err(EvalError::value_error(format!(
            "{r} is not a valid value for reduction"
        )));
    }
    Ok(r)
}

/// The axes of an input: rows `N`, classes `C`, and the positions `S` after the class axis.
struct Axes {
    rows: usize,
    classes: usize,
    rest: usize,
    /// The shape of one loss per target (the target's shape).
    shape: Vec<i64>,
}

fn axes(x: &Array) -> Axes {
    let s = x.layout.shape();
    let u = |d: i64| usize::try_from(d).unwrap_or(0);
    match s.as_slice() {
        [c] => Axes {
            rows: 1,
            classes: u(*c),
            rest: 1,
            shape: Vec::new(),
        },
        [n, c, rest @ ..] => Axes {
            rows: u(*n),
            classes: u(*c),
            rest: rest.iter().map(|&d| u(d)).product(),
            shape: std::iter::once(*n).chain(rest.iter().copied()).collect(),
        },
        [] => Axes {
            rows: 0,
            classes: 0,
            rest: 0,
            shape: Vec::new(),
        },
    }
}

/// Log-softmax as PyTorch's kernel rounds it in the input's dtype: `x - max - log(Σ exp(x - max))`
/// with the sum and its logarithm rounded to the dtype.
fn log_softmax_in(x: &[f64], ax: &Axes, dtype: DType) -> Vec<f64> {
    let round = |v: f64| dtype.cast(Num::Float(v)).as_f64();
    let mut out = x.to_vec();
    for n in 0..ax.rows {
        for s in 0..ax.rest {
            let at = |c: usize| (n * ax.classes + c) * ax.rest + s;
            let m = (0..ax.classes)
                .filter_map(|c| x.get(at(c)))
                .copied()
                .fold(f64::NEG_INFINITY, f64::max);
            let sum = round(
                (0..ax.classes)
                    .filter_map(|c| x.get(at(c)))
                    .map(|v| round(round(v - m).exp()))
                    .sum::<f64>(),
            );
            let lse = round(sum.ln());
            for c in 0..ax.classes {
                if let Some(o) = out.get_mut(at(c)) {
                    *o = round(round(*o - m) - lse);
                }
            }
        }
    }
    out
}

/// The checks of `nll_loss_nd` on the target of class indices, in PyTorch's order.
fn check_indices(x: &Array, t: &Array, weight: Option<&Array>, ax: &Axes) -> Result<()> {
    let xs = x.layout.shape();
    let ts = t.layout.shape();
    if xs.is_empty() {
        return Err(EvalError::value_error(
            "Expected 1 or more dimensions (got 0)",
        ));
    }
    if xs.len() != 1 && xs.first() != ts.first() {
        return Err(EvalError::value_error(format!(
            "Expected input batch_size ({}) to match target batch_size ({}).",
            xs.first().copied().unwrap_or(0),
            ts.first().copied().unwrap_or(0)
        )));
    }
    if xs.len() > 2 && ts.as_slice() != ax.shape.as_slice() {
        return Err(runtime(format!(
            "Expected target size {}, got {}",
            list(&ax.shape),
            list(ts)
        )));
    }
    if xs.len() == 1 && !ts.is_empty() || xs.len() == 2 && ts.len() != 1 {
        return Err(runtime(
            "0D or 1D target tensor expected, multi-target not supported",
        ));
    }
    if let Some(w) = weight {
        if w.layout.ndim() != 1 || w.layout.size() != ax.classes as i64 {
            return Err(runtime(format!(
                "weight tensor should be defined either for all {} classes or no classes but got weight tensor of shape: {}",
                ax.classes,
                list(w.layout.shape())
            )));
        }
    }
    if !matches!(t.dtype, DType::Int64 | DType::UInt8) {
        return Err(runtime(format!(
            "expected target dtype to be Long or Byte, but got {}",
            torch_dtype_name(t.dtype)
        )));
    }
    Ok(())
}

/// The negative log-likelihoods of `logp` at the targets, with their weights (0 where ignored),
/// then reduced; `smoothing` mixes in the uniform loss as `cross_entropy` does.
#[allow(clippy::too_many_arguments)]
fn nll_values(
    ctx: &mut Context,
    logp: &[f64],
    t: &Array,
    weight: Option<&[f64]>,
    ignore: i64,
    reduction: &str,
    smoothing: f64,
    ax: &Axes,
    span: Span,
) -> Result<(Vec<i64>, Vec<f64>)> {
    let targets = ctx.read_values(t, span)?;
    let count = ax.rows * ax.rest;
    let (mut losses, mut smooth) = (Vec::with_capacity(count), Vec::with_capacity(count));
    let (mut total, mut weights, mut smooth_total, mut counted) = (0.0, 0.0, 0.0, 0usize);
    for (k, target) in targets.iter().enumerate().take(count) {
        let (n, s) = (k / ax.rest.max(1), k % ax.rest.max(1));
        let target = match target {
            Num::Int(i) => i64::try_from(*i).unwrap_or(i64::MAX),
            Num::Bool(b) => i64::from(*b),
            Num::Float(f) => *f as i64,
        };
        if target == ignore {
            losses.push(0.0);
            smooth.push(0.0);
            continue;
        }
        if target < 0 || target >= ax.classes as i64 {
            return Err(EvalError::new(
                "IndexError",
                format!("Target {target} is out of bounds."),
            ));
        }
        let c = usize::try_from(target).unwrap_or(0);
        let at = |c: usize| (n * ax.classes + c) * ax.rest + s;
        let w = weight.and_then(|w| w.get(c)).copied().unwrap_or(1.0);
        let loss = -w * logp.get(at(c)).copied().unwrap_or(0.0);
        let uniform: f64 = -(0..ax.classes)
            .map(|j| {
                logp.get(at(j)).copied().unwrap_or(0.0)
                    * weight.and_then(|w| w.get(j)).copied().unwrap_or(1.0)
            })
            .sum::<f64>();
        losses.push(loss);
        smooth.push(uniform);
        total += loss;
        weights += w;
        smooth_total += uniform;
        counted += 1;
    }
    let eps = smoothing;
    let c = ax.classes as f64;
    let mix = |nll: f64, uniform: f64| (1.0 - eps) * nll + uniform * (eps / c);
    Ok(match reduction {
        "none" => (
            ax.shape.clone(),
            losses
                .iter()
                .zip(&smooth)
                .map(|(&l, &u)| if eps > 0.0 { mix(l, u) } else { l })
                .collect(),
        ),
        "sum" => (
            Vec::new(),
            vec![if eps > 0.0 {
                mix(total, smooth_total)
            } else {
                total
            }],
        ),
        _ => {
            let nll = total / weights;
            let uniform = if weight.is_some() {
                smooth_total / weights
            } else {
                smooth_total / counted as f64
            };
            (
                Vec::new(),
                vec![if eps > 0.0 { mix(nll, uniform) } else { nll }],
            )
        }
    })
}

fn weights(ctx: &mut Context, w: Option<&Rc<Array>>, span: Span) -> Result<Option<Vec<f64>>> {
    match w {
        Some(w) => Ok(Some(floats(ctx, w, span)?)),
        None => Ok(None),
    }
}

fn result(
    ctx: &mut Context,
    x: &Rc<Array>,
    dtype: DType,
    out: (Vec<i64>, Vec<f64>),
    name: &'static str,
    span: Span,
) -> Result<Value> {
    ctx.approximate();
    let fresh = computed_c(ctx, x, &out.0, dtype, &to_nums(&out.1), name, span)?;
    // `nll_loss_nd` runs a 3-d or 5-d-and-more input as 4-d (`nll_loss2d`) and views the
    // losses back: the result is a view of that tensor.
    let nd = x.layout.ndim();
    if !out.0.is_empty() && (nd == 3 || nd > 4) {
        return Ok(Value::Array(Rc::new(Array {
            buffer: Rc::clone(&fresh.buffer),
            layout: fresh.layout,
            dtype: fresh.dtype,
            writeable: true,
            owndata: false,
            base: crate::array::Base::Array(Rc::clone(&fresh)),
            torch: true,
            origin: fresh.origin.clone(),
        })));
    }
    Ok(Value::Array(fresh))
}

/// `F.nll_loss(input, target, weight=None, ignore_index=-100, reduction='mean')`.
pub fn nll_loss(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let x = tensor(b, "input")?;
    let t = tensor(b, "target")?;
    let w = optional_tensor(b, "weight")?;
    let reduction = reduction(b)?;
    let ignore = b.given("ignore_index").map_or(Ok(-100), Value::as_index)?;
    let ax = axes(&x);
    check_indices(&x, &t, w.as_deref(), &ax)?;
    if !x.dtype.is_float() {
        return Err(not_implemented("nll_loss_out_frame", x.dtype));
    }
    if let Some(w) = &w {
        if w.dtype != x.dtype {
            return Err(runtime(format!(
                "expected scalar type {} but found {}",
                torch_dtype_name(x.dtype),
                torch_dtype_name(w.dtype)
            )));
        }
    }
    let logp = floats(ctx, &x, span)?;
    let wv = weights(ctx, w.as_ref(), span)?;
    let out = nll_values(
        ctx,
        &logp,
        &t,
        wv.as_deref(),
        ignore,
        &reduction,
        0.0,
        &ax,
        span,
    )?;
    result(ctx, &x, x.dtype, out, "nll_loss", span)
}

/// `F.cross_entropy(input, target, weight=None, ignore_index=-100, reduction='mean',
/// label_smoothing=0.0)`: class indices, or class probabilities (a float target of the input's
/// shape).
pub fn cross_entropy(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let x = tensor(b, "input")?;
    let t = tensor(b, "target")?;
    let w = optional_tensor(b, "weight")?;
    let reduction = reduction(b)?;
    let ignore = b.given("ignore_index").map_or(Ok(-100), Value::as_index)?;
    let eps = b
        .value("label_smoothing")
        .map_or(Ok(0.0), crate::builtins::as_float)?;
    let smoothing_range = || {
        runtime(format!(
            "label_smoothing must be between 0.0 and 1.0. Got: {}",
            crate::display::repr(&Value::Float(eps))
        ))
    };
    let ax = axes(&x);
    let probabilities = x.layout.shape() == t.layout.shape();
    if probabilities {
        if !t.dtype.is_float() {
            return Err(runtime(format!(
                "Expected floating point type for target with class probabilities, got {}",
                torch_dtype_name(t.dtype)
            )));
        }
        if ignore >= 0 {
            return Err(runtime(
                "ignore_index is not supported for floating point target",
            ));
        }
        if !(0.0..=1.0).contains(&eps) {
            return Err(smoothing_range());
        }
    } else if eps > 1.0 {
        return Err(smoothing_range());
    }
    // log_softmax over the classes comes first, in the input's dtype.
    if !x.dtype.is_float() {
        let last = if x.layout.ndim() <= 2 { "_lastdim" } else { "" };
        return Err(not_implemented(
            &format!("log_softmax{last}_kernel_impl"),
            x.dtype,
        ));
    }
    let logp = log_softmax_in(&floats(ctx, &x, span)?, &ax, x.dtype);
    if !probabilities {
        check_indices(&x, &t, w.as_deref(), &ax)?;
        if let Some(w) = &w {
            if w.dtype != x.dtype {
                return Err(runtime(format!(
                    "expected scalar type {} but found {}",
                    torch_dtype_name(x.dtype),
                    torch_dtype_name(w.dtype)
                )));
            }
        }
        let wv = weights(ctx, w.as_ref(), span)?;
        let eps = eps.max(0.0);
        let out = nll_values(
            ctx,
            &logp,
            &t,
            wv.as_deref(),
            ignore,
            &reduction,
            eps,
            &ax,
            span,
        )?;
        if eps > 0.0 {
            // The mix of two losses is arithmetic: a new tensor, not `nll_loss_nd`'s view.
            ctx.approximate();
            return Ok(Value::Array(computed_c(
                ctx,
                &x,
                &out.0,
                x.dtype,
                &to_nums(&out.1),
                "cross_entropy",
                span,
            )?));
        }
        return result(ctx, &x, x.dtype, out, "cross_entropy", span);
    }
    let p = floats(ctx, &t, span)?;
    let wv = weights(ctx, w.as_ref(), span)?;
    let c = ax.classes as f64;
    let mut losses = vec![0.0f64; ax.rows * ax.rest];
    for (k, (lq, &pk)) in logp.iter().zip(&p).enumerate() {
        let class = (k / ax.rest.max(1)) % ax.classes.max(1);
        let (n, s) = (k / (ax.rest * ax.classes).max(1), k % ax.rest.max(1));
        let target = if eps > 0.0 {
            pk * (1.0 - eps) + eps / c
        } else {
            pk
        };
        let weight = wv
            .as_ref()
            .and_then(|w| w.get(class))
            .copied()
            .unwrap_or(1.0);
        if let Some(l) = losses.get_mut(n * ax.rest + s) {
            *l -= lq * target * weight;
        }
    }
    let total: f64 = losses.iter().sum();
    let out = match reduction.as_str() {
        "none" => (ax.shape.clone(), losses),
        "sum" => (Vec::new(), vec![total]),
        _ => (Vec::new(), vec![total / (ax.rows * ax.rest) as f64]),
    };
    let dtype = if t.dtype == DType::Float64 || x.dtype == DType::Float64 {
        DType::Float64
    } else {
        x.dtype
    };
    result(ctx, &x, dtype, out, "cross_entropy", span)
}
