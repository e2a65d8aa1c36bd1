//! The reading order: the positions an array reads, cell after cell in row order, as steps over
//! its memory. A copy made because no strides fit also has the walk over its source's memory,
//! which shows why: the steps break the pattern a stride could describe.

use std::rc::Rc;

use stride_core::Layout;
use stride_core::footprint::Positions;

use super::Picture;

/// Steps drawn at most: the first ones of a long walk (the heads tensor reads 1,280 cells).
pub const WALK_SHOWN: usize = 96;

/// Memory cells drawn under a walk in full, up to the farthest one it reads; a walk that reaches
/// farther (a transposed 1000 × 1000 array's first steps reach cell 96,000) is drawn over the cells
/// it reads only, with a gap wherever it skips some.
pub const WALK_CELLS: usize = 512;

/// A walk over memory: the positions read in row order, in the picture's units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The positions read, the first ones of at most [`WALK_SHOWN`] + 1.
    pub positions: Vec<i64>,
    /// Positions read in all (more than `positions` holds when the walk is cut short).
    pub total: usize,
}

/// The order a copy reads its input in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ReadOrder {
    /// Row order (C): the last index fastest.
    Row,
    /// Column order (F): the first index fastest.
    Column,
    /// Memory order (K): the axes from the largest stride to the smallest.
    Memory,
}

impl Walk {
    fn of(layout: &Layout, unit: i64) -> Walk {
        let u = i128::from(unit.max(1));
        // Only the drawn steps are walked: the count of the rest is the array's size, so a
        // million-element array costs no more to draw than a small one.
        let positions = Positions::new(layout)
            .take(WALK_SHOWN + 1)
            .map(|a| i64::try_from(a.div_euclid(u)).unwrap_or(i64::MAX))
            .collect();
        let total = usize::try_from(layout.size()).unwrap_or(usize::MAX);
        Walk { positions, total }
    }

    /// The memory cells drawn under the walk (`None` for a gap), of a memory of `len` cells.
    pub fn cells_shown(&self, len: usize) -> Vec<Option<usize>> {
        let mut read: Vec<usize> = self
            .positions
            .iter()
            .filter_map(|&p| usize::try_from(p).ok())
            .filter(|&p| p < len)
            .collect();
        let reach = read.iter().max().map_or(0, |m| m + 1);
        if reach <= WALK_CELLS {
            return (0..reach).map(Some).collect();
        }
        // At most `WALK_SHOWN` + 1 positions.
        stride_core::sort::sort_small_by_key(&mut read, |&p| p);
        read.dedup();
        let mut shown = Vec::new();
        let mut next = 0;
        for p in read {
            if p > next {
                shown.push(None);
            }
            shown.push(Some(p));
            next = p + 1;
        }
        shown
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
        Walk::of(self.layout(), self.unit())
    }

    /// The order a reshape that had to copy read its source in (see [`Picture::source`]).
    pub fn source_order(&self) -> Option<ReadOrder> {
        self.drawn.source.as_ref().map(|s| s.order)
    }

    /// For a reshape that had to copy, the array it copied, drawn over its own memory (the
    /// program's first array's for `x.T.reshape(2, 6)`) in the same units, with its axes in the
    /// order the copy read them (so that its walk is the copy's reading order).
    pub fn source(&self) -> Option<Picture> {
        let source = self.drawn.source.as_ref()?;
        Some(Picture::new(Rc::clone(&source.drawn), self.units))
    }

    /// The walk of [`Picture::source`]: the order in which the copy read its source.
    pub fn source_walk(&self) -> Option<Walk> {
        self.source().map(|s| s.walk())
    }
}
