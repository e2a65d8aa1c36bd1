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
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_source: 64 * 1024,
            max_statements: 500,
            max_nesting: 100,
            max_bytes: 64 * 1024 * 1024,
            max_work: 40_000_000,
            overlap_work: 1_000_000,
        }
    }
}
