//! The names NumPy and PyTorch have, and what the lab says for an attribute it lacks.
//!
//! `names/*.txt` hold, for each [`Owner`], the names of `dir()` in the real libraries (NumPy
//! 2.4.6, PyTorch 2.15.0), written by `names/record.py` (see its docs for the format). With
//! them an attribute the lab does not have gets one of three answers ([`missing`]):
//!
//! - the library has it: the lab's own error, under [`UNSUPPORTED`], "np.einsum is part of NumPy,
//!   but this lab does not run it yet" (never an exception of the library: the learner would read
//!   it as a fact about NumPy);
//! - NumPy's module refuses it with a message of its own (`np.float_`, `np.int`): that message;
//! - neither library has it: the `AttributeError` the library raises, worded as it words it, with
//!   CPython's "Did you mean" ([`crate::suggest`]) where CPython would print one.

use std::rc::Rc;

use crate::dtype::DType;
use crate::error::{EvalError, Hint, Span, UNSUPPORTED};

/// An object whose names the lab knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// The module `numpy`.
    Numpy,
    /// `numpy.lib`.
    NumpyLib,
    /// `numpy.lib.stride_tricks`.
    StrideTricks,
    /// `numpy.linalg`.
    Linalg,
    /// A NumPy array.
    Ndarray,
    /// A NumPy array's `flags`.
    Flags,
    /// A NumPy scalar of this dtype.
    Scalar(DType),
    /// The module `torch`.
    Torch,
    /// A PyTorch tensor.
    Tensor,
}

/// Every owner (one scalar dtype of each kind), for tests.
pub const OWNERS: [Owner; 12] = [
    Owner::Numpy,
    Owner::NumpyLib,
    Owner::StrideTricks,
    Owner::Linalg,
    Owner::Ndarray,
    Owner::Flags,
    Owner::Scalar(DType::Bool),
    Owner::Scalar(DType::Int64),
    Owner::Scalar(DType::Float32),
    Owner::Scalar(DType::Float64),
    Owner::Torch,
    Owner::Tensor,
];

/// NumPy's own messages for names its module refuses, and the names it serves beyond `dir()`.
const NUMPY_REMOVED: &str = include_str!("../names/numpy-removed.txt");

/// One owner's recorded names.
#[derive(Clone, Copy, Debug)]
pub struct Listing {
    /// How many names `dir()` gives.
    pub dir_len: usize,
    /// Whether [`Listing::names`] is all of `dir()` (else only the public names).
    pub complete: bool,
    text: &'static str,
}

impl Listing {
    /// The names in `dir()`'s order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.text.lines()
    }

    /// Whether `name` is one of them.
    pub fn has(&self, name: &str) -> bool {
        self.names().any(|n| n == name)
    }
}

/// The file of `owner`'s names.
pub fn text(owner: Owner) -> &'static str {
    match owner {
        Owner::Numpy => include_str!("../names/numpy.txt"),
        Owner::NumpyLib => include_str!("../names/numpy.lib.txt"),
        Owner::StrideTricks => include_str!("../names/numpy.lib.stride_tricks.txt"),
        Owner::Linalg => include_str!("../names/numpy.linalg.txt"),
        Owner::Ndarray => include_str!("../names/ndarray.txt"),
        Owner::Flags => include_str!("../names/flagsobj.txt"),
        Owner::Scalar(DType::Bool) => include_str!("../names/scalar-bool.txt"),
        Owner::Scalar(DType::Float16 | DType::Float32) => {
            include_str!("../names/scalar-float.txt")
        }
        Owner::Scalar(DType::Float64) => include_str!("../names/scalar-float64.txt"),
        Owner::Scalar(_) => include_str!("../names/scalar-int.txt"),
        Owner::Torch => include_str!("../names/torch.txt"),
        Owner::Tensor => include_str!("../names/Tensor.txt"),
    }
}

/// `owner`'s names: a file that starts with `#<n>` lists only public names of a `dir()` of `n`.
pub fn listing(owner: Owner) -> Listing {
    let text = text(owner);
    if let Some(rest) = text.strip_prefix('#') {
        let (count, names) = rest.split_once('\n').unwrap_or((rest, ""));
        return Listing {
            dir_len: count.parse().unwrap_or(usize::MAX),
            complete: false,
            text: names,
        };
    }
    Listing {
        dir_len: text.lines().count(),
        complete: true,
        text,
    }
}

