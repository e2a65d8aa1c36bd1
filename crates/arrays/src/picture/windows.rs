//! Windows: an array whose leading axes pick a window and whose trailing axes read inside it
//! (`sliding_window_view`, or an `as_strided` whose rows read the same memory). Where windows
//! overlap, one memory cell is read by several of them; the lab draws each window as a bar over
//! the cells it spans, so the overlap is seen, and names the windows that read a cell.

use super::Picture;
use crate::array::Op;

/// Windows drawn at most (the first ones, in row order).
pub const WINDOWS_SHOWN: usize = 64;

/// One window: its index and the memory cells it spans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    /// The window's row-order number.
    pub number: usize,
    /// Its index along the leading axes, joined by `, ` (`0`, `1, 2`).
    pub index: String,
    /// The first memory cell it reads, in the picture's units.
    pub from: i64,
    /// The last memory cell it reads.
    pub to: i64,
    /// The runs of neighbouring cells it reads, `(first, last)`, in order: one for a window of
    /// one axis, one per row for a 2-D window (which skips the cells between its rows).
    pub runs: Vec<(i64, i64)>,
}

/// The windows of an array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Windows {
    /// How many windows there are.
    pub count: usize,
    /// Array cells in one window.
    pub cells: usize,
    /// The first [`WINDOWS_SHOWN`] of them.
    pub shown: Vec<Window>,
}

impl Picture {
    /// How many trailing axes read inside one window: `sliding_window_view`'s window axes (the
    /// axes it adds); for `as_strided`, the last axis when some memory cell is read more than once
    /// by different rows. `None` for any other array.
    pub fn window_axes(&self) -> Option<usize> {
        self.window_axes
    }

    /// [`Picture::window_axes`], found once when the picture is made.
    pub(super) fn find_window_axes(&self) -> Option<usize> {
        let ndim = self.array.layout.ndim();
        match self.array.origin.op {
            Op::Windows => {
                let parent = self.array.origin.parent.as_ref()?.layout.ndim();
                Some(ndim.checked_sub(parent)?).filter(|&w| w > 0 && w < ndim)
            }
            Op::AsStrided if ndim >= 2 && self.rows_overlap() => Some(1),
            _ => None,
        }
    }

    /// Whether two rows (along the last axis) of an `as_strided` view read the same memory cell.
    fn rows_overlap(&self) -> bool {
        let row = self.shape().last().copied().unwrap_or(1).max(1) as usize;
        let bound = super::TALLY_UP_TO as usize;
        if self.size() > bound || self.memory_len() > bound {
            return false; // too large to search: drawn as an ordinary as_strided view
        }
        let mut seen: Vec<Option<usize>> = vec![None; self.memory_len()];
        (0..self.size()).any(|flat| {
            self.positions(flat).any(|p| match seen.get_mut(p) {
                Some(Some(r)) if *r != flat / row => true,
                Some(slot) => {
                    *slot = Some(flat / row);
                    false
                }
                None => false,
            })
        })
    }

    /// The window array cell `flat` belongs to, if the array is made of windows.
    pub fn window_of(&self, flat: usize) -> Option<usize> {
        let cells = self.window_cells(self.window_axes()?);
        Some(flat / cells.max(1))
    }

    fn window_cells(&self, axes: usize) -> usize {
        let shape = self.shape();
        let inner = shape.get(shape.len().saturating_sub(axes)..).unwrap_or(&[]);
        usize::try_from(inner.iter().product::<i64>()).unwrap_or(0)
    }

