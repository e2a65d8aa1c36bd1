//! `torch.einsum(equation, *operands)` as PyTorch 2.15 parses and checks it (its messages, in its
//! order: the equation's characters and operand count, each operand's number of subscripts, the
//! output, repeated subscripts' sizes, sizes across operands), for one operand:
//!
//! - no subscript summed: a VIEW, the operand permuted into the output's order, repeated
//!   subscripts taken as a diagonal (`'ij->ji'` strides `(1, 4)`, `'ii->i'` stride `(4,)`);
//! - something summed: a new C-contiguous tensor of the sums, integers and bools added up in
//!   int64 as `sum` does (floats only where no summation order can round, see `numpy::exact`).
//!
//! Several operands are contracted pairwise, left to right, as PyTorch does it ([`pairwise`]):
//! `bmm` and `mul` steps whose layouts decide the result's strides and dtype.

mod pairwise;

use std::rc::Rc;

use crate::array::{Array, Op, Origin};
use crate::context::Context;
use crate::dtype::DType;
use crate::error::{EvalError, Span};
use crate::numpy::exact::{Acc, dim};
use crate::signature::Bound;
use crate::value::Value;

/// A subscript: 0–25 for `A`–`Z`, 26–51 for `a`–`z` (PyTorch's order), or the ellipsis.
const ELLIPSIS: usize = 52;

fn runtime(message: impl Into<String>) -> EvalError {
    EvalError::new("RuntimeError", message)
}

fn index_of(c: u8) -> usize {
    if c.is_ascii_uppercase() {
        usize::from(c - b'A')
    } else {
        usize::from(c - b'a') + 26
    }
}

fn letter(k: usize) -> char {
    let k = u8::try_from(k).unwrap_or(0);
    char::from(if k < 26 { b'A' + k } else { b'a' + (k - 26) })
}

/// `torch.einsum(equation, *operands)` (the operands may also come as one list or tuple).
pub fn torch_einsum(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let rest = b.rest();
    let Some((Value::Str(equation), _)) = rest.first() else {
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::TorchEinsumSublist,
            span,
        ));
    };
    let mut operands: Vec<Rc<Array>> = Vec::new();
    let given: Vec<Value> = match rest.get(1..) {
        Some([(Value::List(items) | Value::Tuple(items), _)]) => items.to_vec(),
        Some(items) => items.iter().map(|(v, _)| v.clone()).collect(),
        None => Vec::new(),
    };
    for (k, v) in given.iter().enumerate() {
        match v {
            Value::Array(a) if a.torch => operands.push(Rc::clone(a)),
            other => {
                return Err(EvalError::type_error(format!(
                    "expected Tensor as element {k} in argument 1, but got {}",
                    other.type_name()
                )));
            }
        }
    }
    einsum(ctx, equation, &operands, span)
}

