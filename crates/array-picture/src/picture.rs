//! [`Picture`]: what the lab draws for an array, computed here so that the front end only draws.
//!
//! An array cell knows its indices, its value and the memory cell it reads; a memory cell knows
//! its value and how many array cells read it; the address rule is written out with the numbers
//! filled in. Positions are counted in elements (as the lesson counts) or in bytes.

use std::rc::Rc;

use stride_core::Layout;
use stride_core::footprint::unravel;
use stride_core::reshape::CopyReason;

use crate::drawn::{Drawn, ItemType};
use crate::kind::Kind;

mod jumps;
mod keys;
mod memory;
mod reads;
#[cfg(test)]
mod tests;
mod walk;
mod windows;

pub use jumps::{Jump, OUTSIDE_SHOWN, Reader};
pub use keys::{Move, neighbor};
pub use memory::MEMORY_SHOWN;
pub use reads::{READERS_SHOWN, Reads, TALLY_UP_TO, count_in, outside_count, readers_in};
pub use walk::{ReadOrder, WALK_CELLS, WALK_SHOWN, Walk};
pub use windows::{WINDOWS_SHOWN, Window, Windows};

/// What a memory cell is: one element or one byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Units {
    /// Count in elements, as the lesson and PyTorch do.
    Elements,
    /// Count in bytes, as NumPy's `strides` do.
    Bytes,
}

/// An array as the lab draws it.
#[derive(Clone, Debug)]
pub struct Picture {
    drawn: Rc<Drawn>,
    units: Units,
    reads: Reads,
    outside: u64,
    window_axes: Option<usize>,
}

/// Arrays of more elements than this are summarized as NumPy prints them (NumPy's own threshold
/// is 1000; the lab draws up to 4096 cells, enough for the attention-heads tensor).
pub const SUMMARY_THRESHOLD: usize = 4096;

/// Items NumPy shows at each end of a summarized axis.
pub const EDGE_ITEMS: i64 = 3;

/// The positions of an axis of `len` items as NumPy prints them: all, or the first and last
/// [`EDGE_ITEMS`] around a gap.
pub fn summarize(len: i64, summarized: bool) -> Vec<Option<i64>> {
    if !summarized || len <= 2 * EDGE_ITEMS {
        return (0..len.max(0)).map(Some).collect();
    }
    (0..EDGE_ITEMS)
        .map(Some)
        .chain(std::iter::once(None))
        .chain((len - EDGE_ITEMS..len).map(Some))
        .collect()
}

/// Index names for the address rule: `i, j, k, l, …`.
const LETTERS: [&str; 8] = ["i", "j", "k", "l", "m", "n", "p", "q"];

/// Subscript digits for `s₀, s₁, …`.
fn subscript(n: usize) -> String {
    n.to_string()
        .chars()
        .map(|c| match c {
            '0' => '₀',
            '1' => '₁',
            '2' => '₂',
            '3' => '₃',
            '4' => '₄',
            '5' => '₅',
            '6' => '₆',
            '7' => '₇',
            '8' => '₈',
            _ => '₉',
        })
        .collect()
}

/// The name of index `k` in the address rule.
pub fn index_name(k: usize) -> String {
    match LETTERS.get(k) {
        Some(l) => (*l).to_string(),
        None => format!("i{}", subscript(k)),
    }
}

impl Picture {
    /// The picture of the array `drawn`, its memory counted in `units`.
    pub fn new(drawn: Rc<Drawn>, units: Units) -> Picture {
        let unit = match units {
            Units::Elements => drawn.memory_itemsize,
            Units::Bytes => 1,
        };
        let (reads, outside) = Reads::new(&drawn.layout, unit, drawn.memory_len);
        let mut picture = Picture {
            drawn,
            units,
            reads,
            outside,
            window_axes: None,
        };
        picture.window_axes = picture.find_window_axes();
        picture
    }

    /// The array drawn, as plain data (its flags and dtype for the facts panel).
    pub fn drawn(&self) -> &Drawn {
        &self.drawn
    }

    /// Its layout, in bytes.
    pub fn layout(&self) -> &Layout {
        &self.drawn.layout
    }

    /// Elements or bytes.
    pub fn units(&self) -> Units {
        self.units
    }

    /// Bytes per memory cell.
    pub fn unit(&self) -> i64 {
        match self.units {
            Units::Elements => self.drawn.memory_itemsize,
            Units::Bytes => 1,
        }
    }

    /// The shape.
    pub fn shape(&self) -> &[i64] {
        self.layout().shape()
    }

    /// Number of array cells.
    pub fn size(&self) -> usize {
        usize::try_from(self.layout().size()).unwrap_or(0)
    }

    /// The dtype.
    pub fn dtype(&self) -> &ItemType {
        &self.drawn.dtype
    }

    /// Stride `k` in the current units; `None` when it is not a whole number of units.
    pub fn stride(&self, k: usize) -> Option<i64> {
        let s = *self.layout().strides().get(k)?;
        let u = self.unit();
        (s % u == 0).then_some(s / u)
    }

