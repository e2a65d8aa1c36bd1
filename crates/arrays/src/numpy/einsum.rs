//! `np.einsum` as NumPy 2.4.6's C `c_einsum` runs it (the default `optimize=False`): the
//! subscripts parsed with its checks and messages, implicit output (letters seen once, in ASCII
//! order, after the broadcast `...` axes), repeated letters in one operand as a diagonal (stride
//! sums), and broadcasting of size-1 axes between operands.
//!
//! A single operand whose letters all reach the output is returned as a VIEW (`'ij->ji'`,
//! `'ii->i'`, `'...'`), writeable, as NumPy's `get_single_op_view` makes it. Anything else is a
//! sum of products over NumPy's iterator: its axes are the output's letters then the summed ones
//! (ASCII order), the output is allocated in the order the iterator sorts those axes by the
//! operands' strides, and a 0-d result is a NumPy scalar. Float sums are computed only where no
//! summation order can round (see [`super::exact`]).
//!
//! Beside it: [`path`], `np.einsum_path` and its report (its searches in `search`, its numbers as
//! Python writes them in `figures`); [`orders`], what every contraction order costs, from the
//! subscripts and shapes alone (the lab's einsum panel), with [`shape_text`] reading the shapes a
//! learner types.
//!
//! With `optimize=` (anything but `False`), [`bmm`] runs NumPy's contraction path instead:
//! pairs through `bmm_einsum` (reshape, `matmul`, reshape, transpose), whose result layout differs.

pub mod bmm;
mod figures;
pub mod orders;
pub mod path;
mod search;
pub mod shape_text;

use std::rc::Rc;

use super::as_array;
use super::exact::{Acc, count, dim};
use super::matmul::{iterator_layout, shape_text};
use crate::array::{Array, Op, Origin};
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::signature::Bound;
use crate::value::Value;

/// The most operands `np.einsum` takes here.
const MAX_OPERANDS: usize = 8;

/// A label: a letter, or the `k`-th broadcast axis of `...` counted from the right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    Letter(u8),
    Broadcast(usize),
}

/// One operand's subscripts: the letters before, whether `...` appears, the letters after.
struct Term {
    before: Vec<u8>,
    ellipsis: bool,
    after: Vec<u8>,
}

fn value_error(message: impl Into<String>) -> EvalError {
    EvalError::value_error(message)
}

/// Splits one operand's (or the output's) subscripts, with NumPy's messages.
fn parse_term(text: &str, operand: Option<usize>) -> Result<Term, EvalError> {
    let bytes = text.as_bytes();
    let mut term = Term {
        before: Vec::new(),
        ellipsis: false,
        after: Vec::new(),
    };
    let mut i = 0;
    while let Some(&c) = bytes.get(i) {
        match c {
            b' ' => {}
            b'.' => {
                if term.ellipsis || bytes.get(i..i + 3) != Some(b"...") {
                    return Err(value_error(match operand {
                        Some(k) => format!(
                            "einstein sum subscripts string contains a '.' that is not part of an ellipsis ('...') in operand {k}"
                        ),
                        None => "einstein sum subscripts string contains a '.' that is not part of an ellipsis ('...') in the output".to_string(),
                    }));
                }
                term.ellipsis = true;
                i += 2;
            }
            c if c.is_ascii_alphabetic() => {
                if term.ellipsis {
                    term.after.push(c);
                } else {
                    term.before.push(c);
                }
            }
            other => {
                return Err(value_error(format!(
                    "invalid subscript '{}' in einstein sum subscripts string, subscripts must be letters",
                    other as char
                )));
            }
        }
        i += 1;
    }
    Ok(term)
}

/// The labels of an operand with `ndim` axes, one per axis.
fn labels(term: &Term, ndim: usize, operand: usize) -> Result<Vec<Label>, EvalError> {
    let letters = term.before.len() + term.after.len();
    if letters > ndim {
        return Err(value_error(format!(
            "einstein sum subscripts string contains too many subscripts for operand {operand}"
        )));
    }
    if !term.ellipsis && letters < ndim {
        return Err(value_error(
            "operand has more dimensions than subscripts given in einstein sum, but no '...' ellipsis provided to broadcast the extra dimensions.",
        ));
    }
    let extra = ndim - letters;
    let mut out: Vec<Label> = term.before.iter().map(|&c| Label::Letter(c)).collect();
    out.extend((0..extra).rev().map(Label::Broadcast));
    out.extend(term.after.iter().map(|&c| Label::Letter(c)));
    Ok(out)
}

