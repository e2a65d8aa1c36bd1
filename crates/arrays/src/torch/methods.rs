//! A tensor's methods: sizes and strides (`size`, `stride`, `storage_offset`, `dim`, `numel`,
//! `element_size`, `is_contiguous`), views (`view`, `reshape`, `flatten`, `transpose`, `t`,
//! `permute`, `expand`, `unsqueeze`, `squeeze`), copies (`contiguous`, `clone`), reading values
//! (`tolist`, `item`) and `sum`.

use std::rc::Rc;

use stride_core::{Dims, Order};

use super::{element, size_arg, torch_error};
use crate::array::{Array, Op, view_of};
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::numpy::{python_value, to_list};
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

fn dim(b: &Bound, name: &str) -> Result<Option<i64>> {
    b.value(name).map(Value::as_index).transpose()
}

fn wrap(a: &Array, d: i64) -> Result<usize> {
    stride_core::torch::wrap_dim(d, a.layout.ndim()).map_err(|e| torch_error(e, a))
}

/// `t.stride(dim=None)`.
pub fn stride(_: &mut Context, a: &Rc<Array>, b: &Bound, _: Span) -> Result<Value> {
    let l = &a.layout;
    match dim(b, "dim")? {
        None => Ok(Value::ints(
            &l.strides()
                .iter()
                .map(|&s| element(l, s))
                .collect::<Vec<_>>(),
        )),
        Some(d) => {
            let k = wrap(a, d)?;
            let s = l.strides().get(k).copied().unwrap_or(1);
            Ok(Value::Int(i128::from(element(l, s))))
        }
    }
}

/// `t.size(dim=None)`.
pub fn size(_: &mut Context, a: &Rc<Array>, b: &Bound, _: Span) -> Result<Value> {
    let l = &a.layout;
    match dim(b, "dim")? {
        None => Ok(Value::ints(l.shape())),
        Some(d) => {
            let k = wrap(a, d)?;
            Ok(Value::Int(i128::from(
                l.shape().get(k).copied().unwrap_or(1),
            )))
        }
    }
}

/// `t.storage_offset()`.
pub fn storage_offset(_: &mut Context, a: &Rc<Array>, _: &Bound, _: Span) -> Result<Value> {
    Ok(Value::Int(i128::from(element(
        &a.layout,
        a.layout.offset(),
    ))))
}

/// `t.dim()`.
pub fn ndim(_: &mut Context, a: &Rc<Array>, _: &Bound, _: Span) -> Result<Value> {
    Ok(Value::Int(a.layout.ndim() as i128))
}

/// `t.numel()`.
pub fn numel(_: &mut Context, a: &Rc<Array>, _: &Bound, _: Span) -> Result<Value> {
    Ok(Value::Int(i128::from(a.layout.size())))
}

/// `t.element_size()`.
pub fn element_size(_: &mut Context, a: &Rc<Array>, _: &Bound, _: Span) -> Result<Value> {
    Ok(Value::Int(i128::from(a.dtype.itemsize())))
}

/// `t.is_contiguous()`.
pub fn is_contiguous(_: &mut Context, a: &Rc<Array>, _: &Bound, _: Span) -> Result<Value> {
    Ok(Value::Bool(stride_core::torch::is_contiguous(&a.layout)))
}

/// `t.view(*size)`, or `t.view(dtype)` ([`super::views::view_dtype`]).
pub fn view(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let l = &a.layout;
    if let Some(Value::DType(d, _)) = b.given("dtype") {
        return super::views::view_dtype(a, *d, span);
    }
    let shape = size_arg(b, "size")?;
    let v = stride_core::torch::view(l, &shape).map_err(|e| {
        let err = torch_error(e, a);
        // Name the two axes that would have to merge, as NumPy's rule finds them.
        let resolved = stride_core::torch::infer_size(l.size(), &shape).ok();
        match resolved.map(|s| stride_core::reshape::attempt_nocopy(l, &s, Order::C)) {
            Some(Err(reason)) => err.because(crate::explain::needs_copy(
                a,
                reason,
                stride_core::reshape::MemOrder::C,
            )),
            _ => err,
        }
    })?;
    Ok(Value::Array(view_of(a, v, Op::Reshape("view", None), span)))
}

