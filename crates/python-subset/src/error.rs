//! [`Error`]: everything that stops a program, with the byte [`Span`] it points at.
//!
//! Four kinds, kept apart because the checker treats them differently: a syntax error (the
//! answer is not Python), an unsupported construct (valid Python this interpreter does not run),
//! a limit (the run was stopped) and a Python exception (the program raised it). Line and column
//! are computed only when an error is shown, by [`line_col`] and [`caret`].

use crate::construct::Construct;
use crate::limits::Limit;
use core::fmt;

/// A byte range of the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span from `start` to `end`.
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

macro_rules! classes {
    ($($name:ident),* $(,)?) => {
        /// The exception classes a program can raise or name.
        #[derive(Clone, Copy, PartialEq, Eq)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[allow(missing_docs, non_camel_case_types)]
        pub enum ExcClass { $($name),* }

        impl ExcClass {
            /// Every class, for name look-up.
            pub const ALL: &'static [ExcClass] = &[$(ExcClass::$name),*];

            /// The class's Python name.
            pub fn name(self) -> &'static str {
                match self { $(ExcClass::$name => stringify!($name)),* }
            }
        }
    };
}

classes!(
    Exception,
    ArithmeticError,
    AssertionError,
    AttributeError,
    ImportError,
    IndexError,
    KeyError,
    LookupError,
    ModuleNotFoundError,
    NameError,
    NotImplementedError,
    OverflowError,
    RuntimeError,
    StopIteration,
    TypeError,
    UnboundLocalError,
    ValueError,
    ZeroDivisionError,
    RecursionError,
    MemoryError,
    AxisError,
    UFuncTypeError,
    TooHardError,
    TimeoutError,
    LinAlgError,
    _LinAlgError,
);

impl ExcClass {
    /// Whether Python's `builtins` module has it (NumPy's own classes are not).
    pub fn is_builtin(self) -> bool {
        !matches!(
            self,
            ExcClass::AxisError
                | ExcClass::UFuncTypeError
                | ExcClass::TooHardError
                | ExcClass::LinAlgError
                | ExcClass::_LinAlgError
        )
    }

    /// The class named `name`, if this interpreter knows it.
    pub fn from_name(name: &str) -> Option<ExcClass> {
        ExcClass::ALL.iter().copied().find(|c| c.name() == name)
    }
}

/// Which of CPython's syntax error classes.
#[derive(Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SyntaxClass {
    /// `SyntaxError`.
    Syntax,
    /// `IndentationError`.
    Indentation,
    /// `TabError`: tabs and spaces mixed inconsistently.
    Tab,
}

impl SyntaxClass {
    /// The class's Python name.
    pub fn name(self) -> &'static str {
        match self {
            SyntaxClass::Syntax => "SyntaxError",
            SyntaxClass::Indentation => "IndentationError",
            SyntaxClass::Tab => "TabError",
        }
    }
}

/// What went wrong.
#[derive(Clone, PartialEq)]
pub enum ErrorKind {
    /// The text is not Python: CPython would refuse to compile it too.
    Syntax(SyntaxClass, String),
    /// Valid Python, outside the subset this interpreter runs: which construct.
    Unsupported(Construct),
    /// The run reached a [`Limit`].
    Limit(Limit),
    /// A Python exception: its class and message.
    Exception(ExcClass, String),
}

/// An error and where it happened.
#[derive(Clone)]
pub struct Error {
    /// What went wrong.
    pub kind: ErrorKind,
    /// Where, as bytes of the source it was found in.
    pub span: Span,
    /// What the embedder adds for its own page (the lab's reason in the layout's terms, its
    /// "Did you mean"), which the interpreter carries along untouched; read it back with
    /// [`Error::detail`].
    pub detail: Option<std::rc::Rc<dyn Detail>>,
}

/// What an embedder attaches to an [`Error`]: any type of its own, read back with
/// [`Error::detail`]; the interpreter asks it only for CPython's suggestion.
pub trait Detail: core::any::Any {
    /// CPython's "Did you mean" for this error (`arange` in `. Did you mean: 'arange'?`).
    fn suggestion(&self) -> Option<&str> {
        None
    }

    /// The embedder's own wording of the message, where it words it (the lab's "np.polyfit is
    /// part of NumPy, but this lab does not run it yet").
    fn message(&self) -> Option<&str> {
        None
    }
}

/// The class name [`Error::class_name`] gives valid Python this interpreter does not run.
pub const UNSUPPORTED: &str = "Unsupported";

/// What [`Error::message`] says of an unsupported construct, before naming it.
pub const UNSUPPORTED_PREFIX: &str = "valid Python, but this lab does not run it: ";

impl PartialEq for Error {
    fn eq(&self, other: &Error) -> bool {
        self.kind == other.kind && self.span == other.span
    }
}

