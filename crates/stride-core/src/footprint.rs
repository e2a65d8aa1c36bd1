//! The footprint: which buffer positions a layout reads, in which order, and how many times each.
//!
//! [`Positions`] walks the elements in row (C) order and yields each one's byte address, one
//! addition per step. [`tally`] counts, for each cell of a buffer, how many elements read it, and
//! how many reads fall outside the buffer (possible only through `as_strided`).

use crate::dims::Dims;
use crate::layout::Layout;

/// The byte addresses of a layout's elements in row order (postcondition: the k-th item equals
/// `layout.address(unravel(layout.shape(), k))`).
#[derive(Clone)]
pub struct Positions {
    shape: Dims,
    strides: Dims,
    index: Dims,
    address: i128,
    remaining: i64,
}

impl Positions {
    /// Starts at element `[0, 0, …]`.
    pub fn new(layout: &Layout) -> Self {
        let index = Dims::filled(layout.ndim(), 0).unwrap_or_default();
        Positions {
            shape: *layout.shape(),
            strides: *layout.strides(),
            index,
            address: i128::from(layout.offset()),
            remaining: layout.size(),
        }
    }
}

impl Iterator for Positions {
    type Item = i128;

    fn next(&mut self) -> Option<i128> {
        if self.remaining <= 0 {
            return None;
        }
        let current = self.address;
        self.remaining -= 1;
        // Fast path: the last axis has room.
        if let (Some(i), Some(&d), Some(&s)) = (
            self.index.last_mut(),
            self.shape.last(),
            self.strides.last(),
        ) && *i + 1 < d
        {
            *i += 1;
            self.address += i128::from(s);
            return Some(current);
        }
        // Odometer step from the last axis: add its stride, or wrap it and carry left.
        for ((i, &d), &s) in self
            .index
            .iter_mut()
            .zip(self.shape.iter())
            .zip(self.strides.iter())
            .rev()
        {
            if *i + 1 < d {
                *i += 1;
                self.address += i128::from(s);
                break;
            }
            self.address -= i128::from(*i) * i128::from(s);
            *i = 0;
        }
        Some(current)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::try_from(self.remaining).unwrap_or(usize::MAX);
        (n, Some(n))
    }
}

/// The multi-index of the `flat`-th element in row order.
pub fn unravel(shape: &[i64], flat: i64) -> Dims {
    let mut index = Dims::filled(shape.len(), 0).unwrap_or_default();
    let mut rest = flat;
    for (slot, &d) in index.iter_mut().zip(shape.iter()).rev() {
        if d > 0 {
            *slot = rest % d;
            rest /= d;
        }
    }
    index
}

/// Moves `index` to the next element of `shape` in row order: the inverse step of [`unravel`]
/// (`unravel(shape, k)` becomes `unravel(shape, k + 1)`), wrapping to all zeros after the last.
pub fn step(index: &mut [i64], shape: &[i64]) {
    for (i, &d) in index.iter_mut().zip(shape.iter()).rev() {
        *i += 1;
        if *i < d {
            return;
        }
        *i = 0;
    }
}

/// What [`tally`] found beyond the counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Elements read in all.
    pub reads: u64,
    /// Elements whose bytes fall, wholly or partly, outside the buffer.
    pub outside: u64,
}

/// Adds to `counts[c]` one for every element of `layout` whose bytes touch cell `c`, where cell `c`
/// is bytes `c·cell .. (c+1)·cell` of a buffer of `counts.len()` cells. Elements that reach outside
/// the buffer are counted in [`Tally::outside`] (their cells inside still count).
pub fn tally(layout: &Layout, cell: i64, counts: &mut [u32]) -> Tally {
    if let Some(fast) = tally_small(layout, cell, counts) {
        return fast;
    }
    let mut result = Tally::default();
    let cell = i128::from(cell.max(1));
    let cells = counts.len() as i128;
    let width = i128::from(layout.itemsize());
    for address in Positions::new(layout) {
        result.reads += 1;
        let first = address.div_euclid(cell);
        let last = (address + width - 1).div_euclid(cell);
        if first < 0 || last >= cells {
            result.outside += 1;
        }
        let mut c = first.max(0);
        while c <= last.min(cells - 1) {
            if let Some(slot) = usize::try_from(c).ok().and_then(|c| counts.get_mut(c)) {
                *slot = slot.saturating_add(1);
            }
            c += 1;
        }
    }
    result
}

