//! The rest of an array's methods (`astype`, `fill`, `tolist`, `item`; `view` is in `views`), a NumPy scalar's
//! (`astype`, `item`, `tolist`), and calling a dtype (`np.float32(3)`).

use std::rc::Rc;

use stride_core::Dims;
use stride_core::reshape::MemOrder;

use super::{copy_into, dtype_arg, list_items, order_arg, python_value, rescale, to_list};
use crate::array::{Array, Op};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

/// `x.astype(dtype, order, casting, subok, copy)`.
pub fn astype(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let dtype = dtype_arg(Some(b.required("dtype")?))?.unwrap_or(DType::Float64);
    let order = order_arg(b.given("order"), MemOrder::K, true)?;
    let copy = match b.given("copy") {
        Some(v) => v.truthy()?,
        None => true,
    };
    let layout_ok = match order {
        MemOrder::C => a.layout.is_c_contiguous(),
        MemOrder::F => a.layout.is_f_contiguous(),
        MemOrder::A => a.layout.is_c_contiguous() || a.layout.is_f_contiguous(),
        MemOrder::K => true,
    };
    if !copy && dtype == a.dtype && layout_ok {
        return Ok(Value::Array(Rc::clone(a)));
    }
    let layout = rescale(&stride_core::copy::copy_layout(&a.layout, order)?, dtype)?;
    Ok(Value::Array(copy_into(
        ctx,
        a,
        layout,
        dtype,
        Op::Cast(dtype),
        span,
    )?))
}

/// `x.fill(value)`.
pub fn fill(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let v = b.required("value")?.clone();
    if !a.writeable {
        return Err(EvalError::value_error(
            "assignment destination is read-only",
        ));
    }
    crate::indexing::refuse_sequence(&v)?;
    let addresses = ctx.positions(&a.layout, span)?;
    crate::indexing::write_values(ctx, a, a.layout.shape(), &addresses, &v, span)?;
    Ok(Value::None)
}

/// `x.tolist()`.
pub fn tolist(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value, EvalError> {
    ctx.check_sequence(list_items(a.layout.shape()).unwrap_or(u64::MAX), span)?;
    let values = ctx.read_values(a, span)?;
    Ok(to_list(a.layout.shape(), &values, a.dtype))
}

/// `x.item(*args)`.
pub fn item(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let index = item_index(a.layout.shape(), b.rest())?;
    let n = a.read_at(a.layout.address(&index)).ok_or_else(|| {
        EvalError::value_error("this view reads memory outside its buffer").at(span)
    })?;
    Ok(python_value(n))
}

/// The element `item(*args)` names (`PyArray_MultiIndexGetItem` and friends): no argument for a
/// size-1 array, one flat index (negative counts from the end), or one index per axis, given
/// separately or as one tuple.
fn item_index(shape: &[i64], args: &[(Value, Span)]) -> Result<Dims, EvalError> {
    let values: Vec<Value> = match args {
        [(Value::Tuple(items), _)] => items.to_vec(),
        _ => args.iter().map(|(v, _)| v.clone()).collect(),
    };
    let size = shape.iter().product::<i64>();
    match values.as_slice() {
        [] if size == 1 => Ok(Dims::filled(shape.len(), 0)?),
        [] => Err(EvalError::value_error(
            "can only convert an array of size 1 to a Python scalar",
        )),
        [flat] if shape.len() != 1 => {
            let k = flat.as_index()?;
            let j = if k < 0 { k.saturating_add(size) } else { k };
            if j < 0 || j >= size {
                return Err(EvalError::new(
                    "IndexError",
                    format!("index {k} is out of bounds for size {size}"),
                ));
            }
            Ok(stride_core::footprint::unravel(shape, j))
        }
        many if many.len() == shape.len() => {
            let mut index = Dims::new();
            for (axis, (v, &d)) in many.iter().zip(shape).enumerate() {
                let k = v.as_index()?;
                let j = if k < 0 { k.saturating_add(d) } else { k };
                if j < 0 || j >= d {
                    return Err(stride_core::Error::IndexOutOfBounds {
                        index: k,
                        axis,
                        size: d,
                    }
                    .into());
                }
                index.push(j)?;
            }
            Ok(index)
        }
        _ => Err(EvalError::value_error(
            "incorrect number of indices for array",
        )),
    }
}

/// `s.astype(dtype, …)` of a NumPy scalar: a scalar of the new dtype, cast as arrays cast.
pub fn scalar_astype(
    _: &mut Context,
    d: DType,
    n: Num,
    b: &Bound,
    _: Span,
) -> Result<Value, EvalError> {
    let dtype = dtype_arg(Some(b.required("dtype")?))?.unwrap_or(DType::Float64);
    Ok(Value::Scalar(dtype, dtype.cast(d.cast(n))))
}

/// `s.item(*args)` of a NumPy scalar: the Python value.
pub fn scalar_item(
    _: &mut Context,
    d: DType,
    n: Num,
    b: &Bound,
    _: Span,
) -> Result<Value, EvalError> {
    item_index(&[], b.rest())?;
    Ok(python_value(d.cast(n)))
}

/// `s.tolist()` of a NumPy scalar: the Python value.
pub fn scalar_tolist(
    _: &mut Context,
    d: DType,
    n: Num,
    _: &Bound,
    _: Span,
) -> Result<Value, EvalError> {
    Ok(python_value(d.cast(n)))
}

/// `np.float32(3)`: calling a dtype makes a NumPy scalar.
pub fn call_dtype(d: DType, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let value = match b.given("value") {
        None => Num::Int(0),
        Some(Value::Int(i)) => {
            if !d.is_float() && d != DType::Bool {
                crate::indexing::check_python_int(*i, d)?;
            }
            // Past 64 bits only a float dtype is left, which takes the int as a double.
            if i128::from(i64::MIN) <= *i && *i <= i128::from(u64::MAX) {
                Num::Int(*i)
            } else {
                Num::Float(*i as f64)
            }
        }
        Some(v) => Num::Float(crate::builtins::as_float(v).map_err(|e| e.at(span))?),
    };
    Ok(Value::Scalar(d, d.cast(value)))
}
