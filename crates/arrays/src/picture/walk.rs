//! The reading order: the positions an array reads, cell after cell in row order, as steps over
//! its memory. A copy made because no strides fit also has the walk over its source's memory,
//! which shows why: the steps break the pattern a stride could describe.

use stride_core::footprint::Positions;

use super::{Picture, Units};
use std::rc::Rc;

use crate::array::{Array, Base, Buffer, Op, Origin};
use crate::error::Span;
use crate::explain::{ReadMemory, ReadOrder};
use stride_core::reshape::MemOrder;

/// Steps drawn at most: the first ones of a long walk (the heads tensor reads 1,280 cells).
pub const WALK_SHOWN: usize = 96;

/// A walk over memory: the positions read in row order, in the picture's units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The positions read, the first ones of at most [`WALK_SHOWN`] + 1.
    pub positions: Vec<i64>,
    /// Positions read in all (more than `positions` holds when the walk is cut short).
    pub total: usize,
}

impl Walk {
    fn of(array: &Array, unit: i64) -> Walk {
        let u = i128::from(unit.max(1));
        // Only the drawn steps are walked: the count of the rest is the array's size, so a
        // million-element array costs no more to draw than a small one.
        let positions = Positions::new(&array.layout)
            .take(WALK_SHOWN + 1)
            .map(|a| i64::try_from(a.div_euclid(u)).unwrap_or(i64::MAX))
            .collect();
        let total = usize::try_from(array.layout.size()).unwrap_or(usize::MAX);
        Walk { positions, total }
    }

    /// The steps: (from, to) of each consecutive pair of positions.
    pub fn steps(&self) -> impl Iterator<Item = (i64, i64)> + '_ {
        self.positions.windows(2).filter_map(|w| match w {
            [a, b] => Some((*a, *b)),
            _ => None,
        })
    }

    /// Whether step `n` breaks the pattern: it differs from the first step, so no single stride
    /// takes them all (the −7 after +4, +4 of `x.T`).
    pub fn breaks(&self, n: usize) -> bool {
        let step = |k: usize| match (self.positions.get(k), self.positions.get(k + 1)) {
            (Some(a), Some(b)) => Some(b - a),
            _ => None,
        };
        n > 0 && step(n).is_some() && step(n) != step(0)
    }
}

impl Picture {
    /// The array's own walk, over the memory it reads.
    pub fn walk(&self) -> Walk {
        Walk::of(&self.array, self.unit())
    }

    /// For a reshape that had to copy: the array it copied, and the copy (in the order it read
    /// its source: column order when it is F-contiguous only, as for `reshape(..., order="F")`).
    fn copied_from(&self) -> Option<(&Rc<Array>, ReadOrder)> {
        let mut current = &self.array;
        loop {
            let parent = current.origin.parent.as_ref()?;
            let copied = !parent.shares_buffer(current);
            if copied && matches!(current.origin.op, Op::Reshape(_, Some(_))) {
                let column = current.layout.is_f_contiguous() && !current.layout.is_c_contiguous();
                let order = if column {
                    ReadOrder::Column
                } else {
                    ReadOrder::Row
                };
                return Some((parent, order));
            }
            if copied {
                return None;
            }
            current = parent;
        }
    }

    /// The order a reshape that had to copy read its source in (see [`Picture::source`]).
    pub fn source_order(&self) -> Option<ReadOrder> {
        self.copied_from().map(|(_, order)| order)
    }

    /// For a reshape that had to copy, the array it copied, drawn over its own memory (the
    /// program's first array's for `x.T.reshape(2, 6)`) in the same units, with its axes in the
    /// order the copy read them (so that its walk is the copy's reading order).
    pub fn source(&self) -> Option<Picture> {
        let (parent, order) = self.copied_from()?;
        if order == ReadOrder::Row {
            return Some(Picture::new(Rc::clone(parent), None, self.units));
        }
        let read = Array {
            buffer: Rc::clone(&parent.buffer),
            layout: crate::explain::read_layout(&parent.layout, MemOrder::F),
            dtype: parent.dtype,
            writeable: false,
            owndata: false,
            base: Base::None,
            torch: parent.torch,
            origin: Origin {
                op: Op::Create("reshape"),
                parent: None,
                span: Span::default(),
            },
        };
        Some(Picture::new(Rc::new(read), None, self.units))
    }

    /// The memory a failed view would have read ([`crate::explain::ErrorWhy::NeedsCopy`]), drawn
    /// so that its walk (row order over it) is the walk a copy would take: why no strides fit.
    pub fn of_memory(memory: &ReadMemory, units: Units) -> Picture {
        let buffer = Buffer::new(0, memory.buffer_dtype, memory.bytes.clone());
        let array = Array {
            buffer: Rc::new(buffer),
            layout: memory.layout,
            dtype: memory.dtype,
            writeable: false,
            owndata: false,
            base: Base::None,
            torch: false,
            origin: Origin {
                op: Op::Create("view"),
                parent: None,
                span: Span::default(),
            },
        };
        Picture::new(Rc::new(array), None, units)
    }

