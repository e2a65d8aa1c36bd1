//! [`Reads`]: how many array cells read each memory cell. Up to [`TALLY_UP_TO`] cells (and
//! elements) they are tallied once, element by element; past it (a lazy buffer of 10⁸ elements)
//! each count is computed when a cell is drawn, by solving `start + Σ iₖ·sₖ ∈ cell` axis by
//! axis, so a picture costs the cells drawn, not the array's size.

use stride_core::Layout;
use stride_core::footprint::{Positions, tally};

/// Cells (and elements) tallied at once; more are counted cell by cell.
pub const TALLY_UP_TO: u64 = 1 << 22;

/// Readers of one memory cell listed at most, when the array is too large to walk.
pub const READERS_SHOWN: usize = 1024;

/// Candidate index tuples one count may visit before it gives up (saturating the count).
const COUNT_BUDGET: u64 = 100_000;

/// The read counts of a picture's memory cells.
#[derive(Clone, Debug)]
pub enum Reads {
    /// Every count, tallied.
    Tallied(Vec<u32>),
    /// Counted on demand.
    Counted {
        /// The layout read.
        layout: Box<Layout>,
        /// Bytes per cell.
        unit: i64,
        /// Number of cells.
        cells: usize,
    },
}

impl Reads {
    /// The counts of `layout` over a buffer of `len` bytes in cells of `unit` bytes, and the
    /// number of elements that reach outside it.
    pub fn new(layout: &Layout, unit: i64, len: u64) -> (Reads, u64) {
        let unit = unit.max(1);
        let cells = len / unit as u64;
        let size = u64::try_from(layout.size()).unwrap_or(u64::MAX);
        if cells <= TALLY_UP_TO && size <= TALLY_UP_TO {
            let mut counts = vec![0u32; cells as usize];
            let outside = tally(layout, unit, &mut counts).outside;
            return (Reads::Tallied(counts), outside);
        }
        let reads = Reads::Counted {
            layout: Box::new(*layout),
            unit,
            cells: usize::try_from(cells).unwrap_or(usize::MAX),
        };
        (reads, outside_count(layout, len))
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        match self {
            Reads::Tallied(c) => c.len(),
            Reads::Counted { cells, .. } => *cells,
        }
    }

    /// Whether there are no cells.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many elements touch cell `p`.
    pub fn get(&self, p: usize) -> u32 {
        match self {
            Reads::Tallied(c) => c.get(p).copied().unwrap_or(0),
            Reads::Counted {
                layout,
                unit,
                cells,
            } => {
                if p >= *cells {
                    return 0;
                }
                let u = i128::from(*unit);
                let w = i128::from(layout.itemsize());
                let low = p as i128 * u - w + 1;
                let high = p as i128 * u + u - 1;
                let n = count_in(layout, low, high);
                u32::try_from(n).unwrap_or(u32::MAX)
            }
        }
    }
}

/// Elements of `layout` whose bytes reach outside `0..len` (counted one by one only when some
/// do, up to [`TALLY_UP_TO`] elements: past that, a lower bound).
pub fn outside_count(layout: &Layout, len: u64) -> u64 {
    match layout.byte_bounds() {
        None => 0,
        Some((low, high)) if low >= 0 && high <= i128::from(len) => 0,
        Some(_) => {
            let w = i128::from(layout.itemsize());
            Positions::new(layout)
                .take(TALLY_UP_TO as usize)
                .filter(|&a| a < 0 || a + w > i128::from(len))
                .count() as u64
        }
    }
}

/// Index tuples of `layout` whose byte address lies in `low..=high`, saturating past
/// `COUNT_BUDGET` candidates.
pub fn count_in(layout: &Layout, low: i128, high: i128) -> u64 {
    let mut axes: Vec<(i128, i128)> = layout
        .shape()
        .iter()
        .zip(layout.strides().iter())
        .map(|(&n, &s)| (i128::from(n), i128::from(s)))
        .collect();
    if axes.iter().any(|&(n, _)| n == 0) {
        return 0;
    }
    stride_core::sort::sort_small_by_key(&mut axes, |&(_, s)| std::cmp::Reverse(s.abs()));
    let mut budget = COUNT_BUDGET;
    count_from(&axes, i128::from(layout.offset()), low, high, &mut budget)
}

