//! One tensor of PyTorch's einsum as the lab follows it: the memory it reads (an operand's
//! buffer, or values computed in a step) and its layout, with the views and the `sum` and
//! `reshape` of PyTorch's einsum applied to it.

use std::rc::Rc;

use stride_core::footprint::Positions;
use stride_core::{Layout, Order};

use crate::array::{Array, check_read};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::numpy::exact::{Acc, count};

/// The memory a step reads.
#[derive(Clone)]
pub(super) enum Mem {
    /// An operand's own buffer.
    Operand(Rc<Array>),
    /// Values the lab computed, by element position, and the layout they were made in.
    Made(Rc<(Vec<Num>, Layout)>),
    /// A product of huge operands, made at once and computed when read (`super::lazy`).
    Lazy(Rc<Array>),
}

/// One tensor in PyTorch's einsum: its memory, its layout over it (bytes) and dtype, and whether
/// it is the tensor that made the memory (no view taken since: `_base` is None).
#[derive(Clone)]
pub(super) struct Step {
    pub(super) mem: Mem,
    pub(super) layout: Layout,
    pub(super) dtype: DType,
    pub(super) fresh: bool,
}

pub(super) fn size(l: &Layout, d: usize) -> i64 {
    l.shape().get(d).copied().unwrap_or(1)
}

impl Step {
    pub(super) fn operand(a: &Rc<Array>) -> Step {
        Step {
            mem: Mem::Operand(Rc::clone(a)),
            layout: a.layout,
            dtype: a.dtype,
            fresh: false,
        }
    }

    pub(super) fn with(&self, layout: Layout) -> Step {
        Step {
            mem: self.mem.clone(),
            layout,
            dtype: self.dtype,
            fresh: false,
        }
    }

    pub(super) fn size(&self, d: usize) -> i64 {
        size(&self.layout, d)
    }

    pub(super) fn ndim(&self) -> usize {
        self.layout.ndim()
    }

    /// The element at byte position `p`.
    pub(super) fn read(&self, p: i128, span: Span) -> Result<Num, EvalError> {
        let v = match &self.mem {
            Mem::Operand(a) | Mem::Lazy(a) => a.read_at(p),
            Mem::Made(made) => usize::try_from(p / i128::from(self.layout.itemsize()))
                .ok()
                .and_then(|k| made.0.get(k).copied()),
        };
        v.ok_or_else(|| EvalError::value_error("an operand reads outside its buffer").at(span))
    }

    /// The values in row (C) order.
    pub(super) fn values(&self, ctx: &mut Context, span: Span) -> Result<Vec<Num>, EvalError> {
        check_read(self.layout.size(), span)?;
        ctx.charge(u64::try_from(self.layout.size()).unwrap_or(u64::MAX), span)?;
        Positions::new(&self.layout)
            .map(|p| self.read(p, span))
            .collect()
    }

    /// New memory of `layout` holding `values` (row order).
    pub(super) fn made(layout: Layout, dtype: DType, values: &[Num]) -> Step {
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

    pub(super) fn permute(&self, perm: &[i64]) -> Result<Step, EvalError> {
        Ok(self.with(stride_core::torch::permute(&self.layout, perm)?))
    }

    pub(super) fn unsqueeze(&self, dim: usize) -> Result<Step, EvalError> {
        let d = i64::try_from(dim).unwrap_or(i64::MAX);
        Ok(self.with(stride_core::torch::unsqueeze(&self.layout, d)?))
    }

    /// `diagonal(0, prev, dim).movedim(-1, prev)`.
    pub(super) fn diagonal(&self, prev: usize, dim: usize) -> Result<Step, EvalError> {
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

    pub(super) fn view(&self, shape: &[i64]) -> Result<Step, EvalError> {
        Ok(self.with(stride_core::torch::view(&self.layout, shape)?))
    }

    /// `reshape`: the view when one fits, else a contiguous copy.
    pub(super) fn reshape(
        &self,
        ctx: &mut Context,
        shape: &[i64],
        span: Span,
    ) -> Result<Step, EvalError> {
        let (layout, kept) = stride_core::torch::reshape(&self.layout, shape)?;
        if kept {
            return Ok(self.with(layout));
        }
        let values = self.values(ctx, span)?;
        Ok(Step::made(layout, self.dtype, &values))
    }

    /// `sum(dims, keepdim=True)`: a new contiguous tensor; integers and bools add up in int64.
    pub(super) fn sum_keep(
        &self,
        ctx: &mut Context,
        dims: &[usize],
        span: Span,
    ) -> Result<Step, EvalError> {
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
        let out: Vec<Num> = sums.iter().map(|a| a.settle(dtype, ctx)).collect();
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
impl Step {
    /// The values in row order, the work already charged.
    pub(super) fn values_unchecked(&self, span: Span) -> Result<Vec<Num>, EvalError> {
        Positions::new(&self.layout)
            .map(|p| self.read(p, span))
            .collect()
    }
}
