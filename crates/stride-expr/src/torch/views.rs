//! PyTorch's views of issue 15 (`narrow`, `select`, `unfold`, `diagonal`) and its new memory
//! (`torch.cat`, `torch.stack`, `t.repeat`, `t.flip`), with ATen's checks in ATen's order and
//! its messages. `flip` copies (keeping a dense input's strides, as `clone` does); `cat` and
//! `stack` allocate C-contiguous and promote as PyTorch does (a float tensor wins over an integer
//! one whatever their sizes); `cat` skips the legacy empty 1-d tensors.

use std::rc::Rc;

use stride_core::index::{IndexItem, Slice};
use stride_core::{Dims, Layout, Order};

use super::torch_error;
use crate::array::{Array, Op, Origin, view_of};
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::eval::Context;
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

fn wrap(a: &Array, d: i64, ndim: usize) -> Result<usize> {
    stride_core::torch::wrap_dim(d, ndim).map_err(|e| torch_error(e, a))
}

fn int(b: &Bound, name: &str, default: i64) -> Result<i64> {
    b.given(name).map_or(Ok(default), Value::as_index)
}

fn sizes_text(shape: &[i64]) -> String {
    let items: Vec<String> = shape.iter().map(i64::to_string).collect();
    format!("[{}]", items.join(", "))
}

fn view(
    a: &Rc<Array>,
    shape: &[i64],
    strides: &[i64],
    offset: i64,
    op: Op,
    span: Span,
) -> Result<Value> {
    let layout = Layout::new(shape, strides, offset, a.layout.itemsize())?;
    Ok(Value::Array(view_of(a, layout, op, span)))
}

/// `narrow` is the index `t[:, …, start:start + length]`, as the lab explains it.
fn narrowed(k: usize, start: i64, length: i64) -> Op {
    let mut items = vec![IndexItem::Slice(Slice::FULL); k];
    items.push(IndexItem::Slice(Slice {
        start: Some(start),
        stop: Some(start.saturating_add(length)),
        step: None,
    }));
    Op::Index(Rc::from(items))
}

/// `select` is the index `t[:, …, index]`.
fn selected(k: usize, index: i64) -> Op {
    let mut items = vec![IndexItem::Slice(Slice::FULL); k];
    items.push(IndexItem::Int(index));
    Op::Index(Rc::from(items))
}

/// `t.narrow(dim, start, length)` and `torch.narrow(input, dim, start, length)`.
pub fn narrow(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let (dim, start, length) = (int(b, "dim", 0)?, int(b, "start", 0)?, int(b, "length", 0)?);
    let l = &a.layout;
    if l.ndim() == 0 {
        return Err(EvalError::new(
            "RuntimeError",
            "narrow() cannot be applied to a 0-dim tensor.",
        ));
    }
    if length < 0 {
        return Err(EvalError::new(
            "RuntimeError",
            "narrow(): length must be non-negative.",
        ));
    }
    let k = wrap(a, dim, l.ndim())?;
    let size = l.shape().get(k).copied().unwrap_or(0);
    if start < -size || start > size {
        return Err(EvalError::new(
            "IndexError",
            format!(
                "start out of range (expected to be in range of [{}, {size}], but got {start})",
                -size
            ),
        ));
    }
    let start = if start < 0 { start + size } else { start };
    if start > size - length {
        return Err(EvalError::new(
            "RuntimeError",
            format!("start ({start}) + length ({length}) exceeds dimension size ({size})."),
        ));
    }
    let mut shape = *l.shape();
    if let Some(slot) = shape.get_mut(k) {
        *slot = length;
    }
    let stride = l.strides().get(k).copied().unwrap_or(0);
    let offset = l
        .offset()
        .checked_add(
            start
                .checked_mul(stride)
                .ok_or(stride_core::Error::Overflow)?,
        )
        .ok_or(stride_core::Error::Overflow)?;
    view(
        a,
        &shape,
        l.strides(),
        offset,
        narrowed(k, start, length),
        span,
    )
}

/// `torch.narrow(input, dim, start, length)`.
pub fn narrow_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = tensor(b.required("input")?)?;
    narrow(ctx, &a, b, span)
}

fn tensor(v: &Value) -> Result<Rc<Array>> {
    match v {
        Value::Array(a) if a.torch => Ok(Rc::clone(a)),
        other => Err(EvalError::type_error(format!(
            "expected Tensor as element 0 in argument 0, but got {}",
            other.type_name()
        ))),
    }
}

