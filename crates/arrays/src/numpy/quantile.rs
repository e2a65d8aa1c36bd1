//! Order statistics: `np.median`, `np.percentile` and `np.quantile` (the default
//! `method='linear'`; NumPy's other methods are refused as not run here), with `axis` (one, a
//! tuple, or none), `keepdims`, and NumPy's layouts and values bit for bit.
//!
//! ## How NumPy computes them
//!
//! - `median` partitions a copy of the input (order K; for several axes, first moved to the end
//!   and reshaped into one), takes the middle one or two elements along the axis as a slice and
//!   calls `np.mean` over it: the result's layout is the mean's (its kept axes in the input's
//!   memory order), its dtype float64 for integers and the input's for floats, its value the
//!   middle element or the mean of the two middle ones (`(a + b) / 2` in the dtype; float16 adds
//!   in float32). A lane holding NaN gives NaN.
//! - `quantile` (and `percentile`, which first divides `q` by 100) moves the axis to the front of
//!   a C copy, takes the virtual index `(n − 1)·q`, its floor `i` (clipped to the last element,
//!   and to 0 below) and `γ = (n − 1)·q − i`, and returns the C-contiguous array of shape
//!   `q.shape + kept shape` of `lerp(a, b, γ)`: `a + (b − a)·γ`, or `b − (b − a)·(1 − γ)` where
//!   `γ ≥ 0.5`, each step rounded to the result's dtype. A Python `q` is weak: float32 data gives
//!   float32; an array `q` (float64) gives float64. An integer `q` in `quantile` takes the
//!   elements themselves (the input's dtype).
//! - With `keepdims`, NumPy indexes the result with `np.newaxis` at the reduced axes: a view of
//!   it, stride 0 on those axes (of a 0-d array when the result was a scalar).
//!
//! Every step is a correctly rounded IEEE operation, so the values are exact (the values
//! policy, [`crate::exactness`]); integers are read as doubles (exact below 2⁵³).

use std::rc::Rc;

use stride_core::Layout;
use stride_core::reshape::{CopyMode, MemOrder};

use crate::array::{Array, Base, Op, Origin};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::torch::stats::groups;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

/// NumPy's quantile methods (2.4.6), in the order its message lists them.
const METHODS: &[&str] = &[
    "inverted_cdf",
    "averaged_inverted_cdf",
    "closest_observation",
    "interpolated_inverted_cdf",
    "hazen",
    "weibull",
    "linear",
    "median_unbiased",
    "normal_unbiased",
    "lower",
    "higher",
    "midpoint",
    "nearest",
];

/// The reduced axes an `axis` argument names (`normalize_axis_tuple`): all for `None`.
fn reduced_axes(axis: Option<&Value>, ndim: usize) -> Result<Vec<bool>> {
    let items = match axis {
        None | Some(Value::None) => return Ok(vec![true; ndim]),
        Some(v) => crate::numpy::axes_list(v)?,
    };
    let axes = stride_core::axes::normalize_axes(&items, ndim, "")?;
    let mut reduced = vec![false; ndim];
    for &k in axes.iter() {
        if let Some(r) = usize::try_from(k).ok().and_then(|k| reduced.get_mut(k)) {
            *r = true;
        }
    }
    Ok(reduced)
}

fn keepdims_arg(b: &Bound) -> Result<bool> {
    b.given("keepdims").map_or(Ok(false), Value::truthy)
}