/// `t.reshape(*shape)`.
pub fn reshape(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let shape = size_arg(b, "shape")?;
    reshaped(ctx, a, &shape, span)
}

fn reshaped(ctx: &mut Context, a: &Rc<Array>, shape: &Dims, span: Span) -> Result<Value> {
    let (layout, is_view) =
        stride_core::torch::reshape(&a.layout, shape).map_err(|e| torch_error(e, a))?;
    if is_view {
        return Ok(Value::Array(view_of(
            a,
            layout,
            Op::Reshape("reshape", None),
            span,
        )));
    }
    let reason = stride_core::reshape::attempt_nocopy(&a.layout, layout.shape(), Order::C).err();
    Ok(Value::Array(crate::numpy::copy_into(
        ctx,
        a,
        layout,
        a.dtype,
        Op::Reshape("reshape", reason),
        span,
    )?))
}

/// `t.flatten(start_dim=0, end_dim=-1)` (at::native::flatten): the dims in between become one,
/// by reshape; a 0-d tensor becomes `[1]`; start == end is the tensor itself.
pub fn flatten(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let l = &a.layout;
    let start = wrap(a, dim(b, "start_dim")?.unwrap_or(0))?;
    let end = wrap(a, dim(b, "end_dim")?.unwrap_or(-1))?;
    if start > end {
        return Err(EvalError::new(
            "RuntimeError",
            "flatten() has invalid args: start_dim cannot come after end_dim",
        ));
    }
    if l.ndim() == 0 {
        let v = stride_core::torch::view(l, &[1]).map_err(|e| torch_error(e, a))?;
        return Ok(Value::Array(view_of(
            a,
            v,
            Op::Reshape("flatten", None),
            span,
        )));
    }
    if start == end {
        return Ok(Value::Array(Rc::clone(a)));
    }
    let dims = l.shape();
    let joined = dims
        .get(start..=end)
        .unwrap_or(&[])
        .iter()
        .try_fold(1i64, |p, &d| p.checked_mul(d))
        .ok_or(stride_core::Error::Overflow)?;
    let mut shape = Dims::new();
    for &d in dims.get(..start).unwrap_or(&[]) {
        shape.push(d)?;
    }
    shape.push(joined)?;
    for &d in dims.get(end + 1..).unwrap_or(&[]) {
        shape.push(d)?;
    }
    reshaped(ctx, a, &shape, span)
}

/// `t.transpose(dim0, dim1)`.
pub fn transpose(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let l = &a.layout;
    let d0 = b.required("dim0")?.as_index()?;
    let d1 = b.required("dim1")?.as_index()?;
    let v = stride_core::torch::transpose(l, d0, d1).map_err(|e| torch_error(e, a))?;
    let mut perm = crate::attrs::identity_perm(l.ndim());
    if l.ndim() > 0 {
        perm.swap(wrap(a, d0)?, wrap(a, d1)?);
    }
    Ok(Value::Array(view_of(a, v, Op::permute(&perm), span)))
}

/// `t.t()`.
pub fn t(_: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    let l = &a.layout;
    if l.ndim() > 2 {
        return Err(EvalError::new(
            "RuntimeError",
            format!(
                "t() expects a tensor with <= 2 dimensions, but self is {}D",
                l.ndim()
            ),
        ));
    }
    let v = if l.ndim() == 2 {
        stride_core::torch::transpose(l, 0, 1).map_err(|e| torch_error(e, a))?
    } else {
        *l
    };
    let mut perm = crate::attrs::identity_perm(l.ndim());
    perm.reverse();
    Ok(Value::Array(view_of(a, v, Op::permute(&perm), span)))
}

/// `t.permute(*dims)`.
pub fn permute(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let dims = size_arg(b, "dims")?;
    let v = stride_core::torch::permute(&a.layout, &dims).map_err(|e| torch_error(e, a))?;
    Ok(Value::Array(view_of(a, v, Op::permute(&dims), span)))
}

