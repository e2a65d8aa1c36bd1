//! # array-picture
//!
//! What the lab draws for an array, computed from its layout (`stride-core`) and plain data, so
//! that the front end only draws and the page can answer the pointer by itself: the array cells
//! and the memory cells, how many cells read each memory cell, the address rule with the numbers
//! filled in, drawn as jumps, the readers of a memory cell, the reading order and the windows.
//! Nothing here knows NumPy or PyTorch: the engine (the lab's `arrays`) describes an array as a
//! [`Drawn`] and reads its values through [`Values`].
//!
//! ## The map
//!
//! - [`drawn`]: start here. [`Drawn`] is an array as plain data (its layout, its dtype's name and
//!   item size as an [`ItemType`], the memory it reads, its flags, its [`Kind`], the reason a
//!   reshape copied, whether it is made of windows, the array a copy read), and [`Values`] the
//!   trait the engine implements to give its values by address.
//! - [`picture`]: [`Picture`], a [`Drawn`] counted in [`Units`] (elements or bytes): shape,
//!   strides and start in those units, each cell's index, address, memory cells and value, and
//!   the summary of large arrays as NumPy prints them. Its modules: `picture::jumps` (the address
//!   rule, [`Jump`]s from the start, the [`Reader`]s of a memory cell, positions read outside the
//!   buffer), `picture::memory` (the memory row: the cells drawn and what each holds),
//!   `picture::reads` (read counts: [`Reads`] tallied for small buffers, solved for cell by cell
//!   for huge ones), `picture::walk` (the reading order, [`Walk`], and a copy's source with its
//!   [`ReadOrder`]), `picture::windows` ([`Windows`] of `sliding_window_view` and `as_strided`)
//!   and `picture::keys` (the grid's keyboard [`Move`]s).
//! - [`sampled`]: [`Sampled`], the values a picture's view can ask for and no more (bounded for
//!   huge arrays), as plain data: what an engine running apart from the page sends.
//! - [`kind`]: what memory an array reads compared with the program's first array ([`Kind`],
//!   [`Maker`]), as data; the engine computes it.
//!
//! It uses `std` (strings, `Rc`) and depends on `stride-core` only; the optional feature `serde`
//! makes a [`Drawn`] with [`Sampled`] values a message (`serde`'s derives, not in the default
//! build).

pub mod drawn;
pub mod kind;
pub mod picture;
pub mod sampled;
#[cfg(feature = "serde")]
pub mod wire;

pub use drawn::{Drawn, ItemType, Source, Values, WindowAxes};
pub use kind::{Kind, Maker};
pub use picture::{
    EDGE_ITEMS, Jump, MEMORY_SHOWN, Move, OUTSIDE_SHOWN, Picture, READERS_SHOWN, ReadOrder, Reader,
    Reads, SUMMARY_THRESHOLD, TALLY_UP_TO, Units, WALK_CELLS, WALK_SHOWN, WINDOWS_SHOWN, Walk,
    Window, Windows, count_in, index_name, neighbor, outside_count, readers_in, summarize,
};
pub use sampled::Sampled;
