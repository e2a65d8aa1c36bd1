//! [`Error`]: everything that stops a program, with the byte [`Span`] it points at.
//!
//! Four kinds, kept apart because the checker treats them differently: a syntax error (the
//! answer is not Python), an unsupported construct (valid Python this interpreter does not run),
//! a limit (the run was stopped) and a Python exception (the program raised it). Line and column
//! are computed only when an error is shown, by [`line_col`] and [`caret`].

use crate::limits::Limit;
use core::fmt;

/// A byte range of the source text.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
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
        #[allow(missing_docs)]
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
);

impl ExcClass {
    /// Whether Python's `builtins` module has it (NumPy's own classes are not).
    pub fn is_builtin(self) -> bool {
        !matches!(
            self,
            ExcClass::AxisError | ExcClass::UFuncTypeError | ExcClass::TooHardError
        )
    }

    /// The class named `name`, if this interpreter knows it.
    pub fn from_name(name: &str) -> Option<ExcClass> {
        ExcClass::ALL.iter().copied().find(|c| c.name() == name)
    }
}

/// Which of CPython's syntax error classes.
#[derive(Clone, Copy, PartialEq, Eq)]
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
    /// Valid Python, outside the subset this interpreter runs; names the construct.
    Unsupported(String),
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
    /// "Did you mean"), which the interpreter carries along untouched.
    pub detail: Option<std::rc::Rc<dyn core::any::Any>>,
}

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
    pub fn unsupported(what: impl Into<String>, span: Span) -> Error {
        Error {
            kind: ErrorKind::Unsupported(what.into()),
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
                write!(f, "valid Python, but this lab does not run it: {what}")
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
    fn display_names_the_kind() {
        let span = Span::default();
        assert_eq!(
            Error::syntax("invalid syntax", span).to_string(),
            "SyntaxError: invalid syntax"
        );
        assert_eq!(
            Error::unsupported("lambda", span).to_string(),
            "valid Python, but this lab does not run it: lambda"
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
