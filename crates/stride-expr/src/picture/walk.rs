//! The reading order: the positions an array reads, cell after cell in row order, as steps over
//! its memory. A copy made because no strides fit also has the walk over its source's memory,
//! which shows why: the steps break the pattern a stride could describe.

use stride_core::footprint::Positions;

use super::Picture;
use std::rc::Rc;

use crate::array::{Array, Op};

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

    /// For a reshape that had to copy, the array it copied, drawn over its own memory (the
    /// program's first array's for `x.T.reshape(2, 6)`) in the same units.
    pub fn source(&self) -> Option<Picture> {
        let mut current = &self.array;
        loop {
            let parent = current.origin.parent.as_ref()?;
            let copied = !parent.shares_buffer(current);
            if copied && matches!(current.origin.op, Op::Reshape(_, Some(_))) {
                return Some(Picture::new(Rc::clone(parent), None, self.units));
            }
            if copied {
                return None;
            }
            current = parent;
        }
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
    fn a_view_has_its_own_walk_and_no_source_walk() {
        let t = picture(&format!("{X}x.T"));
        assert!(t.source_walk().is_none());
        let steps: Vec<(i64, i64)> = t.walk().steps().take(4).collect();
        assert_eq!(steps, [(0, 4), (4, 8), (8, 1), (1, 5)]);
        let b = picture(&format!("{X}np.broadcast_to(x[0], (3, 4))"));
        assert_eq!(b.walk().positions[3..6], [3, 0, 1]);
    }

    #[test]
    fn a_long_walk_is_cut_short_but_counted() {
        let h = picture("out = np.arange(1280.0).reshape(2, 4, 10, 16)\nnp.swapaxes(out, 1, 2)");
        let w = h.walk();
        assert_eq!(w.total, 1280);
        assert_eq!(w.positions.len(), super::WALK_SHOWN + 1);
    }
}
