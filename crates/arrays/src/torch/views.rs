//! PyTorch's views of issue 15, `narrow`, `select`, `unfold` and `diagonal`, with ATen's checks in
//! ATen's order and its messages (its new memory, `cat`, `stack`, `repeat`, `flip`, is in
//! `join`).

use std::rc::Rc;

use stride_core::Layout;
use stride_core::index::{IndexItem, Slice};

use super::torch_error;
use crate::array::{Array, Op, view_of};
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

pub(super) fn wrap(a: &Array, d: i64, ndim: usize) -> Result<usize> {
    stride_core::torch::wrap_dim(d, ndim).map_err(|e| torch_error(e, a))
}

pub(super) fn int(b: &Bound, name: &str, default: i64) -> Result<i64> {
    b.given(name).map_or(Ok(default), Value::as_index)
}

pub(super) fn sizes_text(shape: &[i64]) -> String {
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

pub(super) fn tensor(v: &Value) -> Result<Rc<Array>> {
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

/// `t.view(dtype)` (`at::native::view_dtype`): the same bytes read as `dtype`, a new tensor of the
/// same storage (its `_base` is None). Another element size scales the last dim, which must have
/// stride 1; a larger one also needs the last size, the storage offset and the other strides
/// divisible by the ratio; PyTorch checks the last size, the offset, the last stride and then
/// the other strides, and says the first that fails.
pub fn view_dtype(a: &Rc<Array>, dtype: crate::dtype::DType, span: Span) -> Result<Value> {
    let l = &a.layout;
    let (old, new) = (a.dtype.itemsize(), dtype.itemsize());
    let names = || {
        format!(
            "{} as {} (different element sizes)",
            super::products::scalar_type(a.dtype),
            super::products::scalar_type(dtype)
        )
    };
    let runtime = |m: String| EvalError::new("RuntimeError", m);
    let mut shape = *l.shape();
    let mut strides = *l.strides();
    if old != new {
        let Some(last) = l.ndim().checked_sub(1) else {
            return Err(runtime(format!(
                "self.dim() cannot be 0 to view {}",
                names()
            )));
        };
        let size = shape.get(last).copied().unwrap_or(1);
        let stride = super::element(l, strides.get(last).copied().unwrap_or(old));
        let stride_one = || {
            if stride == 1 {
                Ok(())
            } else {
                Err(runtime(format!(
                    "self.stride(-1) must be 1 to view {}, but got {stride}",
                    names()
                )))
            }
        };
        let new_size = if old > new {
            stride_one()?;
            size.checked_mul(old / new)
                .ok_or(stride_core::Error::Overflow)?
        } else {
            let ratio = new / old;
            if size % ratio != 0 {
                return Err(runtime(format!(
                    "self.size(-1) must be divisible by {ratio} to view {}, but got {size}",
                    names()
                )));
            }
            // The storage offset is checked before the last stride (PyTorch 2.15:
            // `int8[1:5:2].view(torch.int16)` names the offset, though the stride is 2 too).
            let offset = super::element(l, l.offset());
            if offset % ratio != 0 {
                return Err(runtime(format!(
                    "self.storage_offset() must be divisible by {ratio} to view {}, but got {offset}",
                    names()
                )));
            }
            stride_one()?;
            for (i, &s) in strides.iter().enumerate().take(last) {
                let s = super::element(l, s);
                if s % ratio != 0 {
                    return Err(runtime(format!(
                        "self.stride({i}) must be divisible by {ratio} to view {}, but got {s}",
                        names()
                    )));
                }
            }
            size / ratio
        };
        if let (Some(d), Some(s)) = (shape.get_mut(last), strides.get_mut(last)) {
            *d = new_size;
            *s = new;
        }
    }
    let layout = Layout::new(&shape, &strides, l.offset(), new)?;
    Ok(Value::Array(Rc::new(Array {
        buffer: Rc::clone(&a.buffer),
        layout,
        dtype,
        writeable: a.writeable,
        owndata: l.offset() == 0,
        base: crate::array::Base::None,
        torch: true,
        origin: crate::array::Origin {
            op: Op::Strides("view"),
            parent: Some(Rc::clone(a)),
            span,
        },
    })))
}