fn count_from(axes: &[(i128, i128)], base: i128, low: i128, high: i128, budget: &mut u64) -> u64 {
    let Some((&(n, s), rest)) = axes.split_first() else {
        return u64::from(low <= base && base <= high);
    };
    // What the remaining axes can add, at least and at most.
    let (mut least, mut most) = (0i128, 0i128);
    for &(m, t) in rest {
        let reach = (m - 1) * t;
        least += reach.min(0);
        most += reach.max(0);
    }
    if s == 0 {
        let inner = count_from(rest, base, low, high, budget);
        return inner.saturating_mul(u64::try_from(n).unwrap_or(u64::MAX));
    }
    // base + i·s + [least, most] must meet [low, high].
    let (from, to) = if s > 0 {
        (
            div_ceil(low - most - base, s),
            div_floor(high - least - base, s),
        )
    } else {
        (
            div_ceil(high - least - base, s),
            div_floor(low - most - base, s),
        )
    };
    let (from, to) = (from.max(0), to.min(n - 1));
    let mut total = 0u64;
    let mut i = from;
    while i <= to {
        if *budget == 0 {
            return total.max(1);
        }
        *budget -= 1;
        total = total.saturating_add(count_from(rest, base + i * s, low, high, budget));
        i += 1;
    }
    total
}

/// The row-order positions (flat indices) of the elements of `layout` whose byte address lies
/// in `low..=high`, in order, at most `cap` of them (and at most `COUNT_BUDGET` candidates).
pub fn readers_in(layout: &Layout, low: i128, high: i128, cap: usize) -> Vec<usize> {
    let shape = layout.shape();
    if shape.contains(&0) {
        return Vec::new();
    }
    // Row-order weight of each axis: the product of the sizes after it.
    let mut weight = vec![1i128; shape.len()];
    for k in (0..shape.len().saturating_sub(1)).rev() {
        let after = weight.get(k + 1).copied().unwrap_or(1);
        let n = i128::from(shape.get(k + 1).copied().unwrap_or(1));
        if let Some(w) = weight.get_mut(k) {
            *w = after.saturating_mul(n);
        }
    }
    let mut axes: Vec<Axis> = shape
        .iter()
        .zip(layout.strides().iter())
        .zip(weight)
        .map(|((&n, &s), w)| Axis {
            n: i128::from(n),
            s: i128::from(s),
            w,
        })
        .collect();
    stride_core::sort::sort_small_by_key(&mut axes, |a| std::cmp::Reverse(a.s.abs()));
    let mut found = Vec::new();
    let mut budget = COUNT_BUDGET;
    let mut walk = Find {
        low,
        high,
        cap,
        budget: &mut budget,
        found: &mut found,
    };
    walk.from(&axes, i128::from(layout.offset()), 0);
    found.sort_unstable();
    found.truncate(cap);
    found
}

/// One axis for [`readers_in`]: its size, stride and row-order weight.
#[derive(Clone, Copy)]
struct Axis {
    n: i128,
    s: i128,
    w: i128,
}

struct Find<'a> {
    low: i128,
    high: i128,
    cap: usize,
    budget: &'a mut u64,
    found: &'a mut Vec<usize>,
}

impl Find<'_> {
    fn from(&mut self, axes: &[Axis], base: i128, flat: i128) {
        let Some((a, rest)) = axes.split_first() else {
            if self.low <= base && base <= self.high {
                if let Ok(f) = usize::try_from(flat) {
                    self.found.push(f);
                }
            }
            return;
        };
        let (mut least, mut most) = (0i128, 0i128);
        for r in rest {
            let reach = (r.n - 1) * r.s;
            least += reach.min(0);
            most += reach.max(0);
        }
        let (from, to) = match a.s {
            0 => (0, a.n - 1),
            s if s > 0 => (
                div_ceil(self.low - most - base, s),
                div_floor(self.high - least - base, s),
            ),
            s => (
                div_ceil(self.high - least - base, s),
                div_floor(self.low - most - base, s),
            ),
        };
        let mut i = from.max(0);
        while i <= to.min(a.n - 1) {
            // Broadcast axes come last in stride order, so enough readers end the search.
            if *self.budget == 0 || self.found.len() >= self.cap.saturating_mul(4).max(64) {
                return;
            }
            *self.budget -= 1;
            self.from(rest, base + i * a.s, flat + i * a.w);
            i += 1;
        }
    }
}

