//! The names NumPy and PyTorch have, and what the lab says for an attribute it lacks.
//!
//! `names/*.txt` hold, for each [`Owner`], the names of `dir()` in the real libraries (NumPy
//! 2.4.6, PyTorch 2.15.0), written by `names/record.py` (see its docs for the format). With
//! them an attribute the lab does not have gets one of three answers ([`missing`]):
//!
//! - the library has it: the lab's own error, under [`UNSUPPORTED`], "np.polyfit is part of NumPy,
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
    Owner::Torch,
    Owner::Tensor,
    Owner::Scalar(DType::Bool),
    Owner::Scalar(DType::Int64),
    Owner::Scalar(DType::Float32),
    Owner::Scalar(DType::Float64),
];

/// Every owner's names, in the format `names/record.py` documents: the owners' union, each name
/// with the mask of the owners that have it.
pub const NAMES: &str = include_str!("../names/names.txt");

/// NumPy's own messages for names its module refuses, and the names it serves beyond `dir()`.
const NUMPY_REMOVED: &str = include_str!("../names/numpy-removed.txt");

/// The characters that number the masks of [`NAMES`].
const MASK_DIGITS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

impl Owner {
    /// The owner's position in the first line of [`NAMES`] (its bit in the masks).
    pub fn bit(self) -> usize {
        match self {
            Owner::Numpy => 0,
            Owner::NumpyLib => 1,
            Owner::StrideTricks => 2,
            Owner::Linalg => 3,
            Owner::Ndarray => 4,
            Owner::Flags => 5,
            Owner::Torch => 6,
            Owner::Tensor => 7,
            Owner::Scalar(DType::Bool) => 8,
            Owner::Scalar(DType::Float16 | DType::Float32) => 10,
            Owner::Scalar(DType::Float64) => 11,
            Owner::Scalar(_) => 9,
        }
    }
}

/// Calls `f` with each of `owner`'s names, in `dir()`'s order (`dyn`: one copy of the decoder
/// in the page, whatever the callers).
pub fn each_name(owner: Owner, f: &mut dyn FnMut(&str)) {
    let mut lines = NAMES.lines();
    let _owners = lines.next();
    let masks: Vec<u32> = lines
        .next()
        .unwrap_or_default()
        .split(' ')
        .map(|m| u32::from_str_radix(m, 16).unwrap_or(0))
        .collect();
    let mut name = String::new();
    for line in lines {
        let bytes = line.as_bytes();
        let (Some(&m), Some(&k)) = (bytes.first(), bytes.get(1)) else {
            continue;
        };
        name.truncate(usize::from(k.saturating_sub(b'0')));
        name.push_str(line.get(2..).unwrap_or_default());
        let mask = MASK_DIGITS
            .iter()
            .position(|&d| d == m)
            .and_then(|i| masks.get(i))
            .copied()
            .unwrap_or(0);
        if mask >> owner.bit() & 1 == 1 {
            f(&name);
        }
    }
}

/// Whether `owner`'s names are all of `dir()` (else only the public ones: `torch`, `Tensor`).
pub fn complete(owner: Owner) -> bool {
    !matches!(owner, Owner::Torch | Owner::Tensor)
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
    let mut found = false;
    each_name(owner, &mut |n| found |= n == name);
    found || (owner == Owner::Numpy && removed(name) == Some(None))
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
        let mut fields = line.splitn(3, '\t');
        if fields.next() != Some(name) {
            continue;
        }
        let (Some(kind), Some(arg)) = (fields.next(), fields.next()) else {
            return Some(None);
        };
        let mut message = String::new();
        match kind.parse::<usize>().ok().and_then(|k| templates.get(k)) {
            Some(t) => fill(&mut message, t, name, arg),
            None => push_text(&mut message, arg),
        }
        return Some(Some(message));
    }
    None
}

/// Appends `template` with `{n}` replaced by `name` and `{}` by `arg`.
fn fill(out: &mut String, template: &str, name: &str, arg: &str) {
    for (k, part) in template.split("{n}").enumerate() {
        if k > 0 {
            out.push_str(name);
        }
        match part.split_once("{}") {
            Some((a, b)) => {
                push_text(out, a);
                push_text(out, arg);
                push_text(out, b);
            }
            None => push_text(out, part),
        }
    }
}

/// Appends stored text, whose newlines are written as tabs.
fn push_text(out: &mut String, text: &str) {
    out.extend(text.chars().map(|c| if c == '\t' { '\n' } else { c }));
}

/// The lab's error for `name`, which `owner` lacks in the lab, at `span` (the attribute's name).
pub fn missing(owner: Owner, name: &str, span: Span) -> EvalError {
    if owner == Owner::Numpy {
        if let Some(Some(message)) = removed(name) {
            return EvalError::new("AttributeError", message).at(span);
        }
    }
    if has(owner, name) {
        return not_yet(owner, name).at(span);
    }
    if !complete(owner) && name.starts_with('_') {
        return EvalError::unsupported(
            crate::construct::LibConstruct::PrivateName {
                library: words(owner).2,
                name: name.to_string(),
            },
            span,
        );
    }
    let mut e = EvalError::new(
        "AttributeError",
        format!("{} has no attribute '{name}'", subject(owner)),
    )
    .at(span);
    // CPython suggests nothing for torch and Tensor: their dir() has too many names.
    if complete(owner) {
        let mut nearest = crate::suggest::Nearest::new(name);
        each_name(owner, &mut |n| nearest.offer(n));
        e.hint = nearest.best().map(|s| Rc::new(Hint::DidYouMean(s)));
    }
    e
}

fn subject(owner: Owner) -> String {
    match owner {
        Owner::Scalar(d) => format!("'numpy.{}' object", d.name()),
        other => words(other).0.to_string(),
    }
}

/// The lab's error for a name of NumPy or PyTorch that it does not run: "np.polyfit is part of
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
        let owners: Vec<&str> = NAMES.lines().next().unwrap().split(' ').collect();
        assert_eq!(owners.len(), OWNERS.len());
        for owner in OWNERS {
            let mut names = Vec::new();
            each_name(owner, &mut |n| names.push(n.to_string()));
            assert!(names.len() > 1, "{owner:?}");
            assert!(names.windows(2).all(|w| w[0] < w[1]), "{owner:?}");
            // Only an owner whose dir() is too long for suggestions may leave names out.
            assert_eq!(
                owners[owner.bit()].ends_with('*'),
                !complete(owner),
                "{owner:?}"
            );
            assert!(!complete(owner) || names.len() < crate::suggest::MAX_CANDIDATE_ITEMS);
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
