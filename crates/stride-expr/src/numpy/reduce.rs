//! Reductions: `x.sum(axis, dtype, keepdims)` and `np.sum`, with NumPy's axis checks, result
//! dtypes and output layout, and its float results bit for bit.
//!
//! ## How NumPy adds
//!
//! A reduction runs NumPy's iterator over the input and the output, which is 0-strided on the
//! reduced axes. The iterator orders the axes by the input's strides (fastest first, size-1 axes
//! dropped), never flips negative strides here, and joins neighbouring reduced axes the input
//! walks with one stride. When the fastest axis is reduced, each call of the inner loop adds its
//! run with pairwise summation (`pairwise_sum` in NumPy's `loops_utils.h`: plain below 8 items,
//! 8 running sums up to 128, halves above) and adds that to the output element; otherwise the
//! inner loop adds elementwise, so each output element is a plain running sum. When the input
//! must be cast (`dtype=`) or the next reduced axis could not be joined, the iterator copies the
//! input into a buffer of 8192 items, so one inner call covers as many whole runs of the reduced
//! axes as fit (NumPy 2.3's buffer setup). float16 is added in float32 within an inner call and
//! rounded to float16 after it. The result starts from 0 (`0.0 + -0.0` is `0.0`), and integers
//! wrap in the result's dtype. `tests/corpus/numpy-sums.jsonl` (made by `tests/corpus/sums.py`) checks all of this against
//! NumPy's own results on random arrays.

use std::rc::Rc;

use stride_core::{Layout, Order};

use super::dtype_arg;
use crate::array::{Array, Op, Origin};
use crate::dtype::{DType, Kind, Num, f16_to_f64, f64_to_f16};
use crate::error::{EvalError, Span};
use crate::eval::Context;
use crate::signature::Bound;
use crate::value::Value;

/// NumPy's buffer size: the most items one buffered inner loop covers.
const BUFFER: i64 = 8192;

/// `x.sum(axis, dtype, out, keepdims, initial, where)` and `np.sum(a, …)`.
pub fn sum(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let reduced = reduced_axes(b.given("axis"), a.layout.ndim())?;
    let dtype = dtype_arg(b.given("dtype"))?;
    let keepdims = match b.given("keepdims") {
        None => false,
        // NumPy reads `keepdims` as an int (`None` is refused, 2 is true).
        Some(v) => v.as_index()? != 0,
    };
    sum_array(ctx, a, &reduced, dtype, keepdims, span)
}

/// The axes `axis` names, as one flag per axis: `None` is all of them.
pub fn reduced_axes(axis: Option<&Value>, ndim: usize) -> Result<Vec<bool>, EvalError> {
    let items: Vec<i64> = match axis {
        None | Some(Value::None) => return Ok(vec![true; ndim]),
        // A 0-d array takes one int axis 0 or -1 (not in a tuple), as no axis at all.
        Some(v)
            if ndim == 0 && !matches!(v, Value::Tuple(_)) && matches!(v.as_index(), Ok(0 | -1)) =>
        {
            return Ok(Vec::new());
        }
        Some(Value::Tuple(items)) => items
            .iter()
            .map(Value::as_index)
            .collect::<Result<_, _>>()?,
        Some(v) => vec![v.as_index()?],
    };
    let mut reduced = vec![false; ndim];
    let n = i64::try_from(ndim).unwrap_or(i64::MAX);
    for axis in items {
        if axis < -n || axis >= n {
            return Err(EvalError::new(
                "AxisError",
                format!("axis {axis} is out of bounds for array of dimension {ndim}"),
            ));
        }
        let k = usize::try_from(if axis < 0 { axis + n } else { axis }).unwrap_or(0);
        match reduced.get_mut(k) {
            Some(slot) if *slot => {
                return Err(EvalError::value_error("duplicate value in 'axis'"));
            }
            Some(slot) => *slot = true,
            None => {}
        }
    }
    Ok(reduced)
}

