//! Stride tricks: `as_strided`, which builds any view and checks nothing (the lab then shows which
//! reads fall outside the buffer, see [`crate::footprint`]), and `sliding_window_view`, which builds
//! overlapping windows safely.

use crate::axes::normalize_axis;
use crate::dims::{Dims, MAX_NDIM};
use crate::error::Error;
use crate::layout::{Layout, Order};

/// `as_strided(x, shape, strides)`: the given shape and byte strides from `layout`'s start. A
/// missing shape keeps the input's; missing strides are the input's, or C strides for the new shape
/// when the input is C-contiguous (NumPy passes no strides through the array interface then).
pub fn as_strided(
    layout: &Layout,
    shape: Option<&[i64]>,
    strides: Option<&[i64]>,
) -> Result<Layout, Error> {
    let shape = shape.unwrap_or(layout.shape());
    let strides = match strides {
        Some(s) => Dims::from_slice(s)?,
        None if layout.is_c_contiguous() => {
            *Layout::contiguous(shape, layout.itemsize(), Order::C)?.strides()
        }
        None => *layout.strides(),
    };
    if strides.len() != shape.len() {
        return Err(Error::StridesShapeLength);
    }
    Layout::new(shape, &strides, layout.offset(), layout.itemsize())
}

/// `sliding_window_view(x, window_shape, axis)`: the input's axes shrunk by `window - 1`, followed
/// by one axis per window with the stride of the axis it slides along. `axis: None` windows every
/// axis in turn.
pub fn sliding_window_view(
    layout: &Layout,
    window: &[i64],
    axis: Option<&[i64]>,
) -> Result<Layout, Error> {
    if window.iter().any(|&w| w < 0) {
        return Err(Error::WindowNegative);
    }
    let mut axes = Dims::new();
    match axis {
        None => {
            for k in 0..layout.ndim() {
                axes.push(k as i64)?;
            }
            if window.len() != axes.len() {
                return Err(Error::WindowAxesMismatch {
                    windows: window.len(),
                    ndim: layout.ndim(),
                    with_axis: false,
                });
            }
        }
        Some(given) => {
            for &a in given {
                axes.push(normalize_axis(a, layout.ndim())? as i64)?;
            }
            if window.len() != axes.len() {
                return Err(Error::WindowAxesMismatch {
                    windows: window.len(),
                    ndim: axes.len(),
                    with_axis: true,
                });
            }
        }
    }
    if layout.ndim() + axes.len() > MAX_NDIM {
        return Err(Error::TooManyDims {
            ndim: layout.ndim() + axes.len(),
        });
    }
    let mut shape = *layout.shape();
    let mut strides = *layout.strides();
    for (&a, &w) in axes.iter().zip(window) {
        let a = a as usize;
        let slot = shape.get_mut(a).ok_or(Error::AxisOutOfBounds {
            axis: a as i64,
            ndim: layout.ndim(),
        })?;
        if *slot < w {
            return Err(Error::WindowTooLarge);
        }
        *slot -= w - 1;
        strides.push(layout.strides().get(a).copied().unwrap_or(0))?;
    }
    for &w in window {
        shape.push(w)?;
    }
    Layout::from_parts(shape, strides, layout.offset(), layout.itemsize())
}

/// The number of windows of width `k`, `step` apart, over `n` items: `(n - k) // step + 1`, or 0
/// when the window does not fit.
pub fn window_count(n: i64, k: i64, step: i64) -> Option<i64> {
    if step <= 0 || k < 0 || n < 0 {
        return None;
    }
    if k > n {
        Some(0)
    } else {
        Some((n - k) / step + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_windows() {
        // Seed 000 §4: as_strided(np.arange(6.0), shape=(4, 3), strides=(8, 8)).
        let a = Layout::contiguous(&[6], 8, Order::C).unwrap();
        let w = as_strided(&a, Some(&[4, 3]), Some(&[8, 8])).unwrap();
        assert_eq!(
            (*w.shape(), *w.strides()),
            (
                Dims::from_slice(&[4, 3]).unwrap(),
                Dims::from_slice(&[8, 8]).unwrap()
            )
        );
        assert_eq!(sliding_window_view(&a, &[3], None).unwrap(), w);
        // Seed 001: int32 arange(10) windows of 3: as_strided(a, (8, 3), (4, 4)).
        let b = Layout::contiguous(&[10], 4, Order::C).unwrap();
        let v = sliding_window_view(&b, &[3], None).unwrap();
        assert_eq!(
            (*v.shape(), *v.strides()),
            (
                Dims::from_slice(&[8, 3]).unwrap(),
                Dims::from_slice(&[4, 4]).unwrap()
            )
        );
        assert_eq!(window_count(10, 3, 1), Some(8));
        assert_eq!(window_count(10, 3, 2), Some(4));
    }

    #[test]
    fn windows_on_2d() {
        // sliding_window_view(x, (2, 2)) of a (3, 4) float64: shape (2, 3, 2, 2), strides (32, 8, 32, 8).
        let x = Layout::contiguous(&[3, 4], 8, Order::C).unwrap();
        let v = sliding_window_view(&x, &[2, 2], None).unwrap();
        assert_eq!(*v.shape(), [2, 3, 2, 2]);
        assert_eq!(*v.strides(), [32, 8, 32, 8]);
        let v = sliding_window_view(&x, &[2], Some(&[-1])).unwrap();
        assert_eq!(*v.shape(), [3, 3, 2]);
        assert_eq!(
            sliding_window_view(&x, &[5], Some(&[0])).err(),
            Some(Error::WindowTooLarge)
        );
        assert_eq!(
            sliding_window_view(&x, &[-1, 1], None).err(),
            Some(Error::WindowNegative)
        );
        assert_eq!(
            sliding_window_view(&x, &[2], Some(&[3])).err(),
            Some(Error::AxisOutOfBounds { axis: 3, ndim: 2 })
        );
    }
}
