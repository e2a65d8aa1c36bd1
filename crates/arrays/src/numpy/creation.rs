//! NumPy's creation functions: `np.arange`, `np.zeros`, `np.ones`, `np.full`, `np.zeros_like`,
//! `np.array`, `np.asarray`, `np.ascontiguousarray`, `np.asfortranarray`, `np.dtype`; and the
//! helpers PyTorch's twins share (`arange`, [`filled`]).
//!
//! This module holds the filled arrays (`zeros`, `ones`, `full`, `*_like`), the unwritten ones
//! (`empty`, `empty_like`: see [`crate::written`]) and `np.dtype`;
//! `arange` and `convert` (arrays from data) are its submodules, re-exported here.

use std::rc::Rc;

use stride_core::reshape::MemOrder;
use stride_core::{Dims, Layout, Order};

use super::{as_array, dtype_arg, infer_numpy_values, order_arg, rescale, shape_arg};
use crate::array::{Array, Op, Origin, Rule};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::{Lib, Value};

mod arange;
mod convert;

pub use arange::{arange, np_arange};
pub use convert::{array, array_from, asarray, ascontiguousarray, asfortranarray};

/// The shape of a new array (`np.zeros`, `np.full`): `None` gets NumPy's own hint.
fn creation_shape(v: &Value) -> Result<Dims, EvalError> {
    if matches!(v, Value::None) {
        return Err(EvalError::type_error("Use () not None as shape arguments"));
    }
    shape_arg(v)
}

/// `np.zeros`, `np.ones`, `np.full` and their `torch` twins.
/// What `np.zeros`, `np.ones`, `np.full` and their PyTorch twins make.
pub struct Fill<'a> {
    /// The shape.
    pub shape: &'a [i64],
    /// The dtype.
    pub dtype: DType,
    /// The value of every element.
    pub value: Num,
    /// The memory order.
    pub order: Order,
    /// Whether it is a tensor.
    pub torch: bool,
    /// The function's name, for the explanation.
    pub name: &'static str,
}

/// A new array of one repeated value.
pub fn filled(ctx: &mut Context, fill: Fill<'_>, span: Span) -> Result<Rc<Array>, EvalError> {
    let Fill {
        shape,
        dtype,
        value,
        order,
        torch,
        name,
    } = fill;
    let layout = new_layout(shape, dtype, order, torch)?;
    let origin = Origin {
        op: Op::Create(name),
        parent: None,
        span,
    };
    ctx.new_lazy(layout, dtype, fill_rule(dtype, value), torch, origin)
}

/// PyTorch's errors for a tensor whose strides or bytes pass int64 (before NumPy's, which the
/// layout would give): its strides are products of the later sizes, its storage all of them.
fn torch_size_fits(shape: &[i64], dtype: DType) -> Result<(), EvalError> {
    if shape.iter().any(|&n| n < 0) {
        return Ok(());
    }
    let storage = shape
        .iter()
        .try_fold(1i64, |acc, &n| acc.checked_mul(n))
        .and_then(|n| n.checked_mul(dtype.itemsize()));
    if storage.is_none() {
        let sizes: Vec<String> = shape.iter().map(i64::to_string).collect();
        return Err(EvalError::new(
            "RuntimeError",
            format!(
                "Storage size calculation overflowed with sizes=[{}]",
                sizes.join(", ")
            ),
        ));
    }
    let mut stride = 1i64;
    for &n in shape.iter().skip(1).rev() {
        stride = stride
            .checked_mul(n.max(1))
            .ok_or_else(|| EvalError::new("RuntimeError", "Stride calculation overflowed"))?;
    }
    Ok(())
}

/// The rule of a buffer whose every element is `value` (cast to `dtype`).
pub(crate) fn fill_rule(dtype: DType, value: Num) -> Rule {
    let mut item = vec![0u8; dtype.itemsize() as usize];
    dtype.store(dtype.cast(value), &mut item);
    Rule::Fill(item)
}

/// The value and the label of `ones` (or else `zeros`), NumPy's or PyTorch's.
pub(crate) fn ones_or_zeros(name: &str, torch: bool) -> (Num, &'static str) {
    match (name == "ones", torch) {
        (true, false) => (Num::Int(1), "np.ones"),
        (false, false) => (Num::Int(0), "np.zeros"),
        (true, true) => (Num::Int(1), "torch.ones"),
        (false, true) => (Num::Int(0), "torch.zeros"),
    }
}

/// A new array of `layout` whose memory was never written ([`Rule::Unwritten`]; see
/// [`crate::written`]): `np.empty`, `torch.empty` and their `*_like`s, of any size.
pub(crate) fn unwritten(
    ctx: &mut Context,
    layout: Layout,
    dtype: DType,
    torch: bool,
    origin: Origin,
) -> Result<Rc<Array>, EvalError> {
    ctx.new_lazy(layout, dtype, Rule::Unwritten, torch, origin)
}

/// The layout of a new array (`np.empty`, `np.zeros`, their `torch` twins): PyTorch keeps C
/// strides for an empty tensor, NumPy zeroes them; PyTorch refuses sizes whose strides or
/// bytes pass int64 with its own errors.
fn new_layout(shape: &[i64], dtype: DType, order: Order, torch: bool) -> Result<Layout, EvalError> {
    if torch {
        torch_size_fits(shape, dtype)?;
        Ok(Layout::contiguous(shape, dtype.itemsize(), order)?)
    } else {
        Ok(Layout::allocated(shape, dtype.itemsize(), order)?)
    }
}