/// The dtype NumPy's `add.reduce` gives when none is asked for: booleans and small signed ints
/// add up in int64, floats keep their dtype. (NumPy adds uint8 in uint64, a dtype the lab does
/// not have: that is refused as not supported.)
pub fn sum_dtype(d: DType) -> Option<DType> {
    match d {
        DType::UInt8 => None,
        DType::Bool | DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => {
            Some(DType::Int64)
        }
        other => Some(other),
    }
}

/// One axis of the iteration: its length, the input's byte stride along it, and the step of the
/// output element (row-major over the kept axes; 0 on a reduced axis).
#[derive(Clone, Copy, Debug)]
struct Dim {
    len: i64,
    stride: i64,
    out: usize,
    reduced: bool,
}

/// The iteration over `layout`, fastest axis first, with neighbouring reduced axes joined where
/// one stride walks them.
fn iteration(layout: &Layout, reduced: &[bool], keep: &[i64]) -> Vec<Dim> {
    // Output steps, row-major over the kept shape.
    let mut out_step = vec![0usize; keep.len()];
    let mut step = 1usize;
    for k in (0..keep.len()).rev() {
        if let Some(slot) = out_step.get_mut(k) {
            *slot = step;
        }
        step = step.saturating_mul(usize::try_from(keep.get(k).copied().unwrap_or(1)).unwrap_or(0));
    }
    let order = stride_core::copy::iteration_order(layout);
    let mut dims: Vec<Dim> = Vec::new();
    for &axis in order.iter().rev() {
        let k = usize::try_from(axis).unwrap_or(0);
        let len = layout.shape().get(k).copied().unwrap_or(1);
        if len == 1 {
            continue;
        }
        let stride = layout.strides().get(k).copied().unwrap_or(0);
        let red = reduced.get(k).copied().unwrap_or(false);
        if let Some(last) = dims.last_mut() {
            if red && last.reduced && Some(stride) == last.stride.checked_mul(last.len) {
                last.len = last.len.saturating_mul(len);
                continue;
            }
        }
        dims.push(Dim {
            len,
            stride,
            out: if red {
                0
            } else {
                out_step.get(k).copied().unwrap_or(0)
            },
            reduced: red,
        });
    }
    dims
}

/// How the inner loop runs: over the first `core` dims whole, then `rows` at a time of dim
/// `core` when the buffer cuts it.
fn inner_loop(dims: &[Dim], cast: bool) -> (usize, Option<i64>) {
    let Some(first) = dims.first() else {
        return (0, None);
    };
    if !first.reduced {
        return (0, None);
    }
    let next_reduced = dims.get(1).is_some_and(|d| d.reduced);
    let buffered = cast || (next_reduced && first.len < BUFFER);
    if !buffered {
        return (1, None);
    }
    let mut size = 1i64;
    for (k, d) in dims.iter().enumerate() {
        if !d.reduced {
            return (k, None);
        }
        match size.checked_mul(d.len) {
            Some(s) if s <= BUFFER => size = s,
            _ => return (k, Some((BUFFER / size).max(1))),
        }
    }
    (dims.len(), None)
}

/// NumPy's `pairwise_sum` over `v`, rounding each step with `round`.
fn pairwise(v: &[f64], round: &impl Fn(f64) -> f64) -> f64 {
    const BLOCK: usize = 128;
    let n = v.len();
    if n < 8 {
        return v.iter().fold(0.0, |acc, &x| round(acc + x));
    }
    if n <= BLOCK {
        let mut r = [0.0f64; 8];
        for (slot, &x) in r.iter_mut().zip(v) {
            *slot = x;
        }
        let whole = n - n % 8;
        for chunk in v.get(8..whole).unwrap_or(&[]).chunks_exact(8) {
            for (slot, &x) in r.iter_mut().zip(chunk) {
                *slot = round(*slot + x);
            }
        }
        let [r0, r1, r2, r3, r4, r5, r6, r7] = r;
        let left = round(round(r0 + r1) + round(r2 + r3));
        let right = round(round(r4 + r5) + round(r6 + r7));
        let mut res = round(left + right);
        for &x in v.get(whole..).unwrap_or(&[]) {
            res = round(res + x);
        }
        return res;
    }
    let mut half = n / 2;
    half -= half % 8;
    let (a, b) = v.split_at(half);
    round(pairwise(a, round) + pairwise(b, round))
}

