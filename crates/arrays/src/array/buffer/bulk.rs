//! Many elements at once: the elements a layout reads, and writing a row-order list of values
//! through a layout, with one borrow of the buffer and the layout walked row by row (`rows`)
//! rather than element by element. These are the loops of every eager elementwise operation,
//! reduction, cast and new array, so they load and store `float32`, `float64` and `int64` without
//! going through the general `DType::load`/`store` (the same bytes, the same values).

use stride_core::Layout;

use super::{Buffer, Content};
use crate::dtype::{DType, Num};

/// A layout's elements in row order as rows: each a first byte address, the step between its
/// elements and how many there are. Axes of one element are left out and an axis that steps
/// exactly over the next one is joined with it, so a contiguous layout is one row. Resumable:
/// [`Walk::piece`] hands out at most so many elements at a time.
#[derive(Clone, Debug)]
pub struct Walk {
    /// The outer axes (length, byte stride), the last axis (the row) left out.
    axes: Vec<(i64, i128)>,
    index: Vec<i64>,
    /// The first address of the current row.
    address: i128,
    step: i128,
    count: i64,
    /// Elements of the current row already handed out.
    done: i64,
    finished: bool,
}

impl Walk {
    /// The walk over `layout`'s elements.
    pub fn new(layout: &Layout) -> Self {
        let mut axes: Vec<(i64, i128)> = Vec::with_capacity(layout.ndim());
        for (&n, &s) in layout.shape().iter().zip(layout.strides().iter()) {
            if n == 1 {
                continue;
            }
            let s = i128::from(s);
            match axes.last_mut() {
                Some(last) if last.1 == s * i128::from(n) => {
                    *last = (last.0.saturating_mul(n), s);
                }
                _ => axes.push((n, s)),
            }
        }
        let (count, step) = axes.pop().unwrap_or((1, 0));
        Walk {
            index: vec![0; axes.len()],
            axes,
            address: i128::from(layout.offset()),
            step,
            count,
            done: 0,
            finished: layout.size() <= 0,
        }
    }

    /// The next run of at most `most` (≥ 1) elements of one row, in row order: its first address,
    /// its step and its length.
    pub fn piece(&mut self, most: i64) -> Option<(i128, i128, i64)> {
        if self.finished {
            return None;
        }
        let n = (self.count - self.done).min(most.max(1));
        let start = self.address + i128::from(self.done) * self.step;
        self.done += n;
        if self.done >= self.count {
            self.done = 0;
            // The odometer over the outer axes, from the last.
            self.finished = true;
            for (i, &(len, s)) in self.index.iter_mut().zip(self.axes.iter()).rev() {
                if *i + 1 < len {
                    *i += 1;
                    self.address += s;
                    self.finished = false;
                    break;
                }
                self.address -= i128::from(*i) * s;
                *i = 0;
            }
        }
        Some((start, self.step, n))
    }
}

/// Calls `f(start, step, count)` for each row of `layout` in row order (see [`Walk`]).
pub fn rows(layout: &Layout, mut f: impl FnMut(i128, i128, i64)) {
    let mut walk = Walk::new(layout);
    while let Some((start, step, count)) = walk.piece(i64::MAX) {
        f(start, step, count);
    }
}

/// The `width` bytes at `address` of `bytes`, if they lie inside.
fn item(bytes: &[u8], address: i128, width: usize) -> Option<&[u8]> {
    let start = usize::try_from(address).ok()?;
    bytes.get(start..start.checked_add(width)?)
}

/// Pushes the row's elements, each read by `load` (`None` outside the buffer).
fn push_row<const W: usize>(
    bytes: &[u8],
    (start, step, count): (i128, i128, i64),
    load: impl Fn([u8; W]) -> Num,
    out: &mut Vec<Option<Num>>,
) {
    let n = usize::try_from(count).unwrap_or(0);
    out.extend((0..n).map(|t| {
        let address = start + step * t as i128;
        item(bytes, address, W)
            .and_then(|b| <[u8; W]>::try_from(b).ok())
            .map(&load)
    }));
}

impl Buffer {
    /// The elements of `dtype` that `layout` reads, in row order; `None` for one whose bytes lie
    /// outside the buffer. (As [`Buffer::read`] at each address, with one borrow.)
    pub fn read_layout(&self, dtype: DType, layout: &Layout) -> Vec<Option<Num>> {
        let n = usize::try_from(layout.size()).unwrap_or(0);
        let mut out = Vec::with_capacity(n);
        self.read_walk(dtype, &mut Walk::new(layout), n, &mut out);
        out
    }

    /// The next `n` elements of `dtype` of `walk` (fewer at its end), pushed onto `out`.
    pub fn read_walk(&self, dtype: DType, walk: &mut Walk, n: usize, out: &mut Vec<Option<Num>>) {
        let content = self.content.borrow();
        let width = usize::try_from(dtype.itemsize()).unwrap_or(0);
        let mut left = i64::try_from(n).unwrap_or(i64::MAX);
        while left > 0 {
            let Some(row) = walk.piece(left) else {
                return;
            };
            left -= row.2;
            let (start, step, count) = row;
            match &*content {
                Content::Bytes(bytes) => match dtype {
                    DType::Float64 => {
                        push_row(bytes, row, |b| Num::Float(f64::from_le_bytes(b)), out)
                    }
                    DType::Float32 => push_row(
                        bytes,
                        row,
                        |b| Num::Float(f64::from(f32::from_le_bytes(b))),
                        out,
                    ),
                    DType::Int64 => push_row(
                        bytes,
                        row,
                        |b| Num::Int(i128::from(i64::from_le_bytes(b))),
                        out,
                    ),
                    _ => {
                        let mut address = start;
                        for _ in 0..count {
                            out.push(item(bytes, address, width).map(|b| dtype.load(b)));
                            address += step;
                        }
                    }
                },
                Content::Lazy(_) => {
                    let mut slot = [0u8; 16];
                    let mut address = start;
                    for _ in 0..count {
                        let v = match (u64::try_from(address), slot.get_mut(..width)) {
                            (Ok(at), Some(s)) => content.read_into(at, s).then(|| dtype.load(s)),
                            _ => None,
                        };
                        out.push(v);
                        address += step;
                    }
                }
            }
        }
    }

