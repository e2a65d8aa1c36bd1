//! Writing and reading along one dimension through an index tensor: `scatter_`/`scatter`/
//! `torch.scatter` (a `src` tensor or a number, `reduce='add'|'multiply'`), `gather`/
//! `torch.gather`, `index_fill_`/`index_fill`, and the plain fills `fill_` and `zero_`. The
//! in-place ones write into the tensor's own memory (a view of it sees the change) and return
//! it; `scatter`, `gather` and `index_fill` return a new C-contiguous tensor (`index_fill`
//! clones, keeping a dense layout). Checks and messages are PyTorch 2.15's, in its order.
//!
//! One-hot rows, the learner's `torch.zeros(n, c).scatter_(1, y[:, None], 1.0)`.

use std::rc::Rc;

use crate::array::Array;
use crate::context::Context;
use crate::dtype::{DType, Num};
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

type Result<T> = core::result::Result<T, EvalError>;

fn runtime(m: impl Into<String>) -> EvalError {
    EvalError::new("RuntimeError", m)
}

fn list(d: &[i64]) -> String {
    let parts: Vec<String> = d.iter().map(i64::to_string).collect();
    format!("[{}]", parts.join(", "))
}

fn tensor_arg(b: &Bound, name: &str, position: usize) -> Result<Rc<Array>> {
    match b.required(name)? {
        Value::Array(a) if a.torch => Ok(Rc::clone(a)),
        other => Err(EvalError::type_error(format!(
            "argument '{name}' (position {position}) must be Tensor, not {}",
            other.type_name()
        ))),
    }
}

fn ints(ctx: &mut Context, a: &Array, span: Span) -> Result<Vec<i64>> {
    Ok(ctx
        .read_values(a, span)?
        .into_iter()
        .map(|n| match n {
            Num::Int(i) => i64::try_from(i).unwrap_or(i64::MAX),
            Num::Bool(b) => i64::from(b),
            Num::Float(f) => f as i64,
        })
        .collect())
}

fn strides_of(shape: &[i64]) -> Vec<i64> {
    let mut out = vec![0i64; shape.len()];
    let mut next = 1i64;
    for (s, &d) in out.iter_mut().zip(shape).rev() {
        *s = next;
        next = next.saturating_mul(d.max(1));
    }
    out
}

/// The scalar a number or 0-d tensor argument holds.
fn number(v: &Value) -> Result<Num> {
    match v {
        Value::Array(t) if t.torch => {
            Ok(t.values().first().copied().flatten().unwrap_or(Num::Int(0)))
        }
        Value::Bool(x) => Ok(Num::Bool(*x)),
        Value::Int(i) => Ok(Num::Int(*i)),
        Value::Scalar(_, n) => Ok(*n),
        other => Ok(Num::Float(crate::builtins::as_float(other)?)),
    }
}

/// What `scatter` writes: a tensor's values (with its shape) or one number.
enum Source {
    Tensor(Vec<i64>, Vec<Num>),
    Number(Num),
}

