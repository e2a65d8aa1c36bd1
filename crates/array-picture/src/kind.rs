//! What memory an array reads, measured against the program's first array: the first array
//! itself, a view of its memory, memory of its own (a copy, or a new array computed), or a view of
//! such new memory. The facts panel says it, and the command line's `view` is its yes or no.
//!
//! This is the kind as data; the engine computes it from the array's history (in the lab,
//! `arrays::kind::kind`, which also says what *the first array* is).

use std::borrow::Cow;

/// What made some new memory.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Maker {
    /// A function or method (`astype`, `contiguous`, `reshape`, `copy`) or an operation (`add`):
    /// the engine's name, or one sent by another module.
    Function(Cow<'static, str>),
    /// Indexing with lists or a mask.
    AdvancedIndexing,
    /// Indexing a NumPy scalar (`s[None]`), which first copies its value into a 0-d array.
    ScalarIndexing,
}

/// What memory an array reads, compared with the program's first array.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Kind {
    /// The first array, with memory of its own.
    First,
    /// It reads the first array's memory: a view; `of` names what it shares memory with.
    View {
        /// The first array's name or text (or the text that made its memory, when the result is
        /// the first array itself).
        of: String,
    },
    /// Memory of its own, made by the operation that made it.
    Own {
        /// That operation.
        by: Maker,
        /// Whether it copied another array's numbers (`copy`, `astype`, a reshape that copied,
        /// advanced indexing) rather than computing new ones (`x + 1`, `np.zeros`).
        copy: bool,
    },
    /// A view of new memory that an earlier operation made (`x.astype(np.float32)[:, ::2]`).
    ViewOfNew {
        /// The operation that made the memory.
        by: Maker,
        /// Whether that memory is a copy (else a new array computed).
        copy: bool,
    },
}

impl Kind {
    /// Whether the array reads the first array's memory (the command line's `view`).
    pub fn is_view(&self) -> bool {
        matches!(self, Kind::First | Kind::View { .. })
    }
}
