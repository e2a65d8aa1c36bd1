//! What a [`Picture`](crate::Picture) is made from: an array as plain data ([`Drawn`]: its
//! layout, its dtype's name and item size, the memory it reads, what its history says) and its
//! values behind [`Values`], which the engine implements. So this crate computes nothing of
//! NumPy's or PyTorch's, and the same picture can be built from values sent by another module.

use std::fmt::Debug;
use std::rc::Rc;

use stride_core::Layout;
use stride_core::reshape::CopyReason;

use crate::kind::Kind;
use crate::picture::ReadOrder;

/// A dtype as the picture shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ItemType {
    /// NumPy's name: `float64`, `int32`, `bool`.
    pub name: String,
    /// Bytes per item.
    pub itemsize: i64,
}

/// The values of the memory an array reads, by byte address: the engine's (the lab's `arrays`
/// reads its buffers). Addresses outside the memory, or not yet sent, answer `None`.
///
/// It asks for no `Debug`: a trait object's table would carry the engine's whole `Debug` of its
/// buffers into the bundle (3.7 KB of gzip), never called.
pub trait Values {
    /// The array's item that starts at byte `address`, read as the array's dtype and written as
    /// Python prints it.
    fn value_at(&self, address: i128) -> Option<String>;
    /// The memory's own item that starts at byte `address`, read as the dtype the memory was
    /// made with (a `view(dtype)` reads it as another), as Python prints it: what an element-mode
    /// memory cell shows.
    fn memory_value_at(&self, address: i128) -> Option<String>;
    /// Byte `p` of the memory.
    fn byte(&self, p: usize) -> Option<u8>;
    /// Whether some of the `width` bytes from `address` were never written (`np.empty`'s
    /// memory): they are drawn as `?`.
    fn unwritten(&self, address: i128, width: u64) -> bool;
    /// The values as plain data, if they are a [`Sampled`](crate::Sampled) one (what a message
    /// carries).
    fn as_sampled(&self) -> Option<&crate::Sampled> {
        None
    }
}

impl Debug for dyn Values {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Values")
    }
}

/// Which trailing axes of an array read inside one window, as what made it says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WindowAxes {
    /// `sliding_window_view`: the trailing axes it added, this many (at least one, fewer than the
    /// array's axes).
    Trailing(usize),
    /// `as_strided`: the last axis, when two rows read the same memory cell (the picture looks).
    LastIfRowsOverlap,
}

/// The array a reshape had to copy, for the walk that shows why: no strides fit its reading order.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Source {
    /// The array copied, drawn over its own memory, its axes in the order the copy read them (so
    /// that row order over it is the copy's reading order).
    pub drawn: Rc<Drawn>,
    /// That order: row order, or column order for `reshape(..., order="F")`.
    pub order: ReadOrder,
}

/// An array as the picture draws it. With the `serde` feature it is a message once its values
/// are [`Drawn::sampled`] (live values refuse to be written).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Drawn {
    /// Its layout, in bytes.
    #[cfg_attr(feature = "serde", serde(with = "crate::wire::layout"))]
    pub layout: Layout,
    /// Its dtype.
    pub dtype: ItemType,
    /// The item size of the memory it reads (of the dtype the memory was made with): an
    /// element-mode memory cell holds one such item.
    pub memory_itemsize: i64,
    /// The memory's length in bytes.
    pub memory_len: u64,
    /// NumPy's `OWNDATA` flag.
    pub owndata: bool,
    /// NumPy's `WRITEABLE` flag.
    pub writeable: bool,
    /// What memory it reads, compared with the program's first array.
    pub kind: Kind,
    /// Why NumPy could not keep the memory, for a reshape that copied.
    #[cfg_attr(feature = "serde", serde(with = "crate::wire::copy_reason"))]
    pub copy_reason: Option<CopyReason>,
    /// Whether it is made of windows.
    pub windows: Option<WindowAxes>,
    /// For a reshape that had to copy, the array it copied.
    pub source: Option<Source>,
    /// Its values.
    #[cfg_attr(feature = "serde", serde(with = "crate::wire::values"))]
    pub values: Rc<dyn Values>,
}

/// Two drawings are equal when they draw the same: the same data, and values that are the same
/// sample (live values are equal only to themselves).
impl PartialEq for Drawn {
    fn eq(&self, other: &Drawn) -> bool {
        let values = match (self.values.as_sampled(), other.values.as_sampled()) {
            (Some(a), Some(b)) => a == b,
            _ => Rc::ptr_eq(&self.values, &other.values),
        };
        values
            && self.layout == other.layout
            && self.dtype == other.dtype
            && self.memory_itemsize == other.memory_itemsize
            && self.memory_len == other.memory_len
            && self.owndata == other.owndata
            && self.writeable == other.writeable
            && self.kind == other.kind
            && self.copy_reason == other.copy_reason
            && self.windows == other.windows
            && self.source == other.source
    }
}

impl PartialEq for Source {
    fn eq(&self, other: &Source) -> bool {
        self.order == other.order && self.drawn == other.drawn
    }
}
