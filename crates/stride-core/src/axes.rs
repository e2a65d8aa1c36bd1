//! Views that reorder or drop axes: `.T`, `transpose(axes)`, `swapaxes`, `moveaxis`, `.mT` and
//! `squeeze`. Every one permutes (or removes) sizes and strides together and keeps the start, so
//! no element moves in memory.

use crate::dims::{Dims, MAX_NDIM};
use crate::error::Error;
use crate::layout::Layout;

/// Normalizes an axis in `-ndim..ndim` to `0..ndim` (NumPy's `normalize_axis_index`).
pub fn normalize_axis(axis: i64, ndim: usize) -> Result<usize, Error> {
    normalize_named_axis(axis, ndim, "")
}

/// [`normalize_axis`] for an argument NumPy names in its message (`axis1: axis 5 is out of …`).
pub fn normalize_named_axis(
    axis: i64,
    ndim: usize,
    argument: &'static str,
) -> Result<usize, Error> {
    let n = ndim as i64;
    if axis < -n || axis >= n {
        return Err(if argument.is_empty() {
            Error::AxisOutOfBounds { axis, ndim }
        } else {
            Error::NamedAxisOutOfBounds {
                argument,
                axis,
                ndim,
            }
        });
    }
    Ok(if axis < 0 {
        (axis + n) as usize
    } else {
        axis as usize
    })
}

/// Normalizes a list of axes, refusing repeats (NumPy's `normalize_axis_tuple`).
pub fn normalize_axes(axes: &[i64], ndim: usize, argument: &'static str) -> Result<Dims, Error> {
    let mut out = Dims::new();
    for &axis in axes {
        out.push(normalize_named_axis(axis, ndim, argument)? as i64)?;
    }
    if has_repeat(&out) {
        return Err(Error::RepeatedAxis { argument });
    }
    Ok(out)
}

fn has_repeat(items: &[i64]) -> bool {
    items
        .iter()
        .enumerate()
        .any(|(k, a)| items.get(k + 1..).is_some_and(|rest| rest.contains(a)))
}

/// Permutes the axes: axis `k` of the result is axis `perm[k]` of `layout`. `perm` must already be
/// a permutation of `0..ndim`.
fn permuted(layout: &Layout, perm: &[usize]) -> Result<Layout, Error> {
    let mut shape = Dims::new();
    let mut strides = Dims::new();
    for &p in perm {
        let (Some(&d), Some(&s)) = (layout.shape().get(p), layout.strides().get(p)) else {
            return Err(Error::AxesDontMatch);
        };
        shape.push(d)?;
        strides.push(s)?;
    }
    Ok(layout.with_axes(shape, strides))
}

/// `.T` and `transpose()` with no axes: all axes reversed.
pub fn reversed(layout: &Layout) -> Layout {
    let mut shape = *layout.shape();
    let mut strides = *layout.strides();
    shape.reverse();
    strides.reverse();
    layout.with_axes(shape, strides)
}

/// `transpose(axes)`: axis `k` of the result is axis `axes[k]`, negative axes allowed.
pub fn transpose(layout: &Layout, axes: &[i64]) -> Result<Layout, Error> {
    // NumPy reads the axes into a fixed-size list first (`PyArray_IntpConverter`).
    if axes.len() > MAX_NDIM {
        return Err(Error::TooManyDims { ndim: axes.len() });
    }
    if axes.len() != layout.ndim() {
        return Err(Error::AxesDontMatch);
    }
    let mut perm = [0usize; MAX_NDIM];
    let mut seen = [false; MAX_NDIM];
    for (slot, &axis) in perm.iter_mut().zip(axes) {
        let a = normalize_axis(axis, layout.ndim())?;
        let mark = seen.get_mut(a).ok_or(Error::AxesDontMatch)?;
        if *mark {
            return Err(Error::RepeatedAxisInTranspose);
        }
        *mark = true;
        *slot = a;
    }
    permuted(layout, perm.get(..axes.len()).unwrap_or(&[]))
}

