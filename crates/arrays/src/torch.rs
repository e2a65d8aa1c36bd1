//! PyTorch: `torch.arange`, `torch.zeros`, `torch.tensor`, … ([`creation`]) and tensor methods
//! (`view`, `reshape`, `transpose`, `permute`, `contiguous`, `expand`, … in [`methods`]), with
//! PyTorch's rules and messages, dispatched through [`table`]; the views `narrow`, `select`,
//! `unfold`, `diagonal` ([`views`]), the new memory of `cat`, `stack`, `repeat`, `flip`
//! ([`join`]) and `argmax`, `argmin`, `any`, `all` ([`reduce`]); the `torch.` function spellings of
//! methods ([`functions`]); tensor indexing lives here (the basic parts as a view), with
//! [`advanced`] for index tensors and masks (PyTorch's result layouts and errors, reads and
//! writes) and [`scatter`] for `scatter_`/`gather`/`index_fill_`/`fill_`/`zero_`; [`cdist`] is
//! `torch.cdist`.
//! Strides and the storage offset are kept in bytes like every layout; `stride()` and
//! `storage_offset()` divide by the item size.

pub mod advanced;
pub mod aliases;
pub mod cdist;
pub mod convert;
pub mod creation;
pub mod einsum;
pub mod extremes;
pub mod functional;
pub mod functions;
pub mod iterator;
pub mod join;
pub mod linalg;
pub mod masked;
pub mod math;
pub mod median;
pub mod methods;
pub mod power;
pub mod products;
pub mod reduce;
pub mod returned;
pub mod scatter;
pub mod stats;
pub mod table;
pub mod views;

pub use table::{call_function, call_method};

use std::rc::Rc;

use stride_core::{Dims, Layout};

use crate::array::{Array, Op, view_of};
use crate::context::Context;
use crate::dtype::DType;
use crate::error::{EvalError, Span};
use crate::indexing::{Index, Part};
use crate::value::Value;
use stride_core::index::IndexItem;

/// Sizes given as `f(2, 3)` or `f((2, 3))` or `f([2, 3])`.
fn sizes(values: &[(Value, Span)]) -> Result<Dims, EvalError> {
    match values {
        [(v @ (Value::Tuple(_) | Value::List(_)), _)] => crate::numpy::shape_arg(v),
        many => {
            let mut d = Dims::new();
            for (v, _) in many {
                d.push(v.as_index()?)?;
            }
            Ok(d)
        }
    }
}

fn element(l: &Layout, v: i64) -> i64 {
    v / l.itemsize()
}

/// PyTorch has no limit of 64 dimensions, but the lab's layouts do (NumPy's): past it, a tensor
/// operation is not supported here rather than NumPy's `ValueError`.
pub fn beyond_numpy_dims(e: EvalError) -> EvalError {
    if e.class == "ValueError" && e.message.starts_with("maximum supported dimension") {
        let mut refused = EvalError::unsupported(
            crate::construct::LibConstruct::TensorDims(stride_core::MAX_NDIM),
            Span::default(),
        );
        refused.span = e.span;
        refused
    } else {
        e
    }
}

/// Fills in the tensor type in PyTorch's `expand` message.
fn torch_error(e: stride_core::Error, a: &Array) -> EvalError {
    match e {
        stride_core::Error::TorchExpandFewerSizes {
            sizes,
            tensor_sizes,
            ..
        } => stride_core::Error::TorchExpandFewerSizes {
            sizes,
            tensor_sizes,
            type_name: a.type_name(),
        }
        .into(),
        other => other.into(),
    }
}

/// The sizes a `*size` parameter took: `f(2, 3)`, `f((2, 3))`, `f([2, 3])`, or `size=(2, 3)`.
pub(crate) fn size_arg(b: &crate::signature::Bound, name: &str) -> Result<Dims, EvalError> {
    match (b.rest(), b.slot(name)) {
        ([], Some(given)) => sizes(std::slice::from_ref(given)),
        (rest, _) => sizes(rest),
    }
}

/// PyTorch's refusal of `t[0]` on a 0-d tensor.
const ZERO_DIM_INDEX: &str = "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number";

