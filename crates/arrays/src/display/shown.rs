//! The elements a printout shows: all of them, or past the threshold only the first and last
//! few along each longer axis (NumPy and PyTorch summarize the same way), read one by one from
//! the array's memory so that a huge array costs only its corners.

use crate::array::Array;
use crate::context::MAX_READ;
use crate::dtype::Num;
use crate::error::EvalError;

/// Past this many elements both libraries summarize (their default `threshold`).
pub const THRESHOLD: i64 = 1000;
/// How many items a summarized axis shows at each end (their default `edgeitems`).
pub const EDGE_ITEMS: i64 = 3;

/// The shown elements, in row order, and per axis how many are shown and whether `...` stands
/// between the first and the last [`EDGE_ITEMS`].
pub struct Shown {
    /// Per axis: the number of items shown along it.
    pub counts: Vec<usize>,
    /// Per axis: whether it is cut (`EDGE_ITEMS` items, `...`, `EDGE_ITEMS` items).
    pub cut: Vec<bool>,
    /// The values, in row order over the shown items.
    pub values: Vec<Num>,
}

impl Shown {
    /// Whether anything is left out.
    pub fn summarized(&self) -> bool {
        self.cut.iter().any(|c| *c)
    }
}

/// Reads what a printout of `a` shows.
pub fn shown(a: &Array) -> Result<Shown, EvalError> {
    let shape = a.layout.shape();
    let summarize = a.layout.size() > THRESHOLD;
    let mut axes: Vec<Vec<i64>> = Vec::with_capacity(shape.len());
    let mut cut = Vec::with_capacity(shape.len());
    let mut total: u64 = 1;
    for &n in shape.iter() {
        let is_cut = summarize && n > 2 * EDGE_ITEMS;
        let items: Vec<i64> = if is_cut {
            (0..EDGE_ITEMS).chain(n - EDGE_ITEMS..n).collect()
        } else {
            (0..n).collect()
        };
        total = total.saturating_mul(items.len() as u64);
        axes.push(items);
        cut.push(is_cut);
    }
    if total > MAX_READ {
        return Err(EvalError::limit(crate::error::Limit::Work {
            asked: total,
            most: MAX_READ,
        }));
    }
    let counts: Vec<usize> = axes.iter().map(Vec::len).collect();
    let mut values = Vec::with_capacity(usize::try_from(total).unwrap_or(0));
    if counts.contains(&0) {
        return Ok(Shown {
            counts,
            cut,
            values,
        });
    }
    let mut at = vec![0usize; axes.len()];
    let mut index: Vec<i64> = axes
        .iter()
        .map(|items| items.first().copied().unwrap_or(0))
        .collect();
    let unwritten = a.buffer.may_be_unwritten();
    let width = a.dtype.itemsize().unsigned_abs();
    loop {
        let address = a.layout.address(&index);
        if unwritten && a.buffer.unwritten(address, width) {
            return Err(EvalError::unwritten(a.torch));
        }
        let value = a.read_at(address).ok_or_else(|| {
            EvalError::new(
                "ValueError",
                "this view reads memory outside its buffer (as_strided checks nothing): NumPy would print garbage or crash",
            )
        })?;
        values.push(value);
        // The next index in row order over the shown items.
        let mut axis = axes.len();
        loop {
            if axis == 0 {
                return Ok(Shown {
                    counts,
                    cut,
                    values,
                });
            }
            axis -= 1;
            let (Some(slot), Some(items), Some(i)) =
                (at.get_mut(axis), axes.get(axis), index.get_mut(axis))
            else {
                return Ok(Shown {
                    counts,
                    cut,
                    values,
                });
            };
            *slot += 1;
            if let Some(next) = items.get(*slot) {
                *i = *next;
                break;
            }
            *slot = 0;
            *i = items.first().copied().unwrap_or(0);
        }
    }
}
