//! Basic indexing and what is not an array: `a[i, 1:3, None, ...]` as a view through
//! `stride_core::index` (or a NumPy scalar when every axis got an integer), the dispatch of
//! `value[index]` by what is indexed, NumPy scalars indexed as 0-d arrays, `flags[...]`, and
//! Python's tuple and list indexing.

use std::rc::Rc;

use stride_core::index::{IndexItem, Indexed, index as basic_index};

use crate::array::{Array, Op, Origin, view_of};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::value::Value;

use super::advanced::gather;
use super::{Index, Part, VALID_INDICES, invalid_scalar_index};

/// Wraps the result of basic indexing: a NumPy scalar when every axis got an integer (the lab's
/// error when that element was never written), else a view.
pub fn basic_result(
    a: &Rc<Array>,
    items: &[IndexItem],
    indexed: Indexed,
    span: Span,
) -> Result<Value, EvalError> {
    if indexed.scalar && !a.torch {
        let address = i128::from(indexed.layout.offset());
        if a.buffer
            .unwritten(address, a.dtype.itemsize().unsigned_abs())
        {
            return Err(EvalError::unwritten(false).at(span));
        }
        let value = a.read_at(address).unwrap_or(Num::Int(0));
        return Ok(Value::Scalar(a.dtype, value));
    }
    Ok(Value::Array(view_of(
        a,
        indexed.layout,
        Op::Index(Rc::from(items)),
        span,
    )))
}

/// `value[index]`.
pub fn get_item(
    ctx: &mut Context,
    value: &Value,
    index: &Index,
    span: Span,
) -> Result<Value, EvalError> {
    match value {
        Value::Array(a) if a.torch => {
            crate::torch::get_item(ctx, a, index, span).map_err(crate::torch::beyond_numpy_dims)
        }
        Value::Array(a) => {
            if index.parts.len() > 2 * stride_core::MAX_NDIM {
                return Err(stride_core::Error::IndexTooLong.into());
            }
            if index.parts.iter().any(|(p, _)| matches!(p, Part::Key(_))) {
                return Err(EvalError::new("IndexError", VALID_INDICES));
            }
            if index.is_advanced() {
                return gather(ctx, a, index, span).map(Value::Array);
            }
            let items = index.basic_items().unwrap_or_default();
            let indexed = basic_index(&a.layout, &items)?;
            basic_result(a, &items, indexed, span)
        }
        Value::Tuple(items) | Value::List(items) => sequence_item(value, items, index),
        // NumPy indexes a scalar as a 0-d array of its value in new memory: `s[()]` is the scalar
        // again, `s[...]` a 0-d view of that memory, `s[None]` a 1-element one, `s[True]` a
        // 1-element copy; anything the 0-d array cannot take is one IndexError.
        Value::Scalar(_, _) if index.parts.is_empty() => Ok(value.clone()),
        Value::Scalar(d, n) => {
            let a = scalar_array(ctx, *d, *n, span)?;
            get_item(ctx, &Value::Array(a), index, span).map_err(|_| invalid_scalar_index())
        }
        Value::Flags(a) => match index.parts.as_slice() {
            [(Part::Key(key), _)] => flag_item(a, key),
            _ => Err(EvalError::new("KeyError", "'Unknown flag'")),
        },
        other => Err(EvalError::type_error(format!(
            "'{}' object is not subscriptable",
            other.qualified_name()
        ))),
    }
}

/// The 0-d array NumPy makes of a scalar to index it (`PyArray_FromScalar`): new memory holding
/// its value.
pub fn scalar_array(
    ctx: &mut Context,
    d: DType,
    n: Num,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let origin = Origin {
        op: Op::FromScalar,
        parent: None,
        span,
    };
    ctx.new_c_array(&[], d, &[d.cast(n)], false, origin)
}

/// `flags['C_CONTIGUOUS']`: flags are indexed by strings, which the evaluator passes here.
pub fn flag_item(a: &Array, key: &str) -> Result<Value, EvalError> {
    crate::attrs::flag(a, key)
        .map(Value::Bool)
        .ok_or_else(|| EvalError::new("KeyError", "'Unknown flag'"))
}

fn sequence_item(value: &Value, items: &[Value], index: &Index) -> Result<Value, EvalError> {
    let kind = value.type_name();
    match index.parts.as_slice() {
        [(Part::Basic(IndexItem::Int(i)), _)] => {
            let n = items.len() as i64;
            let k = if *i < 0 { i + n } else { *i };
            usize::try_from(k)
                .ok()
                .and_then(|k| items.get(k))
                .cloned()
                .ok_or_else(|| EvalError::new("IndexError", format!("{kind} index out of range")))
        }
        [(Part::Basic(IndexItem::Slice(s)), _)] => {
            let r = s.resolve(items.len() as i64)?;
            let picked: Vec<Value> = (0..r.len)
                .filter_map(|k| {
                    usize::try_from(r.start + k * r.step)
                        .ok()
                        .and_then(|j| items.get(j))
                        .cloned()
                })
                .collect();
            Ok(if matches!(value, Value::Tuple(_)) {
                Value::Tuple(picked.into())
            } else {
                Value::List(picked.into())
            })
        }
        parts => {
            // Python names the type of the index it was given.
            let given = match parts {
                [(Part::Key(_), _)] => "str",
                [(Part::Basic(IndexItem::NewAxis), _)] => "NoneType",
                [(Part::Basic(IndexItem::Ellipsis), _)] => "ellipsis",
                [(Part::Ints(..) | Part::Mask(..), _)] => "list",
                _ => "tuple",
            };
            Err(EvalError::type_error(format!(
                "{kind} indices must be integers or slices, not {given}"
            )))
        }
    }
}