/// `t.select(dim, index)`.
pub fn select(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let (dim, index) = (int(b, "dim", 0)?, int(b, "index", 0)?);
    let l = &a.layout;
    if l.ndim() == 0 {
        return Err(EvalError::new(
            "IndexError",
            "select() cannot be applied to a 0-dim tensor.",
        ));
    }
    let k = wrap(a, dim, l.ndim())?;
    let size = l.shape().get(k).copied().unwrap_or(0);
    if size <= -1 - index || size <= index {
        return Err(EvalError::new(
            "IndexError",
            format!(
                "select(): index {index} out of range for tensor of size {} at dimension {k}",
                sizes_text(l.shape())
            ),
        ));
    }
    let index = if index < 0 { index + size } else { index };
    let mut shape = *l.shape();
    let mut strides = *l.strides();
    let stride = strides.get(k).copied().unwrap_or(0);
    shape.remove(k);
    strides.remove(k);
    let offset = l
        .offset()
        .checked_add(
            index
                .checked_mul(stride)
                .ok_or(stride_core::Error::Overflow)?,
        )
        .ok_or(stride_core::Error::Overflow)?;
    view(a, &shape, &strides, offset, selected(k, index), span)
}

/// `t.unfold(dimension, size, step)`: windows of `size` every `step` along `dimension`, as a new
/// last axis.
pub fn unfold(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let (dim, size, step) = (
        int(b, "dimension", 0)?,
        int(b, "size", 0)?,
        int(b, "step", 0)?,
    );
    let l = &a.layout;
    let k = wrap(a, dim, l.ndim())?;
    let max = if l.ndim() == 0 {
        1
    } else {
        l.shape().get(k).copied().unwrap_or(1)
    };
    if size > max {
        return Err(EvalError::new(
            "RuntimeError",
            format!("maximum size for tensor at dimension {k} is {max} but size is {size}"),
        ));
    }
    if size < 0 {
        return Err(EvalError::new(
            "RuntimeError",
            format!("size is {size} but must be >= 0"),
        ));
    }
    if step <= 0 {
        return Err(EvalError::new(
            "RuntimeError",
            format!("step is {step} but must be > 0"),
        ));
    }
    let mut shape = *l.shape();
    let mut strides = *l.strides();
    let stride = if l.ndim() == 0 {
        l.itemsize()
    } else {
        strides.get(k).copied().unwrap_or(0)
    };
    if let (Some(d), Some(s)) = (shape.get_mut(k), strides.get_mut(k)) {
        *d = d.checked_sub(size).ok_or(stride_core::Error::Overflow)? / step + 1;
        *s = step
            .checked_mul(stride)
            .ok_or(stride_core::Error::Overflow)?;
    }
    shape.push(size)?;
    strides.push(stride)?;
    view(a, &shape, &strides, l.offset(), Op::Strides("unfold"), span)
}

/// `t.diagonal(offset=0, dim1=0, dim2=1)`: a view, the joint axis last.
pub fn diagonal(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let (offset, d1, d2) = (int(b, "offset", 0)?, int(b, "dim1", 0)?, int(b, "dim2", 1)?);
    let l = &a.layout;
    let k1 = wrap(a, d1, l.ndim())?;
    let k2 = wrap(a, d2, l.ndim())?;
    if k1 == k2 {
        return Err(EvalError::new(
            "RuntimeError",
            format!("diagonal dimensions cannot be identical {d1}, {d2}"),
        ));
    }
    let at = |k: usize| {
        (
            l.shape().get(k).copied().unwrap_or(0),
            l.strides().get(k).copied().unwrap_or(0),
        )
    };
    let ((n1, s1), (n2, s2)) = (at(k1), at(k2));
    let size = if offset >= 0 {
        n1.min(n2.saturating_sub(offset))
    } else {
        n1.saturating_add(offset).min(n2)
    }
    .max(0);
    let start = if size == 0 {
        l.offset()
    } else if offset >= 0 {
        l.offset() + offset * s2
    } else {
        l.offset() - offset * s1
    };
    let mut shape = Vec::new();
    let mut strides = Vec::new();
    for k in (0..l.ndim()).filter(|&k| k != k1 && k != k2) {
        let (d, s) = at(k);
        shape.push(d);
        strides.push(s);
    }
    shape.push(size);
    strides.push(s1 + s2);
    view(a, &shape, &strides, start, Op::Strides("diagonal"), span)
}

