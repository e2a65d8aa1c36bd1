//! Browser tests of the lab, run in headless Chromium by `wasm-pack test --headless --chrome`
//! (`cargo xtask test` runs them). Each test mounts a fresh lab into its own element appended to
//! `<body>`, waits for Yew to render, and then acts as a learner would: presses buttons, points at
//! cells, uses the keyboard, and reads what the page shows.

#![cfg(target_arch = "wasm32")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod approximate;
mod einsum;
mod embed;
mod foundation;
mod full_lab;
mod kinds;
mod names;
mod page_defects;
mod page_words;
mod pictures;
mod printed;
mod programs;
mod quiz;
mod renders;
mod sizes;
mod support;
mod unwritten;
mod walks;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
