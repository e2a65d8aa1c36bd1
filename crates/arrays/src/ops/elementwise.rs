//! The elementwise loop: broadcast the operands, charge the work, read each element through its
//! layout, apply the kernel, and allocate the output in NumPy's output layout.

use std::rc::Rc;

use stride_core::{Dims, Layout, Order};

use crate::array::{Array, Op, Origin};
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::value::Value;

use super::Operand;

/// Applies `f` elementwise over the broadcast operands (one or two) into a new array of `dtype`.
pub(super) fn elementwise(
    ctx: &mut Context,
    operands: &[Operand],
    dtype: DType,
    inputs: DType,
    span: Span,
    name: &'static str,
    f: impl Fn(Num, Num) -> Num + 'static,
) -> Result<Value, EvalError> {
    elementwise_n(ctx, operands, dtype, inputs, span, name, move |args| {
        let first = args.first().copied().unwrap_or(Num::Int(0));
        let second = args.get(1).copied().unwrap_or(Num::Int(0));
        f(first, second)
    })
}

/// Applies `f` to the elements of any number of broadcast operands into a new array of `dtype`.
pub(super) fn elementwise_n(
    ctx: &mut Context,
    operands: &[Operand],
    dtype: DType,
    inputs: DType,
    span: Span,
    name: &'static str,
    f: impl Fn(&[Num]) -> Num + 'static,
) -> Result<Value, EvalError> {
    let f: crate::array::compute::Kernel = Rc::new(f);
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
    // A ufunc on scalars and 0-d arrays returns a NumPy scalar, not a new array.
    let scalar_result = (all_scalars || shape.is_empty()) && !torch;
    if !scalar_result && size > LAZY_FROM {
        let cast = operands
            .iter()
            .any(|o| o.array.is_some() && o.layout.ndim() > 0 && o.dtype != inputs);
        let layout = output_layout(&shape, operands, dtype.itemsize(), cast)?;
        if let Some(v) = lazy(ctx, operands, &views, layout, dtype, span, name, &f)? {
            return Ok(v);
        }
    }
    let reads = operands
        .iter()
        .map(|o| o.array.as_ref().map_or(1, |a| a.buffer.snapshot_cost()))
        .fold(0u64, u64::saturating_add);
    ctx.charge(
        u64::try_from(size)
            .unwrap_or(u64::MAX)
            .saturating_mul(reads),
        span,
    )?;
    if !scalar_result {
        ctx.room(size.saturating_mul(dtype.itemsize()), span)?;
    }
    // The array operands' elements read a chunk at a time through their broadcast views (one
    // borrow of each buffer a chunk, row by row), then the kernel over them.
    let mut columns: Vec<Option<Column>> = operands
        .iter()
        .zip(&views)
        .map(|(o, view)| o.array.as_ref().map(|a| Column::new(a, view)))
        .collect();
    let outside = || EvalError::value_error("an operand reads outside its buffer").at(span);
    let total = usize::try_from(size).unwrap_or(0);
    let mut values = Vec::with_capacity(total);
    let mut args = vec![Num::Int(0); operands.len()];
    while values.len() < total {
        let chunk = (total - values.len()).min(CHUNK);
        for column in columns.iter_mut().flatten() {
            column.next(chunk);
        }
        for k in 0..chunk {
            for ((slot, column), o) in args.iter_mut().zip(&columns).zip(operands) {
                let v = match column {
                    Some(c) => c.read.get(k).copied().flatten(),
                    None => o.read(0),
                };
                let Some(v) = v else {
                    return Err(outside());
                };
                *slot = v;
            }
            values.push(f(&args));
        }
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

/// Elements of each operand read at a time by the eager loop.
const CHUNK: usize = 2048;

/// An array operand's elements, a chunk at a time.
struct Column {
    array: Rc<Array>,
    walk: crate::array::Walk,
    read: Vec<Option<Num>>,
}

impl Column {
    fn new(array: &Rc<Array>, view: &Layout) -> Self {
        Column {
            array: Rc::clone(array),
            walk: crate::array::Walk::new(view),
            read: Vec::with_capacity(CHUNK),
        }
    }

    /// Reads the next `n` elements.
    fn next(&mut self, n: usize) {
        self.read.clear();
        let a = &self.array;
        a.buffer
            .read_walk(a.dtype, &mut self.walk, n, &mut self.read);
    }
}

/// Elementwise results of more elements than this are computed when read.
const LAZY_FROM: i64 = 1 << 16;

/// The result as a rule over snapshots of the operands (`array::compute::MapRule`), or `None`
/// when it must be computed at once (an operand reading outside its buffer, a scalar its dtype
/// cannot hold, nesting or cost past the bounds).
#[allow(clippy::too_many_arguments)]
fn lazy(
    ctx: &mut Context,
    operands: &[Operand],
    views: &[Layout],
    layout: Layout,
    dtype: DType,
    span: Span,
    name: &'static str,
    f: &crate::array::compute::Kernel,
) -> Result<Option<Value>, EvalError> {
    use crate::array::compute::{MAX_COST, MapRule, RowOrder, Source};
    use crate::array::{Buffer, MAX_DEPTH, Rule};
    if operands.len() > 3 {
        return Ok(None);
    }
    let mut sources = Vec::with_capacity(operands.len());
    let mut stored = 0u64;
    for (o, view) in operands.iter().zip(views) {
        let (content, dtype) = match &o.array {
            Some(a) => {
                let inside = a
                    .layout
                    .byte_bounds()
                    .is_none_or(|(low, high)| low >= 0 && high <= i128::from(a.buffer.len()));
                if !inside {
                    return Ok(None);
                }
                let snapshot = a.buffer.snapshot();
                stored = stored.saturating_add(snapshot.stored());
                (snapshot, a.dtype)
            }
            None => {
                let mut bytes = vec![0u8; usize::try_from(o.dtype.itemsize()).unwrap_or(8)];
                o.dtype.store(o.scalar, &mut bytes);
                let tiny = Buffer::new(u32::MAX, o.dtype, bytes);
                if tiny.read(o.dtype, 0).map(|n| n.as_f64().to_bits())
                    != Some(o.scalar.as_f64().to_bits())
                {
                    return Ok(None);
                }
                (tiny.snapshot(), o.dtype)
            }
        };
        sources.push(Source {
            content,
            layout: *view,
            dtype,
        });
    }
    let rule = MapRule {
        operands: sources,
        order: RowOrder::new(layout),
        kernel: Rc::clone(f),
        meter: ctx.meter.clone(),
    };
    if rule.depth() > MAX_DEPTH || rule.cost() > MAX_COST {
        return Ok(None);
    }
    ctx.room_to_keep(stored, span)?;
    let torch = operands.iter().any(|o| o.torch);
    let parents: Vec<Rc<Array>> = operands.iter().filter_map(|o| o.array.clone()).collect();
    let origin = Origin {
        op: Op::Compute(name),
        parent: parents.first().cloned(),
        span,
    };
    let array = ctx.new_lazy(layout, dtype, Rule::Map(Box::new(rule)), torch, origin)?;
    Ok(Some(Value::Array(array)))
}

/// The layout NumPy allocates for a ufunc's output: `stride_core::elementwise::output_layout` over
/// the array operands of at least one dimension; PyTorch's output here is C-ordered. `cast` is
/// whether an operand must be cast first, which rules out NumPy's fast path.
fn output_layout(
    shape: &Dims,
    operands: &[Operand],
    itemsize: i64,
    cast: bool,
) -> Result<Layout, EvalError> {
    // PyTorch keeps C strides for an empty result too (`torch.arange(0) % 2 == 0` has stride 1).
    if operands.iter().any(|o| o.torch) {
        let arrays: Vec<&Layout> = operands
            .iter()
            .filter(|o| o.array.is_some() && o.layout.ndim() > 0)
            .map(|o| &o.layout)
            .collect();
        return torch_output_layout(shape, &arrays, itemsize);
    }
    let arrays: Vec<&Layout> = operands
        .iter()
        .filter(|o| o.array.is_some() && o.layout.ndim() > 0)
        .map(|o| &o.layout)
        .collect();
    Ok(stride_core::elementwise::output_layout(
        shape, &arrays, itemsize, cast,
    )?)
}

/// The layout PyTorch's `TensorIterator` allocates for an elementwise output: the dimensions
/// sorted by the inputs' strides (`reorder_dimensions`: an insertion sort from the last dimension,
/// where a broadcast dimension of an input does not vote, the first input with different strides
/// decides, and on equal strides the smaller dimension goes inside), dense in that order. C order
/// for an empty output.
fn torch_output_layout(
    shape: &Dims,
    arrays: &[&Layout],
    itemsize: i64,
) -> Result<Layout, EvalError> {
    let size = shape.checked_product().unwrap_or(0);
    if size == 0 || shape.len() < 2 {
        return Ok(Layout::contiguous(shape, itemsize, Order::C)?);
    }
    let dims = shape.as_slice();
    let mut strides: Vec<Vec<i64>> = Vec::with_capacity(arrays.len());
    for l in arrays {
        let view = stride_core::broadcast::broadcast_to(l, shape)?;
        let own = l.shape();
        let offset = dims.len().saturating_sub(own.len());
        let s: Vec<i64> = (0..dims.len())
            .map(|k| {
                let stretched = k < offset
                    || (own.get(k - offset).copied() == Some(1) && dims.get(k).copied() != Some(1));
                if stretched {
                    0
                } else {
                    view.strides().get(k).copied().unwrap_or(0)
                }
            })
            .collect();
        strides.push(s);
    }
    // The same sort as every TensorIterator output (`torch::iterator`): byte strides order the
    // axes as element strides do.
    crate::torch::iterator::allocated(dims, &strides, itemsize)
}
