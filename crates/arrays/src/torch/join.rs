//! PyTorch's new memory of issue 15: `torch.cat`, `torch.stack`, `t.repeat` and `t.flip`, with
//! ATen's checks and messages. `flip` copies (keeping a dense input's strides, as `clone` does);
//! `cat` and `stack` allocate C-contiguous and promote as PyTorch does (a float tensor wins over
//! an integer one whatever their sizes); `cat` skips the legacy empty 1-d tensors.

use std::rc::Rc;

use stride_core::{Dims, Layout};

use super::views::{int, sizes_text, tensor, wrap};
use crate::array::{Array, Base, Op, view_of};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::numpy::lanes::{computed, computed_c};
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

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
    // Every input a legacy empty tensor: the result is one too, whatever `dim` says (PyTorch
    // checks `dim` against the first tensor that is not skipped, and there is none).
    let Some(&(_, reference)) = kept.first() else {
        return computed_c(ctx, first, &[0], dtype, &[], name, span);
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
    // The result has the memory format every input suggests (channels-last for 4-d inputs whose
    // strides are like it), else contiguous strides.
    let format =
        stride_core::torch::memory_format::cat_memory_format(all.iter().map(|t| &t.layout));
    let layout = stride_core::torch::memory_format::empty_in(&shape, dtype.itemsize(), format)?;
    let result = computed(ctx, first, layout, dtype, &[], name, span)?;
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
    // PyTorch's `stack`: before the last axis, the inputs are concatenated along `dim` (in the
    // memory format they suggest) and the result viewed with the new axis split off, a view that
    // keeps no base (`_base` is None); at the end, each is unsqueezed and concatenated.
    if k < first.layout.ndim() {
        let joined = cat_tensors(ctx, &all, k as i64, "stack", span)?;
        let mut shape = *first.layout.shape();
        shape.insert(k, all.len() as i64)?;
        let layout = stride_core::torch::view(&joined.layout, &shape)?;
        return Ok(Value::Array(Rc::new(Array {
            buffer: Rc::clone(&joined.buffer),
            layout,
            dtype: joined.dtype,
            writeable: joined.writeable,
            owndata: joined.owndata,
            base: Base::None,
            torch: true,
            origin: joined.origin.clone(),
        })));
    }
    // The new axis's stride (`unsqueeze`'s) decides the memory format `cat` suggests.
    let expanded: Vec<Rc<Array>> = all
        .iter()
        .map(|t| {
            let layout = stride_core::torch::unsqueeze(&t.layout, k as i64)?;
            Ok(crate::array::view_of(t, layout, Op::Axes("stack"), span))
        })
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
    Ok(Value::Array(computed_c(
        ctx, a, &shape, a.dtype, &out, "repeat", span,
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
