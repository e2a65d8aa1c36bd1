//! [`Dims`]: a list of up to [`MAX_NDIM`] integers stored inline, for shapes, strides and axes.
//!
//! The capacity is part of the type, so the core needs no allocator and every operation on a
//! layout is O(ndim). `Dims` derefs to `[i64]` for everything a slice can do.

use core::fmt;
use core::ops::{Deref, DerefMut};

use crate::error::Error;

/// The most dimensions an array may have: NumPy's `NPY_MAXDIMS`.
pub const MAX_NDIM: usize = 64;

/// Up to [`MAX_NDIM`] integers, stored inline.
#[derive(Clone, Copy)]
pub struct Dims {
    len: usize,
    items: [i64; MAX_NDIM],
}

impl Dims {
    /// No dimensions: the shape of a 0-d array.
    pub const fn new() -> Self {
        Dims {
            len: 0,
            items: [0; MAX_NDIM],
        }
    }

    /// Copies `values`, or fails with [`Error::TooManyDims`] (naming how many there are) past
    /// [`MAX_NDIM`].
    pub fn from_slice(values: &[i64]) -> Result<Self, Error> {
        if values.len() > MAX_NDIM {
            return Err(Error::TooManyDims { ndim: values.len() });
        }
        let mut dims = Dims::new();
        for &v in values {
            dims.push(v)?;
        }
        Ok(dims)
    }

    /// `n` copies of `value`.
    pub fn filled(n: usize, value: i64) -> Result<Self, Error> {
        if n > MAX_NDIM {
            return Err(Error::TooManyDims { ndim: n });
        }
        let mut dims = Dims::new();
        dims.len = n;
        for slot in dims.iter_mut() {
            *slot = value;
        }
        Ok(dims)
    }

    /// Appends `value`, or fails with [`Error::TooManyDims`] when full.
    pub fn push(&mut self, value: i64) -> Result<(), Error> {
        let slot = self
            .items
            .get_mut(self.len)
            .ok_or(Error::TooManyDims { ndim: self.len + 1 })?;
        *slot = value;
        self.len += 1;
        Ok(())
    }

    /// Inserts `value` before position `at` (`at == len` appends).
    pub fn insert(&mut self, at: usize, value: i64) -> Result<(), Error> {
        if at > self.len {
            return Err(Error::AxisOutOfBounds {
                axis: at as i64,
                ndim: self.len,
            });
        }
        self.push(value)?;
        if let Some(tail) = self.as_mut_slice().get_mut(at..) {
            tail.rotate_right(1);
        }
        Ok(())
    }

    /// Removes and returns the item at `at`, if there is one.
    pub fn remove(&mut self, at: usize) -> Option<i64> {
        let value = *self.get(at)?;
        if let Some(tail) = self.as_mut_slice().get_mut(at..) {
            tail.rotate_left(1);
        }
        self.len -= 1;
        Some(value)
    }

    /// The items as a slice.
    pub fn as_slice(&self) -> &[i64] {
        // `len <= MAX_NDIM` is an invariant of every constructor.
        self.items.get(..self.len).unwrap_or(&[])
    }

    /// The items as a mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [i64] {
        let len = self.len;
        self.items.get_mut(..len).unwrap_or(&mut [])
    }

    /// The product of the items, or `None` on overflow. The product of no items is 1.
    pub fn checked_product(&self) -> Option<i64> {
        self.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d))
    }

    /// Shows the items as Python shows a tuple: `(3, 4)`, `(5,)`, `()`.
    pub fn tuple(&self) -> Tuple<'_> {
        Tuple(self.as_slice())
    }
}

impl Default for Dims {
    fn default() -> Self {
        Dims::new()
    }
}

impl Deref for Dims {
    type Target = [i64];
    fn deref(&self) -> &[i64] {
        self.as_slice()
    }
}

impl DerefMut for Dims {
    fn deref_mut(&mut self) -> &mut [i64] {
        self.as_mut_slice()
    }
}

impl PartialEq for Dims {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Dims {}

impl PartialEq<[i64]> for Dims {
    fn eq(&self, other: &[i64]) -> bool {
        self.as_slice() == other
    }
}

impl<const N: usize> PartialEq<[i64; N]> for Dims {
    fn eq(&self, other: &[i64; N]) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl fmt::Debug for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.tuple(), f)
    }
}

/// A slice shown as a Python tuple: `(3, 4)`, `(5,)`, `()`. Made by [`Dims::tuple`] or [`tuple`].
#[derive(Clone, Copy)]
pub struct Tuple<'a>(pub &'a [i64]);

/// Shows any slice of integers as a Python tuple.
pub fn tuple(items: &[i64]) -> Tuple<'_> {
    Tuple(items)
}

impl fmt::Display for Tuple<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}", List(self.0))?;
        if self.0.len() == 1 {
            f.write_str(",")?;
        }
        f.write_str(")")
    }
}

/// A slice shown as its items separated by `, `: `3, 4` (inside `[…]`, an index or a
/// `torch.Size`). Made by [`list`].
#[derive(Clone, Copy)]
pub struct List<'a>(pub &'a [i64]);

/// Shows any slice of integers separated by `, `.
pub fn list(items: &[i64]) -> List<'_> {
    List(items)
}

impl fmt::Display for List<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, v) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::format;

    #[test]
    fn push_insert_remove_keep_order() {
        let mut d = Dims::from_slice(&[1, 2, 3]).unwrap();
        d.insert(1, 9).unwrap();
        assert_eq!(d, [1, 9, 2, 3]);
        assert_eq!(d.remove(0), Some(1));
        assert_eq!(d, [9, 2, 3]);
        assert_eq!(d.remove(3), None);
        d.insert(3, 7).unwrap();
        assert_eq!(d, [9, 2, 3, 7]);
        assert!(d.insert(9, 0).is_err());
    }

    #[test]
    fn capacity_is_numpys_limit() {
        assert!(Dims::filled(MAX_NDIM, 1).is_ok());
        assert_eq!(
            Dims::filled(MAX_NDIM + 1, 1).err(),
            Some(Error::TooManyDims { ndim: 65 })
        );
        let mut d = Dims::filled(MAX_NDIM, 1).unwrap();
        assert_eq!(d.push(1), Err(Error::TooManyDims { ndim: 65 }));
    }

    #[test]
    fn tuples_print_as_python_does() {
        assert_eq!(format!("{}", tuple(&[])), "()");
        assert_eq!(format!("{}", tuple(&[5])), "(5,)");
        assert_eq!(format!("{}", tuple(&[3, -4])), "(3, -4)");
        assert_eq!(format!("{}", list(&[3, -4])), "3, -4");
        assert_eq!(format!("{}", list(&[])), "");
    }

    #[test]
    fn product_checks_overflow() {
        assert_eq!(Dims::new().checked_product(), Some(1));
        assert_eq!(
            Dims::from_slice(&[2, 3, 4]).unwrap().checked_product(),
            Some(24)
        );
        assert_eq!(
            Dims::from_slice(&[1 << 32, 1 << 32])
                .unwrap()
                .checked_product(),
            None
        );
    }
}