/// `np.einsum(subscripts, *operands, out=None, optimize=False, dtype=None, order='K', casting='safe')`.
pub fn np_einsum(ctx: &mut Context, b: &Bound, span: Span) -> Result<Value, EvalError> {
    let rest = b.rest();
    let Some((Value::Str(subscripts), _)) = rest.first() else {
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::EinsumInterleaved("np.einsum"),
            span,
        ));
    };
    let mut arrays = Vec::new();
    for (v, s) in rest.iter().skip(1) {
        arrays.push(as_array(ctx, v, *s)?);
    }
    ctx.einsum = Some(orders::Call {
        subscripts: subscripts.to_string(),
        shapes: arrays.iter().map(|a| a.layout.shape().to_vec()).collect(),
    });
    match b.given("optimize") {
        None | Some(Value::Bool(false)) => einsum(ctx, subscripts, &arrays, span),
        Some(optimize) => bmm::optimized(ctx, subscripts, &arrays, optimize, span),
    }
}

/// The parsed equation: every operand's labels and the output's.
pub(crate) struct Equation {
    operands: Vec<Vec<Label>>,
    output: Vec<Label>,
    /// The first repeated letter whose sizes differ: (operand, letter, sizes).
    collapse: Option<(usize, u8, i64, i64)>,
}

fn parse(subscripts: &str, arrays: &[Rc<Array>]) -> Result<Equation, EvalError> {
    let (inputs, output) = match subscripts.find("->") {
        Some(k) => (&subscripts[..k], Some(&subscripts[k + 2..])),
        None => (subscripts, None),
    };
    if inputs.contains('-') || inputs.contains('>') {
        return Err(value_error(
            "einstein sum subscript string does not contain proper '->' output specified",
        ));
    }
    let parts: Vec<&str> = inputs.split(',').collect();
    // NumPy's two messages say the opposite of what happened; they are quoted as NumPy words them.
    if parts.len() < arrays.len() {
        return Err(value_error(
            "fewer operands provided to einstein sum function than specified in the subscripts string",
        ));
    }
    if parts.len() > arrays.len() {
        return Err(value_error(
            "more operands provided to einstein sum function than specified in the subscripts string",
        ));
    }
    let mut operands = Vec::new();
    let mut broadcast_ndim = 0usize;
    let mut collapse = None;
    for (k, (part, a)) in parts.iter().zip(arrays).enumerate() {
        let term = parse_term(part, Some(k))?;
        let ls = labels(&term, a.layout.ndim(), k)?;
        let nb = ls
            .iter()
            .filter(|l| matches!(l, Label::Broadcast(_)))
            .count();
        broadcast_ndim = broadcast_ndim.max(nb);
        // Repeated letters must have equal sizes (NumPy checks them before anything else).
        for (i, l) in ls.iter().enumerate() {
            for (j, m) in ls.iter().enumerate().skip(i + 1) {
                let (di, dj) = (dim(a.layout.shape(), i), dim(a.layout.shape(), j));
                if let (Label::Letter(c), true) = (l, l == m) {
                    if di != dj && collapse.is_none() {
                        collapse = Some((k, *c, di, dj));
                    }
                }
            }
        }
        operands.push(ls);
    }
    let broadcast: Vec<Label> = (0..broadcast_ndim).rev().map(Label::Broadcast).collect();
    let count = |c: u8| {
        operands
            .iter()
            .flatten()
            .filter(|&&l| l == Label::Letter(c))
            .count()
    };
    let output = match output {
        None => {
            let mut out = broadcast.clone();
            out.extend((0u8..128).filter(|&c| count(c) == 1).map(Label::Letter));
            out
        }
        Some(text) => {
            let term = parse_term(text, None)?;
            for (i, &c) in term.before.iter().chain(&term.after).enumerate() {
                if term
                    .before
                    .iter()
                    .chain(&term.after)
                    .skip(i + 1)
                    .any(|&d| d == c)
                {
                    return Err(value_error(format!(
                        "einstein sum subscripts string includes output subscript '{}' multiple times",
                        c as char
                    )));
                }
                if count(c) == 0 {
                    return Err(value_error(format!(
                        "einstein sum subscripts string included output subscript '{}' which never appeared in an input",
                        c as char
                    )));
                }
            }
            if !term.ellipsis && broadcast_ndim > 0 {
                return Err(value_error(
                    "output has more dimensions than subscripts given in einstein sum, but no '...' ellipsis provided to broadcast the extra dimensions.",
                ));
            }
            let mut out: Vec<Label> = term.before.iter().map(|&c| Label::Letter(c)).collect();
            if term.ellipsis {
                out.extend(broadcast.iter().copied());
            }
            out.extend(term.after.iter().map(|&c| Label::Letter(c)));
            out
        }
    };
    Ok(Equation {
        operands,
        output,
        collapse,
    })
}

