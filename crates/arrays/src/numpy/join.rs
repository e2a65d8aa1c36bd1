//! Joining arrays into new memory: `np.concatenate`, `np.stack`, `np.hstack`, `np.vstack`.
//!
//! ## How NumPy lays the result out
//!
//! `PyArray_ConcatenateArrays` sizes the result from the first array's shape, then orders its
//! axes as the inputs are laid out in memory (`PyArray_CreateMultiSortedStridePerm`: a stable
//! insertion sort of the axes from the largest stride to the smallest, comparing every input
//! whose two axes both have more than one element, with C order winning a conflict) and
//! allocates densely in that order: `np.concatenate([x.T, x.T], axis=1)` is F-contiguous. A
//! result with no elements gets zero strides, as every new empty array. The result's dtype is
//! `np.result_type` of the inputs (lists are converted first, so `[[1, 2]]` is an int64 array).
//! `stack` inserts a new axis into each input (a view) and concatenates along it; `hstack` and
//! `vstack` first make each input at least 1-d or 2-d.

use std::rc::Rc;

use stride_core::Layout;

use super::as_array;
use crate::array::{Array, Op, Origin, view_of};
use crate::context::Context;
use crate::dtype::DType;
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

/// The arrays of a sequence argument: each item of a list or tuple, or each row of an array.
pub fn sequence_arrays(
    ctx: &mut Context,
    v: &Value,
    span: Span,
) -> Result<Vec<Rc<Array>>, EvalError> {
    match v {
        Value::List(items) | Value::Tuple(items) => {
            items.iter().map(|item| as_array(ctx, item, span)).collect()
        }
        Value::Array(a) if a.layout.ndim() > 0 => rows(a, span),
        Value::Array(_) => Err(EvalError::type_error("iteration over a 0-d array")),
        other => Err(EvalError::type_error(format!(
            "'{}' object is not iterable",
            other.type_name()
        ))),
    }
}

/// The rows `a[0]`, `a[1]`, … of an array, as views (what iterating over it gives).
fn rows(a: &Rc<Array>, span: Span) -> Result<Vec<Rc<Array>>, EvalError> {
    let l = &a.layout;
    let n = l.shape().first().copied().unwrap_or(0);
    let stride = l.strides().first().copied().unwrap_or(0);
    let shape = l.shape().get(1..).unwrap_or(&[]);
    let strides = l.strides().get(1..).unwrap_or(&[]);
    (0..n)
        .map(|i| {
            let offset = i
                .checked_mul(stride)
                .and_then(|d| d.checked_add(l.offset()))
                .ok_or(stride_core::Error::Overflow)?;
            let row = Layout::new(shape, strides, offset, l.itemsize())?;
            let items = [stride_core::index::IndexItem::Int(i)];
            Ok(view_of(a, row, Op::Index(Rc::from(&items[..])), span))
        })
        .collect()
}

/// NumPy's `PyArray_CreateMultiSortedStridePerm`: the axes from the largest stride to the
/// smallest, over every input.
fn stride_perm(arrays: &[Rc<Array>], ndim: usize) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..ndim).collect();
    let at = |a: &Array, k: usize| -> (i64, i64) {
        (
            a.layout.shape().get(k).copied().unwrap_or(1),
            a.layout.strides().get(k).copied().unwrap_or(0),
        )
    };
    for i0 in 1..ndim {
        let mut ipos = i0;
        let ax0 = perm.get(i0).copied().unwrap_or(i0);
        for i1 in (0..i0).rev() {
            let ax1 = perm.get(i1).copied().unwrap_or(i1);
            let mut ambiguous = true;
            let mut swap = false;
            for a in arrays {
                let (d0, s0) = at(a, ax0);
                let (d1, s1) = at(a, ax1);
                if d0 != 1 && d1 != 1 {
                    if s0.unsigned_abs() <= s1.unsigned_abs() {
                        swap = false;
                    } else if ambiguous {
                        swap = true;
                    }
                    ambiguous = false;
                }
            }
            if !ambiguous {
                if swap {
                    ipos = i1;
                } else {
                    break;
                }
            }
        }
        if ipos != i0 {
            perm.remove(i0);
            perm.insert(ipos, ax0);
        }
    }
    perm
}

