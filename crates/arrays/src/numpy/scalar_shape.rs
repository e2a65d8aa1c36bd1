//! A NumPy scalar's shape methods: `s.reshape(…)` (a new 1-element array, or the scalar for
//! `()`), `s.copy()` (the scalar), `s.flatten()` and `s.ravel()` (1-element arrays). NumPy
//! makes the array from the scalar's value: the result owns no memory for `reshape` and
//! `ravel` (a view of the 0-d array made for the call), and owns it for `flatten` (a copy).

use crate::array::{Base, Op};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

/// The 0-d array NumPy makes of the scalar, then `shape` of it: a view.
fn viewed(ctx: &mut Context, d: DType, n: Num, shape: &[i64], span: Span) -> Result<Value> {
    let zero_d = ctx.internal(|ctx| crate::indexing::scalar_array(ctx, d, n, span))?;
    let layout = stride_core::Layout::allocated(shape, d.itemsize(), stride_core::Order::C)?;
    let view = crate::array::view_of(&zero_d, layout, Op::Reshape("reshape", None), span);
    Ok(Value::Array(crate::numpy::with_flags(
        view,
        true,
        Base::Array(zero_d),
    )))
}

fn check_order(b: &Bound) -> Result<()> {
    crate::numpy::order_arg(b.given("order"), stride_core::reshape::MemOrder::C, true).map(|_| ())
}

/// `s.reshape(*shape, order='C')`.
pub fn reshape(ctx: &mut Context, d: DType, n: Num, b: &Bound, span: Span) -> Result<Value> {
    check_order(b)?;
    let mut shape: Vec<i64> = match b.rest() {
        [(v @ (Value::Tuple(_) | Value::List(_)), _)] => crate::numpy::shape_arg(v)?.to_vec(),
        many => many
            .iter()
            .map(|(v, _)| v.as_index())
            .collect::<Result<_>>()?,
    };
    let unknown = shape.iter().filter(|&&s| s == -1).count();
    if unknown > 1 {
        return Err(EvalError::value_error(
            "can only specify one unknown dimension",
        ));
    }
    for s in &mut shape {
        if *s == -1 {
            *s = 1;
        }
    }
    if shape.iter().any(|&s| s != 1) {
        return Err(EvalError::value_error(format!(
            "cannot reshape array of size 1 into shape {}",
            numpy_shape(&shape)
        )));
    }
    if shape.is_empty() {
        return Ok(Value::Scalar(d, n));
    }
    viewed(ctx, d, n, &shape, span)
}

/// `s.copy(order='C')`: the scalar.
pub fn copy(_: &mut Context, d: DType, n: Num, b: &Bound, _: Span) -> Result<Value> {
    check_order(b)?;
    Ok(Value::Scalar(d, n))
}

/// `s.ravel(order='C')`.
pub fn ravel(ctx: &mut Context, d: DType, n: Num, b: &Bound, span: Span) -> Result<Value> {
    check_order(b)?;
    viewed(ctx, d, n, &[1], span)
}

/// `s.flatten(order='C')`: a new 1-element array.
pub fn flatten(ctx: &mut Context, d: DType, n: Num, b: &Bound, span: Span) -> Result<Value> {
    check_order(b)?;
    let origin = crate::array::Origin {
        op: Op::Copy("flatten"),
        parent: None,
        span,
    };
    Ok(Value::Array(ctx.internal(|ctx| {
        ctx.new_c_array(&[1], d, &[n], false, origin)
    })?))
}

/// A shape as NumPy's reshape message prints it: `(2,)`, `(1,1,2)`.
fn numpy_shape(shape: &[i64]) -> String {
    let items: Vec<String> = shape.iter().map(i64::to_string).collect();
    if items.len() == 1 {
        format!("({},)", items.join(","))
    } else {
        format!("({})", items.join(","))
    }
}
