//! # stride-core
//!
//! Where the numbers of an array live: a [`Layout`] is a shape, strides and a start offset into one
//! buffer, with an item size, exactly as NumPy stores them (in bytes). Every operation of this crate
//! takes layouts and returns a new layout, or an [`Error`] with NumPy's exception class and message.
//! It is `no_std`, needs no allocator, and all arithmetic is checked: a result that does not fit
//! in 64 bits is [`Error::Overflow`] or [`Error::TooBig`], never a wrap or a panic.
//!
//! ## The map
//!
//! - [`layout`]: the [`Layout`] type, the address rule `start + Σ iₖ·sₖ`, the C_CONTIGUOUS and
//!   F_CONTIGUOUS flags and the byte bounds. Start here: everything else builds layouts.
//! - [`index`]: basic indexing (integers, slices, `None`, `...`), as NumPy and CPython resolve it.
//! - [`advanced`]: the plan of advanced indexing (index arrays and masks): which axes they take,
//!   where their broadcast block goes, the result's shape and layout; the values stay above.
//! - [`axes`]: `.T`, `transpose`, `swapaxes`, `moveaxis`, `.mT`, `squeeze`: views that permute axes.
//! - [`reshape`]: `reshape`, `ravel`, `flatten`, `expand_dims`, and the [`reshape::CopyReason`] a
//!   copy was needed, which the lab turns into its explanation.
//! - [`copy`]: the layout of new memory (`copy(order)`, `ascontiguousarray`), memory order `K`
//!   for new layouts, and the iterator's order `K` that `flatten('K')` reads in.
//! - [`broadcast`]: `broadcast_shapes`, the shape of `a + b`, and `broadcast_to`'s stride-0 view.
//! - [`elementwise`]: the layout NumPy allocates for the output of `a + b`, `-a`, `a < b` (its
//!   iterator's axis order).
//! - [`windows`]: `as_strided` and `sliding_window_view`.
//! - [`overlap`]: `may_share_memory` (bounds) and `shares_memory` (exact, NumPy's bounded
//!   Diophantine search with a work limit).
//! - [`footprint`]: which buffer positions a layout reads, in row order, and how often each.
//! - [`torch`]: PyTorch's `view`, `reshape`, `expand`, `unsqueeze`, `squeeze`, `permute`, `mT`,
//!   and the layout `clone()` gives.
//! - [`dims`]: [`Dims`], the fixed-capacity list (up to [`MAX_NDIM`] = 64 items) behind shapes.
//! - [`sort`]: a small stable sort for short lists, so that the bundle carries none of core's.
//!
//! ## Differs from NumPy
//!
//! - Nothing here reads or writes values; the expression crate above keeps the buffers.
//! - `as_strided` layouts are accepted whatever they reach; [`footprint::tally`] reports the reads
//!   that fall outside the buffer, where NumPy would read garbage or crash.
//! - Layouts hold no negative sizes, so the PyTorch quirk of `expand` on a 0-d tensor with a `-1`
//!   and a `0` (sizes `[-1, 0]`, which PyTorch builds) is [`Error::TorchNegativeSize`], and
//!   tensors are limited to NumPy's 64 dimensions.

#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
// Errors carry the shapes their messages name, inline (there is no allocator to box them); a
// `Layout` is as large, so returning either costs the same copy.
#![allow(clippy::result_large_err)]

pub mod advanced;
pub mod axes;
pub mod broadcast;
pub mod copy;
pub mod dims;
pub mod elementwise;
pub mod error;
pub mod footprint;
pub mod index;
pub mod layout;
pub mod overlap;
pub mod reshape;
pub mod sort;
pub mod torch;
pub mod windows;

pub use dims::{Dims, MAX_NDIM};
pub use error::Error;
pub use layout::{Layout, Order};
