//! [`Limits`]: how much a program may ask of the lab. Every limit is checked before the work it
//! bounds, so any input gives a result or an error within milliseconds.

/// The bounds on one program's evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Longest program, in bytes.
    pub max_source: usize,
    /// Most statements.
    pub max_statements: usize,
    /// Deepest nesting of brackets and operators.
    pub max_nesting: usize,
    /// Most bytes all the program's arrays may hold together.
    pub max_bytes: u64,
    /// Most element operations (reads, writes, casts) the whole program may do.
    pub max_work: u64,
    /// Work limit passed to `shares_memory` when the program gives none.
    pub overlap_work: i64,
    /// Most items one Python sequence may have (`[0] * n`, `range(n)`, `list(a)`, `a.tolist()`).
    pub max_sequence: u64,
    /// Most elements the result may have when it is an array: the JSON lists every value, and a
    /// broadcast or `as_strided` view can have far more elements than memory.
    pub max_shown: u64,
}

/// The most elements any one read of an array may cover, even where no [`Limits`] are at hand
/// (an array nested in a list). Views can be vastly larger than their memory, so reading one
/// whole is never done unchecked. Eight million values take about 130 MB while they are read
/// (a WebAssembly page never gives memory back) and a few hundred milliseconds.
pub const MAX_READ: u64 = 8_000_000;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_source: 64 * 1024,
            max_statements: 500,
            max_nesting: 100,
            // Four million float64 values; a lesson's arrays are far smaller.
            max_bytes: 32 * 1024 * 1024,
            // Enough for a dozen operations on a million-element array, and under a second.
            max_work: 16_000_000,
            overlap_work: 1_000_000,
            max_sequence: 100_000,
            max_shown: 1_000_000,
        }
    }
}
