//! `a[index]` and `a[index] = value`: basic indexing as a view (through stride-core), advanced
//! indexing (integer lists and arrays, boolean masks) as a copy gathered element by element, and
//! indexing of Python tuples, lists and flags.
//!
//! Advanced indexing follows NumPy's rules: the index arrays broadcast together to a shape `B`;
//! integers count as 0-d index arrays once any array is present; the result is allocated in the
//! order (`B`, remaining axes) and, when the advanced indices are adjacent but not first, `B` is
//! moved to where they stood, so the result is a transposed view of its own new memory.
//!
//! This module turns the subscripts into an [`Index`]; `basic` reads with it (views, scalars,
//! sequences, flags), `advanced` gathers with it, and `write` assigns through it.

use std::rc::Rc;

use stride_core::Dims;
use stride_core::index::{IndexItem, Slice};

use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::value::Value;

mod advanced;
mod basic;
mod write;

pub use advanced::c_shape;
pub use basic::{basic_result, flag_item, get_item, scalar_array};
pub use write::{check_python_int, refuse_sequence, set_item, write_values};

/// One evaluated part of an index.
#[derive(Clone, Debug)]
pub enum Part {
    /// An integer, slice, `None` or `...`.
    Basic(IndexItem),
    /// An integer index array (from a list or an array), with its shape and values in row order.
    Ints(Dims, Vec<i64>),
    /// A boolean mask, with its shape and values.
    Mask(Dims, Vec<bool>),
    /// A string key (`flags['C_CONTIGUOUS']`).
    Key(Rc<str>),
}

/// An evaluated index: its parts, each with its span.
#[derive(Clone, Debug, Default)]
pub struct Index {
    /// The parts in order.
    pub parts: Vec<(Part, Span)>,
    /// For each part that came from a tensor of integers, its position and the tensor's strides
    /// in elements: PyTorch lays out an advanced index's result by them.
    pub tensor_strides: Vec<(usize, Dims)>,
    /// The positions of tensors of a dtype PyTorch refuses as an index (float): its IndexError
    /// comes after the view's checks, so it waits for them.
    pub refused_tensors: Vec<usize>,
    /// The positions of int32 index tensors (PyTorch's writes of a number word their bounds
    /// error by axis only for int64 indices).
    pub int32_tensors: Vec<usize>,
}

impl Index {
    fn is_advanced(&self) -> bool {
        self.parts
            .iter()
            .any(|(p, _)| matches!(p, Part::Ints(..) | Part::Mask(..)))
    }

    fn basic_items(&self) -> Option<Vec<IndexItem>> {
        self.parts
            .iter()
            .map(|(p, _)| match p {
                Part::Basic(b) => Some(*b),
                _ => None,
            })
            .collect()
    }
}

/// The index of `value[…]` from its evaluated parts (each with its span): a slice is a
/// [`Value::Slice`], and a lone tuple spreads into the index (`a[(1, 2)]` is `a[1, 2]`). For a
/// NumPy scalar (`scalar`), an error of a part as an index is NumPy's one IndexError
/// ([`invalid_scalar_index`]), even for what is no index at all (`s[0.5]`).
pub fn index_of(parts: &[(Value, Span)], scalar: bool) -> Result<Index, EvalError> {
    let wrap = |e: EvalError| {
        if scalar {
            EvalError {
                span: e.span,
                ..invalid_scalar_index()
            }
        } else {
            e
        }
    };
    let mut out = Vec::new();
    let mut strides = Vec::new();
    let mut refused = Vec::new();
    let mut int32 = Vec::new();
    for (v, span) in parts {
        match v {
            Value::Slice(start, stop, step) => {
                let clamp = |b: &Option<i128>| {
                    b.map(|i| i.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64)
                };
                let slice = Slice {
                    start: clamp(start),
                    stop: clamp(stop),
                    step: clamp(step),
                };
                out.push((Part::Basic(IndexItem::Slice(slice)), *span));
            }
            Value::Tuple(inner) if parts.len() == 1 => {
                for x in inner.iter() {
                    if let Value::Array(a) = x {
                        if a.torch && refused_index_dtype(a.dtype) {
                            refused.push(out.len());
                            out.push((Part::Ints(*a.layout.shape(), Vec::new()), *span));
                            continue;
                        }
                    }
                    if matches!(x, Value::Array(a) if a.torch && a.dtype == DType::Int32) {
                        int32.push(out.len());
                    }
                    note_strides(&mut strides, out.len(), x);
                    out.push((part_of(x).map_err(|err| wrap(err.at(*span)))?, *span));
                }
            }
            Value::Array(a) if a.torch && refused_index_dtype(a.dtype) => {
                refused.push(out.len());
                out.push((Part::Ints(*a.layout.shape(), Vec::new()), *span));
            }
            _ => {
                if matches!(v, Value::Array(a) if a.torch && a.dtype == DType::Int32) {
                    int32.push(out.len());
                }
                note_strides(&mut strides, out.len(), v);
                out.push((part_of(v).map_err(|err| wrap(err.at(*span)))?, *span));
            }
        }
    }
    Ok(Index {
        parts: out,
        tensor_strides: strides,
        refused_tensors: refused,
        int32_tensors: int32,
    })
}

