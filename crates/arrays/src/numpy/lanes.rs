//! Lanes along one axis of values in row order, what `cumsum`, `sort`, `softmax` and their
//! kin work on: `(outer, len, inner)`, the element `j` of lane `(o, i)` at
//! `(o·len + j)·inner + i`. And the new arrays such functions return, laid out as each library
//! lays them out.

use std::rc::Rc;

use stride_core::Layout;

use crate::array::{Array, Op, Origin};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};

/// The lanes of a shape along one axis.
#[derive(Clone, Copy, Debug)]
pub struct Lanes {
    /// The product of the sizes before the axis.
    pub outer: usize,
    /// The axis's size.
    pub len: usize,
    /// The product of the sizes after it.
    pub inner: usize,
}

fn count(dims: &[i64]) -> usize {
    dims.iter()
        .map(|&d| usize::try_from(d).unwrap_or(0))
        .product()
}

impl Lanes {
    /// The lanes of `shape` along axis `k` (`k` within the shape; a 0-d shape is one lane of 1).
    pub fn new(shape: &[i64], k: usize) -> Lanes {
        Lanes {
            outer: count(shape.get(..k).unwrap_or(&[])),
            len: shape.get(k).map_or(1, |&d| usize::try_from(d).unwrap_or(0)),
            inner: count(shape.get(k + 1..).unwrap_or(&[])),
        }
    }

    /// Applies `f` to every lane of `values` (row order), and writes the `out_len` values it
    /// returns for each lane in row order of the result (whose axis has `out_len` elements).
    pub fn map<T: Copy, U: Copy>(
        self,
        values: &[T],
        out_len: usize,
        mut f: impl FnMut(&[T]) -> Vec<U>,
    ) -> Vec<U> {
        let mut out: Vec<Option<U>> = vec![None; self.outer * out_len * self.inner];
        let mut lane = Vec::with_capacity(self.len);
        for o in 0..self.outer {
            for i in 0..self.inner {
                lane.clear();
                for j in 0..self.len {
                    if let Some(&v) = values.get((o * self.len + j) * self.inner + i) {
                        lane.push(v);
                    }
                }
                for (j, v) in f(&lane).into_iter().take(out_len).enumerate() {
                    if let Some(slot) = out.get_mut((o * out_len + j) * self.inner + i) {
                        *slot = Some(v);
                    }
                }
            }
        }
        out.into_iter().flatten().collect()
    }
}

/// A new array of `layout` holding `values` (row order), computed from `parent` by `name`.
pub fn computed(
    ctx: &mut Context,
    parent: &Rc<Array>,
    layout: Layout,
    dtype: DType,
    values: &[Num],
    name: &'static str,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let origin = Origin {
        op: Op::Compute(name),
        parent: Some(Rc::clone(parent)),
        span,
    };
    let values: Vec<Num> = values.iter().map(|&v| dtype.cast(v)).collect();
    ctx.new_array(layout, dtype, &values, parent.torch, origin)
}

/// A new C-contiguous array of `shape` (PyTorch's strides for an empty one, NumPy's zeros).
pub fn computed_c(
    ctx: &mut Context,
    parent: &Rc<Array>,
    shape: &[i64],
    dtype: DType,
    values: &[Num],
    name: &'static str,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let layout = if parent.torch {
        Layout::contiguous(shape, dtype.itemsize(), stride_core::Order::C)?
    } else {
        Layout::allocated(shape, dtype.itemsize(), stride_core::Order::C)?
    };
    computed(ctx, parent, layout, dtype, values, name, span)
}

/// The layout of a new array shaped as `like`, in `dtype`: NumPy's order `K`
/// (`copy_layout`), or PyTorch's `preserve_format` (`clone_layout`).
pub fn like_layout(like: &Array, dtype: DType) -> Result<Layout, EvalError> {
    let l = if like.torch {
        stride_core::torch::clone_layout(&like.layout)?
    } else {
        stride_core::copy::copy_layout(&like.layout, stride_core::reshape::MemOrder::K)?
    };
    let item = like.layout.itemsize();
    let strides: Vec<i64> = l
        .strides()
        .iter()
        .map(|s| s / item * dtype.itemsize())
        .collect();
    if !like.torch && l.size() == 0 {
        return Ok(Layout::allocated(
            l.shape(),
            dtype.itemsize(),
            stride_core::Order::C,
        )?);
    }
    Ok(Layout::new(l.shape(), &strides, 0, dtype.itemsize())?)
}

/// The layout of PyTorch's TensorIterator output for one input `like`: contiguous for a
/// contiguous input (PyTorch's sense, which skips axes of size 1: `t[::2]` of one element gives
/// stride 1), the input's own strides for another dense one (`t.T`), else dense strides in the
/// input's order.
pub fn iterator_layout(like: &Array, dtype: DType) -> Result<Layout, EvalError> {
    let item = like.layout.itemsize();
    let l = &like.layout;
    let strides: Vec<i64> = if stride_core::torch::is_contiguous(l) {
        *Layout::contiguous(l.shape(), item, stride_core::Order::C)?.strides()
    } else if stride_core::torch::is_non_overlapping_and_dense(l) {
        *l.strides()
    } else {
        stride_core::torch::infer_dense_strides(l)?
    }
    .iter()
    .map(|s| s / item * dtype.itemsize())
    .collect();
    Ok(Layout::new(l.shape(), &strides, 0, dtype.itemsize())?)
}

/// A new array shaped and ordered as `like` ([`like_layout`]) holding `values` (row order).
pub fn computed_like(
    ctx: &mut Context,
    like: &Rc<Array>,
    dtype: DType,
    values: &[Num],
    name: &'static str,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let layout = like_layout(like, dtype)?;
    computed(ctx, like, layout, dtype, values, name, span)
}
