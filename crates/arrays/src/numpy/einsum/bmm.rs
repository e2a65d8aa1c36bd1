//! `np.einsum(..., optimize=...)` as NumPy 2.4.6 runs it: `einsum_path` chooses the contractions
//! (see [`super::path`]), and each step of two operands is `bmm_einsum` — each operand prepared
//! by a one-operand `c_einsum` (diagonals, sums, transpose) and `reshape`d to a batch of
//! matrices, one `matmul`, then a `reshape` and `transpose` of its result — or a `multiply` of the
//! two reshaped operands when nothing is contracted; a step of one or three or more operands is
//! `c_einsum`. The result is whatever the last step gives (a 0-d array rather than a scalar when
//! it was a matmul), so its strides and flags are those of these NumPy calls, composed here from
//! the lab's own `einsum`, `reshape`, `matmul` and `*`.

use std::rc::Rc;

use stride_core::Dims;
use stride_core::reshape::{CopyMode, MemOrder};

use super::super::as_array;
use super::path;
use crate::array::{Array, Op, view_of};
use crate::context::Context;
use crate::error::{EvalError, Span};
use crate::value::Value;

/// The contractions of `np.einsum(subscripts, *arrays, optimize=optimize)`.
pub fn optimized(
    ctx: &mut Context,
    subscripts: &str,
    arrays: &[Rc<Array>],
    optimize: &Value,
    span: Span,
) -> Result<Value, EvalError> {
    let shapes: Vec<Vec<i64>> = arrays.iter().map(|a| a.layout.shape().to_vec()).collect();
    let ellipsis = subscripts.contains('.');
    let subscripts = if ellipsis {
        letters_for_ellipsis(subscripts, &shapes)?
    } else {
        subscripts.to_string()
    };
    let (kind, memory_limit) = path::path_kind(Some(optimize))?;
    let plan = path::plan(ctx, &subscripts, &shapes, kind, memory_limit, span)?;
    if ellipsis && plan.steps.len() > 1 {
        return Err(EvalError::unsupported(
            crate::construct::LibConstruct::EinsumEllipsisSteps,
            span,
        ));
    }
    let mut operands: Vec<Value> = arrays.iter().map(|a| Value::Array(Rc::clone(a))).collect();
    for (inds, eq) in &plan.steps {
        let mut taken = Vec::new();
        for &x in inds {
            if x >= operands.len() {
                return Err(EvalError::new("IndexError", "pop index out of range"));
            }
            taken.push(operands.remove(x));
        }
        let made = match taken.as_slice() {
            [a, b] => bmm_einsum(ctx, eq, a, b, span)?,
            many => {
                let mut arrays = Vec::new();
                for v in many {
                    arrays.push(as_array(ctx, v, span)?);
                }
                super::einsum(ctx, eq, &arrays, span)?
            }
        };
        operands.push(made);
    }
    // The steps' products are einsum's own: its result is a view of the last one's new memory.
    match operands.pop() {
        Some(Value::Array(r)) => Ok(Value::Array(crate::array::contracted(
            &r, "einsum", arrays, span,
        ))),
        Some(other) => Ok(other),
        None => Err(EvalError::value_error("No input operands")),
    }
}

/// `_parse_einsum_input`'s rewriting of `...` into unused letters (NumPy takes them from a set,
/// in an order that changes between runs; in one step the letters' names do not matter, and
/// the lab takes them in alphabetical order).
fn letters_for_ellipsis(subscripts: &str, shapes: &[Vec<i64>]) -> Result<String, EvalError> {
    let subscripts: String = subscripts.chars().filter(|&c| c != ' ').collect();
    let (inputs, output) = match subscripts.split_once("->") {
        Some((i, o)) => (i.to_string(), Some(o.to_string())),
        None => (subscripts.clone(), None),
    };
    let unused: String = ('a'..='z')
        .chain('A'..='Z')
        .filter(|&c| !subscripts.contains(c))
        .collect();
    let tail = |n: usize| unused.get(unused.len().saturating_sub(n)..).unwrap_or("");
    let mut longest = 0usize;
    let mut terms = Vec::new();
    for (num, sub) in inputs.split(',').enumerate() {
        if !sub.contains('.') {
            terms.push(sub.to_string());
            continue;
        }
        if sub.matches('.').count() != 3 || sub.matches("...").count() != 1 {
            return Err(EvalError::value_error("Invalid Ellipses."));
        }
        let shape = shapes.get(num).map_or(&[][..], |s| s.as_slice());
        let count = if shape.is_empty() {
            0
        } else {
            i64::try_from(shape.len().max(1)).unwrap_or(0)
                - i64::try_from(sub.len() - 3).unwrap_or(0)
        };
        if count < 0 {
            return Err(EvalError::value_error("Ellipses lengths do not match."));
        }
        let count = usize::try_from(count).unwrap_or(0);
        longest = longest.max(count);
        terms.push(sub.replace("...", tail(count)));
    }
    let joined = terms.join(",");
    let out_ellipse = tail(longest);
    let output = match output {
        Some(o) => {
            if o.contains('.') && (o.matches('.').count() != 3 || o.matches("...").count() != 1) {
                return Err(EvalError::value_error("Invalid Ellipses."));
            }
            o.replace("...", out_ellipse)
        }
        None => {
            let letters: String = joined.chars().filter(|&c| c != ',').collect();
            let mut once: Vec<char> = letters
                .chars()
                .filter(|&c| letters.matches(c).count() == 1 && !out_ellipse.contains(c))
                .collect();
            once.sort_unstable();
            once.dedup();
            format!("{out_ellipse}{}", once.into_iter().collect::<String>())
        }
    };
    Ok(format!("{joined}->{output}"))
}