/// How the library names the owner in its messages, and the lab in its own.
fn words(owner: Owner) -> (&'static str, &'static str, &'static str) {
    // (the AttributeError's subject, the prefix of a name in the lab's sentence, the library)
    match owner {
        Owner::Numpy => ("module 'numpy'", "np.", "NumPy"),
        Owner::NumpyLib => ("module 'numpy.lib'", "np.lib.", "NumPy"),
        Owner::StrideTricks => (
            "module 'numpy.lib.stride_tricks'",
            "np.lib.stride_tricks.",
            "NumPy",
        ),
        Owner::Linalg => ("module 'numpy.linalg'", "np.linalg.", "NumPy"),
        Owner::Ndarray => ("'numpy.ndarray' object", "ndarray.", "NumPy"),
        Owner::Flags => (
            "'numpy._core.multiarray.flagsobj' object",
            "ndarray.flags.",
            "NumPy",
        ),
        Owner::Scalar(_) => ("", "", "NumPy"),
        Owner::Torch => ("module 'torch'", "torch.", "PyTorch"),
        Owner::Tensor => ("'Tensor' object", "Tensor.", "PyTorch"),
    }
}

/// Whether the library has `name` on `owner` (listed by `dir()`, or served by NumPy's module
/// beyond it).
pub fn has(owner: Owner, name: &str) -> bool {
    listing(owner).has(name) || (owner == Owner::Numpy && removed(name) == Some(None))
}

/// For a name NumPy's module treats specially: `Some(Some(message))` when it refuses it with
/// that message, `Some(None)` when it serves it though `dir()` does not list it.
fn removed(name: &str) -> Option<Option<String>> {
    let mut templates = Vec::new();
    for line in NUMPY_REMOVED.lines() {
        if let Some(t) = line.strip_prefix('%') {
            templates.push(t);
            continue;
        }
        let mut fields = line.split('\t');
        if fields.next() != Some(name) {
            continue;
        }
        let (Some(kind), Some(arg)) = (fields.next(), fields.next()) else {
            return Some(None);
        };
        let message = match kind.parse::<usize>().ok().and_then(|k| templates.get(k)) {
            Some(t) => t.replace("{n}", name).replace("{}", arg),
            None => arg.to_string(),
        };
        return Some(Some(message.replace("\\n", "\n")));
    }
    None
}

/// The lab's error for `name`, which `owner` lacks in the lab, at `span` (the attribute's name).
pub fn missing(owner: Owner, name: &str, span: Span) -> EvalError {
    if owner == Owner::Numpy {
        if let Some(Some(message)) = removed(name) {
            return EvalError::new("AttributeError", message).at(span);
        }
    }
    let listing = listing(owner);
    if has(owner, name) {
        return not_yet(owner, name).at(span);
    }
    if !listing.complete && name.starts_with('_') {
        return EvalError::unsupported(
            &format!("{}'s private names ({name})", words(owner).2),
            span,
        );
    }
    let mut e = EvalError::new(
        "AttributeError",
        format!("{} has no attribute '{name}'", subject(owner)),
    )
    .at(span);
    if let Some(s) = crate::suggest::suggestion(name, listing.names(), listing.dir_len) {
        e.hint = Some(Rc::new(Hint::DidYouMean(s)));
    }
    e
}

fn subject(owner: Owner) -> String {
    match owner {
        Owner::Scalar(d) => format!("'numpy.{}' object", d.name()),
        other => words(other).0.to_string(),
    }
}

/// The lab's error for a name of NumPy or PyTorch that it does not run: "np.einsum is part of
/// NumPy, but this lab does not run it yet".
pub fn not_yet(owner: Owner, name: &str) -> EvalError {
    let (_, prefix, library) = words(owner);
    let qualified = match owner {
        Owner::Scalar(d) => format!("{}.{name}", d.name()),
        _ => format!("{prefix}{name}"),
    };
    let mut e = EvalError::new(
        UNSUPPORTED,
        format!("{qualified} is part of {library}, but this lab does not run it yet"),
    );
    e.hint = Some(Rc::new(Hint::NotYet {
        name: qualified,
        library,
    }));
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listings_are_sorted_unique_and_not_empty() {
        for owner in OWNERS {
            let l = listing(owner);
            let names: Vec<&str> = l.names().collect();
            assert!(!names.is_empty(), "{owner:?}");
            assert!(names.windows(2).all(|w| w[0] < w[1]), "{owner:?}");
            assert!(l.complete || l.dir_len >= crate::suggest::MAX_CANDIDATE_ITEMS);
            assert!(names.len() <= l.dir_len);
        }
    }

    #[test]
    fn removed_names() {
        assert_eq!(
            removed("float_"),
            Some(Some(
                "`np.float_` was removed in the NumPy 2.0 release. Use `np.float64` instead."
                    .into()
            ))
        );
        assert_eq!(removed("matlib"), Some(None));
        assert_eq!(removed("arange"), None);
    }
}
