//! Lower and upper triangles, both libraries: `np.tril(m, k=0)`, `np.triu(m, k=0)` (a 1-d
//! input is taken as its rows repeated, as NumPy's `tri` mask broadcasts it), `torch.tril`,
//! `torch.triu` and the methods `t.tril(diagonal=0)`, `t.triu(diagonal=0)` (at least 2
//! dimensions). The triangle is over the last two axes; the result is a new array of the same
//! dtype with exact values: C-contiguous for PyTorch, laid out as NumPy's `where` lays it out.

use std::rc::Rc;

use super::lanes::computed_c;
use crate::array::Array;
use crate::context::Context;
use crate::dtype::Num;
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

/// The values of `a` (row order, `shape` ending in rows × cols) with the other triangle zeroed.
fn keep_triangle(values: &[Num], rows: i64, cols: i64, k: i64, lower: bool) -> Vec<Num> {
    let per = usize::try_from(rows.saturating_mul(cols))
        .unwrap_or(0)
        .max(1);
    values
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let within = i64::try_from(i % per).unwrap_or(0);
            let (r, c) = (within / cols.max(1), within % cols.max(1));
            let keep = if lower { c - r <= k } else { c - r >= k };
            if keep { v } else { Num::Int(0) }
        })
        .collect()
}

fn triangle(ctx: &mut Context, a: &Rc<Array>, k: i64, lower: bool, span: Span) -> Result<Value> {
    let name = if lower { "tril" } else { "triu" };
    let mut values = ctx.read_values(a, span)?;
    let mut shape = a.layout.shape().to_vec();
    if shape.len() == 1 {
        // NumPy: the (n, n) mask broadcasts the row against itself.
        let n = shape.first().copied().unwrap_or(0);
        let row = values.clone();
        ctx.charge(u64::try_from(n.saturating_mul(n)).unwrap_or(u64::MAX), span)?;
        values = (0..n).flat_map(|_| row.iter().copied()).collect();
        shape = vec![n, n];
    }
    let cols = shape.last().copied().unwrap_or(1);
    let rows = shape
        .get(shape.len().saturating_sub(2))
        .copied()
        .unwrap_or(1);
    let out: Vec<Num> = keep_triangle(&values, rows, cols, k, lower)
        .into_iter()
        .map(|v| a.dtype.cast(v))
        .collect();
    if a.torch {
        return Ok(Value::Array(computed_c(
            ctx, a, &shape, a.dtype, &out, name, span,
        )?));
    }
    // NumPy: `where(mask, m, zeros(1, m.dtype))`, its output laid out by the ufunc iterator
    // over the C-ordered (rows, cols) mask, `m` and the one zero.
    let item = a.dtype.itemsize();
    let mask = stride_core::Layout::allocated(&[rows, cols], 1, stride_core::Order::C)?;
    let zero = stride_core::Layout::allocated(&[1], item, stride_core::Order::C)?;
    let layout = if a.layout.ndim() == 1 {
        stride_core::elementwise::output_layout(&shape, &[&mask, &zero], item, false)?
    } else {
        stride_core::elementwise::output_layout(&shape, &[&mask, &a.layout, &zero], item, false)?
    };
    Ok(Value::Array(super::lanes::computed(
        ctx, a, layout, a.dtype, &out, name, span,
    )?))
}

fn numpy(ctx: &mut Context, b: &Bound, lower: bool, span: Span) -> Result<Value> {
    let a = super::as_array(ctx, b.required("m")?, span)?;
    if a.layout.ndim() == 0 {
        return Err(EvalError::type_error(
            "tri() missing 1 required positional argument: 'N'",
        ));
    }
    let k = b.given("k").map_or(Ok(0), Value::as_index)?;
    triangle(ctx, &a, k, lower, span)
}

/// `np.tril(m, k=0)`.
pub fn np_tril(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    numpy(ctx, b, true, span)
}

/// `np.triu(m, k=0)`.
pub fn np_triu(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    numpy(ctx, b, false, span)
}

fn torch(ctx: &mut Context, a: &Rc<Array>, b: &Bound, lower: bool, span: Span) -> Result<Value> {
    if a.layout.ndim() < 2 {
        return Err(EvalError::new(
            "RuntimeError",
            format!(
                "{}: input tensor must have at least 2 dimensions",
                if lower { "tril" } else { "triu" }
            ),
        ));
    }
    let k = b.given("diagonal").map_or(Ok(0), Value::as_index)?;
    triangle(ctx, a, k, lower, span)
}

/// `t.tril(diagonal=0)`.
pub fn tril_method(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    torch(ctx, a, b, true, span)
}

/// `t.triu(diagonal=0)`.
pub fn triu_method(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    torch(ctx, a, b, false, span)
}

/// `torch.tril(input, diagonal=0)`.
pub fn torch_tril(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    torch(ctx, &crate::torch::stats::input(b)?, b, true, span)
}

/// `torch.triu(input, diagonal=0)`.
pub fn torch_triu(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    torch(ctx, &crate::torch::stats::input(b)?, b, false, span)
}
