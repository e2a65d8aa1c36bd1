//! The plan of advanced indexing (`x[[0, 1], :, [1, 2]]`, `x[mask]`): which axes the index arrays
//! take, where their broadcast block goes, the result's shape and layout, and the view part of a
//! mixed index. The index values themselves stay with the caller (this crate reads no values):
//! it checks their bounds, gathers and writes.
//!
//! NumPy's rules (`numpy/_core/src/multiarray/mapping.c`):
//!
//! 1. Integers count as 0-d index arrays once any array is present; a boolean mask over `k` axes
//!    is `k` index arrays (the coordinates of its True entries); a 0-d mask indexes no axis and
//!    adds one of length 1 (True) or 0 (False).
//! 2. The index arrays broadcast together to a shape `B`.
//! 3. The result is allocated in the order (`B`, the remaining axes): the remaining axes keep
//!    their memory order (as `copy(order='K')` would), `B`'s axes go outside them in row order.
//! 4. When the index arrays are adjacent but not first, `B` is moved to where they stood, so the
//!    result is a transposed view of its own new memory ([`Plan::permutation`]).
//!
//! [`Plan::new`] plans here; what a plan gives (its parts, the allocation and result layouts) is
//! in `advanced/result.rs`.

use crate::broadcast::broadcast_shapes;
use crate::dims::{Dims, MAX_NDIM};
use crate::error::Error;
use crate::index::{Slice, SliceRange};
use crate::layout::Layout;

mod result;

/// One part of an advanced index, as the plan sees it: shapes and counts, no values.
#[derive(Clone, Copy, Debug)]
pub enum Item<'a> {
    /// An integer.
    Int,
    /// A slice.
    Slice(Slice),
    /// `None` (`np.newaxis`).
    NewAxis,
    /// `...`.
    Ellipsis,
    /// An integer index array of this shape.
    Array(&'a [i64]),
    /// A boolean mask of this shape with `count` True entries.
    Mask {
        /// The mask's shape: it indexes that many axes.
        shape: &'a [i64],
        /// How many of its entries are True.
        count: i64,
    },
    /// Something that is no index at all (a string): the plan fails there with
    /// [`Error::InvalidIndex`].
    Invalid,
}

/// An index array of the plan, after masks are spread (rule 1), in the order of the index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IndexArray {
    /// The position of its [`Item`] in the index.
    pub item: usize,
    /// For a mask over several axes, which coordinate of its True entries; else 0.
    pub component: usize,
    /// The axis of the array it indexes; `None` for a 0-d mask.
    pub axis: Option<usize>,
}

/// An axis of the view part of a mixed index: one the index arrays do not take, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewAxis {
    /// The array's axis it walks, or `None` for a new axis (length 1).
    pub axis: Option<usize>,
    /// The first index on that axis.
    pub start: i64,
    /// The step between indices.
    pub step: i64,
    /// How many indices.
    pub len: i64,
}

#[derive(Clone, Copy, Debug)]
enum Slot {
    View(ViewAxis),
    Array(IndexArray),
}

/// The most slots an index can make: every axis once, plus one per new axis or 0-d mask of an
/// index of at most `2 * MAX_NDIM` parts.
const MAX_SLOTS: usize = 3 * MAX_NDIM;

/// The plan of an advanced index on one layout (see the module docs).
#[derive(Clone, Debug)]
pub struct Plan {
    layout: Layout,
    slots: [Slot; MAX_SLOTS],
    len: usize,
    broadcast: Dims,
}

