//! `reshape`, `ravel` and `expand_dims`: the question "can I keep the memory?", answered with new
//! strides or with the reason why not.
//!
//! NumPy's rule (`_reshape_with_copy_arg` and `_attempt_nocopy_reshape` in
//! `numpy/_core/src/multiarray/shape.c`): the same shape is a view with the same strides; an array
//! contiguous in the requested order gets fresh strides; otherwise old and new axes are grouped into
//! runs of equal size, and each run of old axes must be one dense block (`stride[k] ==
//! size[k+1]·stride[k+1]` in C order). The first pair of axes that breaks this is the
//! [`CopyReason`] the lab explains.

use crate::axes::normalize_axes;
use crate::copy::copy_layout;
use crate::dims::{Dims, MAX_NDIM};
use crate::error::Error;
use crate::layout::{Layout, Order, fill_strides};

/// NumPy's `copy` argument of `reshape`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyMode {
    /// `copy=None` (the default): a view when possible, else a copy.
    IfNeeded,
    /// `copy=False`: a view or `ValueError`.
    Never,
    /// `copy=True`: always a copy.
    Always,
}

/// The `order` argument of `reshape`, `ravel`, `flatten` and `copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemOrder {
    /// Row-major.
    C,
    /// Column-major.
    F,
    /// F if the array is F-contiguous and not C-contiguous, else C.
    A,
    /// The order the elements have in memory (not allowed for `reshape`).
    K,
}

impl MemOrder {
    /// Resolves `A` against `layout` (`K` stays `K`).
    pub fn resolve_any(self, layout: &Layout) -> MemOrder {
        match self {
            MemOrder::A if is_fortran(layout) => MemOrder::F,
            MemOrder::A => MemOrder::C,
            other => other,
        }
    }
}

/// NumPy's `PyArray_ISFORTRAN`: F-contiguous and not C-contiguous.
pub fn is_fortran(layout: &Layout) -> bool {
    layout.is_f_contiguous() && !layout.is_c_contiguous()
}

/// Why the memory cannot be kept: two neighbouring axes (as numbered in the input) that would have
/// to merge, and the stride the outer one would need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyReason {
    /// The axis read more slowly in the requested order.
    pub outer: usize,
    /// The axis read next, more quickly.
    pub inner: usize,
    /// The outer axis's stride, in bytes.
    pub stride: i64,
    /// The stride it would need for the two to form one run: the inner axis's size times its stride.
    pub needed: i64,
}

/// The result of a reshape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reshaped {
    /// New strides on the same memory.
    View(Layout),
    /// A copy into new memory laid out as `layout` (start 0), and why no view was possible
    /// (`None` when the copy was asked for, as by `copy=True` or `flatten`).
    Copy {
        /// The layout of the new array in its own buffer.
        layout: Layout,
        /// Why the memory could not be kept.
        reason: Option<CopyReason>,
    },
}

impl Reshaped {
    /// The resulting layout, view or copy.
    pub fn layout(&self) -> &Layout {
        match self {
            Reshaped::View(layout) | Reshaped::Copy { layout, .. } => layout,
        }
    }

    /// Whether the result shares the input's memory.
    pub fn is_view(&self) -> bool {
        matches!(self, Reshaped::View(_))
    }
}

/// Replaces the one negative size (`-1`, or any negative) by what the size requires; NumPy's
/// `_fix_unknown_dimension`.
pub fn resolve_shape(size: i64, shape: &[i64]) -> Result<Dims, Error> {
    let mut dims = Dims::from_slice(shape)?;
    let mismatch = || Error::ReshapeSize { size, shape: dims };
    let mut unknown = None;
    let mut known: i64 = 1;
    for (k, &d) in shape.iter().enumerate() {
        if d < 0 {
            if unknown.is_some() {
                return Err(Error::MultipleUnknown);
            }
            unknown = Some(k);
        } else {
            known = known.checked_mul(d).ok_or_else(mismatch)?;
        }
    }
    match unknown {
        Some(k) => {
            if known == 0 || size % known != 0 {
                return Err(mismatch());
            }
            if let Some(slot) = dims.get_mut(k) {
                *slot = size / known;
            }
        }
        None if known != size => return Err(mismatch()),
        None => {}
    }
    Ok(dims)
}

