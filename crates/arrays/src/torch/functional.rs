//! `torch.nn.functional` (`import torch.nn.functional as F`): `softmax`, `log_softmax`, `relu`,
//! `gelu`, `one_hot`, `layer_norm`, `linear`, `cross_entropy`, `nll_loss`, `pad` (constant mode), as a table
//! of real signatures; and the kernels behind `torch.softmax`, `t.softmax(dim)`,
//! `torch.relu`, `t.relu()`.
//!
//! Layouts are PyTorch's: `relu` and `gelu` are dense in the input's order (TensorIterator's
//! output), while `softmax`, `log_softmax`, `layer_norm`, `one_hot`, `linear`,
//! `pad` and `cross_entropy` return C-contiguous tensors (`pad` with no positive padding is a
//! clone of the cropped view, in its order). Float values are computed in double
//! precision and rounded once to the dtype: PyTorch's own last bits depend on its vector
//! kernels, so they may differ in the last place.

use std::rc::Rc;

use crate::array::Array;
use crate::context::{Args, Context};
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::numpy::lanes::{Lanes, computed_c};
use crate::numpy::table::{Entry, FunctionBody, entry, find};
use crate::signature::{Bound, Style};
use crate::value::{Lib, Value};

type Result<T> = core::result::Result<T, EvalError>;

const PY: Style = Style::Python;
const TORCH: Style = Style::Torch;

/// The functions, as `F.<name>`.
pub const FUNCTIONS: &[Entry<FunctionBody>] = &[
    entry(
        "softmax",
        "input, dim=None, _stacklevel=3, dtype=None",
        PY,
        f_softmax,
    ),
    entry(
        "log_softmax",
        "input, dim=None, _stacklevel=3, dtype=None",
        PY,
        f_log_softmax,
    ),
    entry("relu", "input, inplace=False!", PY, relu_function),
    entry("gelu", "input, *, approximate='none'", TORCH, gelu),
    entry("one_hot", "input, num_classes=-1", TORCH, one_hot),
    entry(
        "layer_norm",
        "input, normalized_shape, weight=None, bias=None, eps=1e-05",
        PY,
        layer_norm,
    ),
    entry("linear", "input, weight, bias=None", TORCH, linear),
    entry(
        "cross_entropy",
        "input, target, weight=None, size_average=None!, ignore_index=-100, reduce=None!, reduction='mean', label_smoothing=0.0",
        PY,
        cross_entropy,
    ),
    entry(
        "nll_loss",
        "input, target, weight=None, size_average=None!, ignore_index=-100, reduce=None!, reduction='mean'",
        PY,
        nll_loss,
    ),
    entry("pad", "input, pad, mode='constant', value=None", PY, pad),
    entry(
        "mse_loss",
        "input, target, size_average=None!, reduce=None!, reduction='mean', weight=None!",
        PY,
        losses::mse_loss,
    ),
    entry(
        "l1_loss",
        "input, target, size_average=None!, reduce=None!, reduction='mean', weight=None!",
        PY,
        losses::l1_loss,
    ),
];

/// `F.<name>`.
pub fn attr(name: &str) -> Option<Value> {
    find(FUNCTIONS, name).map(|_| Value::Function(Lib::Functional, Rc::from(name)))
}

/// `F.<name>(…)`.
pub fn call_function(ctx: &mut Context, name: &str, args: Args, span: Span) -> Result<Value> {
    let Some(e) = find(FUNCTIONS, name) else {
        return Err(crate::math_module::missing(
            crate::value::Module::Functional,
            name,
            span,
        ));
    };
    let bound = e.signature.bind(args, span)?;
    (e.body)(ctx, &bound, span)
}

fn tensor(b: &Bound, name: &str) -> Result<Rc<Array>> {
    match b.required(name)? {
        Value::Array(a) if a.torch => Ok(Rc::clone(a)),
        other => Err(EvalError::type_error(format!(
            "argument '{name}' must be Tensor, not {}",
            other.type_name()
        ))),
    }
}

fn floats(ctx: &mut Context, a: &Array, span: Span) -> Result<Vec<f64>> {
    Ok(ctx
        .read_values(a, span)?
        .into_iter()
        .map(Num::as_f64)
        .collect())
}

fn to_nums(v: &[f64]) -> Vec<Num> {
    v.iter().map(|&x| Num::Float(x)).collect()
}

