//! Broadcasting: the shape two arrays make together, and the stride-0 view that stretches an array
//! to a bigger shape without copying it.
//!
//! The shape rule (NumPy's `PyArray_Broadcast`): right-align the shapes, padding the shorter with 1s
//! on the left; per axis, equal sizes stay, a 1 takes the other size, anything else is an error.
//! `broadcast_to` gives every axis whose input size is 1, or that is new, the stride 0.

use crate::dims::{Dims, MAX_NDIM};
use crate::error::Error;
use crate::layout::Layout;

/// The broadcast shape of several shapes: `np.broadcast_shapes(*shapes)`.
pub fn broadcast_shapes(shapes: &[&[i64]]) -> Result<Dims, Error> {
    for shape in shapes {
        if shape.len() > MAX_NDIM {
            return Err(Error::TooManyDims { ndim: shape.len() });
        }
        if shape.iter().any(|&d| d < 0) {
            return Err(Error::NegativeDimension);
        }
    }
    combine(shapes, |first, second| Error::BroadcastShapes {
        first,
        first_shape: dims_of(shapes, first),
        second,
        second_shape: dims_of(shapes, second),
    })
}

/// The shape of `a ⊕ b` for an elementwise operator, or NumPy's operator error.
pub fn broadcast_operands(left: &[i64], right: &[i64]) -> Result<Dims, Error> {
    let shapes = [left, right];
    combine(&shapes, |_, _| Error::BroadcastOperands {
        left: Dims::from_slice(left).unwrap_or_default(),
        right: Dims::from_slice(right).unwrap_or_default(),
    })
}

fn dims_of(shapes: &[&[i64]], k: usize) -> Dims {
    shapes
        .get(k)
        .and_then(|s| Dims::from_slice(s).ok())
        .unwrap_or_default()
}

/// `PyArray_Broadcast`: walks the result's axes and, on a clash, names the argument that set the
/// size and the one that disagrees.
fn combine(shapes: &[&[i64]], clash: impl Fn(usize, usize) -> Error) -> Result<Dims, Error> {
    let ndim = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = Dims::filled(ndim, 1)?;
    let mut source = 0usize;
    for (i, slot) in out.iter_mut().enumerate() {
        for (j, shape) in shapes.iter().enumerate() {
            let Some(k) = (i + shape.len()).checked_sub(ndim) else {
                continue;
            };
            let d = shape.get(k).copied().unwrap_or(1);
            if d == 1 {
                continue;
            }
            if *slot == 1 {
                *slot = d;
                source = j;
            } else if *slot != d {
                return Err(clash(source, j));
            }
        }
    }
    if out.checked_product().is_none() {
        return Err(Error::BroadcastTooLarge);
    }
    Ok(out)
}

/// `np.broadcast_to(a, shape)`: a view in which each axis of input size 1, and each new leading
/// axis, has stride 0. (NumPy makes it read-only; the caller keeps that flag.)
pub fn broadcast_to(layout: &Layout, shape: &[i64]) -> Result<Layout, Error> {
    if shape.is_empty() && layout.ndim() > 0 {
        return Err(Error::BroadcastToScalar);
    }
    if shape.iter().any(|&d| d < 0) {
        return Err(Error::BroadcastToNegative);
    }
    if shape.len() > MAX_NDIM {
        return Err(Error::TooManyDims { ndim: shape.len() });
    }
    if layout.ndim() > shape.len() {
        return Err(Error::BroadcastToFewerDims);
    }
    let lead = shape.len() - layout.ndim();
    let mut strides = Dims::filled(shape.len(), 0)?;
    for (k, slot) in strides.iter_mut().enumerate().skip(lead) {
        let d = layout.shape().get(k - lead).copied().unwrap_or(1);
        let target = shape.get(k).copied().unwrap_or(1);
        if d == 1 {
            *slot = 0;
        } else if d == target {
            *slot = layout.strides().get(k - lead).copied().unwrap_or(0);
        } else {
            return Err(Error::BroadcastTo {
                from: *layout.shape(),
                to: Dims::from_slice(shape)?,
            });
        }
    }
    Layout::from_parts(
        Dims::from_slice(shape)?,
        strides,
        layout.offset(),
        layout.itemsize(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Order;

    #[test]
    fn shapes_of_the_seeds() {
        // Seed 001: (3,) with (2, 4, 3) -> (2, 4, 3); (N,) with (N, 1) -> (N, N); (B,1,M) with (1,N,M).
        assert_eq!(*broadcast_shapes(&[&[3], &[2, 4, 3]]).unwrap(), [2, 4, 3]);
        assert_eq!(*broadcast_shapes(&[&[100], &[100, 1]]).unwrap(), [100, 100]);
        assert_eq!(
            *broadcast_shapes(&[&[7, 1, 5], &[1, 6, 5]]).unwrap(),
            [7, 6, 5]
        );
        assert_eq!(*broadcast_shapes(&[]).unwrap(), []);
        assert_eq!(*broadcast_shapes(&[&[0], &[1]]).unwrap(), [0]);
        // (3, 4) with (3,) is an error.
        assert_eq!(
            broadcast_operands(&[3, 4], &[3]).err(),
            Some(Error::BroadcastOperands {
                left: Dims::from_slice(&[3, 4]).unwrap(),
                right: Dims::from_slice(&[3]).unwrap()
            })
        );
    }

    #[test]
    fn mismatch_names_numpys_arguments() {
        // np.broadcast_shapes((2,), (1,), (3,)): "between arg 0 with shape (2,) and arg 2 with shape (3,)".
        match broadcast_shapes(&[&[2], &[1], &[3]]) {
            Err(Error::BroadcastShapes {
                first: 0,
                second: 2,
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
        // (3, 1) and (1, 2) and (4, 2): axis 0 set by arg 0, clashes with arg 2.
        match broadcast_shapes(&[&[3, 1], &[1, 2], &[4, 2]]) {
            Err(Error::BroadcastShapes {
                first: 0,
                second: 2,
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn broadcast_to_is_stride_zero() {
        // Seed 000 §4: broadcast_to(x[0], (3, 4)) has strides (0, 8).
        let row = Layout::contiguous(&[4], 8, Order::C).unwrap();
        let b = broadcast_to(&row, &[3, 4]).unwrap();
        assert_eq!(*b.strides(), [0, 8]);
        // broadcast_to(arange(3), (1, 3)).strides == (0, 8): a new axis is 0 even at size 1.
        let r = Layout::contiguous(&[3], 8, Order::C).unwrap();
        assert_eq!(*broadcast_to(&r, &[1, 3]).unwrap().strides(), [0, 8]);
        let col = Layout::contiguous(&[3, 1], 8, Order::C).unwrap();
        assert_eq!(*broadcast_to(&col, &[3, 5]).unwrap().strides(), [8, 0]);
        assert_eq!(
            broadcast_to(&row, &[3]).err().map(|e| e.exception()),
            Some("ValueError")
        );
        assert_eq!(
            broadcast_to(&col, &[5]).err(),
            Some(Error::BroadcastToFewerDims)
        );
        assert_eq!(
            broadcast_to(&row, &[]).err(),
            Some(Error::BroadcastToScalar)
        );
        assert_eq!(
            broadcast_to(&row, &[-1, 4]).err(),
            Some(Error::BroadcastToNegative)
        );
    }
}
