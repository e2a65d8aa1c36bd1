//! [`Picture`]: what the lab draws for an array, computed here so that the front end only draws.
//!
//! An array cell knows its indices, its value and the memory cell it reads; a memory cell knows
//! its value and how many array cells read it; the address rule is written out with the numbers
//! filled in. Positions are counted in elements (as the lesson counts) or in bytes.

use std::rc::Rc;

use stride_core::footprint::unravel;
use stride_core::reshape::CopyReason;

use crate::array::{Array, Op};
use crate::display::num_str;
use crate::dtype::DType;
use crate::kind::{First, Kind};

mod jumps;
mod keys;
mod memory;
mod reads;
mod walk;
mod windows;

pub use jumps::{Jump, OUTSIDE_SHOWN, Reader};
pub use keys::{Move, neighbor};
pub use memory::MEMORY_SHOWN;
pub use reads::{READERS_SHOWN, Reads, TALLY_UP_TO, count_in, outside_count, readers_in};
pub use walk::{WALK_SHOWN, Walk};
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
    array: Rc<Array>,
    units: Units,
    kind: Kind,
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
    /// The picture of `array`; `first` is the program's first array, whose memory the lesson's
    /// views read (an array with memory of its own is a copy).
    pub fn new(array: Rc<Array>, first: Option<&First>, units: Units) -> Picture {
        let kind = crate::kind::kind(&array, first);
        let unit = match units {
            Units::Elements => array.buffer.dtype.itemsize(),
            Units::Bytes => 1,
        };
        let (reads, outside) = Reads::new(&array.layout, unit, array.buffer.len());
        let mut picture = Picture {
            array,
            units,
            kind,
            reads,
            outside,
            window_axes: None,
        };
        picture.window_axes = picture.find_window_axes();
        picture
    }

    /// The array drawn.
    pub fn array(&self) -> &Rc<Array> {
        &self.array
    }

    /// Elements or bytes.
    pub fn units(&self) -> Units {
        self.units
    }

    /// Bytes per memory cell.
    pub fn unit(&self) -> i64 {
        match self.units {
            Units::Elements => self.array.buffer.dtype.itemsize(),
            Units::Bytes => 1,
        }
    }

    /// The shape.
    pub fn shape(&self) -> &[i64] {
        self.array.layout.shape()
    }

    /// Number of array cells.
    pub fn size(&self) -> usize {
        usize::try_from(self.array.layout.size()).unwrap_or(0)
    }

    /// The dtype.
    pub fn dtype(&self) -> DType {
        self.array.dtype
    }

    /// Stride `k` in the current units; `None` when it is not a whole number of units.
    pub fn stride(&self, k: usize) -> Option<i64> {
        let s = *self.array.layout.strides().get(k)?;
        let u = self.unit();
        (s % u == 0).then_some(s / u)
    }

    /// All strides in the current units.
    pub fn strides(&self) -> Vec<Option<i64>> {
        (0..self.array.layout.ndim())
            .map(|k| self.stride(k))
            .collect()
    }

    /// The start in the current units, if whole.
    pub fn start(&self) -> Option<i64> {
        let o = self.array.layout.offset();
        let u = self.unit();
        (o % u == 0).then_some(o / u)
    }

    /// What memory it reads, compared with the program's first array: the facts panel's kind.
    pub fn kind(&self) -> &Kind {
        &self.kind
    }

    /// Whether the array reads memory other than the first array's (a copy, or a view of one).
    pub fn is_copy(&self) -> bool {
        !self.kind.is_view()
    }

    /// Whether the array is the program's first array and owns its memory (`np.arange(6) * 2`):
    /// new memory, neither a view nor a copy of another array.
    pub fn is_new(&self) -> bool {
        self.kind == Kind::First
    }

    /// Why NumPy could not keep the memory, for a reshape that copied.
    pub fn copy_reason(&self) -> Option<CopyReason> {
        let mut current = &self.array;
        loop {
            if let Op::Reshape(_, Some(reason)) = current.origin.op {
                return Some(reason);
            }
            match &current.origin.parent {
                Some(parent) if parent.shares_buffer(current) => current = parent,
                _ => return None,
            }
        }
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
        self.array
            .layout
            .address(&unravel(self.shape(), flat as i64))
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
            Units::Bytes => self.array.dtype.itemsize() as usize,
        };
        first..(first + width).min(self.reads.len())
    }

    /// Whether array cell `flat` reads memory never written (`np.empty`: see
    /// [`crate::written`]); its [`Picture::value`] is then `?`.
    pub fn is_unwritten(&self, flat: usize) -> bool {
        self.array.buffer.unwritten(
            self.address(flat),
            self.array.dtype.itemsize().unsigned_abs(),
        )
    }

    /// The value of array cell `flat`, as Python prints it; `?` outside the buffer or where
    /// the memory was never written.
    pub fn value(&self, flat: usize) -> String {
        if self.is_unwritten(flat) {
            return "?".into();
        }
        match self.array.read_at(self.address(flat)) {
            Some(n) => num_str(self.array.dtype, n),
            None => "?".into(),
        }
    }

    /// The address rule in symbols: `start + i·s₀ + j·s₁`.
    pub fn general_rule(&self) -> String {
        let mut symbols = String::from("start");
        for k in 0..self.array.layout.ndim() {
            symbols.push_str(&format!(" + {}·s{}", index_name(k), subscript(k)));
        }
        symbols
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn picture(program: &str) -> Picture {
        picture_in(program, Units::Elements)
    }

    pub(super) fn picture_in(program: &str, units: Units) -> Picture {
        let outcome = crate::run(program).unwrap();
        let crate::value::Value::Array(a) = outcome.value else {
            panic!("not an array")
        };
        Picture::new(a, outcome.first.as_ref(), units)
    }

    pub(super) const X: &str = "x = np.arange(12.0).reshape(3, 4)\n";

    #[test]
    fn the_address_rule_of_the_lesson() {
        let p = picture(&format!("{X}x"));
        // x[1, 2] lives at 0 + 1·4 + 2·1 = 6.
        assert_eq!(p.address_rule(6), "start + i·s₀ + j·s₁ = 0 + 1·4 + 2·1 = 6");
        assert_eq!(p.position(6), Some(6));
        assert_eq!(p.index_label(6), "1,2");
        assert!(!p.is_copy());
        // x views arange's memory (OWNDATA False), though it is the program's first array.
        assert!(!p.is_new());
    }

    #[test]
    fn a_first_array_that_owns_its_memory_is_new_not_a_view() {
        let p = picture("x = np.arange(6, dtype=np.float32) * 400000.0\nx");
        assert!(p.is_new() && !p.is_copy());
        let v = picture("x = np.arange(6) * 2\ny = x[::2]\ny");
        assert!(!v.is_new() && !v.is_copy());
    }

    #[test]
    fn views_read_the_first_arrays_memory() {
        let t = picture(&format!("{X}x.T"));
        assert_eq!(t.strides(), vec![Some(1), Some(4)]);
        assert_eq!(t.value(1), "4.0");
        assert_eq!(t.readers(4), vec![1]);
        let s = picture(&format!("{X}x[1:, 1:]"));
        assert_eq!(s.start(), Some(5));
        assert_eq!(
            (0..5).map(|p| s.reads(p)).collect::<Vec<_>>(),
            vec![0, 0, 0, 0, 0]
        );
        let b = picture(&format!("{X}np.broadcast_to(x[0], (3, 4))"));
        assert_eq!(b.reads(2), 3);
        assert_eq!(b.readers(2), vec![2, 6, 10]);
    }

    #[test]
    fn a_copy_has_its_own_memory_in_the_new_order() {
        let c = picture(&format!("{X}x.T.reshape(2, 6)"));
        assert!(c.is_copy());
        let memory: Vec<String> = (0..c.memory_len()).map(|p| c.memory_value(p)).collect();
        assert_eq!(
            memory,
            [
                "0.0", "4.0", "8.0", "1.0", "5.0", "9.0", "2.0", "6.0", "10.0", "3.0", "7.0",
                "11.0"
            ]
        );
        assert!(c.copy_reason().is_some());
    }

    #[test]
    fn large_arrays_are_summarized_as_numpy_prints_them() {
        let p = picture("x = np.arange(1000000.0).reshape(1000, 1000)\nx");
        assert!(p.summarized());
        assert_eq!(
            p.shown(0),
            vec![
                Some(0),
                Some(1),
                Some(2),
                None,
                Some(997),
                Some(998),
                Some(999)
            ]
        );
        let memory = p.memory_shown(&[500_000]);
        assert_eq!(memory.len(), 48 + 1 + 5 + 1 + 16);
        assert!(memory.contains(&Some(500_000)));
        assert_eq!(p.flat(&[2, 999]), 2999);
        let small = picture(&format!("{X}x"));
        assert_eq!(small.shown(1), vec![Some(0), Some(1), Some(2), Some(3)]);
    }

    #[test]
    fn bytes_mode_counts_bytes() {
        let outcome = crate::run("a = np.arange(12, dtype=np.int32).reshape(3, 4)\na").unwrap();
        let crate::value::Value::Array(a) = outcome.value else {
            panic!()
        };
        let p = Picture::new(a, outcome.first.as_ref(), Units::Bytes);
        // Seed 001: a[2, 1] at byte 36.
        assert_eq!(
            p.address_rule(9),
            "start + i·s₀ + j·s₁ = 0 + 2·16 + 1·4 = 36"
        );
        assert_eq!(p.positions(9), 36..40);
        assert_eq!(p.memory_len(), 48);
    }
}
