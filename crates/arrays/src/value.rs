//! [`Value`]: everything a program can compute, from Python ints to arrays and bound methods.

use std::rc::Rc;

use crate::array::Array;
use crate::dtype::{DType, Num};
use crate::error::EvalError;

/// Which library a name belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lib {
    /// NumPy.
    Numpy,
    /// PyTorch.
    Torch,
    /// `torch.nn.functional`.
    Functional,
    /// `torch.linalg`.
    TorchLinalg,
    /// `np.linalg`.
    NumpyLinalg,
    /// CPython's `math`.
    Math,
}

/// The modules a program can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Module {
    /// `np` / `numpy`.
    Numpy,
    /// `np.lib`.
    NumpyLib,
    /// `np.lib.stride_tricks`.
    StrideTricks,
    /// `np.linalg` (whose functions the lab names but does not run).
    Linalg,
    /// `torch`.
    Torch,
    /// `np.random`.
    NumpyRandom,
    /// `torch.nn`.
    TorchNn,
    /// `torch.nn.functional`.
    Functional,
    /// `torch.linalg`.
    TorchLinalg,
    /// CPython's `math`.
    Math,
}

/// Which kind of random generator object a program holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RngKind {
    /// `np.random.RandomState(seed)`.
    RandomState,
    /// `np.random.default_rng(seed)`: a `Generator` over PCG64.
    Generator,
}

/// A random generator object: its kind and its slot in the run's [`crate::random::State`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rng {
    /// The kind.
    pub kind: RngKind,
    /// Its slot.
    pub id: usize,
}