impl Plan {
    /// Plans `items` on `layout`, with NumPy's errors in NumPy's order: more than one `...`, more
    /// indices than axes, then part by part (an invalid part, a slice, a mask whose shape does not
    /// match the axes it covers), then index arrays that do not broadcast together
    /// ([`Error::IndexArraysMismatch`]).
    pub fn new(layout: &Layout, items: &[Item]) -> Result<Plan, Error> {
        let consumed: usize = items
            .iter()
            .map(|item| match item {
                Item::Int | Item::Slice(_) | Item::Array(_) => 1,
                Item::Mask { shape, .. } => shape.len(),
                Item::NewAxis | Item::Ellipsis | Item::Invalid => 0,
            })
            .sum();
        let ellipses = items
            .iter()
            .filter(|item| matches!(item, Item::Ellipsis))
            .count();
        if ellipses > 1 {
            return Err(Error::MultipleEllipsis);
        }
        let ndim = layout.ndim();
        if consumed > ndim {
            return Err(Error::TooManyIndices {
                ndim,
                given: consumed,
            });
        }
        let mut plan = Plan {
            layout: *layout,
            slots: [Slot::View(ViewAxis {
                axis: None,
                start: 0,
                step: 1,
                len: 1,
            }); MAX_SLOTS],
            len: 0,
            broadcast: Dims::new(),
        };
        let size = |axis: usize| layout.shape().get(axis).copied().unwrap_or(0);
        let full = |axis: usize| {
            Slot::View(ViewAxis {
                axis: Some(axis),
                start: 0,
                step: 1,
                len: size(axis),
            })
        };
        let mut axis = 0usize;
        for (position, item) in items.iter().enumerate() {
            let array = |axis: Option<usize>, component: usize| {
                Slot::Array(IndexArray {
                    item: position,
                    component,
                    axis,
                })
            };
            match item {
                Item::Invalid => return Err(Error::InvalidIndex),
                Item::Int | Item::Array(_) => {
                    plan.push(array(Some(axis), 0))?;
                    axis += 1;
                }
                Item::Slice(s) => {
                    let mut r = s.resolve(size(axis))?;
                    if r.len <= 0 {
                        r = SliceRange {
                            start: 0,
                            step: 1,
                            len: 0,
                        };
                    }
                    plan.push(Slot::View(ViewAxis {
                        axis: Some(axis),
                        start: r.start,
                        step: r.step,
                        len: r.len,
                    }))?;
                    axis += 1;
                }
                Item::NewAxis => plan.push(Slot::View(ViewAxis {
                    axis: None,
                    start: 0,
                    step: 0,
                    len: 1,
                }))?,
                Item::Ellipsis => {
                    for _ in 0..ndim - consumed {
                        plan.push(full(axis))?;
                        axis += 1;
                    }
                }
                Item::Mask { shape: [], .. } => plan.push(array(None, 0))?,
                Item::Mask { shape, .. } => {
                    for (k, &d) in shape.iter().enumerate() {
                        // NumPy lets a boolean axis of size 0 stand against any size.
                        if d != size(axis + k) && d != 0 {
                            return Err(Error::BooleanIndexMismatch {
                                axis: axis + k,
                                size: size(axis + k),
                                mask: d,
                            });
                        }
                    }
                    for k in 0..shape.len() {
                        plan.push(array(Some(axis), k))?;
                        axis += 1;
                    }
                }
            }
        }
        if ellipses == 0 {
            while axis < ndim {
                plan.push(full(axis))?;
                axis += 1;
            }
        }
        // Rule 2, folded pairwise (there is no allocator for a list of shapes).
        let mut broadcast = Dims::new();
        for a in plan.index_arrays() {
            let count = [match items.get(a.item) {
                Some(Item::Mask { count, .. }) => *count,
                _ => 0,
            }];
            let shape: &[i64] = match items.get(a.item) {
                Some(Item::Array(shape)) => shape,
                Some(Item::Mask { .. }) => &count,
                _ => &[],
            };
            broadcast =
                broadcast_shapes(&[&broadcast, shape]).map_err(|_| Error::IndexArraysMismatch)?;
        }
        plan.broadcast = broadcast;
        Ok(plan)
    }

    fn push(&mut self, slot: Slot) -> Result<(), Error> {
        let at = self.slots.get_mut(self.len).ok_or(Error::IndexTooLong)?;
        *at = slot;
        self.len += 1;
        Ok(())
    }