/// `t.expand(*size)`.
pub fn expand(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let shape = size_arg(b, "size")?;
    let v = stride_core::torch::expand(&a.layout, &shape).map_err(|e| torch_error(e, a))?;
    Ok(Value::Array(view_of(a, v, Op::Broadcast("expand"), span)))
}

/// `t.unsqueeze(dim)`: one int (PyTorch refuses a tuple with its own message).
pub fn unsqueeze(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let d = match b.required("dim")? {
        v @ (Value::Tuple(_) | Value::List(_) | Value::Float(_) | Value::Str(_) | Value::None) => {
            return Err(EvalError::type_error(format!(
                "unsqueeze(): argument 'dim' (position 1) must be int, not {}",
                v.type_name()
            )));
        }
        v => v.as_index()?,
    };
    let v = stride_core::torch::unsqueeze(&a.layout, d).map_err(|e| torch_error(e, a))?;
    Ok(Value::Array(view_of(a, v, Op::Axes("unsqueeze"), span)))
}

/// `t.squeeze()`, `t.squeeze(dim)`, `t.squeeze((dim, …))` (PyTorch ≥ 2.0): the named dims of
/// size 1 go, others stay; each dim is checked and may appear once.
pub fn squeeze(_: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let l = &a.layout;
    // `t.squeeze(0, 2)` is the tuple overload given as separate ints.
    let separate: Option<Value> = (!b.rest().is_empty())
        .then(|| Value::Tuple(b.rest().iter().map(|(v, _)| v.clone()).collect()));
    let v = match separate.as_ref().or(b.given("dim")) {
        None => stride_core::axes::squeeze_all(l),
        Some(Value::Tuple(items) | Value::List(items)) => {
            let n = l.ndim();
            let mut drop = vec![false; n];
            for item in items.iter() {
                let k = wrap(a, item.as_index()?)?;
                match drop.get_mut(k) {
                    Some(seen) if *seen => {
                        return Err(EvalError::new(
                            "RuntimeError",
                            format!("dim {k} appears multiple times in the list of dims"),
                        ));
                    }
                    Some(seen) => *seen = true,
                    None => {}
                }
            }
            let mut v = *l;
            for k in (0..n).rev() {
                if drop.get(k).copied().unwrap_or(false) {
                    v = stride_core::torch::squeeze(&v, k as i64).map_err(|e| torch_error(e, a))?;
                }
            }
            v
        }
        Some(d) => stride_core::torch::squeeze(l, d.as_index()?).map_err(|e| torch_error(e, a))?,
    };
    Ok(Value::Array(view_of(a, v, Op::Axes("squeeze"), span)))
}

/// `t.contiguous()`.
pub fn contiguous(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    match stride_core::torch::contiguous(&a.layout)? {
        None => Ok(Value::Array(Rc::clone(a))),
        Some(layout) => Ok(Value::Array(crate::numpy::copy_into(
            ctx,
            a,
            layout,
            a.dtype,
            Op::Copy("contiguous"),
            span,
        )?)),
    }
}

/// `t.clone()`.
pub fn clone(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    let layout = stride_core::torch::clone_layout(&a.layout)?;
    Ok(Value::Array(crate::numpy::copy_into(
        ctx,
        a,
        layout,
        a.dtype,
        Op::Copy("clone"),
        span,
    )?))
}

/// `t.tolist()`.
pub fn tolist(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    let l = &a.layout;
    ctx.check_sequence(
        crate::numpy::list_items(l.shape()).unwrap_or(u64::MAX),
        span,
    )?;
    let values = ctx.read_values(a, span)?;
    Ok(to_list(l.shape(), &values, a.dtype))
}

/// `t.item()`.
pub fn item(ctx: &mut Context, a: &Rc<Array>, _: &Bound, span: Span) -> Result<Value> {
    let l = &a.layout;
    if l.size() != 1 {
        return Err(EvalError::new(
            "RuntimeError",
            format!(
                "a Tensor with {} elements cannot be converted to Scalar",
                l.size()
            ),
        ));
    }
    let values = ctx.read_values(a, span)?;
    Ok(values.first().copied().map_or(Value::None, python_value))
}

