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

/// Which limit a run reached.
#[derive(Clone, Copy, PartialEq, Eq)]
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
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Steps => "step limit reached: is there a loop that never ends?",
            Limit::Memory => {
                "memory limit reached: the program allocates more than this checker allows"
            }
            Limit::CollectionLen => "list too long for this checker",
            Limit::StrLen => "string too long for this checker",
            Limit::SourceLen => "program too long for this checker",
            Limit::Nesting => "too deeply nested for this checker",
            Limit::Recursion => "RecursionError: maximum recursion depth exceeded",
            Limit::IntTooLarge => "integer too large for this checker",
        })
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
