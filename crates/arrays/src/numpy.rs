//! NumPy's functions (`np.arange`, `np.reshape`, `as_strided`, …) and array methods
//! (`x.reshape`, `x.copy`, `x.astype`, `x.sum`, …), each a thin layer over stride-core that keeps
//! values. Every one is listed in [`table`] with its real signature, and bound by
//! [`crate::signature`] before its body runs.
//!
//! - [`creation`]: `arange`, `zeros`, `ones`, `full`, `*_like`, `array`, `asarray`,
//!   `ascontiguousarray`, `asfortranarray`, `dtype`.
//! - [`shape`]: the functions and methods that change how memory is read (`reshape`,
//!   `transpose`, `squeeze`, `ravel`, `broadcast_to`, `as_strided`, …) and `shares_memory`.
//! - [`methods`]: `astype`, `view`, `fill`, `tolist`, `item`, and NumPy scalars' methods.
//! - [`matmul`]: `matmul`/`@`; [`dot`]: `dot`, `vdot`, `inner`; [`einsum`]: `einsum` and `einsum_path`;
//!   [`exact`]: their sums of products (floats only where no summation order can round).
//! - [`reduce`]: the reductions (`sum`, `mean`, `argmax`, `any`, `std`, …); [`quantile`]:
//!   `median`, `percentile`, `quantile`; [`outer`]: `outer`.
//! - [`norm`]: `np.linalg.norm`; [`svd`]: `np.linalg.svd(compute_uv=False)`; [`singular`]: the
//!   singular values (one-sided Jacobi) both use.
//! - [`join`]: `concatenate`, `stack`, `hstack`, `vstack`; [`repeat`]: `repeat`, `tile`.
//! - [`views`]: `split`, `array_split`, `flip`, `diagonal`, `view(dtype)`.
//! - [`table`]: name → (signature, body), and the calls that dispatch through it.
//!
//! This module holds the argument converters they share (shapes, dtypes, orders, nested lists).

pub mod creation;
pub mod cumulative;
pub mod dot;
pub mod einsum;
pub mod exact;
pub mod eye;
pub mod join;
pub mod lanes;
pub mod linspace;
pub mod matmul;
pub mod methods;
pub mod norm;
pub mod outer;
pub mod quantile;
pub mod reduce;
pub mod repeat;
pub mod scalar_shape;
pub mod shape;
pub mod singular;
pub mod sort;
pub mod svd;
pub mod table;
pub mod triangle;
pub mod ufuncs;
pub mod views;

use std::rc::Rc;

use stride_core::reshape::{CopyMode, MemOrder};
use stride_core::{Dims, Layout, Order};

use crate::array::{Array, Base, Op, Origin};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::value::Value;

pub(crate) use creation::ones_or_zeros;
pub use creation::{Fill, arange, filled};
pub use shape::reshape;
pub use table::{call_dtype, call_function, call_method, call_scalar_method};

/// The array in a value, converting lists and scalars as `np.asarray` would.
pub fn as_array(ctx: &mut Context, v: &Value, span: Span) -> Result<Rc<Array>, EvalError> {
    match v {
        Value::Array(a) => Ok(Rc::clone(a)),
        Value::Int(_)
        | Value::Float(_)
        | Value::Bool(_)
        | Value::Scalar(..)
        | Value::List(_)
        | Value::Tuple(_) => {
            ctx.internal(|ctx| creation::array_from(ctx, v, None, false, Order::C, span))
        }
        other => Err(EvalError::type_error(format!(
            "expected an array, got '{}'",
            other.type_name()
        ))),
    }
}

/// A shape argument: an int or a sequence of ints.
pub fn shape_arg(v: &Value) -> Result<Dims, EvalError> {
    match v {
        Value::Tuple(items) | Value::List(items) => {
            too_many_dims(items.len())?;
            let mut d = Dims::new();
            for item in items.iter() {
                d.push(item.as_index()?)?;
            }
            Ok(d)
        }
        Value::Float(f) => Err(EvalError::type_error(format!(
            "expected a sequence of integers or a single integer, got '{}'",
            crate::display::float_repr(*f)
        ))),
        other => Ok(Dims::from_slice(&[other.as_index()?])?),
    }
}

