//! Attribute access: `np.arange`, `x.T`, `x.strides`, `x.flags.c_contiguous`, `t.stride`, …

use std::rc::Rc;

use crate::array::{Array, Base, Op};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::names::{self, Owner};
use crate::value::{Lib, Module, Value};

/// NumPy functions the lab evaluates, as `np.<name>`.
pub const NUMPY_FUNCTIONS: [&str; 70] = [
    "arange",
    "zeros",
    "ones",
    "full",
    "array",
    "asarray",
    "reshape",
    "transpose",
    "swapaxes",
    "moveaxis",
    "squeeze",
    "expand_dims",
    "ravel",
    "copy",
    "ascontiguousarray",
    "asfortranarray",
    "broadcast_to",
    "broadcast_shapes",
    "shares_memory",
    "may_share_memory",
    "zeros_like",
    "ones_like",
    "empty",
    "empty_like",
    "dtype",
    "matrix_transpose",
    "sum",
    "prod",
    "max",
    "min",
    "mean",
    "matmul",
    "dot",
    "vdot",
    "inner",
    "einsum",
    "einsum_path",
    "concatenate",
    "stack",
    "hstack",
    "vstack",
    "tile",
    "repeat",
    "split",
    "array_split",
    "flip",
    "fliplr",
    "flipud",
    "diagonal",
    "argmax",
    "argmin",
    "any",
    "all",
    "std",
    "var",
    "cumsum",
    "cumprod",
    "sort",
    "argsort",
    "linspace",
    "logspace",
    "eye",
    "identity",
    "tril",
    "triu",
    "full_like",
    "median",
    "percentile",
    "quantile",
    "outer",
];

/// NumPy array methods.
pub const NUMPY_METHODS: [&str; 30] = [
    "reshape",
    "transpose",
    "swapaxes",
    "squeeze",
    "ravel",
    "flatten",
    "copy",
    "astype",
    "tolist",
    "item",
    "view",
    "fill",
    "sum",
    "prod",
    "max",
    "min",
    "mean",
    "dot",
    "repeat",
    "diagonal",
    "argmax",
    "argmin",
    "any",
    "all",
    "std",
    "var",
    "cumsum",
    "cumprod",
    "sort",
    "argsort",
];

/// Methods of NumPy scalars (the result of `x[1, 2]` or of arithmetic on 0-d arrays).
pub const SCALAR_METHODS: [&str; 7] = [
    "astype", "item", "tolist", "reshape", "copy", "flatten", "ravel",
];

/// PyTorch functions, as `torch.<name>`.
pub const TORCH_FUNCTIONS: [&str; 71] = [
    "pow",
    "equal",
    "max",
    "min",
    "manual_seed",
    "rand",
    "randn",
    "randint",
    "randperm",
    "normal",
    "rand_like",
    "randn_like",
    "arange",
    "zeros",
    "ones",
    "full",
    "tensor",
    "as_strided",
    "empty",
    "empty_like",
    "zeros_like",
    "ones_like",
    "matmul",
    "mm",
    "bmm",
    "einsum",
    "cat",
    "stack",
    "narrow",
    "flip",
    "select",
    "diagonal",
    "transpose",
    "permute",
    "flatten",
    "unsqueeze",
    "squeeze",
    "clone",
    "reshape",
    "sum",
    "mean",
    "std",
    "var",
    "softmax",
    "log_softmax",
    "relu",
    "logsumexp",
    "from_numpy",
    "full_like",
    "tril",
    "triu",
    "linspace",
    "logspace",
    "eye",
    "cumsum",
    "cumprod",
    "sort",
    "argsort",
    "topk",
    "masked_fill",
    "swapaxes",
    "swapdims",
    "scatter",
    "gather",
    "index_fill",
    "cdist",
    "median",
    "nanmedian",
    "quantile",
    "nanquantile",
    "norm",
];