/// PyTorch's promotion of two tensors: the higher category (bool < integer < float) wins with its
/// own dtype; within one category, as NumPy.
pub fn promote(x: DType, y: DType) -> DType {
    match x.kind().cmp(&y.kind()) {
        core::cmp::Ordering::Less => y,
        core::cmp::Ordering::Greater => x,
        core::cmp::Ordering::Equal => x.promote(y),
    }
}

fn tensors(v: &Value) -> Result<Vec<Rc<Array>>> {
    match v {
        Value::List(items) | Value::Tuple(items) => items.iter().map(tensor).collect(),
        other => Err(EvalError::type_error(format!(
            "expected a sequence of Tensors, got {}",
            other.type_name()
        ))),
    }
}

fn new_tensor(
    ctx: &mut Context,
    shape: &[i64],
    dtype: DType,
    values: &[Num],
    parent: &Rc<Array>,
    name: &'static str,
    span: Span,
) -> Result<Rc<Array>> {
    let layout = Layout::contiguous(shape, dtype.itemsize(), Order::C)?;
    ctx.new_array(
        layout,
        dtype,
        values,
        true,
        Origin {
            op: Op::Compute(name),
            parent: Some(Rc::clone(parent)),
            span,
        },
    )
}

fn cat_tensors(
    ctx: &mut Context,
    all: &[Rc<Array>],
    dim: i64,
    name: &'static str,
    span: Span,
) -> Result<Rc<Array>> {
    let Some(first) = all.first() else {
        return Err(EvalError::value_error(
            "torch.cat(): expected a non-empty list of Tensors",
        ));
    };
    if let Some(k) = all.iter().position(|t| t.layout.ndim() == 0) {
        return Err(EvalError::new(
            "RuntimeError",
            format!("zero-dimensional tensor (at position {k}) cannot be concatenated"),
        ));
    }
    let dtype = all
        .iter()
        .skip(1)
        .fold(first.dtype, |d, t| promote(d, t.dtype));
    // Legacy: 1-d empty tensors are skipped.
    let kept: Vec<(usize, &Rc<Array>)> = all
        .iter()
        .enumerate()
        .filter(|(_, t)| t.layout.shape().as_slice() != [0])
        .collect();
    let Some(&(_, reference)) = kept.first() else {
        let k = wrap(first, dim, first.layout.ndim())?;
        let _ = k;
        return new_tensor(ctx, &[0], dtype, &[], first, name, span);
    };
    let ndim = reference.layout.ndim();
    let k = wrap(reference, dim, ndim)?;
    let mut shape = *reference.layout.shape();
    for &(i, t) in kept.iter().skip(1) {
        if t.layout.ndim() != ndim {
            return Err(EvalError::new(
                "RuntimeError",
                format!(
                    "Tensors must have same number of dimensions: got {ndim} and {}",
                    t.layout.ndim()
                ),
            ));
        }
        for (d, (&want, &got)) in reference
            .layout
            .shape()
            .iter()
            .zip(t.layout.shape().iter())
            .enumerate()
        {
            if d != k && want != got {
                return Err(EvalError::new(
                    "RuntimeError",
                    format!(
                        "Sizes of tensors must match except in dimension {k}. Expected size {want} but got size {got} for tensor number {i} in the list."
                    ),
                ));
            }
        }
        if let Some(slot) = shape.get_mut(k) {
            *slot = slot
                .checked_add(t.layout.shape().get(k).copied().unwrap_or(0))
                .ok_or(stride_core::Error::Overflow)?;
        }
    }
    let result = new_tensor(ctx, &shape, dtype, &[], first, name, span)?;
    let stride = result.layout.strides().get(k).copied().unwrap_or(0);
    let mut at = 0i64;
    for &(_, t) in &kept {
        let values: Vec<Num> = ctx
            .read_values(t, span)?
            .into_iter()
            .map(|v| dtype.cast(v))
            .collect();
        let slab = Layout::new(
            t.layout.shape(),
            result.layout.strides(),
            at.saturating_mul(stride),
            dtype.itemsize(),
        )?;
        result.buffer.write_all(
            dtype,
            stride_core::footprint::Positions::new(&slab),
            &values,
        );
        at = at.saturating_add(t.layout.shape().get(k).copied().unwrap_or(0));
    }
    Ok(result)
}

/// `torch.cat(tensors, dim=0)`.
pub fn cat(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let all = tensors(b.required("tensors")?)?;
    Ok(Value::Array(cat_tensors(
        ctx,
        &all,
        int(b, "dim", 0)?,
        "cat",
        span,
    )?))
}

