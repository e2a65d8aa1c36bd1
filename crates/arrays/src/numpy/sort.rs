//! Sorting along an axis, both libraries: `np.sort`, `np.argsort`, `x.sort()` (in place),
//! `x.argsort()`; `torch.sort` / `t.sort()` (a `(values, indices)` named tuple, `descending=`,
//! `stable=`), `torch.argsort` / `t.argsort()`, `torch.topk` / `t.topk()`.
//!
//! The lab sorts stably, NaN last (first when descending, as PyTorch puts it). Where a library's
//! default sort is not stable (NumPy's `quicksort`, PyTorch's `stable=False`, `topk`), the
//! indices of equal elements may come in another order there; the values never differ.
//! Layouts: `np.sort` is a copy in order K, `np.argsort` C-contiguous; `torch.sort` and
//! `torch.argsort` keep the input's order (`preserve_format`), `topk` is C-contiguous.

use std::cmp::Ordering;
use std::rc::Rc;

use super::lanes::{Lanes, computed, computed_c, computed_like};
use crate::array::Array;
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

/// Ascending order, NaN after everything.
fn ascending(a: &Num, b: &Num) -> Ordering {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => x.cmp(y),
        (Num::Bool(x), Num::Bool(y)) => x.cmp(y),
        _ => {
            let (x, y) = (a.as_f64(), b.as_f64());
            match (x.is_nan(), y.is_nan()) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                _ => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
            }
        }
    }
}

/// The positions of `lane` in sorted order (stable).
fn order(lane: &[Num], descending: bool) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..lane.len()).collect();
    idx.sort_by(|&i, &j| {
        let (Some(a), Some(b)) = (lane.get(i), lane.get(j)) else {
            return Ordering::Equal;
        };
        if descending {
            ascending(b, a)
        } else {
            ascending(a, b)
        }
    });
    idx
}

fn pick(lane: &[Num], idx: &[usize]) -> Vec<Num> {
    idx.iter().filter_map(|&i| lane.get(i).copied()).collect()
}

fn positions(idx: &[usize]) -> Vec<Num> {
    idx.iter().map(|&i| Num::Int(i as i128)).collect()
}

/// NumPy's axis argument: `None` flattens, else one axis.
fn numpy_axis(a: &Array, axis: Option<&Value>) -> Result<Option<usize>> {
    match axis {
        Some(Value::None) => Ok(None),
        None => Ok(Some(if a.layout.ndim() == 0 {
            0
        } else {
            stride_core::axes::normalize_axis(-1, a.layout.ndim())?
        })),
        Some(v) => {
            let n = a.layout.ndim();
            if n == 0 {
                return Err(EvalError::new(
                    "AxisError",
                    format!(
                        "axis {} is out of bounds for array of dimension 0",
                        v.as_index()?
                    ),
                ));
            }
            Ok(Some(stride_core::axes::normalize_axis(v.as_index()?, n)?))
        }
    }
}

fn check_kind(b: &Bound) -> Result<()> {
    match b.value("kind") {
        None => Ok(()),
        Some(Value::Str(s))
            if ["q", "m", "h", "s"]
                .iter()
                .any(|k| s.to_ascii_lowercase().starts_with(k)) =>
        {
            Ok(())
        }
        Some(Value::Str(s)) => Err(EvalError::value_error(format!(
            "sort kind must be one of 'quick', 'heap', or 'stable' (got '{s}')"
        ))),
        Some(other) => Err(EvalError::type_error(format!(
            "sort kind must be str, not {}",
            other.type_name()
        ))),
    }
}

/// `np.sort` (`arg` false) or `np.argsort` of `a`.
fn np_sorted(ctx: &mut Context, a: &Rc<Array>, b: &Bound, arg: bool, span: Span) -> Result<Value> {
    check_kind(b)?;
    let axis = numpy_axis(a, b.given("axis"))?;
    let values = ctx.read_values(a, span)?;
    let name = if arg { "argsort" } else { "sort" };
    let (shape, k): (Vec<i64>, usize) = match axis {
        None => (vec![a.layout.size()], 0),
        Some(k) if a.layout.ndim() == 0 => (Vec::new(), k),
        Some(k) => (a.layout.shape().to_vec(), k),
    };
    let lanes = Lanes::new(&shape, k);
    let out = lanes.map(&values, lanes.len, |lane| {
        let idx = order(lane, false);
        if arg {
            positions(&idx)
        } else {
            pick(lane, &idx)
        }
    });
    let result = match (arg, axis) {
        (true, _) => computed_c(ctx, a, &shape, DType::Int64, &out, name, span)?,
        (false, None) => computed_c(ctx, a, &shape, a.dtype, &out, name, span)?,
        (false, Some(_)) => computed_like(ctx, a, a.dtype, &out, name, span)?,
    };
    Ok(Value::Array(result))
}

/// `np.sort(a, axis=-1, kind=None, order=None, *, stable=None)`.
pub fn np_sort(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = super::as_array(ctx, b.required("a")?, span)?;
    np_sorted(ctx, &a, b, false, span)
}

/// `np.argsort(a, axis=-1, kind=None, order=None, *, stable=None)`.
pub fn np_argsort(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = super::as_array(ctx, b.required("a")?, span)?;
    np_sorted(ctx, &a, b, true, span)
}