/// PyTorch tensor methods.
pub const TORCH_METHODS: [&str; 85] = [
    "pow",
    "equal",
    "max",
    "min",
    "stride",
    "storage_offset",
    "size",
    "dim",
    "numel",
    "view",
    "reshape",
    "transpose",
    "permute",
    "contiguous",
    "expand",
    "unsqueeze",
    "squeeze",
    "flatten",
    "clone",
    "t",
    "element_size",
    "is_contiguous",
    "tolist",
    "item",
    "sum",
    "matmul",
    "mm",
    "bmm",
    "narrow",
    "select",
    "unfold",
    "diagonal",
    "repeat",
    "flip",
    "argmax",
    "argmin",
    "any",
    "all",
    "float",
    "double",
    "half",
    "bfloat16",
    "long",
    "int",
    "short",
    "char",
    "byte",
    "bool",
    "to",
    "type",
    "numpy",
    "mean",
    "std",
    "var",
    "softmax",
    "log_softmax",
    "relu",
    "logsumexp",
    "norm",
    "cumsum",
    "cumprod",
    "sort",
    "argsort",
    "topk",
    "masked_fill",
    "masked_fill_",
    "as_strided",
    "expand_as",
    "swapaxes",
    "swapdims",
    "tril",
    "triu",
    "backward",
    "requires_grad_",
    "scatter_",
    "scatter",
    "gather",
    "fill_",
    "zero_",
    "index_fill_",
    "index_fill",
    "median",
    "nanmedian",
    "quantile",
    "nanquantile",
];

/// Evaluates `value.name`; `span` is the name's.
pub fn get(ctx: &mut Context, value: &Value, name: &str, span: Span) -> Result<Value, EvalError> {
    let missing = |owner: String| {
        EvalError::new(
            "AttributeError",
            format!("{owner} has no attribute '{name}'"),
        )
        .at(span)
    };
    match value {
        Value::Module(Module::NumpyRandom) => crate::random::module_get(name, span),
        Value::Module(m) => module_attr(*m, name).ok_or_else(|| match module_owner(*m) {
            Some(owner) => names::missing(owner, name, span),
            None => crate::math_module::missing(*m, name, span),
        }),
        Value::Array(a) if a.torch => tensor_attr(ctx, a, name, span)?
            .ok_or_else(|| names::missing(Owner::Tensor, name, span)),
        Value::Array(a) => array_attr(ctx, a, name, span)?
            .ok_or_else(|| names::missing(Owner::Ndarray, name, span)),
        // The attributes are the flags' lower-case long names: `flags.c_contiguous`, not
        // `flags.C_CONTIGUOUS` or `flags.c` (those are keys: `flags['C']`).
        Value::Flags(a) => (name.len() > 1 && !name.bytes().any(|b| b.is_ascii_uppercase()))
            .then(|| flag(a, &name.to_ascii_uppercase()))
            .flatten()
            .map(Value::Bool)
            .ok_or_else(|| names::missing(Owner::Flags, name, span)),
        Value::DType(d, lib) => match name {
            "itemsize" => Ok(Value::Int(i128::from(d.itemsize()))),
            "name" if *lib == Lib::Numpy => Ok(Value::Str(Rc::from(d.name()))),
            "kind" if *lib == Lib::Numpy => Ok(Value::Str(Rc::from(match d {
                DType::Bool => "b",
                d if d.is_unsigned() => "u",
                d if d.is_float() => "f",
                _ => "i",
            }))),
            "is_floating_point" => Ok(Value::Bool(d.is_float())),
            _ => Err(missing(if *lib == Lib::Numpy {
                "'numpy.dtype' object".into()
            } else {
                "'torch.dtype' object".into()
            })),
        },
        Value::Scalar(d, n) => scalar_attr(ctx, *d, *n, name, span),
        Value::Rng(r) => crate::random::attr(*r, name, span),
        Value::Returned(kind, items) => crate::torch::returned::attr(kind, items, name, span),
        other => Err(missing(format!("'{}' object", other.type_name()))),
    }
}

/// An attribute of a NumPy scalar: what a 0-d array of its value would say, where NumPy's
/// scalars have it.
fn scalar_attr(
    ctx: &mut Context,
    d: DType,
    n: Num,
    name: &str,
    span: Span,
) -> Result<Value, EvalError> {
    Ok(match name {
        "T" => Value::Scalar(d, n),
        "dtype" => Value::DType(d, Lib::Numpy),
        "itemsize" | "nbytes" => Value::Int(i128::from(d.itemsize())),
        "shape" | "strides" => Value::Tuple(Rc::from(Vec::new())),
        "ndim" => Value::Int(0),
        "size" => Value::Int(1),
        "base" => Value::None,
        // A scalar's flags are those of memory of its own that cannot be written.
        "flags" => {
            let a = crate::indexing::scalar_array(ctx, d, n, span)?;
            Value::Flags(match Rc::try_unwrap(a) {
                Ok(mut a) => {
                    a.writeable = false;
                    Rc::new(a)
                }
                Err(shared) => shared,
            })
        }
        _ if SCALAR_METHODS.contains(&name) => Value::ScalarMethod(d, n, Rc::from(name)),
        _ => return Err(names::missing(Owner::Scalar(d), name, span)),
    })
}

