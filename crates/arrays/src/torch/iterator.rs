//! The layout PyTorch's TensorIterator allocates for an output when its operands are not all
//! contiguous and of one shape (`reorder_dimensions`, then a dense output in that order): the
//! axes sorted, by insertion, on the operands' strides (a stride 0, a broadcast, has no say; a tie
//! goes to the larger axis first), and the output dense in that order. Advanced indexing's result
//! and einsum's `mul` step are allocated this way.

use stride_core::{Layout, Order};

use crate::error::EvalError;

/// Whether axis `d0` goes after `d1` (1), before (-1), or the operands do not say (0).
fn should_swap(ops: &[Vec<i64>], shape: &[i64], d0: usize, d1: usize) -> i32 {
    for strides in ops {
        let (s0, s1) = (
            strides.get(d0).copied().unwrap_or(0),
            strides.get(d1).copied().unwrap_or(0),
        );
        if s0 == 0 || s1 == 0 {
            continue;
        }
        if s0 < s1 {
            return -1;
        }
        if s0 > s1 {
            return 1;
        }
        if shape.get(d0) > shape.get(d1) {
            return 1;
        }
    }
    0
}

/// The output of `shape` for operands whose strides over its axes are `ops` (in elements, 0 on
/// broadcast axes), each item `itemsize` bytes: C-contiguous when the sort keeps row order.
pub fn allocated(shape: &[i64], ops: &[Vec<i64>], itemsize: i64) -> Result<Layout, EvalError> {
    let n = shape.len();
    // perm[0] is the fastest axis.
    let mut perm: Vec<usize> = (0..n).rev().collect();
    for i in 1..n {
        let mut d1 = i;
        for d0 in (0..i).rev() {
            let (Some(&p0), Some(&p1)) = (perm.get(d0), perm.get(d1)) else {
                break;
            };
            match should_swap(ops, shape, p0, p1) {
                c if c > 0 => {
                    perm.swap(d0, d1);
                    d1 = d0;
                }
                c if c < 0 => break,
                _ => {}
            }
        }
    }
    if perm.iter().copied().eq((0..n).rev()) {
        return Ok(Layout::contiguous(shape, itemsize, Order::C)?);
    }
    let mut strides = vec![0i64; n];
    let mut next = itemsize;
    for &p in &perm {
        if let Some(s) = strides.get_mut(p) {
            *s = next;
        }
        next = next.saturating_mul(shape.get(p).copied().unwrap_or(1));
    }
    Ok(Layout::new(shape, &strides, 0, itemsize)?)
}
