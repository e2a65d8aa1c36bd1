//! `torch.einsum` of two or more operands, step by step as PyTorch 2.15's `at::native::einsum`
//! takes it (no `opt_einsum` path: left to right), so that the result has PyTorch's strides and
//! dtype and a failing step PyTorch's message:
//!
//! 1. each operand's repeated subscripts become a diagonal (moved back where the first one was),
//!    missing subscripts become size-1 axes, and the axes are permuted to the output's order then
//!    the contracted subscripts' (ASCII order, uppercase first);
//! 2. the first two operands are taken; an axis only one of them still has, that no later operand
//!    has, is summed away at once (`sum(dims, keepdim=True)`: a new contiguous tensor, integers
//!    and bools summed in int64); the pair is then `sumproduct_pair`: a plain `mul` (PyTorch's
//!    TensorIterator lays the output out by the operands' strides) when nothing is contracted,
//!    else both permuted and reshaped to 3-D (a copy when no view fits), a `bmm` (same dtypes,
//!    no bool) into a contiguous `(batch, n, m)`, viewed back and permuted; the product goes
//!    first and the loop repeats;
//! 3. the size-1 contracted axes are dropped with a `view`.
//!
//! Every intermediate keeps the memory it would have (an operand's buffer, or values the lab
//! computed in that step's dtype, wrapping as PyTorch's integer kernels do), so the strides of
//! the last step are PyTorch's. Float sums are computed only where no order can round.

use std::collections::VecDeque;
use std::rc::Rc;

use stride_core::footprint::Positions;
use stride_core::{Layout, Order};

use crate::array::{Array, Op, Origin, check_read, view_of};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::numpy::exact::{Acc, count, rounds};
use crate::value::Value;

use super::{ELLIPSIS, runtime};

/// The memory a step reads.
#[derive(Clone)]
enum Mem {
    /// An operand's own buffer.
    Operand(Rc<Array>),
    /// Values the lab computed, by element position, and the layout they were made in.
    Made(Rc<(Vec<Num>, Layout)>),
}

/// One tensor in PyTorch's einsum: its memory, its layout over it (bytes) and dtype, and whether
/// it is the tensor that made the memory (no view taken since: `_base` is None).
#[derive(Clone)]
struct Step {
    mem: Mem,
    layout: Layout,
    dtype: DType,
    fresh: bool,
}

/// The parsed equation, as `torch::einsum`'s first half leaves it.
pub(super) struct Parsed<'a> {
    /// Every operand's subscripts (`ELLIPSIS` for `...`).
    pub labels: &'a [Vec<usize>],
    /// The output's subscripts (`ELLIPSIS` where the `...` axes go).
    pub output: &'a [usize],
    /// How many times each subscript appears in the operands.
    pub count: &'a [usize; 52],
    /// The most axes any `...` covers.
    pub ell_dims: usize,
}

fn size(l: &Layout, d: usize) -> i64 {
    l.shape().get(d).copied().unwrap_or(1)
}

impl Step {
    fn operand(a: &Rc<Array>) -> Step {
        Step {
            mem: Mem::Operand(Rc::clone(a)),
            layout: a.layout,
            dtype: a.dtype,
            fresh: false,
        }
    }

    fn with(&self, layout: Layout) -> Step {
        Step {
            mem: self.mem.clone(),
            layout,
            dtype: self.dtype,
            fresh: false,
        }
    }

    fn size(&self, d: usize) -> i64 {
        size(&self.layout, d)
    }

    fn ndim(&self) -> usize {
        self.layout.ndim()
    }

    /// The element at byte position `p`.
    fn read(&self, p: i128, span: Span) -> Result<Num, EvalError> {
        let v = match &self.mem {
            Mem::Operand(a) => a.read_at(p),
            Mem::Made(made) => usize::try_from(p / i128::from(self.layout.itemsize()))
                .ok()
                .and_then(|k| made.0.get(k).copied()),
        };
        v.ok_or_else(|| EvalError::value_error("an operand reads outside its buffer").at(span))
    }