/// `swapaxes(a, axis1, axis2)`: the two axes trade sizes and strides.
pub fn swapaxes(layout: &Layout, axis1: i64, axis2: i64) -> Result<Layout, Error> {
    let a = normalize_named_axis(axis1, layout.ndim(), "axis1")?;
    let b = normalize_named_axis(axis2, layout.ndim(), "axis2")?;
    let mut shape = *layout.shape();
    let mut strides = *layout.strides();
    shape.swap(a, b);
    strides.swap(a, b);
    Ok(layout.with_axes(shape, strides))
}

/// `.mT`: the last two axes swapped.
pub fn matrix_transpose(layout: &Layout) -> Result<Layout, Error> {
    let n = layout.ndim() as i64;
    if n < 2 {
        return Err(Error::MatrixTransposeDims);
    }
    swapaxes(layout, n - 2, n - 1)
}

/// `moveaxis(a, source, destination)`: the named axes move to their destinations; the others keep
/// their order.
pub fn moveaxis(layout: &Layout, source: &[i64], destination: &[i64]) -> Result<Layout, Error> {
    transpose(layout, &moveaxis_perm(layout.ndim(), source, destination)?)
}

/// The permutation `moveaxis` applies: axis `k` of the result is axis `perm[k]` of the input.
pub fn moveaxis_perm(ndim: usize, source: &[i64], destination: &[i64]) -> Result<Dims, Error> {
    let source = normalize_axes(source, ndim, "source")?;
    let destination = normalize_axes(destination, ndim, "destination")?;
    if source.len() != destination.len() {
        return Err(Error::MoveaxisLengths);
    }
    let mut order = Dims::new();
    for axis in 0..ndim as i64 {
        if !source.contains(&axis) {
            order.push(axis)?;
        }
    }
    // Insert the moved axes at their destinations, in increasing destination order (the
    // destinations are distinct: normalize_axes refuses a repeated one).
    for d in 0..ndim as i64 {
        let moved = destination
            .iter()
            .zip(source.iter())
            .find(|&(&to, _)| to == d);
        if let Some((_, &s)) = moved {
            order.insert(d as usize, s)?;
        }
    }
    Ok(order)
}

/// `squeeze()`: every axis of size 1 removed.
pub fn squeeze_all(layout: &Layout) -> Layout {
    let mut shape = Dims::new();
    let mut strides = Dims::new();
    for (&d, &s) in layout.shape().iter().zip(layout.strides().iter()) {
        if d != 1 {
            // Cannot fail: the result has fewer axes than `layout`.
            let _ = shape.push(d);
            let _ = strides.push(s);
        }
    }
    layout.with_axes(shape, strides)
}

/// `squeeze(axis=k)` for one integer: [`squeeze`] of `(k,)`, except that NumPy lets a 0-d array
/// take axis 0 or -1 (`PyArray_ConvertMultiAxis`, "for backwards compatibility"), changing nothing.
pub fn squeeze_axis(layout: &Layout, axis: i64) -> Result<Layout, Error> {
    if layout.ndim() == 0 && (axis == 0 || axis == -1) {
        return Ok(*layout);
    }
    squeeze(layout, &[axis])
}