fn einsum(
    ctx: &mut Context,
    equation: &str,
    ops: &[Rc<Array>],
    span: Span,
) -> Result<Value, EvalError> {
    let bytes = equation.as_bytes();
    let arrow = equation.find("->");
    let lhs = bytes.get(..arrow.unwrap_or(bytes.len())).unwrap_or(&[]);
    let n = ops.len();
    if n == 0 {
        return Err(runtime("einsum(): must provide at least one operand"));
    }
    let mut labels: Vec<Vec<usize>> = vec![Vec::new(); n];
    let (mut cur, mut ell) = (0usize, false);
    let mut i = 0;
    while let Some(&c) = lhs.get(i) {
        match c {
            b' ' => {}
            b'.' => {
                if ell {
                    return Err(runtime(format!(
                        "einsum(): found '.' for operand {cur} for which an ellipsis was already found"
                    )));
                }
                if !(i + 2 < lhs.len()
                    && lhs.get(i + 1) == Some(&b'.')
                    && lhs.get(i + 2) == Some(&b'.'))
                {
                    return Err(runtime(format!(
                        "einsum(): found '.' for operand {cur} that is not part of any ellipsis"
                    )));
                }
                i += 2;
                if let Some(l) = labels.get_mut(cur) {
                    l.push(ELLIPSIS);
                }
                ell = true;
            }
            b',' => {
                cur += 1;
                if cur >= n {
                    return Err(runtime(
                        "einsum(): fewer operands were provided than specified in the equation",
                    ));
                }
                ell = false;
            }
            c if c.is_ascii_alphabetic() => {
                if let Some(l) = labels.get_mut(cur) {
                    l.push(index_of(c));
                }
            }
            _ => {
                return Err(runtime(format!(
                    "einsum(): invalid subscript given at index {i} in the equation string, subscripts must be in [a-zA-Z]"
                )));
            }
        }
        i += 1;
    }
    if cur + 1 != n {
        return Err(runtime(
            "einsum(): more operands were provided than specified in the equation",
        ));
    }
    let mut count = [0usize; 52];
    let mut ell_dims = 0usize;
    for (k, (ls, a)) in labels.iter().zip(ops).enumerate() {
        let ndim = a.layout.ndim();
        let letters = ls.iter().filter(|&&l| l != ELLIPSIS).count();
        let has_ell = ls.contains(&ELLIPSIS);
        for &l in ls {
            if let Some(c) = count.get_mut(l) {
                *c += 1;
            }
        }
        if has_ell {
            if letters > ndim {
                return Err(runtime(format!(
                    "einsum(): the number of subscripts in the equation ({letters}) is more than the number of dimensions ({ndim}) for operand {k}"
                )));
            }
            ell_dims = ell_dims.max(ndim - letters);
        } else if letters != ndim {
            return Err(runtime(format!(
                "einsum(): the number of subscripts in the equation ({letters}) does not match the number of dimensions ({ndim}) for operand {k} and no ellipsis was given"
            )));
        }
    }
    // The output: explicit, or the ellipsis then the subscripts seen once.
    let mut output: Vec<usize> = Vec::new();
    match arrow {
        None => {
            output.push(ELLIPSIS);
            output.extend((0..52).filter(|&l| count.get(l) == Some(&1)));
        }
        Some(at) => {
            let rhs = bytes.get(at + 2..).unwrap_or(&[]);
            let mut j = 0;
            let mut found = false;
            while let Some(&c) = rhs.get(j) {
                match c {
                    b' ' => {}
                    b'.' => {
                        if found {
                            return Err(runtime(
                                "einsum(): found '.' for output but an ellipsis (...) was already found",
                            ));
                        }
                        if !(j + 2 < rhs.len()
                            && rhs.get(j + 1) == Some(&b'.')
                            && rhs.get(j + 2) == Some(&b'.'))
                        {
                            return Err(runtime(
                                "einsum(): found '.' for output that is not part of any ellipsis (...)",
                            ));
                        }
                        j += 2;
                        found = true;
                        output.push(ELLIPSIS);
                    }
                    c if c.is_ascii_alphabetic() => {
                        let l = index_of(c);
                        if output.contains(&l) {
                            return Err(runtime(format!(
                                "einsum(): output subscript {} appears more than once in the output",
                                c as char
                            )));
                        }
                        if count.get(l).copied().unwrap_or(0) == 0 {
                            return Err(runtime(format!(
                                "einsum(): output subscript {} does not appear in the equation for any input operand",
                                c as char
                            )));
                        }
                        output.push(l);
                    }
                    _ => {
                        return Err(runtime(format!(
                            "einsum(): invalid subscript given at index {} in the equation string, subscripts must be in [a-zA-Z]",
                            lhs.len() + 2 + j
                        )));
                    }
                }
                j += 1;
            }
        }
    }
    // Each operand's dimensions by subscript; repeated subscripts and sizes across operands.
    let mut size = [1i64; 53];
    let mut ell_sizes = vec![1i64; ell_dims];
    let mut dims_of: Vec<Vec<(usize, i64, i64)>> = Vec::new();
    for (k, (ls, a)) in labels.iter().zip(ops).enumerate() {
        let shape = a.layout.shape().as_slice();
        let strides = a.layout.strides().as_slice();
        let extra = shape.len() + 1 - ls.len().max(1);
        let mut axis = 0usize;
        let mut seen: Vec<(usize, i64, i64)> = Vec::new();
        for &l in ls {
            if l == ELLIPSIS {
                for e in 0..extra {
                    let j = ell_dims - extra + e;
                    let d = dim(shape, axis);
                    if let (Some(s), true) = (ell_sizes.get_mut(j), d != 1) {
                        if *s != 1 && *s != d {
                            return Err(runtime(format!(
                                "einsum(): dimension {axis} covered by ellipsis in operand {k}has size {d} which does not broadcast with previously seen ellipsis with size {s} for the respective dimension"
                            )));
                        }
                        *s = d;
                    }
                    seen.push((ELLIPSIS * 64 + j, d, dim(strides, axis)));
                    axis += 1;
                }
                continue;
            }
            let (d, st) = (dim(shape, axis), dim(strides, axis));
            axis += 1;
            if let Some(entry) = seen.iter_mut().find(|e| e.0 == l) {
                if entry.1 != d {
                    return Err(runtime(format!(
                        "einsum(): subscript {} is repeated for operand {k} but the sizes don't match, {d} != {}",
                        letter(l),
                        entry.1
                    )));
                }
                entry.2 += st;
                continue;
            }
            if let Some(s) = size.get_mut(l) {
                if d != 1 {
                    if *s != 1 && *s != d {
                        return Err(runtime(format!(
                            "einsum(): subscript {} has size {d} for operand {k} which does not broadcast with previously seen size {s}",
                            letter(l)
                        )));
                    }
                    *s = d;
                }
            }
            seen.push((l, d, st));
        }
        dims_of.push(seen);
    }
    let [first] = ops else {
        let parsed = pairwise::Parsed {
            labels: &labels,
            output: &output,
            count: &count,
            ell_dims,
        };
        return pairwise::contract(ctx, &parsed, ops, span);
    };
    let seen = dims_of.first().cloned().unwrap_or_default();
    // The output's axes: the ellipsis expands to its dimensions.
    let mut out_axes: Vec<usize> = Vec::new();
    for &l in &output {
        if l == ELLIPSIS {
            out_axes.extend((0..ell_dims).map(|e| ELLIPSIS * 64 + e));
        } else {
            out_axes.push(l);
        }
    }
    let find = |l: usize| seen.iter().find(|e| e.0 == l).copied();
    let summed: Vec<(usize, i64, i64)> = seen
        .iter()
        .filter(|e| !out_axes.contains(&e.0))
        .copied()
        .collect();
    let out_shape: Vec<i64> = out_axes
        .iter()
        .map(|&l| find(l).map_or(1, |e| e.1))
        .collect();
    let out_strides: Vec<i64> = out_axes
        .iter()
        .map(|&l| find(l).map_or(0, |e| e.2))
        .collect();
    if summed.is_empty() {
        let layout = stride_core::Layout::new(
            &out_shape,
            &out_strides,
            first.layout.offset(),
            first.layout.itemsize(),
        )?;
        // Each subscript once: a permutation of the axes (`'ij->ji'`); one repeated: a diagonal.
        let perm: Vec<i64> = out_axes
            .iter()
            .filter_map(|&l| seen.iter().position(|e| e.0 == l))
            .filter_map(|k| i64::try_from(k).ok())
            .collect();
        let op = if seen.len() == first.layout.ndim() && perm.len() == seen.len() {
            Op::permute(&perm)
        } else {
            Op::Strides("einsum")
        };
        return Ok(Value::Array(crate::array::view_of(first, layout, op, span)));
    }
    let dtype = if first.dtype.is_float() {
        first.dtype
    } else {
        DType::Int64
    };
    let outputs: i64 = crate::numpy::exact::count(&out_shape);
    let inner: i64 = summed.iter().fold(1i64, |p, e| p.saturating_mul(e.1));
    crate::array::check_read(outputs.saturating_mul(inner), span)?;
    ctx.charge(
        u64::try_from(outputs.saturating_mul(inner)).unwrap_or(u64::MAX),
        span,
    )?;
    let mut values = Vec::new();
    let mut out_index = vec![0i64; out_shape.len()];
    for _ in 0..outputs {
        let base: i64 = out_index.iter().zip(&out_strides).map(|(i, s)| i * s).sum();
        let mut acc = Acc::new(if dtype == DType::Int64 {
            DType::Int64
        } else {
            dtype
        });
        let mut in_index = vec![0i64; summed.len()];
        for _ in 0..inner {
            let at: i64 = base
                + in_index
                    .iter()
                    .zip(&summed)
                    .map(|(i, e)| i * e.2)
                    .sum::<i64>();
            let v = first
                .read_at(i128::from(first.layout.offset()) + i128::from(at))
                .ok_or_else(|| {
                    EvalError::value_error("an operand reads outside its buffer").at(span)
                })?;
            acc.add(&[dtype.cast(v)]);
            step(
                &mut in_index,
                &summed.iter().map(|e| e.1).collect::<Vec<_>>(),
            );
        }
        values.push(acc.settle(dtype, ctx));
        step(&mut out_index, &out_shape);
    }
    let origin = Origin {
        op: Op::Compute("einsum"),
        parent: Some(Rc::clone(first)),
        span,
    };
    Ok(Value::Array(
        ctx.new_c_array(&out_shape, dtype, &values, true, origin)?,
    ))
}

fn step(index: &mut [i64], sizes: &[i64]) {
    for (i, &d) in index.iter_mut().zip(sizes).rev() {
        *i += 1;
        if *i < d {
            return;
        }
        *i = 0;
    }
}
