//! PyTorch: `torch.arange`, `torch.zeros`, `torch.tensor`, … and tensor methods (`view`,
//! `reshape`, `transpose`, `permute`, `contiguous`, `expand`, …), with PyTorch's rules and messages.
//! Strides and the storage offset are kept in bytes like every layout; `stride()` and
//! `storage_offset()` divide by the item size.

use std::rc::Rc;

use stride_core::{Dims, Layout, Order};

use crate::array::{Array, Op, Origin, view_of};
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::eval::{Args, Context};
use crate::indexing::{Index, Part};
use crate::numpy::{Fill, dtype_arg, python_value, to_list};
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
        EvalError {
            class: crate::error::UNSUPPORTED,
            message: format!(
                "valid Python, but the lab does not support tensors of more than {} dimensions",
                stride_core::MAX_NDIM
            ),
            span: e.span,
            why: None,
            hint: None,
        }
    } else {
        e
    }
}

/// `torch.<name>(…)`.
pub fn call_function(
    ctx: &mut Context,
    name: &str,
    args: Args,
    span: Span,
) -> Result<Value, EvalError> {
    let dtype_kw = args.keyword_value("dtype");
    let dtype = dtype_arg(dtype_kw.as_ref())?;
    for (k, _, s) in &args.keyword {
        if !matches!(
            k.as_str(),
            "dtype" | "size" | "stride" | "storage_offset" | "fill_value" | "data" | "input"
        ) {
            return Err(EvalError::type_error(format!(
                "{name}() got an unexpected keyword argument '{k}'"
            ))
            .at(*s));
        }
    }
    match name {
        "arange" => {
            let values: Vec<Value> = args.positional.into_iter().map(|(v, _)| v).collect();
            Ok(Value::Array(crate::numpy::arange(
                ctx, &values, dtype, true, span,
            )?))
        }
        "zeros" | "ones" | "empty" => {
            if name == "empty" {
                return Err(EvalError::unsupported(
                    "torch.empty: its values are whatever was in memory before",
                    span,
                ));
            }
            let shape = sizes(&args.positional)?;
            let (value, label) = crate::numpy::ones_or_zeros(name, true);
            Ok(Value::Array(crate::numpy::filled(
                ctx,
                Fill {
                    shape: &shape,
                    dtype: dtype.or(ctx.dtype_override).unwrap_or(DType::Float32),
                    value,
                    order: Order::C,
                    torch: true,
                    name: label,
                },
                span,
            )?))
        }
        "full" => {
            let [(size, _), (fill, _)] = args.positional.as_slice() else {
                return Err(EvalError::type_error(
                    "full() missing required arguments: size and fill_value",
                ));
            };
            let shape = crate::numpy::shape_arg(size)?;
            let inferred = match fill {
                Value::Bool(_) => DType::Bool,
                Value::Int(_) => DType::Int64,
                _ => DType::Float32,
            };
            let value = match fill {
                Value::Bool(b) => Num::Bool(*b),
                Value::Int(i) => Num::Int(i64::try_from(*i).unwrap_or(0)),
                v => Num::Float(crate::builtins::as_float(v)?),
            };
            Ok(Value::Array(crate::numpy::filled(
                ctx,
                Fill {
                    shape: &shape,
                    dtype: dtype.or(ctx.dtype_override).unwrap_or(inferred),
                    value,
                    order: Order::C,
                    torch: true,
                    name: "torch.full",
                },
                span,
            )?))
        }
        "zeros_like" | "ones_like" => {
            let Some((Value::Array(a), _)) = args.positional.first() else {
                return Err(EvalError::type_error(format!("{name}() expects a tensor")));
            };
            let value = if name == "ones_like" {
                Num::Int(1)
            } else {
                Num::Int(0)
            };
            Ok(Value::Array(crate::numpy::filled(
                ctx,
                Fill {
                    shape: a.layout.shape(),
                    dtype: dtype.unwrap_or(a.dtype),
                    value,
                    order: Order::C,
                    torch: true,
                    name: "torch.zeros_like",
                },
                span,
            )?))
        }
        "tensor" => {
            let Some((data, _)) = args.positional.first() else {
                return Err(EvalError::type_error(
                    "tensor() missing 1 required positional arguments: \"data\"",
                ));
            };
            let (shape, flat) = crate::numpy::nested(data)?;
            let (inferred, nums) = crate::numpy::infer_values(&flat)?;
            let inferred = if inferred == DType::Float64 && !matches!(data, Value::Array(_)) {
                DType::Float32
            } else {
                inferred
            };
            let dtype = dtype.or(ctx.dtype_override).unwrap_or(inferred);
            Ok(Value::Array(ctx.new_c_array(
                &shape,
                dtype,
                &nums,
                true,
                Origin {
                    op: Op::Create("torch.tensor"),
                    parent: None,
                    span,
                },
            )?))
        }
        "as_strided" => {
            let mut positional = args.positional.into_iter();
            let (Some((Value::Array(a), _)), Some((size, _)), Some((stride, _))) =
                (positional.next(), positional.next(), positional.next())
            else {
                return Err(EvalError::type_error(
                    "as_strided() expects (input, size, stride, storage_offset=None)",
                ));
            };
            let offset = match positional.next() {
                Some((v, _)) if !matches!(v, Value::None) => v.as_index()?,
                _ => element(&a.layout, a.layout.offset()),
            };
            let item = a.layout.itemsize();
            let shape = crate::numpy::shape_arg(&size)?;
            let strides: Vec<i64> = crate::numpy::shape_arg(&stride)?
                .iter()
                .map(|s| s.saturating_mul(item))
                .collect();
            if strides.len() != shape.len() {
                return Err(EvalError::new(
                    "RuntimeError",
                    "mismatch in length of strides and shape",
                ));
            }
            let l = Layout::new(&shape, &strides, offset.saturating_mul(item), item)?;
            Ok(Value::Array(view_of(&a, l, Op::AsStrided, span)))
        }
        _ => Err(crate::names::not_yet(crate::names::Owner::Torch, name)),
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

/// `t.<name>(…)` for a tensor.
pub fn call_method(
    ctx: &mut Context,
    a: &Rc<Array>,
    name: &str,
    args: Args,
    span: Span,
) -> Result<Value, EvalError> {
    let l = &a.layout;
    let positional: Vec<Value> = args.positional.iter().map(|(v, _)| v.clone()).collect();
    let dim_arg = |k: usize| -> Result<Option<i64>, EvalError> {
        match positional.get(k) {
            None | Some(Value::None) => Ok(None),
            Some(v) => v.as_index().map(Some),
        }
    };
    let te = |e: stride_core::Error| torch_error(e, a);
    match name {
        "stride" => match dim_arg(0)? {
            None => Ok(Value::ints(
                &l.strides()
                    .iter()
                    .map(|&s| element(l, s))
                    .collect::<Vec<_>>(),
            )),
            Some(d) => {
                let k = stride_core::torch::wrap_dim(d, l.ndim()).map_err(te)?;
                Ok(Value::Int(i128::from(element(
                    l,
                    l.strides().get(k).copied().unwrap_or(1),
                ))))
            }
        },
        "storage_offset" => Ok(Value::Int(i128::from(element(l, l.offset())))),
        "size" => match dim_arg(0)? {
            None => Ok(Value::ints(l.shape())),
            Some(d) => {
                let k = stride_core::torch::wrap_dim(d, l.ndim()).map_err(te)?;
                Ok(Value::Int(i128::from(
                    l.shape().get(k).copied().unwrap_or(1),
                )))
            }
        },
        "dim" => Ok(Value::Int(l.ndim() as i128)),
        "numel" => Ok(Value::Int(i128::from(l.size()))),
        "element_size" => Ok(Value::Int(i128::from(a.dtype.itemsize()))),
        "is_contiguous" => Ok(Value::Bool(stride_core::torch::is_contiguous(l))),
        "view" | "reshape" => {
            let shape = sizes(&args.positional)?;
            if name == "view" {
                let v = stride_core::torch::view(l, &shape).map_err(|e| {
                    let err = te(e);
                    // Name the two axes that would have to merge, as NumPy's rule finds them.
                    let resolved = stride_core::torch::infer_size(l.size(), &shape).ok();
                    match resolved.map(|s| stride_core::reshape::attempt_nocopy(l, &s, Order::C)) {
                        Some(Err(reason)) => err.because(crate::explain::ErrorWhy::NeedsCopy {
                            strides: l.strides().to_vec(),
                            reason,
                            itemsize: l.itemsize(),
                        }),
                        _ => err,
                    }
                })?;
                return Ok(Value::Array(view_of(a, v, Op::Reshape("view", None), span)));
            }
            reshape(ctx, a, &shape, span)
        }
        "flatten" => {
            // `flatten(start_dim=0, end_dim=-1)` (at::native::flatten): the dims in between become
            // one, by reshape; a 0-d tensor becomes [1]; start == end is the tensor itself.
            let named = |key: &str| -> Result<Option<i64>, EvalError> {
                match args.keyword.iter().find(|(k, _, _)| k == key) {
                    Some((_, v, _)) => v.as_index().map(Some),
                    None => Ok(None),
                }
            };
            let start = dim_arg(0)?.or(named("start_dim")?).unwrap_or(0);
            let end = dim_arg(1)?.or(named("end_dim")?).unwrap_or(-1);
            let start = stride_core::torch::wrap_dim(start, l.ndim()).map_err(te)?;
            let end = stride_core::torch::wrap_dim(end, l.ndim()).map_err(te)?;
            if start > end {
                return Err(EvalError::new(
                    "RuntimeError",
                    "flatten() has invalid args: start_dim cannot come after end_dim",
                ));
            }
            if l.ndim() == 0 {
                let v = stride_core::torch::view(l, &[1]).map_err(te)?;
                return Ok(Value::Array(view_of(
                    a,
                    v,
                    Op::Reshape("flatten", None),
                    span,
                )));
            }
            if start == end {
                return Ok(Value::Array(Rc::clone(a)));
            }
            let dims = l.shape();
            let joined = dims
                .get(start..=end)
                .unwrap_or(&[])
                .iter()
                .try_fold(1i64, |p, &d| p.checked_mul(d))
                .ok_or(stride_core::Error::Overflow)?;
            let mut shape = Dims::new();
            for &d in dims.get(..start).unwrap_or(&[]) {
                shape.push(d)?;
            }
            shape.push(joined)?;
            for &d in dims.get(end + 1..).unwrap_or(&[]) {
                shape.push(d)?;
            }
            reshape(ctx, a, &shape, span)
        }
        "transpose" => {
            let (Some(d0), Some(d1)) = (dim_arg(0)?, dim_arg(1)?) else {
                return Err(EvalError::type_error(
                    "transpose() missing required arguments dim0 and dim1",
                ));
            };
            let v = stride_core::torch::transpose(l, d0, d1).map_err(te)?;
            let mut perm = crate::attrs::identity_perm(l.ndim());
            if l.ndim() > 0 {
                let (i, j) = (
                    stride_core::torch::wrap_dim(d0, l.ndim()).map_err(te)?,
                    stride_core::torch::wrap_dim(d1, l.ndim()).map_err(te)?,
                );
                perm.swap(i, j);
            }
            Ok(Value::Array(view_of(a, v, Op::permute(&perm), span)))
        }
        "t" => {
            if l.ndim() > 2 {
                return Err(EvalError::new(
                    "RuntimeError",
                    format!(
                        "t() expects a tensor with <= 2 dimensions, but self is {}D",
                        l.ndim()
                    ),
                ));
            }
            let v = if l.ndim() == 2 {
                stride_core::torch::transpose(l, 0, 1).map_err(te)?
            } else {
                *l
            };
            let mut perm = crate::attrs::identity_perm(l.ndim());
            perm.reverse();
            Ok(Value::Array(view_of(a, v, Op::permute(&perm), span)))
        }
        "permute" => {
            let dims = sizes(&args.positional)?;
            let v = stride_core::torch::permute(l, &dims).map_err(te)?;
            Ok(Value::Array(view_of(a, v, Op::permute(&dims), span)))
        }
        "expand" => {
            let shape = sizes(&args.positional)?;
            let v = stride_core::torch::expand(l, &shape).map_err(te)?;
            Ok(Value::Array(view_of(a, v, Op::Broadcast("expand"), span)))
        }
        "unsqueeze" => {
            let d = dim_arg(0)?.ok_or_else(|| {
                EvalError::type_error("unsqueeze() missing required argument 'dim'")
            })?;
            let v = stride_core::torch::unsqueeze(l, d).map_err(te)?;
            Ok(Value::Array(view_of(a, v, Op::Axes("unsqueeze"), span)))
        }
        "squeeze" => {
            let v = match dim_arg(0)? {
                None => stride_core::axes::squeeze_all(l),
                Some(d) => stride_core::torch::squeeze(l, d).map_err(te)?,
            };
            Ok(Value::Array(view_of(a, v, Op::Axes("squeeze"), span)))
        }
        "contiguous" => match stride_core::torch::contiguous(l)? {
            None => Ok(Value::Array(Rc::clone(a))),
            Some(layout) => Ok(Value::Array(crate::numpy::copy_into(
                ctx,
                a,
                layout,
                a.dtype,
                Op::Copy("contiguous"),
                span,
            )?)),
        },
        "clone" => {
            let layout = stride_core::torch::clone_layout(l)?;
            Ok(Value::Array(crate::numpy::copy_into(
                ctx,
                a,
                layout,
                a.dtype,
                Op::Copy("clone"),
                span,
            )?))
        }
        "tolist" => {
            ctx.check_sequence(
                crate::numpy::list_items(l.shape()).unwrap_or(u64::MAX),
                span,
            )?;
            let values = ctx.read_values(a, span)?;
            Ok(to_list(l.shape(), &values, a.dtype))
        }
        "item" => {
            if l.size() != 1 {
                return Err(EvalError::new(
                    "RuntimeError",
                    format!(
                        "a Tensor with {} elements cannot be converted to Scalar",
                        l.size()
                    ),
                ));
            }
            let values = ctx.read_values(a, span)?;
            Ok(values.first().copied().map_or(Value::None, python_value))
        }
        _ => Err(crate::names::not_yet(crate::names::Owner::Tensor, name)),
    }
}

fn reshape(ctx: &mut Context, a: &Rc<Array>, shape: &Dims, span: Span) -> Result<Value, EvalError> {
    let (layout, is_view) =
        stride_core::torch::reshape(&a.layout, shape).map_err(|e| torch_error(e, a))?;
    if is_view {
        return Ok(Value::Array(view_of(
            a,
            layout,
            Op::Reshape("reshape", None),
            span,
        )));
    }
    let reason = stride_core::reshape::attempt_nocopy(&a.layout, layout.shape(), Order::C).err();
    Ok(Value::Array(crate::numpy::copy_into(
        ctx,
        a,
        layout,
        a.dtype,
        Op::Reshape("reshape", reason),
        span,
    )?))
}

/// PyTorch's refusal of `t[0]` on a 0-d tensor.
const ZERO_DIM_INDEX: &str = "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number";

/// The view a tensor index selects: PyTorch's `applySlicing` (ints select, slices clamp with
/// positive steps, `None` unsqueezes).
fn view_for(a: &Array, index: &Index) -> Result<Layout, EvalError> {
    let l = &a.layout;
    let specified = index
        .parts
        .iter()
        .filter(|(p, _)| matches!(p, Part::Basic(IndexItem::Int(_) | IndexItem::Slice(_))))
        .count();
    if index
        .parts
        .iter()
        .any(|(p, _)| !matches!(p, Part::Basic(_)))
    {
        return Err(EvalError::unsupported(
            "advanced indexing of tensors",
            Span::default(),
        ));
    }
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
        let Part::Basic(item) = part else { continue };
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
    Ok(Layout::new(&shape, &strides, offset, l.itemsize())?)
}

/// `tensor[index]`: always a view (a 0-d tensor for a single element).
pub fn get_item(
    ctx: &mut Context,
    a: &Rc<Array>,
    index: &Index,
    span: Span,
) -> Result<Value, EvalError> {
    let _ = ctx;
    let l = view_for(a, index).map_err(|e| e.at(span))?;
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
    let l = view_for(a, index).map_err(|e| e.at(span))?;
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
fn check_scalar_fill(dtype: DType, value: &Value) -> Result<(), EvalError> {
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
        Value::Int(i) => {
            let Ok(v) = i64::try_from(*i) else {
                return Err(EvalError::value_error("Overflow when unpacking long long"));
            };
            match dtype.int_range() {
                Some((0, high)) if v < -high || v > high => Err(overflow()),
                Some((low, high)) if low < 0 && (v < low || v > high) => Err(overflow()),
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