    /// The values in row (C) order.
    fn values(&self, ctx: &mut Context, span: Span) -> Result<Vec<Num>, EvalError> {
        check_read(self.layout.size(), span)?;
        ctx.charge(u64::try_from(self.layout.size()).unwrap_or(u64::MAX), span)?;
        Positions::new(&self.layout)
            .map(|p| self.read(p, span))
            .collect()
    }

    /// New memory of `layout` holding `values` (row order).
    fn made(layout: Layout, dtype: DType, values: &[Num]) -> Step {
        let itemsize = i128::from(layout.itemsize());
        let slots = Positions::new(&layout)
            .map(|p| p / itemsize)
            .max()
            .map_or(0, |m| usize::try_from(m + 1).unwrap_or(0));
        let mut memory = vec![dtype.cast(Num::Int(0)); slots];
        for (p, &v) in Positions::new(&layout).zip(values) {
            if let Some(slot) = usize::try_from(p / itemsize)
                .ok()
                .and_then(|k| memory.get_mut(k))
            {
                *slot = v;
            }
        }
        Step {
            mem: Mem::Made(Rc::new((memory, layout))),
            layout,
            dtype,
            fresh: true,
        }
    }

    fn permute(&self, perm: &[i64]) -> Result<Step, EvalError> {
        Ok(self.with(stride_core::torch::permute(&self.layout, perm)?))
    }

    fn unsqueeze(&self, dim: usize) -> Result<Step, EvalError> {
        let d = i64::try_from(dim).unwrap_or(i64::MAX);
        Ok(self.with(stride_core::torch::unsqueeze(&self.layout, d)?))
    }

    /// `diagonal(0, prev, dim).movedim(-1, prev)`.
    fn diagonal(&self, prev: usize, dim: usize) -> Result<Step, EvalError> {
        let l = &self.layout;
        let mut shape: Vec<i64> = l.shape().to_vec();
        let mut strides: Vec<i64> = l.strides().to_vec();
        let (d, s) = (size(l, prev).min(size(l, dim)), {
            let st = |k: usize| strides.get(k).copied().unwrap_or(0);
            st(prev) + st(dim)
        });
        for k in [dim, prev] {
            if k < shape.len() {
                shape.remove(k);
                strides.remove(k);
            }
        }
        let at = prev.min(shape.len());
        shape.insert(at, d);
        strides.insert(at, s);
        Ok(self.with(Layout::new(&shape, &strides, l.offset(), l.itemsize())?))
    }

    fn view(&self, shape: &[i64]) -> Result<Step, EvalError> {
        Ok(self.with(stride_core::torch::view(&self.layout, shape)?))
    }

    /// `reshape`: the view when one fits, else a contiguous copy.
    fn reshape(&self, ctx: &mut Context, shape: &[i64], span: Span) -> Result<Step, EvalError> {
        let (layout, kept) = stride_core::torch::reshape(&self.layout, shape)?;
        if kept {
            return Ok(self.with(layout));
        }
        let values = self.values(ctx, span)?;
        Ok(Step::made(layout, self.dtype, &values))
    }

    /// `sum(dims, keepdim=True)`: a new contiguous tensor; integers and bools add up in int64.
    fn sum_keep(&self, ctx: &mut Context, dims: &[usize], span: Span) -> Result<Step, EvalError> {
        let dtype = if self.dtype.is_float() {
            self.dtype
        } else {
            DType::Int64
        };
        let shape: Vec<i64> = (0..self.ndim())
            .map(|d| if dims.contains(&d) { 1 } else { self.size(d) })
            .collect();
        let values = self.values(ctx, span)?;
        let mut sums: Vec<Acc> = (0..count(&shape)).map(|_| Acc::new(dtype)).collect();
        let own: Vec<i64> = self.layout.shape().to_vec();
        let mut index = vec![0i64; own.len()];
        for v in values {
            let mut at = 0i64;
            for (d, (&i, &n)) in index.iter().zip(&shape).enumerate() {
                at = at * n + if dims.contains(&d) { 0 } else { i };
            }
            if let Some(acc) = usize::try_from(at).ok().and_then(|k| sums.get_mut(k)) {
                acc.add(&[dtype.cast(v)]);
            }
            step(&mut index, &own);
        }
        let out: Vec<Num> = sums
            .iter()
            .map(|a| a.finish(dtype).ok_or_else(|| rounds("torch.einsum", span)))
            .collect::<Result<_, _>>()?;
        let layout = Layout::contiguous(&shape, dtype.itemsize(), Order::C)?;
        Ok(Step::made(layout, dtype, &out))
    }
}

