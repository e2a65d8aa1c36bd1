//! [`Layout`]: a shape, strides and a start offset, in bytes, with an item size. The address rule,
//! the contiguity flags and the byte bounds live here.
//!
//! Invariants, established by every constructor and kept by every operation:
//! 1. `shape.len() == strides.len() <= MAX_NDIM`;
//! 2. every size is `>= 0`;
//! 3. `itemsize >= 1`;
//! 4. `size * itemsize` fits in an `i64` (NumPy's "array is too big").
//!
//! Strides and the offset are any `i64`, as `as_strided` allows; addresses are therefore computed
//! in `i128`, where a sum of 64 products of two `i64` cannot overflow.

use core::fmt;

use crate::dims::{Dims, MAX_NDIM};
use crate::error::Error;

/// Memory order of a new array: row-major (C) or column-major (Fortran).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Row-major: the last axis is the fastest.
    C,
    /// Column-major: the first axis is the fastest.
    F,
}

/// A strided view of a buffer: where each element of an array lives.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    shape: Dims,
    strides: Dims,
    offset: i64,
    itemsize: i64,
}

impl Layout {
    /// A layout from raw parts, checked against the invariants (nothing about strides is checked,
    /// as in `as_strided`).
    pub fn new(shape: &[i64], strides: &[i64], offset: i64, itemsize: i64) -> Result<Self, Error> {
        if shape.len() > MAX_NDIM {
            return Err(Error::TooManyDims { ndim: shape.len() });
        }
        if strides.len() != shape.len() {
            return Err(Error::AxesDontMatch);
        }
        let shape = Dims::from_slice(shape)?;
        check_shape(&shape, itemsize)?;
        Ok(Layout {
            shape,
            strides: Dims::from_slice(strides)?,
            offset,
            itemsize,
        })
    }

    /// A 0-d layout (one element at offset 0); an item size below 1 counts as 1.
    pub fn zero_d(itemsize: i64) -> Self {
        Layout {
            shape: Dims::new(),
            strides: Dims::new(),
            offset: 0,
            itemsize: itemsize.max(1),
        }
    }

    /// The layout of an existing contiguous buffer read in `order`: NumPy's `_array_fill_strides`,
    /// where a size-0 dimension counts as 1 in the running product.
    pub fn contiguous(shape: &[i64], itemsize: i64, order: Order) -> Result<Self, Error> {
        if shape.len() > MAX_NDIM {
            return Err(Error::TooManyDims { ndim: shape.len() });
        }
        let shape = Dims::from_slice(shape)?;
        check_shape(&shape, itemsize)?;
        let strides = fill_strides(&shape, itemsize, order)?;
        Ok(Layout {
            shape,
            strides,
            offset: 0,
            itemsize,
        })
    }

    /// The layout of a newly allocated array, as `np.empty(shape, order=...)` makes it: contiguous,
    /// except that an empty array gets all-zero strides (NumPy zeroes them when it allocates 0 bytes).
    pub fn allocated(shape: &[i64], itemsize: i64, order: Order) -> Result<Self, Error> {
        let mut layout = Layout::contiguous(shape, itemsize, order)?;
        if layout.size() == 0 {
            layout.strides.iter_mut().for_each(|s| *s = 0);
        }
        Ok(layout)
    }

    /// Rebuilds a layout from parts already known to satisfy the invariants apart from strides.
    pub(crate) fn from_parts(
        shape: Dims,
        strides: Dims,
        offset: i64,
        itemsize: i64,
    ) -> Result<Self, Error> {
        check_shape(&shape, itemsize)?;
        if strides.len() != shape.len() {
            return Err(Error::AxesDontMatch);
        }
        Ok(Layout {
            shape,
            strides,
            offset,
            itemsize,
        })
    }

    /// The sizes of the axes.
    pub fn shape(&self) -> &Dims {
        &self.shape
    }

    /// The strides, in bytes.
    pub fn strides(&self) -> &Dims {
        &self.strides
    }

    /// Where element `[0, 0, …]` lives, in bytes from the start of the buffer.
    pub fn offset(&self) -> i64 {
        self.offset
    }

    /// Bytes per element.
    pub fn itemsize(&self) -> i64 {
        self.itemsize
    }

    /// Number of dimensions.
    pub fn ndim(&self) -> usize {
        self.shape.len()
    }

    /// Number of elements. Cannot overflow (invariant 4).
    pub fn size(&self) -> i64 {
        self.shape.checked_product().unwrap_or(i64::MAX)
    }

    /// `size * itemsize`, the bytes the elements take if stored densely.
    pub fn nbytes(&self) -> i64 {
        self.size().saturating_mul(self.itemsize)
    }

    /// The same layout moved by `delta` bytes.
    pub fn shifted(&self, delta: i64) -> Result<Self, Error> {
        let offset = self.offset.checked_add(delta).ok_or(Error::Overflow)?;
        Ok(Layout { offset, ..*self })
    }

