//! Conversions between dtypes and between the libraries: `t.float()`, `.double()`, `.half()`,
//! `.long()`, `.int()`, `.bool()`, `.to(dtype)`, `.to('cpu')`, `.type(dtype)`; and `t.numpy()`,
//! `torch.from_numpy(a)`, `np.asarray(t)`, which SHARE memory: the NumPy array and the tensor
//! read one buffer, so a write through one shows in the other.
//!
//! A conversion to the tensor's own dtype is the tensor itself (the same object, as PyTorch
//! returns it); another dtype is a new tensor laid out as `clone()` lays it out (the input's
//! strides where they are dense, else dense strides in the same order: `preserve_format`).

use std::rc::Rc;

use crate::array::{Array, Base, Op, Origin};
use crate::context::Context;
use crate::dtype::DType;
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

/// The honest answer to `.backward()`, `.grad`, `requires_grad_()`: the lab has no autograd.
pub fn no_autograd(what: &str) -> Result<Value> {
    Err(EvalError::unsupported(
        crate::construct::LibConstruct::Autograd(what.to_string()),
        Span::default(),
    ))
}

/// The label of a tensor made with `requires_grad=True` (the lab keeps no autograd graph; the
/// leaf is recorded for its layout and its `repr`).
pub const GRAD_LEAF: &str = "torch.tensor(requires_grad=True)";

/// Whether `a` is a leaf that requires grad; an error for a tensor computed from one (PyTorch
/// would print its `grad_fn`, which the lab does not have).
pub fn grad_state(a: &Array) -> Result<bool> {
    if matches!(a.origin.op, Op::Create(GRAD_LEAF)) {
        return Ok(true);
    }
    let mut parent = a.origin.parent.as_ref();
    while let Some(p) = parent {
        if matches!(p.origin.op, Op::Create(GRAD_LEAF)) && p.torch {
            return Err(no_autograd("a tensor computed from one that requires grad")
                .err()
                .unwrap_or_else(|| EvalError::new("RuntimeError", "autograd")));
        }
        parent = p.origin.parent.as_ref();
    }
    Ok(false)
}

/// `t` in `dtype`: `t` itself when it already is, else a new tensor (`preserve_format`).
pub fn cast(
    ctx: &mut Context,
    a: &Rc<Array>,
    dtype: DType,
    copy: bool,
    span: Span,
) -> Result<Value> {
    if dtype == a.dtype && !copy {
        return Ok(Value::Array(Rc::clone(a)));
    }
    let dense = stride_core::torch::clone_layout(&a.layout)?;
    let item = a.layout.itemsize();
    let strides: Vec<i64> = dense
        .strides()
        .iter()
        .map(|s| s / item * dtype.itemsize())
        .collect();
    let layout = stride_core::Layout::new(dense.shape(), &strides, 0, dtype.itemsize())?;
    Ok(Value::Array(crate::numpy::copy_into(
        ctx,
        a,
        layout,
        dtype,
        Op::Cast(dtype),
        span,
    )?))
}

fn method_cast(ctx: &mut Context, a: &Rc<Array>, dtype: DType, span: Span) -> Result<Value> {
    cast(ctx, a, dtype, false, span)
}

/// `t.float()`.
pub fn float(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    method_cast(ctx, a, DType::Float32, span)
}

/// `t.double()`.
pub fn double(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    method_cast(ctx, a, DType::Float64, span)
}

/// `t.half()`.
pub fn half(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    method_cast(ctx, a, DType::Float16, span)
}

/// `t.bfloat16()`.
pub fn bfloat16(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    method_cast(ctx, a, DType::BFloat16, span)
}

/// `t.long()`.
pub fn long(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    method_cast(ctx, a, DType::Int64, span)
}

/// `t.int()`.
pub fn int(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    method_cast(ctx, a, DType::Int32, span)
}

/// `t.short()`.
pub fn short(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    method_cast(ctx, a, DType::Int16, span)
}

/// `t.char()`.
pub fn char(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    method_cast(ctx, a, DType::Int8, span)
}

/// `t.byte()`.
pub fn byte(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    method_cast(ctx, a, DType::UInt8, span)
}

/// `t.bool()`.
pub fn bool(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    method_cast(ctx, a, DType::Bool, span)
}

/// What `to`'s first argument names: a dtype, a device (`'cpu'`), or a tensor whose dtype to take.
fn target_dtype(a: &Array, v: Option<&Value>, span: Span) -> Result<Option<DType>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(Value::DType(d, _)) => Ok(Some(*d)),
        Some(Value::Array(t)) if t.torch => Ok(Some(t.dtype)),
        Some(Value::Str(s)) if &**s == "cpu" => Ok(None),
        Some(Value::Str(s)) => {
            let _ = a;
            Err(EvalError::unsupported(
                crate::construct::LibConstruct::Device(s.to_string()),
                span,
            ))
        }
        Some(other) => Err(EvalError::type_error(format!(
            "to() received an invalid combination of arguments - got ({}), but expected one of:\n * (torch.device device = None, torch.dtype dtype = None, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)\n * (torch.dtype dtype, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)\n * (Tensor tensor, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)\n",
            other.type_name()
        ))),
    }
}

