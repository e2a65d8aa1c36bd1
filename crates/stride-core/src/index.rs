//! Basic indexing: integers, slices, `None` and `...`, as NumPy's `get_view_from_index` does it.
//!
//! A slice is resolved as CPython resolves it (`PySlice_Unpack` then `PySlice_AdjustIndices`), then
//! NumPy moves the start by `stride·start` and multiplies the stride by the step. Every result is a
//! view; indexing every axis with an integer gives a scalar ([`Indexed::scalar`]).

use crate::dims::{Dims, MAX_NDIM};
use crate::error::Error;
use crate::layout::Layout;

/// A slice as typed: `start:stop:step`, each part optional.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Slice {
    /// First index, or the default for the step's direction.
    pub start: Option<i64>,
    /// One past the last index, or the default for the step's direction.
    pub stop: Option<i64>,
    /// Step; `None` is 1, `0` is an error.
    pub step: Option<i64>,
}

impl Slice {
    /// `:`, the whole axis.
    pub const FULL: Slice = Slice {
        start: None,
        stop: None,
        step: None,
    };

    /// Resolves the slice against an axis of `len` items, as CPython does.
    pub fn resolve(&self, len: i64) -> Result<SliceRange, Error> {
        let step = self.step.unwrap_or(1);
        if step == 0 {
            return Err(Error::SliceStepZero);
        }
        // CPython clamps the step to -PY_SSIZE_T_MAX so that `-step` cannot overflow.
        let step = step.max(-i64::MAX);
        let (default_start, default_stop) = if step < 0 {
            (i64::MAX, i64::MIN)
        } else {
            (0, i64::MAX)
        };
        let start = adjust(self.start.unwrap_or(default_start), len, step);
        let stop = adjust(self.stop.unwrap_or(default_stop), len, step);
        let count = if step < 0 {
            if stop < start {
                (start - stop - 1) / (-step) + 1
            } else {
                0
            }
        } else if start < stop {
            (stop - start - 1) / step + 1
        } else {
            0
        };
        Ok(SliceRange {
            start,
            step,
            len: count,
        })
    }
}

/// `PySlice_AdjustIndices` for one bound.
fn adjust(index: i64, len: i64, step: i64) -> i64 {
    if index < 0 {
        let index = index.saturating_add(len);
        if index < 0 {
            if step < 0 { -1 } else { 0 }
        } else {
            index
        }
    } else if index >= len {
        if step < 0 { len - 1 } else { len }
    } else {
        index
    }
}

/// A resolved slice: `len` items from `start`, `step` apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SliceRange {
    /// The first index.
    pub start: i64,
    /// Distance between chosen indices.
    pub step: i64,
    /// Number of chosen indices.
    pub len: i64,
}

/// One item of a basic index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexItem {
    /// An integer: picks one position and removes the axis.
    Int(i64),
    /// A slice: keeps the axis with a new start and step.
    Slice(Slice),
    /// `None` (`np.newaxis`): inserts an axis of size 1 and stride 0.
    NewAxis,
    /// `...`: as many `:` as needed.
    Ellipsis,
}

/// What one output axis came from, for the lab's explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AxisSource {
    /// Input axis `axis`, sliced by `range`.
    Sliced {
        /// The input axis.
        axis: usize,
        /// The resolved slice.
        range: SliceRange,
    },
    /// A new axis from `None`.
    New,
}

/// The result of basic indexing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Indexed {
    /// The view's layout.
    pub layout: Layout,
    /// True when every axis was indexed by an integer: NumPy returns a scalar (a copy of one
    /// element), not a 0-d view.
    pub scalar: bool,
}