/// `t.sum()`, `t.sum(dim, keepdim=False, *, dtype=None)`: integer and bool tensors add up in
/// int64 (PyTorch has no uint64 step), into a new C-contiguous tensor (0-d for every dim; `()` is
/// every dim too). PyTorch adds floats in an order of its own (not NumPy's pairwise one), which the
/// lab does not model: a float sum that may round is the lab's pairwise sum, marked approximate.
pub fn sum(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let n = a.layout.ndim();
    let dims: Vec<i64> = match b.given("dim") {
        None | Some(Value::None) => Vec::new(),
        Some(Value::Tuple(items) | Value::List(items)) => {
            items.iter().map(Value::as_index).collect::<Result<_>>()?
        }
        Some(v) => vec![v.as_index()?],
    };
    let mut reduced = vec![dims.is_empty(); n];
    for d in dims {
        let k = wrap(a, d)?;
        match reduced.get_mut(k) {
            Some(seen) if *seen => {
                return Err(EvalError::new(
                    "RuntimeError",
                    format!("dim {k} appears multiple times in the list of dims"),
                ));
            }
            Some(seen) => *seen = true,
            None => {}
        }
    }
    let keepdim = match b.given("keepdim") {
        None => false,
        Some(v) => v.truthy()?,
    };
    let dtype = crate::numpy::dtype_arg(b.given("dtype"))?.unwrap_or(if a.dtype.is_float() {
        a.dtype
    } else {
        crate::dtype::DType::Int64
    });
    // PyTorch adds floats in an order of its own; when every output's sum of magnitudes is
    // exact, so is every partial sum in any order, and the answer is that of any order. Each
    // output adds `k` values: `k` times the largest magnitude, at the finest granularity of
    // any value, bounds them all.
    if dtype.is_float() || a.dtype.is_float() {
        let shape = a.layout.shape();
        let k: u64 = shape
            .iter()
            .zip(&reduced)
            .filter(|(_, r)| **r)
            .map(|(d, _)| u64::try_from(*d).unwrap_or(0))
            .product();
        let mut signed_zero = false;
        let (mut largest, mut finest) = (0.0f64, None::<f64>);
        for v in ctx.read_values(a, span)? {
            let f = dtype.cast(v).as_f64();
            signed_zero |= f == 0.0 && f.is_sign_negative();
            largest = largest.max(f.abs());
            if f != 0.0 {
                let fine = crate::numpy::exact::unit_in_last_place(f);
                finest = Some(finest.map_or(fine, |g: f64| g.min(fine)));
            }
        }
        let mut bound = crate::numpy::exact::ExactSum::new(dtype);
        if !largest.is_finite() {
            bound.add_product(&[largest]);
        }
        if let Some(fine) = finest {
            bound.add_product(&[fine]);
        }
        // k is at most the values read (and charged) above.
        for _ in 0..k {
            bound.add_product(&[largest]);
        }
        if signed_zero || bound.finish().is_none() {
            // PyTorch adds floats in an order of its own (vectorized, by the CPU's width): the
            // lab's pairwise sum is within the dtype's precision of it.
            ctx.approximate();
        }
    }
    let values = crate::numpy::reduce::reduce_values(
        ctx,
        a,
        &reduced,
        crate::numpy::reduce::Reduction::Sum,
        dtype,
        span,
    )?;
    let shape: Vec<i64> = a
        .layout
        .shape()
        .iter()
        .zip(&reduced)
        .filter(|&(_, &r)| keepdim || !r)
        .map(|(&d, &r)| if r { 1 } else { d })
        .collect();
    let origin = crate::array::Origin {
        op: Op::Compute("sum"),
        parent: Some(Rc::clone(a)),
        span,
    };
    Ok(Value::Array(
        ctx.new_c_array(&shape, dtype, &values, true, origin)?,
    ))
}
