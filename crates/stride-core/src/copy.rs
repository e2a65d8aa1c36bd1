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

/// The axes from slowest to fastest as NumPy's iterator walks an array in order `K`
/// (`npyiter_find_best_axis_ordering`, one operand): what `flatten('K')` and a copying
/// `ravel('K')` read. Unlike [`memory_order`], an axis with stride 0 or size 1 has no say: it keeps
/// its place in C order and other axes move past it, so broadcast axes stay outermost.
pub fn iteration_order(layout: &Layout) -> Dims {
    let n = layout.ndim();
    // The iterator keeps the fastest axis first: the last axis of C order.
    let mut perm = Dims::new();
    for k in (0..n).rev() {
        // Cannot fail: a layout has at most MAX_NDIM axes.
        let _ = perm.push(k as i64);
    }
    let key = |axis: i64| {
        let k = axis as usize;
        match (layout.shape().get(k), layout.strides().get(k)) {
            (Some(&d), Some(&s)) if d != 1 => s.unsigned_abs(),
            _ => 0,
        }
    };
    // Stable insertion sort by increasing |stride|; comparisons involving a 0 are ambiguous.
    for i0 in 1..n {
        let Some(&axis) = perm.get(i0) else { break };
        let s0 = key(axis);
        let mut at = i0;
        for i1 in (0..i0).rev() {
            let s1 = perm.get(i1).map_or(0, |&a| key(a));
            if s0 == 0 || s1 == 0 {
                continue;
            }
            if s1 <= s0 {
                break;
            }
            at = i1;
        }
        if let Some(moved) = perm.get_mut(at..=i0) {
            moved.rotate_right(1);
        }
    }
    perm.reverse();
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

/// What `np.ascontiguousarray` and `np.asfortranarray` give: they call `np.array(a, order=…,
/// ndmin=1)`, which copies only when the order requires it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AsContiguous {
    /// The array itself: it is contiguous in that order already.
    Same,
    /// A view of a 0-d array with one axis of size 1 in front, whose stride is the item size
    /// (NumPy's `_prepend_ones` for `ndmin=1`).
    View(Layout),
    /// A copy into new memory with this layout.
    Copy(Layout),
}

/// `np.ascontiguousarray(a)`.
pub fn ascontiguous(layout: &Layout) -> Result<AsContiguous, Error> {
    as_contiguous(layout, MemOrder::C, layout.is_c_contiguous())
}

/// `np.asfortranarray(a)`.
pub fn asfortran(layout: &Layout) -> Result<AsContiguous, Error> {
    as_contiguous(layout, MemOrder::F, layout.is_f_contiguous())
}

fn as_contiguous(layout: &Layout, order: MemOrder, already: bool) -> Result<AsContiguous, Error> {
    // A 0-d array is contiguous in both orders, so it is never copied.
    if layout.ndim() == 0 {
        let shape = Dims::from_slice(&[1])?;
        let strides = Dims::from_slice(&[layout.itemsize()])?;
        return Ok(AsContiguous::View(layout.with_axes(shape, strides)));
    }
    if already {
        return Ok(AsContiguous::Same);
    }
    copy_layout(layout, order).map(AsContiguous::Copy)
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
    fn iteration_order_keeps_broadcast_axes_outside() {
        // np.broadcast_to(np.arange(4.0).reshape(2, 2, order='F'), (4, 2, 2)): strides (0, 8, 16);
        // swapping the last two gives (0, 16, 8), which flatten('K') reads in C order.
        let l = Layout::new(&[4, 2, 2], &[0, 16, 8], 0, 8).unwrap();
        assert_eq!(*iteration_order(&l), [0, 1, 2]);
        assert_eq!(*memory_order(&l), [1, 2, 0]);
        // (3, 2, 3, 1, 2) with strides (0, 0, 1, 0, 3): the stride-3 axis moves past the size-1
        // axis, and the stride-0 axes stay outermost.
        let l = Layout::new(&[3, 2, 3, 1, 2], &[0, 0, 1, 0, 3], 0, 1).unwrap();
        assert_eq!(*iteration_order(&l), [0, 1, 3, 4, 2]);
        // Without zeros it is memory order: a transpose is walked in memory order.
        let x = Layout::contiguous(&[2, 3, 4], 8, Order::C).unwrap();
        let t = transpose(&x, &[2, 0, 1]).unwrap();
        assert_eq!(*iteration_order(&t), [1, 2, 0]);
        assert_eq!(*iteration_order(&reversed(&x)), [2, 1, 0]);
    }

    #[test]
    fn ascontiguous_is_a_no_op_on_contiguous_input() {
        let x = Layout::contiguous(&[3, 4], 8, Order::C).unwrap();
        assert_eq!(ascontiguous(&x), Ok(AsContiguous::Same));
        assert_eq!(
            ascontiguous(&reversed(&x)),
            Ok(AsContiguous::Copy(
                Layout::contiguous(&[4, 3], 8, Order::C).unwrap()
            ))
        );
        assert_eq!(asfortran(&reversed(&x)), Ok(AsContiguous::Same));
    }

    #[test]
    fn zero_d_input_becomes_a_one_d_view() {
        // np.ascontiguousarray(x[1, 2, ...]) of a (3, 4) int32 x: shape (1,), strides (4,), at 24.
        let x = Layout::contiguous(&[3, 4], 4, Order::C).unwrap();
        let y = crate::index::index(
            &x,
            &[
                crate::index::IndexItem::Int(1),
                crate::index::IndexItem::Int(2),
                crate::index::IndexItem::Ellipsis,
            ],
        )
        .unwrap()
        .layout;
        let view = Layout::new(&[1], &[4], 24, 4).unwrap();
        assert_eq!(ascontiguous(&y), Ok(AsContiguous::View(view)));
        assert_eq!(asfortran(&y), Ok(AsContiguous::View(view)));
    }
}
