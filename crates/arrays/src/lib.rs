//! # arrays
//!
//! The lab's NumPy and PyTorch: arrays and tensors over `stride-core`, with every value tracked,
//! so the lab can show the number each cell holds and where it lives. Programs
//! (`x = np.arange(12.0).reshape(3, 4); x.T[::2]`, with `def`, loops and comprehensions) are
//! run by the one Python interpreter, `python_subset`, which hosts this library's values.
//!
//! ## The map
//!
//! - [`run`]: start here. [`run()`] parses and runs a program and returns an [`Outcome`]: the last
//!   line's [`value::Value`], the names the program assigned, its first array and its `stdout`;
//!   [`prepare`] sets up an interpreter with NumPy and PyTorch (for code answers too).
//! - [`adapter`]: the library's values as host objects of the interpreter, and values and errors
//!   converted both ways; [`context`]: the library's state in the interpreter (bytes, work,
//!   buffer ids, the first array) and the arguments of a library call; [`operator`]: the
//!   operators the library implements.
//! - [`value`], [`array`], [`dtype`]: values; arrays as a shared [`array::Buffer`] plus a
//!   layout, the buffer either bytes or a rule that computes any element from its address (a
//!   fill, an `arange`, a copy of another buffer through a layout: `array::buffer`; an
//!   elementwise result or a matrix product of operands' snapshots: `array::compute`), so that
//!   arrays of any size NumPy accepts are made at once and written in pages; dtypes with NumPy's
//!   promotion and casts.
//! - [`names`], [`suggest`]: the names NumPy and PyTorch have (recorded from them), so that an
//!   attribute the lab lacks is either "part of NumPy, but not run here yet" or the library's own
//!   `AttributeError` with CPython's "Did you mean".
//! - [`numpy`], [`torch`], [`attrs`]: what names and attributes do ([`builtins`]: Python's
//!   conversions on the library's values). Each library's
//!   functions and methods are a `table` of name → (real signature, body), `numpy::reduce` is
//!   `sum`, `prod`, `max`, `min`, `mean`, `argmax`/`argmin`, `any`/`all` and `std`/`var` (NumPy's
//!   float results bit for bit); `numpy::matmul` and `torch::products` the matrix products,
//!   `numpy::einsum` (with `einsum::path`, NumPy's `einsum_path` report, `einsum::orders`,
//!   every contraction order's cost for the einsum panel, and `einsum::bmm`, the contractions of
//!   `optimize=`) and `torch::einsum` (`einsum::pairwise`: PyTorch's steps for several operands);
//!   `numpy::exact` their sums (floats exact where no summation order can round, else marked
//!   approximate); `numpy::join`,
//!   `numpy::repeat` and `numpy::views` make new memory (`concatenate`, `stack`, `tile`,
//!   `repeat`) and new views (`split`, `flip`, `diagonal`, `view(dtype)`); `torch::views` and
//!   `torch::reduce` are PyTorch's `cat`, `narrow`, `unfold`, `view(dtype)`, …, and
//!   `torch::functions` the `torch.` spellings of tensor methods (`torch.transpose`, …)
//! - [`signature`]: parameter lists as data (positional-only, keyword-only, defaults, what the lab
//!   does not implement) and the one binder every call goes through, with the real parser's errors.
//! - [`indexing`]: `a[…]`, `a[…] = v`: parts, basic, advanced (planned in stride-core), writes;
//!   a tensor's index is PyTorch's (`torch::advanced`: TensorIterator's layout of the result).
//! - [`ops`]: arithmetic and comparisons: promotion, kernels, the elementwise loop over broadcasts.
//! - [`explain`]: the why of a layout (a slice's start and step, a copy's walk, a broadcast's
//!   stride-0 axes) and of a failed `view`, as data for the lab's sentences.
//! - [`picture`]: the pictures of the library's arrays. What the lab draws (cells, memory cells,
//!   read counts, the address rule with its numbers, jumps, walks, windows) is the crate
//!   `array_picture`, which depends on stride-core only; this module describes an array to it
//!   (its layout, dtype and flags, its [`kind`], the reason a reshape copied, the array a copy
//!   read) and gives it the array's values as Python prints them (`picture::of_array`, and
//!   `picture::of_memory` for the memory a failed view would have read).
//! - [`lab`]: what the lab runs: [`lab::run`] keeps what the program printed, also when it
//!   fails.
//! - [`facts`]: the panels' numbers (`nbytes`, shares-memory, the explanation's products) and
//!   [`broadcast_view`]: the broadcasting visualizer's aligned axes, statuses and stride-0 views;
//!   computed here so that the front end only formats them.
//! - [`kind`]: what memory a result reads, compared with the program's first array: a view of
//!   it, a copy, or a view of a copy; the facts panel's words and the command line's `view`
//!   (computed here; the type, `array_picture::Kind`, is picture data).
//! - [`display`], [`json`]: Python's `repr` and `str` (arrays and tensors exactly as NumPy and
//!   PyTorch print them, summarized past 1000 elements reading only the corners), and the
//!   command line's JSON. A tensor's `.shape` and `.size()` are [`adapter::Size`], the
//!   `torch.Size` tuple.
//! - [`exactness`]: the values policy. Layout is always exactly the library's; values are exact
//!   where the library's own are the same on every machine, and otherwise computed to the dtype's
//!   precision and marked (a flag on the buffer, carried by views, results and writes), which the
//!   page's mark and the JSON's `"values_exact": false` read. Nothing is refused for rounding.
//!   `ops::math` and `ops::select` are the elementwise math (NumPy's `numpy::ufuncs`, PyTorch's
//!   `torch::math`).
//! - [`written`]: memory never written (`np.empty`, `torch.empty`, their `*_like`s): a buffer
//!   whose rule is `array::Rule::Unwritten`, marked written byte by byte by writes, with the
//!   marks read through copies. Its layout is answered; its values are `?` in the picture and
//!   `null` with `"values_written": false` in the JSON, and any other read is the lab's own
//!   error (the libraries raise nothing): the module lists each way a program can look at them.
//! - [`error`]: a program stops with the interpreter's one [`Error`] (class, message, span,
//!   `headline`/`render`/`position`); inside, the library still raises its [`EvalError`], which
//!   rides in that `Error` as its detail and gives it the layout's why and the hint
//!   ([`Explained`]). The bounds that keep any input quick are the interpreter's one [`Limits`].
//!   [`construct`]: what of NumPy and PyTorch the lab does not run, as data the page words.

pub mod adapter;
pub mod array;
pub mod attrs;
pub mod broadcast_view;
pub mod builtins;
pub mod construct;
pub mod context;
pub mod display;
pub mod dtype;
pub mod error;
pub mod exactness;
pub mod explain;
pub mod facts;
pub mod indexing;
pub mod json;
pub mod kind;
pub mod lab;
pub mod math_module;
pub mod names;
pub mod numpy;
pub mod operator;
pub mod ops;
pub mod picture;
pub mod random;
pub mod run;
pub mod signature;
pub mod suggest;
pub mod torch;
pub mod value;
pub mod written;

pub use context::Limits;
pub use error::{Error, EvalError, Explained, Span};
pub use run::{Outcome, prepare, run, run_options, run_with};