/// Applies a basic index to `layout`.
pub fn index(layout: &Layout, items: &[IndexItem]) -> Result<Indexed, Error> {
    if items.len() > 2 * MAX_NDIM {
        return Err(Error::IndexTooLong);
    }
    let ellipses = items
        .iter()
        .filter(|i| matches!(i, IndexItem::Ellipsis))
        .count();
    if ellipses > 1 {
        return Err(Error::MultipleEllipsis);
    }
    let consuming = items
        .iter()
        .filter(|i| matches!(i, IndexItem::Int(_) | IndexItem::Slice(_)))
        .count();
    if consuming > layout.ndim() {
        return Err(Error::TooManyIndices {
            ndim: layout.ndim(),
            given: consuming,
        });
    }
    let ints = items
        .iter()
        .filter(|i| matches!(i, IndexItem::Int(_)))
        .count();
    let scalar = ints == layout.ndim() && ints == items.len();
    let new_axes = items
        .iter()
        .filter(|i| matches!(i, IndexItem::NewAxis))
        .count();
    if layout.ndim() - ints + new_axes > MAX_NDIM {
        return Err(Error::IndexResultTooManyDims {
            ndim: layout.ndim() - ints + new_axes,
        });
    }

    let mut shape = Dims::new();
    let mut strides = Dims::new();
    let mut delta: i128 = 0;
    let mut axis = 0usize;
    let mut take = |item: &IndexItem, axis: &mut usize| -> Result<(), Error> {
        match *item {
            IndexItem::Int(i) => {
                let (size, stride) = axis_at(layout, *axis);
                let j = if i < 0 { i.saturating_add(size) } else { i };
                if j < 0 || j >= size {
                    return Err(Error::IndexOutOfBounds {
                        index: i,
                        axis: *axis,
                        size,
                    });
                }
                delta += i128::from(j) * i128::from(stride);
                *axis += 1;
            }
            IndexItem::Slice(slice) => {
                let (size, stride) = axis_at(layout, *axis);
                let mut range = slice.resolve(size)?;
                if range.len <= 0 {
                    range = SliceRange {
                        start: 0,
                        step: 1,
                        len: 0,
                    };
                }
                delta += i128::from(range.start) * i128::from(stride);
                shape.push(range.len)?;
                // The product overflows only for a step longer than any real array, so for a
                // slice that picks one element: NumPy multiplies in C and keeps the wrapped value
                // (a size-1 axis never uses its stride). Anything else must fit.
                let scaled = match stride.checked_mul(range.step) {
                    Some(s) => s,
                    None if range.len <= 1 => stride.wrapping_mul(range.step),
                    None => return Err(Error::Overflow),
                };
                strides.push(scaled)?;
                *axis += 1;
            }
            IndexItem::NewAxis => {
                shape.push(1)?;
                strides.push(0)?;
            }
            IndexItem::Ellipsis => {
                let fill = layout.ndim() - consuming;
                for _ in 0..fill {
                    let (size, stride) = axis_at(layout, *axis);
                    shape.push(size)?;
                    strides.push(stride)?;
                    *axis += 1;
                }
            }
        }
        Ok(())
    };
    for item in items {
        take(item, &mut axis)?;
    }
    if ellipses == 0 {
        // Axes not indexed are kept whole, as by a trailing `...`.
        take(&IndexItem::Ellipsis, &mut axis)?;
    }
    let offset = i128::from(layout.offset()) + delta;
    let offset = i64::try_from(offset).map_err(|_| Error::Overflow)?;
    let layout = Layout::from_parts(shape, strides, offset, layout.itemsize())?;
    Ok(Indexed { layout, scalar })
}

