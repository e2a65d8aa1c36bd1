//! Errors. A program stops with the interpreter's [`Error`], the one type the page, the quiz and
//! the command line read. The library's functions still raise [`EvalError`] (a Python exception,
//! class and message, with the part of the program at fault); the adapter puts it into an
//! `Error` as its detail, from which [`Explained`] reads the layout's why and the hint back.
//!
//! Spans are byte ranges; the line, column and caret are computed only when an error is shown
//! ([`Error::render`]).

use crate::construct::LibConstruct;
use core::fmt;

/// The one error a program stops with, the interpreter's: the library's reason and hint ride
/// in it as its detail, read with [`Explained`].
pub use python_subset::error::Error;

/// What stopped a program (a syntax error, valid Python the lab does not run, a limit, an
/// exception): the interpreter's.
pub use python_subset::error::ErrorKind;

/// A byte range `start..end` of the program text: the interpreter's.
pub use python_subset::error::Span;

/// The class name the lab uses for valid Python it does not evaluate: the interpreter's.
pub use python_subset::error::UNSUPPORTED;

/// The lab's limits, and the class name they are shown under: the interpreter's.
pub use python_subset::limits::{LAB_LIMIT, Limit};

/// An error raised by a program: what Python (NumPy, PyTorch) would raise, or a limit of the lab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    /// The exception class: `ValueError`, `IndexError`, `AxisError`, `RuntimeError`, … or
    /// [`UNSUPPORTED`].
    pub class: &'static str,
    /// The message, as Python prints it after the class name.
    pub message: String,
    /// The part of the program at fault, when known.
    pub span: Option<Span>,
    /// Why, in the layout's terms, when the lab can say more than the message.
    pub why: Option<std::rc::Rc<crate::explain::ErrorWhy>>,
    /// What the lab can add beside the message: CPython's suggestion, or the name it lacks.
    pub hint: Option<std::rc::Rc<Hint>>,
}

/// What an error says beside its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// CPython's suggestion for an `AttributeError`, which it prints after the message:
    /// `. Did you mean: 'arange'?`.
    DidYouMean(String),
    /// A limit of the lab (class [`LAB_LIMIT`]), with its numbers, for the page to say in its
    /// language: never an exception NumPy or PyTorch would raise.
    Limit(Limit),
    /// A name of NumPy or PyTorch the lab does not run yet (an [`UNSUPPORTED`] error), for the
    /// page to say in its language.
    NotYet {
        /// The name as the lab writes it: `np.einsum`, `ndarray.cumsum`, `Tensor.sum`.
        name: String,
        /// `NumPy` or `PyTorch`.
        library: &'static str,
    },
    /// A read of memory that `np.empty`/`torch.empty` (or a `*_like` of them) left unwritten
    /// (an [`UNSUPPORTED`] error of the lab's own: the libraries raise nothing, they read
    /// garbage), for the page to say in its language.
    Unwritten {
        /// Whether the values are a tensor's (`torch.empty`), else an array's (`np.empty`).
        torch: bool,
    },
    /// Valid Python the lab does not run (an [`UNSUPPORTED`] error): which construct, for the
    /// page to say in its language.
    Unsupported(LibConstruct),
}

/// The lab's English for a read of unwritten values (see [`Hint::Unwritten`]).
pub fn unwritten_message(torch: bool) -> &'static str {
    if torch {
        "these values were never written: torch.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill_(…)) or use torch.zeros"
    } else {
        "these values were never written: np.empty leaves whatever the memory held; write them first (x[...] = 0, x.fill(…)) or use np.zeros"
    }
}

impl EvalError {
    /// An error of `class` with `message`, not yet placed.
    pub fn new(class: &'static str, message: impl Into<String>) -> Self {
        EvalError {
            class,
            message: message.into(),
            span: None,
            why: None,
            hint: None,
        }
    }

    /// A limit of the lab, not yet placed.
    pub fn limit(limit: Limit) -> Self {
        EvalError {
            class: LAB_LIMIT,
            message: limit.to_string(),
            span: None,
            why: None,
            hint: Some(std::rc::Rc::new(Hint::Limit(limit))),
        }
    }

    /// A `SyntaxError` at `span`.
    pub fn syntax(message: String, span: Span) -> Self {
        EvalError {
            class: "SyntaxError",
            message,
            span: Some(span),
            why: None,
            hint: None,
        }
    }

    /// Valid Python that the lab does not evaluate, with the construct as data (see
    /// [`Hint::Unsupported`]).
    pub fn unsupported(what: LibConstruct, span: Span) -> Self {
        EvalError {
            class: UNSUPPORTED,
            message: format!("{}{what}", python_subset::error::UNSUPPORTED_PREFIX),
            span: Some(span),
            why: None,
            hint: Some(std::rc::Rc::new(Hint::Unsupported(what))),
        }
    }

