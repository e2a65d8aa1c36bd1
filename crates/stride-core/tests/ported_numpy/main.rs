//! Cases ported from NumPy's own test suite (NumPy 2.4.6, as installed with the package:
//! `numpy/lib/tests/test_stride_tricks.py`, `numpy/_core/tests/test_mem_overlap.py`,
//! `test_regression.py`, `test_numeric.py`, `test_multiarray.py`, `test_api.py`), rewritten as
//! tables over stride-core's API. Each block names the upstream test it comes from. Expected
//! shapes, values and errors are the upstream tests' own; where upstream checks only values, the
//! strides written here were recorded by running that NumPy. One module per upstream subject: `stride_tricks`,
//! `mem_overlap`, `reshape`, `axes`.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod axes;
mod mem_overlap;
mod reshape;
mod stride_tricks;

use stride_core::footprint::Positions;
use stride_core::index::{IndexItem, Slice};
use stride_core::reshape::Reshaped;
use stride_core::{Layout, Order};

fn c(shape: &[i64], itemsize: i64) -> Layout {
    Layout::contiguous(shape, itemsize, Order::C).unwrap()
}

fn s(start: Option<i64>, stop: Option<i64>, step: Option<i64>) -> IndexItem {
    IndexItem::Slice(Slice { start, stop, step })
}

const ALL: IndexItem = IndexItem::Slice(Slice::FULL);

fn view(r: Reshaped) -> Layout {
    match r {
        Reshaped::View(l) => l,
        Reshaped::Copy { .. } => panic!("expected a view"),
    }
}

/// The values a layout reads from a buffer holding `0, 1, 2, …` (one number per item).
fn arange_values(l: &Layout) -> Vec<i64> {
    Positions::new(l)
        .map(|a| i64::try_from(a).unwrap() / l.itemsize())
        .collect()
}