/// `⌊a / b⌋` for any signs, `b ≠ 0`.
fn div_floor(a: i128, b: i128) -> i128 {
    if b < 0 {
        (-a).div_euclid(-b)
    } else {
        a.div_euclid(b)
    }
}

/// `⌈a / b⌉` for any signs, `b ≠ 0`.
fn div_ceil(a: i128, b: i128) -> i128 {
    -div_floor(-a, b)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    /// The solver against the tally, on views of a 60-byte buffer (cells of 1, 2 and 8 bytes).
    #[test]
    fn counting_a_cell_agrees_with_the_tally() {
        let layouts = [
            Layout::new(&[3, 4], &[16, 4], 0, 4).unwrap(),
            Layout::new(&[4, 3], &[4, 16], 0, 4).unwrap(),
            Layout::new(&[2, 3, 2], &[0, 16, -4], 4, 4).unwrap(),
            Layout::new(&[5, 3], &[4, 4], 0, 4).unwrap(),
            Layout::new(&[3, 3], &[-16, 8], 40, 8).unwrap(),
            Layout::new(&[7], &[3], 1, 2).unwrap(),
            Layout::new(&[2, 0], &[8, 8], 0, 8).unwrap(),
        ];
        for layout in layouts {
            for unit in [1, 2, 4, 8] {
                let mut counts = vec![0u32; 60 / unit as usize];
                tally(&layout, unit, &mut counts);
                let counted = Reads::Counted {
                    layout: Box::new(layout),
                    unit,
                    cells: counts.len(),
                };
                for (p, &c) in counts.iter().enumerate() {
                    assert_eq!(counted.get(p), c, "{layout:?} unit {unit} cell {p}");
                }
            }
        }
    }

    #[test]
    fn finding_readers_agrees_with_walking_every_element() {
        let layouts = [
            Layout::new(&[3, 4], &[16, 4], 0, 4).unwrap(),
            Layout::new(&[4, 3], &[4, 16], 0, 4).unwrap(),
            Layout::new(&[2, 3, 2], &[0, 16, -4], 4, 4).unwrap(),
            Layout::new(&[5, 3], &[4, 4], 0, 4).unwrap(),
            Layout::new(&[3, 3], &[-16, 8], 40, 8).unwrap(),
        ];
        for layout in layouts {
            for p in 0..60i128 {
                let w = i128::from(layout.itemsize());
                let walked: Vec<usize> = Positions::new(&layout)
                    .enumerate()
                    .filter(|(_, a)| *a <= p && a + w > p)
                    .map(|(k, _)| k)
                    .collect();
                assert_eq!(
                    readers_in(&layout, p - w + 1, p, 1000),
                    walked,
                    "{layout:?} {p}"
                );
            }
        }
    }

    #[test]
    fn a_huge_buffer_is_counted_not_tallied() {
        let l = Layout::contiguous(&[8, 12, 1024, 1024], 4, stride_core::Order::C).unwrap();
        let (reads, outside) = Reads::new(&l, 4, 402_653_184);
        assert!(matches!(reads, Reads::Counted { .. }));
        assert_eq!((reads.len(), outside), (100_663_296, 0));
        assert_eq!((reads.get(0), reads.get(100_663_295)), (1, 1));
        let t = Layout::new(&[1024, 1024], &[4096, 4], 0, 4).unwrap();
        let (transposed, _) = Reads::new(
            &stride_core::axes::transpose(&t, &[1, 0]).unwrap(),
            4,
            1 << 22,
        );
        assert_eq!(transposed.get(12345), 1);
    }
}
