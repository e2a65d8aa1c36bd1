//! # python-subset
//!
//! The one Python interpreter of Strides Lab: it runs the program box (with the lab's NumPy and
//! PyTorch as host objects, see [`host`]) and the code exercises, and holds the checker that
//! grades a learner's answer against a reference. It runs in the browser (wasm32) on untrusted
//! input, so it depends only on the lab's own `float-text` and `python-ident`, never panics,
//! knows nothing of arrays, and stops every run
//! within its [`Limits`]: a step budget, a memory budget charged before allocating, and limits
//! on nesting, recursion, source and string length.
//!
//! ## The map
//!
//! One stage per module, in the order a program goes through them. A typical caller needs only
//! [`check`] and [`EXERCISES`]; [`Program`] and [`run`] run code directly.
//!
//! - [`checker`]: what the quiz calls. [`check`] fills an [`Exercise`]'s blank `____` with an
//!   answer, runs every case for the answer and for the reference, and returns a [`Verdict`]
//!   (with a `kind()` and a learner-facing `Display`); [`check_printed`] also hands back what
//!   the answer printed where printing is not judged (the reference prints nothing). A syntax
//!   error is reported in the learner's text (`checker/syntax.rs`). Start here.
//!   [`measure`] calls an exercise's function once more, as a case calls it, and hands back
//!   its arguments, its result and the embedder's host state, with a mark between the case's
//!   own work and the call's (`checker/measure.rs`): what the quiz reads an answer's cost from.
//! - [`exercises`]: the lab's code exercises, [`EXERCISES`]. [`check_with`] runs one in an
//!   interpreter an embedder has prepared (the lab's NumPy and PyTorch).
//! - [`host`]: objects of the embedder's, [`Value::Host`](value::Value::Host) behind the
//!   [`host::Object`] trait (attributes, calls with argument spans, subscripts with part spans,
//!   operators in both orders and in place, comparisons, iteration, `len`, truth, `__index__`,
//!   `repr`), the state slot [`eval::Interp::host`] and the predefined names; CPython's
//!   dispatch between them and the interpreter's values is `eval/hosted.rs`.
//! - [`lexer`]: source text to tokens with byte spans, as CPython's tokenizer cuts it:
//!   indentation (with `TabError`), brackets; numbers and strings in `lexer/literal.rs`, their
//!   escapes in `lexer/escape.rs`.
//! - [`parser`]: tokens to the [`ast`], by recursive descent with one precedence table
//!   (`parser/expr.rs`; calls and subscripts in `parser/postfix.rs`, tuples, lists and
//!   comprehensions in `parser/display.rs`, f-strings in `parser/fstring.rs`); compound
//!   statements in `parser/compound.rs`, imports in `parser/import.rs`. It reports
//!   `SyntaxError` only where CPython would, and "valid Python, but this lab does not run it"
//!   for Python outside the subset; it makes CPython's compile-time checks too
//!   (`break` outside a loop, ...).
//! - [`ast`]: the syntax tree; chains stay flat, so its depth is bounded by the nesting limit.
//! - [`mod@eval`]: runs the tree, mirroring the parser: statements and scopes in `eval.rs`,
//!   expressions and calls in `eval/expr.rs`, comprehensions in `eval/comprehension.rs`,
//!   subscripts in `eval/index.rs`,
//!   [`eval::builtins`] (names in `eval/builtins/names.rs`, `min`/`max`, `isinstance` and
//!   `int()`/`float()` conversions beside them; their argument checks, with CPython's
//!   messages, in `eval/arity.rs`),
//!   [`eval::methods`], [`eval::ops`] (operators) and [`eval::iter`];
//!   `eval/int.rs` has `pow(a, b, m)` and `round(n, k)`; `eval/attr.rs` the one attribute
//!   look-up, `Interp::get_attr`; `eval/import.rs` the `import` statements, resolved in the
//!   registry `Interp::modules` (empty unless the embedder fills it: the lab registers NumPy's
//!   and PyTorch's modules; [`value::Module`] is a plain module of attributes); `eval/dict.rs`
//!   dict displays, `dict(...)` and the dict methods.
//! - [`value`]: the objects (`int`, `float`, `str`, `list`, `tuple`, `range`, `dict` in
//!   `value/dict.rs`, modules in `value/module.rs`, ...), their `repr` (`value/printer.rs`),
//!   equality and order (`value/compare.rs`);
//!   containers drop without recursion, and the cycles a run leaves (through lists, dicts and
//!   closures) are broken when it ends (`value/cycles.rs`). Floats are printed and read by the
//!   `float-text` crate (shortest digits, correctly rounded parsing), not std; a string's
//!   `repr` escapes exactly what CPython does not print (python-ident's table).
//! - [`limits`]: [`Limits`], the budgets as data, and [`limits::Budget`], the running count.
//! - [`error`]: [`Error`]: a syntax error, an unsupported construct, a limit or a Python
//!   exception, with a byte span; line, column and caret are computed only to show one.
//! - [`construct`]: [`Construct`], which unsupported construct an error names, as data a page
//!   words in its language (its `Display` is the English the command line says).
//!
//! ## The subset
//!
//! [`SUBSET`] lists what runs. An `int` is 128-bit (`2**70` works): a result outside, even in
//! the middle of an expression, is the limit "integer too large for this checker", never a
//! wrap; within the range every operator and conversion is CPython's, to the bit (`int / int`
//! is correctly rounded, `pow(a, b, m)` exact, an index past 64 bits CPython's error). Valid Python outside the subset is reported as
//! unsupported, never judged: classes, `try`, `with`, generators, `global`, `nonlocal`,
//! sets, star arguments, complex numbers, format specs in f-strings, the string
//! methods not listed (`eval/strings.rs` has `split`, `strip`, `replace`, `upper`, `lower`,
//! `startswith`, `endswith`; `join` is in `eval/methods.rs`), and the built-ins not listed.
//!
//! ## Differs from CPython
//!
//! - The recursion limit is [`Limits::max_call_depth`] (100 by default), not 1000.
//! - Integers are 128-bit, not unbounded (`-2**127` is too large on the way: `2**127` is
//!   computed first). `sum` of floats adds in order, as CPython 3.11 does (3.12
//!   compensates rounding errors).
//! - A generator expression runs lazily only as the argument of `sum`, `any`, `all`, `min`,
//!   `max`, `list`, `tuple`, `sorted` or `str.join`; elsewhere it is unsupported.
//! - `is` is supported with `None`, `True`, `False`, lists, functions and types; between
//!   numbers, strings or tuples CPython's answer depends on object caching, so it is
//!   unsupported.
//! - Sorting a list that holds a NaN can order it differently (any order is as right; CPython's
//!   depends on its algorithm).
//! - Names follow Unicode's rule as CPython 3.11 does (the `python-ident` crate: `données`, `π`
//!   and `名前` are names), but a name that NFKC normalization would change (`ﬁ`, `ℌ`,
//!   fullwidth letters, an accent typed apart from its letter) is unsupported: CPython reads it
//!   as another spelling, and the tables to do so would cost tens of KB.
//! - A standard-library module the lab does not register (`import os`) is unsupported, where
//!   CPython would import it (NumPy and PyTorch too, until they are registered); other missing modules are CPython's `ModuleNotFoundError`, and a
//!   missing name `ImportError: cannot import name 'x' from 'a' (unknown location)`, as for a
//!   module without a file. A registered module's submodules are its attributes even before
//!   they are imported.
//! - A dict finds a key by walking its entries (hashes first): fine for a learner's dict,
//!   slow for a hundred thousand keys. A NaN key and keys of other hashable types (functions,
//!   ranges, ...) are unsupported, and dict views do not compare (they are sets in CPython).
//! - Memory is counted as allocated and never given back, so a program that churns through
//!   more than [`Limits::max_memory`] stops even if it never holds that much at once.