/// `a.reshape(shape, order=order, copy=copy)`.
pub fn reshape(
    layout: &Layout,
    shape: &[i64],
    order: MemOrder,
    copy: CopyMode,
) -> Result<Reshaped, Error> {
    let order = match order.resolve_any(layout) {
        MemOrder::K => return Err(Error::ReshapeOrderK),
        MemOrder::F => Order::F,
        _ => Order::C,
    };
    if copy != CopyMode::Always && layout.shape().as_slice() == shape {
        return Ok(Reshaped::View(*layout));
    }
    let shape = resolve_shape(layout.size(), shape)?;
    if copy == CopyMode::Always {
        let fresh = Layout::contiguous(&shape, layout.itemsize(), order)?;
        return Ok(Reshaped::Copy {
            layout: fresh,
            reason: None,
        });
    }
    let contiguous = match order {
        Order::C => layout.is_c_contiguous(),
        Order::F => layout.is_f_contiguous(),
    };
    if contiguous {
        let strides = fill_strides(&shape, layout.itemsize(), order)?;
        return Ok(Reshaped::View(Layout::from_parts(
            shape,
            strides,
            layout.offset(),
            layout.itemsize(),
        )?));
    }
    match attempt_nocopy(layout, &shape, order) {
        Ok(strides) => Ok(Reshaped::View(Layout::from_parts(
            shape,
            strides,
            layout.offset(),
            layout.itemsize(),
        )?)),
        Err(_) if copy == CopyMode::Never => Err(Error::ReshapeNeedsCopy),
        Err(reason) => {
            let fresh = Layout::contiguous(&shape, layout.itemsize(), order)?;
            Ok(Reshaped::Copy {
                layout: fresh,
                reason: Some(reason),
            })
        }
    }
}

/// `_attempt_nocopy_reshape`: strides for `shape` on the same memory, read in `order`, or the first
/// pair of axes that cannot merge. `shape` must have the layout's size, and the size must not be 0.
pub fn attempt_nocopy(layout: &Layout, shape: &[i64], order: Order) -> Result<Dims, CopyReason> {
    let broken = CopyReason {
        outer: 0,
        inner: 0,
        stride: 0,
        needed: 0,
    };
    // Old axes of size 1 never matter: drop them, remembering where the others came from.
    let mut old = [(0i64, 0i64, 0usize); MAX_NDIM];
    let mut old_len = 0;
    for (k, (&d, &s)) in layout
        .shape()
        .iter()
        .zip(layout.strides().iter())
        .enumerate()
    {
        if d != 1 {
            if let Some(slot) = old.get_mut(old_len) {
                *slot = (d, s, k);
                old_len += 1;
            }
        }
    }
    let old = old.get(..old_len).unwrap_or(&[]);
    let new_len = shape.len();
    let mut strides = Dims::filled(new_len, 0).map_err(|_| broken)?;
    let dim = |k: usize| old.get(k).map_or(1, |o| o.0);
    let new_dim = |k: usize| shape.get(k).copied().unwrap_or(1);

    let (mut oi, mut oj, mut ni, mut nj) = (0usize, 1usize, 0usize, 1usize);
    while ni < new_len && oi < old_len {
        let mut np = new_dim(ni);
        let mut op = dim(oi);
        while np != op {
            if np < op {
                np = np.saturating_mul(new_dim(nj));
                nj += 1;
            } else {
                op = op.saturating_mul(dim(oj));
                oj += 1;
            }
            if nj > new_len || oj > old_len {
                return Err(broken);
            }
        }
        // The old axes oi..oj must form one dense block in the requested order.
        for ok in oi..oj.saturating_sub(1) {
            let (Some(&(d0, s0, k0)), Some(&(d1, s1, k1))) = (old.get(ok), old.get(ok + 1)) else {
                return Err(broken);
            };
            let (outer, inner, stride, needed) = match order {
                Order::C => (k0, k1, s0, d1.checked_mul(s1)),
                Order::F => (k1, k0, s1, d0.checked_mul(s0)),
            };
            if Some(stride) != needed {
                return Err(CopyReason {
                    outer,
                    inner,
                    stride,
                    needed: needed.unwrap_or(i64::MAX),
                });
            }
        }
        // New strides for the new axes ni..nj, from the block's fastest stride.
        match order {
            Order::F => {
                let mut s = old.get(oi).map_or(0, |o| o.1);
                for nk in ni..nj {
                    set(&mut strides, nk, s);
                    s = s.checked_mul(new_dim(nk)).ok_or(broken)?;
                }
            }
            Order::C => {
                let mut s = old.get(oj - 1).map_or(0, |o| o.1);
                for nk in (ni..nj).rev() {
                    set(&mut strides, nk, s);
                    s = s.checked_mul(new_dim(nk)).ok_or(broken)?;
                }
            }
        }
        ni = nj;
        nj += 1;
        oi = oj;
        oj += 1;
    }
    // Trailing new axes of size 1 take the last stride computed (times the last size in F order).
    let mut last = if ni >= 1 {
        strides.get(ni - 1).copied().unwrap_or(0)
    } else {
        layout.itemsize()
    };
    if order == Order::F && ni >= 1 {
        last = last.checked_mul(new_dim(ni - 1)).ok_or(broken)?;
    }
    for nk in ni..new_len {
        set(&mut strides, nk, last);
    }
    Ok(strides)
}