/// `np.empty(shape, dtype, order)` and `torch.empty(*size, dtype=…)`: the layout of
/// `np.zeros`, the memory never written.
pub(crate) fn new_empty(
    ctx: &mut Context,
    shape: &[i64],
    dtype: DType,
    order: Order,
    torch: bool,
    span: Span,
) -> Result<Rc<Array>, EvalError> {
    let layout = new_layout(shape, dtype, order, torch)?;
    let origin = Origin {
        op: Op::Create(if torch { "torch.empty" } else { "np.empty" }),
        parent: None,
        span,
    };
    unwritten(ctx, layout, dtype, torch, origin)
}

/// `np.empty(shape, dtype, order)`: its values are whatever memory held, shown as not yet
/// written ([`crate::written`]).
pub fn empty(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let shape = creation_shape(b.required("shape")?)?;
    let dtype = dtype_arg(b.given("dtype"))?
        .or(ctx.dtype_override)
        .unwrap_or(DType::Float64);
    let order = memory_order(b.given("order"))?;
    Ok(Value::Array(new_empty(
        ctx, &shape, dtype, order, false, span,
    )?))
}

fn memory_order(v: Option<&Value>) -> Result<Order, EvalError> {
    Ok(if order_arg(v, MemOrder::C, false)? == MemOrder::F {
        Order::F
    } else {
        Order::C
    })
}

fn zeros_or_ones(ctx: &mut Context, b: &Bound, span: Span, name: &str) -> Result<Value, EvalError> {
    let shape = creation_shape(b.required("shape")?)?;
    let dtype = dtype_arg(b.given("dtype"))?
        .or(ctx.dtype_override)
        .unwrap_or(DType::Float64);
    let order = memory_order(b.given("order"))?;
    let (value, label) = ones_or_zeros(name, false);
    let fill = Fill {
        shape: &shape,
        dtype,
        value,
        order,
        torch: false,
        name: label,
    };
    Ok(Value::Array(filled(ctx, fill, span)?))
}

/// `np.zeros(shape, dtype, order)`.
pub fn zeros(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    zeros_or_ones(ctx, b, span, "zeros")
}

/// `np.ones(shape, dtype, order)`.
pub fn ones(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    zeros_or_ones(ctx, b, span, "ones")
}

/// `np.full(shape, fill_value, dtype, order)`.
pub fn full(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let shape = creation_shape(b.required("shape")?)?;
    let fill = b.required("fill_value")?;
    let asked = dtype_arg(b.given("dtype"))?.or(ctx.dtype_override);
    let (inferred, nums) = infer_numpy_values(std::slice::from_ref(fill), asked)?;
    let dtype = asked.unwrap_or(inferred);
    let order = memory_order(b.given("order"))?;
    let value = nums.first().copied().unwrap_or(Num::Int(0));
    let fill = Fill {
        shape: &shape,
        dtype,
        value,
        order,
        torch: false,
        name: "np.full",
    };
    Ok(Value::Array(filled(ctx, fill, span)?))
}

fn like(ctx: &mut Context, b: &Bound, span: Span, ones: bool) -> Result<Value, EvalError> {
    let value = if ones {
        (Some(Num::Int(1)), "np.ones_like")
    } else {
        (Some(Num::Int(0)), "np.zeros_like")
    };
    like_new(ctx, b, span, "a", value)
}

/// `np.full_like(a, fill_value, dtype, order, subok)`: the fill cast to the result's dtype.
pub fn full_like(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let fill = b.required("fill_value")?;
    let (_, nums) = infer_numpy_values(std::slice::from_ref(fill), None)?;
    let value = nums.first().copied().unwrap_or(Num::Int(0));
    like_new(ctx, b, span, "a", (Some(value), "np.full_like"))
}

/// `np.empty_like(prototype, dtype, order, subok)`: `np.zeros_like`'s layout, the memory never
/// written ([`crate::written`]).
pub fn empty_like(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    like_new(ctx, b, span, "prototype", (None, "np.empty_like"))
}

/// A new array laid out as NumPy's `*_like` lays it out (order `K` by default: the argument's
/// axis order, densely), filled with `v` (or never written for `None`); the argument is the
/// parameter `param`.
fn like_new(
    ctx: &mut Context,
    b: &Bound,
    span: Span,
    param: &str,
    (v, label): (Option<Num>, &'static str),
) -> Result<Value, EvalError> {
    let a = as_array(ctx, b.required(param)?, span)?;
    let dtype = dtype_arg(b.given("dtype"))?.unwrap_or(a.dtype);
    let order = order_arg(b.given("order"), MemOrder::K, true)?;
    let layout = rescale(&stride_core::copy::copy_layout(&a.layout, order)?, dtype)?;
    let origin = Origin {
        op: Op::Create(label),
        parent: None,
        span,
    };
    Ok(Value::Array(match v {
        Some(v) => ctx.new_lazy(layout, dtype, fill_rule(dtype, v), false, origin)?,
        None => unwritten(ctx, layout, dtype, false, origin)?,
    }))
}

/// `np.zeros_like(a, dtype, order, subok)`.
pub fn zeros_like(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    like(ctx, b, span, false)
}

/// `np.ones_like(a, dtype, order, subok)`.
pub fn ones_like(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    like(ctx, b, span, true)
}

/// `np.dtype(dtype)`.
pub fn dtype(_: &mut Context, b: &Bound, _: Span) -> Result<Value, EvalError> {
    let d = dtype_arg(Some(b.required("dtype")?))?.unwrap_or(DType::Float64);
    Ok(Value::DType(d, Lib::Numpy))
}