pub mod ast;
pub mod checker;
pub mod construct;
pub mod error;
pub mod eval;
pub mod exercises;
pub mod host;
pub mod lexer;
pub mod limits;
pub mod parser;
pub mod value;

pub use checker::{
    Checked, Exercise, Measured, Printed, Verdict, check, check_printed, check_with, fill, measure,
};
pub use construct::Construct;
pub use error::{Error, ErrorKind};
pub use exercises::{ARRAY_EXERCISES, EXERCISES};
pub use limits::Limits;

use std::rc::Rc;

/// What the subset supports, as the checker's help text lists it.
pub const SUBSET: &[&str] = &[
    "int (128-bit), float, bool, None, str (f-strings with {x} and {x!r}), list, tuple, range, dict",
    "dict: {k: v}, {k: v for ...}, d[k], d[k] = v, in, len, iteration, keys values items get setdefault pop update copy clear, dict(...)",
    "indexing, slicing with steps, unpacking in assignments and for loops",
    "+ - * / // % ** @ and the bitwise operators, augmented assignment, chained comparisons",
    "in, not in, is / is not (with None, True, False and lists), and, or, not, x if c else y",
    "list comprehensions; generator expressions as the argument of a built-in that consumes them",
    "def with default and keyword arguments, return, if/elif/else, for, while, break, continue, pass, else on loops",
    "lambda, nested def, closures that read the enclosing function's and comprehension's variables (no nonlocal)",
    "raise ValueError(...) and the other built-in exception classes, assert",
    "print len range reversed zip enumerate min max sum abs any all sorted repr isinstance divmod pow (with a modulus) round (of an int to digits) type",
    "int float str bool list tuple",
    "list: append insert extend pop reverse index count remove clear copy sort; tuple: index count",
    "str: join split strip lstrip rstrip replace upper lower startswith endswith",
    "import a.b, import a.b as c, from a.b import x as y, z, from a.b import * at module level (the modules the lab registers)",
    "del of names, list items and slices, dict keys",
    "not: format specs in f-strings, the other str methods, set, class, try, nonlocal, relative imports",
];

