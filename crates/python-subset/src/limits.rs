//! [`Limits`]: how much a program may do before the interpreter stops it.
//!
//! Every limit is checked before the work it guards: the step budget before each statement,
//! expression and loop iteration, the memory budget before each allocation, the nesting limits
//! before each recursive descent. A program that reaches one stops with [`Limit`], which the
//! checker shows as a limit message and never as a verdict on the answer.

use core::fmt;

/// The budgets of one run. [`Limits::default`] suits the lab's exercises with a wide margin.
///
/// The depth defaults are set by the stack a wasm32 build gets (1 MiB): with them, the
/// worst-shaped programs (deep recursion through expressions, comprehensions, key functions,
/// `repr` of deep lists) stop with `RecursionError` using under half of it; in wasm under
/// node, traps start only at four times the defaults (`tests/limits.rs` checks the release
/// build in a 1 MiB thread). Raise them only with a bigger stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Steps one run may take: one per statement, expression node, loop iteration and item that
    /// a built-in walks. `while True: pass` reaches the default in a few milliseconds.
    pub max_steps: u64,
    /// Memory one run may allocate, in units: one per list or tuple slot, one per byte of a
    /// string or of printed output. Charged before allocating and never given back (there is no
    /// collector to ask), so `[0] * 10**9` is refused at once.
    pub max_memory: usize,
    /// Items in one list or tuple.
    pub max_collection_len: usize,
    /// Bytes in one string, including a `repr` being built and the printed output.
    pub max_str_len: usize,
    /// Bytes of source text.
    pub max_source_len: usize,
    /// How deeply brackets, operators and blocks may nest in the source (CPython stops at 200
    /// nested brackets and 100 indentation levels).
    pub max_nesting: usize,
    /// Python calls in progress at once; one more is CPython's `RecursionError`.
    pub max_call_depth: usize,
    /// Nested evaluations (expressions within calls within expressions) in progress at once: a
    /// guard for the native stack, like CPython's C recursion limit. Also a `RecursionError`.
    pub max_eval_depth: usize,
    /// Bytes all of a program's arrays may hold together (the lab's NumPy and PyTorch), charged
    /// before each array is allocated: NumPy's `MemoryError` past it.
    pub max_bytes: u64,
    /// Element operations (reads, writes, casts) a program's arrays may take in all.
    pub max_work: u64,
    /// The work limit `np.shares_memory` gets when the program gives none.
    pub overlap_work: i64,
    /// Items one sequence made from an array may have (`list(a)`, `a.tolist()`, iterating `a`).
    pub max_sequence: u64,
    /// Elements the lab lists when a program's result is an array: a broadcast or `as_strided`
    /// view can have far more elements than memory.
    pub max_shown: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_steps: 1_000_000,
            max_memory: 2_000_000,
            max_collection_len: 1_000_000,
            max_str_len: 100_000,
            max_source_len: 64 * 1024,
            max_nesting: 100,
            max_call_depth: 100,
            max_eval_depth: 1_000,
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