/// `result` as NumPy returns it: a scalar for a 0-d result without `keepdims`; with `keepdims`,
/// a view with a new axis (stride 0) at each reduced axis of the input, after the leading
/// `lead` axes of `result` (the axes of `q`).
fn finish(
    ctx: &mut Context,
    result: Rc<Array>,
    reduced: &[bool],
    keepdims: bool,
    lead: usize,
    span: Span,
) -> Result<Value> {
    if !keepdims {
        if result.layout.ndim() == 0 {
            let v = ctx
                .read_values(&result, span)?
                .first()
                .copied()
                .unwrap_or(Num::Float(f64::NAN));
            return Ok(Value::Scalar(result.dtype, v));
        }
        return Ok(Value::Array(result));
    }
    let (shape, strides) = (result.layout.shape(), result.layout.strides());
    let mut new_shape: Vec<i64> = shape.iter().take(lead).copied().collect();
    let mut new_strides: Vec<i64> = strides.iter().take(lead).copied().collect();
    let mut rest = shape.iter().zip(strides.iter()).skip(lead);
    for &r in reduced {
        if r {
            new_shape.push(1);
            new_strides.push(0);
        } else if let Some((&d, &s)) = rest.next() {
            new_shape.push(d);
            new_strides.push(s);
        }
    }
    let layout = Layout::new(
        &new_shape,
        &new_strides,
        result.layout.offset(),
        result.layout.itemsize(),
    )?;
    let view = crate::array::view_of(&result, layout, Op::Axes("newaxis"), span);
    Ok(Value::Array(crate::numpy::with_flags(
        view,
        true,
        Base::Array(result),
    )))
}

fn new_result(
    ctx: &mut Context,
    a: &Rc<Array>,
    layout: Layout,
    dtype: DType,
    values: &[Num],
    name: &'static str,
    span: Span,
) -> Result<Rc<Array>> {
    let origin = Origin {
        op: Op::Compute(name),
        parent: Some(Rc::clone(a)),
        span,
    };
    let values: Vec<Num> = values.iter().map(|&v| dtype.cast(v)).collect();
    ctx.new_array(layout, dtype, &values, a.torch, origin)
}

/// Each lane's values, sorted (NaN last), in C order of the kept axes.
fn sorted_lanes(
    ctx: &mut Context,
    a: &Array,
    reduced: &[bool],
    span: Span,
) -> Result<Vec<Vec<f64>>> {
    let mut lanes = groups(ctx, a, reduced, span)?;
    for lane in &mut lanes {
        lane.sort_by(|x, y| match (x.is_nan(), y.is_nan()) {
            (true, true) => core::cmp::Ordering::Equal,
            (true, false) => core::cmp::Ordering::Greater,
            (false, true) => core::cmp::Ordering::Less,
            _ => x.partial_cmp(y).unwrap_or(core::cmp::Ordering::Equal),
        });
    }
    Ok(lanes)
}

/// The layout of `np.mean` over the middle slice of the partitioned copy `median` makes.
fn median_layout(a: &Layout, reduced: &[bool], itemsize: i64) -> Result<Layout> {
    let n = a.ndim();
    let count = reduced.iter().filter(|&&r| r).count();
    // The array `partition` copies: the input, or for several axes (or none) the input with the
    // kept axes first and the reduced ones joined into one last axis.
    let (input, reduced): (Layout, Vec<bool>) = if count == 1 && n > 0 {
        (*a, reduced.to_vec())
    } else {
        let kept: Vec<i64> = (0..n)
            .filter(|&k| !reduced.get(k).copied().unwrap_or(true))
            .map(|k| k as i64)
            .collect();
        let gone: Vec<i64> = (0..n)
            .filter(|&k| reduced.get(k).copied().unwrap_or(true))
            .map(|k| k as i64)
            .collect();
        let perm: Vec<i64> = kept.iter().chain(gone.iter()).copied().collect();
        let moved = stride_core::axes::transpose(a, &perm)?;
        let mut shape: Vec<i64> = kept
            .iter()
            .map(|&k| a.shape().get(k as usize).copied().unwrap_or(1))
            .collect();
        shape.push(
            gone.iter()
                .map(|&k| a.shape().get(k as usize).copied().unwrap_or(1))
                .product(),
        );
        let joined =
            stride_core::reshape::reshape(&moved, &shape, MemOrder::C, CopyMode::IfNeeded)?;
        let mut r = vec![false; kept.len()];
        r.push(true);
        (*joined.layout(), r)
    };
    let copy = stride_core::copy::copy_layout(&input, MemOrder::K)?;
    crate::numpy::reduce::mean_layout(&copy, &reduced, itemsize)
}

