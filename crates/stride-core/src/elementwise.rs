//! The layout NumPy allocates for the output of an elementwise operation (`a + b`, `-a`, `a < b`):
//! the rule of its ufunc machinery (`numpy/_core/src/multiarray/nditer_constr.c`).
//!
//! 1. Fast path: when no operand needs a cast, every array operand has the output's shape and
//!    all are C-contiguous (or all F-contiguous), the output takes that order.
//! 2. Otherwise the iterator sorts the axes by the operands' strides
//!    (`npyiter_find_best_axis_ordering`): size-1 and broadcast axes have stride 0 and do not
//!    vote, and on a conflict between operands C order wins. The output is dense in that order.
//! 3. An empty output is allocated in C order (NumPy zeroes its strides).
//!
//! Scalars and 0-d arrays do not take part; with no array operand the output is C-ordered.

use crate::broadcast::broadcast_to;
use crate::dims::{Dims, MAX_NDIM};
use crate::error::Error;
use crate::layout::{Layout, Order};

/// The layout of the output of shape `shape` (the operands' broadcast shape) with `itemsize`,
/// given the layouts of the array operands of at least one dimension. `cast` is whether an
/// operand must be cast to the loop's dtype first, which rules out NumPy's fast path.
///
/// Fails as [`broadcast_to`] does when an operand does not broadcast to `shape`.
pub fn output_layout(
    shape: &[i64],
    arrays: &[&Layout],
    itemsize: i64,
    cast: bool,
) -> Result<Layout, Error> {
    if arrays.is_empty() {
        return Layout::allocated(shape, itemsize, Order::C);
    }
    // Rule 1.
    if !cast && arrays.iter().all(|l| l.shape() == shape) {
        if arrays.iter().all(|l| l.is_c_contiguous()) {
            return Layout::allocated(shape, itemsize, Order::C);
        }
        if arrays.iter().all(|l| l.is_f_contiguous()) {
            return Layout::allocated(shape, itemsize, Order::F);
        }
    }
    for l in arrays {
        broadcast_to(l, shape)?;
    }
    let n = shape.len();
    if n > MAX_NDIM {
        return Err(Error::TooManyDims { ndim: n });
    }
    // Rule 2. Iterator order, fastest axis first: starts as the axes reversed, then an insertion
    // sort as `npyiter_find_best_axis_ordering` does it.
    let mut order = [0usize; MAX_NDIM];
    for (k, slot) in order.iter_mut().take(n).enumerate() {
        *slot = n - 1 - k;
    }
    for i0 in 1..n {
        let j0 = order.get(i0).copied().unwrap_or(0);
        let mut ipos = i0;
        for i1 in (0..i0).rev() {
            let j1 = order.get(i1).copied().unwrap_or(0);
            let mut ambiguous = true;
            let mut swap = false;
            for l in arrays {
                let (s0, s1) = (iterator_stride(l, n, j0), iterator_stride(l, n, j1));
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
            // Move axis `j0` from position `i0` to `ipos`, shifting the ones between outwards.
            for k in (ipos..i0).rev() {
                if let Some(&moved) = order.get(k) {
                    if let Some(slot) = order.get_mut(k + 1) {
                        *slot = moved;
                    }
                }
            }
            if let Some(slot) = order.get_mut(ipos) {
                *slot = j0;
            }
        }
    }
    let mut strides = Dims::filled(n, 0)?;
    let mut step = itemsize;
    for &axis in order.iter().take(n) {
        if let Some(slot) = strides.get_mut(axis) {
            *slot = step;
        }
        step = step.saturating_mul(shape.get(axis).copied().unwrap_or(1));
    }
    let layout = Layout::new(shape, &strides, 0, itemsize)?;
    // Rule 3.
    if layout.size() == 0 {
        return Layout::allocated(shape, itemsize, Order::C);
    }
    Ok(layout)
}

/// The stride the iterator sees for output axis `axis` (of `n`) of an operand that broadcasts to
/// the output: 0 on a new leading axis and on a size-1 axis (broadcast or not), else its own.
fn iterator_stride(layout: &Layout, n: usize, axis: usize) -> i64 {
    let Some(k) = (axis + layout.ndim()).checked_sub(n) else {
        return 0;
    };
    match (layout.shape().get(k), layout.strides().get(k)) {
        (Some(&d), Some(&s)) if d != 1 => s,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::vec::Vec;

    use super::*;

    /// An operand: shape, strides in bytes.
    type Operand<'a> = (&'a [i64], &'a [i64]);

    /// A case recorded with NumPy 2.4.6 (`x = np.arange(24.0).reshape(4, 6)`,
    /// `y = np.arange(60.0).reshape(3, 4, 5)`, `i32` an int32 `(4, 6)`, `a`, `b`, `row`, `col` of
    /// ones): the program, its array operands' strides as NumPy reports them, whether one is cast
    /// to the loop's dtype, the output's itemsize, and `out.shape`, `out.strides`.
    type Case<'a> = (&'a str, &'a [Operand<'a>], bool, i64, &'a [i64], &'a [i64]);

    #[rustfmt::skip]
    const CASES: &[Case] = &[
        ("a + b.T", &[(&[3, 4], &[32, 8]), (&[3, 4], &[8, 24])], false, 8, &[3, 4], &[32, 8]),
        ("a.T + b.T", &[(&[3, 4], &[8, 24]), (&[3, 4], &[8, 24])], false, 8, &[3, 4], &[8, 24]),
        ("x[::2] + x[::2]", &[(&[2, 6], &[96, 8]), (&[2, 6], &[96, 8])], false, 8, &[2, 6], &[48, 8]),
        ("x[:, ::2] + x[:, 1::2]", &[(&[4, 3], &[48, 16]), (&[4, 3], &[48, 16])], false, 8, &[4, 3], &[24, 8]),
        ("x + row", &[(&[4, 6], &[48, 8]), (&[6], &[8])], false, 8, &[4, 6], &[48, 8]),
        ("x.T + row", &[(&[6, 4], &[8, 48]), (&[4], &[8])], false, 8, &[6, 4], &[8, 48]),
        ("col + row", &[(&[3, 1], &[8, 8]), (&[1, 4], &[32, 8])], false, 8, &[3, 4], &[32, 8]),
        ("col.T.T + row (col F)", &[(&[3, 1], &[8, 24]), (&[4], &[8])], false, 8, &[3, 4], &[32, 8]),
        ("x[:, ::-1] + x", &[(&[4, 6], &[48, -8]), (&[4, 6], &[48, 8])], false, 8, &[4, 6], &[48, 8]),
        ("x[::-1, ::-1].T + x.T", &[(&[6, 4], &[-8, -48]), (&[6, 4], &[8, 48])], false, 8, &[6, 4], &[8, 48]),
        ("y.transpose(1,0,2) + y.transpose(1,0,2)", &[(&[4, 3, 5], &[40, 160, 8]), (&[4, 3, 5], &[40, 160, 8])], false, 8, &[4, 3, 5], &[40, 160, 8]),
        ("y.transpose(2,0,1) + C", &[(&[5, 3, 4], &[8, 160, 40]), (&[5, 3, 4], &[96, 32, 8])], false, 8, &[5, 3, 4], &[96, 32, 8]),
        ("y.transpose(2,0,1) + y.transpose(2,1,0).swapaxes(1,2)", &[(&[5, 3, 4], &[8, 160, 40]), (&[5, 3, 4], &[8, 160, 40])], false, 8, &[5, 3, 4], &[8, 160, 40]),
        ("y.transpose(1,2,0) + row(3)", &[(&[4, 5, 3], &[40, 8, 160]), (&[3], &[8])], false, 8, &[4, 5, 3], &[40, 8, 160]),
        ("broadcast_to(row) + broadcast_to(col)", &[(&[3, 4], &[0, 8]), (&[3, 4], &[8, 0])], false, 8, &[3, 4], &[32, 8]),
        ("broadcast_to(col,(3,4)).T + 1-d", &[(&[4, 3], &[0, 8]), (&[3], &[8])], false, 8, &[4, 3], &[24, 8]),
        ("-x.T", &[(&[6, 4], &[8, 48])], false, 8, &[6, 4], &[8, 48]),
        ("-x[:, ::2]", &[(&[4, 3], &[48, 16])], false, 8, &[4, 3], &[24, 8]),
        ("-y.transpose(2,0,1)[::2]", &[(&[3, 3, 4], &[16, 160, 40])], false, 8, &[3, 3, 4], &[8, 96, 24]),
        ("i32.T + x.T (cast)", &[(&[6, 4], &[4, 24]), (&[6, 4], &[8, 48])], true, 8, &[6, 4], &[8, 48]),
        ("i32 + x[:, ::-1] (cast)", &[(&[4, 6], &[24, 4]), (&[4, 6], &[48, -8])], true, 8, &[4, 6], &[48, 8]),
        ("i32.T + x.T.copy() (cast)", &[(&[6, 4], &[4, 24]), (&[6, 4], &[32, 8])], true, 8, &[6, 4], &[32, 8]),
        ("i32[:, None] + x[None] (cast)", &[(&[4, 1], &[4, 0]), (&[1, 6], &[0, 8])], true, 8, &[4, 6], &[48, 8]),
        ("ones((3,1)).T + ones((1,3)) cast", &[(&[1, 3], &[4, 4]), (&[1, 3], &[24, 8])], true, 8, &[1, 3], &[24, 8]),
        ("zeros((0,3)).T + zeros((3,0))", &[(&[3, 0], &[0, 0]), (&[3, 0], &[0, 0])], false, 8, &[3, 0], &[0, 0]),
        ("x.T < x.T (bool)", &[(&[6, 4], &[8, 48]), (&[6, 4], &[8, 48])], false, 1, &[6, 4], &[1, 6]),
        ("x[:, :1] + x[:1, :] ", &[(&[4, 1], &[48, 8]), (&[1, 6], &[48, 8])], false, 8, &[4, 6], &[48, 8]),
        ("asfortran(ones((2,1,3))) + ones((2,1,3))", &[(&[2, 1, 3], &[8, 16, 16]), (&[2, 1, 3], &[24, 24, 8])], false, 8, &[2, 1, 3], &[24, 24, 8]),
    ];

    #[test]
    fn numpys_output_strides() {
        for &(program, operands, cast, itemsize, shape, strides) in CASES {
            let layouts: Vec<Layout> = operands
                .iter()
                .map(|(shape, strides)| Layout::new(shape, strides, 0, 8).unwrap())
                .collect();
            let refs: Vec<&Layout> = layouts.iter().collect();
            let out = output_layout(shape, &refs, itemsize, cast).unwrap();
            assert_eq!(out.shape(), shape, "{program}");
            assert_eq!(*out.strides(), *strides, "{program}");
            assert_eq!(out.offset(), 0, "{program}");
        }
    }

    #[test]
    fn without_arrays_the_output_is_c_ordered() {
        let out = output_layout(&[2, 3], &[], 4, false).unwrap();
        assert_eq!(*out.strides(), [12, 4]);
    }

    #[test]
    fn an_operand_that_does_not_broadcast_fails() {
        let a = Layout::contiguous(&[3], 8, Order::C).unwrap();
        let b = Layout::contiguous(&[2, 4], 8, Order::C).unwrap();
        assert_eq!(
            output_layout(&[2, 4], &[&a, &b], 8, false).err(),
            Some(Error::BroadcastTo {
                from: Dims::from_slice(&[3]).unwrap(),
                to: Dims::from_slice(&[2, 4]).unwrap(),
            })
        );
    }
}
