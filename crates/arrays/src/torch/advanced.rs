//! Advanced indexing of tensors (`t[[0, 2]]`, `t[:, idx]`, `t[mask]`, `t[idx] = v`), as PyTorch
//! does it: the basic parts of the index first make a view (`applySlicing`, in `torch.rs`), then
//! the index tensors are applied to that view (`at::index`, `index_put_`).
//!
//! PyTorch's rules where they differ from NumPy's (`indexing/advanced.rs`):
//!
//! - a mask becomes the coordinates of its True entries (`nonzero`), one index tensor per axis it
//!   covers, and its axes must match the view's exactly (no size-0 wildcard);
//! - the index tensors broadcast to `B`; when they are not adjacent the indexed axes are moved to
//!   the front first (`transposeToFront`), so `B` leads; else `B` stands where they were;
//! - the result is allocated by TensorIterator, in the memory order of its operands: the view
//!   restrided with stride 0 along `B` and each index tensor (stride 0 along the other axes).
//!   So `t.T[[0, 1]]` keeps the transposed order and `t[idx.T]` follows `idx.T`'s;
//! - an index out of bounds names its position among the index tensors ("dimension 0" for
//!   `t[:, [5]]`), and is only checked when the result has elements;
//! - writes take a Python number (PyTorch's checked conversion) or a tensor of the same dtype (a
//!   one-element tensor under a single mask is `masked_fill_`, any dtype), broadcast to the
//!   result's shape after dropping its leading size-1 axes.

use std::rc::Rc;

use stride_core::{Dims, Layout};

use crate::array::{Array, Op, Origin};
use crate::context::Context;
use crate::dtype::Num;
use crate::error::{EvalError, Span};
use crate::indexing::{Index, Part};
use crate::value::Value;

use super::functional::torch_dtype_name;

mod layout;

/// One index tensor, after masks are spread: the view axis it indexes, its shape, strides (in
/// elements) and values in row order.
struct Tensor {
    dim: usize,
    shape: Dims,
    strides: Vec<i64>,
    values: Vec<i64>,
}

/// An axis of the result: of the broadcast block `B`, or of the view.
#[derive(Clone, Copy)]
enum Axis {
    Block(usize),
    View(usize),
}

/// What an advanced index selects on a view.
struct Selection {
    shape: Vec<i64>,
    axes: Vec<Axis>,
    block: Dims,
    tensors: Vec<Tensor>,
}

fn list(d: &[i64]) -> String {
    let parts: Vec<String> = d.iter().map(i64::to_string).collect();
    format!("[{}]", parts.join(", "))
}

fn c_strides(shape: &[i64]) -> Vec<i64> {
    let mut out = vec![0i64; shape.len()];
    let mut next = 1i64;
    for (s, &d) in out.iter_mut().zip(shape).rev() {
        *s = next;
        next = next.saturating_mul(d.max(1));
    }
    out
}