/// NumPy counts a shape's items before it reads them: `reshape([1] * 1000)` says "found 1000".
fn too_many_dims(n: usize) -> Result<(), EvalError> {
    if n > stride_core::MAX_NDIM {
        return Err(stride_core::Error::TooManyDims { ndim: n }.into());
    }
    Ok(())
}

/// A dtype argument: `np.float32`, `'int8'`, `float`, `None` (the default).
pub fn dtype_arg(v: Option<&Value>) -> Result<Option<DType>, EvalError> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(Value::DType(d, _)) => Ok(Some(*d)),
        Some(Value::Str(s)) => DType::parse(s)
            .map(Some)
            .ok_or_else(|| EvalError::type_error(format!("data type '{s}' not understood"))),
        Some(Value::Builtin(name)) => match *name {
            "int" => Ok(Some(DType::Int64)),
            "float" => Ok(Some(DType::Float64)),
            "bool" => Ok(Some(DType::Bool)),
            other => Err(EvalError::type_error(format!(
                "data type '{other}' not understood"
            ))),
        },
        Some(other) => Err(EvalError::type_error(format!(
            "Cannot interpret '{}' as a data type",
            crate::display::repr(other)
        ))),
    }
}

/// An `order` argument.
pub fn order_arg(
    v: Option<&Value>,
    default: MemOrder,
    allow_k: bool,
) -> Result<MemOrder, EvalError> {
    let text = match v {
        None | Some(Value::None) => return Ok(default),
        Some(Value::Str(s)) => s.to_string(),
        Some(other) => {
            return Err(EvalError::type_error(format!(
                "order must be str, not {}",
                other.type_name()
            )));
        }
    };
    match text.to_ascii_uppercase().as_str() {
        "C" => Ok(MemOrder::C),
        "F" => Ok(MemOrder::F),
        "A" => Ok(MemOrder::A),
        "K" if allow_k => Ok(MemOrder::K),
        "K" => Err(EvalError::value_error(
            "order 'K' is not permitted for reshaping",
        )),
        _ => Err(EvalError::value_error(format!(
            "order must be one of 'C', 'F', 'A', or 'K' (got '{text}')"
        ))),
    }
}

/// Flattens nested lists and tuples into (shape, items), as `np.array` reads them.
pub fn nested(v: &Value) -> Result<(Dims, Vec<Value>), EvalError> {
    match v {
        Value::List(items) | Value::Tuple(items) => {
            let mut flat = Vec::new();
            let mut inner_shape: Option<Dims> = None;
            for item in items.iter() {
                let (shape, values) = nested(item)?;
                match &inner_shape {
                    None => inner_shape = Some(shape),
                    Some(s) if *s == shape => {}
                    Some(_) => {
                        return Err(EvalError::value_error(format!(
                            "setting an array element with a sequence. The requested array has an inhomogeneous shape after 1 dimensions. The detected shape was ({},) + inhomogeneous part.",
                            items.len()
                        )));
                    }
                }
                flat.extend(values);
            }
            let mut shape = Dims::new();
            shape.push(items.len() as i64)?;
            for d in inner_shape.unwrap_or_default().iter() {
                shape.push(*d)?;
            }
            Ok((shape, flat))
        }
        Value::Array(a) => {
            let values = a.checked_values(Span::default())?;
            Ok((
                *a.layout.shape(),
                values
                    .into_iter()
                    .map(|n| Value::Scalar(a.dtype, n))
                    .collect(),
            ))
        }
        other => Ok((Dims::new(), vec![other.clone()])),
    }
}