fn set(dims: &mut Dims, at: usize, value: i64) {
    if let Some(slot) = dims.get_mut(at) {
        *slot = value;
    }
}

/// `a.ravel(order)`: a 1-D view when the array is contiguous in that order (or, for `K`, dense in
/// memory order with positive strides), else a copy.
pub fn ravel(layout: &Layout, order: MemOrder) -> Result<Reshaped, Error> {
    let mut order = order.resolve_any(layout);
    if order == MemOrder::K {
        if layout.is_c_contiguous() {
            order = MemOrder::C;
        } else if layout.is_f_contiguous() {
            order = MemOrder::F;
        }
    }
    let size = layout.size();
    match order {
        MemOrder::C if layout.is_c_contiguous() => {
            reshape(layout, &[-1], MemOrder::C, CopyMode::IfNeeded)
        }
        MemOrder::F if layout.is_f_contiguous() => {
            reshape(layout, &[-1], MemOrder::F, CopyMode::IfNeeded)
        }
        MemOrder::K if dense_in_memory_order(layout) => Ok(Reshaped::View(Layout::from_parts(
            Dims::from_slice(&[size])?,
            Dims::from_slice(&[layout.itemsize()])?,
            layout.offset(),
            layout.itemsize(),
        )?)),
        _ => Ok(Reshaped::Copy {
            layout: flatten_layout(layout)?,
            reason: None,
        }),
    }
}

/// `a.flatten(order)`: always a new 1-D array.
pub fn flatten(layout: &Layout) -> Result<Reshaped, Error> {
    Ok(Reshaped::Copy {
        layout: flatten_layout(layout)?,
        reason: None,
    })
}

fn flatten_layout(layout: &Layout) -> Result<Layout, Error> {
    Layout::allocated(&[layout.size()], layout.itemsize(), Order::C)
}

/// `ravel('K')`'s test: sorted by decreasing |stride|, the strides are exactly those of a dense
/// array (size-1 axes ignored).
fn dense_in_memory_order(layout: &Layout) -> bool {
    let perm = crate::copy::memory_order(layout);
    let mut expected = layout.itemsize();
    for &axis in perm.iter().rev() {
        let axis = axis as usize;
        let (Some(&d), Some(&s)) = (layout.shape().get(axis), layout.strides().get(axis)) else {
            return false;
        };
        if d == 1 {
            continue;
        }
        if s != expected {
            return false;
        }
        expected = match expected.checked_mul(d) {
            Some(e) => e,
            None => return false,
        };
    }
    true
}

/// `np.expand_dims(a, axis)`: NumPy builds the new shape and calls `reshape`, so the new axes get
/// reshape strides (not 0, unlike `a[None]`).
pub fn expand_dims(layout: &Layout, axes: &[i64]) -> Result<Layout, Error> {
    let out_ndim = layout.ndim() + axes.len();
    if out_ndim > MAX_NDIM {
        return Err(Error::TooManyDims { ndim: out_ndim });
    }
    let axes = normalize_axes(axes, out_ndim, "")?;
    let mut shape = Dims::new();
    let mut old = layout.shape().iter();
    for k in 0..out_ndim as i64 {
        shape.push(if axes.contains(&k) {
            1
        } else {
            old.next().copied().unwrap_or(1)
        })?;
    }
    Ok(*reshape(layout, &shape, MemOrder::C, CopyMode::IfNeeded)?.layout())
}