/// The view a tensor index selects: PyTorch's `applySlicing` (ints select, slices clamp with
/// positive steps, `None` unsqueezes).
///
/// The index tensors (integer lists and tensors, masks, and `True`/`False`, which unsqueeze and
/// then index the new axis) are left for [`advanced`]: each is returned with the axis of the view
/// it starts at and its position in the index.
fn view_for(a: &Array, index: &Index) -> Result<(Layout, Vec<(usize, usize)>), EvalError> {
    let l = &a.layout;
    let specified: usize = index
        .parts
        .iter()
        .map(|(p, _)| match p {
            Part::Basic(IndexItem::Int(_) | IndexItem::Slice(_)) | Part::Ints(..) => 1,
            Part::Mask(shape, _) => shape.len(),
            _ => 0,
        })
        .sum();
    if index.parts.iter().any(|(p, _)| matches!(p, Part::Key(_))) {
        return Err(EvalError::new(
            "IndexError",
            "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got str)",
        ));
    }
    let mut tensors: Vec<(usize, usize)> = Vec::new();
    // One index that is not a tuple takes PyTorch's fast paths (`applySelect`, `applySlice`),
    // whose checks of a 0-d tensor differ from the tuple path's count.
    if let ([(Part::Basic(item), _)], 0) = (index.parts.as_slice(), l.ndim()) {
        match *item {
            IndexItem::Int(0) => return Err(EvalError::new("IndexError", ZERO_DIM_INDEX)),
            IndexItem::Int(i) => {
                return Err(stride_core::Error::TorchIndexOutOfBounds {
                    index: i,
                    dim: 0,
                    size: 0,
                }
                .into());
            }
            IndexItem::Slice(_) => {
                return Err(EvalError::new(
                    "IndexError",
                    "slice() cannot be applied to a 0-dim tensor.",
                ));
            }
            IndexItem::NewAxis | IndexItem::Ellipsis => {}
        }
    }
    if specified > l.ndim() {
        return Err(stride_core::Error::TorchTooManyIndices { ndim: l.ndim() }.into());
    }
    let mut shape = *l.shape();
    let mut strides = *l.strides();
    let mut offset = i128::from(l.offset());
    let mut dim = 0usize;
    // PyTorch's message names the position of the index in the subscript (`real_dim`), not the
    // axis it indexes: in `t[None, 0, 5]` the 5 is "dimension 2".
    for (position, (part, _)) in index.parts.iter().enumerate() {
        let item = match part {
            Part::Basic(item) => item,
            Part::Mask(m, _) if m.is_empty() => {
                // `True`/`False`: a new axis of length 1, then indexed by `[0]` or `[]`.
                let stride = match (shape.get(dim), strides.get(dim)) {
                    (Some(&d), Some(&s)) => d.saturating_mul(s),
                    _ => l.itemsize(),
                };
                shape.insert(dim, 1)?;
                strides.insert(dim, stride)?;
                tensors.push((dim, position));
                dim += 1;
                continue;
            }
            Part::Ints(..) | Part::Mask(..) | Part::Key(_) => {
                tensors.push((dim, position));
                dim += match part {
                    Part::Mask(m, _) => m.len(),
                    _ => 1,
                };
                continue;
            }
        };
        match *item {
            IndexItem::Int(i) => {
                let size = shape.get(dim).copied().unwrap_or(0);
                if i < -size || i >= size {
                    return Err(stride_core::Error::TorchIndexOutOfBounds {
                        index: i,
                        dim: position,
                        size,
                    }
                    .into());
                }
                let i = if i < 0 { i + size } else { i };
                offset += i128::from(i) * i128::from(strides.get(dim).copied().unwrap_or(0));
                shape.remove(dim);
                strides.remove(dim);
            }
            IndexItem::Slice(s) => {
                let step = s.step.unwrap_or(1);
                if step == 0 {
                    return Err(EvalError::value_error("slice step cannot be zero"));
                }
                if step < 0 {
                    return Err(stride_core::Error::TorchStepNotPositive.into());
                }
                let size = shape.get(dim).copied().unwrap_or(0);
                let mut start = s.start.unwrap_or(0);
                let mut end = s.stop.unwrap_or(i64::MAX);
                if start < 0 {
                    start = start.saturating_add(size);
                }
                if end < 0 {
                    end = end.saturating_add(size);
                }
                start = start.clamp(0, size);
                end = if end < start { start } else { end.min(size) };
                let len = if end > start {
                    (end - start - 1) / step + 1
                } else {
                    0
                };
                let stride = strides.get(dim).copied().unwrap_or(0);
                offset += i128::from(start) * i128::from(stride);
                if let (Some(d), Some(st)) = (shape.get_mut(dim), strides.get_mut(dim)) {
                    *d = len;
                    *st = stride.saturating_mul(step);
                }
                dim += 1;
            }
            IndexItem::NewAxis => {
                let stride = match (shape.get(dim), strides.get(dim)) {
                    (Some(&d), Some(&s)) => d.saturating_mul(s),
                    _ => l.itemsize(),
                };
                shape.insert(dim, 1)?;
                strides.insert(dim, stride)?;
                dim += 1;
            }
            IndexItem::Ellipsis => dim += l.ndim() - specified,
        }
    }
    let offset = i64::try_from(offset).map_err(|_| stride_core::Error::Overflow)?;
    Ok((
        Layout::new(&shape, &strides, offset, l.itemsize())?,
        tensors,
    ))
}

