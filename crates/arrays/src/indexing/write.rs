//! `a[index] = value`: the destination's addresses (a view or an advanced selection), NumPy's
//! checks of the value (sequences, masks, Python ints out of range, NaN into integers), and the
//! writes, broadcast and cast to the array's dtype.

use std::rc::Rc;

use stride_core::index::{IndexItem, index as basic_index};
use stride_core::{Dims, Layout, Order};

use crate::array::Array;
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::value::Value;

use super::advanced::{c_shape, select};
use super::{Index, Part};

/// `array[index] = value`.
pub fn set_item(
    ctx: &mut Context,
    a: &Rc<Array>,
    index: &Index,
    value: &Value,
    span: Span,
) -> Result<(), EvalError> {
    if a.torch {
        return crate::torch::set_item(ctx, a, index, value, span);
    }
    if !a.writeable {
        return Err(EvalError::value_error("assignment destination is read-only").at(span));
    }
    let whole_mask = matches!(
        index.parts.as_slice(),
        [(Part::Mask(mask_shape, _), _)] if mask_shape == a.layout.shape()
    );
    if let [(Part::Mask(_, mask), _)] = index.parts.as_slice() {
        if whole_mask {
            check_mask_assignment(mask, value).map_err(|e| e.at(span))?;
        }
    }
    let (shape, addresses): (Dims, Vec<i128>) = if index.is_advanced() {
        let sel = select(ctx, a, index, span)?;
        let shape = match &sel.perm {
            Some(p) => {
                let l = Layout::contiguous(&sel.alloc_shape, 1, Order::C)?;
                *stride_core::axes::transpose(&l, p)?.shape()
            }
            None => sel.alloc_shape,
        };
        (shape, sel.addresses)
    } else {
        let items = index.basic_items().unwrap_or_default();
        let indexed = basic_index(&a.layout, &items)?;
        if indexed.scalar {
            refuse_sequence(value)?;
        }
        let view = indexed.layout;
        // A view takes a Python sequence converted with at most its own number of dimensions.
        if let Value::List(_) | Value::Tuple(_) = value {
            if crate::numpy::nested(value)?.0.len() > view.ndim() {
                return Err(EvalError::value_error(format!(
                    "setting an array element with a sequence. The requested array would exceed the maximum number of dimension of {}.",
                    view.ndim()
                )));
            }
        }
        (*view.shape(), ctx.positions(&view, span)?)
    };
    if index.is_advanced() && empty_value_fits(value, &shape) {
        return Ok(());
    }
    if let (true, Value::Array(v)) = (whole_mask, value) {
        if v.shares_buffer(a) {
            return write_live(ctx, a, &addresses, v, span);
        }
    }
    write_values(ctx, a, &shape, &addresses, value, span).map_err(|e| {
        if index.is_advanced() && e.message.starts_with("could not broadcast input array") {
            let source = crate::ops::operand(value).map(|o| *o.layout.shape()).unwrap_or_default();
            EvalError::value_error(format!(
                "shape mismatch: value array of shape {} could not be broadcast to indexing result of shape {}",
                c_shape(&source),
                c_shape(&shape)
            ))
        } else {
            e
        }
    })
}

/// NumPy's single-mask assignment (`array_assign_boolean_subscript`) reads the value one element
/// at a time as it writes, without copying a value that overlaps the destination: a value that
/// is a view of the same memory sees the writes already made. (Other assignments copy such a
/// value first, as [`write_values`] does by reading it whole.) The value is 0-d or 1-d here; one
/// of length 1 is read at the same place for every element.
fn write_live(
    ctx: &mut Context,
    a: &Array,
    addresses: &[i128],
    v: &Array,
    span: Span,
) -> Result<(), EvalError> {
    ctx.charge(addresses.len() as u64, span)?;
    ctx.room_to_write(&a.buffer, addresses, a.dtype.itemsize(), span)?;
    let sources: Vec<i128> = stride_core::footprint::Positions::new(&v.layout).collect();
    let stepping = sources.len() > 1;
    for (k, &address) in addresses.iter().enumerate() {
        let at = if stepping {
            sources.get(k)
        } else {
            sources.first()
        };
        let n = at
            .and_then(|&p| v.read_at(p))
            .ok_or_else(|| EvalError::value_error("the value reads outside its buffer").at(span))?;
        a.buffer
            .write(a.dtype, address, a.dtype.cast(v.dtype.cast(n)));
    }
    Ok(())
}

/// Advanced assignment reshapes a value with more dimensions than the result to its last ones
/// (`PyArray_MapIterNew`), which a value of size 0 always allows, whatever the dropped sizes:
/// such a value that then broadcasts writes nothing and is no error.
fn empty_value_fits(value: &Value, shape: &[i64]) -> bool {
    let Ok(o) = crate::ops::operand(value) else {
        return false;
    };
    let dims = o.layout.shape();
    let Some(tail) = dims
        .len()
        .checked_sub(shape.len())
        .and_then(|k| dims.get(k..))
    else {
        return false;
    };
    dims.len() > shape.len()
        && o.layout.size() == 0
        && Layout::contiguous(tail, 1, Order::C)
            .and_then(|l| stride_core::broadcast::broadcast_to(&l, shape))
            .is_ok()
}

