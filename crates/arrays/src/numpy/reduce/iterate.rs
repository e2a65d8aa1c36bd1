//! The iteration of a reduction as NumPy's iterator runs it (see the parent module's docs): the
//! order of the axes, which reduced axes join, which inner-loop calls there are, and what each
//! call does to its output element.

use std::rc::Rc;

use stride_core::Layout;

use crate::array::Array;
use crate::context::Context;
use crate::dtype::{DType, Num, f16_to_f64, f64_to_f16};
use crate::error::{EvalError, Span};

/// NumPy's buffer size: the most items one buffered inner loop covers.
const BUFFER: i64 = 8192;

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
        DType::Float32 | DType::Float16 | DType::BFloat16 => f64::from(x as f32),
        _ => x,
    }
}

/// A reduction NumPy runs with its iterator: `add`, `multiply`, `maximum`, `minimum`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    /// `sum`: pairwise within an inner loop.
    Sum,
    /// `prod`: a running product.
    Prod,
    /// `max`: no identity, NaN wins.
    Max,
    /// `min`: no identity, NaN wins.
    Min,
}

impl Reduction {
    fn ufunc(self) -> &'static str {
        match self {
            Reduction::Sum => "sum",
            Reduction::Prod => "prod",
            Reduction::Max => "maximum",
            Reduction::Min => "minimum",
        }
    }
}

/// One inner-loop call: `values` (already in `dtype`) folded into the output element `current`.
fn combine(op: Reduction, dtype: DType, current: Option<Num>, values: &[Num]) -> Option<Num> {
    let round = rounding(dtype);
    let half = |x: f64| {
        if dtype == DType::Float16 {
            f16_to_f64(f64_to_f16(x))
        } else {
            x
        }
    };
    match op {
        Reduction::Sum | Reduction::Prod => {
            let identity = dtype.cast(Num::Int(i128::from(op == Reduction::Prod)));
            let acc = current.unwrap_or(identity);
            Some(match acc {
                Num::Float(acc) if op == Reduction::Sum => {
                    let floats: Vec<f64> = values.iter().map(|v| v.as_f64()).collect();
                    Num::Float(half(round(acc + pairwise(&floats, &round))))
                }
                Num::Float(acc) => {
                    Num::Float(half(values.iter().fold(acc, |p, v| round(p * v.as_f64()))))
                }
                Num::Int(acc) => Num::Int(values.iter().fold(acc, |t, v| {
                    let x = match v {
                        Num::Int(i) => *i,
                        other => i128::from(other.truthy()),
                    };
                    dtype.wrap(if op == Reduction::Sum {
                        t.wrapping_add(x)
                    } else {
                        t.wrapping_mul(x)
                    })
                })),
                Num::Bool(acc) if op == Reduction::Sum => {
                    Num::Bool(acc || values.iter().any(|v| v.truthy()))
                }
                Num::Bool(acc) => Num::Bool(acc && values.iter().all(|v| v.truthy())),
            })
        }
        Reduction::Max | Reduction::Min => values.iter().fold(current, |acc, &v| {
            let Some(acc) = acc else { return Some(v) };
            // Integers compare exactly (uint64 values past 2^53 are not doubles).
            if let (Num::Int(x), Num::Int(y)) = (acc, v) {
                let better = (op == Reduction::Max && y > x) || (op == Reduction::Min && y < x);
                return Some(if better { v } else { acc });
            }
            let (x, y) = (acc.as_f64(), v.as_f64());
            let better = (op == Reduction::Max && y > x) || (op == Reduction::Min && y < x);
            Some(if x.is_nan() {
                acc
            } else if y.is_nan() || better {
                v
            } else {
                acc
            })
        }),
    }
}