    /// All strides in the current units.
    pub fn strides(&self) -> Vec<Option<i64>> {
        (0..self.layout().ndim()).map(|k| self.stride(k)).collect()
    }

    /// The start in the current units, if whole.
    pub fn start(&self) -> Option<i64> {
        let o = self.layout().offset();
        let u = self.unit();
        (o % u == 0).then_some(o / u)
    }

    /// What memory it reads, compared with the program's first array: the facts panel's kind.
    pub fn kind(&self) -> &Kind {
        &self.drawn.kind
    }

    /// Whether the array reads memory other than the first array's (a copy, or a view of one).
    pub fn is_copy(&self) -> bool {
        !self.drawn.kind.is_view()
    }

    /// Whether the array is the program's first array and owns its memory (`np.arange(6) * 2`):
    /// new memory, neither a view nor a copy of another array.
    pub fn is_new(&self) -> bool {
        self.drawn.kind == Kind::First
    }

    /// Why NumPy could not keep the memory, for a reshape that copied.
    pub fn copy_reason(&self) -> Option<CopyReason> {
        self.drawn.copy_reason
    }

    /// Whether the array is large enough to be summarized (more than [`SUMMARY_THRESHOLD`]
    /// elements).
    pub fn summarized(&self) -> bool {
        self.size() > SUMMARY_THRESHOLD
    }

    /// The positions shown along `axis`: all of them, or, for a summarized array, the first and
    /// last [`EDGE_ITEMS`] around a gap (`None`), as NumPy prints.
    pub fn shown(&self, axis: usize) -> Vec<Option<i64>> {
        let len = self.shape().get(axis).copied().unwrap_or(0);
        summarize(len, self.summarized())
    }

    /// The array cells the grid draws, in row order: every cell, or for a summarized array those
    /// whose every index is [`Picture::shown`] along its axis.
    pub fn shown_cells(&self) -> Vec<usize> {
        if self.size() == 0 {
            return Vec::new();
        }
        let axes: Vec<Vec<i64>> = (0..self.shape().len())
            .map(|axis| self.shown(axis).into_iter().flatten().collect())
            .collect();
        let mut cells = vec![Vec::new()];
        for shown in &axes {
            cells = cells
                .into_iter()
                .flat_map(|index: Vec<i64>| {
                    shown.iter().map(move |&i| {
                        let mut next = index.clone();
                        next.push(i);
                        next
                    })
                })
                .collect();
        }
        cells.iter().map(|index| self.flat(index)).collect()
    }

    /// The row-order position of the cell at `index`.
    pub fn flat(&self, index: &[i64]) -> usize {
        let mut flat: i64 = 0;
        for (&d, &i) in self.shape().iter().zip(index) {
            flat = flat.saturating_mul(d).saturating_add(i);
        }
        usize::try_from(flat).unwrap_or(0)
    }

    /// The indices of array cell `flat` (row order).
    pub fn index(&self, flat: usize) -> Vec<i64> {
        unravel(self.shape(), flat as i64).to_vec()
    }

    /// The indices joined by commas, as in `data-index="1,2"`.
    pub fn index_label(&self, flat: usize) -> String {
        self.index(flat)
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The byte address of array cell `flat`.
    pub fn address(&self, flat: usize) -> i128 {
        self.layout().address(&unravel(self.shape(), flat as i64))
    }

    /// The memory cell where array cell `flat` starts, if inside the buffer.
    pub fn position(&self, flat: usize) -> Option<usize> {
        let a = self.address(flat);
        let u = i128::from(self.unit());
        let p = a.div_euclid(u);
        usize::try_from(p).ok().filter(|&p| p < self.reads.len())
    }

    /// The memory cells array cell `flat` covers (more than one in bytes mode).
    pub fn positions(&self, flat: usize) -> std::ops::Range<usize> {
        let Some(first) = self.position(flat) else {
            return 0..0;
        };
        let width = match self.units {
            Units::Elements => 1,
            Units::Bytes => self.drawn.dtype.itemsize as usize,
        };
        first..(first + width).min(self.reads.len())
    }

    /// Whether array cell `flat` reads memory never written (`np.empty`: see
    /// [`crate::Values::unwritten`]); its [`Picture::value`] is then `?`.
    pub fn is_unwritten(&self, flat: usize) -> bool {
        self.drawn
            .values
            .unwritten(self.address(flat), self.drawn.dtype.itemsize.unsigned_abs())
    }

    /// The value of array cell `flat`, as Python prints it; `?` outside the buffer or where
    /// the memory was never written.
    pub fn value(&self, flat: usize) -> String {
        if self.is_unwritten(flat) {
            return "?".into();
        }
        self.drawn
            .values
            .value_at(self.address(flat))
            .unwrap_or_else(|| "?".into())
    }

    /// The address rule in symbols: `start + i·s₀ + j·s₁`.
    pub fn general_rule(&self) -> String {
        let mut symbols = String::from("start");
        for k in 0..self.layout().ndim() {
            symbols.push_str(&format!(" + {}·s{}", index_name(k), subscript(k)));
        }
        symbols
    }
}