/// Which limit a run reached: the interpreter's own, and the array library's (with the numbers
/// that say how far past it the program went). Every one but [`Limit::Recursion`] and
/// [`Limit::Nesting`] (CPython's `RecursionError` and `SyntaxError` have limits of their own) is
/// a limit of the lab, not an exception Python or NumPy would raise: its class is [`LAB_LIMIT`],
/// its [`Limit::kind`] a stable name for scripts, and a page words it from its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Limit {
    /// [`Limits::max_steps`].
    Steps,
    /// [`Limits::max_memory`].
    Memory,
    /// [`Limits::max_collection_len`].
    CollectionLen,
    /// [`Limits::max_str_len`].
    StrLen,
    /// [`Limits::max_source_len`].
    SourceLen,
    /// [`Limits::max_nesting`].
    Nesting,
    /// [`Limits::max_call_depth`] or [`Limits::max_eval_depth`].
    Recursion,
    /// An integer outside the 128 bits this interpreter keeps (CPython's are unbounded).
    IntTooLarge,
    /// One operation would read, compute or print `asked` elements; the lab does at most `most`
    /// (per program, or at once).
    Work {
        /// Elements the operation needs.
        asked: u64,
        /// The most the lab does.
        most: u64,
    },
    /// The program has read or computed more than `most` elements in all.
    WorkTotal {
        /// [`Limits::max_work`].
        most: u64,
    },
    /// A new array of `asked` bytes would take the program's arrays past `most` bytes.
    ArrayBytes {
        /// The new array's bytes.
        asked: u64,
        /// [`Limits::max_bytes`].
        most: u64,
    },
    /// A Python sequence of `asked` items made from an array or a range, past `most`.
    Sequence {
        /// Its items.
        asked: u64,
        /// [`Limits::max_sequence`].
        most: u64,
    },
    /// A result of `asked` elements to list, past `most` (its shape and strides are free).
    Listed {
        /// Its elements.
        asked: u64,
        /// [`Limits::max_shown`].
        most: u64,
    },
}

/// The class name a limit of the lab is shown under (never a Python exception's name): the
/// command line's `"error"`.
pub const LAB_LIMIT: &str = "LabLimit";

impl Limit {
    /// A stable name for scripts: `steps`, `memory`, `collection-length`, `string-length`,
    /// `source-length`, `nesting`, `recursion`, `integer-size`, `work`, `work-total`,
    /// `array-bytes`, `sequence`, `listed`.
    pub fn kind(self) -> &'static str {
        match self {
            Limit::Steps => "steps",
            Limit::Memory => "memory",
            Limit::CollectionLen => "collection-length",
            Limit::StrLen => "string-length",
            Limit::SourceLen => "source-length",
            Limit::Nesting => "nesting",
            Limit::Recursion => "recursion",
            Limit::IntTooLarge => "integer-size",
            Limit::Work { .. } => "work",
            Limit::WorkTotal { .. } => "work-total",
            Limit::ArrayBytes { .. } => "array-bytes",
            Limit::Sequence { .. } => "sequence",
            Limit::Listed { .. } => "listed",
        }
    }

    /// How much the program asked for, and the most the lab does, where the limit counts.
    pub fn numbers(self) -> (Option<u64>, Option<u64>) {
        match self {
            Limit::Work { asked, most }
            | Limit::ArrayBytes { asked, most }
            | Limit::Sequence { asked, most }
            | Limit::Listed { asked, most } => (Some(asked), Some(most)),
            Limit::WorkTotal { most } => (None, Some(most)),
            _ => (None, None),
        }
    }

    /// Whether this is a limit of the lab rather than one CPython has too.
    pub fn is_the_labs(self) -> bool {
        !matches!(self, Limit::Recursion | Limit::Nesting)
    }
}

/// `n` with its digits grouped by commas: `16,000,000`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Limit::Steps => f.write_str("step limit reached: is there a loop that never ends?"),
            Limit::Memory => f.write_str(
                "memory limit reached: the program allocates more than this checker allows",
            ),
            Limit::CollectionLen => f.write_str("list too long for this checker"),
            Limit::StrLen => f.write_str("string too long for this checker"),
            Limit::SourceLen => f.write_str("program too long for this checker"),
            Limit::Nesting => f.write_str("too deeply nested for this checker"),
            Limit::Recursion => f.write_str("RecursionError: maximum recursion depth exceeded"),
            Limit::IntTooLarge => f.write_str("integer too large for this checker"),
            Limit::Work { asked, most } => write!(
                f,
                "this needs {} elements read or computed; the lab does at most {} per program, to stay quick (shape, strides and single elements cost nothing)",
                grouped(asked),
                grouped(most)
            ),
            Limit::WorkTotal { most } => write!(
                f,
                "the program has read or computed more than {} elements in all; the lab stops there, to stay quick",
                grouped(most)
            ),
            Limit::ArrayBytes { asked, most } => write!(
                f,
                "a new array of {} bytes; the lab keeps at most {} bytes of arrays per program",
                grouped(asked),
                grouped(most)
            ),
            Limit::Sequence { asked, most } => write!(
                f,
                "a Python sequence of {} items; the lab makes them up to {} items",
                grouped(asked),
                grouped(most)
            ),
            Limit::Listed { asked, most } => write!(
                f,
                "the result has {} elements; the lab lists at most {} (ask for its .shape or .strides instead)",
                grouped(asked),
                grouped(most)
            ),
        }
    }
}