/// The index tensors of `index` on `view`, masks spread, broadcast to `B`, and the result's axes.
fn select(view: &Layout, index: &Index, found: &[(usize, usize)]) -> Result<Selection, EvalError> {
    let vshape = view.shape();
    if !index.refused_tensors.is_empty() {
        return Err(EvalError::new(
            "IndexError",
            "tensors used as indices must be long, int, byte or bool tensors",
        ));
    }
    let mut tensors = Vec::new();
    for &(dim, position) in found {
        match index.parts.get(position).map(|(p, _)| p) {
            Some(Part::Ints(shape, values)) => {
                let strides = index
                    .tensor_strides
                    .iter()
                    .find(|(p, _)| *p == position)
                    .map_or_else(|| c_strides(shape), |(_, s)| s.to_vec());
                tensors.push(Tensor {
                    dim,
                    shape: *shape,
                    strides,
                    values: values.clone(),
                });
            }
            Some(Part::Mask(m, values)) if m.is_empty() => {
                let chosen = values.first().copied().unwrap_or(false);
                tensors.push(Tensor {
                    dim,
                    shape: Dims::from_slice(&[i64::from(chosen)])?,
                    strides: vec![1],
                    values: if chosen { vec![0] } else { Vec::new() },
                });
            }
            Some(Part::Mask(m, values)) => {
                for (k, &d) in m.iter().enumerate() {
                    if vshape.get(dim + k) != Some(&d) {
                        return Err(EvalError::new(
                            "IndexError",
                            format!(
                                "The shape of the mask {} at index {k} does not match the shape of the indexed tensor {} at index {}",
                                list(m),
                                list(vshape),
                                dim + k
                            ),
                        ));
                    }
                }
                let k = m.len();
                let mut coords: Vec<Vec<i64>> = vec![Vec::new(); k];
                let mut at = vec![0i64; k];
                for &b in values {
                    if b {
                        for (c, v) in coords.iter_mut().zip(&at) {
                            c.push(*v);
                        }
                    }
                    stride_core::footprint::step(&mut at, m);
                }
                for (j, c) in coords.into_iter().enumerate() {
                    tensors.push(Tensor {
                        dim: dim + j,
                        shape: Dims::from_slice(&[c.len() as i64])?,
                        strides: vec![k as i64],
                        values: c,
                    });
                }
            }
            _ => {}
        }
    }
    let shapes: Vec<&[i64]> = tensors.iter().map(|t| &t.shape[..]).collect();
    let block = stride_core::broadcast::broadcast_shapes(&shapes).map_err(|_| {
        let named: Vec<String> = shapes.iter().map(|s| list(s)).collect();
        EvalError::new(
            "IndexError",
            format!(
                "shape mismatch: indexing tensors could not be broadcast together with shapes {}",
                named.join(", ")
            ),
        )
    })?;
    let dims: Vec<usize> = tensors.iter().map(|t| t.dim).collect();
    let adjacent = dims.windows(2).all(|w| matches!(w, [a, b] if a + 1 == *b));
    let first = dims.first().copied().unwrap_or(0);
    let last = dims.last().copied().unwrap_or(0);
    let mut axes = Vec::new();
    let blocks = (0..block.len()).map(Axis::Block);
    if adjacent {
        axes.extend((0..first).map(Axis::View));
        axes.extend(blocks);
        axes.extend((last + 1..vshape.len()).map(Axis::View));
    } else {
        axes.extend(blocks);
        axes.extend(
            (0..vshape.len())
                .filter(|d| !dims.contains(d))
                .map(Axis::View),
        );
    }
    let shape = axes
        .iter()
        .map(|a| match *a {
            Axis::Block(k) => block.get(k).copied().unwrap_or(1),
            Axis::View(d) => vshape.get(d).copied().unwrap_or(1),
        })
        .collect();
    Ok(Selection {
        shape,
        axes,
        block,
        tensors,
    })
}

impl Selection {
    /// Each index tensor's value at every position of `B` (row order), made non-negative, after
    /// checking its bounds on the view (`dimension` is the tensor's position unless `by_axis`).
    fn block_values(&self, view: &Layout, by_axis: bool) -> Result<Vec<Vec<i64>>, EvalError> {
        let n: i64 = self.block.iter().product();
        let total: i64 = self.shape.iter().product();
        let mut out = Vec::with_capacity(self.tensors.len());
        for t in &self.tensors {
            let off = self.block.len() - t.shape.len();
            let own = c_strides(&t.shape);
            let size = view.shape().get(t.dim).copied().unwrap_or(0);
            let mut at = vec![0i64; self.block.len()];
            let mut vals = Vec::with_capacity(usize::try_from(n).unwrap_or(0));
            for _ in 0..n {
                let mut flat = 0i64;
                for (k, (&d, &s)) in t.shape.iter().zip(&own).enumerate() {
                    let i = if d == 1 {
                        0
                    } else {
                        at.get(off + k).copied().unwrap_or(0)
                    };
                    flat += i * s;
                }
                let v = usize::try_from(flat)
                    .ok()
                    .and_then(|f| t.values.get(f))
                    .copied()
                    .unwrap_or(0);
                vals.push(v);
                stride_core::footprint::step(&mut at, &self.block);
            }
            out.push((vals, size, t.dim));
        }
        if total > 0 {
            let order = self.walk(view)?;
            for (_, b) in order {
                for (j, (vals, size, dim)) in out.iter().enumerate() {
                    let v = vals.get(b).copied().unwrap_or(0);
                    if v < -size || v >= *size {
                        return Err(EvalError::new(
                            "IndexError",
                            format!(
                                "index {v} is out of bounds for dimension {} with size {size}",
                                if by_axis { *dim } else { j }
                            ),
                        ));
                    }
                }
            }
        }
        Ok(out
            .into_iter()
            .map(|(vals, size, _)| {
                vals.into_iter()
                    .map(|v| if v < 0 { v + size } else { v })
                    .collect()
            })
            .collect())
    }