/// The joined array of `arrays` along `axis` (`None`: each flattened), as `np.concatenate`.
pub fn concatenate_arrays(
    ctx: &mut Context,
    arrays: &[Rc<Array>],
    axis: Option<i64>,
    (dtype, casting): (Option<DType>, Casting),
    name: &'static str,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let Some(first) = arrays.first() else {
        return Err(EvalError::value_error(
            "need at least one array to concatenate",
        ));
    };
    let dtype = dtype.unwrap_or_else(|| {
        arrays
            .iter()
            .skip(1)
            .fold(first.dtype, |d, a| d.promote(a.dtype))
    });
    let Some(axis) = axis else {
        casting.check(arrays, dtype)?;
        let total = arrays
            .iter()
            .try_fold(0i64, |n, a| n.checked_add(a.layout.size()))
            .ok_or(stride_core::Error::Overflow)?;
        let layout = Layout::allocated(&[total], dtype.itemsize(), stride_core::Order::C)?;
        let mut values = Vec::new();
        for a in arrays {
            values.extend(ctx.read_values(a, span)?.into_iter().map(|v| dtype.cast(v)));
        }
        return new(ctx, layout, dtype, &values, first, name, span);
    };
    let ndim = first.layout.ndim();
    if ndim == 0 {
        return Err(EvalError::value_error(
            "zero-dimensional arrays cannot be concatenated",
        ));
    }
    let axis = stride_core::axes::normalize_axis(axis, ndim)?;
    let mut shape = *first.layout.shape();
    for (k, a) in arrays.iter().enumerate().skip(1) {
        if a.layout.ndim() != ndim {
            return Err(EvalError::value_error(format!(
                "all the input arrays must have same number of dimensions, but the array at index 0 has {ndim} dimension(s) and the array at index {k} has {} dimension(s)",
                a.layout.ndim()
            )));
        }
        for (d, (slot, &size)) in shape.iter_mut().zip(a.layout.shape().iter()).enumerate() {
            if d == axis {
                *slot = slot.checked_add(size).ok_or(stride_core::Error::Overflow)?;
            } else if *slot != size {
                return Err(EvalError::value_error(format!(
                    "all the input array dimensions except for the concatenation axis must match exactly, but along dimension {d}, the array at index 0 has size {slot} and the array at index {k} has size {size}"
                )));
            }
        }
    }
    casting.check(arrays, dtype)?;
    let layout = ordered_layout(&shape, &stride_perm(arrays, ndim), dtype.itemsize())?;
    let result = new(ctx, layout, dtype, &[], first, name, span)?;
    // Each input's values go to its slab of the result.
    let axis_stride = layout.strides().get(axis).copied().unwrap_or(0);
    let mut at = 0i64;
    for a in arrays {
        let values: Vec<_> = ctx
            .read_values(a, span)?
            .into_iter()
            .map(|v| dtype.cast(v))
            .collect();
        let offset = at
            .checked_mul(axis_stride)
            .ok_or(stride_core::Error::Overflow)?;
        let slab = Layout::new(a.layout.shape(), layout.strides(), offset, dtype.itemsize())?;
        result.buffer.write_all(
            dtype,
            stride_core::footprint::Positions::new(&slab),
            &values,
        );
        at = at.saturating_add(a.layout.shape().get(axis).copied().unwrap_or(0));
    }
    Ok(result)
}

/// NumPy's `casting=` rule, which every input must meet to be copied into the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Casting {
    /// `'no'` and `'equiv'` (the lab's dtypes have one byte order): the same dtype.
    No(&'static str),
    /// `'safe'`: no value can change.
    Safe,
    /// `'same_kind'`: safe, or within a kind (bool, unsigned, signed, float in that order).
    SameKind,
    /// `'unsafe'`: anything.
    Unsafe,
}