pub(crate) fn torch_dtype_name(d: DType) -> &'static str {
    match d {
        DType::Bool => "Bool",
        DType::Int8 => "Char",
        DType::Int16 => "Short",
        DType::Int32 => "Int",
        DType::Int64 => "Long",
        DType::UInt8 => "Byte",
        DType::Float16 => "Half",
        DType::BFloat16 => "BFloat16",
        DType::Float32 => "Float",
        _ => "Double",
    }
}

fn not_implemented(kernel: &str, d: DType) -> EvalError {
    EvalError::new(
        "NotImplementedError",
        format!("\"{kernel}\" not implemented for '{}'", torch_dtype_name(d)),
    )
}

/// Softmax (or its log) along `dim` of `a`, in `dtype` (cast first, as `dtype=` asks).
pub fn softmax_along(
    ctx: &mut Context,
    a: &Rc<Array>,
    dim: i64,
    dtype: Option<DType>,
    log: bool,
    span: Span,
) -> Result<Value> {
    let d = dtype.unwrap_or(a.dtype);
    let n = a.layout.ndim();
    let k = stride_core::torch::wrap_dim(dim, n.max(1))?;
    if !d.is_float() {
        let last = if k + 1 >= n { "_lastdim" } else { "" };
        let kernel = if log { "log_softmax" } else { "softmax" };
        return Err(not_implemented(&format!("{kernel}{last}_kernel_impl"), d));
    }
    let x: Vec<f64> = floats(ctx, a, span)?
        .into_iter()
        .map(|v| d.cast(Num::Float(v)).as_f64())
        .collect();
    // exp and PyTorch's vectorised sums: the last bits are the machine's.
    ctx.approximate();
    let lanes = Lanes::new(a.layout.shape(), k);
    let out = lanes.map(&x, lanes.len, |lane| {
        let m = lane.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let s: f64 = lane.iter().map(|v| (v - m).exp()).sum();
        lane.iter()
            .map(|v| {
                if log {
                    (v - m) - s.ln()
                } else {
                    (v - m).exp() / s
                }
            })
            .collect()
    });
    let name = if log { "log_softmax" } else { "softmax" };
    Ok(Value::Array(computed_c(
        ctx,
        a,
        a.layout.shape(),
        d,
        &to_nums(&out),
        name,
        span,
    )?))
}

/// `F.softmax`'s dim when none is given (deprecated, with a warning in PyTorch): 0 for 0-, 1-
/// and 3-d inputs, else 1.
fn implicit_dim(a: &Array) -> i64 {
    if matches!(a.layout.ndim(), 0 | 1 | 3) {
        0
    } else {
        1
    }
}

fn f_softmax_either(ctx: &mut Context, b: &Bound, span: Span, log: bool) -> Result<Value> {
    let a = tensor(b, "input")?;
    let dim = match b.value("dim") {
        Some(v) => v.as_index()?,
        None => implicit_dim(&a),
    };
    let dtype = crate::numpy::dtype_arg(b.given("dtype"))?;
    softmax_along(ctx, &a, dim, dtype, log, span)
}

fn f_softmax(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    f_softmax_either(ctx, b, span, false)
}

fn f_log_softmax(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    f_softmax_either(ctx, b, span, true)
}

/// `torch.softmax(input, dim, dtype=None)` and `torch.log_softmax`.
pub fn torch_softmax(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = tensor(b, "input")?;
    let dim = b.required("dim")?.as_index()?;
    let dtype = crate::numpy::dtype_arg(b.given("dtype"))?;
    softmax_along(ctx, &a, dim, dtype, false, span)
}

/// `torch.log_softmax(input, dim, dtype=None)`.
pub fn torch_log_softmax(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = tensor(b, "input")?;
    let dim = b.required("dim")?.as_index()?;
    let dtype = crate::numpy::dtype_arg(b.given("dtype"))?;
    softmax_along(ctx, &a, dim, dtype, true, span)
}

/// `t.softmax(dim, dtype=None)`.
pub fn softmax_method(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let dim = b.required("dim")?.as_index()?;
    let dtype = crate::numpy::dtype_arg(b.given("dtype"))?;
    softmax_along(ctx, a, dim, dtype, false, span)
}

/// `t.log_softmax(dim, dtype=None)`.
pub fn log_softmax_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value> {
    let dim = b.required("dim")?.as_index()?;
    let dtype = crate::numpy::dtype_arg(b.given("dtype"))?;
    softmax_along(ctx, a, dim, dtype, true, span)
}