/// The einsum of `arrays` as `c_einsum` computes it.
pub fn einsum(
    ctx: &mut Context,
    subscripts: &str,
    arrays: &[Rc<Array>],
    span: Span,
) -> Result<Value, EvalError> {
    let eq = parse(subscripts, arrays)?;
    if arrays.len() > MAX_OPERANDS {
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::EinsumOperands(MAX_OPERANDS),
            span,
        ));
    }
    let Some(first) = arrays.first() else {
        return Err(value_error(
            "must specify the einstein sum subscripts string and at least one operand",
        ));
    };
    // The iterator's axes: the output's labels, then the summed letters in ASCII order.
    let mut axes = eq.output.clone();
    for c in 0u8..128 {
        let l = Label::Letter(c);
        if !axes.contains(&l) && eq.operands.iter().flatten().any(|&m| m == l) {
            axes.push(l);
        }
    }
    // Repeated letters must have equal sizes; the view and the sum word it differently.
    if let Some((k, c, di, dj)) = eq.collapse {
        let summed = eq.operands.iter().flatten().any(|l| !eq.output.contains(l));
        let which = if arrays.len() == 1 && !summed && !eq.output.is_empty() {
            "single operand".to_string()
        } else {
            format!("operand {k}")
        };
        return Err(value_error(format!(
            "dimensions in {which} for collapsing index '{}' don't match ({di} != {dj})",
            c as char
        )));
    }
    // Each operand's stride on each iterator axis (repeated letters add up: the diagonal).
    let mut strides: Vec<Vec<i64>> = Vec::new();
    let mut sizes = vec![1i64; axes.len()];
    let mut remapped: Vec<Vec<Option<i64>>> = Vec::new();
    let mut mismatch = false;
    for (ls, a) in eq.operands.iter().zip(arrays) {
        let mut s = vec![0i64; axes.len()];
        let mut dims: Vec<Option<i64>> = vec![None; axes.len()];
        for (k, l) in ls.iter().enumerate() {
            let Some(ax) = axes.iter().position(|m| m == l) else {
                continue;
            };
            let d = dim(a.layout.shape(), k);
            let st = dim(a.layout.strides(), k);
            if let Some(slot @ None) = dims.get_mut(ax) {
                *slot = Some(d);
            }
            if let Some(slot) = s.get_mut(ax) {
                *slot += st;
            }
            if let (Some(size), true) = (sizes.get_mut(ax), d != 1) {
                if *size != 1 && *size != d {
                    mismatch = true;
                }
                *size = d;
            }
        }
        strides.push(s);
        remapped.push(dims);
    }
    // A size-1 axis broadcast against a longer one reads its one element throughout.
    for (s, dims) in strides.iter_mut().zip(&remapped) {
        for ((st, d), &size) in s.iter_mut().zip(dims).zip(&sizes) {
            if *d == Some(1) && size != 1 {
                *st = 0;
            }
        }
    }
    if mismatch {
        let mut parts = String::new();
        for ((a, dims), ls) in arrays.iter().zip(&remapped).zip(&eq.operands) {
            // NumPy's "original" is the operand with its repeated letters already combined.
            let mut combined: Vec<i64> = Vec::new();
            for (k, l) in ls.iter().enumerate() {
                if !ls.get(..k).unwrap_or(&[]).contains(l) {
                    combined.push(dim(a.layout.shape(), k));
                }
            }
            let lead = dims.iter().take_while(|d| d.is_none()).count();
            let items: Vec<String> = dims
                .iter()
                .skip(lead)
                .map(|d| d.map_or("newaxis".to_string(), |d| d.to_string()))
                .collect();
            // NumPy leaves out the leading new axes but keeps the comma rule of the whole.
            let shape = match (dims.len(), items.as_slice()) {
                (1, [one]) => format!("({one},)"),
                _ => format!("({})", items.join(",")),
            };
            parts.push_str(&format!("{}->{} ", shape_text(&combined), shape));
        }
        return Err(value_error(format!(
            "operands could not be broadcast together with remapped shapes [original->remapped]: {parts}"
        )));
    }
    let n_out = eq.output.len();
    let out_shape: Vec<i64> = sizes.get(..n_out).unwrap_or(&[]).to_vec();
    let dtype = arrays
        .iter()
        .skip(1)
        .fold(first.dtype, |d, a| d.promote(a.dtype));
    // A single operand with nothing summed: NumPy's view.
    if arrays.len() == 1 && axes.len() == n_out && n_out > 0 {
        let view_strides: Vec<i64> = strides
            .first()
            .and_then(|s| s.get(..n_out))
            .unwrap_or(&[])
            .to_vec();
        let layout = stride_core::Layout::new(
            &out_shape,
            &view_strides,
            first.layout.offset(),
            first.layout.itemsize(),
        )?;
        let view = crate::array::view_of(first, layout, view_op(eq.operands.first(), &axes), span);
        return Ok(Value::Array(view));
    }
    // Sums of products over the iterator's axes, the output's outermost.
    let total: i64 = count(&sizes);
    let (out_sizes, inner_sizes) = sizes.split_at(n_out.min(sizes.len()));
    let inner: i64 = count(inner_sizes);
    let outputs = usize::try_from(total / inner.max(1)).unwrap_or(0);
    let outputs = if inner == 0 {
        usize::try_from(count(&out_shape)).unwrap_or(0)
    } else {
        outputs
    };
    crate::array::check_read(total, span)?;
    ctx.charge(
        u64::try_from(total)
            .unwrap_or(u64::MAX)
            .saturating_mul(arrays.len() as u64),
        span,
    )?;
    let mut values = Vec::with_capacity(outputs);
    let mut index = vec![0i64; axes.len()];
    let inner_n = usize::try_from(inner).unwrap_or(0);
    let mut factors = Vec::with_capacity(arrays.len());
    for _ in 0..outputs {
        let mut acc = Acc::new(dtype);
        for _ in 0..inner_n {
            factors.clear();
            for (a, s) in arrays.iter().zip(&strides) {
                let at: i64 = index.iter().zip(s).map(|(i, st)| i * st).sum();
                let v = a
                    .read_at(i128::from(a.layout.offset()) + i128::from(at))
                    .ok_or_else(|| value_error("an operand reads outside its buffer").at(span))?;
                factors.push(dtype.cast(v));
            }
            acc.add(&factors);
            step(index.get_mut(n_out..).unwrap_or(&mut []), inner_sizes);
        }
        values.push(acc.settle(dtype, ctx));
        step(index.get_mut(..n_out).unwrap_or(&mut []), out_sizes);
    }
    if out_shape.is_empty() {
        let v = values.first().copied().unwrap_or(crate::dtype::Num::Int(0));
        return Ok(Value::Scalar(dtype, v));
    }
    // The output's layout: the iterator's order of all its axes, kept for the output's.
    let votes: Vec<Vec<i64>> = strides
        .iter()
        .map(|s| {
            s.iter()
                .zip(&sizes)
                .map(|(&st, &d)| if d == 1 { 0 } else { st })
                .collect()
        })
        .collect();
    let order = super::matmul::iterator_order(axes.len(), &votes);
    let out_order: Vec<usize> = order.into_iter().filter(|&a| a < n_out).collect();
    let mut votes_out = vec![0i64; n_out];
    for (rank, &a) in (1i64..).zip(&out_order) {
        if let Some(slot) = votes_out.get_mut(a) {
            *slot = rank;
        }
    }
    let out_votes = vec![votes_out];
    let layout = iterator_layout(&out_shape, &out_votes, dtype.itemsize())?;
    let origin = Origin {
        op: Op::Compute("einsum"),
        parent: Some(Rc::clone(first)),
        span,
    };
    Ok(Value::Array(
        ctx.new_array(layout, dtype, &values, false, origin)?,
    ))
}

/// What a one-operand einsum that sums nothing did: with each subscript once, a permutation of
/// the axes (`'ij->ji'`); with one repeated, a diagonal, strides computed from the old ones.
fn view_op(labels: Option<&Vec<Label>>, output: &[Label]) -> Op {
    let labels = labels.map_or(&[][..], |l| l.as_slice());
    let perm: Option<Vec<i64>> = output
        .iter()
        .map(|l| {
            let at = labels.iter().position(|m| m == l)?;
            i64::try_from(at).ok()
        })
        .collect();
    match perm {
        Some(p) if p.len() == labels.len() => Op::permute(&p),
        _ => Op::Strides("einsum"),
    }
}

/// Advances a C-order multi-index.
fn step(index: &mut [i64], sizes: &[i64]) {
    for (i, &d) in index.iter_mut().zip(sizes).rev() {
        *i += 1;
        if *i < d {
            return;
        }
        *i = 0;
    }
}