/// `t.to(dtype)`, `t.to('cpu')`, `t.to('cpu', dtype)`, `t.to(other)`, with `copy=`.
pub fn to(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let first = target_dtype(a, b.given("device"), span)?;
    let second = target_dtype(a, b.given("dtype"), span)?;
    let dtype = second.or(first).unwrap_or(a.dtype);
    let copy = b.given("copy").map_or(Ok(false), Value::truthy)?;
    cast(ctx, a, dtype, copy, span)
}

/// `t.type(dtype)` (a new tensor, or `t` itself), or `t.type()`: the legacy type name.
pub fn type_(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    match b.given("dtype") {
        None | Some(Value::None) => Ok(Value::Str(Rc::from(a.dtype.torch_tensor_type()))),
        Some(Value::DType(d, _)) => cast(ctx, a, *d, false, span),
        Some(Value::Str(s)) => match legacy_type(s) {
            Some(d) => cast(ctx, a, d, false, span),
            None => Err(EvalError::value_error(format!("invalid type: '{s}'"))),
        },
        Some(other) => Err(EvalError::type_error(format!(
            "dtype must be a type, str, or dtype object (got {})",
            other.type_name()
        ))),
    }
}

fn legacy_type(name: &str) -> Option<DType> {
    crate::dtype::ALL
        .iter()
        .chain(core::iter::once(&DType::BFloat16))
        .copied()
        .find(|d| d.torch_tensor_type() == name)
}

/// `t.numpy()`: a NumPy array over the tensor's own memory (its `.base` is the tensor).
pub fn numpy(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    if b.given("force").map_or(Ok(false), Value::truthy)? {
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::NumpyForce,
            span,
        ));
    }
    Ok(Value::Array(shared_numpy(a, span)?))
}

/// The NumPy array that reads tensor `a`'s memory.
pub fn shared_numpy(a: &Rc<Array>, span: Span) -> Result<Rc<Array>> {
    if grad_state(a)? {
        return Err(EvalError::new(
            "RuntimeError",
            "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.",
        ));
    }
    if a.dtype == DType::BFloat16 {
        return Err(EvalError::type_error("Got unsupported ScalarType BFloat16"));
    }
    Ok(Rc::new(Array {
        buffer: Rc::clone(&a.buffer),
        layout: a.layout,
        dtype: a.dtype,
        writeable: true,
        owndata: false,
        base: Base::Array(Rc::clone(a)),
        torch: false,
        origin: Origin {
            op: Op::Strides("numpy"),
            parent: Some(Rc::clone(a)),
            span,
        },
    }))
}

/// `torch.from_numpy(ndarray)`: a tensor over the array's own memory.
pub fn from_numpy(_: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let [(given, _)] = b.rest() else {
        return Err(EvalError::type_error(format!(
            "torch._VariableFunctionsClass.from_numpy() takes exactly one argument ({} given)",
            b.rest().len()
        )));
    };
    let a = match given {
        Value::Array(a) if !a.torch => Rc::clone(a),
        other => {
            return Err(EvalError::type_error(format!(
                "expected np.ndarray (got {})",
                other.type_name()
            )));
        }
    };
    if a.layout.strides().iter().any(|&s| s < 0) {
        return Err(EvalError::value_error(
            "At least one stride in the given numpy array is negative, and tensors with negative strides are not currently supported. (You can probably work around this by making a copy of your array  with array.copy().) ",
        ));
    }
    if a.layout
        .strides()
        .iter()
        .any(|&s| s % a.dtype.itemsize() != 0)
    {
        return Err(EvalError::value_error(
            "given numpy array strides not a multiple of the element byte size. Copy the numpy array to reallocate the memory.",
        ));
    }
    if a.layout.offset() != 0 {
        // PyTorch's storage starts at the array's first byte (storage_offset 0); the lab's
        // tensors share their buffer from its start.
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::FromNumpyOffset,
            span,
        ));
    }
    if a.dtype.is_unsigned() && a.dtype != DType::UInt8 {
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::FewOperationTensors(a.dtype.to_string()),
            span,
        ));
    }
    Ok(Value::Array(Rc::new(Array {
        buffer: Rc::clone(&a.buffer),
        layout: a.layout,
        dtype: a.dtype,
        writeable: true,
        // No view in PyTorch's sense (`t._base is None`): the tensor owns a storage that
        // happens to be the array's memory.
        owndata: true,
        base: Base::None,
        torch: true,
        origin: Origin {
            op: Op::Strides("from_numpy"),
            parent: Some(Rc::clone(&a)),
            span,
        },
    })))
}

/// `t.backward(…)`: autograd is not in the lab.
pub fn backward(_: &mut Context, _: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    no_autograd("t.backward()").map_err(|e| e.at(span))
}

/// `t.requires_grad_(…)`: autograd is not in the lab.
pub fn requires_grad_(_: &mut Context, _: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    no_autograd("t.requires_grad_()").map_err(|e| e.at(span))
}
