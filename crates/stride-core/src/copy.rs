//! Copies: the layout of the new memory that `copy(order)`, `np.copy`, `ascontiguousarray`,
//! `asfortranarray` and `astype` allocate, and the memory order `K` reads in.

use crate::dims::Dims;
use crate::error::Error;
use crate::layout::{Layout, Order};
use crate::reshape::MemOrder;

/// The axes sorted by decreasing |stride|, ties kept in axis order: NumPy's
/// `PyArray_CreateSortedStridePerm`, the order `K` means.
pub fn memory_order(layout: &Layout) -> Dims {
    let mut perm = Dims::new();
    for k in 0..layout.ndim() {
        // Cannot fail: a layout has at most MAX_NDIM axes.
        let _ = perm.push(k as i64);
    }
    let strides = layout.strides();
    let key = |axis: &i64| strides.get(*axis as usize).map_or(0, |s| s.unsigned_abs());
    // Insertion sort (stable, and `sort_by` needs an allocator): equal strides keep axis order.
    for i in 1..perm.len() {
        let mut j = i;
        while j > 0 && perm.get(j - 1).map(key) < perm.get(j).map(key) {
            perm.swap(j - 1, j);
            j -= 1;
        }
    }
    perm
}

/// The layout of a fresh copy of `layout` in `order` (NumPy's `PyArray_NewLikeArray`): C or F
/// strides, or for `K` the input's axis order with dense strides. An empty copy gets zero strides,
/// as every new empty allocation does.
pub fn copy_layout(layout: &Layout, order: MemOrder) -> Result<Layout, Error> {
    let shape = layout.shape();
    let itemsize = layout.itemsize();
    let order = match order.resolve_any(layout) {
        MemOrder::K if layout.is_c_contiguous() => MemOrder::C,
        MemOrder::K if layout.is_f_contiguous() => MemOrder::F,
        other => other,
    };
    match order {
        MemOrder::F => Layout::allocated(shape, itemsize, Order::F),
        MemOrder::K => {
            let perm = memory_order(layout);
            let mut strides = Dims::filled(shape.len(), 0)?;
            let mut step = itemsize;
            for &axis in perm.iter().rev() {
                let axis = axis as usize;
                if let Some(slot) = strides.get_mut(axis) {
                    *slot = step;
                }
                step = step
                    .checked_mul(shape.get(axis).copied().unwrap_or(1))
                    .ok_or(Error::Overflow)?;
            }
            let fresh = Layout::from_parts(*shape, strides, 0, itemsize)?;
            if fresh.size() == 0 {
                Layout::allocated(shape, itemsize, Order::C)
            } else {
                Ok(fresh)
            }
        }
        _ => Layout::allocated(shape, itemsize, Order::C),
    }
}

/// The layout in a new buffer, as `np.ascontiguousarray` makes it (at least 1-D); `None` when the
/// array is already C-contiguous and NumPy returns it unchanged.
pub fn ascontiguous(layout: &Layout) -> Result<Option<Layout>, Error> {
    if layout.ndim() == 0 {
        return Layout::allocated(&[1], layout.itemsize(), Order::C).map(Some);
    }
    if layout.is_c_contiguous() {
        return Ok(None);
    }
    copy_layout(layout, MemOrder::C).map(Some)
}

/// The layout in a new buffer, as `np.asfortranarray` makes it (at least 1-D); `None` when the array
/// is already F-contiguous.
pub fn asfortran(layout: &Layout) -> Result<Option<Layout>, Error> {
    if layout.ndim() == 0 {
        return Layout::allocated(&[1], layout.itemsize(), Order::F).map(Some);
    }
    if layout.is_f_contiguous() {
        return Ok(None);
    }
    copy_layout(layout, MemOrder::F).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::axes::{reversed, transpose};

    #[test]
    fn keep_order_copies_follow_memory() {
        let x = Layout::contiguous(&[2, 3, 4], 8, Order::C).unwrap();
        let t = transpose(&x, &[1, 0, 2]).unwrap();
        // np.zeros((2,3,4)).transpose(1,0,2).copy('K').strides == (32, 96, 8)
        assert_eq!(
            *copy_layout(&t, MemOrder::K).unwrap().strides(),
            [32, 96, 8]
        );
        assert_eq!(
            *copy_layout(&t, MemOrder::C).unwrap().strides(),
            [64, 32, 8]
        );
        assert_eq!(
            *copy_layout(&reversed(&x), MemOrder::K).unwrap().strides(),
            [8, 32, 96]
        );
        assert_eq!(
            *copy_layout(&reversed(&x), MemOrder::A).unwrap().strides(),
            [8, 32, 96]
        );
    }

    #[test]
    fn memory_order_is_stable() {
        let l = Layout::new(&[2, 2, 2], &[8, -16, 8], 16, 8).unwrap();
        assert_eq!(*memory_order(&l), [1, 0, 2]);
    }

    #[test]
    fn ascontiguous_is_a_no_op_on_contiguous_input() {
        let x = Layout::contiguous(&[3, 4], 8, Order::C).unwrap();
        assert_eq!(ascontiguous(&x), Ok(None));
        assert_eq!(
            *ascontiguous(&reversed(&x)).unwrap().unwrap().strides(),
            [24, 8]
        );
        assert_eq!(asfortran(&reversed(&x)), Ok(None));
    }
}