/// The letters fused into each axis of the left operand, the right one and the product.
type Groups<'a> = (Vec<&'a [u8]>, Vec<&'a [u8]>, Vec<&'a [u8]>);

/// What `_parse_eq_to_batch_matmul` decides for one pair.
struct PairPlan {
    eq_a: Option<String>,
    eq_b: Option<String>,
    shape_a: Option<Vec<i64>>,
    shape_b: Option<Vec<i64>>,
    shape_ab: Option<Vec<i64>>,
    perm_ab: Option<Vec<i64>>,
    pure: bool,
}

/// A letter → size table kept in insertion order (Python's dict).
fn insert(list: &mut Vec<u8>, c: u8) {
    if !list.contains(&c) {
        list.push(c);
    }
}

fn text(letters: &[u8]) -> String {
    String::from_utf8_lossy(letters).into_owned()
}

fn parse_pair(eq: &str, shape_a: &[i64], shape_b: &[i64]) -> Result<PairPlan, EvalError> {
    let (lhs, out) = eq.split_once("->").unwrap_or((eq, ""));
    let (a_term, b_term) = lhs.split_once(',').unwrap_or((lhs, ""));
    let (a_term, b_term, out) = (a_term.as_bytes(), b_term.as_bytes(), out.as_bytes());
    for (term, shape) in [(a_term, shape_a), (b_term, shape_b)] {
        if term.len() != shape.len() {
            return Err(EvalError::value_error(format!(
                "Term '{}' does not match shape {}.",
                text(term),
                super::super::matmul::shape_text(shape)
            )));
        }
    }
    let mut sizes: Vec<(u8, i64)> = Vec::new();
    let mut size_check = |ix: u8, d: i64| -> Result<(), EvalError> {
        match sizes.iter().find(|e| e.0 == ix) {
            Some(&(_, s)) if s != d => Err(EvalError::value_error(format!(
                "Index {} has mismatched sizes {s} and {d}.",
                ix as char
            ))),
            Some(_) => Ok(()),
            None => {
                sizes.push((ix, d));
                Ok(())
            }
        }
    };
    let mut singletons: Vec<u8> = Vec::new();
    let mut left: Vec<u8> = Vec::new();
    for (&ix, &d) in a_term.iter().zip(shape_a) {
        if d == 1 {
            insert(&mut singletons, ix);
            continue;
        }
        size_check(ix, d)?;
        insert(&mut left, ix);
    }
    let mut right: Vec<u8> = Vec::new();
    for (&ix, &d) in b_term.iter().zip(shape_b) {
        if d == 1 {
            if !left.contains(&ix) {
                insert(&mut singletons, ix);
            }
            continue;
        }
        singletons.retain(|&c| c != ix);
        size_check(ix, d)?;
        insert(&mut right, ix);
    }
    let size = |ix: u8| sizes.iter().find(|e| e.0 == ix).map_or(1, |e| e.1);
    let (mut bat, mut con, mut a_keep, mut b_keep) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for &ix in &left {
        if let Some(k) = right.iter().position(|&c| c == ix) {
            right.remove(k);
            if out.contains(&ix) {
                bat.push(ix);
            } else {
                con.push(ix);
            }
        } else if out.contains(&ix) {
            a_keep.push(ix);
        }
    }
    for &ix in &right {
        if out.contains(&ix) {
            b_keep.push(ix);
        }
    }
    if con.is_empty() {
        // Pure multiplication: each operand transposed into the output's order, with 1s.
        let mut plan = PairPlan {
            eq_a: None,
            eq_b: None,
            shape_a: None,
            shape_b: None,
            shape_ab: None,
            perm_ab: None,
            pure: true,
        };
        for (term, shape, eq, new_shape) in [
            (a_term, shape_a, &mut plan.eq_a, &mut plan.shape_a),
            (b_term, shape_b, &mut plan.eq_b, &mut plan.shape_b),
        ] {
            let mut desired = Vec::new();
            let mut reshaped = Vec::new();
            for &ix in out {
                match term.iter().position(|&c| c == ix) {
                    Some(k) => {
                        desired.push(ix);
                        reshaped.push(shape.get(k).copied().unwrap_or(1));
                    }
                    None => reshaped.push(1),
                }
            }
            if desired != term {
                *eq = Some(format!("{}->{}", text(term), text(&desired)));
            }
            *new_shape = Some(reshaped);
        }
        return Ok(plan);
    }
    let singletons: Vec<u8> = out
        .iter()
        .copied()
        .filter(|c| singletons.contains(c))
        .collect();
    let desired_a: Vec<u8> = [&bat[..], &a_keep, &con].concat();
    let desired_b: Vec<u8> = [&bat[..], &con, &b_keep].concat();
    let eq_for = |term: &[u8], desired: &[u8]| {
        (term != desired).then(|| format!("{}->{}", text(term), text(desired)))
    };
    let (lgroups, rgroups, ogroups): Groups<'_> = if bat.is_empty() {
        (
            vec![&a_keep, &con],
            vec![&con, &b_keep],
            vec![&a_keep, &b_keep],
        )
    } else {
        (
            vec![&bat, &a_keep, &con],
            vec![&bat, &con, &b_keep],
            vec![&bat, &a_keep, &b_keep],
        )
    };
    let fused = |groups: &[&[u8]]| -> Option<Vec<i64>> {
        groups.iter().any(|g| g.len() != 1).then(|| {
            groups
                .iter()
                .map(|g| g.iter().fold(1i64, |p, &c| p.saturating_mul(size(c))))
                .collect()
        })
    };
    let shape_ab = (ogroups.iter().any(|g| g.len() != 1) || !singletons.is_empty()).then(|| {
        let mut s = vec![1i64; singletons.len()];
        s.extend(ogroups.iter().flat_map(|g| g.iter().map(|&c| size(c))));
        s
    });
    let produced: Vec<u8> = [&singletons[..], &bat, &a_keep, &b_keep].concat();
    let perm_ab = (produced != out).then(|| {
        out.iter()
            .map(|c| {
                produced
                    .iter()
                    .position(|d| d == c)
                    .map_or(0, |k| i64::try_from(k).unwrap_or(0))
            })
            .collect()
    });
    Ok(PairPlan {
        eq_a: eq_for(a_term, &desired_a),
        eq_b: eq_for(b_term, &desired_b),
        shape_a: fused(&lgroups),
        shape_b: fused(&rgroups),
        shape_ab,
        perm_ab,
        pure: false,
    })
}