    /// The same shape and strides, counted from a different start.
    pub fn with_offset(&self, offset: i64) -> Self {
        Layout { offset, ..*self }
    }

    /// The byte address of the element at `index` (no bounds check on the index values: the
    /// address rule `offset + Σ index[k]·strides[k]`).
    pub fn address(&self, index: &[i64]) -> i128 {
        let mut address = i128::from(self.offset);
        for (i, s) in index.iter().zip(self.strides.iter()) {
            address += i128::from(*i) * i128::from(*s);
        }
        address
    }

    /// The byte address of the element at `index`, checking that `index` is inside the shape.
    pub fn checked_address(&self, index: &[i64]) -> Result<i128, Error> {
        if index.len() != self.ndim() {
            return Err(Error::TooManyIndices {
                ndim: self.ndim(),
                given: index.len(),
            });
        }
        for (axis, (&i, &size)) in index.iter().zip(self.shape.iter()).enumerate() {
            if i < 0 || i >= size {
                return Err(Error::IndexOutOfBounds {
                    index: i,
                    axis,
                    size,
                });
            }
        }
        Ok(self.address(index))
    }

    /// NumPy's C_CONTIGUOUS flag: walking from the last axis, each stride equals the product of
    /// the sizes to its right times the itemsize; size-1 axes are skipped; any size-0 axis makes
    /// the array contiguous.
    pub fn is_c_contiguous(&self) -> bool {
        self.has_zero_dim()
            || is_dense(
                self.shape.iter().rev().zip(self.strides.iter().rev()),
                self.itemsize,
            )
    }

    /// NumPy's F_CONTIGUOUS flag: the same walk from the first axis.
    pub fn is_f_contiguous(&self) -> bool {
        self.has_zero_dim() || is_dense(self.shape.iter().zip(self.strides.iter()), self.itemsize)
    }

    /// Whether any axis has size 0.
    pub fn has_zero_dim(&self) -> bool {
        self.shape.contains(&0)
    }

    /// The strides counted in elements, or `None` for an axis whose byte stride is not a multiple
    /// of the item size (possible only through `as_strided`).
    pub fn element_stride(&self, axis: usize) -> Option<i64> {
        let s = *self.strides.get(axis)?;
        (s % self.itemsize == 0).then_some(s / self.itemsize)
    }

    /// The start counted in elements, if it is a whole number of elements.
    pub fn element_offset(&self) -> Option<i64> {
        (self.offset % self.itemsize == 0).then_some(self.offset / self.itemsize)
    }

    /// The lowest byte an element touches and one past the highest, or `None` for an empty array.
    /// NumPy's `get_array_memory_extents`.
    pub fn byte_bounds(&self) -> Option<(i128, i128)> {
        if self.size() == 0 {
            return None;
        }
        let mut low = i128::from(self.offset);
        let mut high = i128::from(self.offset);
        for (&d, &s) in self.shape.iter().zip(self.strides.iter()) {
            let reach = i128::from(d - 1) * i128::from(s);
            if reach < 0 {
                low += reach;
            } else {
                high += reach;
            }
        }
        Some((low, high + i128::from(self.itemsize)))
    }

    /// The layout with these shape and strides and the same start and item size.
    pub(crate) fn with_axes(&self, shape: Dims, strides: Dims) -> Self {
        Layout {
            shape,
            strides,
            offset: self.offset,
            itemsize: self.itemsize,
        }
    }
}

/// Checks invariants 2 to 4 for a shape.
fn check_shape(shape: &[i64], itemsize: i64) -> Result<(), Error> {
    if itemsize < 1 {
        return Err(Error::BadItemsize);
    }
    if shape.iter().any(|&d| d < 0) {
        return Err(Error::NegativeDimension);
    }
    // NumPy multiplies the itemsize by every non-zero size, failing on overflow.
    let mut nbytes = itemsize;
    for &d in shape.iter().filter(|&&d| d != 0) {
        nbytes = nbytes.checked_mul(d).ok_or(Error::TooBig)?;
    }
    Ok(())
}

/// Strides of a dense array in `order`, a size-0 axis counting as 1.
pub(crate) fn fill_strides(shape: &[i64], itemsize: i64, order: Order) -> Result<Dims, Error> {
    let mut strides = Dims::filled(shape.len(), 0)?;
    let mut step = itemsize;
    let mut assign = |(stride, &dim): (&mut i64, &i64)| -> Result<(), Error> {
        *stride = step;
        if dim != 0 {
            step = step.checked_mul(dim).ok_or(Error::Overflow)?;
        }
        Ok(())
    };
    match order {
        Order::C => strides
            .iter_mut()
            .zip(shape.iter())
            .rev()
            .try_for_each(&mut assign)?,
        Order::F => strides
            .iter_mut()
            .zip(shape.iter())
            .try_for_each(&mut assign)?,
    }
    Ok(strides)
}

