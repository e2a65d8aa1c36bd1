//! The checker: an [`Exercise`] is a Python function with a blank `____`; [`check`] puts a
//! learner's answer in the blank, runs every case against the reference answer, and returns a
//! [`Verdict`].
//!
//! The blank is either a whole line (the answer is one or more statements, re-indented to the
//! blank's indentation) or part of a line (the answer is an expression): `checker/fill.rs`. Each
//! case runs in fresh globals, for the learner's program and for the reference; return values
//! are compared by `repr` (so `[4, 1]` is not `(4, 1)` and `4` is not `4.0`), and exceptions by
//! class. Printed output is compared by text only in an exercise whose reference prints;
//! elsewhere what the answer prints (a learner's debugging `print`) is handed back in
//! [`Checked::printed`], to be shown and not judged. A syntax error is reported in the learner's
//! own text (`checker/syntax.rs`), and an answer with no code gets [`Verdict::Empty`].

mod fill;
mod measure;
mod syntax;

pub use fill::fill;
pub use measure::{Measured, measure};

use crate::error::ErrorKind;
use crate::limits::{Limit, Limits};
use crate::value::str_repr;
use crate::{Program, Run};
use core::fmt;
use fill::{Filled, fill_mapped};

/// The blank a learner fills.
pub const BLANK: &str = "____";

/// A code exercise.
pub struct Exercise {
    /// Stable id, such as `u1-code-contiguous-strides`.
    pub id: &'static str,
    /// Python source with one line containing [`BLANK`].
    pub template: &'static str,
    /// The reference answer for the blank.
    pub reference: &'static str,
    /// Python call expressions to compare, such as `contiguous_strides((3, 4))`.
    pub cases: &'static [&'static str],
    /// The name of the function the learner completes.
    pub function: &'static str,
}

/// How an answer did.
#[derive(Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Every case matches the reference.
    Correct,
    /// The answer has no code: only spaces, empty lines or comments.
    Empty,
    /// A case returned something else (or returned where the reference raised): `got` and
    /// `expected` are phrases such as `returned [1, 4]` and `[4, 1]`.
    Wrong {
        /// The case.
        case: String,
        /// What the answer did.
        got: String,
        /// What the reference did.
        expected: String,
    },
    /// A case printed something else than the reference.
    WrongOutput {
        /// The case.
        case: String,
        /// What the answer printed, quoted.
        got: String,
        /// What the reference printed, quoted.
        expected: String,
    },
    /// The answer is not Python.
    SyntaxError {
        /// CPython's class and message, such as `SyntaxError: invalid syntax`.
        message: String,
        /// 1-based line within the answer.
        line: usize,
        /// 1-based column within that line.
        column: usize,
        /// The answer's line and a caret under the column.
        caret: String,
    },
    /// The answer used a name that is not defined.
    NameError {
        /// The case.
        case: String,
        /// The name.
        name: String,
        /// The line of the answer, when the name is in it.
        line: Option<usize>,
    },
    /// The answer is Python outside the subset this checker runs.
    Unsupported {
        /// What is not supported.
        what: crate::construct::Construct,
    },
    /// The answer reached a limit (steps, memory, recursion, ...).
    Limit {
        /// The case, if a case was running.
        case: String,
        /// The limit, for a page to word in its language (its `Display` is English).
        limit: Limit,
    },
    /// The answer raised an exception that the reference did not.
    RuntimeError {
        /// The case.
        case: String,
        /// The exception, such as `IndexError: list index out of range`.
        error: String,
        /// What the reference did: a value's `repr`, or `ValueError to be raised`.
        expected: String,
        /// The line of the answer, when the exception was raised in it.
        line: Option<usize>,
    },
    /// The exercise itself failed: its reference does not run.
    BrokenExercise {
        /// What failed.
        message: String,
    },
}