    fn slots(&self) -> &[Slot] {
        self.slots.get(..self.len).unwrap_or(&[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Order;

    const fn all() -> Slice {
        Slice {
            start: None,
            stop: None,
            step: None,
        }
    }

    const fn step(k: i64) -> Slice {
        Slice {
            start: None,
            stop: None,
            step: Some(k),
        }
    }

    const fn from(k: i64) -> Slice {
        Slice {
            start: Some(k),
            stop: None,
            step: None,
        }
    }

    /// An advanced index recorded with NumPy 2.4.6 (`x = np.arange(60.0).reshape(3, 4, 5)`,
    /// `m2` a `(3, 4)` mask with 3 True): the program, the array's shape and strides, the index as
    /// the plan sees it, `r.shape`, `r.strides`, and whether `r` owns its memory
    /// (`r.base is None`), which it does unless NumPy moved `B` after allocating.
    type Case<'a> = (
        &'a str,
        &'a [i64],
        &'a [i64],
        &'a [Item<'a>],
        &'a [i64],
        &'a [i64],
        bool,
    );

    #[rustfmt::skip]
    const CASES: &[Case] = &[
        ("x[[0, 1], :, [1, 2]]", &[3, 4, 5], &[160, 40, 8], &[Item::Array(&[2]), Item::Slice(all()), Item::Array(&[2])], &[2, 4], &[32, 8], true),
        ("x[:, [0, 1], [1, 2]]", &[3, 4, 5], &[160, 40, 8], &[Item::Slice(all()), Item::Array(&[2]), Item::Array(&[2])], &[3, 2], &[8, 24], false),
        ("x[[0, 1]]", &[3, 4, 5], &[160, 40, 8], &[Item::Array(&[2])], &[2, 4, 5], &[160, 40, 8], true),
        ("x[:, [[0], [1]], ::2]", &[3, 4, 5], &[160, 40, 8], &[Item::Slice(all()), Item::Array(&[2, 1]), Item::Slice(step(2))], &[3, 2, 1, 3], &[24, 72, 72, 8], false),
        ("x[1, :, [0, 2]]", &[3, 4, 5], &[160, 40, 8], &[Item::Int, Item::Slice(all()), Item::Array(&[2])], &[2, 4], &[32, 8], true),
        ("x[:, 1, [0, 2]]", &[3, 4, 5], &[160, 40, 8], &[Item::Slice(all()), Item::Int, Item::Array(&[2])], &[3, 2], &[8, 24], false),
        ("x[..., [0, 2]]", &[3, 4, 5], &[160, 40, 8], &[Item::Ellipsis, Item::Array(&[2])], &[3, 4, 2], &[32, 8, 96], false),
        ("x[None, [0, 2]]", &[3, 4, 5], &[160, 40, 8], &[Item::NewAxis, Item::Array(&[2])], &[1, 2, 4, 5], &[8, 160, 40, 8], false),
        ("x[m2]", &[3, 4, 5], &[160, 40, 8], &[Item::Mask { shape: &[3, 4], count: 3 }], &[3, 5], &[40, 8], true),
        ("x[:, ::-1][m2]  (mask on reversed view)", &[3, 4, 5], &[160, -40, 8], &[Item::Mask { shape: &[3, 4], count: 3 }], &[3, 5], &[40, 8], true),
        ("x.T[[0, 1], :, [1, 2]]", &[5, 4, 3], &[8, 40, 160], &[Item::Array(&[2]), Item::Slice(all()), Item::Array(&[2])], &[2, 4], &[32, 8], true),
        ("x.T[:, [0, 1], [1, 2]]", &[5, 4, 3], &[8, 40, 160], &[Item::Slice(all()), Item::Array(&[2]), Item::Array(&[2])], &[5, 2], &[8, 40], false),
        ("x.transpose(1, 0, 2)[:, :, [3, 1]]", &[4, 3, 5], &[40, 160, 8], &[Item::Slice(all()), Item::Slice(all()), Item::Array(&[2])], &[4, 3, 2], &[8, 32, 96], false),
        ("x[:, ::-2][[0, 2]]", &[3, 2, 5], &[160, -80, 8], &[Item::Array(&[2])], &[2, 2, 5], &[80, 40, 8], true),
        ("broadcast_to(x[0], (3, 4, 5))[:, [1, 2], 1:]", &[3, 4, 5], &[0, 40, 8], &[Item::Slice(all()), Item::Array(&[2]), Item::Slice(from(1))], &[3, 2, 4], &[8, 96, 24], false),
        ("x[np.True_]", &[3, 4, 5], &[160, 40, 8], &[Item::Mask { shape: &[], count: 1 }], &[1, 3, 4, 5], &[480, 160, 40, 8], true),
        ("x[1:, np.False_, [0]]", &[3, 4, 5], &[160, 40, 8], &[Item::Slice(from(1)), Item::Mask { shape: &[], count: 0 }, Item::Array(&[1])], &[2, 0, 5], &[0, 0, 0], false),
        ("x[[]]", &[3, 4, 5], &[160, 40, 8], &[Item::Array(&[0])], &[0, 4, 5], &[0, 0, 0], true),
        ("x[:, [0, 1], None, [1, 2]]  (not adjacent)", &[3, 4, 5], &[160, 40, 8], &[Item::Slice(all()), Item::Array(&[2]), Item::NewAxis, Item::Array(&[2])], &[2, 3, 1], &[24, 8, 8], true),
    ];

    #[test]
    fn numpys_result_layouts() {
        for &(program, shape, strides, items, result_shape, result_strides, owns) in CASES {
            let x = Layout::new(shape, strides, 0, 8).unwrap();
            let plan = Plan::new(&x, items).unwrap();
            let r = plan.result(8).unwrap();
            assert_eq!(*r.shape(), *result_shape, "{program}");
            assert_eq!(*r.strides(), *result_strides, "{program}");
            assert_eq!(plan.permutation().unwrap().is_none(), owns, "{program}");
            // The allocation is dense: a permutation of the result's axes, offset 0.
            let alloc = plan.allocation(8).unwrap();
            assert_eq!(alloc.offset(), 0, "{program}");
            assert_eq!(alloc.size(), r.size(), "{program}");
        }
    }

    #[test]
    fn which_axes_the_arrays_take_and_the_view_part() {
        // x[1:, [0, 1], ::2] on (3, 4, 5): one index array on axis 1; the view part is rows 1..
        // and every other column; B = (2,) moves to axis 1 of the result, (2, 2, 3).
        let x = Layout::contiguous(&[3, 4, 5], 8, Order::C).unwrap();
        let items = [
            Item::Slice(from(1)),
            Item::Array(&[2]),
            Item::Slice(step(2)),
        ];
        let plan = Plan::new(&x, &items).unwrap();
        let arrays: [IndexArray; 1] = [IndexArray {
            item: 1,
            component: 0,
            axis: Some(1),
        }];
        assert!(plan.index_arrays().eq(arrays));
        let view = [
            ViewAxis {
                axis: Some(0),
                start: 1,
                step: 1,
                len: 2,
            },
            ViewAxis {
                axis: Some(2),
                start: 0,
                step: 2,
                len: 3,
            },
        ];
        assert!(plan.view_axes().eq(view));
        assert_eq!(*plan.broadcast(), [2]);
        assert_eq!(*plan.allocation_shape().unwrap(), [2, 2, 3]);
        assert_eq!(*plan.result(8).unwrap().shape(), [2, 2, 3]);
        // A mask over two axes is two index arrays, its coordinates.
        let mask = [Item::Mask {
            shape: &[3, 4],
            count: 3,
        }];
        let plan = Plan::new(&x, &mask).unwrap();
        let axes = plan.index_arrays().map(|a| (a.component, a.axis));
        assert!(axes.eq([(0, Some(0)), (1, Some(1))]));
    }

    #[test]
    fn numpys_errors_in_numpys_order() {
        let x = Layout::contiguous(&[3, 4, 5], 8, Order::C).unwrap();
        let plan = |items: &[Item]| Plan::new(&x, items).err();
        // x[np.ones((3, 3), bool)]: "boolean index did not match indexed array along axis 1;
        // size of axis is 4 but size of corresponding boolean axis is 3".
        let e = plan(&[Item::Mask {
            shape: &[3, 3],
            count: 9,
        }]);
        assert_eq!(
            e,
            Some(Error::BooleanIndexMismatch {
                axis: 1,
                size: 4,
                mask: 3
            })
        );
        assert_eq!(e.map(|e| e.exception()), Some("IndexError"));
        // x[[0, 1], [0, 1, 2]]: "shape mismatch: indexing arrays could not be broadcast
        // together with shapes (2,) (3,) " (the caller names the shapes).
        assert_eq!(
            plan(&[Item::Array(&[2]), Item::Array(&[3])]),
            Some(Error::IndexArraysMismatch)
        );
        assert_eq!(
            plan(&[Item::Ellipsis, Item::Ellipsis, Item::Array(&[1])]),
            Some(Error::MultipleEllipsis)
        );
        assert_eq!(
            plan(&[Item::Array(&[1]); 4]),
            Some(Error::TooManyIndices { ndim: 3, given: 4 })
        );
        assert_eq!(
            plan(&[Item::Array(&[1]), Item::Invalid]),
            Some(Error::InvalidIndex)
        );
        // A mask of size 0 on an axis stands against any size.
        assert!(
            plan(&[Item::Mask {
                shape: &[0],
                count: 0
            }])
            .is_none()
        );
    }
}