/// A value.
#[derive(Clone, Debug)]
pub enum Value {
    /// `None`.
    None,
    /// A Python bool.
    Bool(bool),
    /// A Python int (the lab keeps them within 128 bits).
    Int(i128),
    /// A Python float.
    Float(f64),
    /// A string.
    Str(Rc<str>),
    /// A tuple.
    Tuple(Rc<[Value]>),
    /// A list.
    List(Rc<[Value]>),
    /// `...`.
    Ellipsis,
    /// A slice object (only inside indexing).
    Slice(Option<i128>, Option<i128>, Option<i128>),
    /// An array or tensor.
    Array(Rc<Array>),
    /// A NumPy scalar such as `np.float64(3.0)`.
    Scalar(DType, Num),
    /// A dtype (`np.float32`, `torch.int64`, `x.dtype`).
    DType(DType, Lib),
    /// `x.flags`.
    Flags(Rc<Array>),
    /// A module.
    Module(Module),
    /// A function of a module or a builtin, by name.
    Function(Lib, Rc<str>),
    /// A method bound to an array.
    Method(Rc<Array>, Rc<str>),
    /// A method bound to a NumPy scalar (`np.int32(3).astype`).
    ScalarMethod(DType, Num, Rc<str>),
    /// A Python builtin function (`len`, `tuple`, …).
    Builtin(&'static str),
    /// A random generator object (`np.random.default_rng(0)`).
    Rng(Rng),
    /// A method bound to a random generator object (`rng.random`).
    RngMethod(Rng, Rc<str>),
    /// A Python object the lab only names (`x.base` of an `as_strided` view).
    Opaque(&'static str),
    /// A `torch.Size` (`t.shape`, `t.size()`) that a program ends with: a tuple of ints that
    /// prints as `torch.Size([2, 3])`. (Inside the program it is the interpreter's `Size`; as an
    /// argument the library takes it as the tuple it is.)
    Size(Rc<[i64]>),
    /// A named tuple of PyTorch's `torch.return_types` (`sort`, `topk`, …): its kind and
    /// its items, `values` then `indices`.
    Returned(&'static str, Rc<[Value]>),
    /// A Python object of the interpreter's that the library has no form for (a function, a
    /// long range): its type name and `repr`, for the lab to show.
    Python(&'static str, Rc<str>),
}

impl Value {
    /// A tuple of Python ints: `a.shape`, `a.strides`, `t.size()`.
    pub fn ints(items: &[i64]) -> Value {
        Value::Tuple(
            items
                .iter()
                .map(|&v| Value::Int(i128::from(v)))
                .collect::<Vec<_>>()
                .into(),
        )
    }

    /// Python's type name, as `type(v).__name__` gives it.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::None => "NoneType",
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Float(_) => "float",
            Value::Str(_) => "str",
            Value::Tuple(_) => "tuple",
            Value::List(_) => "list",
            Value::Ellipsis => "ellipsis",
            Value::Slice(..) => "slice",
            Value::Array(a) if a.torch => "Tensor",
            Value::Array(_) => "ndarray",
            Value::Scalar(d, _) => scalar_type_name(*d),
            Value::DType(..) => "dtype",
            Value::Flags(_) => "flagsobj",
            Value::Module(_) => "module",
            Value::Function(..) => "function",
            Value::Method(..) | Value::ScalarMethod(..) | Value::Builtin(_) => {
                "builtin_function_or_method"
            }
            Value::Opaque(name) | Value::Python(name, _) | Value::Returned(name, _) => name,
            Value::Size(_) => "torch.Size",
            Value::Rng(r) => match r.kind {
                RngKind::RandomState => "RandomState",
                RngKind::Generator => "Generator",
            },
            Value::RngMethod(..) => "builtin_function_or_method",
        }
    }

    /// The type as Python's messages name it (`'numpy.ndarray' object is not callable`): with its
    /// module, for types outside Python's builtins.
    pub fn qualified_name(&self) -> &'static str {
        match self {
            Value::Array(a) if a.torch => "Tensor",
            Value::Array(_) => "numpy.ndarray",
            Value::Scalar(d, _) => match d {
                DType::Bool => "numpy.bool",
                DType::Int8 => "numpy.int8",
                DType::Int16 => "numpy.int16",
                DType::Int32 => "numpy.int32",
                DType::Int64 => "numpy.int64",
                DType::UInt8 => "numpy.uint8",
                DType::UInt16 => "numpy.uint16",
                DType::UInt32 => "numpy.uint32",
                DType::UInt64 => "numpy.uint64",
                DType::Float16 => "numpy.float16",
                DType::Float32 => "numpy.float32",
                DType::Float64 => "numpy.float64",
                DType::BFloat16 => "bfloat16",
            },
            Value::Flags(_) => "numpy._core.multiarray.flagsobj",
            Value::Rng(Rng {
                kind: RngKind::Generator,
                ..
            }) => "numpy.random._generator.Generator",
            Value::Rng(_) => "numpy.random.mtrand.RandomState",
            Value::Returned(..) => crate::torch::returned::QUALIFIED,
            other => other.type_name(),
        }
    }

    /// Python truthiness; arrays of more than one element are an error, as in NumPy.
    pub fn truthy(&self) -> Result<bool, EvalError> {
        Ok(match self {
            Value::None => false,
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            Value::Float(f) => *f != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::Tuple(v) | Value::List(v) => !v.is_empty(),
            Value::Scalar(_, n) => n.truthy(),
            Value::Array(a) => match a.layout.size() {
                1 => a
                    .values()
                    .first()
                    .copied()
                    .flatten()
                    .is_some_and(Num::truthy),
                0 => false,
                _ => {
                    return Err(EvalError::value_error(
                        "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()",
                    ));
                }
            },
            _ => true,
        })
    }

    /// The value as an index-sized integer (`operator.index`), or a TypeError naming its type.
    pub fn as_index(&self) -> Result<i64, EvalError> {
        match self {
            Value::Bool(b) => Ok(i64::from(*b)),
            Value::Int(i) => i64::try_from(*i).map_err(|_| {
                EvalError::new(
                    "OverflowError",
                    "Python int too large to convert to C ssize_t",
                )
            }),
            Value::Scalar(d, Num::Int(i)) if !d.is_float() => i64::try_from(*i).map_err(|_| {
                EvalError::new(
                    "OverflowError",
                    "Python int too large to convert to C ssize_t",
                )
            }),
            Value::Scalar(DType::Bool, Num::Bool(b)) => Ok(i64::from(*b)),
            Value::Array(a)
                if a.layout.ndim() == 0 && !a.dtype.is_float() && a.dtype != DType::Bool =>
            {
                match a.values().first().copied().flatten() {
                    Some(Num::Int(i)) => i64::try_from(i).map_err(|_| {
                        EvalError::new(
                            "OverflowError",
                            "Python int too large to convert to C ssize_t",
                        )
                    }),
                    _ => Err(not_an_integer(self)),
                }
            }
            _ => Err(not_an_integer(self)),
        }
    }
}

fn not_an_integer(v: &Value) -> EvalError {
    EvalError::type_error(format!(
        "'{}' object cannot be interpreted as an integer",
        v.type_name()
    ))
}

/// NumPy's scalar type names: `float64`, `int32`, `bool`.
pub fn scalar_type_name(d: DType) -> &'static str {
    d.name()
}
