//! Matrix products: `np.matmul` (and `@`; `np.dot`, `np.vdot`, `np.inner` are in `dot`), and PyTorch's
//! `matmul`, `mm`, `bmm` (functions and methods), with the libraries' shape rules, promotion,
//! result layout and error messages. The sums themselves are [`super::exact`]'s.
//!
//! `np.matmul` is a gufunc `(n?,k),(k,m?)->(n?,m?)`: a 1-D operand gets a 1 added (before for the
//! left, after for the right) that is removed from the result, the batch axes broadcast, and the
//! result is new memory whose batch axes follow the operands' memory order (the ufunc iterator's
//! `K` order; the core axes come last, in C order). `np.dot`, `np.inner` and every PyTorch product
//! allocate C-contiguous results.

pub mod lazy;

use std::rc::Rc;

use stride_core::{Layout, Order};

use super::as_array;
use super::exact::{back, charge_work, contract, count, dim, head, read_as};
use crate::array::{Array, Op, Origin};
use crate::context::Context;
use crate::dtype::{DType, Kind, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

const SIGNATURE: &str = "(n?,k),(k,m?)->(n?,m?)";

/// A shape as NumPy's C messages print it: `(2,3)`, `(3,)`.
pub fn shape_text(shape: &[i64]) -> String {
    let items: Vec<String> = shape.iter().map(i64::to_string).collect();
    match items.as_slice() {
        [one] => format!("({one},)"),
        _ => format!("({})", items.join(",")),
    }
}

pub(crate) fn origin(name: &'static str, parent: &Rc<Array>, span: Span) -> Origin {
    Origin {
        op: Op::Compute(name),
        parent: Some(Rc::clone(parent)),
        span,
    }
}

/// `np.matmul(x1, x2, /, out=None, *, casting, order, dtype=None, …)`.
pub fn np_matmul(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let x = as_array(ctx, b.required("x1")?, span)?;
    let y = as_array(ctx, b.required("x2")?, span)?;
    let dtype = super::dtype_arg(b.given("dtype"))?;
    matmul_arrays(ctx, &x, &y, dtype, span)
}

/// `a @ b` on values (the operator).
pub fn operator(ctx: &mut Context, a: &Value, b: &Value, span: Span) -> Result<Value, EvalError> {
    let tensor = |v: &Value| matches!(v, Value::Array(t) if t.torch);
    if tensor(a) || tensor(b) {
        return match (a, b) {
            (Value::Array(x), Value::Array(y)) if x.torch && y.torch => {
                crate::torch::products::matmul_tensors(ctx, x, y, span)
            }
            _ => Err(EvalError::type_error(format!(
                "unsupported operand type(s) for @: '{}' and '{}'",
                a.qualified_name(),
                b.qualified_name()
            ))),
        };
    }
    let x = as_array(ctx, a, span)?;
    let y = as_array(ctx, b, span)?;
    matmul_arrays(ctx, &x, &y, None, span)
}

/// Whether NumPy's `same_kind` casting allows `from` → `to`.
fn same_kind(from: DType, to: DType) -> bool {
    match (from.kind(), to.kind()) {
        (f, t) if f < t => true,
        (f, t) if f > t => false,
        (Kind::Int, Kind::Int) => {
            from.promote(to) == to
                || (!from.is_unsigned() && !to.is_unsigned())
                || (from.is_unsigned() && !to.is_unsigned())
        }
        _ => true,
    }
}

/// NumPy's matmul of two arrays.
pub fn matmul_arrays(
    ctx: &mut Context,
    x: &Rc<Array>,
    y: &Rc<Array>,
    dtype: Option<DType>,
    span: Span,
) -> Result<Value, EvalError> {
    // The ufunc resolves its loop (and refuses casts) before it looks at shapes.
    let natural = x.dtype.promote(y.dtype);
    let dtype = match dtype {
        Some(d) => {
            for (i, a) in [x, y].iter().enumerate() {
                if !same_kind(a.dtype, d) {
                    return Err(EvalError::new(
                        "UFuncTypeError",
                        format!(
                            "Cannot cast ufunc 'matmul' input {i} from dtype('{}') to dtype('{}') with casting rule 'same_kind'",
                            a.dtype, d
                        ),
                    ));
                }
            }
            d
        }
        None => natural,
    };
    for (i, a) in [x, y].iter().enumerate() {
        if a.layout.ndim() == 0 {
            return Err(EvalError::value_error(format!(
                "matmul: Input operand {i} does not have enough dimensions (has 0, gufunc core with signature {SIGNATURE} requires 1)"
            )));
        }
    }
    let (xs, ys) = (x.layout.shape().as_slice(), y.layout.shape().as_slice());
    let (x1, y1) = (xs.len() == 1, ys.len() == 1);
    let xc: Vec<i64> = if x1 { vec![1, dim(xs, 0)] } else { xs.to_vec() };
    let yc: Vec<i64> = if y1 { vec![dim(ys, 0), 1] } else { ys.to_vec() };
    let (n, k) = (back(&xc, 2), back(&xc, 1));
    let (k2, m) = (back(&yc, 2), back(&yc, 1));
    if k != k2 {
        return Err(EvalError::value_error(format!(
            "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature {SIGNATURE} (size {k2} is different from {k})"
        )));
    }
    let mut core_out: Vec<i64> = Vec::new();
    if !x1 {
        core_out.push(n);
    }
    if !y1 {
        core_out.push(m);
    }
    let (xb, yb) = (head(&xc, 2), head(&yc, 2));
    let batch = stride_core::broadcast::broadcast_shapes(&[xb, yb]).map_err(|_| {
        let remap = |s: &[i64], b: &[i64]| {
            let mut parts: Vec<String> = b.iter().map(i64::to_string).collect();
            parts.extend(core_out.iter().map(|_| "newaxis".to_string()));
            format!("{}->({})", shape_text(s), parts.join(","))
        };
        EvalError::value_error(format!(
            "operands could not be broadcast together with remapped shapes [original->remapped]: {} {}  and requested shape {}",
            remap(xs, xb),
            remap(ys, yb),
            shape_text(&core_out)
        ))
    })?;
    let mut xfull = batch.to_vec();
    xfull.extend([n, k]);
    let mut yfull = batch.to_vec();
    yfull.extend([k, m]);
    let xl = promoted(&x.layout, true)?;
    let yl = promoted(&y.layout, false)?;
    let mut out_shape = batch.to_vec();
    out_shape.extend(&core_out);
    let outputs = count(&batch).saturating_mul(n.saturating_mul(m));
    if !out_shape.is_empty() && outputs.saturating_mul(k.max(1)) > lazy::LAZY_FROM {
        let layout = output_layout(&out_shape, &batch, &core_out, &xl, &yl, dtype)?;
        let factors = (
            lazy::Factor {
                array: x,
                layout: xl,
                full: xfull.clone(),
            },
            lazy::Factor {
                array: y,
                layout: yl,
                full: yfull.clone(),
            },
        );
        let origin = origin("matmul", x, span);
        if let Some(r) =
            lazy::product(ctx, factors, &batch, (n, k, m), dtype, layout, origin, span)?
        {
            return Ok(Value::Array(r));
        }
    }
    charge_work(
        ctx,
        count(&batch).saturating_mul(n.saturating_mul(m)),
        k,
        span,
    )?;
    let xv = read_layout(ctx, x, &xl, &xfull, dtype, span)?;
    let yv = read_layout(ctx, y, &yl, &yfull, dtype, span)?;
    let nb = usize::try_from(count(&batch)).unwrap_or(0);
    let (nu, ku, mu) = (n as usize, k as usize, m as usize);
    let values = contract(ctx, (&xv, &yv), (nb * nu * mu, ku), dtype, span, |o, p| {
        let (bi, rest) = (o / (nu * mu).max(1), o % (nu * mu).max(1));
        let (i, j) = (rest / mu.max(1), rest % mu.max(1));
        ((bi * nu + i) * ku + p, (bi * ku + p) * mu + j)
    })?;
    if out_shape.is_empty() {
        let v = values.first().copied().unwrap_or(Num::Int(0));
        return Ok(Value::Scalar(dtype, v));
    }
    let layout = output_layout(&out_shape, &batch, &core_out, &xl, &yl, dtype)?;
    Ok(Value::Array(ctx.new_array(
        layout,
        dtype,
        &values,
        false,
        origin("matmul", x, span),
    )?))
}

/// The layout NumPy allocates for a matmul's output of `out_shape`.
fn output_layout(
    out_shape: &[i64],
    batch: &[i64],
    core_out: &[i64],
    xl: &Layout,
    yl: &Layout,
    dtype: DType,
) -> Result<Layout, EvalError> {
    // The batch axes' order: the iterator's, voted by both operands' batch strides.
    let strides_of = |l: &Layout, full_batch: &[i64]| -> Vec<i64> {
        let nd = l.ndim();
        let off = full_batch.len() + 2 - nd;
        let mut s = vec![0i64; full_batch.len() + core_out.len()];
        for (axis, slot) in s.iter_mut().enumerate().take(full_batch.len()) {
            if axis >= off {
                let k = axis - off;
                let d = l.shape().get(k).copied().unwrap_or(1);
                *slot = if d == 1 {
                    0
                } else {
                    l.strides().get(k).copied().unwrap_or(0)
                };
            }
        }
        s
    };
    let votes = [strides_of(xl, batch), strides_of(yl, batch)];
    iterator_layout(out_shape, &votes, dtype.itemsize())
}

fn read_layout(
    ctx: &mut Context,
    a: &Rc<Array>,
    layout: &Layout,
    shape: &[i64],
    dtype: DType,
    span: Span,
) -> Result<Vec<Num>, EvalError> {
    let view = crate::array::view_of(a, *layout, Op::Axes("reshape"), span);
    read_as(ctx, &view, shape, dtype, span)
}

/// The layout NumPy's iterator allocates for an output of `shape` whose axes have the operands'
/// `votes` (strides, 0 where an operand has no say): fastest axis first by insertion sort, as
/// `npyiter_find_best_axis_ordering`; an empty result is C-ordered.
pub fn iterator_layout(
    shape: &[i64],
    votes: &[Vec<i64>],
    itemsize: i64,
) -> Result<Layout, EvalError> {
    let order = iterator_order(shape.len(), votes);
    let mut out = vec![0i64; shape.len()];
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

/// The iterator's axes, fastest first.
pub fn iterator_order(n: usize, votes: &[Vec<i64>]) -> Vec<usize> {
    let stride = |op: &Vec<i64>, axis: usize| op.get(axis).copied().unwrap_or(0);
    let mut order: Vec<usize> = (0..n).rev().collect();
    for i0 in 1..n {
        let j0 = order.get(i0).copied().unwrap_or(0);
        let mut ipos = i0;
        for i1 in (0..i0).rev() {
            let j1 = order.get(i1).copied().unwrap_or(0);
            let mut ambiguous = true;
            let mut swap = false;
            for op in votes {
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
    order
}

pub(crate) fn new_result(
    ctx: &mut Context,
    shape: &[i64],
    dtype: DType,
    values: Vec<Num>,
    parent: &Rc<Array>,
    name: &'static str,
    span: Span,
) -> Result<Value, EvalError> {
    if shape.is_empty() && !parent.torch {
        let v = values.first().copied().unwrap_or(Num::Int(0));
        return Ok(Value::Scalar(dtype, v));
    }
    Ok(Value::Array(ctx.new_c_array(
        shape,
        dtype,
        &values,
        parent.torch,
        origin(name, parent, span),
    )?))
}

/// `l` with a 1 inserted before (`left`) or after its only axis: matmul's promotion of a 1-D
/// operand.
pub fn promoted(l: &Layout, left: bool) -> Result<Layout, EvalError> {
    if l.ndim() != 1 {
        return Ok(*l);
    }
    let (d, s) = (dim(l.shape(), 0), dim(l.strides(), 0));
    let (shape, strides) = if left {
        ([1, d], [0, s])
    } else {
        ([d, 1], [s, 0])
    };
    Ok(Layout::new(&shape, &strides, l.offset(), l.itemsize())?)
}
