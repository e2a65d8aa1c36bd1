//! NumPy's and PyTorch's error paths, and the Python-level mistakes a learner makes, each with
//! the exception the library raised (recorded by `tests/corpus/record.py`, NumPy 2.4.6, PyTorch
//! 2.15.0): every error variant of stride-core that NumPy or PyTorch can reach, wrong types and
//! names, assignments of the wrong shape, limits of 64 dimensions. A few answers are successes:
//! the table also pins where NumPy is more lenient than one would guess (`x.reshape(None)`).
//! The rows are in modules by subject: `layout`, `values`, `torch`, `lenient`.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

#[path = "../support/mod.rs"]
mod support;

mod layout;
mod lenient;
mod torch;
mod values;

#[test]
fn every_error_path_says_what_the_library_says() {
    for rows in [layout::ROWS, values::ROWS, torch::ROWS, lenient::ROWS] {
        support::check_table(rows);
    }
}