/// The dtypes PyTorch does not take as an index tensor.
fn refused_index_dtype(d: DType) -> bool {
    !matches!(d, DType::Bool | DType::UInt8 | DType::Int32 | DType::Int64)
}

fn note_strides(strides: &mut Vec<(usize, Dims)>, position: usize, v: &Value) {
    if let Value::Array(a) = v {
        if a.torch && a.layout.ndim() > 0 && a.layout.itemsize() != 0 {
            let mut d = Dims::new();
            for &s in a.layout.strides().iter() {
                if d.push(s / a.layout.itemsize()).is_err() {
                    return;
                }
            }
            strides.push((position, d));
        }
    }
}

/// NumPy's error for any index a scalar cannot take (it indexes a 0-d array of the scalar's
/// value and replaces whatever that raised).
pub fn invalid_scalar_index() -> EvalError {
    EvalError::new("IndexError", "invalid index to scalar variable.")
}

/// A slice bound: an integer (clamped to 64 bits, as CPython clamps) or `None`.
pub fn slice_bound(v: &Value) -> Result<Option<i64>, EvalError> {
    match v {
        Value::None => Ok(None),
        Value::Int(i) => Ok(Some(
            (*i).clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
        )),
        other => other.as_index().map(Some).map_err(|_| {
            EvalError::type_error(
                "slice indices must be integers or None or have an __index__ method",
            )
        }),
    }
}

const VALID_INDICES: &str = "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices";

fn part_of(v: &Value) -> Result<Part, EvalError> {
    match v {
        Value::None => Ok(Part::Basic(IndexItem::NewAxis)),
        Value::Ellipsis => Ok(Part::Basic(IndexItem::Ellipsis)),
        Value::Str(s) => Ok(Part::Key(Rc::clone(s))),
        Value::Bool(b) | Value::Scalar(DType::Bool, Num::Bool(b)) => {
            Ok(Part::Mask(Dims::new(), vec![*b]))
        }
        // NumPy reads an int as a C long, then as an unsigned one: an int in [2⁶³, 2⁶⁴) fails the
        // second conversion with OverflowError, any other out of range is no index at all.
        Value::Int(i) if (1i128 << 63..1i128 << 64).contains(i) => Err(EvalError::new(
            "OverflowError",
            "Python int too large to convert to C long",
        )),
        Value::Int(_) | Value::Scalar(..) => v
            .as_index()
            .map(|i| Part::Basic(IndexItem::Int(i)))
            .map_err(|_| EvalError::new("IndexError", VALID_INDICES)),
        Value::List(_) | Value::Tuple(_) => {
            let (shape, flat) = crate::numpy::nested(v)?;
            if flat.iter().all(|x| matches!(x, Value::Bool(_))) && !flat.is_empty() {
                Ok(Part::Mask(
                    shape,
                    flat.iter()
                        .map(|x| matches!(x, Value::Bool(true)))
                        .collect(),
                ))
            } else {
                let ints = flat
                    .iter()
                    .map(|x| {
                        x.as_index()
                            .map_err(|_| EvalError::new("IndexError", VALID_INDICES))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Part::Ints(shape, ints))
            }
        }
        Value::Array(a) if a.torch => torch_part(a),
        Value::Array(a) => {
            let values = a.checked_values(Span::default())?;
            if a.dtype == DType::Bool {
                Ok(Part::Mask(
                    *a.layout.shape(),
                    values.iter().map(|n| n.truthy()).collect(),
                ))
            } else if a.dtype.is_float() {
                Err(EvalError::new(
                    "IndexError",
                    "arrays used as indices must be of integer (or boolean) type",
                ))
            } else {
                Ok(Part::Ints(
                    *a.layout.shape(),
                    values
                        .iter()
                        .map(|n| match n {
                            // Past int64 (a uint64 index) it is out of bounds anyway.
                            Num::Int(i) => (*i).clamp(i64::MIN.into(), i64::MAX.into()) as i64,
                            _ => 0,
                        })
                        .collect(),
                ))
            }
        }
        _ => Err(EvalError::new("IndexError", VALID_INDICES)),
    }
}

/// A tensor as PyTorch reads it in an index: a 0-d integer tensor is an integer (a view), a bool
/// or uint8 tensor a mask, an int32 or int64 tensor an index array; any other dtype is refused.
fn torch_part(a: &crate::array::Array) -> Result<Part, EvalError> {
    let values = a.checked_values(Span::default())?;
    let ints = || -> Vec<i64> {
        values
            .iter()
            .map(|n| match n {
                Num::Int(i) => (*i).clamp(i64::MIN.into(), i64::MAX.into()) as i64,
                Num::Bool(b) => i64::from(*b),
                _ => 0,
            })
            .collect()
    };
    match a.dtype {
        DType::Bool | DType::UInt8 => Ok(Part::Mask(
            *a.layout.shape(),
            values.iter().map(|n| n.truthy()).collect(),
        )),
        DType::Int32 | DType::Int64 if a.layout.ndim() == 0 => Ok(Part::Basic(IndexItem::Int(
            ints().first().copied().unwrap_or(0),
        ))),
        DType::Int32 | DType::Int64 => Ok(Part::Ints(*a.layout.shape(), ints())),
        _ => Err(EvalError::new(
            "IndexError",
            "tensors used as indices must be long, int, byte or bool tensors",
        )),
    }
}
