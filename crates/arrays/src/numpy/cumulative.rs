//! Running sums and products along an axis, both libraries: `np.cumsum`, `np.cumprod`,
//! `x.cumsum()`, `x.cumprod()` (no axis: of the flattened array), `torch.cumsum`,
//! `torch.cumprod`, `t.cumsum(dim)`, `t.cumprod(dim)`.
//!
//! NumPy adds one element at a time in the result's dtype (`add.accumulate`), each partial
//! rounded to it, so its floats are reproduced exactly; PyTorch's CPU kernel accumulates in
//! double for float tensors and rounds each output once, which the lab does too. Integers
//! wrap as in the dtype. Layouts: NumPy's result along an axis is allocated as its ufunc
//! iterator allocates outputs (the input's order); PyTorch's is C-contiguous.

use std::rc::Rc;

use super::lanes::{Lanes, computed_c};
use crate::array::Array;
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

/// One lane's running sums (`product` false) or products, each partial in `dtype`; `wide`
/// keeps float partials in double and rounds only the outputs (PyTorch).
fn running(lane: &[Num], dtype: DType, product: bool, wide: bool) -> Vec<Num> {
    let mut out = Vec::with_capacity(lane.len());
    if dtype.is_float() {
        let mut acc = if product { 1.0 } else { 0.0 };
        for v in lane {
            let x = dtype.cast(*v).as_f64();
            acc = if product { acc * x } else { acc + x };
            if !wide {
                acc = dtype.cast(Num::Float(acc)).as_f64();
            }
            out.push(Num::Float(acc));
        }
    } else {
        let mut acc: i128 = i128::from(product);
        for v in lane {
            let x = match dtype.cast(*v) {
                Num::Int(i) => i,
                Num::Bool(b) => i128::from(b),
                Num::Float(f) => f as i128,
            };
            acc = if product {
                acc.wrapping_mul(x)
            } else {
                acc.wrapping_add(x)
            };
            // Wrap to the dtype as its arithmetic would.
            acc = match dtype.cast(Num::Int(acc)) {
                Num::Int(i) => i,
                other => other.as_f64() as i128,
            };
            out.push(Num::Int(acc));
        }
    }
    out
}

fn numpy(ctx: &mut Context, a: &Rc<Array>, b: &Bound, product: bool, span: Span) -> Result<Value> {
    let dtype = super::dtype_arg(b.given("dtype"))?.unwrap_or(super::reduce::sum_dtype(a.dtype));
    let values = ctx.read_values(a, span)?;
    let name = if product { "cumprod" } else { "cumsum" };
    let axis = match b.given("axis") {
        None | Some(Value::None) => None,
        Some(v) => {
            let n = a.layout.ndim();
            if n == 0 {
                return Err(EvalError::new(
                    "AxisError",
                    format!(
                        "axis {} is out of bounds for array of dimension 0",
                        v.as_index()?
                    ),
                ));
            }
            Some(stride_core::axes::normalize_axis(v.as_index()?, n)?)
        }
    };
    let result = match axis {
        None => {
            let out = running(&values, dtype, product, false);
            computed_c(ctx, a, &[a.layout.size()], dtype, &out, name, span)?
        }
        Some(k) => {
            let lanes = Lanes::new(a.layout.shape(), k);
            let out = lanes.map(&values, lanes.len, |lane| {
                running(lane, dtype, product, false)
            });
            // `accumulate` allocates its output with the ufunc iterator's rule.
            let layout = stride_core::elementwise::output_layout(
                a.layout.shape(),
                &[&a.layout],
                dtype.itemsize(),
                dtype != a.dtype,
            )?;
            super::lanes::computed(ctx, a, layout, dtype, &out, name, span)?
        }
    };
    Ok(Value::Array(result))
}

/// `np.cumsum(a, axis=None, dtype=None, out=None)`.
pub fn np_cumsum(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = super::as_array(ctx, b.required("a")?, span)?;
    numpy(ctx, &a, b, false, span)
}

/// `np.cumprod(a, axis=None, dtype=None, out=None)`.
pub fn np_cumprod(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let a = super::as_array(ctx, b.required("a")?, span)?;
    numpy(ctx, &a, b, true, span)
}

/// `x.cumsum(axis=None, dtype=None, out=None)`.
pub fn cumsum_method(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    numpy(ctx, a, b, false, span)
}

/// `x.cumprod(axis=None, dtype=None, out=None)`.
pub fn cumprod_method(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    numpy(ctx, a, b, true, span)
}

fn torch(ctx: &mut Context, a: &Rc<Array>, b: &Bound, product: bool, span: Span) -> Result<Value> {
    let k = stride_core::torch::wrap_dim(b.required("dim")?.as_index()?, a.layout.ndim().max(1))?;
    let dtype = super::dtype_arg(b.given("dtype"))?.unwrap_or(if a.dtype.is_float() {
        a.dtype
    } else {
        DType::Int64
    });
    let values = ctx.read_values(a, span)?;
    if dtype.is_float() {
        // PyTorch's kernel's order of float operations is its own.
        ctx.approximate();
    }
    let lanes = Lanes::new(a.layout.shape(), k);
    let out = lanes.map(&values, lanes.len, |lane| {
        running(lane, dtype, product, true)
    });
    let name = if product { "cumprod" } else { "cumsum" };
    Ok(Value::Array(computed_c(
        ctx,
        a,
        a.layout.shape(),
        dtype,
        &out,
        name,
        span,
    )?))
}

/// `t.cumsum(dim, *, dtype=None)`.
pub fn torch_cumsum(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    torch(ctx, a, b, false, span)
}

/// `t.cumprod(dim, *, dtype=None)`.
pub fn torch_cumprod(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    torch(ctx, a, b, true, span)
}

/// `torch.cumsum(input, dim, *, dtype=None)`.
pub fn torch_cumsum_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    torch(ctx, &crate::torch::stats::input(b)?, b, false, span)
}

/// `torch.cumprod(input, dim, *, dtype=None)`.
pub fn torch_cumprod_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    torch(ctx, &crate::torch::stats::input(b)?, b, true, span)
}