impl Casting {
    /// The `casting=` argument, with NumPy's messages.
    pub fn parse(v: Option<&Value>) -> Result<Casting, EvalError> {
        match v {
            None => Ok(Casting::SameKind),
            Some(Value::Str(s)) => match s.as_ref() {
                "no" => Ok(Casting::No("no")),
                "equiv" => Ok(Casting::No("equiv")),
                "safe" => Ok(Casting::Safe),
                "same_kind" => Ok(Casting::SameKind),
                "unsafe" => Ok(Casting::Unsafe),
                other => Err(EvalError::value_error(format!(
                    "casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' (got '{other}')"
                ))),
            },
            Some(other) => Err(EvalError::type_error(format!(
                "casting must be str, not {}",
                other.type_name()
            ))),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Casting::No(name) => name,
            Casting::Safe => "safe",
            Casting::SameKind => "same_kind",
            Casting::Unsafe => "unsafe",
        }
    }

    /// Whether `from` may be cast to `to` under this rule (`np.can_cast` for two dtypes).
    pub fn allows(self, from: DType, to: DType) -> bool {
        let rank = |d: DType| match d {
            DType::Bool => 0,
            d if d.is_unsigned() => 1,
            d if d.is_float() => 3,
            _ => 2,
        };
        match self {
            Casting::No(_) => from == to,
            Casting::Safe => from.promote(to) == to,
            Casting::SameKind => from.promote(to) == to || rank(from) <= rank(to),
            Casting::Unsafe => true,
        }
    }

    /// The first input that may not be cast to `dtype`, as NumPy's `TypeError` (which calls a
    /// 0-d input, flattened by `axis=None`, a scalar).
    fn check(self, arrays: &[Rc<Array>], dtype: DType) -> Result<(), EvalError> {
        match arrays.iter().find(|a| !self.allows(a.dtype, dtype)) {
            Some(a) => Err(EvalError::type_error(format!(
                "Cannot cast {} from dtype('{}') to dtype('{dtype}') according to the rule '{}'",
                if a.layout.ndim() == 0 {
                    "scalar"
                } else {
                    "array data"
                },
                a.dtype,
                self.name()
            ))),
            None => Ok(()),
        }
    }
}

/// The `dtype=` and `casting=` of a join.
fn join_dtype(b: &Bound) -> Result<(Option<DType>, Casting), EvalError> {
    let casting = Casting::parse(b.given("casting"))?;
    Ok((super::dtype_arg(b.given("dtype"))?, casting))
}

/// A dense layout of `shape` whose axes run from slowest to fastest in `perm`'s order; zero
/// strides when it holds nothing.
fn ordered_layout(shape: &[i64], perm: &[usize], itemsize: i64) -> Result<Layout, EvalError> {
    if shape.contains(&0) {
        return Ok(Layout::allocated(shape, itemsize, stride_core::Order::C)?);
    }
    let mut strides = vec![0i64; shape.len()];
    let mut step = itemsize;
    for &k in perm.iter().rev() {
        if let Some(slot) = strides.get_mut(k) {
            *slot = step;
        }
        step = step.saturating_mul(shape.get(k).copied().unwrap_or(1));
    }
    Ok(Layout::new(shape, &strides, 0, itemsize)?)
}

fn new(
    ctx: &mut Context,
    layout: Layout,
    dtype: DType,
    values: &[crate::dtype::Num],
    first: &Rc<Array>,
    name: &'static str,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    ctx.new_array(
        layout,
        dtype,
        values,
        first.torch,
        Origin {
            op: Op::Compute(name),
            parent: Some(Rc::clone(first)),
            span,
        },
    )
}