/// NumPy stores one element (an integer index on every axis, or `fill`) with `PyArray_Pack`,
/// which takes no sequence at all, not even one of length 1.
pub fn refuse_sequence(value: &Value) -> Result<(), EvalError> {
    let sequence = match value {
        Value::List(_) | Value::Tuple(_) => true,
        Value::Array(v) => v.layout.ndim() > 0,
        _ => false,
    };
    if sequence {
        return Err(EvalError::value_error(
            "setting an array element with a sequence.",
        ));
    }
    Ok(())
}

/// NumPy's checks for a single boolean index of exactly the array's shape (`array_assign_boolean_subscript`
/// in `numpy/_core/src/multiarray/mapping.c`), which replace the broadcast of the general path: the
/// value must be 0-d or 1-d, and a 1-d value of length other than 1 must have one item per True.
fn check_mask_assignment(mask: &[bool], value: &Value) -> Result<(), EvalError> {
    let shape = match value {
        Value::Array(v) => *v.layout.shape(),
        Value::List(_) | Value::Tuple(_) => crate::numpy::nested(value)?.0,
        _ => Dims::new(),
    };
    if shape.len() > 1 {
        return Err(EvalError::type_error(format!(
            "NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, input has {} dimensions",
            shape.len()
        )));
    }
    let trues = mask.iter().filter(|&&m| m).count() as i64;
    match shape.first() {
        Some(&n) if n != 1 && n != trues => Err(EvalError::value_error(format!(
            "NumPy boolean array indexing assignment cannot assign {n} input values to the {trues} output values where the mask is true"
        ))),
        _ => Ok(()),
    }
}

/// Writes `value`, broadcast to `shape`, at `addresses` (row order), casting to the array's dtype.
pub fn write_values(
    ctx: &mut Context,
    a: &Array,
    shape: &[i64],
    addresses: &[i128],
    value: &Value,
    span: Span,
) -> Result<(), EvalError> {
    let source = crate::ops::operand(value)?;
    // NumPy drops leading size-1 axes of the value that the target does not have.
    let mut from = source.layout;
    while from.ndim() > shape.len() && from.shape().first() == Some(&1) {
        from = stride_core::index::index(&from, &[IndexItem::Int(0)])?.layout;
    }
    let stretched = stride_core::broadcast::broadcast_to(&from, shape).map_err(|_| {
        EvalError::value_error(format!(
            "could not broadcast input array from shape {} into shape {}",
            c_shape(from.shape()),
            c_shape(shape)
        ))
    })?;
    let values: Vec<Num> = stride_core::footprint::Positions::new(&stretched)
        .map(|p| {
            source
                .read(p)
                .ok_or_else(|| EvalError::value_error("value reads outside its buffer"))
        })
        .collect::<Result<_, _>>()?;
    if let Some(python) = source.python_int.filter(|_| !a.torch) {
        check_python_int(python, a.dtype)?;
    }
    // A uint64 scalar cannot be cast safely to a signed type, so NumPy sets it through a Python int
    // (and its NEP 50 check): `int64_array[0] = np.uint64(2**64 - 1)` is an OverflowError.
    if let Value::Scalar(DType::UInt64, Num::Int(i)) = value {
        if a.dtype.int_range().is_some_and(|(low, _)| low < 0) && !a.torch {
            check_python_int(*i, a.dtype)?;
        }
    }
    if a.dtype != DType::Bool
        && !a.dtype.is_float()
        && source.python_float
        && values
            .iter()
            .any(|v| matches!(v, Num::Float(f) if f.is_nan()))
    {
        return Err(EvalError::value_error(
            "cannot convert float NaN to integer",
        ));
    }
    ctx.charge(addresses.len() as u64, span)?;
    ctx.room_to_write(&a.buffer, addresses, a.dtype.itemsize(), span)?;
    for (&addr, v) in addresses.iter().zip(values) {
        a.buffer.write(a.dtype, addr, a.dtype.cast(v));
    }
    Ok(())
}

/// NumPy 2 refuses a Python int that does not fit the target integer dtype (first, as CPython,
/// one that does not fit a C long; for uint32 and uint64, NumPy 2.4.6 also takes an unsigned long
/// long, so `uint32 + 2**63` is out of bounds for uint32 rather than too large for a C long).
pub fn check_python_int(value: i128, dtype: DType) -> Result<(), EvalError> {
    if let Some((low, high)) = dtype.int_range() {
        let unsigned_long =
            matches!(dtype, DType::UInt32 | DType::UInt64) && u64::try_from(value).is_ok();
        if i64::try_from(value).is_err() && !unsigned_long {
            return Err(EvalError::new(
                "OverflowError",
                "Python int too large to convert to C long",
            ));
        }
        if value < low || value > high {
            return Err(EvalError::new(
                "OverflowError",
                format!("Python integer {value} out of bounds for {}", dtype.name()),
            ));
        }
    }
    Ok(())
}