/// `relu` of a tensor: `max(x, 0)` (NaN kept), same dtype, the input's order.
pub fn relu(ctx: &mut Context, a: &Rc<Array>, span: Span) -> Result<Value> {
    if a.dtype == DType::Bool {
        return Err(EvalError::new(
            "NotImplementedError",
            "Boolean inputs not supported for relu",
        ));
    }
    let out: Vec<Num> = ctx
        .read_values(a, span)?
        .into_iter()
        .map(|v| match v {
            Num::Int(i) => Num::Int(i.max(0)),
            Num::Float(f) if f < 0.0 => Num::Float(0.0),
            other => other,
        })
        .collect();
    let layout = crate::numpy::lanes::iterator_layout(a, a.dtype)?;
    Ok(Value::Array(crate::numpy::lanes::computed(
        ctx, a, layout, a.dtype, &out, "relu", span,
    )?))
}

fn relu_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = tensor(b, "input")?;
    relu(ctx, &a, span)
}

/// `torch.relu(input)`.
pub fn torch_relu(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    relu_function(ctx, b, span)
}

/// `t.relu()`.
pub fn relu_method(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    relu(ctx, a, span)
}

/// The error function to double precision: its Taylor series below 2, else `1 - erfc` with
/// erfc's continued fraction.
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    let z = x.abs();
    let r = if z < 2.0 {
        let z2 = z * z;
        let (mut term, mut sum) = (z, z);
        for n in 1..200 {
            let n = f64::from(n);
            term *= -z2 / n;
            let add = term / (2.0 * n + 1.0);
            sum += add;
            if add.abs() <= 1e-18 * sum.abs() {
                break;
            }
        }
        sum * core::f64::consts::FRAC_2_SQRT_PI
    } else if z > 6.0 {
        1.0
    } else {
        // erfc(z) = exp(-z²)/√π · 1/(z + (1/2)/(z + 1/(z + (3/2)/(z + …)))).
        let mut f = z;
        for k in (1..=120).rev() {
            f = z + f64::from(k) * 0.5 / f;
        }
        1.0 - (-z * z).exp() / (f * core::f64::consts::PI.sqrt())
    };
    if x < 0.0 { -r } else { r }
}

fn gelu(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = tensor(b, "input")?;
    let tanh = match b.given("approximate") {
        None => false,
        Some(Value::Str(s)) if &**s == "none" => false,
        Some(Value::Str(s)) if &**s == "tanh" => true,
        Some(Value::Str(_)) => {
            return Err(EvalError::new(
                "RuntimeError",
                "approximate argument must be either none or tanh.",
            ));
        }
        Some(other) => {
            return Err(EvalError::type_error(format!(
                "gelu(): argument 'approximate' must be str, not {}",
                other.type_name()
            )));
        }
    };
    if !a.dtype.is_float() {
        return Err(not_implemented("GeluKernelImpl", a.dtype));
    }
    ctx.approximate();
    let out: Vec<f64> = floats(ctx, &a, span)?
        .into_iter()
        .map(|x| {
            if tanh {
                let inner = (2.0 / core::f64::consts::PI).sqrt() * (x + 0.044_715 * x * x * x);
                0.5 * x * (1.0 + inner.tanh())
            } else {
                0.5 * x * (1.0 + erf(x * core::f64::consts::FRAC_1_SQRT_2))
            }
        })
        .collect();
    let layout = crate::numpy::lanes::iterator_layout(&a, a.dtype)?;
    Ok(Value::Array(crate::numpy::lanes::computed(
        ctx,
        &a,
        layout,
        a.dtype,
        &to_nums(&out),
        "gelu",
        span,
    )?))
}

