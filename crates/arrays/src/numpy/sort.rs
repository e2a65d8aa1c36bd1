//! Sorting along an axis, both libraries: `np.sort`, `np.argsort`, `x.sort()` (in place),
//! `x.argsort()`; `torch.sort` / `t.sort()` (a `(values, indices)` named tuple, `descending=`,
//! `stable=`), `torch.argsort` / `t.argsort()`, `torch.topk` / `t.topk()`.
//!
//! The lab sorts stably, NaN last (first when descending, as PyTorch puts it). Where a library's
//! default sort is not stable (NumPy's `quicksort` and `heapsort`, which on most CPUs are SIMD
//! sorts whose order of equal keys differs by CPU; PyTorch's `stable=False`; `topk`), the
//! indices of equal elements may come in another order there, so under the values policy
//! ([`crate::exactness`]) such indices are marked not exact when some keys are equal, and
//! each index records the run of equal keys it belongs to (`values_ties` in `strides eval`'s
//! JSON), so that a checker can accept any order within a run. The values never differ, and
//! `kind='stable'`/`'mergesort'`, `stable=True` give exact indices.
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

/// Ascending order, NaN after everything (PyTorch's sort order too).
pub(crate) fn ascending(a: &Num, b: &Num) -> Ordering {
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

/// For the sorted order `idx` of `lane`, each output position's run of equal keys, numbered
/// from `*next` on (0 where the key is alone).
fn runs(lane: &[Num], idx: &[usize], next: &mut u32) -> Vec<u32> {
    let key = |k: usize| idx.get(k).and_then(|&i| lane.get(i));
    let equal = |a: usize, b: usize| match (key(a), key(b)) {
        (Some(x), Some(y)) => ascending(x, y) == Ordering::Equal,
        _ => false,
    };
    let mut out = vec![0u32; idx.len()];
    let mut k = 0;
    while k < idx.len() {
        let mut end = k + 1;
        while end < idx.len() && equal(k, end) {
            end += 1;
        }
        if end - k > 1 {
            *next = next.saturating_add(1);
            for slot in out.get_mut(k..end).into_iter().flatten() {
                *slot = *next;
            }
        }
        k = end;
    }
    out
}

/// The runs of equal keys of every lane's sorted order (row order of the result).
fn tie_runs(lanes: Lanes, values: &[Num], out_len: usize, descending: bool) -> Vec<Num> {
    let mut next = 0u32;
    lanes.map(values, out_len, |lane| {
        let idx = order(lane, descending);
        runs(lane, &idx, &mut next)
            .into_iter()
            .map(|r| Num::Int(i128::from(r)))
            .collect()
    })
}

/// Marks `indices` (an unstable sort's) as not exact when some keys tie, recording the runs.
fn mark_ties(ctx: &mut Context, indices: &Array, runs: &[Num]) {
    if runs.iter().all(|r| matches!(r, Num::Int(0))) {
        return;
    }
    ctx.approximate_only(indices);
    let item = i128::from(indices.layout.itemsize().max(1));
    let addresses: Vec<usize> = stride_core::footprint::Positions::new(&indices.layout)
        .map(|a| usize::try_from(a / item).unwrap_or(0))
        .collect();
    let mut by_element = vec![0u32; addresses.iter().max().map_or(0, |m| m + 1)];
    for (&at, r) in addresses.iter().zip(runs) {
        if let (Some(slot), Num::Int(r)) = (by_element.get_mut(at), r) {
            *slot = u32::try_from(*r).unwrap_or(0);
        }
    }
    indices.buffer.set_ties(by_element);
}

/// Whether NumPy's `kind`/`stable` ask for a stable sort.
fn numpy_stable(b: &Bound) -> Result<bool> {
    if let Some(v) = b.given("stable").filter(|v| !matches!(v, Value::None)) {
        return v.truthy();
    }
    Ok(matches!(b.value("kind"), Some(Value::Str(s))
        if ["s", "m"].iter().any(|k| s.to_ascii_lowercase().starts_with(k))))
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
    if arg && !numpy_stable(b)? {
        mark_ties(ctx, &result, &tie_runs(lanes, &values, lanes.len, false));
    }
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
    if !flag(b, "stable", false)? {
        mark_ties(ctx, &i, &tie_runs(lanes, &values, lanes.len, descending));
    }
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
    let i = computed(ctx, a, layout, DType::Int64, &idx, "argsort", span)?;
    if !flag(b, "stable", false)? {
        mark_ties(ctx, &i, &tie_runs(lanes, &values, lanes.len, descending));
    }
    Ok(Value::Array(i))
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
    mark_ties(ctx, &i, &tie_runs(lanes, &values, kk, largest));
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