/// Advances a C-order multi-index.
fn step(index: &mut [i64], sizes: &[i64]) {
    for (i, &d) in index.iter_mut().zip(sizes).rev() {
        *i += 1;
        if *i < d {
            return;
        }
        *i = 0;
    }
}

/// PyTorch's promotion of two tensors: the higher kind wins, else NumPy's table.
fn promote(x: DType, y: DType) -> DType {
    match x.kind().cmp(&y.kind()) {
        std::cmp::Ordering::Greater => x,
        std::cmp::Ordering::Less => y,
        std::cmp::Ordering::Equal => x.promote(y),
    }
}

/// The output layout TensorIterator allocates for `a * b` (both already of one rank): the
/// operands' own strides when both are dense with the same shape and strides (or contiguous),
/// else the axes sorted by the operands' strides (a broadcast axis has no say).
fn mul_layout(a: &Layout, b: &Layout, shape: &[i64], itemsize: i64) -> Result<Layout, EvalError> {
    let n = shape.len();
    if a.shape().as_slice() == shape && b.shape().as_slice() == shape {
        if stride_core::torch::is_contiguous(a) && stride_core::torch::is_contiguous(b) {
            return Ok(Layout::contiguous(shape, itemsize, Order::C)?);
        }
        let dense = stride_core::torch::is_non_overlapping_and_dense;
        let elements =
            |l: &Layout| -> Vec<i64> { l.strides().iter().map(|s| s / l.itemsize()).collect() };
        if dense(a) && dense(b) && elements(a) == elements(b) {
            let strides: Vec<i64> = elements(a).iter().map(|s| s * itemsize).collect();
            return Ok(Layout::new(shape, &strides, 0, itemsize)?);
        }
    }
    let strides_of = |l: &Layout| -> Vec<i64> {
        (0..n)
            .map(|d| {
                if size(l, d) == 1 && shape.get(d).copied().unwrap_or(1) != 1 {
                    0
                } else {
                    l.strides().get(d).copied().unwrap_or(0) / l.itemsize()
                }
            })
            .collect()
    };
    let ops = [strides_of(a), strides_of(b)];
    // 1: dim0 after dim1; -1: before; 0: ambiguous.
    let should_swap = |d0: usize, d1: usize| -> i32 {
        for s in &ops {
            let (s0, s1) = (
                s.get(d0).copied().unwrap_or(0),
                s.get(d1).copied().unwrap_or(0),
            );
            if s0 == 0 || s1 == 0 {
                continue;
            }
            if s0 < s1 {
                return -1;
            }
            if s0 > s1 {
                return 1;
            }
            if shape.get(d0) > shape.get(d1) {
                return 1;
            }
        }
        0
    };
    // perm[0] is the fastest axis.
    let mut perm: Vec<usize> = (0..n).rev().collect();
    for i in 1..n {
        let mut d1 = i;
        for d0 in (0..i).rev() {
            let (p0, p1) = (
                perm.get(d0).copied().unwrap_or(0),
                perm.get(d1).copied().unwrap_or(0),
            );
            match should_swap(p0, p1) {
                c if c > 0 => {
                    perm.swap(d0, d1);
                    d1 = d0;
                }
                c if c < 0 => break,
                _ => {}
            }
        }
    }
    let inverted = perm.iter().enumerate().all(|(j, &p)| p == n - 1 - j);
    if inverted {
        return Ok(Layout::contiguous(shape, itemsize, Order::C)?);
    }
    let mut strides = vec![0i64; n];
    let mut next = itemsize;
    for &p in &perm {
        if let Some(s) = strides.get_mut(p) {
            *s = next;
        }
        next = next.saturating_mul(shape.get(p).copied().unwrap_or(1));
    }
    Ok(Layout::new(shape, &strides, 0, itemsize)?)
}