/// The dtype NumPy's `np.array` / `np.full` infers for Python values and the values as numbers,
/// checked against the `dtype=` asked for. A Python int is int64, or uint64 from 2⁶³ to 2⁶⁴ − 1
/// (so `[2**63]` is uint64 and `[-1, 2**63]` float64); past 64 bits only a float dtype takes it
/// (NumPy makes an object array, which the lab does not have). With an integer `dtype=`, NEP 50:
/// each Python int must fit it.
pub fn infer_numpy_values(
    flat: &[Value],
    dtype: Option<DType>,
) -> Result<(DType, Vec<Num>), EvalError> {
    let mut inferred: Option<DType> = None;
    let mut nums = Vec::with_capacity(flat.len());
    for v in flat {
        let (d, n) = match v {
            Value::Int(i) => {
                if let Some(d) = dtype.filter(|d| d.int_range().is_some()) {
                    crate::indexing::check_python_int(*i, d)?;
                }
                if i64::try_from(*i).is_ok() {
                    (DType::Int64, Num::Int(*i))
                } else if u64::try_from(*i).is_ok() {
                    (DType::UInt64, Num::Int(*i))
                } else if dtype.is_some_and(DType::is_float) {
                    (DType::Float64, Num::Float(*i as f64))
                } else {
                    return Err(EvalError::unsupported(
                        crate::construct::LibConstruct::BigIntArrays,
                        Span::default(),
                    ));
                }
            }
            other => infer_one(other)?,
        };
        inferred = Some(inferred.map_or(d, |prev| prev.promote(d)));
        nums.push(n);
    }
    Ok((inferred.unwrap_or(DType::Float64), nums))
}

/// The dtype NumPy infers for Python values, and the values as numbers.
pub fn infer_values(flat: &[Value]) -> Result<(DType, Vec<Num>), EvalError> {
    let mut dtype: Option<DType> = None;
    let mut nums = Vec::with_capacity(flat.len());
    for v in flat {
        let (d, n) = infer_one(v)?;
        dtype = Some(dtype.map_or(d, |prev| prev.promote(d)));
        nums.push(n);
    }
    Ok((dtype.unwrap_or(DType::Float64), nums))
}

/// One value's dtype and number (a Python int must fit a C long).
fn infer_one(v: &Value) -> Result<(DType, Num), EvalError> {
    Ok(match v {
        Value::Bool(b) => (DType::Bool, Num::Bool(*b)),
        Value::Int(i) => {
            let i = i64::try_from(*i).map_err(|_| {
                EvalError::new("OverflowError", "Python int too large to convert to C long")
            })?;
            (DType::Int64, Num::Int(i.into()))
        }
        Value::Float(f) => (DType::Float64, Num::Float(*f)),
        Value::Scalar(d, n) => (*d, *n),
        other => {
            return Err(EvalError::unsupported(
                crate::construct::LibConstruct::ArraysOf(other.type_name()),
                Span::default(),
            ));
        }
    })
}

/// A copy of `a` laid out as `layout` (already in `dtype`'s item size) in new memory, with the
/// values cast to `dtype`.
pub fn copy_into(
    ctx: &mut Context,
    a: &Rc<Array>,
    layout: Layout,
    dtype: DType,
    op: Op,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    if let Some(copy) = lazy_copy(ctx, a, a.layout, layout, dtype, &op, span)? {
        return Ok(copy);
    }
    ctx.room(layout.nbytes(), span)?;
    let values = ctx.read_values(a, span)?;
    let values: Vec<Num> = values.into_iter().map(|v| dtype.cast(v)).collect();
    ctx.new_array(
        layout,
        dtype,
        &values,
        a.torch,
        Origin {
            op,
            parent: Some(Rc::clone(a)),
            span,
        },
    )
}

/// Copies of more elements than this read their source lazily even when it holds bytes.
const LAZY_COPY_FROM: i64 = 1 << 16;