fn one_hot(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = tensor(b, "input")?;
    if a.dtype != DType::Int64 {
        return Err(EvalError::new(
            "RuntimeError",
            "one_hot is only applicable to index tensor of type LongTensor.",
        ));
    }
    let classes = b.given("num_classes").map_or(Ok(-1), Value::as_index)?;
    let values: Vec<i128> = ctx
        .read_values(&a, span)?
        .into_iter()
        .map(|v| match v {
            Num::Int(i) => i,
            other => other.as_f64() as i128,
        })
        .collect();
    let classes = if classes == -1 {
        let Some(&m) = values.iter().max() else {
            return Err(EvalError::new(
                "RuntimeError",
                "Can not infer total number of classes from empty tensor.",
            ));
        };
        i64::try_from(m + 1).unwrap_or(i64::MAX)
    } else {
        classes
    };
    if values.iter().any(|&v| v < 0) {
        return Err(EvalError::new(
            "RuntimeError",
            "Class values must be non-negative.",
        ));
    }
    if values.iter().any(|&v| v >= i128::from(classes)) {
        return Err(EvalError::new(
            "RuntimeError",
            "Class values must be smaller than num_classes.",
        ));
    }
    let mut shape: Vec<i64> = a.layout.shape().to_vec();
    shape.push(classes);
    let c = usize::try_from(classes).unwrap_or(0);
    ctx.charge(
        u64::try_from(values.len().saturating_mul(c)).unwrap_or(u64::MAX),
        span,
    )?;
    let mut out = vec![Num::Int(0); values.len().saturating_mul(c)];
    for (i, &v) in values.iter().enumerate() {
        if let Some(slot) = out.get_mut(i * c + usize::try_from(v).unwrap_or(0)) {
            *slot = Num::Int(1);
        }
    }
    Ok(Value::Array(computed_c(
        ctx,
        &a,
        &shape,
        DType::Int64,
        &out,
        "one_hot",
        span,
    )?))
}

fn optional_tensor(b: &Bound, name: &str) -> Result<Option<Rc<Array>>> {
    match b.value(name) {
        None => Ok(None),
        Some(Value::Array(a)) if a.torch => Ok(Some(Rc::clone(a))),
        Some(other) => Err(EvalError::type_error(format!(
            "argument '{name}' must be Tensor, not {}",
            other.type_name()
        ))),
    }
}

fn layer_norm(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = tensor(b, "input")?;
    let normalized = match b.required("normalized_shape")? {
        v @ (Value::Tuple(_) | Value::List(_)) => crate::numpy::shape_arg(v)?,
        other => {
            return Err(EvalError::type_error(format!(
                "layer_norm(): argument 'normalized_shape' (position 2) must be tuple of ints, not {}",
                other.type_name()
            )));
        }
    };
    let shape = a.layout.shape();
    let k = normalized.len();
    let fits = k <= shape.len() && shape.get(shape.len() - k..) == Some(&normalized[..]);
    if !fits {
        let list = |d: &[i64]| d.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        return Err(EvalError::new(
            "RuntimeError",
            format!(
                "Given normalized_shape=[{}], expected input with shape [*, {}], but got input of size[{}]",
                list(&normalized),
                list(&normalized),
                list(shape)
            ),
        ));
    }
    let weight = optional_tensor(b, "weight")?;
    let bias = optional_tensor(b, "bias")?;
    dtypes::layer_norm(
        a.dtype,
        weight.as_ref().map(|w| w.dtype),
        bias.as_ref().map(|c| c.dtype),
    )?;
    if !a.dtype.is_float() {
        return Err(not_implemented("LayerNormKernelImpl", a.dtype));
    }
    let eps = b.given("eps").map_or(Ok(1e-5), crate::builtins::as_float)?;
    ctx.approximate();
    let group: usize = normalized
        .iter()
        .map(|&d| usize::try_from(d).unwrap_or(0))
        .product();
    let weight = match weight {
        Some(w) => Some(floats(ctx, &w, span)?),
        None => None,
    };
    let bias = match bias {
        Some(w) => Some(floats(ctx, &w, span)?),
        None => None,
    };
    let x = floats(ctx, &a, span)?;
    let mut out = Vec::with_capacity(x.len());
    for row in x.chunks(group.max(1)) {
        let n = row.len() as f64;
        let m = row.iter().sum::<f64>() / n;
        let var = row.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / n;
        let inv = 1.0 / (var + eps).sqrt();
        for (j, v) in row.iter().enumerate() {
            let mut y = (v - m) * inv;
            if let Some(w) = weight.as_ref().and_then(|w| w.get(j)) {
                y *= w;
            }
            if let Some(c) = bias.as_ref().and_then(|c| c.get(j)) {
                y += c;
            }
            out.push(y);
        }
    }
    Ok(Value::Array(computed_c(
        ctx,
        &a,
        shape,
        a.dtype,
        &to_nums(&out),
        "layer_norm",
        span,
    )?))
}

mod dtypes;
mod layers;
mod losses;
mod nll;
use layers::{linear, pad};
use nll::{cross_entropy, nll_loss};