/// The result of reducing `a` over the `reduced` axes with `op` in `out_dtype`, in row-major order
/// of the kept shape, as NumPy computes it.
pub fn reduce_values(
    ctx: &mut Context,
    a: &Rc<Array>,
    reduced: &[bool],
    op: Reduction,
    out_dtype: DType,
    span: Span,
) -> Result<Vec<Num>, EvalError> {
    let l = &a.layout;
    let keep = kept(l, reduced);
    let count: i64 = l
        .shape()
        .iter()
        .zip(reduced)
        .filter(|&(_, &r)| r)
        .map(|(&d, _)| d)
        .product();
    if count == 0 && matches!(op, Reduction::Max | Reduction::Min) {
        return Err(EvalError::value_error(format!(
            "zero-size array to reduction operation {} which has no identity",
            op.ufunc()
        )));
    }
    let out_size = usize::try_from(keep.iter().product::<i64>()).unwrap_or(0);
    ctx.room(
        i64::try_from(out_size)
            .unwrap_or(i64::MAX)
            .saturating_mul(out_dtype.itemsize()),
        span,
    )?;
    ctx.charge(
        u64::try_from(l.size())
            .unwrap_or(u64::MAX)
            .saturating_mul(a.buffer.snapshot_cost()),
        span,
    )?;

    let dims = iteration(l, reduced, &keep);
    let cast = out_dtype != a.dtype;
    let (core, rows) = inner_loop(&dims, cast);
    let outside = || EvalError::value_error("the array reads outside its buffer").at(span);
    let read = |p: i128| -> Result<Num, EvalError> {
        let n = a.read_at(p).ok_or_else(outside)?;
        Ok(out_dtype.cast(n))
    };
    let mut scratch: Vec<Option<Num>> = Vec::new();
    // The outer index runs over the dims after the core (and the cut dim), slowest last.
    let (cut, outer_from) = match rows {
        Some(r) => (Some((core, r)), core + 1),
        None => (None, core),
    };
    let core_dims = dims.get(..core).unwrap_or(&[]);
    let outer_dims = dims.get(outer_from..).unwrap_or(&[]);
    let mut results: Vec<Option<Num>> = vec![None; out_size.max(1)];
    let mut values: Vec<Num> = Vec::new();
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
            for row in from..to {
                let row_base = match cut.and_then(|(k, _)| dims.get(k)) {
                    Some(d) => base + i128::from(row) * i128::from(d.stride),
                    None => base,
                };
                match core_layout(core_dims, row_base, a.dtype) {
                    // The row's elements read at once (one borrow, row by row), then cast.
                    Some(row) => {
                        scratch.clear();
                        let n = usize::try_from(row.size()).unwrap_or(0);
                        let walk = &mut crate::array::Walk::new(&row);
                        a.buffer.read_walk(a.dtype, walk, n, &mut scratch);
                        for v in &scratch {
                            values.push(out_dtype.cast(v.ok_or_else(outside)?));
                        }
                    }
                    None => {
                        for (offset, _) in Odometer::new(core_dims) {
                            values.push(read(row_base + offset)?);
                        }
                    }
                }
            }
            if let Some(s) = results.get_mut(slot) {
                *s = combine(op, out_dtype, *s, &values);
            }
        }
    }
    let empty = combine(op, out_dtype, None, &[]).unwrap_or(Num::Int(0));
    let mut out: Vec<Num> = results.into_iter().map(|v| v.unwrap_or(empty)).collect();
    out.truncate(out_size.max(1));
    Ok(out)
}

/// The core dims (fastest first) from `base` as a layout in row order (the fastest axis last),
/// or `None` where a layout cannot say it.
fn core_layout(core: &[Dim], base: i128, dtype: DType) -> Option<Layout> {
    let shape: Vec<i64> = core.iter().rev().map(|d| d.len).collect();
    let strides: Vec<i64> = core.iter().rev().map(|d| d.stride).collect();
    Layout::new(
        &shape,
        &strides,
        i64::try_from(base).ok()?,
        dtype.itemsize(),
    )
    .ok()
}

/// The shape with the reduced axes set to 1.
pub(super) fn kept(l: &Layout, reduced: &[bool]) -> Vec<i64> {
    l.shape()
        .iter()
        .zip(reduced)
        .map(|(&d, &r)| if r { 1 } else { d })
        .collect()
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