/// `np.median(a, axis=None, out=None, overwrite_input=False, keepdims=False)`.
pub fn np_median(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = crate::numpy::as_array(ctx, b.required("a")?, span)?;
    let reduced = reduced_axes(b.given("axis"), a.layout.ndim())?;
    let keepdims = keepdims_arg(b)?;
    let dtype = if a.dtype.is_float() {
        a.dtype
    } else {
        DType::Float64
    };
    let lanes = sorted_lanes(ctx, &a, &reduced, span)?;
    let values: Vec<Num> = lanes
        .iter()
        .map(|lane| Num::Float(median(lane, dtype)))
        .collect();
    let layout = median_layout(&a.layout, &reduced, dtype.itemsize())?;
    let result = new_result(ctx, &a, layout, dtype, &values, "median", span)?;
    finish(ctx, result, &reduced, keepdims, 0, span)
}

/// The median of a sorted lane, as `np.mean` of its middle one or two elements in `dtype`.
fn median(lane: &[f64], dtype: DType) -> f64 {
    let n = lane.len();
    if n == 0 || lane.last().is_some_and(|v| v.is_nan()) {
        return f64::NAN;
    }
    let at = |i: usize| lane.get(i).copied().unwrap_or(f64::NAN);
    // `np.mean`'s sum starts from 0.0 (so -0.0 comes out 0.0).
    if n % 2 == 1 {
        return 0.0 + at(n / 2);
    }
    let (x, y) = (at(n / 2 - 1), at(n / 2));
    match dtype {
        // float32 adds and divides in float32; float16 adds in float32 and rounds at the end.
        DType::Float32 | DType::Float16 => f64::from((0.0 + x as f32 + y as f32) / 2.0),
        _ => (0.0 + x + y) / 2.0,
    }
}

/// `q` as NumPy reads it: its shape, its values, whether it is a Python number (weak), and the
/// dtype of an array `q` (`None` for a Python number).
struct Quantiles {
    shape: Vec<i64>,
    values: Vec<f64>,
    weak: bool,
    integer: bool,
    dtype: DType,
}

fn quantiles_arg(ctx: &mut Context, q: &Value, scale: f64, span: Span) -> Result<Quantiles> {
    let weak = matches!(q, Value::Int(_) | Value::Float(_));
    let qa = crate::numpy::as_array(ctx, q, span)?;
    if qa.layout.ndim() > 2 {
        return Err(EvalError::value_error("q must be a scalar or 1d"));
    }
    let raw = ctx.read_values(&qa, span)?;
    // `percentile` divides by 100 (`true_divide`: float64 for integers, the dtype for floats).
    let integer = scale == 1.0 && !qa.dtype.is_float();
    let dtype = if qa.dtype.is_float() && !weak {
        qa.dtype
    } else {
        DType::Float64
    };
    let values: Vec<f64> = raw
        .iter()
        .map(|v| {
            let x = if scale == 1.0 {
                v.as_f64()
            } else {
                v.as_f64() / scale
            };
            dtype.cast(Num::Float(x)).as_f64()
        })
        .collect();
    if !values.iter().all(|v| (0.0..=1.0).contains(v)) {
        return Err(EvalError::value_error(if scale == 1.0 {
            "Quantiles must be in the range [0, 1]"
        } else {
            "Percentiles must be in the range [0, 100]"
        }));
    }
    Ok(Quantiles {
        shape: qa.layout.shape().to_vec(),
        values,
        weak,
        integer,
        dtype,
    })
}

