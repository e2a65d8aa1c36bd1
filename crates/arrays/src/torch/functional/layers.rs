//! The layer functions of `torch.nn.functional`: `linear` (`x @ W.T + b`) and `pad` (constant
//! mode; negative pads crop). Each result is a new C-contiguous tensor.

use super::{Result, optional_tensor, tensor};
use crate::context::Context;
use crate::dtype::Num;
use crate::error::{EvalError, Span};
use crate::numpy::lanes::computed_c;
use crate::signature::Bound;
use crate::value::Value;

/// `F.linear(input, weight, bias=None)`.
pub fn linear(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let x = tensor(b, "input")?;
    let w = tensor(b, "weight")?;
    let bias = optional_tensor(b, "bias")?;
    super::dtypes::linear(
        x.dtype,
        w.dtype,
        bias.as_ref().map(|c| c.dtype),
        x.layout.ndim(),
        w.layout.ndim(),
    )?;
    let xs = x.layout.shape();
    let ws = w.layout.shape();
    let (Some(&inner), 1..=2) = (xs.last(), ws.len()) else {
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::LinearShapes,
            span,
        ));
    };
    let (outs, w_in) = match ws.as_slice() {
        [o, i] => (Some(*o), *i),
        [i] => (None, *i),
        _ => (None, 0),
    };
    if w_in != inner {
        let rows: i64 = xs.iter().rev().skip(1).product();
        return Err(match (xs.len(), outs) {
            (2, Some(o)) => EvalError::new(
                "RuntimeError",
                format!(
                    "{}mat1 and mat2 shapes cannot be multiplied ({rows}x{inner} and {w_in}x{o})",
                    if bias.is_some() { "addmm: " } else { "mm: " }
                ),
            ),
            _ => EvalError::unsupported(crate::construct::LibConstruct::LinearShapeError, span),
        });
    }
    let xv = ctx.read_values(&x, span)?;
    let wv = ctx.read_values(&w, span)?;
    let bv = match &bias {
        Some(c) => Some(ctx.read_values(c, span)?),
        None => None,
    };
    let k = usize::try_from(inner).unwrap_or(0);
    let o = usize::try_from(outs.unwrap_or(1)).unwrap_or(0);
    let rows = if k == 0 { 0 } else { xv.len() / k.max(1) };
    let rows = if k == 0 {
        usize::try_from(xs.iter().rev().skip(1).product::<i64>()).unwrap_or(0)
    } else {
        rows
    };
    ctx.charge(
        u64::try_from(rows.saturating_mul(o).saturating_mul(k)).unwrap_or(u64::MAX),
        span,
    )?;
    let float = x.dtype.is_float();
    if float {
        // A float product's sums: BLAS's order, not the lab's.
        ctx.approximate();
    }
    let mut out = Vec::with_capacity(rows * o);
    for r in 0..rows {
        for j in 0..o {
            let (mut fs, mut is) = (0.0f64, 0i128);
            for t in 0..k {
                let (Some(a), Some(c)) = (xv.get(r * k + t), wv.get(j * k + t)) else {
                    continue;
                };
                if float {
                    fs += a.as_f64() * c.as_f64();
                } else if let (Num::Int(p), Num::Int(q)) = (a, c) {
                    is = is.wrapping_add(p.wrapping_mul(*q));
                }
            }
            if let Some(bv) = &bv {
                let c = if bv.len() == 1 { bv.first() } else { bv.get(j) };
                match c {
                    Some(Num::Int(q)) if !float => is = is.wrapping_add(*q),
                    Some(v) => fs += v.as_f64(),
                    None => {}
                }
            }
            out.push(if float { Num::Float(fs) } else { Num::Int(is) });
        }
    }
    let mut shape: Vec<i64> = xs.get(..xs.len() - 1).unwrap_or(&[]).to_vec();
    if let Some(o) = outs {
        shape.push(o);
    }
    Ok(Value::Array(computed_c(
        ctx, &x, &shape, x.dtype, &out, "linear", span,
    )?))
}

