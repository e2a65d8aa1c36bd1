//! New views of the same memory: `np.split` / `np.array_split` (a list of slices),
//! `np.flip` / `fliplr` / `flipud` (negative strides), `np.diagonal` / `x.diagonal()` (a read-only
//! view whose stride is the sum of two), and `x.view(dtype)` (the same bytes read as another
//! dtype).
//!
//! `split`, `array_split` and the flips are NumPy's Python, so they are basic indexing here as
//! there: `np.swapaxes(ary, axis, 0)[st:end]` swapped back, `m[::-1, :]`. `diagonal` is
//! `PyArray_Diagonal`; `view(dtype)` is `array_descr_set`, which scales the last axis when the
//! item size changes.

use std::rc::Rc;

use stride_core::Layout;
use stride_core::index::{IndexItem, Slice};

use super::{axes_list, dtype_arg};
use crate::array::{Array, Base, Op, view_of};
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::indexing::basic_result;
use crate::signature::Bound;
use crate::value::Value;

/// The array of an argument whose result is a view of it: a list is converted as the program's
/// own array (NumPy's harness finds the view's memory there), not as a library step.
fn as_array(ctx: &mut Context, v: &Value, span: Span) -> Result<Rc<Array>, EvalError> {
    match v {
        Value::Array(a) => Ok(Rc::clone(a)),
        Value::None | Value::Str(_) => super::as_array(ctx, v, span),
        other => super::creation::array_from(ctx, other, None, false, stride_core::Order::C, span),
    }
}

/// `a[items]` for a basic index: a view (or a NumPy scalar when every axis is an integer).
fn index(a: &Rc<Array>, items: &[IndexItem], span: Span) -> Result<Value, EvalError> {
    let indexed = stride_core::index::index(&a.layout, items)?;
    basic_result(a, items, indexed, span)
}

const FULL: IndexItem = IndexItem::Slice(Slice::FULL);
const REVERSED: IndexItem = IndexItem::Slice(Slice {
    start: None,
    stop: None,
    step: Some(-1),
});

/// `np.flip(m, axis=None)`.
pub fn flip(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let m = as_array(ctx, b.required("m")?, span)?;
    let n = m.layout.ndim();
    let items = match b.value("axis") {
        None => vec![REVERSED; n],
        Some(v) => {
            let axes = stride_core::axes::normalize_axes(&axes_list(v)?, n, "")?;
            let mut items = vec![FULL; n];
            for &k in axes.iter() {
                if let Some(slot) = items.get_mut(usize::try_from(k).unwrap_or(0)) {
                    *slot = REVERSED;
                }
            }
            items
        }
    };
    index(&m, &items, span)
}

/// `np.fliplr(m)`: `m[:, ::-1]`.
pub fn fliplr(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let m = as_array(ctx, b.required("m")?, span)?;
    if m.layout.ndim() < 2 {
        return Err(EvalError::value_error("Input must be >= 2-d."));
    }
    index(&m, &[FULL, REVERSED], span)
}

/// `np.flipud(m)`: `m[::-1, ...]`.
pub fn flipud(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let m = as_array(ctx, b.required("m")?, span)?;
    if m.layout.ndim() < 1 {
        return Err(EvalError::value_error("Input must be >= 1-d."));
    }
    index(&m, &[REVERSED, IndexItem::Ellipsis], span)
}

/// Where `split` cuts: the section boundaries along the axis.
enum Cuts {
    /// `indices_or_sections` as a list of indices (Python slice bounds).
    Indices(Vec<i64>),
    /// A number of sections.
    Sections(i64),
}

fn cuts(v: &Value) -> Result<Cuts, EvalError> {
    const SLICE_INDEX: &str = "slice indices must be integers or None or have an __index__ method";
    match v {
        Value::List(items) | Value::Tuple(items) => Ok(Cuts::Indices(
            items
                .iter()
                .map(|i| i.as_index().map_err(|_| EvalError::type_error(SLICE_INDEX)))
                .collect::<Result<_, _>>()?,
        )),
        // `int(indices_or_sections)`: a float is truncated.
        Value::Float(f) if f.is_finite() => Ok(Cuts::Sections(f.trunc() as i64)),
        other => Ok(Cuts::Sections(other.as_index()?)),
    }
}