impl Verdict {
    /// A stable short name for the verdict's kind.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Correct => "correct",
            Verdict::Empty => "empty-answer",
            Verdict::Wrong { .. } => "wrong-result",
            Verdict::WrongOutput { .. } => "wrong-output",
            Verdict::SyntaxError { .. } => "syntax-error",
            Verdict::NameError { .. } => "name-error",
            Verdict::Unsupported { .. } => "unsupported",
            Verdict::Limit { .. } => "limit",
            Verdict::RuntimeError { .. } => "runtime-error",
            Verdict::BrokenExercise { .. } => "broken-exercise",
        }
    }

    /// Whether the answer is correct.
    pub fn is_correct(&self) -> bool {
        *self == Verdict::Correct
    }
}

fn line_note(f: &mut fmt::Formatter<'_>, line: &Option<usize>) -> fmt::Result {
    match line {
        Some(line) => write!(f, " (line {line} of the answer)"),
        None => Ok(()),
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Correct => f.write_str("correct: every case gives what the reference gives"),
            Verdict::Empty => f.write_str("the answer is empty: write the code for the blank"),
            Verdict::Wrong {
                case,
                got,
                expected,
            } => write!(f, "{case} {got}, expected {expected}"),
            Verdict::WrongOutput {
                case,
                got,
                expected,
            } => write!(f, "{case} printed {got}, expected {expected}"),
            Verdict::SyntaxError {
                message,
                line,
                column,
                caret,
            } => {
                write!(f, "{message} (line {line}, column {column})\n{caret}")
            }
            Verdict::NameError { case, name, line } => {
                write!(f, "{case} raised NameError: name '{name}' is not defined")?;
                line_note(f, line)
            }
            Verdict::Unsupported { what } => {
                write!(f, "valid Python, but this lab does not run it: {what}")
            }
            Verdict::Limit { case, limit } if case.is_empty() => write!(f, "{limit}"),
            Verdict::Limit { case, limit } => write!(f, "{case}: {limit}"),
            Verdict::RuntimeError {
                case,
                error,
                expected,
                line,
            } => {
                write!(f, "{case} raised {error}")?;
                line_note(f, line)?;
                write!(f, ", expected {expected}")
            }
            Verdict::BrokenExercise { message } => write!(f, "this exercise is broken: {message}"),
        }
    }
}

impl fmt::Debug for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] {self}", self.kind())
    }
}

/// What an answer printed in one case, when the exercise does not judge printing (its reference
/// prints nothing): shown to the learner, not part of the verdict.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Printed {
    /// The case, such as `contiguous_strides((3, 4))`.
    pub case: String,
    /// What it printed.
    pub output: String,
}

/// A verdict, and what the answer printed that was not judged.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Checked {
    /// The verdict.
    pub verdict: Verdict,
    /// What the answer printed: in the case the verdict is about if it printed there, else in
    /// the first case that printed. `None` when it printed nothing, or when printing is judged.
    pub printed: Option<Printed>,
}

/// Checks `answer` for `exercise`.
pub fn check(exercise: &Exercise, answer: &str, limits: &Limits) -> Verdict {
    check_printed(exercise, answer, limits).verdict
}

/// Whether `answer` holds no code: only whitespace and comments.
fn is_empty(answer: &str) -> bool {
    answer.split(['\n', '\r']).all(|l| {
        let l = l.trim();
        l.is_empty() || l.starts_with('#')
    })
}

/// Checks `answer` for `exercise`, and hands back what it printed where printing is not judged.
pub fn check_printed(exercise: &Exercise, answer: &str, limits: &Limits) -> Checked {
    check_with(exercise, answer, limits, &|_| {})
}