/// `np.reshape(v, shape)`.
fn reshape(ctx: &mut Context, v: &Value, shape: &[i64], span: Span) -> Result<Value, EvalError> {
    let a = as_array(ctx, v, span)?;
    let dims = Dims::from_slice(shape)?;
    let r = crate::numpy::shape::reshape(ctx, &a, &dims, MemOrder::C, CopyMode::IfNeeded, span)?;
    Ok(Value::Array(r))
}

/// `c_einsum(eq, v)`.
fn prepare(ctx: &mut Context, eq: &str, v: &Value, span: Span) -> Result<Value, EvalError> {
    let a = as_array(ctx, v, span)?;
    super::einsum(ctx, eq, &[a], span)
}

/// `bmm_einsum(eq, a, b)`.
fn bmm_einsum(
    ctx: &mut Context,
    eq: &str,
    a: &Value,
    b: &Value,
    span: Span,
) -> Result<Value, EvalError> {
    let (x, y) = (as_array(ctx, a, span)?, as_array(ctx, b, span)?);
    let plan = parse_pair(eq, x.layout.shape(), y.layout.shape())?;
    let mut a = a.clone();
    let mut b = b.clone();
    if let Some(eq) = &plan.eq_a {
        a = prepare(ctx, eq, &a, span)?;
    }
    if let Some(shape) = &plan.shape_a {
        a = reshape(ctx, &a, shape, span)?;
    }
    if let Some(eq) = &plan.eq_b {
        b = prepare(ctx, eq, &b, span)?;
    }
    if let Some(shape) = &plan.shape_b {
        b = reshape(ctx, &b, shape, span)?;
    }
    if plan.pure {
        return crate::ops::binary(ctx, crate::operator::BinOp::Mul, &a, &b, span);
    }
    let (x, y) = (as_array(ctx, &a, span)?, as_array(ctx, &b, span)?);
    let mut ab = crate::numpy::matmul::matmul_arrays(ctx, &x, &y, None, span)?;
    if let Some(shape) = &plan.shape_ab {
        ab = reshape(ctx, &ab, shape, span)?;
    }
    if let Some(perm) = &plan.perm_ab {
        let r = as_array(ctx, &ab, span)?;
        let layout = stride_core::axes::transpose(&r.layout, perm)?;
        ab = Value::Array(view_of(
            &r,
            layout,
            Op::Permute(Rc::from(perm.as_slice())),
            span,
        ));
    }
    Ok(ab)
}