/// The rounding of one addition in the loop's type: float32 for float32 and float16.
fn rounding(d: DType) -> impl Fn(f64) -> f64 {
    move |x| match d {
        DType::Float32 | DType::Float16 => f64::from(x as f32),
        _ => x,
    }
}

/// The sum of `a` over the `reduced` axes in `dtype` (or NumPy's default), as NumPy computes it.
pub fn sum_array(
    ctx: &mut Context,
    a: &Rc<Array>,
    reduced: &[bool],
    dtype: Option<DType>,
    keepdims: bool,
    span: Span,
) -> Result<Value, EvalError> {
    let out_dtype = match dtype {
        Some(d) => d,
        None => sum_dtype(a.dtype).ok_or_else(|| {
            EvalError::unsupported(
                "the sum of a uint8 array without dtype= (NumPy gives uint64, a dtype the lab does not have)",
                span,
            )
        })?,
    };
    let l = &a.layout;
    let keep: Vec<i64> = l
        .shape()
        .iter()
        .zip(reduced)
        .map(|(&d, &r)| if r { 1 } else { d })
        .collect();
    let out_size = usize::try_from(keep.iter().product::<i64>()).unwrap_or(0);
    ctx.room(
        i64::try_from(out_size)
            .unwrap_or(i64::MAX)
            .saturating_mul(out_dtype.itemsize()),
        span,
    )?;
    ctx.charge(u64::try_from(l.size()).unwrap_or(u64::MAX), span)?;

    let dims = iteration(l, reduced, &keep);
    let cast = dtype.is_some_and(|d| d != a.dtype);
    let (core, rows) = inner_loop(&dims, cast);
    let read = |p: i128| -> Result<Num, EvalError> {
        let n = a
            .read_at(p)
            .ok_or_else(|| EvalError::value_error("the array reads outside its buffer").at(span))?;
        Ok(out_dtype.cast(n))
    };
    // The outer index runs over the dims after the core (and the cut dim), slowest last.
    let (cut, outer_from) = match rows {
        Some(r) => (Some((core, r)), core + 1),
        None => (None, core),
    };
    let core_dims = dims.get(..core).unwrap_or(&[]);
    let outer_dims = dims.get(outer_from..).unwrap_or(&[]);
    let mut results = vec![out_dtype.cast(Num::Int(0)); out_size.max(1)];
    let float = out_dtype.kind() == Kind::Float;
    let round = rounding(out_dtype);
    let mut values: Vec<f64> = Vec::new();
    for outer in Odometer::new(outer_dims) {
        let (base, slot) = (i128::from(l.offset()) + outer.0, outer.1);
        let chunks: Vec<(i64, i64)> = match cut.and_then(|(k, r)| dims.get(k).map(|d| (d, r))) {
            Some((d, r)) => (0..d.len)
                .step_by(usize::try_from(r).unwrap_or(1).max(1))
                .map(|s| (s, (s + r).min(d.len)))
                .collect(),
            None => vec![(0, 1)],
        };
        for (from, to) in chunks {
            values.clear();
            let mut int_total: i64 = 0;
            let mut any = false;
            for row in from..to {
                let row_base = match cut.and_then(|(k, _)| dims.get(k)) {
                    Some(d) => base + i128::from(row) * i128::from(d.stride),
                    None => base,
                };
                for (offset, _) in Odometer::new(core_dims) {
                    let v = read(row_base + offset)?;
                    match v {
                        Num::Float(f) => values.push(f),
                        Num::Int(i) => int_total = int_total.wrapping_add(i),
                        Num::Bool(b) => any |= b,
                    }
                }
            }
            let current = results.get(slot).copied().unwrap_or(Num::Int(0));
            let next = match current {
                Num::Float(acc) if float => {
                    let added = round(acc + pairwise(&values, &round));
                    Num::Float(if out_dtype == DType::Float16 {
                        f16_to_f64(f64_to_f16(added))
                    } else {
                        added
                    })
                }
                Num::Int(acc) => Num::Int(out_dtype.wrap(acc.wrapping_add(int_total))),
                Num::Bool(acc) => Num::Bool(acc || any),
                other => other,
            };
            if let Some(s) = results.get_mut(slot) {
                *s = next;
            }
        }
    }
    if reduced.iter().all(|&r| r) && !keepdims {
        let v = results.first().copied().unwrap_or(Num::Int(0));
        return Ok(Value::Scalar(out_dtype, v));
    }
    let layout = result_layout(l, &keep, reduced, keepdims, out_dtype.itemsize())?;
    results.truncate(out_size);
    let origin = Origin {
        op: Op::Compute("sum"),
        parent: Some(Rc::clone(a)),
        span,
    };
    Ok(Value::Array(
        ctx.new_array(layout, out_dtype, &results, a.torch, origin)?,
    ))
}