/// PyTorch's `scatter`: the new values of `a` (row order), `a`'s own or `None` to read them.
fn scatter_values(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Vec<Num>> {
    let dim = stride_core::torch::wrap_dim(b.required("dim")?.as_index()?, a.layout.ndim())?;
    let index = tensor_arg(b, "index", 2)?;
    if !matches!(index.dtype, DType::Int64 | DType::Int32) {
        return Err(runtime("scatter(): Expected dtype int32/int64 for index"));
    }
    let src = match b.value("src") {
        Some(Value::Array(s)) if s.torch => {
            if s.dtype != a.dtype {
                return Err(runtime(
                    "scatter(): Expected self.dtype to be equal to src.dtype",
                ));
            }
            Some(Rc::clone(s))
        }
        _ => None,
    };
    let reduce = match b.value("reduce") {
        None => None,
        Some(Value::Str(s)) if matches!(&**s, "add" | "multiply") => Some(Rc::clone(s)),
        Some(_) => {
            return Err(runtime("reduce argument must be either add or multiply."));
        }
    };
    let shape = *a.layout.shape();
    let ishape = *index.layout.shape();
    if index.layout.size() > 0 {
        if ishape.len() != shape.len() {
            return Err(runtime(
                "Index tensor must have the same number of dimensions as self tensor",
            ));
        }
        if let Some(s) = &src {
            if s.layout.ndim() != shape.len() {
                return Err(runtime(
                    "Index tensor must have the same number of dimensions as src tensor",
                ));
            }
        }
        let self_fits = ishape
            .iter()
            .zip(shape.iter())
            .enumerate()
            .all(|(d, (i, s))| d == dim || i <= s);
        let src_fits = src.as_ref().is_none_or(|s| {
            ishape
                .iter()
                .zip(s.layout.shape().iter())
                .all(|(i, s)| i <= s)
        });
        if !self_fits || !src_fits {
            let mut m = format!(
                "Expected index {} to be no larger than self {} apart from dimension {dim}",
                list(&ishape),
                list(&shape)
            );
            if let Some(s) = &src {
                m.push_str(&format!(
                    " and to be no larger size than src {}",
                    list(s.layout.shape())
                ));
            }
            return Err(runtime(m));
        }
    }
    let source = match (&src, b.value("value")) {
        (Some(s), _) => Source::Tensor(s.layout.shape().to_vec(), ctx.read_values(s, span)?),
        (None, Some(v)) => {
            crate::torch::check_scalar_fill(a.dtype, v)?;
            Source::Number(number(v)?)
        }
        (None, None) => Source::Number(Num::Int(0)),
    };
    let mut out = ctx.read_values(a, span)?;
    let idx = ints(ctx, &index, span)?;
    ctx.charge(idx.len() as u64, span)?;
    let own = strides_of(&shape);
    let size = shape.get(dim).copied().unwrap_or(1);
    let mut at = vec![0i64; ishape.len()];
    for &i in &idx {
        if i < 0 || i >= size {
            return Err(runtime(format!(
                "index {i} is out of bounds for dimension {dim} with size {size}"
            )));
        }
        let mut flat = 0i64;
        for (d, (&k, &s)) in at.iter().zip(&own).enumerate() {
            flat += if d == dim { i } else { k } * s;
        }
        let value = match &source {
            Source::Number(n) => *n,
            Source::Tensor(sshape, values) => {
                let sflat: i64 = at.iter().zip(strides_of(sshape)).map(|(&k, s)| k * s).sum();
                usize::try_from(sflat)
                    .ok()
                    .and_then(|f| values.get(f))
                    .copied()
                    .unwrap_or(Num::Int(0))
            }
        };
        if let Some(slot) = usize::try_from(flat).ok().and_then(|f| out.get_mut(f)) {
            let value = a.dtype.cast(value);
            *slot = match reduce.as_deref() {
                Some("add") => {
                    crate::ops::arith_num(crate::operator::BinOp::Add, a.dtype, *slot, value)
                }
                Some(_) => {
                    crate::ops::arith_num(crate::operator::BinOp::Mul, a.dtype, *slot, value)
                }
                None => value,
            };
        }
        stride_core::footprint::step(&mut at, &ishape);
    }
    if a.dtype.is_float() && reduce.is_some() {
        ctx.approximate();
    }
    Ok(out)
}

/// `t.scatter_(dim, index, src|value, *, reduce)`: writes into `t`, returns it. An expanded `t`
/// (a stride-0 axis) is refused as PyTorch refuses it.
pub fn scatter_(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let l = &a.layout;
    if l.shape()
        .iter()
        .zip(l.strides().iter())
        .any(|(&d, &s)| d > 1 && s == 0)
    {
        return Err(runtime(
            "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.",
        ));
    }
    let out = scatter_values(ctx, a, b, span)?;
    crate::numpy::sort::write_in_place(ctx, a, &out, span)?;
    Ok(Value::Array(Rc::clone(a)))
}

/// `t.scatter(dim, index, src|value, *, reduce)`: a new C-contiguous tensor.
pub fn scatter(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let out = scatter_values(ctx, a, b, span)?;
    let shape = *a.layout.shape();
    Ok(Value::Array(crate::numpy::lanes::computed_c(
        ctx, a, &shape, a.dtype, &out, "scatter", span,
    )?))
}

/// `torch.scatter(input, dim, index, src|value, *, reduce)`.
pub fn scatter_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    scatter(ctx, &crate::torch::stats::input(b)?, b, span)
}

/// `t.gather(dim, index)`: `out[i][j] = t[i][index[i][j]]` along `dim`, shaped as `index`.
pub fn gather(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let dim = stride_core::torch::wrap_dim(b.required("dim")?.as_index()?, a.layout.ndim())?;
    let index = tensor_arg(b, "index", 2)?;
    if !matches!(index.dtype, DType::Int64 | DType::Int32) {
        return Err(runtime("gather(): Expected dtype int32/int64 for index"));
    }
    let shape = *a.layout.shape();
    let ishape = *index.layout.shape();
    if index.layout.size() > 0 || ishape.len() != shape.len() {
        if ishape.len() != shape.len().max(1) && !(shape.is_empty() && ishape.len() <= 1) {
            return Err(runtime(
                "Index tensor must have the same number of dimensions as input tensor",
            ));
        }
        for (d, (i, s)) in ishape.iter().zip(shape.iter()).enumerate() {
            if d != dim && i > s {
                return Err(runtime(format!(
                    "Size does not match at dimension {d} expected index {} to be no larger than self {} apart from dimension {dim}",
                    list(&ishape),
                    list(&shape)
                )));
            }
        }
    }
    let values = ctx.read_values(a, span)?;
    let idx = ints(ctx, &index, span)?;
    ctx.charge(idx.len() as u64, span)?;
    let own = strides_of(&shape);
    let size = shape.get(dim).copied().unwrap_or(1);
    let mut at = vec![0i64; ishape.len()];
    let mut out = Vec::with_capacity(idx.len());
    for &i in &idx {
        if i < 0 || i >= size {
            return Err(runtime(format!(
                "index {i} is out of bounds for dimension {dim} with size {size}"
            )));
        }
        let mut flat = 0i64;
        for (d, (&k, &s)) in at.iter().zip(&own).enumerate() {
            flat += if d == dim { i } else { k } * s;
        }
        out.push(
            usize::try_from(flat)
                .ok()
                .and_then(|f| values.get(f))
                .copied()
                .unwrap_or(Num::Int(0)),
        );
        stride_core::footprint::step(&mut at, &ishape);
    }
    Ok(Value::Array(crate::numpy::lanes::computed_c(
        ctx, a, &ishape, a.dtype, &out, "gather", span,
    )?))
}