/// `a` with a new axis of length 1 at `axis` (a view, as `a[:, np.newaxis]`).
pub fn with_new_axis(a: &Rc<Array>, axis: usize, span: Span) -> Result<Rc<Array>, EvalError> {
    let l = &a.layout;
    let mut shape = *l.shape();
    let mut strides = *l.strides();
    shape.insert(axis, 1)?;
    strides.insert(axis, 0)?;
    let layout = Layout::new(&shape, &strides, l.offset(), l.itemsize())?;
    Ok(view_of(a, layout, Op::Axes("stack"), span))
}

/// An axis argument that must be an int (or `None` where allowed).
fn int_axis(v: Option<&Value>, default: i64) -> Result<Option<i64>, EvalError> {
    match v {
        None => Ok(Some(default)),
        Some(Value::None) => Ok(None),
        Some(v) => Ok(Some(v.as_index()?)),
    }
}

/// `np.concatenate(arrays, /, axis=0, out=None, *, dtype=None, casting='same_kind')`.
pub fn concatenate(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let axis = int_axis(b.given("axis"), 0)?;
    let cast = join_dtype(b)?;
    let arrays = sequence_arrays(ctx, b.required("arrays")?, span)?;
    Ok(Value::Array(concatenate_arrays(
        ctx,
        &arrays,
        axis,
        cast,
        "concatenate",
        span,
    )?))
}

/// `np.stack(arrays, axis=0, out=None, *, dtype=None, casting='same_kind')`.
pub fn stack(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let cast = join_dtype(b)?;
    let arrays = sequence_arrays(ctx, b.required("arrays")?, span)?;
    let Some(first) = arrays.first() else {
        return Err(EvalError::value_error("need at least one array to stack"));
    };
    if arrays
        .iter()
        .any(|a| a.layout.shape() != first.layout.shape())
    {
        return Err(EvalError::value_error(
            "all input arrays must have the same shape",
        ));
    }
    let axis = match b.given("axis") {
        None => 0,
        Some(v) => v.as_index()?,
    };
    let axis = stride_core::axes::normalize_axis(axis, first.layout.ndim() + 1)?;
    let expanded: Vec<Rc<Array>> = arrays
        .iter()
        .map(|a| with_new_axis(a, axis, span))
        .collect::<Result<_, _>>()?;
    Ok(Value::Array(concatenate_arrays(
        ctx,
        &expanded,
        Some(axis as i64),
        cast,
        "stack",
        span,
    )?))
}

/// `a` with at least `n` axes, as `np.atleast_1d` (a 0-d array becomes `(1,)`) and
/// `np.atleast_2d` (`(1, 1)`, and a 1-d array `(1, n)`).
fn at_least(a: &Rc<Array>, n: usize, span: Span) -> Result<Rc<Array>, EvalError> {
    let mut out = Rc::clone(a);
    while out.layout.ndim() < n {
        out = with_new_axis(&out, 0, span)?;
    }
    Ok(out)
}

fn joined(
    ctx: &mut Context,
    b: &Bound,
    ndim: usize,
    span: Span,
) -> Result<Vec<Rc<Array>>, EvalError> {
    let arrays = sequence_arrays(ctx, b.required("tup")?, span)?;
    arrays.iter().map(|a| at_least(a, ndim, span)).collect()
}

/// `np.hstack(tup, *, dtype=None, casting='same_kind')`: along axis 1, or 0 for 1-d inputs.
pub fn hstack(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let cast = join_dtype(b)?;
    let arrays = joined(ctx, b, 1, span)?;
    let axis = match arrays.first() {
        Some(a) if a.layout.ndim() == 1 => 0,
        _ => 1,
    };
    Ok(Value::Array(concatenate_arrays(
        ctx,
        &arrays,
        Some(axis),
        cast,
        "hstack",
        span,
    )?))
}

/// `np.vstack(tup, *, dtype=None, casting='same_kind')`: along axis 0 of inputs made 2-d.
pub fn vstack(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let cast = join_dtype(b)?;
    let arrays = joined(ctx, b, 2, span)?;
    Ok(Value::Array(concatenate_arrays(
        ctx,
        &arrays,
        Some(0),
        cast,
        "vstack",
        span,
    )?))
}