    /// Which construct the lab does not run, for an [`UNSUPPORTED`] error.
    pub fn construct(&self) -> Option<LibConstruct> {
        match self.hint.as_deref()? {
            Hint::Unsupported(what) => Some(what.clone()),
            Hint::NotYet { name, library } => Some(LibConstruct::NotYet {
                name: name.clone(),
                library,
            }),
            Hint::Unwritten { torch } => Some(LibConstruct::Unwritten(*torch)),
            _ => None,
        }
    }

    /// The lab's error for reading values that were never written (see [`Hint::Unwritten`]).
    pub fn unwritten(torch: bool) -> Self {
        EvalError {
            class: UNSUPPORTED,
            message: unwritten_message(torch).into(),
            span: None,
            why: None,
            hint: Some(std::rc::Rc::new(Hint::Unwritten { torch })),
        }
    }

    /// A `TypeError`.
    pub fn type_error(message: impl Into<String>) -> Self {
        EvalError::new("TypeError", message)
    }

    /// A `ValueError`.
    pub fn value_error(message: impl Into<String>) -> Self {
        EvalError::new("ValueError", message)
    }

    /// Adds the layout's reason.
    pub fn because(mut self, why: crate::explain::ErrorWhy) -> Self {
        self.why = Some(std::rc::Rc::new(why));
        self
    }

    /// Places the error at `span` unless it already has a place.
    pub fn at(mut self, span: Span) -> Self {
        if self.span.is_none() {
            self.span = Some(span);
        }
        self
    }

    /// The error as Python prints its last line: `ValueError: cannot reshape …`, with CPython's
    /// suggestion where it prints one.
    pub fn headline(&self) -> String {
        format!("{}: {}{}", self.class, self.message, self.suggestion_text())
    }

    /// CPython's suggestion, if any.
    pub fn suggestion(&self) -> Option<&str> {
        match self.hint.as_deref() {
            Some(Hint::DidYouMean(s)) => Some(s),
            _ => None,
        }
    }

    /// What CPython prints after the message: `. Did you mean: 'arange'?`, or nothing.
    pub fn suggestion_text(&self) -> String {
        self.suggestion()
            .map(|s| format!(". Did you mean: '{s}'?"))
            .unwrap_or_default()
    }

    /// The line (from 1) and column (from 1, in characters) where the span starts.
    pub fn position(&self, source: &str) -> Option<(usize, usize)> {
        let span = self.span?;
        let before = source.get(..span.start.min(source.len()))?;
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |k| k + 1);
        let column = before.get(line_start..)?.chars().count() + 1;
        Some((line, column))
    }

    /// The headline, then the faulty line of `source` with carets under the span.
    pub fn render(&self, source: &str) -> String {
        let mut out = self.headline();
        let (Some(span), Some((line, column))) = (self.span, self.position(source)) else {
            return out;
        };
        let text = source.lines().nth(line - 1).unwrap_or_default();
        let width = source
            .get(span.start..span.end.min(source.len()))
            .map_or(1, |s| {
                s.lines().next().unwrap_or_default().chars().count().max(1)
            });
        out.push_str(&format!(
            "\n  line {line}, column {column}\n    {text}\n    "
        ));
        out.push_str(&" ".repeat(column - 1));
        out.push_str(
            &"^".repeat(width.min(text.chars().count().saturating_sub(column - 1).max(1))),
        );
        out
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.headline())
    }
}

impl std::error::Error for EvalError {}

/// The library's reason and hint of an [`Error`], where the library raised it.
pub trait Explained {
    /// Why, in the layout's terms.
    fn why(&self) -> Option<&std::rc::Rc<crate::explain::ErrorWhy>>;
    /// What the lab adds beside the message.
    fn hint(&self) -> Option<&Hint>;
}

impl Explained for Error {
    fn why(&self) -> Option<&std::rc::Rc<crate::explain::ErrorWhy>> {
        self.detail::<EvalError>()?.why.as_ref()
    }

    fn hint(&self) -> Option<&Hint> {
        self.detail::<EvalError>()?.hint.as_deref()
    }
}

// The library's error rides in the interpreter's as its detail, which gives CPython's suggestion.
impl python_subset::error::Detail for EvalError {
    fn suggestion(&self) -> Option<&str> {
        EvalError::suggestion(self)
    }

    fn message(&self) -> Option<&str> {
        Some(&self.message)
    }
}

impl From<stride_core::Error> for EvalError {
    fn from(e: stride_core::Error) -> Self {
        let err = EvalError::new(e.exception(), e.to_string());
        match crate::explain::core_error_why(&e) {
            Some(why) => err.because(why),
            None => err,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_points_at_the_span() {
        let src = "x = np.arange(12.0)\ny = x.reshape(5)";
        let e = EvalError::value_error("cannot reshape array of size 12 into shape (5,)")
            .at(Span::new(24, 36));
        assert_eq!(e.position(src), Some((2, 5)));
        assert_eq!(
            e.render(src),
            "ValueError: cannot reshape array of size 12 into shape (5,)\n  line 2, column 5\n    y = x.reshape(5)\n        ^^^^^^^^^^^^"
        );
    }
}