/// `torch.stack(tensors, dim=0)`.
pub fn stack(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let all = tensors(b.required("tensors")?)?;
    let Some(first) = all.first() else {
        return Err(EvalError::new(
            "RuntimeError",
            "stack expects a non-empty TensorList",
        ));
    };
    let k = wrap(first, int(b, "dim", 0)?, first.layout.ndim() + 1)?;
    for (i, t) in all.iter().enumerate().skip(1) {
        if t.layout.shape() != first.layout.shape() {
            return Err(EvalError::new(
                "RuntimeError",
                format!(
                    "stack expects each tensor to be equal size, but got {} at entry 0 and {} at entry {i}",
                    sizes_text(first.layout.shape()),
                    sizes_text(t.layout.shape())
                ),
            ));
        }
    }
    let expanded: Vec<Rc<Array>> = all
        .iter()
        .map(|t| crate::numpy::join::with_new_axis(t, k, span))
        .collect::<Result<_>>()?;
    Ok(Value::Array(cat_tensors(
        ctx, &expanded, k as i64, "stack", span,
    )?))
}

/// `t.repeat(*sizes)`: a new C-contiguous tensor, the input tiled (new leading axes first).
pub fn repeat(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let reps: Dims = super::size_arg(b, "repeats")?;
    let l = &a.layout;
    if reps.len() < l.ndim() {
        return Err(EvalError::new(
            "RuntimeError",
            "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor",
        ));
    }
    let pad = reps.len() - l.ndim();
    let mut padded = vec![1i64; pad];
    padded.extend_from_slice(l.shape());
    let shape: Vec<i64> = padded
        .iter()
        .zip(reps.iter())
        .map(|(&d, &r)| d.saturating_mul(r))
        .collect();
    if let Some(&neg) = shape.iter().find(|&&d| d < 0) {
        return Err(EvalError::new(
            "RuntimeError",
            format!(
                "Trying to create tensor with negative dimension {neg}: {}",
                sizes_text(&shape)
            ),
        ));
    }
    let Some(n) = shape
        .iter()
        .try_fold(a.dtype.itemsize(), |p, &d| p.checked_mul(d))
        .map(|bytes| bytes / a.dtype.itemsize())
    else {
        return Err(EvalError::new(
            "RuntimeError",
            format!(
                "Storage size calculation overflowed with sizes={}",
                sizes_text(&shape)
            ),
        ));
    };
    ctx.room(n.saturating_mul(a.dtype.itemsize()), span)?;
    let values = ctx.read_values(a, span)?;
    let mut out = Vec::with_capacity(usize::try_from(n).unwrap_or(0));
    for flat in 0..n {
        let index = stride_core::footprint::unravel(&shape, flat);
        let mut src = 0i64;
        for (&i, &d) in index.iter().zip(&padded) {
            src = src * d + i % d.max(1);
        }
        out.push(
            values
                .get(usize::try_from(src).unwrap_or(0))
                .copied()
                .unwrap_or(Num::Int(0)),
        );
    }
    Ok(Value::Array(new_tensor(
        ctx, &shape, a.dtype, &out, a, "repeat", span,
    )?))
}

/// `t.flip(*dims)` and `torch.flip(input, dims)`: a copy with the dims reversed.
pub fn flip(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let dims: Dims = super::size_arg(b, "dims")?;
    let l = &a.layout;
    let mut seen = Vec::new();
    let mut strides = *l.strides();
    let mut offset = l.offset();
    for &d in dims.iter() {
        let k = wrap(a, d, l.ndim())?;
        if seen.contains(&k) {
            return Err(EvalError::new(
                "RuntimeError",
                format!("dim {k} appears multiple times in the list of dims"),
            ));
        }
        seen.push(k);
        let n = l.shape().get(k).copied().unwrap_or(0);
        if let Some(s) = strides.get_mut(k) {
            if n > 0 {
                offset += (n - 1) * *s;
            }
            *s = -*s;
        }
    }
    let reversed = Layout::new(l.shape(), &strides, offset, l.itemsize())?;
    let source = view_of(a, reversed, Op::Axes("flip"), span);
    let layout = stride_core::torch::clone_layout(l)?;
    Ok(Value::Array(crate::numpy::copy_into(
        ctx,
        &source,
        layout,
        a.dtype,
        Op::Copy("flip"),
        span,
    )?))
}

/// `torch.flip(input, dims)`.
pub fn flip_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = tensor(b.required("input")?)?;
    flip(ctx, &a, b, span)
}