/// The running count of one run against its [`Limits`]. Errors carry an empty span; the
/// evaluator puts them where they happened.
pub struct Budget {
    /// The limits counted against.
    pub limits: Limits,
    steps: u64,
    memory: usize,
    depth: usize,
}

fn over(limit: Limit) -> crate::error::Error {
    crate::error::Error::limit(limit, crate::error::Span::default())
}

impl Budget {
    /// A fresh budget.
    pub fn new(limits: &Limits) -> Budget {
        Budget {
            limits: *limits,
            steps: 0,
            memory: 0,
            depth: 0,
        }
    }

    /// Takes `n` steps.
    pub fn steps(&mut self, n: u64) -> crate::error::Result<()> {
        self.steps = self.steps.saturating_add(n);
        if self.steps > self.limits.max_steps {
            Err(over(Limit::Steps))
        } else {
            Ok(())
        }
    }

    /// Takes one step.
    pub fn step(&mut self) -> crate::error::Result<()> {
        self.steps(1)
    }

    /// Charges `units` of memory, before they are allocated.
    pub fn alloc(&mut self, units: usize) -> crate::error::Result<()> {
        self.memory = self.memory.saturating_add(units);
        if self.memory > self.limits.max_memory {
            Err(over(Limit::Memory))
        } else {
            Ok(())
        }
    }

    /// Charges a list or tuple of `len` items.
    pub fn alloc_items(&mut self, len: usize) -> crate::error::Result<()> {
        if len > self.limits.max_collection_len {
            return Err(over(Limit::CollectionLen));
        }
        self.alloc(len)
    }

    /// Charges one more item for a list growing to `len` items.
    pub fn push(&mut self, len: usize) -> crate::error::Result<()> {
        if len > self.limits.max_collection_len {
            return Err(over(Limit::CollectionLen));
        }
        self.alloc(1)
    }

    /// Charges a string of `len` bytes.
    pub fn alloc_str(&mut self, len: usize) -> crate::error::Result<()> {
        if len > self.limits.max_str_len {
            return Err(over(Limit::StrLen));
        }
        self.alloc(len)
    }

    /// One more nested evaluation.
    pub fn enter(&mut self) -> crate::error::Result<()> {
        self.depth += 1;
        if self.depth > self.limits.max_eval_depth {
            Err(over(Limit::Recursion))
        } else {
            Ok(())
        }
    }

    /// One nested evaluation finished.
    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Steps taken so far.
    pub fn steps_taken(&self) -> u64 {
        self.steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_labs_limits_are_named_and_grouped() {
        assert_eq!(grouped(100_663_296), "100,663,296");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        let work = Limit::Work {
            asked: 100_663_296,
            most: 16_000_000,
        };
        assert_eq!(work.kind(), "work");
        assert!(work.is_the_labs() && !Limit::Recursion.is_the_labs());
        assert_eq!(work.numbers(), (Some(100_663_296), Some(16_000_000)));
        let said = work.to_string();
        assert!(
            said.contains("100,663,296") && said.contains("16,000,000"),
            "{said}"
        );
        let e = crate::error::Error::limit(work, crate::error::Span::default());
        assert_eq!(e.class_name(), LAB_LIMIT);
        assert!(!e.headline().contains("MemoryError"));
        let steps = crate::error::Error::limit(Limit::Steps, crate::error::Span::default());
        assert_eq!(steps.class_name(), LAB_LIMIT);
    }
}
