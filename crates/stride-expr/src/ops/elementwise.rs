//! The elementwise loop: broadcast the operands, charge the work, read each element through its
//! layout, apply the kernel, and allocate the output in NumPy's output layout.

use std::rc::Rc;

use stride_core::{Dims, Layout, Order};

use crate::array::{Array, Op, Origin};
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::eval::Context;
use crate::value::Value;

use super::Operand;

/// Applies `f` elementwise over the broadcast operands into a new array of `dtype`.
pub(super) fn elementwise(
    ctx: &mut Context,
    operands: &[Operand],
    dtype: DType,
    inputs: DType,
    span: Span,
    name: &'static str,
    f: impl Fn(Num, Num) -> Num,
) -> Result<Value, EvalError> {
    let shapes: Vec<&[i64]> = operands
        .iter()
        .map(|o| o.layout.shape().as_slice())
        .collect();
    let shape = match shapes.as_slice() {
        [a, b] => stride_core::broadcast::broadcast_operands(a, b)?,
        _ => stride_core::broadcast::broadcast_shapes(&shapes)?,
    };
    let torch = operands.iter().any(|o| o.torch);
    let all_scalars = operands.iter().all(|o| o.array.is_none());
    let mut views = Vec::with_capacity(operands.len());
    for o in operands {
        views.push(stride_core::broadcast::broadcast_to(&o.layout, &shape)?);
    }
    let size = shape.checked_product().unwrap_or(0);
    ctx.charge(
        u64::try_from(size)
            .unwrap_or(u64::MAX)
            .saturating_mul(operands.len() as u64),
        span,
    )?;
    // A ufunc on scalars and 0-d arrays returns a NumPy scalar, not a new array.
    let scalar_result = (all_scalars || shape.is_empty()) && !torch;
    if !scalar_result {
        ctx.room(size.saturating_mul(dtype.itemsize()), span)?;
    }
    let mut iters: Vec<_> = views
        .iter()
        .map(stride_core::footprint::Positions::new)
        .collect();
    let mut values = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    let mut args = vec![Num::Int(0); operands.len()];
    for _ in 0..size {
        for ((slot, it), o) in args.iter_mut().zip(iters.iter_mut()).zip(operands) {
            let p = it.next().unwrap_or(0);
            *slot = o.read(p).ok_or_else(|| {
                EvalError::value_error("an operand reads outside its buffer").at(span)
            })?;
        }
        let first = args.first().copied().unwrap_or(Num::Int(0));
        let second = args.get(1).copied().unwrap_or(Num::Int(0));
        values.push(f(first, second));
    }
    if scalar_result {
        let v = values.first().copied().unwrap_or(Num::Int(0));
        return Ok(Value::Scalar(dtype, dtype.cast(v)));
    }
    // NumPy's fast path (no iterator) needs every array operand already in the loop's dtype.
    let cast = operands
        .iter()
        .any(|o| o.array.is_some() && o.layout.ndim() > 0 && o.dtype != inputs);
    let layout = output_layout(&shape, operands, dtype.itemsize(), cast)?;
    let parents: Vec<Rc<Array>> = operands.iter().filter_map(|o| o.array.clone()).collect();
    let origin = Origin {
        op: Op::Compute(name),
        parent: parents.first().cloned(),
        span,
    };
    Ok(Value::Array(
        ctx.new_array(layout, dtype, &values, torch, origin)?,
    ))
}

/// The layout NumPy allocates for a ufunc's output (see the module docs). `cast` is whether an
/// operand must be cast first, which rules out NumPy's fast path.
fn output_layout(
    shape: &Dims,
    operands: &[Operand],
    itemsize: i64,
    cast: bool,
) -> Result<Layout, EvalError> {
    let arrays: Vec<&Layout> = operands
        .iter()
        .filter(|o| o.array.is_some() && o.layout.ndim() > 0)
        .map(|o| &o.layout)
        .collect();
    if arrays.is_empty() || operands.iter().any(|o| o.torch) {
        return Ok(Layout::allocated(shape, itemsize, Order::C)?);
    }
    if !cast && arrays.iter().all(|l| l.shape() == shape) {
        if arrays.iter().all(|l| l.is_c_contiguous()) {
            return Ok(Layout::allocated(shape, itemsize, Order::C)?);
        }
        if arrays.iter().all(|l| l.is_f_contiguous()) {
            return Ok(Layout::allocated(shape, itemsize, Order::F)?);
        }
    }
    let n = shape.len();
    // Strides as the iterator sees them: 0 on broadcast and size-1 axes.
    let mut strides: Vec<Vec<i64>> = Vec::new();
    for l in &arrays {
        let b = stride_core::broadcast::broadcast_to(l, shape)?;
        strides.push(
            b.shape()
                .iter()
                .zip(b.strides().iter())
                .map(|(&d, &s)| if d == 1 { 0 } else { s })
                .collect(),
        );
    }
    let stride = |op: &Vec<i64>, axis: usize| op.get(axis).copied().unwrap_or(0);
    // Iterator order, fastest first: starts as the axes reversed; insertion sort as NumPy's
    // npyiter_find_best_axis_ordering.
    let mut order: Vec<usize> = (0..n).rev().collect();
    for i0 in 1..n {
        let j0 = order.get(i0).copied().unwrap_or(0);
        let mut ipos = i0;
        for i1 in (0..i0).rev() {
            let j1 = order.get(i1).copied().unwrap_or(0);
            let mut ambiguous = true;
            let mut swap = false;
            for op in &strides {
                let (s0, s1) = (stride(op, j0), stride(op, j1));
                if s0 != 0 && s1 != 0 {
                    if s1.unsigned_abs() <= s0.unsigned_abs() {
                        swap = false;
                    } else if ambiguous {
                        swap = true;
                    }
                    ambiguous = false;
                }
            }
            if !ambiguous {
                if swap {
                    ipos = i1;
                } else {
                    break;
                }
            }
        }
        if ipos != i0 {
            order.remove(i0);
            order.insert(ipos, j0);
        }
    }
    let mut out = Dims::filled(n, 0)?;
    let mut step = itemsize;
    for &axis in &order {
        if let Some(slot) = out.get_mut(axis) {
            *slot = step;
        }
        step = step.saturating_mul(shape.get(axis).copied().unwrap_or(1));
    }
    let layout = Layout::new(shape, &out, 0, itemsize)?;
    if layout.size() == 0 {
        return Ok(Layout::allocated(shape, itemsize, Order::C)?);
    }
    Ok(layout)
}
