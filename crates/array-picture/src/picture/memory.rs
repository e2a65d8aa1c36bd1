//! The memory row: which cells are drawn, what each holds, and which array cells read it.

use stride_core::footprint::Positions;

use super::{Picture, Units};

/// Memory cells drawn in full; more are summarized.
pub const MEMORY_SHOWN: usize = 4096;

const MEMORY_HEAD: usize = 48;
const MEMORY_TAIL: usize = 16;

impl Picture {
    /// The memory cells shown: all of them up to [`MEMORY_SHOWN`], else the first and last ones
    /// around a gap (`None`), plus a few around each position in `keep` (the highlighted ones).
    pub fn memory_shown(&self, keep: &[usize]) -> Vec<Option<usize>> {
        let n = self.memory_len();
        if n <= MEMORY_SHOWN {
            return (0..n).map(Some).collect();
        }
        // The wanted ranges, merged in order: the cost is the cells drawn, not the memory's size.
        let mut ranges: Vec<(usize, usize)> = vec![(0, MEMORY_HEAD), (n - MEMORY_TAIL, n)];
        ranges.extend(
            keep.iter()
                .map(|&p| (p.saturating_sub(2), p.saturating_add(3).min(n))),
        );
        stride_core::sort::sort_small_by_key(&mut ranges, |&r| r);
        let mut out = Vec::new();
        let mut next = 0;
        for (from, to) in ranges {
            let from = from.max(next);
            if from >= to {
                continue;
            }
            if from > next {
                out.push(None);
            }
            out.extend((from..to).map(Some));
            next = to;
        }
        if next < n {
            out.push(None);
        }
        out
    }

    /// Number of memory cells.
    pub fn memory_len(&self) -> usize {
        self.reads.len()
    }

    /// What memory cell `p` holds: the element's value, or in bytes mode the byte in hex.
    pub fn memory_value(&self, p: usize) -> String {
        let values = &self.drawn.values;
        match self.units {
            Units::Elements => {
                let address = p as i128 * i128::from(self.unit());
                if values.unwritten(address, self.unit().unsigned_abs()) {
                    return "?".into();
                }
                values
                    .memory_value_at(address)
                    .unwrap_or_else(|| "?".into())
            }
            Units::Bytes if values.unwritten(p as i128, 1) => "?".into(),
            Units::Bytes => values
                .byte(p)
                .map_or_else(|| "?".into(), |b| format!("{b:02x}")),
        }
    }

    /// Whether memory cell `p` was never written (`np.empty`: see [`crate::Values::unwritten`]);
    /// its [`Picture::memory_value`] is then `?`.
    pub fn memory_unwritten(&self, p: usize) -> bool {
        let unit = self.unit();
        self.drawn
            .values
            .unwritten(p as i128 * i128::from(unit), unit.unsigned_abs())
    }

    /// The element of the buffer that memory cell `p` belongs to (itself in element mode; in bytes
    /// mode, bytes are grouped by the buffer's item size, as on seed 002's shelf).
    pub fn element_of(&self, p: usize) -> usize {
        let per = (self.drawn.memory_itemsize / self.unit()).max(1) as usize;
        p / per
    }

    /// The value of element `k` of the buffer, as Python prints it.
    pub fn element_value(&self, k: usize) -> String {
        let itemsize = self.drawn.memory_itemsize;
        let address = k as i128 * i128::from(itemsize);
        if self
            .drawn
            .values
            .unwritten(address, itemsize.unsigned_abs())
        {
            return "?".into();
        }
        self.drawn
            .values
            .memory_value_at(address)
            .unwrap_or_else(|| "?".into())
    }

    /// How many array cells read memory cell `p`.
    pub fn reads(&self, p: usize) -> u32 {
        self.reads.get(p)
    }

    /// Reads that fall outside the buffer (only through `as_strided`).
    pub fn reads_outside(&self) -> u64 {
        self.outside
    }

    /// The array cells that read memory cell `p`, in row order.
    /// Past [`super::TALLY_UP_TO`] elements, they are found by solving for the index (at most
    /// [`super::READERS_SHOWN`] of them) rather than by walking every element.
    pub fn readers(&self, p: usize) -> Vec<usize> {
        let u = i128::from(self.unit());
        let width = i128::from(self.drawn.dtype.itemsize);
        let p = p as i128;
        if u64::try_from(self.layout().size()).unwrap_or(u64::MAX) > super::TALLY_UP_TO {
            let (low, high) = (p * u - width + 1, p * u + u - 1);
            return super::readers_in(self.layout(), low, high, super::READERS_SHOWN);
        }
        Positions::new(self.layout())
            .enumerate()
            .filter(|(_, a)| a.div_euclid(u) <= p && (a + width - 1).div_euclid(u) >= p)
            .map(|(k, _)| k)
            .collect()
    }
}