/// As [`check_printed`], with every run (the answer's and the reference's) in an interpreter
/// `prepare` has set up: the lab passes its NumPy and PyTorch, so that a code question can
/// use them.
pub fn check_with(
    exercise: &Exercise,
    answer: &str,
    limits: &Limits,
    prepare: crate::Prepare<'_>,
) -> Checked {
    let bare = |verdict| Checked {
        verdict,
        printed: None,
    };
    if is_empty(answer) {
        return bare(Verdict::Empty);
    }
    let filled = fill_mapped(exercise.template, answer);
    if filled.source.len() > limits.max_source_len {
        return bare(Verdict::Limit {
            case: String::new(),
            limit: Limit::SourceLen,
        });
    }
    let reference = match Program::parse(&fill(exercise.template, exercise.reference), limits) {
        Ok(p) => p,
        Err(e) => {
            return bare(Verdict::BrokenExercise {
                message: format!("the reference does not parse: {e}"),
            });
        }
    };
    let program = match Program::parse(&filled.source, limits) {
        Ok(p) => p,
        Err(e) => {
            return bare(match e.kind {
                ErrorKind::Syntax(..) => syntax::verdict(exercise.template, &filled, &e, limits),
                ErrorKind::Unsupported(what) => Verdict::Unsupported { what },
                ErrorKind::Limit(limit) => Verdict::Limit {
                    case: String::new(),
                    limit,
                },
                ErrorKind::Exception(..) => Verdict::BrokenExercise {
                    message: e.to_string(),
                },
            });
        }
    };
    let expected: Vec<Run> = exercise
        .cases
        .iter()
        .map(|case| reference.eval_case_with(case, limits, prepare))
        .collect();
    let judge_output = expected.iter().any(|run| !run.output.is_empty());
    let mut first_printed = None;
    for (case, expected) in exercise.cases.iter().zip(&expected) {
        let got = program.eval_case_with(case, limits, prepare);
        let printed = (!judge_output && !got.output.is_empty()).then(|| Printed {
            case: case.to_string(),
            output: got.output.clone(),
        });
        if let Some(verdict) = compare(case, &got, expected, &filled, judge_output) {
            return Checked {
                verdict,
                printed: printed.or(first_printed),
            };
        }
        first_printed = first_printed.or(printed);
    }
    Checked {
        verdict: Verdict::Correct,
        printed: first_printed,
    }
}

fn quoted(s: &str) -> String {
    if s.is_empty() {
        return "nothing".into();
    }
    let mut out = String::new();
    str_repr(s, &mut out);
    out
}

/// The verdict for one case, or `None` when the answer does what the reference does.
/// Printed output counts only with `judge_output`.
fn compare(
    case: &str,
    got: &Run,
    expected: &Run,
    filled: &Filled,
    judge_output: bool,
) -> Option<Verdict> {
    let case = case.to_string();
    let raised = |r: &Run| r.result.as_ref().err().and_then(|e| e.class());
    if let Err(e) = &expected.result {
        if e.class().is_none() {
            return Some(Verdict::BrokenExercise {
                message: format!("the reference fails on {case}: {e}"),
            });
        }
    }
    if let Err(e) = &got.result {
        match &e.kind {
            ErrorKind::Unsupported(what) => {
                return Some(Verdict::Unsupported { what: what.clone() });
            }
            ErrorKind::Limit(limit) => {
                return Some(Verdict::Limit {
                    case,
                    limit: *limit,
                });
            }
            ErrorKind::Syntax(..) => {
                return Some(Verdict::BrokenExercise {
                    message: format!("the case {case} does not parse"),
                });
            }
            ErrorKind::Exception(..) => {}
        }
    }
    let expected_text = match (&expected.result, raised(expected)) {
        (Ok(v), _) => v.clone(),
        (Err(_), Some(class)) => format!("{} to be raised", class.name()),
        (Err(e), None) => e.to_string(),
    };
    match (&got.result, &expected.result) {
        (Ok(g), Ok(x)) if g != x => {
            return Some(Verdict::Wrong {
                case,
                got: format!("returned {g}"),
                expected: expected_text,
            });
        }
        (Ok(g), Err(_)) => {
            return Some(Verdict::Wrong {
                case,
                got: format!("returned {g}"),
                expected: expected_text,
            });
        }
        (Err(e), _) if raised(got) != raised(expected) => {
            let line = filled.answer_line(e.span.start);
            if let ErrorKind::Exception(crate::error::ExcClass::NameError, message) = &e.kind {
                let name = message.split('\'').nth(1).unwrap_or("").to_string();
                return Some(Verdict::NameError { case, name, line });
            }
            return Some(Verdict::RuntimeError {
                case,
                error: e.to_string(),
                expected: expected_text,
                line,
            });
        }
        _ => {}
    }
    if judge_output && got.output != expected.output {
        return Some(Verdict::WrongOutput {
            case,
            got: quoted(&got.output),
            expected: quoted(&expected.output),
        });
    }
    None
}
