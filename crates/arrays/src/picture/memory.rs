//! The memory row: which cells are drawn, what each holds, and which array cells read it.

use stride_core::footprint::Positions;

use super::{Picture, Units};
use crate::display::num_str;

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
        let mut wanted = vec![false; n];
        let mut mark = |from: usize, to: usize| {
            for slot in wanted.iter_mut().take(to.min(n)).skip(from) {
                *slot = true;
            }
        };
        mark(0, MEMORY_HEAD);
        mark(n - MEMORY_TAIL, n);
        for &p in keep {
            mark(p.saturating_sub(2), p + 3);
        }
        let mut out = Vec::new();
        let mut gap = false;
        for (p, &w) in wanted.iter().enumerate() {
            if w {
                out.push(Some(p));
                gap = false;
            } else if !gap {
                out.push(None);
                gap = true;
            }
        }
        out
    }

    /// Number of memory cells.
    pub fn memory_len(&self) -> usize {
        self.reads.len()
    }

    /// What memory cell `p` holds: the element's value, or in bytes mode the byte in hex.
    pub fn memory_value(&self, p: usize) -> String {
        let buffer = &self.array.buffer;
        match self.units {
            Units::Elements => {
                let address = p as i128 * i128::from(self.unit());
                buffer
                    .read(buffer.dtype, address)
                    .map_or_else(|| "?".into(), |n| num_str(buffer.dtype, n))
            }
            Units::Bytes => {
                let bytes = buffer.bytes();
                bytes
                    .get(p)
                    .map_or_else(|| "?".into(), |b| format!("{b:02x}"))
            }
        }
    }

    /// The element of the buffer that memory cell `p` belongs to (itself in element mode; in bytes
    /// mode, bytes are grouped by the buffer's item size, as on seed 002's shelf).
    pub fn element_of(&self, p: usize) -> usize {
        let per = (self.array.buffer.dtype.itemsize() / self.unit()).max(1) as usize;
        p / per
    }

    /// The value of element `k` of the buffer, as Python prints it.
    pub fn element_value(&self, k: usize) -> String {
        let dtype = self.array.buffer.dtype;
        let address = k as i128 * i128::from(dtype.itemsize());
        self.array
            .buffer
            .read(dtype, address)
            .map_or_else(|| "?".into(), |n| num_str(dtype, n))
    }

    /// How many array cells read memory cell `p`.
    pub fn reads(&self, p: usize) -> u32 {
        self.reads.get(p).copied().unwrap_or(0)
    }

    /// Reads that fall outside the buffer (only through `as_strided`).
    pub fn reads_outside(&self) -> u64 {
        self.outside
    }

    /// The array cells that read memory cell `p`, in row order.
    pub fn readers(&self, p: usize) -> Vec<usize> {
        let u = i128::from(self.unit());
        let width = i128::from(self.array.dtype.itemsize());
        let p = p as i128;
        Positions::new(&self.array.layout)
            .enumerate()
            .filter(|(_, a)| a.div_euclid(u) <= p && (a + width - 1).div_euclid(u) >= p)
            .map(|(k, _)| k)
            .collect()
    }
}
