//! The numbers the lab's panels print beside a picture, computed here so the front end only
//! formats them: `nbytes`, whether the result shares memory with each array the program named,
//! and the products the explanation writes out (a slice's new stride, an index's move of the
//! start).

use std::rc::Rc;

use stride_core::Layout;
use stride_core::overlap::{Overlap, shares_memory};

use crate::array::Array;
use crate::context::Limits;
use crate::run::Outcome;
use crate::value::Value;

/// Whether the result shares memory with a named array (`np.shares_memory`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Sharing {
    /// It does (exact answer).
    Yes,
    /// It does not.
    No,
    /// NumPy's search gave up (`TooHardError`).
    TooHard,
}

/// `a.nbytes` of an array of `layout`: the bytes its elements take (`size · itemsize`), as NumPy
/// reports it.
pub fn nbytes(layout: &Layout) -> i64 {
    layout.nbytes()
}

/// `nbytes` in binary units when it is 1 KiB or more (`384.00 MiB`, as NumPy's MemoryError
/// words sizes), for the facts panel beside the exact count.
pub fn nbytes_human(layout: &Layout) -> Option<String> {
    let n = u64::try_from(layout.nbytes()).ok()?;
    (n >= 1024).then(|| crate::context::human_bytes(n))
}

/// `np.shares_memory(a, b)` with the lab's bound on the work.
pub fn shares(a: &Array, b: &Array, limits: &Limits) -> Sharing {
    if !a.shares_buffer(b) {
        return Sharing::No;
    }
    match shares_memory(&a.layout, &b.layout, limits.overlap_work) {
        Overlap::Yes => Sharing::Yes,
        Overlap::No => Sharing::No,
        Overlap::TooHard | Overlap::Overflow => Sharing::TooHard,
    }
}

/// For a result `array`, whether it shares memory with each other array the program named, in
/// the order they were named (the result itself is left out).
pub fn sharing(outcome: &Outcome, array: &Rc<Array>, limits: &Limits) -> Vec<(String, Sharing)> {
    outcome
        .names
        .iter()
        .filter_map(|(name, value)| match value {
            Value::Array(other) if !Rc::ptr_eq(other, array) => {
                Some((name.clone(), shares(other, array, limits)))
            }
            _ => None,
        })
        .collect()
}

/// A slice's new stride: the old `stride` times the `step` (`None` on overflow).
pub fn slice_stride(stride: i64, step: i64) -> Option<i64> {
    stride.checked_mul(step)
}

/// How far an integer index moves the start: `index · stride` (`None` on overflow).
pub fn index_shift(index: i64, stride: i64) -> Option<i64> {
    index.checked_mul(stride)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]
    use super::*;

    fn outcome(program: &str) -> Outcome {
        crate::run(program).unwrap()
    }

    fn result(o: &Outcome) -> Rc<Array> {
        match &o.value {
            Value::Array(a) => Rc::clone(a),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn sharing_is_exact_and_skips_the_result() {
        let o =
            outcome("x = np.arange(12.0).reshape(3, 4)\nodd = x[:, 1::2]\neven = x[:, ::2]\neven");
        let s = sharing(&o, &result(&o), &Limits::default());
        // NumPy 2.4.6: np.shares_memory(x, even) is True, np.shares_memory(odd, even) False.
        assert_eq!(
            s,
            vec![
                ("x".to_string(), Sharing::Yes),
                ("odd".to_string(), Sharing::No)
            ]
        );
    }

    #[test]
    fn products_are_checked() {
        assert_eq!(slice_stride(8, -2), Some(-16));
        assert_eq!(index_shift(2, 32), Some(64));
        assert_eq!(slice_stride(i64::MAX, 2), None);
        assert_eq!(index_shift(i64::MIN, -1), None);
    }
}