/// `tensor[index]`: always a view (a 0-d tensor for a single element).
pub fn get_item(
    ctx: &mut Context,
    a: &Rc<Array>,
    index: &Index,
    span: Span,
) -> Result<Value, EvalError> {
    let (l, tensors) = view_for(a, index).map_err(|e| e.at(span))?;
    if !tensors.is_empty() {
        return advanced::get_item(ctx, a, l, index, &tensors, span);
    }
    let items: Vec<IndexItem> = index
        .parts
        .iter()
        .filter_map(|(p, _)| match p {
            Part::Basic(b) => Some(*b),
            _ => None,
        })
        .collect();
    Ok(Value::Array(view_of(
        a,
        l,
        Op::Index(std::rc::Rc::from(items)),
        span,
    )))
}

/// `tensor[index] = value`.
pub fn set_item(
    ctx: &mut Context,
    a: &Rc<Array>,
    index: &Index,
    value: &Value,
    span: Span,
) -> Result<(), EvalError> {
    let (l, tensors) = view_for(a, index).map_err(|e| e.at(span))?;
    if !tensors.is_empty() {
        return advanced::set_item(ctx, a, l, index, &tensors, value, span);
    }
    let overlapping = l
        .shape()
        .iter()
        .zip(l.strides().iter())
        .any(|(&d, &s)| d > 1 && s == 0);
    if overlapping {
        return Err(EvalError::new(
            "RuntimeError",
            "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.",
        ));
    }
    check_scalar_fill(a.dtype, value)?;
    let addresses = ctx.positions(&l, span)?;
    crate::indexing::write_values(ctx, a, l.shape(), &addresses, value, span)
}

/// PyTorch's checks when a Python value is written into a tensor (`fill_` with a `Scalar`,
/// `c10::checked_convert`): no lists; an int must fit 64 bits and then the element type, where an
/// unsigned type also takes the negatives down to minus its maximum (wrapping them); a float must
/// truncate into an integer type, and fit a `float` unless it is inf or NaN; half precision and
/// bool take anything.
pub(crate) fn check_scalar_fill(dtype: DType, value: &Value) -> Result<(), EvalError> {
    let overflow = || {
        let ctype = match dtype {
            DType::Int8 => "int8_t",
            DType::UInt8 => "uint8_t",
            DType::Int16 => "int16_t",
            DType::Int32 => "int",
            DType::Int64 => "int64_t",
            _ => "float",
        };
        EvalError::new(
            "RuntimeError",
            format!("value cannot be converted to type {ctype} without overflow"),
        )
    };
    match value {
        Value::List(_) | Value::Tuple(_) => Err(EvalError::type_error(format!(
            "can't assign a {} to a {}",
            value.type_name(),
            dtype.torch_tensor_type()
        ))),
        Value::Array(v) if !v.torch => Err(EvalError::type_error(format!(
            "can't assign a numpy.ndarray to a {}",
            dtype.torch_tensor_type()
        ))),
        Value::Int(i) => {
            let Ok(v) = i64::try_from(*i) else {
                return Err(EvalError::value_error("Overflow when unpacking long long"));
            };
            match dtype.int_range() {
                Some((0, high)) if i128::from(v) < -high || i128::from(v) > high => Err(overflow()),
                Some((low, high)) if low < 0 && (i128::from(v) < low || i128::from(v) > high) => {
                    Err(overflow())
                }
                _ => Ok(()),
            }
        }
        Value::Float(f) => match dtype.int_range() {
            Some((low, high)) if !f.is_finite() || *f < low as f64 || *f >= high as f64 + 1.0 => {
                Err(overflow())
            }
            None if dtype == DType::Float32 && f.is_finite() && f.abs() > f64::from(f32::MAX) => {
                Err(overflow())
            }
            _ => Ok(()),
        },
        _ => Ok(()),
    }
}