/// The result type of this crate.
pub type Result<T> = core::result::Result<T, Error>;

impl Error {
    /// A `SyntaxError`.
    pub fn syntax(message: impl Into<String>, span: Span) -> Error {
        Error {
            kind: ErrorKind::Syntax(SyntaxClass::Syntax, message.into()),
            span,
            detail: None,
        }
    }

    /// An unsupported construct.
    pub fn unsupported(what: Construct, span: Span) -> Error {
        Error {
            kind: ErrorKind::Unsupported(what),
            span,
            detail: None,
        }
    }

    /// A limit.
    pub fn limit(limit: Limit, span: Span) -> Error {
        Error {
            kind: ErrorKind::Limit(limit),
            span,
            detail: None,
        }
    }

    /// A Python exception.
    pub fn exception(class: ExcClass, message: impl Into<String>, span: Span) -> Error {
        Error {
            kind: ErrorKind::Exception(class, message.into()),
            span,
            detail: None,
        }
    }

    /// A `TypeError`.
    pub fn type_error(message: impl Into<String>, span: Span) -> Error {
        Error::exception(ExcClass::TypeError, message, span)
    }

    /// A `ValueError`.
    pub fn value_error(message: impl Into<String>, span: Span) -> Error {
        Error::exception(ExcClass::ValueError, message, span)
    }

    /// The embedder's detail, if it attached one of type `T`.
    pub fn detail<T: Detail>(&self) -> Option<&T> {
        let any: &dyn core::any::Any = self.detail.as_deref()?;
        any.downcast_ref::<T>()
    }

    /// Attaches the embedder's detail, replacing any.
    pub fn with_detail(mut self, detail: impl Detail) -> Error {
        self.detail = Some(std::rc::Rc::new(detail));
        self
    }

    /// Whether the error has a place (an error raised by a host has none until [`Error::at`]).
    pub fn placed(&self) -> Option<Span> {
        (self.span != Span::default()).then_some(self.span)
    }

    /// Places the error at `span` unless it already has a place.
    pub fn at(mut self, span: Span) -> Error {
        if self.placed().is_none() {
            self.span = span;
        }
        self
    }

