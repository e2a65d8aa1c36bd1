//! The checker: an [`Exercise`] is a Python function with a blank `____`; [`check`] puts a
//! learner's answer in the blank, runs every case against the reference answer, and returns a
//! [`Verdict`].
//!
//! The blank is either a whole line (the answer is one or more statements, re-indented to the
//! blank's indentation) or part of a line (the answer is an expression). Each case runs in fresh
//! globals, for the learner's program and for the reference; return values are compared by
//! `repr` (so `[4, 1]` is not `(4, 1)` and `4` is not `4.0`), printed output by text, and
//! exceptions by class.

use crate::error::{ErrorKind, caret, line_col};
use crate::limits::{Limit, Limits};
use crate::value::str_repr;
use crate::{Program, Run};
use core::fmt;

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
        what: String,
    },
    /// The answer reached a limit (steps, memory, recursion, ...).
    Limit {
        /// The case, if a case was running.
        case: String,
        /// The limit's message.
        message: String,
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
            Verdict::Unsupported { what } => write!(
                f,
                "valid Python, but this checker does not support it: {what}"
            ),
            Verdict::Limit { case, message } if case.is_empty() => f.write_str(message),
            Verdict::Limit { case, message } => write!(f, "{case}: {message}"),
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

/// A program made from a template and an answer, and where the answer's lines went.
struct Filled {
    source: String,
    /// The answer, with line ends normalized: positions are reported in it.
    answer: String,
    /// Per answer line: where its kept text starts in the source and in the answer, and its
    /// length.
    lines: Vec<(usize, usize, usize)>,
}

impl Filled {
    /// The byte of the answer that byte `offset` of the source came from (clamped to the answer).
    fn answer_offset(&self, offset: usize) -> usize {
        for &(prog, ans, len) in &self.lines {
            // An offset in the indentation before a line belongs to that line's start.
            if offset <= prog + len {
                return ans + offset.saturating_sub(prog);
            }
        }
        self.lines.last().map_or(0, |&(_, ans, len)| ans + len)
    }

    /// The 1-based answer line holding byte `offset` of the source, if it is in the answer.
    fn answer_line(&self, offset: usize) -> Option<usize> {
        let i = self
            .lines
            .iter()
            .position(|&(prog, _, len)| offset >= prog && offset <= prog + len)?;
        Some(i + 1)
    }
}

/// The program made by putting `answer` in the blank of `template`.
pub fn fill(template: &str, answer: &str) -> String {
    fill_mapped(template, answer).source
}

fn fill_mapped(template: &str, answer: &str) -> Filled {
    let answer = answer.replace("\r\n", "\n").replace('\r', "\n");
    let answer_trimmed = answer.trim_end();
    let Some(pos) = template.find(BLANK) else {
        return Filled {
            source: template.to_string(),
            answer,
            lines: Vec::new(),
        };
    };
    let line_start = template
        .get(..pos)
        .and_then(|s| s.rfind('\n'))
        .map_or(0, |i| i + 1);
    let line_end = template
        .get(pos..)
        .and_then(|s| s.find('\n'))
        .map_or(template.len(), |i| pos + i);
    let line = template.get(line_start..line_end).unwrap_or("");
    let indent = line
        .get(..line.len() - line.trim_start().len())
        .unwrap_or("");
    let mut source = String::with_capacity(template.len() + answer.len() * 2);
    let mut lines = Vec::new();
    if line.trim() == BLANK {
        // A statement blank: dedent the answer, then indent it as the blank.
        let is_blank = |l: &&str| l.trim().is_empty();
        let mut prefix: Option<&str> = None;
        for l in answer_trimmed.split('\n').filter(|l| !is_blank(l)) {
            let ws = l.get(..l.len() - l.trim_start().len()).unwrap_or("");
            prefix = Some(match prefix {
                None => ws,
                Some(p) => {
                    let common = p
                        .bytes()
                        .zip(ws.bytes())
                        .take_while(|(a, b)| a == b)
                        .count();
                    p.get(..common).unwrap_or("")
                }
            });
        }
        let prefix_len = prefix.map_or(0, str::len);
        source.push_str(template.get(..line_start).unwrap_or(""));
        let mut offset = 0;
        for l in answer_trimmed.split('\n') {
            if is_blank(&l) {
                lines.push((source.len(), offset, 0));
            } else {
                source.push_str(indent);
                let kept = l.get(prefix_len..).unwrap_or(l);
                lines.push((source.len(), offset + prefix_len, kept.len()));
                source.push_str(kept);
            }
            source.push('\n');
            offset += l.len() + 1;
        }
        source.push_str(template.get(line_end + 1..).unwrap_or(""));
    } else {
        // An expression blank: the answer goes in as it is.
        source.push_str(template.get(..pos).unwrap_or(""));
        let mut offset = 0;
        for (i, l) in answer_trimmed.split('\n').enumerate() {
            if i > 0 {
                source.push('\n');
            }
            lines.push((source.len(), offset, l.len()));
            source.push_str(l);
            offset += l.len() + 1;
        }
        source.push_str(template.get(pos + BLANK.len()..).unwrap_or(""));
    }
    Filled {
        source,
        answer,
        lines,
    }
}

/// Checks `answer` for `exercise`.
pub fn check(exercise: &Exercise, answer: &str, limits: &Limits) -> Verdict {
    let filled = fill_mapped(exercise.template, answer);
    if filled.source.len() > limits.max_source_len {
        return Verdict::Limit {
            case: String::new(),
            message: Limit::SourceLen.to_string(),
        };
    }
    let reference = match Program::parse(&fill(exercise.template, exercise.reference), limits) {
        Ok(p) => p,
        Err(e) => {
            return Verdict::BrokenExercise {
                message: format!("the reference does not parse: {e}"),
            };
        }
    };
    let program = match Program::parse(&filled.source, limits) {
        Ok(p) => p,
        Err(e) => {
            return match e.kind {
                ErrorKind::Syntax(..) => {
                    let at = filled.answer_offset(e.span.start);
                    let (line, column) = line_col(&filled.answer, at);
                    Verdict::SyntaxError {
                        message: e.to_string(),
                        line,
                        column,
                        caret: caret(&filled.answer, at),
                    }
                }
                ErrorKind::Unsupported(what) => Verdict::Unsupported { what },
                ErrorKind::Limit(limit) => Verdict::Limit {
                    case: String::new(),
                    message: limit.to_string(),
                },
                ErrorKind::Exception(..) => Verdict::BrokenExercise {
                    message: e.to_string(),
                },
            };
        }
    };
    for case in exercise.cases {
        let expected = reference.eval_case(case, limits);
        let got = program.eval_case(case, limits);
        if let Some(verdict) = compare(case, &got, &expected, &filled) {
            return verdict;
        }
    }
    Verdict::Correct
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
fn compare(case: &str, got: &Run, expected: &Run, filled: &Filled) -> Option<Verdict> {
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
                    message: limit.to_string(),
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
    if got.output != expected.output {
        return Some(Verdict::WrongOutput {
            case,
            got: quoted(&got.output),
            expected: quoted(&expected.output),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str =
        "def f(xs):\n    out = []\n    for x in xs:\n        ____\n    return out\n";

    #[test]
    fn statement_blanks_are_reindented() {
        assert_eq!(
            fill(TEMPLATE, "  y = x * 2\n  out.append(y)\n"),
            "def f(xs):\n    out = []\n    for x in xs:\n        y = x * 2\n        out.append(y)\n    return out\n"
        );
        assert_eq!(
            fill(TEMPLATE, "if x:\n    out.append(x)"),
            "def f(xs):\n    out = []\n    for x in xs:\n        if x:\n            out.append(x)\n    return out\n"
        );
    }

    #[test]
    fn expression_blanks_are_inserted() {
        assert_eq!(
            fill("def f(a):\n    return g(____)\n", "a + 1"),
            "def f(a):\n    return g(a + 1)\n"
        );
    }

    #[test]
    fn positions_map_back_into_the_answer() {
        let filled = fill_mapped(TEMPLATE, "y = 1\n    out.append(y)");
        let in_source = filled.source.find("out.append(y)").unwrap();
        let at = filled.answer_offset(in_source);
        assert_eq!(line_col(&filled.answer, at), (2, 5));
        assert_eq!(filled.answer_line(in_source), Some(2));
    }
}