/// `np.array_split` (and `np.split` after its check): the list of views.
fn split_views(
    ctx: &mut Context,
    a: &Rc<Array>,
    cuts: Cuts,
    axis: i64,
    span: Span,
) -> Result<Value, EvalError> {
    let n = a.layout.ndim();
    let k = normalize_tuple_index(axis, n)?;
    let total = a.layout.shape().get(k).copied().unwrap_or(0);
    let points: Vec<i64> = match cuts {
        Cuts::Indices(ix) => {
            let mut p = vec![0];
            p.extend(ix);
            p.push(total);
            p
        }
        Cuts::Sections(sections) => {
            if sections <= 0 {
                return Err(EvalError::value_error(
                    "number sections must be larger than 0.",
                ));
            }
            // The result is a Python list of that many views.
            ctx.check_sequence(u64::try_from(sections).unwrap_or(u64::MAX), span)?;
            let (each, extras) = (total / sections, total % sections);
            let mut p = vec![0i64];
            let mut at = 0i64;
            for s in 0..sections {
                at += if s < extras { each + 1 } else { each };
                p.push(at);
            }
            p
        }
    };
    // `np.swapaxes(ary, axis, 0)[st:end]` swapped back is `ary[:, …, st:end]`.
    let mut out = Vec::with_capacity(points.len().saturating_sub(1));
    for w in points.windows(2) {
        let (Some(&st), Some(&end)) = (w.first(), w.get(1)) else {
            continue;
        };
        let mut items = vec![FULL; k];
        items.push(IndexItem::Slice(Slice {
            start: Some(st),
            stop: Some(end),
            step: None,
        }));
        let piece = stride_core::index::index(&a.layout, &items)?.layout;
        out.push(Value::Array(view_of(
            a,
            piece,
            Op::Index(Rc::from(items)),
            span,
        )));
    }
    Ok(Value::List(out.into()))
}

/// `ary.shape[axis]`: Python's tuple index, whose error is an `IndexError`.
fn normalize_tuple_index(axis: i64, n: usize) -> Result<usize, EvalError> {
    let n = i64::try_from(n).unwrap_or(i64::MAX);
    let k = if axis < 0 { axis + n } else { axis };
    if k < 0 || k >= n {
        return Err(EvalError::new("IndexError", "tuple index out of range"));
    }
    Ok(usize::try_from(k).unwrap_or(0))
}

fn split_axis(b: &Bound) -> Result<i64, EvalError> {
    match b.given("axis") {
        None => Ok(0),
        Some(v) => v.as_index(),
    }
}

/// `np.array_split(ary, indices_or_sections, axis=0)`.
pub fn array_split(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = super::as_array(ctx, b.required("ary")?, span)?;
    let axis = split_axis(b)?;
    let cuts = cuts(b.required("indices_or_sections")?)?;
    split_views(ctx, &a, cuts, axis, span)
}

/// `np.split(ary, indices_or_sections, axis=0)`: sections must divide the axis.
pub fn split(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = super::as_array(ctx, b.required("ary")?, span)?;
    let axis = split_axis(b)?;
    let given = b.required("indices_or_sections")?;
    let cuts = cuts(given)?;
    if let Cuts::Sections(sections) = cuts {
        let k = normalize_tuple_index(axis, a.layout.ndim())?;
        let total = a.layout.shape().get(k).copied().unwrap_or(0);
        if sections == 0 && !matches!(given, Value::Float(f) if *f != 0.0) {
            return Err(EvalError::new(
                "ZeroDivisionError",
                if matches!(given, Value::Float(_)) {
                    "float modulo"
                } else {
                    "integer modulo by zero"
                },
            ));
        }
        let uneven = match given {
            Value::Float(f) => (total as f64) % f != 0.0,
            _ => total.rem_euclid(sections) != 0,
        };
        if uneven {
            return Err(EvalError::value_error(
                "array split does not result in an equal division",
            ));
        }
    }
    split_views(ctx, &a, cuts, axis, span)
}

