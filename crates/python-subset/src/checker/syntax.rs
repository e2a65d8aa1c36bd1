//! A syntax error, shown in the learner's text. The program is the template with the answer in
//! its blank, so the first error CPython (and this parser) finds may lie in the template, about
//! a token the learner never typed: `buf[offset + i*strides[0]` in `row.append(____)` makes
//! "closing parenthesis ')' does not match opening parenthesis '['", at the template's `)`.
//! When the error is not in the learner's text, the answer is parsed without the template after
//! it (an expression on its own; statements after the template's lines before the blank, so that
//! `return` and `break` keep their function and loop), and that error, which is about what they
//! typed, is reported instead: "'[' was never closed", as CPython says for the answer alone.
//! An expression that is fine alone and breaks the line only because a `#` comment hides the
//! template's rest of the line gets a message of its own (CPython has none for it). Line
//! numbers inside a message ("after 'if' statement on line 5") are turned into lines of the
//! answer or of the template.

use super::Verdict;
use super::fill::{Filled, LineOrigin, fill_mapped, up_to_blank};
use crate::error::{Error, ErrorKind, Span, caret, line_col};
use crate::lexer::{Tok, tokenize};
use crate::limits::Limits;
use crate::parser::{parse_expression, parse_module};

/// The verdict for the syntax error `error` of the filled program.
pub(super) fn verdict(template: &str, filled: &Filled, error: &Error, limits: &Limits) -> Verdict {
    if !filled.is_learners(error.span.start) {
        if let Some(v) = alone(template, filled, limits) {
            return v;
        }
        if let Some(v) = hiding_comment(template, filled, limits) {
            return v;
        }
    }
    at(
        filled,
        filled,
        error,
        filled.answer_offset(error.span.start),
    )
}

/// In an expression blank, the `#` whose comment hides the rest of the template's line, when
/// the answer without the comment fits.
fn hiding_comment(template: &str, filled: &Filled, limits: &Limits) -> Option<Verdict> {
    if filled.statement {
        return None;
    }
    let answer = &filled.answer;
    // The comment starts at the first `#` after the answer's last token.
    let tokens = tokenize(answer, limits).ok()?;
    let last = tokens
        .iter()
        .rev()
        .find(|t| !matches!(t.tok, Tok::Newline | Tok::Indent | Tok::Dedent | Tok::Eof))?;
    let hash = last.span.end + answer.get(last.span.end..)?.find('#')?;
    let before = answer.get(..hash)?;
    parse_module(&fill_mapped(template, before).source, limits).ok()?;
    let error = Error::syntax(
        "the comment hides the rest of the template's line after the blank; remove it",
        Span::new(hash, hash),
    );
    Some(at(filled, filled, &error, hash))
}

/// The syntax error of the answer without what follows the blank, if it has one.
fn alone(template: &str, filled: &Filled, limits: &Limits) -> Option<Verdict> {
    if filled.statement {
        let cut = fill_mapped(up_to_blank(template), &filled.answer);
        let error = parse_module(&cut.source, limits).err()?;
        is_syntax(&error).then(|| {
            let offset = cut.answer_offset(error.span.start);
            at(filled, &cut, &error, offset)
        })
    } else {
        let answer = filled.answer.trim_end();
        let error = parse_expression(answer, limits).err()?;
        is_syntax(&error).then(|| at(filled, filled, &error, error.span.start.min(answer.len())))
    }
}

/// The verdict for `error`, found in the program `parsed`, at byte `offset` of the answer.
fn at(filled: &Filled, parsed: &Filled, error: &Error, offset: usize) -> Verdict {
    let (line, column) = line_col(&filled.answer, offset);
    Verdict::SyntaxError {
        message: relative_lines(&error.to_string(), parsed),
        line,
        column,
        caret: caret(&filled.answer, offset),
    }
}

/// `message` with its "on line N" or "at line N" (a line of the program `parsed`) said as a line
/// of the answer or of the template.
fn relative_lines(message: &str, parsed: &Filled) -> String {
    for marker in [" on line ", " at line "] {
        let Some(at) = message.find(marker) else {
            continue;
        };
        let rest = message.get(at + marker.len()..).unwrap_or("");
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let Some(n) = rest.get(..digits).and_then(|d| d.parse::<usize>().ok()) else {
            continue;
        };
        let place = match parsed.line_origin(n) {
            LineOrigin::Answer(k) => format!("line {k} of your answer"),
            LineOrigin::Template(t) => format!("line {t} of the template"),
        };
        return format!(
            "{}{}{place}{}",
            message.get(..at).unwrap_or(""),
            marker.get(..4).unwrap_or(" "),
            rest.get(digits..).unwrap_or("")
        );
    }
    message.to_string()
}
fn is_syntax(error: &Error) -> bool {
    matches!(error.kind, ErrorKind::Syntax(..))
}