/// `torch.gather(input, dim, index)`.
pub fn gather_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    gather(ctx, &crate::torch::stats::input(b)?, b, span)
}

/// The value of `fill_`/`index_fill_`: a number, or a 0-d tensor (`kind` names the method in
/// PyTorch's refusal of a larger one).
fn fill_value(a: &Array, v: &Value, fill: bool) -> Result<Num> {
    if let Value::Array(t) = v {
        if t.layout.ndim() != 0 {
            return Err(runtime(if fill {
                format!(
                    "fill_ only supports 0-dimension value tensor but got tensor with {} dimensions.",
                    t.layout.ndim()
                )
            } else {
                format!(
                    "index_fill_ only supports a 0-dimensional value tensor, but got tensor with {} dimension(s).",
                    t.layout.ndim()
                )
            }));
        }
    } else {
        crate::torch::check_scalar_fill(a.dtype, v)?;
    }
    Ok(a.dtype.cast(number(v)?))
}

/// `t.fill_(value)`: every element of `t` (its own memory) set to `value`; returns `t`.
pub fn fill_(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let v = fill_value(a, b.required("value")?, true)?;
    let n = usize::try_from(a.layout.size()).unwrap_or(0);
    ctx.charge(n as u64, span)?;
    crate::numpy::sort::write_in_place(ctx, a, &vec![v; n], span)?;
    Ok(Value::Array(Rc::clone(a)))
}

/// `t.zero_()`.
pub fn zero_(ctx: &mut Context, a: &Rc<Array>, _b: &Bound, span: Span) -> Result<Value> {
    let n = usize::try_from(a.layout.size()).unwrap_or(0);
    ctx.charge(n as u64, span)?;
    crate::numpy::sort::write_in_place(ctx, a, &vec![a.dtype.cast(Num::Int(0)); n], span)?;
    Ok(Value::Array(Rc::clone(a)))
}

/// The values of `index_fill`: `value` at the indices `index` along `dim`.
fn index_fill_values(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Vec<Num>> {
    let dim = stride_core::torch::wrap_dim(b.required("dim")?.as_index()?, a.layout.ndim())?;
    let index = tensor_arg(b, "index", 2)?;
    if index.dtype != DType::Int64 {
        return Err(EvalError::new(
            "IndexError",
            "index_fill_(): Expected dtype int64 for index.",
        ));
    }
    if index.layout.ndim() > 1 {
        return Err(runtime("Index has to be a vector/scalar"));
    }
    let v = fill_value(a, b.required("value")?, false)?;
    let shape = *a.layout.shape();
    let size = shape.get(dim).copied().unwrap_or(1);
    let idx = ints(ctx, &index, span)?;
    let mut chosen = vec![false; usize::try_from(size).unwrap_or(0)];
    for &i in &idx {
        if i < -size || i >= size {
            return Err(EvalError::new(
                "IndexError",
                format!("index {i} is out of bounds for dimension {dim} with size {size}"),
            ));
        }
        let i = if i < 0 { i + size } else { i };
        if let Some(c) = usize::try_from(i).ok().and_then(|i| chosen.get_mut(i)) {
            *c = true;
        }
    }
    let mut out = ctx.read_values(a, span)?;
    let mut at = vec![0i64; shape.len()];
    for slot in &mut out {
        let k = at.get(dim).copied().unwrap_or(0);
        if usize::try_from(k).ok().and_then(|k| chosen.get(k)) == Some(&true) {
            *slot = v;
        }
        stride_core::footprint::step(&mut at, &shape);
    }
    Ok(out)
}

/// `t.index_fill_(dim, index, value)`.
pub fn index_fill_(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let out = index_fill_values(ctx, a, b, span)?;
    crate::numpy::sort::write_in_place(ctx, a, &out, span)?;
    Ok(Value::Array(Rc::clone(a)))
}

/// `t.index_fill(dim, index, value)`: a clone of `t` (its dense layout kept), filled.
pub fn index_fill(ctx: &mut Context, a: &Rc<Array>, b: &Bound, span: Span) -> Result<Value> {
    let out = index_fill_values(ctx, a, b, span)?;
    let layout = stride_core::torch::clone_layout(&a.layout)?;
    Ok(Value::Array(crate::numpy::lanes::computed(
        ctx,
        a,
        layout,
        a.dtype,
        &out,
        "index_fill",
        span,
    )?))
}

/// `torch.index_fill(input, dim, index, value)`.
pub fn index_fill_function(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    index_fill(ctx, &crate::torch::stats::input(b)?, b, span)
}