/// `x.diagonal(offset=0, axis1=0, axis2=1)`: a read-only view.
pub fn diagonal_method(
    _: &mut Context,
    a: &Rc<Array>,
    b: &Bound,
    span: Span,
) -> Result<Value, EvalError> {
    let arg = |name: &str, default: i64| match b.given(name) {
        None => Ok(default),
        Some(v) => v.as_index(),
    };
    let offset = arg("offset", 0)?;
    let axis1 = arg("axis1", 0)?;
    let axis2 = arg("axis2", 1)?;
    let l = &a.layout;
    let n = l.ndim();
    if n < 2 {
        return Err(EvalError::value_error(
            "diag requires an array of at least two dimensions",
        ));
    }
    let k1 = stride_core::axes::normalize_named_axis(axis1, n, "axis1")?;
    let k2 = stride_core::axes::normalize_named_axis(axis2, n, "axis2")?;
    if k1 == k2 {
        return Err(EvalError::value_error("axis1 and axis2 cannot be the same"));
    }
    let at = |k: usize| {
        (
            l.shape().get(k).copied().unwrap_or(0),
            l.strides().get(k).copied().unwrap_or(0),
        )
    };
    let ((d1, s1), (d2, s2)) = (at(k1), at(k2));
    let (shift, step, dim) = if offset >= 0 {
        (offset, s2, d2)
    } else {
        (offset.saturating_neg(), s1, d1)
    };
    // `PyArray_Diagonal` moves the start unless the offset is past the axis.
    let (start, size) = if shift > dim {
        (l.offset(), 0)
    } else {
        let start = shift
            .checked_mul(step)
            .and_then(|d| d.checked_add(l.offset()))
            .ok_or(stride_core::Error::Overflow)?;
        (start, (dim - shift).min(d1).min(d2))
    };
    let mut shape = Vec::with_capacity(n - 1);
    let mut strides = Vec::with_capacity(n - 1);
    for k in (0..n).filter(|&k| k != k1 && k != k2) {
        let (d, s) = at(k);
        shape.push(d);
        strides.push(s);
    }
    shape.push(size);
    strides.push(s1.checked_add(s2).ok_or(stride_core::Error::Overflow)?);
    let layout = Layout::new(&shape, &strides, start, l.itemsize())?;
    let v = view_of(a, layout, Op::Strides("diagonal"), span);
    let base = v.base.clone();
    Ok(Value::Array(super::readonly(v, base)))
}

/// `np.diagonal(a, offset=0, axis1=0, axis2=1)`.
pub fn diagonal_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let a = as_array(ctx, b.required("a")?, span)?;
    diagonal_method(ctx, &a, b, span)
}

/// `x.view(dtype=None, type=None)`: the same memory, read as `dtype` (`array_descr_set`).
pub fn view(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let Some(dtype) = dtype_arg(b.given("dtype"))? else {
        return Ok(Value::Array(view_of(
            a,
            a.layout,
            Op::Strides("view"),
            span,
        )));
    };
    let l = &a.layout;
    let (old, new) = (a.dtype.itemsize(), dtype.itemsize());
    let mut shape = *l.shape();
    let mut strides = *l.strides();
    if old != new {
        let Some(last) = l.ndim().checked_sub(1) else {
            return Err(EvalError::value_error(
                "Changing the dtype of a 0d array is only supported if the itemsize is unchanged",
            ));
        };
        let (d, s) = (
            shape.get(last).copied().unwrap_or(1),
            strides.get(last).copied().unwrap_or(old),
        );
        if d != 1 && l.size() != 0 && s != old {
            return Err(EvalError::value_error(
                "To change to a dtype of a different size, the last axis must be contiguous",
            ));
        }
        let dim = if new < old {
            if old % new != 0 {
                return Err(EvalError::value_error(
                    "When changing to a smaller dtype, its size must be a divisor of the size of original dtype",
                ));
            }
            d.checked_mul(old / new)
                .ok_or(stride_core::Error::Overflow)?
        } else {
            let bytes = d.checked_mul(old).ok_or(stride_core::Error::Overflow)?;
            if bytes % new != 0 {
                return Err(EvalError::value_error(
                    "When changing to a larger dtype, its size must be a divisor of the total size in bytes of the last axis of the array.",
                ));
            }
            bytes / new
        };
        if let (Some(ds), Some(ss)) = (shape.get_mut(last), strides.get_mut(last)) {
            *ds = dim;
            *ss = new;
        }
    }
    let layout = Layout::new(&shape, &strides, l.offset(), new)?;
    let mut v = Array {
        buffer: Rc::clone(&a.buffer),
        layout,
        dtype,
        writeable: a.writeable,
        owndata: false,
        base: a.base_for_view(),
        torch: a.torch,
        origin: crate::array::Origin {
            op: Op::Strides("view"),
            parent: Some(Rc::clone(a)),
            span,
        },
    };
    if matches!(v.base, Base::None) {
        v.base = Base::Array(Rc::clone(a));
    }
    Ok(Value::Array(Rc::new(v)))
}