/// `a * b` broadcast, in the promoted dtype.
fn mul(ctx: &mut Context, a: &Step, b: &Step, span: Span) -> Result<Step, EvalError> {
    let dtype = promote(a.dtype, b.dtype);
    let shape = stride_core::broadcast::broadcast_operands(a.layout.shape(), b.layout.shape())?;
    let shape: Vec<i64> = shape.to_vec();
    let total = count(&shape);
    check_read(total, span)?;
    ctx.charge(u64::try_from(total).unwrap_or(u64::MAX), span)?;
    let read = |s: &Step| -> Result<Vec<Num>, EvalError> {
        let view = stride_core::broadcast::broadcast_to(&s.layout, &shape)?;
        s.with(view)
            .values_unchecked(span)
            .map(|v| v.into_iter().map(|x| dtype.cast(x)).collect())
    };
    let (av, bv) = (read(a)?, read(b)?);
    let values: Vec<Num> = av
        .iter()
        .zip(&bv)
        .map(|(&x, &y)| product(dtype, x, y))
        .collect();
    let layout = mul_layout(&a.layout, &b.layout, &shape, dtype.itemsize())?;
    Ok(Step::made(layout, dtype, &values))
}

impl Step {
    /// The values in row order, the work already charged.
    fn values_unchecked(&self, span: Span) -> Result<Vec<Num>, EvalError> {
        Positions::new(&self.layout)
            .map(|p| self.read(p, span))
            .collect()
    }
}

/// One product in `dtype` (a float product rounds once, as PyTorch's kernels do it).
fn product(dtype: DType, x: Num, y: Num) -> Num {
    match dtype {
        DType::Bool => Num::Bool(x.truthy() && y.truthy()),
        d if d.is_float() => d.cast(Num::Float(x.as_f64() * y.as_f64())),
        d => {
            let int = |v: Num| match v {
                Num::Int(i) => i,
                Num::Bool(b) => i128::from(b),
                Num::Float(f) => f as i128,
            };
            d.cast(Num::Int(d.wrap(int(x).wrapping_mul(int(y)))))
        }
    }
}

/// The C++ scalar type name of PyTorch's dtype checks.
fn scalar_type(d: DType) -> &'static str {
    super::super::products::scalar_type(d)
}

/// `bmm(left, right)` of two 3-D steps: a new contiguous `(b, n, m)` in the right operand's dtype.
/// An empty result or an empty sum is zeros without any check; otherwise the left operand's dtype
/// picks the kernel (none for bool), which then wants the right one to match.
fn bmm(ctx: &mut Context, x: &Step, y: &Step, span: Span) -> Result<Step, EvalError> {
    let (b, n, k, m) = (x.size(0), x.size(1), x.size(2), y.size(2));
    let dtype = y.dtype;
    let layout = Layout::contiguous(&[b, n, m], dtype.itemsize(), Order::C)?;
    if count(&[b, n, m, k]) == 0 {
        let zeros = vec![dtype.cast(Num::Int(0)); usize::try_from(count(&[b, n, m])).unwrap_or(0)];
        return Ok(Step::made(layout, dtype, &zeros));
    }
    if x.dtype == DType::Bool {
        return Err(EvalError::new(
            "NotImplementedError",
            "\"bmm\" not implemented for 'Bool'",
        ));
    }
    if x.dtype != y.dtype {
        return Err(runtime(format!(
            "expected scalar type {} but found {}",
            scalar_type(x.dtype),
            scalar_type(y.dtype)
        )));
    }
    let work = count(&[b, n, m, k]);
    check_read(work, span)?;
    ctx.charge(u64::try_from(work).unwrap_or(u64::MAX), span)?;
    let (xv, yv) = (x.values(ctx, span)?, y.values(ctx, span)?);
    let [bu, nu, ku, mu] = [b, n, k, m].map(|v| usize::try_from(v).unwrap_or(0));
    let mut out = Vec::with_capacity(bu * nu * mu);
    for bi in 0..bu {
        for i in 0..nu {
            for j in 0..mu {
                let mut acc = Acc::new(dtype);
                for p in 0..ku {
                    let xa = xv.get((bi * nu + i) * ku + p).copied();
                    let yb = yv.get((bi * ku + p) * mu + j).copied();
                    if let (Some(xa), Some(yb)) = (xa, yb) {
                        acc.add(&[xa, yb]);
                    }
                }
                out.push(
                    acc.finish(dtype)
                        .ok_or_else(|| rounds("torch.einsum", span))?,
                );
            }
        }
    }
    Ok(Step::made(layout, dtype, &out))
}

