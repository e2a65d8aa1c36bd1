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
//! the last step are PyTorch's. A `bmm` of views of the operands themselves past
//! `LAZY_FROM` multiply-adds is made at once and computed when read ([`lazy`]), as `torch.matmul`
//! is: the layout now, the values shown within the work limit.

use std::collections::VecDeque;
use std::rc::Rc;

mod lazy;
mod mul;
mod step;

use stride_core::{Layout, Order};

use crate::array::{Array, Op, Origin, check_read, view_of};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::numpy::exact::{Acc, count};
use crate::value::Value;

use super::{ELLIPSIS, runtime};
use mul::mul;
use step::{Mem, Step};

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
    if let Some(step) = lazy::lazy_bmm(ctx, x, y, (b, n, k, m), span)? {
        return Ok(step);
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
                out.push(acc.settle(dtype, ctx));
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
            Op::Strides("einsum"),
            span,
        ))),
        Mem::Lazy(a) if result.fresh => Ok(Value::Array(Rc::clone(a))),
        Mem::Lazy(a) => Ok(Value::Array(view_of(
            a,
            result.layout,
            Op::Contracted("einsum"),
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
                Op::Contracted("einsum"),
                span,
            )))
        }
    }
}