/// `x.argsort(axis=-1, kind=None, order=None)`.
pub fn argsort_method(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    np_sorted(ctx, a, b, true, span)
}

/// `x.sort(axis=-1, kind=None, order=None)`: sorts `x` in place and returns `None`.
pub fn sort_method(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    check_kind(b)?;
    if a.layout.ndim() == 0 {
        return Err(EvalError::new(
            "AxisError",
            "axis -1 is out of bounds for array of dimension 0",
        ));
    }
    let Some(k) = numpy_axis(a, b.given("axis"))? else {
        return Err(EvalError::type_error(
            "'NoneType' object cannot be interpreted as an integer",
        ));
    };
    if !a.writeable {
        return Err(EvalError::value_error(
            "assignment destination is read-only",
        ));
    }
    let values = ctx.read_values(a, span)?;
    let lanes = Lanes::new(a.layout.shape(), k);
    let out = lanes.map(&values, lanes.len, |lane| pick(lane, &order(lane, false)));
    write_in_place(ctx, a, &out, span)?;
    Ok(Value::None)
}

/// Writes `values` (row order) into `a`'s own memory.
pub fn write_in_place(ctx: &mut Context, a: &Rc<Array>, values: &[Num], span: Span) -> Result<()> {
    let addresses = ctx.positions(&a.layout, span)?;
    ctx.room_to_write(&a.buffer, &addresses, a.dtype.itemsize(), span)?;
    for (&at, &v) in addresses.iter().zip(values) {
        a.buffer.write(a.dtype, at, a.dtype.cast(v));
    }
    Ok(())
}

fn torch_dim(a: &Array, v: Option<&Value>) -> Result<usize> {
    let d = v.map_or(Ok(-1), Value::as_index)?;
    Ok(stride_core::torch::wrap_dim(d, a.layout.ndim().max(1))?)
}

fn flag(b: &Bound, name: &str, default: bool) -> Result<bool> {
    match b.value(name) {
        None => Ok(default),
        Some(v) => v.truthy(),
    }
}

/// `t.sort(dim=-1, descending=False, *, stable=False)`: `(values, indices)`.
pub fn torch_sort(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let k = torch_dim(a, b.given("dim"))?;
    let descending = flag(b, "descending", false)?;
    let values = ctx.read_values(a, span)?;
    let lanes = Lanes::new(a.layout.shape(), k);
    let idx = lanes.map(&values, lanes.len, |lane| {
        positions(&order(lane, descending))
    });
    let sorted = lanes.map(&values, lanes.len, |lane| {
        pick(lane, &order(lane, descending))
    });
    let v = computed_like(ctx, a, a.dtype, &sorted, "sort", span)?;
    let layout = super::lanes::like_layout(a, DType::Int64)?;
    let i = computed(ctx, a, layout, DType::Int64, &idx, "sort", span)?;
    Ok(Value::Returned(
        "sort",
        Rc::from(vec![Value::Array(v), Value::Array(i)]),
    ))
}

/// `t.argsort(dim=-1, descending=False, *, stable=False)`.
pub fn torch_argsort(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let k = torch_dim(a, b.given("dim"))?;
    let descending = flag(b, "descending", false)?;
    let values = ctx.read_values(a, span)?;
    let lanes = Lanes::new(a.layout.shape(), k);
    let idx = lanes.map(&values, lanes.len, |lane| {
        positions(&order(lane, descending))
    });
    let layout = super::lanes::like_layout(a, DType::Int64)?;
    Ok(Value::Array(computed(
        ctx,
        a,
        layout,
        DType::Int64,
        &idx,
        "argsort",
        span,
    )?))
}

/// `t.topk(k, dim=-1, largest=True, sorted=True)`: `(values, indices)`.
pub fn torch_topk(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let d = torch_dim(a, b.given("dim"))?;
    let largest = flag(b, "largest", true)?;
    let k = b.required("k")?.as_index()?;
    let size = a.layout.shape().get(d).copied().unwrap_or(1);
    if k < 0 || k > size {
        return Err(EvalError::new(
            "RuntimeError",
            "selected index k out of range",
        ));
    }
    let kk = usize::try_from(k).unwrap_or(0);
    let values = ctx.read_values(a, span)?;
    let lanes = Lanes::new(a.layout.shape(), d);
    let idx = lanes.map(&values, kk, |lane| positions(&order(lane, largest)));
    let top = lanes.map(&values, kk, |lane| pick(lane, &order(lane, largest)));
    let mut shape = a.layout.shape().to_vec();
    if let Some(s) = shape.get_mut(d) {
        *s = k;
    }
    let v = computed_c(ctx, a, &shape, a.dtype, &top, "topk", span)?;
    let i = computed_c(ctx, a, &shape, DType::Int64, &idx, "topk", span)?;
    Ok(Value::Returned(
        "topk",
        Rc::from(vec![Value::Array(v), Value::Array(i)]),
    ))
}

fn input(b: &Bound) -> Result<Rc<Array>> {
    crate::torch::stats::input(b)
}

/// `torch.sort(input, …)`.
pub fn torch_sort_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    torch_sort(ctx, &input(b)?, b, span)
}

/// `torch.argsort(input, …)`.
pub fn torch_argsort_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    torch_argsort(ctx, &input(b)?, b, span)
}

/// `torch.topk(input, k, …)`.
pub fn torch_topk_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    torch_topk(ctx, &input(b)?, b, span)
}
