//! Windows: an array whose leading axes pick a window and whose trailing axes read inside it
//! (`sliding_window_view`, or an `as_strided` whose rows read the same memory). Where windows
//! overlap, one memory cell is read by several of them; the lab draws each window as a bar over
//! the cells it spans, so the overlap is seen, and names the windows that read a cell.

use super::Picture;
use crate::drawn::WindowAxes;

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
        match self.drawn.windows? {
            WindowAxes::Trailing(axes) => Some(axes),
            WindowAxes::LastIfRowsOverlap if self.layout().ndim() >= 2 && self.rows_overlap() => {
                Some(1)
            }
            WindowAxes::LastIfRowsOverlap => None,
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
        let width = i128::from(self.drawn.dtype.itemsize);
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
