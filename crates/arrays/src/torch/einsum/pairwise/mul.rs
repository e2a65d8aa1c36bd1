//! `mul` of two steps as PyTorch's TensorIterator allocates its output: the einsum of a pair
//! with nothing contracted.

use stride_core::{Layout, Order};

use super::step::{Step, size};
use crate::array::check_read;
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::numpy::exact::count;

/// PyTorch's promotion of two tensors: the higher kind wins, else NumPy's table.
fn promote(x: DType, y: DType) -> DType {
    match x.kind().cmp(&y.kind()) {
        std::cmp::Ordering::Greater => x,
        std::cmp::Ordering::Less => y,
        std::cmp::Ordering::Equal => x.promote(y),
    }
}

/// The output layout TensorIterator allocates for `a * b` (both already of one rank): the
/// operands' own strides when both are dense with the same shape and strides (or contiguous),
/// else the axes sorted by the operands' strides (a broadcast axis has no say).
fn mul_layout(a: &Layout, b: &Layout, shape: &[i64], itemsize: i64) -> Result<Layout, EvalError> {
    let n = shape.len();
    if a.shape().as_slice() == shape && b.shape().as_slice() == shape {
        if stride_core::torch::is_contiguous(a) && stride_core::torch::is_contiguous(b) {
            return Ok(Layout::contiguous(shape, itemsize, Order::C)?);
        }
        let dense = stride_core::torch::is_non_overlapping_and_dense;
        let elements =
            |l: &Layout| -> Vec<i64> { l.strides().iter().map(|s| s / l.itemsize()).collect() };
        if dense(a) && dense(b) && elements(a) == elements(b) {
            let strides: Vec<i64> = elements(a).iter().map(|s| s * itemsize).collect();
            return Ok(Layout::new(shape, &strides, 0, itemsize)?);
        }
    }
    let strides_of = |l: &Layout| -> Vec<i64> {
        (0..n)
            .map(|d| {
                if size(l, d) == 1 && shape.get(d).copied().unwrap_or(1) != 1 {
                    0
                } else {
                    l.strides().get(d).copied().unwrap_or(0) / l.itemsize()
                }
            })
            .collect()
    };
    crate::torch::iterator::allocated(shape, &[strides_of(a), strides_of(b)], itemsize)
}

/// `a * b` broadcast, in the promoted dtype.
pub(super) fn mul(ctx: &mut Context, a: &Step, b: &Step, span: Span) -> Result<Step, EvalError> {
    let dtype = promote(a.dtype, b.dtype);
    let shape = stride_core::broadcast::broadcast_operands(a.layout.shape(), b.layout.shape())?;
    let shape: Vec<i64> = shape.to_vec();
    let total = count(&shape);
    check_read(total, span)?;
    ctx.charge(u64::try_from(total).unwrap_or(u64::MAX), span)?;
    let read = |s: &Step| -> Result<Vec<Num>, EvalError> {
        let view = stride_core::broadcast::broadcast_to(&s.layout, &shape)?;
        s.with(view)
            .values_unchecked(span)
            .map(|v| v.into_iter().map(|x| dtype.cast(x)).collect())
    };
    let (av, bv) = (read(a)?, read(b)?);
    let values: Vec<Num> = av
        .iter()
        .zip(&bv)
        .map(|(&x, &y)| product(dtype, x, y))
        .collect();
    let layout = mul_layout(&a.layout, &b.layout, &shape, dtype.itemsize())?;
    Ok(Step::made(layout, dtype, &values))
}

/// One product in `dtype` (a float product rounds once, as PyTorch's kernels do it).
fn product(dtype: DType, x: Num, y: Num) -> Num {
    match dtype {
        DType::Bool => Num::Bool(x.truthy() && y.truthy()),
        d if d.is_float() => d.cast(Num::Float(x.as_f64() * y.as_f64())),
        d => {
            let int = |v: Num| match v {
                Num::Int(i) => i,
                Num::Bool(b) => i128::from(b),
                Num::Float(f) => f as i128,
            };
            d.cast(Num::Int(d.wrap(int(x).wrapping_mul(int(y)))))
        }
    }
}