    /// Writes `values` (cast to `dtype`) at the addresses `layout` reads, in row order; elements
    /// outside the buffer are skipped. (As [`Buffer::write_all`] over the layout's positions.)
    pub fn write_layout(&self, dtype: DType, layout: &Layout, values: &[Num]) {
        let width = usize::try_from(dtype.itemsize()).unwrap_or(0);
        let mut content = self.content.borrow_mut();
        let Content::Bytes(bytes) = &mut *content else {
            drop(content);
            let positions = stride_core::footprint::Positions::new(layout);
            self.write_all(dtype, positions, values);
            return;
        };
        let mut values = values.iter();
        rows(layout, |start, step, count| {
            let mut address = start;
            for v in values.by_ref().take(usize::try_from(count).unwrap_or(0)) {
                let slot = usize::try_from(address)
                    .ok()
                    .and_then(|s| bytes.get_mut(s..s.checked_add(width)?));
                if let Some(slot) = slot {
                    match (dtype, *v) {
                        // What `store` writes for a float already of the dtype, without the
                        // general cast.
                        (DType::Float64, Num::Float(f)) => slot.copy_from_slice(&f.to_le_bytes()),
                        (DType::Float32, Num::Float(f)) => {
                            slot.copy_from_slice(&(f as f32).to_le_bytes());
                        }
                        _ => dtype.store(*v, slot),
                    }
                }
                address += step;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;
    use stride_core::Order;
    use stride_core::footprint::Positions;

    fn layouts() -> Vec<Layout> {
        vec![
            Layout::contiguous(&[3, 4, 5], 8, Order::C).unwrap(),
            Layout::contiguous(&[3, 4, 5], 8, Order::F).unwrap(),
            Layout::new(&[4, 3], &[8, 32], 0, 8).unwrap(),
            Layout::new(&[2, 3], &[-24, -8], 40, 8).unwrap(),
            Layout::new(&[2, 1, 3], &[0, 999, 8], 8, 8).unwrap(),
            Layout::new(&[5], &[16], 0, 8).unwrap(),
            Layout::zero_d(8),
            Layout::new(&[0, 3], &[24, 8], 0, 8).unwrap(),
            Layout::new(&[2, 3], &[8, 8], 0, 8).unwrap(),
        ]
    }

    #[test]
    fn rows_visit_the_positions_in_row_order() {
        for l in layouts() {
            let mut got = Vec::new();
            rows(&l, |start, step, count| {
                got.extend((0..count).map(|t| start + i128::from(t) * step));
            });
            let want: Vec<i128> = Positions::new(&l).collect();
            assert_eq!(got, want, "{l:?}");
        }
    }

    #[test]
    fn pieces_resume_where_they_stopped() {
        for l in layouts() {
            for most in [1, 2, 3, 7, 1000] {
                let mut walk = Walk::new(&l);
                let mut got = Vec::new();
                while let Some((start, step, count)) = walk.piece(most) {
                    assert!(count <= most);
                    got.extend((0..count).map(|t| start + i128::from(t) * step));
                }
                let want: Vec<i128> = Positions::new(&l).collect();
                assert_eq!(got, want, "{l:?} {most}");
            }
        }
    }

    #[test]
    fn bulk_reads_and_writes_are_the_element_ones() {
        for dtype in [
            DType::Float64,
            DType::Float32,
            DType::Int64,
            DType::Int16,
            DType::Bool,
        ] {
            let w = dtype.itemsize();
            for l in layouts() {
                let l = Layout::new(
                    l.shape(),
                    &l.strides().iter().map(|s| s / 8 * w).collect::<Vec<_>>(),
                    l.offset() / 8 * w,
                    w,
                )
                .unwrap();
                let a = Buffer::new(0, dtype, vec![0u8; 64 * 8]);
                let b = Buffer::new(1, dtype, vec![0u8; 64 * 8]);
                let values: Vec<Num> = (0..l.size())
                    .map(|k| dtype.cast(Num::Float(k as f64 * 1.25 - 3.0)))
                    .collect();
                a.write_layout(dtype, &l, &values);
                b.write_all(dtype, Positions::new(&l), &values);
                assert_eq!(a.bytes_upto(512), b.bytes_upto(512), "{dtype:?} {l:?}");
                let one: Vec<Option<Num>> = Positions::new(&l).map(|p| a.read(dtype, p)).collect();
                let bulk = a.read_layout(dtype, &l);
                assert_eq!(format!("{bulk:?}"), format!("{one:?}"), "{dtype:?} {l:?}");
            }
        }
        // Outside the buffer: `None`, as one read gives.
        let small = Buffer::new(0, DType::Float64, vec![0u8; 16]);
        let l = Layout::new(&[3], &[8], 0, 8).unwrap();
        assert!(small.read_layout(DType::Float64, &l)[2].is_none());
    }
}