    /// The result's elements in the order TensorIterator walks them (its memory order): each
    /// one's position in row order and its position in `B`.
    fn walk(&self, view: &Layout) -> Result<Vec<(usize, usize)>, EvalError> {
        let layout = self.layout(view)?;
        let block_strides = c_strides(&self.block);
        let total: i64 = self.shape.iter().product();
        let mut order: Vec<(i64, usize, usize)> = Vec::new();
        let mut at = vec![0i64; self.shape.len()];
        for flat in 0..usize::try_from(total).unwrap_or(0) {
            let mut place = 0i64;
            let mut b = 0i64;
            for ((axis, &i), &s) in self.axes.iter().zip(&at).zip(layout.strides().iter()) {
                place += i * s;
                if let Axis::Block(k) = *axis {
                    b += i * block_strides.get(k).copied().unwrap_or(0);
                }
            }
            order.push((place, flat, usize::try_from(b).unwrap_or(0)));
            stride_core::footprint::step(&mut at, &self.shape);
        }
        order.sort_unstable();
        Ok(order.into_iter().map(|(_, flat, b)| (flat, b)).collect())
    }

    /// The byte addresses of the result's elements, in its row order.
    fn addresses(&self, view: &Layout, values: &[Vec<i64>]) -> Vec<i128> {
        let strides = view.strides();
        let n: usize = self.block.iter().product::<i64>().try_into().unwrap_or(0);
        let block_part: Vec<i128> = (0..n)
            .map(|b| {
                self.tensors
                    .iter()
                    .zip(values)
                    .map(|(t, vals)| {
                        i128::from(vals.get(b).copied().unwrap_or(0))
                            * i128::from(strides.get(t.dim).copied().unwrap_or(0))
                    })
                    .sum()
            })
            .collect();
        let block_strides = c_strides(&self.block);
        let total: i64 = self.shape.iter().product();
        let mut at = vec![0i64; self.shape.len()];
        let mut out = Vec::with_capacity(usize::try_from(total).unwrap_or(0));
        for _ in 0..total {
            let mut address = i128::from(view.offset());
            let mut b = 0i64;
            for (axis, &i) in self.axes.iter().zip(&at) {
                match *axis {
                    Axis::Block(k) => b += i * block_strides.get(k).copied().unwrap_or(0),
                    Axis::View(d) => {
                        address += i128::from(i) * i128::from(strides.get(d).copied().unwrap_or(0));
                    }
                }
            }
            address += usize::try_from(b)
                .ok()
                .and_then(|b| block_part.get(b))
                .copied()
                .unwrap_or(0);
            out.push(address);
            stride_core::footprint::step(&mut at, &self.shape);
        }
        out
    }
}

/// `t[index]` with index tensors: a new tensor in TensorIterator's layout.
pub fn get_item(
    ctx: &mut Context,
    a: &Rc<Array>,
    view: Layout,
    index: &Index,
    found: &[(usize, usize)],
    span: Span,
) -> Result<Value, EvalError> {
    let sel = select(&view, index, found).map_err(|e| e.at(span))?;
    let total: i64 = sel.shape.iter().product();
    ctx.charge(u64::try_from(total).unwrap_or(u64::MAX), span)?;
    let values = sel.block_values(&view, false).map_err(|e| e.at(span))?;
    let layout = sel.layout(&view).map_err(|e| e.at(span))?;
    ctx.room(layout.nbytes(), span)?;
    let read: Vec<Num> = sel
        .addresses(&view, &values)
        .into_iter()
        .map(|addr| {
            if a.buffer.unwritten(addr, a.dtype.itemsize().unsigned_abs()) {
                return Err(EvalError::unwritten(true).at(span));
            }
            a.read_at(addr)
                .ok_or_else(|| EvalError::value_error("index reads outside the buffer").at(span))
        })
        .collect::<Result<_, _>>()?;
    let origin = Origin {
        op: Op::Gather,
        parent: Some(Rc::clone(a)),
        span,
    };
    Ok(Value::Array(
        ctx.new_array(layout, a.dtype, &read, true, origin)?,
    ))
}