/// [`tally`] for the common case: every byte the layout reads is inside the buffer and each
/// element lies within one cell, so each read counts one cell, found by 64-bit division.
fn tally_small(layout: &Layout, cell: i64, counts: &mut [u32]) -> Option<Tally> {
    let (low, high) = layout.byte_bounds()?;
    let cell = cell.max(1);
    let end = i128::from(cell) * counts.len() as i128;
    let aligned = layout.itemsize() <= cell
        && i128::from(layout.offset()).rem_euclid(i128::from(cell)) + i128::from(layout.itemsize())
            <= i128::from(cell)
        && layout.strides().iter().all(|s| s % cell == 0);
    if low < 0 || high > end || !aligned {
        return None;
    }
    let mut reads = 0u64;
    for address in Positions::new(layout) {
        reads += 1;
        let c = (address as i64 / cell) as usize;
        if let Some(slot) = counts.get_mut(c) {
            *slot = slot.saturating_add(1);
        }
    }
    Some(Tally { reads, outside: 0 })
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::axes::reversed;
    use crate::broadcast::broadcast_to;
    use crate::layout::Order;
    use std::vec::Vec;

    #[test]
    fn step_walks_unravel_in_order() {
        for shape in [&[2, 3, 4][..], &[5], &[1, 3, 1], &[]] {
            let size: i64 = shape.iter().product();
            let mut index = [0i64; 3];
            let index = &mut index[..shape.len()];
            for k in 0..size {
                assert_eq!(&*index, unravel(shape, k).as_slice(), "{shape:?} at {k}");
                step(index, shape);
            }
            assert!(index.iter().all(|&i| i == 0), "{shape:?} wraps to zeros");
        }
    }

    #[test]
    fn transposed_walk_is_the_lessons() {
        // Seed 000 §3: x.T in row order reads positions 0, 4, 8, 1, 5, 9, …
        let x = Layout::contiguous(&[3, 4], 8, Order::C).unwrap();
        let walk: Vec<i128> = Positions::new(&reversed(&x)).map(|a| a / 8).collect();
        assert_eq!(walk, [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
    }

    #[test]
    fn positions_agree_with_the_address_rule() {
        let l = Layout::new(&[2, 3, 2], &[-40, 16, 0], 100, 8).unwrap();
        for (k, address) in Positions::new(&l).enumerate() {
            assert_eq!(address, l.address(&unravel(l.shape(), k as i64)));
        }
        assert_eq!(Positions::new(&l).count(), 12);
        assert_eq!(
            Positions::new(&Layout::new(&[], &[], 24, 8).unwrap()).collect::<Vec<_>>(),
            [24]
        );
        assert_eq!(
            Positions::new(&Layout::new(&[3, 0], &[8, 8], 0, 8).unwrap()).count(),
            0
        );
    }

    #[test]
    fn broadcast_reads_each_cell_three_times() {
        let row = Layout::contiguous(&[4], 8, Order::C).unwrap();
        let b = broadcast_to(&row, &[3, 4]).unwrap();
        let mut counts = [0u32; 12];
        let t = tally(&b, 8, &mut counts);
        assert_eq!(counts, [3, 3, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(
            t,
            Tally {
                reads: 12,
                outside: 0
            }
        );
    }

    #[test]
    fn reads_outside_are_counted() {
        // as_strided(np.arange(6.0), shape=(4, 3), strides=(16, 8)) reads up to element 8.
        let w = Layout::new(&[4, 3], &[16, 8], 0, 8).unwrap();
        let mut counts = [0u32; 6];
        let t = tally(&w, 8, &mut counts);
        // Elements 6, 6, 7 and 8 lie past the six in the buffer.
        assert_eq!(t.outside, 4);
        assert_eq!(counts, [1, 1, 2, 1, 2, 1]);
        // Misaligned strides touch two cells per element.
        let m = Layout::new(&[2], &[4], 0, 8).unwrap();
        let mut counts = [0u32; 2];
        tally(&m, 8, &mut counts);
        assert_eq!(counts, [2, 1]);
    }
}