/// The layout NumPy's iterator allocates for the result: the kept shape in the input's axis
/// order, densely; without `keepdims` the reduced axes are then dropped. An empty result gets
/// zero strides, as every new empty array.
fn result_layout(
    input: &Layout,
    keep: &[i64],
    reduced: &[bool],
    keepdims: bool,
    itemsize: i64,
) -> Result<Layout, EvalError> {
    let shape: Vec<i64> = keep
        .iter()
        .zip(reduced)
        .filter(|&(_, &r)| keepdims || !r)
        .map(|(&d, _)| d)
        .collect();
    if shape.iter().product::<i64>() == 0 {
        return Ok(Layout::allocated(&shape, itemsize, Order::C)?);
    }
    let order = stride_core::copy::iteration_order(input);
    let mut strides = vec![0i64; keep.len()];
    let mut step = itemsize;
    for &axis in order.iter().rev() {
        let k = usize::try_from(axis).unwrap_or(0);
        if let Some(slot) = strides.get_mut(k) {
            *slot = step;
        }
        step = step.saturating_mul(keep.get(k).copied().unwrap_or(1));
    }
    let strides: Vec<i64> = strides
        .iter()
        .zip(reduced)
        .filter(|&(_, &r)| keepdims || !r)
        .map(|(&s, _)| s)
        .collect();
    Ok(Layout::new(&shape, &strides, 0, itemsize)?)
}

/// Every index of some dims, as (input byte offset, output element): the last dim slowest.
struct Odometer<'a> {
    dims: &'a [Dim],
    index: Vec<i64>,
    done: bool,
}

impl<'a> Odometer<'a> {
    fn new(dims: &'a [Dim]) -> Self {
        Odometer {
            dims,
            index: vec![0; dims.len()],
            done: dims.iter().any(|d| d.len == 0),
        }
    }
}

impl Iterator for Odometer<'_> {
    type Item = (i128, usize);

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut offset = 0i128;
        let mut out = 0usize;
        for (d, &i) in self.dims.iter().zip(&self.index) {
            offset += i128::from(i) * i128::from(d.stride);
            out = out.saturating_add(d.out.saturating_mul(usize::try_from(i).unwrap_or(0)));
        }
        // Advance, fastest (first) dim first.
        self.done = true;
        for (slot, d) in self.index.iter_mut().zip(self.dims) {
            *slot += 1;
            if *slot < d.len {
                self.done = false;
                break;
            }
            *slot = 0;
        }
        Some((offset, out))
    }
}