/// `squeeze(axis=(…))`: the named axes removed; each must have size 1.
pub fn squeeze(layout: &Layout, axes: &[i64]) -> Result<Layout, Error> {
    let mut normalized = Dims::new();
    for &axis in axes {
        let k = normalize_axis(axis, layout.ndim())? as i64;
        if normalized.contains(&k) {
            return Err(Error::DuplicateAxisValue);
        }
        normalized.push(k)?;
    }
    let axes = normalized;
    let mut shape = Dims::new();
    let mut strides = Dims::new();
    for (k, (&d, &s)) in layout
        .shape()
        .iter()
        .zip(layout.strides().iter())
        .enumerate()
    {
        if axes.contains(&(k as i64)) {
            if d != 1 {
                return Err(Error::SqueezeNotOne);
            }
        } else {
            shape.push(d)?;
            strides.push(s)?;
        }
    }
    Ok(layout.with_axes(shape, strides))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Order;

    fn t() -> Layout {
        Layout::contiguous(&[2, 3, 4], 8, Order::C).unwrap()
    }

    #[test]
    fn transposes_permute_shape_and_strides_together() {
        let x = Layout::contiguous(&[3, 4], 8, Order::C).unwrap();
        let xt = reversed(&x);
        assert_eq!(
            (*xt.shape(), *xt.strides()),
            (
                Dims::from_slice(&[4, 3]).unwrap(),
                Dims::from_slice(&[8, 32]).unwrap()
            )
        );
        assert_eq!(reversed(&xt), x);
        // Seed 000: swapaxes(t, 1, 2) of a (2,3,4) has element strides (12, 1, 4).
        let s = swapaxes(&t(), 1, 2).unwrap();
        assert_eq!(*s.shape(), [2, 4, 3]);
        assert_eq!(*s.strides(), [96, 8, 32]);
        let p = transpose(&t(), &[2, 0, -2]).unwrap();
        assert_eq!(*p.shape(), [4, 2, 3]);
        assert_eq!(*p.strides(), [8, 96, 32]);
    }

    #[test]
    fn moveaxis_matches_numpy() {
        // np.moveaxis(np.zeros((3,4,5)), 0, -1).shape == (4, 5, 3)
        let a = Layout::contiguous(&[3, 4, 5], 8, Order::C).unwrap();
        assert_eq!(*moveaxis(&a, &[0], &[-1]).unwrap().shape(), [4, 5, 3]);
        assert_eq!(*moveaxis(&a, &[-1], &[0]).unwrap().shape(), [5, 3, 4]);
        assert_eq!(
            *moveaxis(&a, &[0, 1], &[-1, -2]).unwrap().shape(),
            [5, 4, 3]
        );
        assert_eq!(
            *moveaxis(&a, &[0, 1, 2], &[-1, -2, -3]).unwrap().shape(),
            [5, 4, 3]
        );
        assert_eq!(
            moveaxis(&a, &[0, 0], &[1, 2]).err(),
            Some(Error::RepeatedAxis { argument: "source" })
        );
        assert_eq!(
            moveaxis(&a, &[0], &[1, 2]).err(),
            Some(Error::MoveaxisLengths)
        );
        assert_eq!(
            moveaxis(&a, &[0], &[5]).err(),
            Some(Error::NamedAxisOutOfBounds {
                argument: "destination",
                axis: 5,
                ndim: 3
            })
        );
    }

    #[test]
    fn errors_match_numpy() {
        assert_eq!(transpose(&t(), &[0, 1]).err(), Some(Error::AxesDontMatch));
        assert_eq!(
            transpose(&t(), &[0, 1, 1]).err(),
            Some(Error::RepeatedAxisInTranspose)
        );
        assert_eq!(
            transpose(&t(), &[0, 1, 3]).err(),
            Some(Error::AxisOutOfBounds { axis: 3, ndim: 3 })
        );
        assert_eq!(
            swapaxes(&t(), 0, -4).err(),
            Some(Error::NamedAxisOutOfBounds {
                argument: "axis2",
                axis: -4,
                ndim: 3
            })
        );
    }

    #[test]
    fn squeeze_drops_only_ones() {
        let a = Layout::new(&[1, 3, 1], &[99, 8, 7], 0, 8).unwrap();
        assert_eq!(*squeeze_all(&a).shape(), [3]);
        assert_eq!(*squeeze(&a, &[-1]).unwrap().strides(), [99, 8]);
        assert_eq!(squeeze(&a, &[1]).err(), Some(Error::SqueezeNotOne));
        // NumPy: x.squeeze((0, -3)) of a (1, 3, 1) says "duplicate value in 'axis'".
        assert_eq!(squeeze(&a, &[0, -3]).err(), Some(Error::DuplicateAxisValue));
        // A 0-d array takes axis 0 or -1 as an integer, not in a tuple.
        let s = Layout::zero_d(8);
        assert_eq!(squeeze_axis(&s, -1), Ok(s));
        assert_eq!(squeeze_axis(&s, 0), Ok(s));
        assert!(squeeze_axis(&s, 1).is_err());
        assert!(squeeze(&s, &[0]).is_err());
    }
}