/// `F.pad(input, pad, mode='constant', value=None)`.
pub fn pad(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value> {
    let x = tensor(b, "input")?;
    let pads: Vec<i64> = crate::numpy::shape_arg(b.required("pad")?)?.to_vec();
    match b.given("mode") {
        None => {}
        Some(Value::Str(s)) if &**s == "constant" => {}
        Some(other) => {
            return Err(EvalError::unsupported(
                crate::construct::LibConstruct::PadMode(crate::display::repr(other)),
                span,
            ));
        }
    }
    if pads.len() % 2 != 0 {
        return Err(EvalError::new(
            "RuntimeError",
            "Padding length must be divisible by 2",
        ));
    }
    let n = x.layout.ndim();
    if pads.len() > 2 * n {
        return Err(EvalError::new(
            "RuntimeError",
            format!(
                "Padding length should be less than or equal to two times the input dimension but got padding length {} and input of dimension {n}",
                pads.len()
            ),
        ));
    }
    let shape = x.layout.shape().to_vec();
    // (before, after) for each axis; the pairs name the last axes first.
    let mut around = vec![(0i64, 0i64); n];
    for (k, pair) in pads.chunks(2).enumerate() {
        if let (Some(slot), [lo, hi]) = (around.get_mut(n - 1 - k), pair) {
            *slot = (*lo, *hi);
        }
    }
    let cropping = pads.iter().all(|&p| p <= 0);
    let mut out_shape = Vec::with_capacity(n);
    for (&d, &(lo, hi)) in shape.iter().zip(&around) {
        let size = d + lo + hi;
        if size < 0 && cropping {
            return Err(EvalError::new(
                "RuntimeError",
                "narrow(): length must be non-negative.",
            ));
        }
        if size < 0 {
            return Err(EvalError::new(
                "RuntimeError",
                format!(
                    "The input size {d}, plus negative padding {lo} and {hi} resulted in a negative output size, which is invalid. Check dimension {} of your input.",
                    out_shape.len()
                ),
            ));
        }
        out_shape.push(size);
    }
    let fill = match b.value("value") {
        None => Num::Int(0),
        Some(v) => Num::Float(crate::builtins::as_float(v)?),
    };
    let xv = ctx.read_values(&x, span)?;
    let total: i64 = out_shape.iter().product();
    ctx.charge(u64::try_from(total).unwrap_or(u64::MAX), span)?;
    let mut out = Vec::with_capacity(usize::try_from(total).unwrap_or(0));
    let mut index = vec![0i64; n];
    for _ in 0..total {
        let mut flat = 0i64;
        let mut inside = true;
        for ((&i, &d), &(lo, _)) in index.iter().zip(&shape).zip(&around) {
            let src = i - lo;
            inside &= (0..d).contains(&src);
            flat = flat * d + src;
        }
        out.push(if inside {
            xv.get(usize::try_from(flat).unwrap_or(usize::MAX))
                .copied()
                .unwrap_or(fill)
        } else {
            fill
        });
        for (i, &d) in index.iter_mut().zip(&out_shape).rev() {
            *i += 1;
            if *i < d {
                break;
            }
            *i = 0;
        }
    }
    if cropping {
        // PyTorch narrows the input and clones the view, keeping its strides where dense.
        let cropped =
            stride_core::Layout::new(&out_shape, x.layout.strides(), 0, x.layout.itemsize())?;
        let layout = stride_core::torch::clone_layout(&cropped)?;
        return Ok(Value::Array(crate::numpy::lanes::computed(
            ctx, &x, layout, x.dtype, &out, "pad", span,
        )?));
    }
    Ok(Value::Array(computed_c(
        ctx, &x, &out_shape, x.dtype, &out, "pad", span,
    )?))
}