/// The contiguity walk shared by both flags: `(size, stride)` pairs from fastest to slowest.
fn is_dense<'a>(axes: impl Iterator<Item = (&'a i64, &'a i64)>, itemsize: i64) -> bool {
    let mut expected = i128::from(itemsize);
    for (&d, &s) in axes {
        if d == 1 {
            continue;
        }
        if i128::from(s) != expected {
            return false;
        }
        expected *= i128::from(d);
    }
    true
}

/// Prints a layout as `(3,4):(32,8)+0`: shape, strides and start, in bytes.
impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_compact(f, &self.shape)?;
        f.write_str(":")?;
        write_compact(f, &self.strides)?;
        write!(f, "+{}", self.offset)
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} itemsize {}", self.itemsize)
    }
}

fn write_compact(f: &mut fmt::Formatter<'_>, items: &[i64]) -> fmt::Result {
    f.write_str("(")?;
    for (k, v) in items.iter().enumerate() {
        if k > 0 {
            f.write_str(",")?;
        }
        write!(f, "{v}")?;
    }
    f.write_str(")")
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::string::ToString;

    #[test]
    fn contiguous_strides_follow_the_lesson() {
        // Seed 000 §1: (2, 3, 4) contiguous has element strides (12, 4, 1).
        let l = Layout::contiguous(&[2, 3, 4], 8, Order::C).unwrap();
        assert_eq!(*l.strides(), [96, 32, 8]);
        let l = Layout::contiguous(&[2, 3, 4], 8, Order::F).unwrap();
        assert_eq!(*l.strides(), [8, 16, 48]);
        // A size-0 axis counts as 1: np.empty((0,4)).reshape(2,0,2).strides == (16,16,8).
        let l = Layout::contiguous(&[2, 0, 2], 8, Order::C).unwrap();
        assert_eq!(*l.strides(), [16, 16, 8]);
        // A fresh empty allocation has zero strides: np.empty((0,3)).strides == (0,0).
        let l = Layout::allocated(&[0, 3], 8, Order::C).unwrap();
        assert_eq!(*l.strides(), [0, 0]);
    }

    #[test]
    fn address_rule_of_seed_001_and_002() {
        // int32 a = arange(12).reshape(3,4): strides (16, 4); a[2, 1] at byte 36.
        let a = Layout::contiguous(&[3, 4], 4, Order::C).unwrap();
        assert_eq!(*a.strides(), [16, 4]);
        assert_eq!(a.checked_address(&[2, 1]), Ok(36));
        // float64 A[2, 1] at byte 72 (element 9).
        let a = Layout::contiguous(&[3, 4], 8, Order::C).unwrap();
        assert_eq!(a.checked_address(&[2, 1]), Ok(72));
        assert_eq!(
            a.checked_address(&[3, 0]),
            Err(Error::IndexOutOfBounds {
                index: 3,
                axis: 0,
                size: 3
            })
        );
    }

    /// (shape, strides, itemsize, C_CONTIGUOUS, F_CONTIGUOUS)
    type FlagRow = (&'static [i64], &'static [i64], i64, bool, bool);

    #[test]
    fn flags_table() {
        let rows: &[FlagRow] = &[
            (&[3, 4], &[32, 8], 8, true, false),
            (&[4, 3], &[8, 32], 8, false, true),
            (&[3, 2], &[32, 16], 8, false, false),
            (&[], &[], 8, true, true),
            (&[1, 1], &[999, -5], 8, true, true),
            (&[0, 3], &[0, 0], 8, true, true),
            (&[3, 1], &[8, 1234], 8, true, true),
            (&[12], &[-8], 8, false, false),
            (&[3, 4], &[0, 8], 8, false, false),
        ];
        for &(shape, strides, itemsize, c, f) in rows {
            let l = Layout::new(shape, strides, 0, itemsize).unwrap();
            assert_eq!((l.is_c_contiguous(), l.is_f_contiguous()), (c, f), "{l}");
        }
    }

    #[test]
    fn invariants_are_checked() {
        assert_eq!(
            Layout::new(&[-1], &[8], 0, 8).err(),
            Some(Error::NegativeDimension)
        );
        assert_eq!(
            Layout::new(&[1 << 62], &[8], 0, 8).err(),
            Some(Error::TooBig)
        );
        assert_eq!(
            Layout::new(&[1 << 62, 0], &[8, 8], 0, 8).err(),
            Some(Error::TooBig)
        );
        assert_eq!(
            Layout::new(&[3], &[8, 8], 0, 8).err(),
            Some(Error::AxesDontMatch)
        );
        assert!(Layout::contiguous(&[1; 65], 8, Order::C).is_err());
    }

    #[test]
    fn bounds_and_display() {
        let l = Layout::new(&[3, 4], &[32, -8], 24, 8).unwrap();
        assert_eq!(l.byte_bounds(), Some((0, 96)));
        assert_eq!(l.to_string(), "(3,4):(32,-8)+24");
        assert_eq!(Layout::new(&[0], &[8], 0, 8).unwrap().byte_bounds(), None);
    }
}