fn extent(l: &Layout) -> (i128, i128) {
    let mut lo = i128::from(l.offset());
    let mut hi = lo;
    for (&d, &s) in l.shape().iter().zip(l.strides().iter()) {
        if d == 0 {
            return (0, -1);
        }
        let reach = i128::from(d - 1) * i128::from(s);
        if reach < 0 {
            lo += reach;
        } else {
            hi += reach;
        }
    }
    (lo, hi + i128::from(l.itemsize()) - 1)
}

/// `t[index] = value` with index tensors (`index_put_`, or `masked_fill_` for one mask and one
/// value).
pub fn set_item(
    ctx: &mut Context,
    a: &Rc<Array>,
    view: Layout,
    index: &Index,
    found: &[(usize, usize)],
    value: &Value,
    span: Span,
) -> Result<(), EvalError> {
    let sel = select(&view, index, found).map_err(|e| e.at(span))?;
    let one_mask = matches!(found, [(_, p)] if matches!(index.parts.get(*p), Some((Part::Mask(m, _), _)) if !m.is_empty()));
    let by_axis = match value {
        Value::Array(v) if v.torch => {
            let fill = one_mask && v.layout.size() == 1;
            if !fill && v.dtype != a.dtype && broadcasts(&v.layout, &sel.shape) {
                return Err(EvalError::new(
                    "RuntimeError",
                    format!(
                        "Index put requires the source and destination dtypes match, got {} for the destination and {} for the source.",
                        torch_dtype_name(a.dtype),
                        torch_dtype_name(v.dtype)
                    ),
                )
                .at(span));
            }
            if v.shares_buffer(a) {
                let (lo, hi) = extent(&v.layout);
                let (alo, ahi) = extent(&view);
                if lo <= ahi && alo <= hi {
                    return Err(EvalError::new(
                        "RuntimeError",
                        "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.",
                    )
                    .at(span));
                }
            }
            false
        }
        other => {
            super::check_scalar_fill(a.dtype, other).map_err(|e| e.at(span))?;
            !one_mask && found.iter().all(|(_, p)| !index.int32_tensors.contains(p))
        }
    };
    let source = crate::ops::operand(value)?;
    if !broadcasts(&source.layout, &sel.shape) {
        return Err(EvalError::new(
            "RuntimeError",
            format!(
                "shape mismatch: value tensor of shape {} cannot be broadcast to indexing result of shape {}",
                list(source.layout.shape()),
                list(&sel.shape)
            ),
        )
        .at(span));
    }
    let values = sel.block_values(&view, by_axis).map_err(|e| e.at(span))?;
    // The value drops its leading size-1 axes, then broadcasts to the result's shape.
    let mut from = source.layout;
    while from.shape().first() == Some(&1) {
        from = stride_core::index::index(&from, &[stride_core::index::IndexItem::Int(0)])?.layout;
    }
    let stretched = stride_core::broadcast::broadcast_to(&from, &sel.shape).map_err(|_| {
        EvalError::new(
            "RuntimeError",
            format!(
                "shape mismatch: value tensor of shape {} cannot be broadcast to indexing result of shape {}",
                list(source.layout.shape()),
                list(&sel.shape)
            ),
        )
        .at(span)
    })?;
    let new: Vec<Num> = stride_core::footprint::Positions::new(&stretched)
        .map(|p| {
            source.read(p).ok_or_else(|| {
                EvalError::value_error("the value reads outside its buffer").at(span)
            })
        })
        .collect::<Result<_, _>>()?;
    let addresses = sel.addresses(&view, &values);
    ctx.charge(addresses.len() as u64, span)?;
    ctx.room_to_write(&a.buffer, &addresses, a.dtype.itemsize(), span)?;
    // Where indices repeat, the last write in TensorIterator's walk wins.
    for (flat, _) in sel.walk(&view).map_err(|e| e.at(span))? {
        if let (Some(&addr), Some(&v)) = (addresses.get(flat), new.get(flat)) {
            a.buffer
                .write(a.dtype, addr, a.dtype.cast(source.dtype.cast(v)));
        }
    }
    Ok(())
}

/// Whether a value of this layout, its leading size-1 axes dropped, broadcasts to `shape`.
fn broadcasts(l: &Layout, shape: &[i64]) -> bool {
    let dims = l.shape();
    let skip = dims.iter().take_while(|&&d| d == 1).count();
    let tail = dims.get(skip..).unwrap_or(&[]);
    Layout::contiguous(tail, 1, stride_core::Order::C)
        .and_then(|t| stride_core::broadcast::broadcast_to(&t, shape))
        .is_ok()
}
