//! A program's error as plain data: what the page's error view, the dtype menu's fault and the
//! why need of it (the interpreter's error carries its library's detail behind a trait object,
//! which cannot cross to the page).

use std::rc::Rc;

use array_picture::Drawn;
use arrays::error::Span;
use arrays::explain::ErrorWhy;
use python_subset::error::{ExcClass, SyntaxClass};
use python_subset::limits::Limit;
use serde::{Deserialize, Serialize};

/// An error a program stopped with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Failure {
    /// What stopped it.
    pub kind: Kind,
    /// Where, as bytes of the program (all zero when the error has no place).
    pub span: Span,
    /// The class the learner sees: the exception's (`ValueError`), the syntax error's,
    /// `Unsupported`, `LabLimit`, or the class CPython gives a limit it has too.
    pub class_name: String,
    /// The message after the class, as the library prints it (or the lab's English).
    pub message: String,
    /// CPython's "Did you mean" (`arange`), when it prints one.
    pub suggestion: Option<String>,
    /// What the lab says in the learner's language instead of the message.
    pub hint: Option<Hint>,
    /// Why, in the layout's terms (numbers in bytes: [`ErrorWhy::in_units`]).
    pub why: Option<Rc<ErrorWhy>>,
    /// For a view that failed because no strides fit ([`ErrorWhy::NeedsCopy`]): the memory it
    /// would have read, drawn with the values its walk shows in either units.
    pub memory: Option<Rc<Drawn>>,
}

/// What stopped a program.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Kind {
    /// The text is not Python: its class and CPython's message.
    Syntax(SyntaxClassName, String),
    /// Valid Python the lab does not run: the construct, in words.
    Unsupported(Words),
    /// A limit of the run.
    Limit(Limit),
    /// A Python exception (NumPy's, PyTorch's): its class and message.
    Exception(ExcClassName, String),
}

/// A syntax error's class, as data (its name is [`Failure::class_name`]).
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SyntaxClassName(pub SyntaxClass);

/// An exception's class, as data (its name is [`Failure::class_name`]).
#[derive(Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExcClassName(pub ExcClass);

impl std::fmt::Debug for SyntaxClassName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.name())
    }
}

impl std::fmt::Debug for ExcClassName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.name())
    }
}

/// Words in the lab's two languages (the quiz's wording of a construct the lab does not run).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Words {
    /// English.
    pub en: String,
    /// Spanish.
    pub es: String,
}

/// What the lab says of an error in the learner's language, beside or instead of its message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hint {
    /// A name of NumPy or PyTorch the lab does not run yet.
    NotYet {
        /// The name as the lab writes it: `np.polyfit`.
        name: String,
        /// `NumPy` or `PyTorch`.
        library: String,
    },
    /// A read of memory `np.empty`/`torch.empty` left unwritten.
    Unwritten {
        /// Whether a tensor's (`torch.empty`), else an array's.
        torch: bool,
    },
}

impl Failure {
    /// The place, unless the error has none.
    pub fn placed(&self) -> Option<Span> {
        (self.span != Span::default()).then_some(self.span)
    }

    /// The line (from 1) and column (from 1, in characters) where the placed span starts in
    /// `source`.
    pub fn position(&self, source: &str) -> Option<(usize, usize)> {
        let span = self.placed()?;
        source.get(..span.start.min(source.len()))?;
        Some(python_subset::error::line_col(source, span.start))
    }

    /// What CPython prints after the message: `. Did you mean: 'arange'?`, or nothing.
    pub fn suggestion_text(&self) -> String {
        self.suggestion
            .as_ref()
            .map(|s| format!(". Did you mean: '{s}'?"))
            .unwrap_or_default()
    }

    /// The error as the lab prints its last line: `ValueError: cannot reshape …`.
    pub fn headline(&self) -> String {
        format!(
            "{}: {}{}",
            self.class_name,
            self.message,
            self.suggestion_text()
        )
    }
}
