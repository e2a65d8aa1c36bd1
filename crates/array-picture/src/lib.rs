//! # array-picture
//!
//! What the lab draws for an array, as data that depends on `stride-core` only, so that the page
//! can draw it without the engine. For now: [`kind`], what memory an array reads compared with
//! the program's first array ([`Kind`], [`Maker`]); the engine computes it.

pub mod kind;

pub use kind::{Kind, Maker};