fn to_i64(v: &[usize]) -> Vec<i64> {
    v.iter()
        .map(|&d| i64::try_from(d).unwrap_or(i64::MAX))
        .collect()
}

/// `sumproduct_pair(left, right, sum_dims, keepdim=True)`.
fn sumproduct_pair(
    ctx: &mut Context,
    left: Step,
    right: Step,
    sum_dims: &[usize],
    span: Span,
) -> Result<Step, EvalError> {
    if sum_dims.is_empty() {
        return mul(ctx, &left, &right, span);
    }
    let (mut left, mut right) = (left, right);
    let (mut lro, mut lo, mut ro) = (Vec::new(), Vec::new(), Vec::new());
    let (mut lro_size, mut lo_size, mut ro_size, mut sum_size) = (1i64, 1i64, 1i64, 1i64);
    for i in 0..left.ndim() {
        let (sl, sr) = (left.size(i) != 1, right.size(i) != 1);
        if sum_dims.contains(&i) {
            if sl && sr {
                sum_size = sum_size.saturating_mul(left.size(i));
            } else if sl {
                left = left.sum_keep(ctx, &[i], span)?;
            } else if sr {
                right = right.sum_keep(ctx, &[i], span)?;
            }
        } else if sl && sr {
            lro.push(i);
            lro_size = lro_size.saturating_mul(left.size(i));
        } else if sl {
            lo.push(i);
            lo_size = lo_size.saturating_mul(left.size(i));
        } else {
            ro.push(i);
            ro_size = ro_size.saturating_mul(right.size(i));
        }
    }
    // When every axis of the right operand comes before the left's, PyTorch swaps them so that
    // bmm writes the result in order.
    if let (Some(&ro_last), Some(&lo_first)) = (ro.last(), lo.first()) {
        if ro_last < lo_first {
            std::mem::swap(&mut left, &mut right);
            std::mem::swap(&mut lo, &mut ro);
            std::mem::swap(&mut lo_size, &mut ro_size);
        }
    }
    let mut out_size: Vec<i64> = lro.iter().map(|&d| left.size(d)).collect();
    out_size.extend(lo.iter().map(|&d| left.size(d)));
    out_size.extend(sum_dims.iter().map(|_| 1));
    out_size.extend(ro.iter().map(|&d| right.size(d)));
    let lperm: Vec<usize> = [&lro[..], &lo, sum_dims, &ro].concat();
    let rperm: Vec<usize> = [&lro[..], sum_dims, &ro, &lo].concat();
    let mut operm = vec![0i64; lperm.len()];
    for (i, &d) in lperm.iter().enumerate() {
        if let Some(slot) = operm.get_mut(d) {
            *slot = i64::try_from(i).unwrap_or(0);
        }
    }
    let left = left
        .permute(&to_i64(&lperm))?
        .reshape(ctx, &[lro_size, lo_size, sum_size], span)?;
    let right =
        right
            .permute(&to_i64(&rperm))?
            .reshape(ctx, &[lro_size, sum_size, ro_size], span)?;
    bmm(ctx, &left, &right, span)?
        .view(&out_size)?
        .permute(&operm)
}

