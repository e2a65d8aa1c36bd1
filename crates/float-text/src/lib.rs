//! # float-text
//!
//! Floats as text, both ways, to the bit, in a few kilobytes of wasm. Rust's own float formatting
//! and parsing (`{}`/`{:e}` on floats, `str::parse::<f64>`) cost about 40 KB of wasm with their
//! tables; the lab needs only two things from them, and this crate does both with one small big
//! integer:
//!
//! - [`repr`] and [`repr_of`]: Python's `repr` of a float, the shortest digits that read back to
//!   the same value, for 64-bit floats and (as NumPy prints `float32` and `float16` elements) for
//!   the narrower widths ([`Width`]). The digits come from [`shortest`] (Steele & White's
//!   free-format algorithm, as Burger and Dybvig give it). [`plain`] lays the same digits out
//!   without an exponent, as Rust's `{}` does.
//! - [`rounded`]: the exact value rounded at a [`Cut`] (digits after the point, or significant
//!   digits), ties to even: what `'{:.4f}'` and `'{:.4e}'` print, and NumPy past its precision.
//! - [`parse`] and [`parse_decimal`]: text to the nearest float, ties to even, as
//!   `str::parse::<f64>` reads it (Clinger's exact fast path, then exact big-integer division).
//!
//! `no_std` with `alloc`; no panics, every index checked.

#![no_std]

extern crate alloc;

mod big;
mod parse;
mod round;
mod shortest;
mod write;

pub use parse::{parse, parse_decimal};
pub use round::{Cut, rounded};
pub use shortest::{Width, shortest};
pub use write::{plain, repr, repr_of};

/// The tests' random numbers: a xorshift step.
#[cfg(test)]
fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}
