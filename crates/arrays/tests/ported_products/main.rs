//! Cases ported from NumPy's and PyTorch's own tests for issue 15's operations (einsum and its
//! paths, the joins with dtype= and casting=, reductions, PyTorch's narrow/select/unfold and the
//! function spellings), run as programs of the lab. The test code is ours: each group names the
//! upstream test it follows (NumPy 2.4.6's installed tests; PyTorch's test/test_view_ops.py), and
//! every expected JSON was recorded by running the same program in NumPy 2.4.6 / PyTorch 2.15.0
//! (`tests/corpus/record.py`), never written by hand.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod einsum;
mod shape_base;
#[path = "../support/mod.rs"]
mod support;
mod views;

#[test]
fn test_einsum_cases_agree_with_numpy() {
    support::check_table(einsum::EINSUM);
}

#[test]
fn test_shape_base_and_reduction_cases_agree_with_numpy() {
    support::check_table(shape_base::SHAPE_BASE);
}

#[test]
fn test_view_ops_cases_agree_with_pytorch() {
    support::check_table(views::VIEW_OPS);
}
