//! PyTorch's products of any size, made at once: the same rule as NumPy's (`numpy::matmul::lazy`,
//! `array::compute::ProductRule`), each element's sum computed when it is read. Only the operands'
//! views differ: PyTorch reads a folded operand (a batch of matrices as one tall matrix, a vector
//! as a 1×k or k×1 matrix) in its own C order, and its result is a new C-contiguous tensor.

use std::rc::Rc;

use stride_core::{Layout, Order};

use crate::array::Array;
use crate::context::Context;
use crate::dtype::DType;
use crate::error::{EvalError, Span};
use crate::numpy::exact::count;
use crate::numpy::matmul::lazy::{Factor, LAZY_FROM, product};
use crate::numpy::matmul::{origin, promoted};
use crate::value::Value;

/// The lazy product of `x` read as `xs` and `y` as `ys` (see `super::product`) into a new
/// C-contiguous tensor of shape `out`, or `None` when it is small enough to compute now, or must
/// be (a 0-d result, an operand whose fold would copy, one reading outside its buffer).
#[allow(clippy::too_many_arguments)]
pub(super) fn lazy_product(
    ctx: &mut Context,
    x: &Rc<Array>,
    y: &Rc<Array>,
    (xs, ys): (&[i64], &[i64]),
    (batch, n, k, m): (&[i64], i64, i64, i64),
    out: &[i64],
    dtype: DType,
    span: Span,
) -> Result<Option<Value>, EvalError> {
    let work = count(batch)
        .saturating_mul(n.saturating_mul(m))
        .saturating_mul(k.max(1));
    if out.is_empty() || work <= LAZY_FROM {
        return Ok(None);
    }
    let factor = |a: &Rc<Array>, shape: &[i64], left: bool| -> Option<(Layout, Vec<i64>)> {
        let mut full = batch.to_vec();
        full.extend(if left { [n, k] } else { [k, m] });
        let own = a.layout.shape().as_slice();
        if count(own) == count(shape) && batch.is_empty() {
            // The same elements in the same C order, viewed as the folded or promoted matrix.
            let strides = stride_core::reshape::attempt_nocopy(&a.layout, shape, Order::C).ok()?;
            let l = Layout::new(shape, &strides, a.layout.offset(), a.layout.itemsize()).ok()?;
            return Some((l, full));
        }
        Some((promoted(&a.layout, left).ok()?, full))
    };
    let (Some((xl, xfull)), Some((yl, yfull))) = (factor(x, xs, true), factor(y, ys, false)) else {
        return Ok(None);
    };
    let layout = Layout::contiguous(out, dtype.itemsize(), Order::C)?;
    let factors = (
        Factor {
            array: x,
            layout: xl,
            full: xfull,
        },
        Factor {
            array: y,
            layout: yl,
            full: yfull,
        },
    );
    let made = product(
        ctx,
        factors,
        batch,
        (n, k, m),
        dtype,
        layout,
        origin("matmul", x, span),
        span,
    )?;
    Ok(made.map(Value::Array))
}
