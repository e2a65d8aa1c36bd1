//! Identity-like matrices, both libraries: `np.eye(N, M=None, k=0, dtype=float, order='C')`,
//! `np.identity(n, dtype=None)`, `torch.eye(n, m=None, *, dtype=None)`. Ones on the `k`-th
//! diagonal, zeros elsewhere: exact values, NumPy's C or F layout, PyTorch's contiguous one.

use stride_core::{Layout, Order};

use crate::array::{Op, Origin};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

/// The values of an `n`×`m` matrix with ones on diagonal `k`, row order.
fn ones_on_diagonal(n: i64, m: i64, k: i64) -> Vec<Num> {
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..m {
            out.push(Num::Int(i128::from(c - r == k)));
        }
    }
    out
}

fn make(
    ctx: &mut Context,
    (n, m, k): (i64, i64, i64),
    dtype: DType,
    order: Order,
    torch: bool,
    name: &'static str,
    span: Span,
) -> Result<Value> {
    let shape = [n, m];
    let layout = if torch {
        Layout::contiguous(&shape, dtype.itemsize(), Order::C)?
    } else {
        Layout::allocated(&shape, dtype.itemsize(), order)?
    };
    ctx.room(layout.nbytes(), span)?;
    ctx.charge(u64::try_from(n.saturating_mul(m)).unwrap_or(u64::MAX), span)?;
    let values: Vec<Num> = ones_on_diagonal(n, m, k)
        .into_iter()
        .map(|v| dtype.cast(v))
        .collect();
    let origin = Origin {
        op: Op::Create(name),
        parent: None,
        span,
    };
    Ok(Value::Array(
        ctx.new_array(layout, dtype, &values, torch, origin)?,
    ))
}

fn numpy_size(v: &Value) -> Result<i64> {
    let n = v.as_index()?;
    if n < 0 {
        return Err(EvalError::value_error(
            "negative dimensions are not allowed",
        ));
    }
    Ok(n)
}

/// `np.eye(N, M=None, k=0, dtype=float, order='C')`.
pub fn np_eye(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let n = numpy_size(b.required("N")?)?;
    let m = match b.value("M") {
        Some(v) => numpy_size(v)?,
        None => n,
    };
    let k = b.given("k").map_or(Ok(0), Value::as_index)?;
    let dtype = match b.given("dtype") {
        None => DType::Float64,
        given => super::dtype_arg(given)?.unwrap_or(DType::Float64),
    };
    let order = match super::order_arg(b.given("order"), stride_core::reshape::MemOrder::C, false)?
    {
        stride_core::reshape::MemOrder::F => Order::F,
        _ => Order::C,
    };
    make(ctx, (n, m, k), dtype, order, false, "np.eye", span)
}

/// `np.identity(n, dtype=None)`.
pub fn np_identity(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let n = numpy_size(b.required("n")?)?;
    let dtype = super::dtype_arg(b.given("dtype"))?.unwrap_or(DType::Float64);
    make(ctx, (n, n, 0), dtype, Order::C, false, "np.identity", span)
}

/// `torch.eye(n, m=None, *, dtype=None, …)`.
pub fn torch_eye(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let n = b.required("n")?.as_index()?;
    let m = match b.value("m") {
        Some(v) => v.as_index()?,
        None => n,
    };
    if n < 0 {
        return Err(EvalError::new(
            "RuntimeError",
            format!("n must be greater or equal to 0, got {n}"),
        ));
    }
    if m < 0 {
        return Err(EvalError::new(
            "RuntimeError",
            format!("m must be greater or equal to 0, got {m}"),
        ));
    }
    let dtype = super::dtype_arg(b.given("dtype"))?
        .or(ctx.dtype_override)
        .unwrap_or(DType::Float32);
    make(ctx, (n, m, 0), dtype, Order::C, true, "torch.eye", span)
}