/// The layout `copy(order)` and `ascontiguousarray` give; re-exported for callers of this module.
pub fn copied(layout: &Layout, order: MemOrder) -> Result<Layout, Error> {
    copy_layout(layout, order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::axes::reversed;
    use crate::index::{IndexItem, Slice, index};

    fn x() -> Layout {
        Layout::contiguous(&[3, 4], 8, Order::C).unwrap()
    }

    fn view(r: Result<Reshaped, Error>) -> Layout {
        match r.unwrap() {
            Reshaped::View(l) => l,
            Reshaped::Copy { .. } => panic!("expected a view"),
        }
    }

    #[test]
    fn the_lessons_reshapes() {
        // x.reshape(2, 6): strides (6, 1) in elements, same memory.
        let v = view(reshape(&x(), &[2, 6], MemOrder::C, CopyMode::IfNeeded));
        assert_eq!(*v.strides(), [48, 8]);
        // x.T.reshape(2, 6) is a copy: axes 1 and 0 of x.T cannot merge.
        let r = reshape(&reversed(&x()), &[2, 6], MemOrder::C, CopyMode::IfNeeded).unwrap();
        assert_eq!(
            r,
            Reshaped::Copy {
                layout: Layout::contiguous(&[2, 6], 8, Order::C).unwrap(),
                reason: Some(CopyReason {
                    outer: 0,
                    inner: 1,
                    stride: 8,
                    needed: 96
                })
            }
        );
        assert_eq!(
            reshape(&reversed(&x()), &[12], MemOrder::C, CopyMode::Never).err(),
            Some(Error::ReshapeNeedsCopy)
        );
    }

    #[test]
    fn numpy_anchor_with_trailing_ones() {
        // a = np.zeros(12, np.int32)[::2]: a.reshape(3,2,1,1).strides == (16,8,8,8); order F (8,24,48,48).
        let base = Layout::contiguous(&[12], 4, Order::C).unwrap();
        let a = index(
            &base,
            &[IndexItem::Slice(Slice {
                start: None,
                stop: None,
                step: Some(2),
            })],
        )
        .unwrap()
        .layout;
        assert_eq!(
            *view(reshape(&a, &[3, 2, 1, 1], MemOrder::C, CopyMode::IfNeeded)).strides(),
            [16, 8, 8, 8]
        );
        assert_eq!(
            *view(reshape(&a, &[3, 2, 1, 1], MemOrder::F, CopyMode::IfNeeded)).strides(),
            [8, 24, 48, 48]
        );
    }

    #[test]
    fn unknown_dimension_and_size_errors() {
        assert_eq!(*resolve_shape(12, &[2, -1]).unwrap(), [2, 6]);
        assert_eq!(*resolve_shape(12, &[2, -3]).unwrap(), [2, 6]);
        assert_eq!(
            resolve_shape(12, &[-1, -1]).err(),
            Some(Error::MultipleUnknown)
        );
        assert_eq!(
            resolve_shape(12, &[5]).err(),
            Some(Error::ReshapeSize {
                size: 12,
                shape: Dims::from_slice(&[5]).unwrap()
            })
        );
        assert!(resolve_shape(0, &[0, -1]).is_err());
        assert!(resolve_shape(12, &[1 << 40, 1 << 40]).is_err());
    }

    #[test]
    fn ravel_views_and_copies() {
        assert!(ravel(&x(), MemOrder::C).unwrap().is_view());
        assert!(!ravel(&reversed(&x()), MemOrder::C).unwrap().is_view());
        assert!(ravel(&reversed(&x()), MemOrder::K).unwrap().is_view());
        assert!(ravel(&reversed(&x()), MemOrder::A).unwrap().is_view());
        let rev = Layout::new(&[6], &[-8], 40, 8).unwrap();
        assert!(!ravel(&rev, MemOrder::K).unwrap().is_view());
    }

    #[test]
    fn expand_dims_uses_reshape_strides() {
        // np.expand_dims(np.arange(3.0), 0).strides == (24, 8); a[None].strides == (0, 8).
        let a = Layout::contiguous(&[3], 8, Order::C).unwrap();
        assert_eq!(*expand_dims(&a, &[0]).unwrap().strides(), [24, 8]);
        assert_eq!(*expand_dims(&a, &[-1]).unwrap().strides(), [8, 8]);
        assert_eq!(
            expand_dims(&a, &[0, 0]).err(),
            Some(Error::RepeatedAxis { argument: "" })
        );
    }
}