    /// The class the learner sees: the exception's, the syntax error's, [`UNSUPPORTED`], for a
    /// limit CPython has too its class (`RecursionError`, `SyntaxError`), and for a limit of the
    /// lab [`crate::limits::LAB_LIMIT`].
    pub fn class_name(&self) -> &'static str {
        match &self.kind {
            ErrorKind::Syntax(class, _) => class.name(),
            ErrorKind::Unsupported(_) => UNSUPPORTED,
            ErrorKind::Limit(Limit::Recursion) => "RecursionError",
            ErrorKind::Limit(Limit::Nesting) => "SyntaxError",
            ErrorKind::Limit(_) => crate::limits::LAB_LIMIT,
            ErrorKind::Exception(class, _) => class.name(),
        }
    }

    /// The message the learner sees after [`Error::class_name`]: the embedder's wording where
    /// its detail has one.
    pub fn message(&self) -> String {
        if let Some(own) = self.detail.as_deref().and_then(Detail::message) {
            return own.to_string();
        }
        match &self.kind {
            ErrorKind::Syntax(_, message) | ErrorKind::Exception(_, message) => message.clone(),
            ErrorKind::Unsupported(what) => format!("{UNSUPPORTED_PREFIX}{what}"),
            ErrorKind::Limit(Limit::Recursion) => "maximum recursion depth exceeded".into(),
            ErrorKind::Limit(Limit::Nesting) => "too many nested parentheses".into(),
            ErrorKind::Limit(Limit::IntTooLarge) => {
                "integer too large for the lab (it keeps Python ints within 128 bits)".into()
            }
            ErrorKind::Limit(limit) => limit.to_string(),
        }
    }

    /// CPython's suggestion, if the embedder's detail has one.
    pub fn suggestion(&self) -> Option<&str> {
        self.detail.as_deref()?.suggestion()
    }

    /// What CPython prints after the message: `. Did you mean: 'arange'?`, or nothing.
    pub fn suggestion_text(&self) -> String {
        self.suggestion()
            .map(|s| format!(". Did you mean: '{s}'?"))
            .unwrap_or_default()
    }

    /// The error as the lab prints its last line: `ValueError: cannot reshape …`, with
    /// CPython's suggestion where it prints one.
    pub fn headline(&self) -> String {
        format!(
            "{}: {}{}",
            self.class_name(),
            self.message(),
            self.suggestion_text()
        )
    }

    /// The line (from 1) and column (from 1, in characters) where the placed span starts.
    pub fn position(&self, source: &str) -> Option<(usize, usize)> {
        let span = self.placed()?;
        source.get(..span.start.min(source.len()))?;
        Some(line_col(source, span.start))
    }

    /// The headline, then the faulty line of `source` with carets under the span.
    pub fn render(&self, source: &str) -> String {
        let mut out = self.headline();
        let (Some(span), Some((line, column))) = (self.placed(), self.position(source)) else {
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

    /// The exception class, for a Python exception.
    pub fn class(&self) -> Option<ExcClass> {
        match self.kind {
            ErrorKind::Exception(class, _) => Some(class),
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Syntax(class, message) => write!(f, "{}: {message}", class.name()),
            ErrorKind::Unsupported(what) => {
                write!(f, "{UNSUPPORTED_PREFIX}{what}")
            }
            ErrorKind::Limit(limit) => write!(f, "{limit}"),
            ErrorKind::Exception(class, message) if message.is_empty() => f.write_str(class.name()),
            ErrorKind::Exception(class, message) => write!(f, "{}: {message}", class.name()),
        }
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl core::error::Error for Error {}

/// The 1-based line and 1-based column (in characters) of byte `offset` of `source`.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let before = source.get(..offset.min(source.len())).unwrap_or(source);
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    let column = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
    (line, column)
}

/// The line holding byte `offset`, indented by four spaces, and a caret under that byte:
/// `"    strides.insert(0 step)\n                     ^"`.
pub fn caret(source: &str, offset: usize) -> String {
    let offset = offset.min(source.len());
    let start = source
        .get(..offset)
        .and_then(|s| s.rfind('\n'))
        .map_or(0, |i| i + 1);
    let end = source
        .get(offset..)
        .and_then(|s| s.find('\n'))
        .map_or(source.len(), |i| offset + i);
    let line = source.get(start..end).unwrap_or("");
    let (_, column) = line_col(source, offset);
    let mut out = String::from("    ");
    out.push_str(line.trim_end());
    out.push_str("\n    ");
    for _ in 1..column {
        out.push(' ');
    }
    out.push('^');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters() {
        let src = "ab\ncd é f";
        assert_eq!(line_col(src, 0), (1, 1));
        assert_eq!(line_col(src, 3), (2, 1));
        assert_eq!(line_col(src, 9), (2, 6));
        assert_eq!(line_col(src, 999), (2, 7));
    }

    #[test]
    fn caret_points_under_the_byte() {
        let src = "x = 1\nstrides.insert(0 step)\n";
        assert_eq!(
            caret(src, 23),
            "    strides.insert(0 step)\n                     ^"
        );
    }

    #[test]
    fn render_points_at_the_span() {
        let src = "x = np.arange(12.0)\ny = x.reshape(5)";
        let e = Error::value_error(
            "cannot reshape array of size 12 into shape (5,)",
            Span::default(),
        )
        .at(Span::new(24, 36));
        assert_eq!(e.position(src), Some((2, 5)));
        assert_eq!(
            e.render(src),
            "ValueError: cannot reshape array of size 12 into shape (5,)\n  line 2, column 5\n    y = x.reshape(5)\n        ^^^^^^^^^^^^"
        );
        assert_eq!(
            e.clone().at(Span::new(0, 1)).placed(),
            Some(Span::new(24, 36))
        );
    }

    #[test]
    fn the_detail_reads_back_and_gives_the_suggestion() {
        struct Lab(&'static str);
        impl Detail for Lab {
            fn suggestion(&self) -> Option<&str> {
                Some(self.0)
            }
        }
        let e = Error::exception(ExcClass::AttributeError, "no 'arang'", Span::default())
            .with_detail(Lab("arange"));
        assert_eq!(e.detail::<Lab>().map(|l| l.0), Some("arange"));
        assert_eq!(
            e.headline(),
            "AttributeError: no 'arang'. Did you mean: 'arange'?"
        );
        assert_eq!(
            Error::limit(Limit::Recursion, Span::default()).headline(),
            "RecursionError: maximum recursion depth exceeded"
        );
        assert_eq!(
            Error::unsupported(Construct::Sets, Span::default()).headline(),
            "Unsupported: valid Python, but this lab does not run it: sets"
        );
    }

    #[test]
    fn display_names_the_kind() {
        let span = Span::default();
        assert_eq!(
            Error::syntax("invalid syntax", span).to_string(),
            "SyntaxError: invalid syntax"
        );
        assert_eq!(
            Error::unsupported(Construct::Sets, span).to_string(),
            "valid Python, but this lab does not run it: sets"
        );
        assert_eq!(
            Error::exception(ExcClass::ValueError, "", span).to_string(),
            "ValueError"
        );
        assert_eq!(
            ExcClass::from_name("KeyError").map(ExcClass::name),
            Some("KeyError")
        );
    }
}