/// Size and stride of `axis`, or `(0, 0)` past the end (callers count axes first).
fn axis_at(layout: &Layout, axis: usize) -> (i64, i64) {
    match (layout.shape().get(axis), layout.strides().get(axis)) {
        (Some(&size), Some(&stride)) => (size, stride),
        _ => (0, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Order;

    fn s(start: Option<i64>, stop: Option<i64>, step: Option<i64>) -> Slice {
        Slice { start, stop, step }
    }

    #[test]
    fn slices_resolve_as_cpython() {
        // (slice, len) -> (start, step, len), checked against Python's slice.indices and len(range).
        let rows = [
            (s(None, None, None), 5, (0, 1, 5)),
            (s(None, None, Some(-1)), 5, (4, -1, 5)),
            (s(Some(-2), None, None), 5, (3, 1, 2)),
            (s(Some(-10), Some(10), Some(2)), 5, (0, 2, 3)),
            (s(Some(10), None, Some(-2)), 5, (4, -2, 3)),
            (s(Some(3), Some(1), None), 5, (3, 1, 0)),
            (s(None, Some(-10), Some(-1)), 5, (4, -1, 5)),
            (s(Some(1), Some(4), Some(i64::MIN)), 5, (1, -i64::MAX, 0)),
            (s(None, None, Some(3)), 0, (0, 3, 0)),
        ];
        for (slice, len, (start, step, count)) in rows {
            assert_eq!(
                slice.resolve(len),
                Ok(SliceRange {
                    start,
                    step,
                    len: count
                }),
                "{slice:?}"
            );
        }
        assert_eq!(s(None, None, Some(0)).resolve(3), Err(Error::SliceStepZero));
    }

    fn x() -> Layout {
        Layout::contiguous(&[3, 4], 8, Order::C).unwrap()
    }

    #[test]
    fn the_lessons_slices() {
        // x[:, ::2] has element strides (4, 2); x[1:, 1:] starts at element 5.
        let v = index(
            &x(),
            &[
                IndexItem::Slice(Slice::FULL),
                IndexItem::Slice(s(None, None, Some(2))),
            ],
        )
        .unwrap();
        assert_eq!(
            (*v.layout.shape(), *v.layout.strides(), v.layout.offset()),
            (
                Dims::from_slice(&[3, 2]).unwrap(),
                Dims::from_slice(&[32, 16]).unwrap(),
                0
            )
        );
        let v = index(
            &x(),
            &[
                IndexItem::Slice(s(Some(1), None, None)),
                IndexItem::Slice(s(Some(1), None, None)),
            ],
        )
        .unwrap();
        assert_eq!(*v.layout.shape(), [2, 3]);
        assert_eq!(*v.layout.strides(), [32, 8]);
        assert_eq!(v.layout.offset(), 40);
    }

    #[test]
    fn integers_newaxis_and_ellipsis() {
        let v = index(&x(), &[IndexItem::Int(-1)]).unwrap();
        assert_eq!(
            (*v.layout.shape(), v.layout.offset(), v.scalar),
            (Dims::from_slice(&[4]).unwrap(), 64, false)
        );
        let v = index(&x(), &[IndexItem::Int(2), IndexItem::Int(1)]).unwrap();
        assert!(v.scalar);
        assert_eq!(v.layout.offset(), 72);
        let v = index(
            &x(),
            &[
                IndexItem::NewAxis,
                IndexItem::Ellipsis,
                IndexItem::Int(1),
                IndexItem::NewAxis,
            ],
        )
        .unwrap();
        assert_eq!(*v.layout.shape(), [1, 3, 1]);
        assert_eq!(*v.layout.strides(), [0, 32, 0]);
        assert_eq!(v.layout.offset(), 8);
        assert!(!v.scalar);
        // Reversed and empty slices: an empty result starts at 0 with the plain stride.
        let v = index(&x(), &[IndexItem::Slice(s(None, None, Some(-1)))]).unwrap();
        assert_eq!(
            (*v.layout.strides(), v.layout.offset()),
            (Dims::from_slice(&[-32, 8]).unwrap(), 64)
        );
        let v = index(&x(), &[IndexItem::Slice(s(Some(2), Some(1), Some(-3)))]).unwrap();
        assert_eq!(*v.layout.shape(), [1, 4]);
        let v = index(&x(), &[IndexItem::Slice(s(Some(2), Some(2), Some(-3)))]).unwrap();
        assert_eq!(
            (*v.layout.shape(), *v.layout.strides(), v.layout.offset()),
            (
                Dims::from_slice(&[0, 4]).unwrap(),
                Dims::from_slice(&[32, 8]).unwrap(),
                0
            )
        );
    }

    #[test]
    fn a_step_longer_than_the_array_wraps_its_stride_as_numpy_does() {
        // np.arange(12.0)[::2**62].strides == (0,); [::-2**63] == (8,) at byte 88.
        let a = Layout::contiguous(&[12], 8, Order::C).unwrap();
        let v = index(&a, &[IndexItem::Slice(s(None, None, Some(1 << 62)))]).unwrap();
        assert_eq!(
            (*v.layout.shape(), *v.layout.strides()),
            (
                Dims::from_slice(&[1]).unwrap(),
                Dims::from_slice(&[0]).unwrap()
            )
        );
        let v = index(&a, &[IndexItem::Slice(s(None, None, Some(i64::MIN)))]).unwrap();
        assert_eq!(*v.layout.strides(), [8]);
        assert_eq!(v.layout.offset(), 88);
    }

    #[test]
    fn errors_match_numpy() {
        assert_eq!(
            index(&x(), &[IndexItem::Int(5)]).err(),
            Some(Error::IndexOutOfBounds {
                index: 5,
                axis: 0,
                size: 3
            })
        );
        assert_eq!(
            index(&x(), &[IndexItem::Int(0), IndexItem::Int(-5)]).err(),
            Some(Error::IndexOutOfBounds {
                index: -5,
                axis: 1,
                size: 4
            })
        );
        assert_eq!(
            index(
                &x(),
                &[IndexItem::Int(0), IndexItem::Int(0), IndexItem::Int(0)]
            )
            .err(),
            Some(Error::TooManyIndices { ndim: 2, given: 3 })
        );
        assert_eq!(
            index(&x(), &[IndexItem::Ellipsis, IndexItem::Ellipsis]).err(),
            Some(Error::MultipleEllipsis)
        );
        assert_eq!(
            index(&x(), &[IndexItem::Slice(s(None, None, Some(0)))]).err(),
            Some(Error::SliceStepZero)
        );
    }
}