/// [`copy_into`] as a rule over a snapshot of the source (when the source is lazy or the copy
/// large, its elements all lie in its buffer, and `layout` is dense): no value is computed until
/// one is read, so `np.zeros((8, 12, 1024, 1024)).transpose(0, 1, 3, 2).copy()` is made at once.
/// `read` is the view of `a`'s memory read in row order (`a.layout`, or a permutation of it for
/// a ravel in another order). `None` when the copy must be made value by value.
pub(crate) fn lazy_copy(
    ctx: &mut Context,
    a: &Rc<Array>,
    read: Layout,
    layout: Layout,
    dtype: DType,
    op: &Op,
    span: Span,
) -> Result<Option<Rc<Array>>, EvalError> {
    let inside = read
        .byte_bounds()
        .is_none_or(|(low, high)| low >= 0 && high <= i128::from(a.buffer.len()));
    let worth = a.buffer.is_lazy() || layout.size() > LAZY_COPY_FROM;
    if !inside || !worth {
        return Ok(None);
    }
    let source = a.buffer.snapshot();
    if source.depth() >= crate::array::MAX_DEPTH {
        return Ok(None);
    }
    let stored = source.stored();
    let Some(rule) = crate::array::CopyRule::new(source, read, a.dtype, layout) else {
        return Ok(None);
    };
    ctx.room_to_keep(stored, span)?;
    let origin = Origin {
        op: op.clone(),
        parent: Some(Rc::clone(a)),
        span,
    };
    let rule = crate::array::Rule::Copy(Box::new(rule));
    ctx.new_lazy(layout, dtype, rule, a.torch, origin).map(Some)
}

/// The same axis order with another item size.
pub fn rescale(l: &Layout, dtype: DType) -> Result<Layout, EvalError> {
    let old = l.itemsize();
    let strides: Vec<i64> = l
        .strides()
        .iter()
        .map(|s| s / old * dtype.itemsize())
        .collect();
    let fresh = Layout::new(l.shape(), &strides, 0, dtype.itemsize())?;
    if fresh.size() == 0 {
        return Ok(Layout::allocated(l.shape(), dtype.itemsize(), Order::C)?);
    }
    Ok(fresh)
}

/// Axes given as one int or a sequence of ints.
pub fn axes_list(v: &Value) -> Result<Vec<i64>, EvalError> {
    match v {
        Value::Tuple(items) | Value::List(items) => items.iter().map(Value::as_index).collect(),
        other => Ok(vec![other.as_index()?]),
    }
}

/// The view `v` marked read-only, with `base`.
pub fn readonly(v: Rc<Array>, base: Base) -> Rc<Array> {
    with_flags(v, false, base)
}

/// The view `v` with its writeability and base set.
pub fn with_flags(v: Rc<Array>, writeable: bool, base: Base) -> Rc<Array> {
    match Rc::try_unwrap(v) {
        Ok(mut array) => {
            array.writeable = writeable;
            array.base = base;
            Rc::new(array)
        }
        Err(shared) => shared,
    }
}

/// A `copy` argument: `None` copies if needed, true always, false never.
pub fn copy_mode(v: Option<&Value>) -> Result<CopyMode, EvalError> {
    Ok(match v {
        None | Some(Value::None) => CopyMode::IfNeeded,
        Some(v) if v.truthy()? => CopyMode::Always,
        Some(_) => CopyMode::Never,
    })
}

/// A NumPy value as the Python value `.item()` and `.tolist()` give.
pub fn python_value(n: Num) -> Value {
    match n {
        Num::Bool(b) => Value::Bool(b),
        Num::Int(i) => Value::Int(i),
        Num::Float(f) => Value::Float(f),
    }
}

/// How many Python objects `tolist()` of `shape` makes (lists at every level, then the items),
/// `None` past `u64`.
pub fn list_items(shape: &[i64]) -> Option<u64> {
    let mut level: u64 = 1;
    let mut total: u64 = 0;
    for &d in shape {
        level = level.checked_mul(u64::try_from(d).ok()?)?;
        total = total.checked_add(level)?;
    }
    Some(total)
}

/// Nested lists of Python values, as `tolist()` gives.
pub fn to_list(shape: &[i64], values: &[Num], dtype: DType) -> Value {
    let _ = dtype;
    match shape.split_first() {
        None => values.first().copied().map_or(Value::None, python_value),
        Some((&n, rest)) => {
            let chunk = rest.iter().product::<i64>().max(0) as usize;
            let items: Vec<Value> = (0..n.max(0) as usize)
                .map(|k| {
                    to_list(
                        rest,
                        values.get(k * chunk..(k + 1) * chunk).unwrap_or(&[]),
                        dtype,
                    )
                })
                .collect();
            Value::List(items.into())
        }
    }
}