/// The outcome of running code: what it printed, and the `repr` of its value or its error.
pub struct Run {
    /// What `print` wrote.
    pub output: String,
    /// The `repr` of the value (of `None` for a module), or the error that stopped it.
    pub result: Result<String, Error>,
}

/// What sets up a fresh interpreter before a program runs in it: an embedder's host objects,
/// modules and predefined names (see [`host`]).
pub type Prepare<'a> = &'a dyn Fn(&mut eval::Interp);

/// A parsed program, ready to run as often as needed.
pub struct Program {
    body: Vec<ast::Stmt>,
}

impl Program {
    /// Parses `source`.
    pub fn parse(source: &str, limits: &Limits) -> Result<Program, Error> {
        Ok(Program {
            body: parser::parse_module(source, limits)?,
        })
    }

    /// Runs the program in fresh globals.
    pub fn run(&self, limits: &Limits) -> Run {
        self.run_with_modules(limits, Vec::new())
    }

    /// Runs the program in fresh globals, with `modules` to import (see
    /// [`eval::Interp::modules`]).
    pub fn run_with_modules(&self, limits: &Limits, modules: Vec<(Rc<str>, value::Value)>) -> Run {
        let mut interp = eval::Interp::new(limits);
        interp.modules = modules;
        let result = interp.run(&self.body).map(|()| "None".to_string());
        Run {
            output: core::mem::take(&mut interp.output),
            result,
        }
    }

    /// Runs the program in fresh globals, then evaluates `case` (an expression such as
    /// `f((3, 4))`) in them.
    pub fn eval_case(&self, case: &str, limits: &Limits) -> Run {
        self.eval_case_with(case, limits, &|_| {})
    }

    /// As [`Program::eval_case`], in an interpreter `prepare` has set up first (the lab's
    /// NumPy and PyTorch: host state, modules and predefined names).
    pub fn eval_case_with(&self, case: &str, limits: &Limits, prepare: Prepare<'_>) -> Run {
        let mut interp = eval::Interp::new(limits);
        prepare(&mut interp);
        let result = (|| {
            let expr = parser::parse_expression(case, limits)?;
            interp.run(&self.body)?;
            let v = interp.eval(&expr)?;
            value::repr(&v, &mut interp.budget)
        })();
        Run {
            output: core::mem::take(&mut interp.output),
            result,
        }
    }
}

/// Parses and runs `source`.
pub fn run(source: &str, limits: &Limits) -> Run {
    match Program::parse(source, limits) {
        Ok(p) => p.run(limits),
        Err(e) => Run {
            output: String::new(),
            result: Err(e),
        },
    }
}

/// Evaluates the expression `source` and gives its `repr`.
pub fn evaluate(source: &str, limits: &Limits) -> Result<String, Error> {
    Program { body: Vec::new() }
        .eval_case(source, limits)
        .result
}