    /// The window `number`'s index along the leading axes, as `1, 2`.
    pub fn window_index(&self, number: usize, axes: usize) -> String {
        let shape = self.shape();
        let outer = shape.get(..shape.len().saturating_sub(axes)).unwrap_or(&[]);
        stride_core::footprint::unravel(outer, number as i64)
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The windows and the memory each spans, or `None` if the array is not made of windows.
    pub fn windows(&self) -> Option<Windows> {
        let axes = self.window_axes()?;
        let cells = self.window_cells(axes);
        if cells == 0 {
            return None;
        }
        let count = self.size() / cells;
        let u = i128::from(self.unit().max(1));
        let width = i128::from(self.array.dtype.itemsize());
        let shown = (0..count.min(WINDOWS_SHOWN))
            .map(|number| {
                let mut spans: Vec<(i128, i128)> = (number * cells..(number + 1) * cells)
                    .map(|flat| {
                        let a = self.address(flat);
                        (a.div_euclid(u), (a + width - 1).div_euclid(u))
                    })
                    .collect();
                spans.sort_unstable();
                let mut runs: Vec<(i64, i64)> = Vec::new();
                for (a, b) in spans {
                    let (a, b) = (
                        i64::try_from(a).unwrap_or(i64::MAX),
                        i64::try_from(b).unwrap_or(i64::MAX),
                    );
                    match runs.last_mut() {
                        Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
                        _ => runs.push((a, b)),
                    }
                }
                let from = runs.first().map_or(0, |r| r.0);
                let to = runs.iter().map(|r| r.1).max().unwrap_or(0);
                Window {
                    number,
                    index: self.window_index(number, axes),
                    from,
                    to,
                    runs,
                }
            })
            .collect();
        Some(Windows {
            count,
            cells,
            shown,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::Units;
    use super::super::tests::{X, picture, picture_in};

    fn spans(p: &super::Picture) -> Vec<(String, i64, i64)> {
        p.windows()
            .unwrap()
            .shown
            .into_iter()
            .map(|w| (w.index, w.from, w.to))
            .collect()
    }

    fn span(index: &str, from: i64, to: i64) -> (String, i64, i64) {
        (index.to_string(), from, to)
    }

    #[test]
    fn sliding_windows_of_three_overlap_by_two() {
        // np.lib.stride_tricks.sliding_window_view(np.arange(6.0), 3): 4 windows, strides (8, 8).
        let p = picture("a = np.arange(6.0)\nnp.lib.stride_tricks.sliding_window_view(a, 3)");
        assert_eq!(p.window_axes(), Some(1));
        assert_eq!(
            spans(&p),
            [
                span("0", 0, 2),
                span("1", 1, 3),
                span("2", 2, 4),
                span("3", 3, 5)
            ]
        );
        // Cell 2 is read by three windows, once each.
        let windows: Vec<Option<usize>> = p.readers(2).iter().map(|&f| p.window_of(f)).collect();
        assert_eq!(windows, [Some(0), Some(1), Some(2)]);
        // In bytes, a window of three float64 spans 24 bytes.
        let b = picture_in(
            "a = np.arange(6.0)\nnp.lib.stride_tricks.sliding_window_view(a, 3)",
            Units::Bytes,
        );
        assert_eq!(spans(&b)[1], span("1", 8, 31));
        assert_eq!(b.windows().unwrap().shown[1].runs, [(8, 31)]);
    }

    #[test]
    fn two_dimensional_windows_are_indexed_by_their_leading_axes() {
        // sliding_window_view(x, (2, 2)) of the 3×4 x: shape (2, 3, 2, 2), 6 windows of 4 cells.
        let p = picture(&format!(
            "{X}np.lib.stride_tricks.sliding_window_view(x, (2, 2))"
        ));
        let w = p.windows().unwrap();
        assert_eq!((w.count, w.cells), (6, 4));
        // Window [1, 1] reads x[1:3, 1:3]: cells 5, 6 and 9, 10, two runs.
        assert_eq!(
            w.shown[4],
            super::Window {
                number: 4,
                index: "1, 1".into(),
                from: 5,
                to: 10,
                runs: vec![(5, 6), (9, 10)]
            }
        );
        // Windows along one axis only: axis=0 adds one window axis.
        let a = picture(&format!(
            "{X}np.lib.stride_tricks.sliding_window_view(x, 2, axis=0)"
        ));
        assert_eq!(a.window_axes(), Some(1));
        assert_eq!(a.windows().unwrap().count, 8);
    }

    #[test]
    fn as_strided_rows_that_share_memory_are_windows_and_other_arrays_are_not() {
        let p = picture("a = np.arange(7.0)\nnp.lib.stride_tricks.as_strided(a, (3, 3), (16, 8))");
        assert_eq!(
            spans(&p),
            [span("0", 0, 2), span("1", 2, 4), span("2", 4, 6)]
        );
        let apart =
            picture("a = np.arange(6.0)\nnp.lib.stride_tricks.as_strided(a, (2, 3), (24, 8))");
        assert_eq!(apart.window_axes(), None);
        assert_eq!(picture(&format!("{X}x.T")).window_axes(), None);
        assert_eq!(
            picture(&format!("{X}np.broadcast_to(x[0], (3, 4))")).window_axes(),
            None
        );
    }
}