/// Contracts `operands` as PyTorch does and returns the result tensor.
pub(super) fn contract(
    ctx: &mut Context,
    eq: &Parsed<'_>,
    operands: &[Rc<Array>],
    span: Span,
) -> Result<Value, EvalError> {
    // Where each subscript goes in the permuted shape: the output's, then the contracted ones.
    let mut perm_of = [usize::MAX; 52];
    let (mut perm_index, mut ell_index, mut ell_in_output) = (0usize, 0usize, false);
    for &l in eq.output {
        if l == ELLIPSIS {
            ell_index = perm_index;
            perm_index += eq.ell_dims;
            ell_in_output = true;
        } else if let Some(slot) = perm_of.get_mut(l) {
            *slot = perm_index;
            perm_index += 1;
        }
    }
    let out_num_dim = perm_index;
    if !ell_in_output {
        ell_index = perm_index;
        perm_index += eq.ell_dims;
    }
    for (l, slot) in perm_of.iter_mut().enumerate() {
        if eq.count.get(l).copied().unwrap_or(0) > 0 && *slot == usize::MAX {
            *slot = perm_index;
            perm_index += 1;
        }
    }
    let mut dim_counts = vec![0usize; perm_index];
    let mut ops: VecDeque<Step> = VecDeque::new();
    for (labels, a) in eq.labels.iter().zip(operands) {
        let mut op = Step::operand(a);
        let mut permutation = vec![usize::MAX; perm_index];
        let mut dim = 0usize;
        for &s in labels {
            if s == ELLIPSIS {
                let covered = (a.layout.ndim() + 1).saturating_sub(labels.len());
                for j in eq.ell_dims.saturating_sub(covered)..eq.ell_dims {
                    if op.size(dim) != 1 {
                        if let Some(c) = dim_counts.get_mut(ell_index + j) {
                            *c += 1;
                        }
                    }
                    if let Some(p) = permutation.get_mut(ell_index + j) {
                        *p = dim;
                    }
                    dim += 1;
                }
                continue;
            }
            let target = perm_of.get(s).copied().unwrap_or(0);
            match permutation.get(target).copied() {
                Some(usize::MAX) => {
                    if op.size(dim) != 1 {
                        if let Some(c) = dim_counts.get_mut(target) {
                            *c += 1;
                        }
                    }
                    if let Some(p) = permutation.get_mut(target) {
                        *p = dim;
                    }
                    dim += 1;
                }
                Some(prev) => op = op.diagonal(prev, dim)?,
                None => {}
            }
        }
        for p in permutation.iter_mut() {
            if *p == usize::MAX {
                op = op.unsqueeze(dim)?;
                *p = dim;
                dim += 1;
            }
        }
        ops.push_back(op.permute(&to_i64(&permutation))?);
    }
    while ops.len() > 1 {
        let (Some(mut a), Some(mut b)) = (ops.pop_front(), ops.pop_front()) else {
            break;
        };
        let (mut sum_dims, mut a_sum, mut b_sum) = (Vec::new(), Vec::new(), Vec::new());
        for dim in out_num_dim..perm_index {
            let (sa, sb) = (a.size(dim) != 1, b.size(dim) != 1);
            let Some(c) = dim_counts.get_mut(dim) else {
                continue;
            };
            if sa && sb {
                *c = c.saturating_sub(1);
                if *c == 1 {
                    sum_dims.push(dim);
                    *c = 0;
                }
            } else if *c == 1 {
                if sa {
                    a_sum.push(dim);
                    *c = 0;
                } else if sb {
                    b_sum.push(dim);
                    *c = 0;
                }
            }
        }
        if !a_sum.is_empty() {
            a = a.sum_keep(ctx, &a_sum, span)?;
        }
        if !b_sum.is_empty() {
            b = b.sum_keep(ctx, &b_sum, span)?;
        }
        ops.push_front(sumproduct_pair(ctx, a, b, &sum_dims, span)?);
    }
    let Some(mut result) = ops.pop_front() else {
        return Err(runtime("einsum(): must provide at least one operand"));
    };
    if perm_index > out_num_dim {
        let sizes: Vec<i64> = result
            .layout
            .shape()
            .iter()
            .take(out_num_dim)
            .copied()
            .collect();
        result = result.view(&sizes)?;
    }
    let first = operands.first().cloned();
    match &result.mem {
        Mem::Operand(a) => Ok(Value::Array(view_of(
            a,
            result.layout,
            Op::Axes("einsum"),
            span,
        ))),
        Mem::Made(made) => {
            let origin = Origin {
                op: Op::Compute("einsum"),
                parent: first,
                span,
            };
            // A view taken of the product (`view`, `permute`) is not the tensor that owns it.
            let base = if result.fresh {
                result.clone()
            } else {
                result.with(made.1)
            };
            let values = base.values_unchecked(span)?;
            let array = ctx.new_array(base.layout, base.dtype, &values, true, origin)?;
            if result.fresh {
                return Ok(Value::Array(array));
            }
            Ok(Value::Array(view_of(
                &array,
                result.layout,
                Op::Axes("einsum"),
                span,
            )))
        }
    }
}