fn method_arg(b: &Bound, name: &str, span: Span) -> Result<()> {
    match b.given("method") {
        None => Ok(()),
        Some(Value::Str(s)) if &**s == "linear" => Ok(()),
        Some(Value::Str(s)) if METHODS.contains(&&**s) => Err(EvalError::unsupported(
            crate::construct::LibConstruct::QuantileMethod {
                function: name.to_string(),
                method: s.to_string(),
            },
            span,
        )),
        Some(v) => Err(EvalError::value_error(format!(
            "{} is not a valid method. Use one of: dict_keys([{}])",
            crate::display::repr(v),
            METHODS
                .iter()
                .map(|m| format!("'{m}'"))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// `np.percentile(a, q, …)`.
pub fn np_percentile(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    quantile(ctx, b, 100.0, "percentile", span)
}

/// `np.quantile(a, q, …)`.
pub fn np_quantile(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    quantile(ctx, b, 1.0, "quantile", span)
}

fn quantile(
    ctx: &mut Context,
    b: &Bound,
    scale: f64,
    name: &'static str,
    span: Span,
) -> Result<Value> {
    let a = crate::numpy::as_array(ctx, b.required("a")?, span)?;
    let q = quantiles_arg(ctx, b.required("q")?, scale, span)?;
    let reduced = reduced_axes(b.given("axis"), a.layout.ndim())?;
    method_arg(b, name, span)?;
    let keepdims = keepdims_arg(b)?;
    if a.dtype.kind() == crate::dtype::Kind::Bool && !q.integer {
        return Err(EvalError::type_error(
            "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.",
        ));
    }
    let dtype = if q.integer {
        a.dtype
    } else if q.weak {
        a.dtype.promote_weak(crate::dtype::Kind::Float)
    } else {
        a.dtype.promote(q.dtype)
    };
    let lanes = sorted_lanes(ctx, &a, &reduced, span)?;
    if lanes.iter().any(Vec::is_empty) {
        return Err(EvalError::new(
            "IndexError",
            "index -1 is out of bounds for axis 0 with size 0",
        ));
    }
    let mut values = Vec::with_capacity(q.values.len() * lanes.len());
    for &qv in &q.values {
        for lane in &lanes {
            values.push(lerp_at(lane, qv, a.dtype, dtype, (q.weak, q.integer)));
        }
    }
    let mut shape = q.shape.clone();
    shape.extend(
        a.layout
            .shape()
            .iter()
            .zip(&reduced)
            .filter(|&(_, &r)| !r)
            .map(|(&d, _)| d),
    );
    let layout = Layout::allocated(&shape, dtype.itemsize(), stride_core::Order::C)?;
    let result = new_result(ctx, &a, layout, dtype, &values, name, span)?;
    finish(ctx, result, &reduced, keepdims, q.shape.len(), span)
}

/// The linear quantile `q` of a sorted lane, as NumPy's `_lerp` computes it: `data` is the
/// input's dtype (where `b − a` is taken), `out` the result's.
fn lerp_at(lane: &[f64], q: f64, data: DType, out: DType, (weak, integer): (bool, bool)) -> Num {
    let n = lane.len();
    let last = n.saturating_sub(1);
    let at = |i: usize| lane.get(i).copied().unwrap_or(f64::NAN);
    let has_nan = lane.last().is_some_and(|v| v.is_nan());
    let vi = last as f64 * q;
    let round = |d: DType, x: f64| d.cast(Num::Float(x)).as_f64();
    let (prev, next) = if vi >= last as f64 {
        (last, last)
    } else {
        let f = vi.floor();
        (f as usize, f as usize + 1)
    };
    if has_nan {
        return Num::Float(f64::NAN);
    }
    if integer {
        // An integer `q` (0 or 1) takes the element itself.
        return if data.is_float() {
            Num::Float(at(prev))
        } else {
            Num::Int(at(prev) as i128)
        };
    }
    // gamma is taken against the clipped index (-1 for the last: γ = vi + 1 there).
    let gamma = if vi >= last as f64 {
        vi + 1.0
    } else {
        vi - prev as f64
    };
    let (x, y) = (at(prev), at(next));
    let diff = if data.is_float() {
        round(data, y - x)
    } else {
        round(DType::Int64, y - x)
    };
    let t = if weak { round(out, gamma) } else { gamma };
    let result = if gamma >= 0.5 {
        let one_minus = if weak {
            round(out, 1.0 - gamma)
        } else {
            1.0 - gamma
        };
        round(out, y - round(out, diff * one_minus))
    } else {
        round(out, x + round(out, diff * t))
    };
    Num::Float(result)
}