/// The owner of a module's recorded names; `None` for the modules whose names are not recorded
/// (`torch.nn`, `torch.nn.functional`, `torch.linalg`, `math`).
fn module_owner(m: Module) -> Option<Owner> {
    Some(match m {
        Module::Numpy => Owner::Numpy,
        Module::NumpyLib => Owner::NumpyLib,
        Module::StrideTricks => Owner::StrideTricks,
        Module::Linalg => Owner::Linalg,
        Module::Torch => Owner::Torch,
        // Not reached: `get` asks `random::module_get` for `np.random`'s names.
        Module::NumpyRandom => Owner::Numpy,
        Module::TorchNn | Module::Functional | Module::TorchLinalg | Module::Math => return None,
    })
}

fn module_attr(m: Module, name: &str) -> Option<Value> {
    match m {
        Module::Numpy => {
            if NUMPY_FUNCTIONS.contains(&name) || crate::numpy::ufuncs::has_function(name) {
                return Some(Value::Function(Lib::Numpy, Rc::from(name)));
            }
            match name {
                "lib" => Some(Value::Module(Module::NumpyLib)),
                "linalg" => Some(Value::Module(Module::Linalg)),
                "random" => Some(Value::Module(Module::NumpyRandom)),
                "newaxis" => Some(Value::None),
                "pi" => Some(Value::Float(core::f64::consts::PI)),
                "nan" => Some(Value::Float(f64::NAN)),
                "inf" => Some(Value::Float(f64::INFINITY)),
                _ => numpy_dtype(name).map(|d| Value::DType(d, Lib::Numpy)),
            }
        }
        Module::NumpyLib => {
            (name == "stride_tricks").then_some(Value::Module(Module::StrideTricks))
        }
        Module::StrideTricks => matches!(name, "as_strided" | "sliding_window_view")
            .then(|| Value::Function(Lib::Numpy, Rc::from(name))),
        Module::Linalg => crate::numpy::norm::attr(name),
        Module::NumpyRandom => None,
        Module::Torch => {
            if TORCH_FUNCTIONS.contains(&name) || crate::torch::math::function(name).is_some() {
                return Some(Value::Function(Lib::Torch, Rc::from(name)));
            }
            match name {
                "nn" => Some(Value::Module(Module::TorchNn)),
                "linalg" => Some(Value::Module(Module::TorchLinalg)),
                "pi" => Some(Value::Float(core::f64::consts::PI)),
                "e" => Some(Value::Float(core::f64::consts::E)),
                "nan" => Some(Value::Float(f64::NAN)),
                "inf" => Some(Value::Float(f64::INFINITY)),
                _ => DType::parse_torch(name).map(|d| Value::DType(d, Lib::Torch)),
            }
        }
        Module::TorchNn => (name == "functional").then_some(Value::Module(Module::Functional)),
        Module::Functional => crate::torch::functional::attr(name),
        Module::TorchLinalg => crate::torch::linalg::attr(name),
        Module::Math => crate::math_module::attr(name),
    }
}

/// The dtypes NumPy 2 names as attributes of `np`.
fn numpy_dtype(name: &str) -> Option<DType> {
    match name {
        "bool" | "bool_" => Some(DType::Bool),
        "int8" | "byte" => Some(DType::Int8),
        "int16" | "short" => Some(DType::Int16),
        "int32" | "intc" => Some(DType::Int32),
        "int64" | "int_" | "intp" | "long" | "longlong" => Some(DType::Int64),
        "uint8" | "ubyte" => Some(DType::UInt8),
        "uint16" | "ushort" => Some(DType::UInt16),
        "uint32" | "uintc" => Some(DType::UInt32),
        "uint64" | "uint" | "uintp" | "ulong" | "ulonglong" => Some(DType::UInt64),
        "float16" | "half" => Some(DType::Float16),
        "float32" | "single" => Some(DType::Float32),
        "float64" | "double" => Some(DType::Float64),
        _ => None,
    }
}

/// NumPy's flag names (`flags['C_CONTIGUOUS']`, `flags.c_contiguous`, `flags['C']`).
pub fn flag(a: &Array, name: &str) -> Option<bool> {
    Some(match name {
        "C_CONTIGUOUS" | "C" | "CONTIGUOUS" => a.layout.is_c_contiguous(),
        "F_CONTIGUOUS" | "F" | "FORTRAN" => a.layout.is_f_contiguous(),
        "OWNDATA" | "O" => a.owndata,
        "WRITEABLE" | "W" => a.writeable,
        "ALIGNED" | "A" => {
            a.layout.offset() % a.dtype.itemsize() == 0
                && a.layout
                    .strides()
                    .iter()
                    .all(|s| s % a.dtype.itemsize() == 0)
        }
        "WRITEBACKIFCOPY" | "X" => false,
        _ => return None,
    })
}