    /// The walk of [`Picture::source`]: the order in which the copy read its source.
    pub fn source_walk(&self) -> Option<Walk> {
        self.source().map(|s| s.walk())
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{X, picture};

    #[test]
    fn a_copy_walks_its_source_in_a_broken_pattern_then_its_own_memory_in_order() {
        let c = picture(&format!("{X}x.T.reshape(2, 6)"));
        let source = c.source_walk().unwrap();
        assert_eq!(c.source().unwrap().memory_len(), 12);
        assert_eq!(source.positions, [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
        let breaks: Vec<usize> = (0..11).filter(|&n| source.breaks(n)).collect();
        assert_eq!(breaks, [2, 5, 8]);
        let own = c.walk();
        assert_eq!(own.positions, (0..12).collect::<Vec<_>>());
        assert!((0..11).all(|n| !own.breaks(n)));
    }

    #[test]
    fn a_copy_in_column_order_walks_its_source_in_column_order() {
        // NumPy: x.reshape(2, 6, order="F") copies x in column order (its base is F-contiguous),
        // reading 0, 4, 8, 1, 5, 9, …: the values of np.reshape(x, -1, order="F").
        let c = picture(&format!("{X}x.reshape(2, 6, order='F')"));
        let source = c.source_walk().unwrap();
        assert_eq!(source.positions, [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
        assert_eq!(c.source().unwrap().memory_value(4), "4.0");
        assert_eq!(c.source_order(), Some(crate::explain::ReadOrder::Column));
        // In row order the same array's copy reads x as it lies.
        let r = picture(&format!("{X}x.T.reshape(2, 6)"));
        assert_eq!(r.source_walk().unwrap().positions[..3], [0, 4, 8]);
    }

    #[test]
    fn a_view_has_its_own_walk_and_no_source_walk() {
        let t = picture(&format!("{X}x.T"));
        assert!(t.source_walk().is_none());
        let steps: Vec<(i64, i64)> = t.walk().steps().take(4).collect();
        assert_eq!(steps, [(0, 4), (4, 8), (8, 1), (1, 5)]);
        let b = picture(&format!("{X}np.broadcast_to(x[0], (3, 4))"));
        assert_eq!(b.walk().positions[3..6], [3, 0, 1]);
    }

    fn failed(program: &str) -> crate::explain::ErrorWhy {
        let e = crate::run(program).err().unwrap();
        (**crate::error::Explained::why(&e).unwrap()).clone()
    }

    fn memory_walk(why: &crate::explain::ErrorWhy, units: super::Units) -> (Vec<i64>, Vec<usize>) {
        let crate::explain::ErrorWhy::NeedsCopy { memory, .. } = why else {
            panic!("{why:?}")
        };
        let walk = super::Picture::of_memory(memory, units).walk();
        let breaks = (0..walk.positions.len())
            .filter(|&n| walk.breaks(n))
            .collect();
        (walk.positions, breaks)
    }

    #[test]
    fn a_failing_view_keeps_the_walk_a_copy_would_take() {
        use super::Units::{Bytes, Elements};
        // torch.arange(12).reshape(3, 4).T.view(12): RuntimeError; the copy .reshape(12) would
        // read 0, 4, 8, 1, … over the old memory, the −7 steps breaking the pattern (the walk of
        // an arange is the copy's values: PyTorch's t.T.reshape(12) and NumPy's
        // np.reshape(x, 12, order="F") are [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]).
        let t = failed("t = torch.arange(12).reshape(3, 4)\nt.T.view(12)");
        let (walk, breaks) = memory_walk(&t, Elements);
        assert_eq!(walk, [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
        assert_eq!(breaks, [2, 5, 8]);
        // int64 in bytes: steps of 32 and −56.
        let (walk, _) = memory_walk(&t, Bytes);
        assert_eq!(walk[..4], [0, 32, 64, 8]);
        // NumPy's reshape(copy=False), read in row order, and in column order for order="F".
        let n = failed(&format!("{X}x.T.reshape(12, copy=False)"));
        assert_eq!(memory_walk(&n, Elements), memory_walk(&t, Elements));
        let f = failed(&format!("{X}x.reshape(12, order='F', copy=False)"));
        let crate::explain::ErrorWhy::NeedsCopy { memory, .. } = &f else {
            panic!()
        };
        assert_eq!(memory.order, crate::explain::ReadOrder::Column);
        let (walk, breaks) = memory_walk(&f, Elements);
        assert_eq!(walk, [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
        assert_eq!(breaks, [2, 5, 8]);
        // A slice: its walk starts at its start and skips the cells it leaves out.
        let s = failed(&format!("{X}x[:, 1:3].reshape(6, copy=False)"));
        assert_eq!(
            memory_walk(&s, Elements),
            (vec![1, 2, 5, 6, 9, 10], vec![1, 3])
        );
    }

    #[test]
    fn a_failing_view_of_a_large_array_keeps_only_the_memory_its_walk_reaches() {
        let why = failed("t = torch.arange(1000000).reshape(1000, 1000)\nt.T.view(-1)");
        let crate::explain::ErrorWhy::NeedsCopy { memory, .. } = &why else {
            panic!()
        };
        assert_eq!(memory.len, 8_000_000);
        // The first 97 positions read reach element 96000.
        assert_eq!(memory.bytes.len(), 96_001 * 8);
    }

    #[test]
    fn a_long_walk_is_cut_short_but_counted() {
        let h = picture("out = np.arange(1280.0).reshape(2, 4, 10, 16)\nnp.swapaxes(out, 1, 2)");
        let w = h.walk();
        assert_eq!(w.total, 1280);
        assert_eq!(w.positions.len(), super::WALK_SHOWN + 1);
    }
}