fn array_attr(
    ctx: &mut Context,
    a: &Rc<Array>,
    name: &str,
    span: Span,
) -> Result<Option<Value>, EvalError> {
    let l = &a.layout;
    Ok(Some(match name {
        "T" => transposed(ctx, a, span),
        "mT" => {
            let v = stride_core::axes::matrix_transpose(l)?;
            last_two_swapped(ctx, a, v, span)
        }
        "shape" => Value::ints(l.shape()),
        "strides" => Value::ints(l.strides()),
        "ndim" => Value::Int(l.ndim() as i128),
        "size" => Value::Int(i128::from(l.size())),
        "itemsize" => Value::Int(i128::from(a.dtype.itemsize())),
        "nbytes" => Value::Int(i128::from(l.size()) * i128::from(a.dtype.itemsize())),
        "dtype" => Value::DType(a.dtype, Lib::Numpy),
        "flags" => Value::Flags(Rc::clone(a)),
        "base" => match &a.base {
            Base::None => Value::None,
            Base::Array(b) => Value::Array(Rc::clone(b)),
            Base::Other(n) => Value::Opaque(n),
        },
        _ if NUMPY_METHODS.contains(&name) || crate::numpy::ufuncs::has_method(name) => {
            Value::Method(Rc::clone(a), Rc::from(name))
        }
        _ => return Ok(None),
    }))
}

fn tensor_attr(
    ctx: &mut Context,
    a: &Rc<Array>,
    name: &str,
    span: Span,
) -> Result<Option<Value>, EvalError> {
    let l = &a.layout;
    Ok(Some(match name {
        "T" => transposed(ctx, a, span),
        // On a 0-d tensor `mT` is the tensor itself (deprecated, but the identity).
        "mT" if l.ndim() == 0 => Value::Array(Rc::clone(a)),
        "mT" => {
            let v = stride_core::torch::matrix_transpose(l)?;
            last_two_swapped(ctx, a, v, span)
        }
        "shape" => Value::ints(l.shape()),
        "ndim" => Value::Int(l.ndim() as i128),
        "dtype" => Value::DType(a.dtype, Lib::Torch),
        "itemsize" => Value::Int(i128::from(a.dtype.itemsize())),
        "nbytes" => Value::Int(i128::from(l.size()) * i128::from(a.dtype.itemsize())),
        "is_cuda" => Value::Bool(false),
        // No tensor of the lab has a gradient: `None` unless it requires one, which the lab
        // cannot compute.
        "grad" if crate::torch::convert::grad_state(a)? => {
            crate::torch::convert::no_autograd("t.grad")?
        }
        "grad" => Value::None,
        "requires_grad" => Value::Bool(crate::torch::convert::grad_state(a)?),
        _ if TORCH_METHODS.contains(&name) || crate::torch::math::method(name).is_some() => {
            Value::Method(Rc::clone(a), Rc::from(name))
        }
        _ => return Ok(None),
    }))
}

/// `.T`: every axis reversed, a view.
fn transposed(ctx: &mut Context, a: &Rc<Array>, span: Span) -> Value {
    let l = &a.layout;
    Value::Array(ctx.view(
        a,
        stride_core::axes::reversed(l),
        Op::permute(&reversed_perm(l.ndim())),
        span,
    ))
}

/// `.mT`: the view with layout `swapped`, which NumPy's or PyTorch's rule made by swapping the
/// last two axes of `a` (so `a` has at least two).
fn last_two_swapped(
    ctx: &mut Context,
    a: &Rc<Array>,
    swapped: stride_core::Layout,
    span: Span,
) -> Value {
    let n = a.layout.ndim();
    let mut perm = identity(n);
    perm.swap(n - 2, n - 1);
    Value::Array(ctx.view(a, swapped, Op::permute(&perm), span))
}

fn identity(n: usize) -> stride_core::Dims {
    let mut d = stride_core::Dims::new();
    for k in 0..n {
        let _ = d.push(k as i64);
    }
    d
}

fn reversed_perm(n: usize) -> stride_core::Dims {
    let mut d = identity(n);
    d.reverse();
    d
}

/// `0..n` as a permutation.
pub fn identity_perm(n: usize) -> stride_core::Dims {
    identity(n)
}
