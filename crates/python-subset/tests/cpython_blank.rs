//! A syntax error in the blank, reported about the learner's text, checked against CPython's
//! `compile`. CPython compiles the filled program; when its error lies in the learner's text,
//! ours must say the same at the same place of the answer. When it lies in the template (the
//! learner left a `[` open and CPython complains about the template's `)`), ours must be what
//! CPython says of the answer without the rest of the template: the expression alone (`eval`
//! mode), or the statements after the template's lines before the blank.

// Test helpers outside #[test] functions: a failed unwrap here is a failing test.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "support/python.rs"]
mod support;

use python_subset::checker::BLANK;
use python_subset::{EXERCISES, Limits, Verdict, check, fill};
use std::fmt::Write as _;
use support::{py_str, python};

/// For each case, CPython's expected `(message, line, column)` of the answer, the position
/// `None` when CPython's points outside the learner's text.
const HARNESS: &str = r#"
import re
def err(src, mode):
    try:
        compile(src, "<answer>", mode)
    except SyntaxError as e:
        return (type(e).__name__ + ": " + e.msg, e.lineno, e.offset)
    return None
def mapped(e, first, col0, lines, statement):
    line = e[1] - first
    if not 0 <= line < len(lines):
        return None
    # An expression answer starts at the blank's column; its later lines, and every line of a
    # statement answer, after the blank's indentation only.
    c = e[2] - 1 - (col0 if statement or line == 0 else 0)
    if 0 <= c < len(lines[line]) or statement and c == len(lines[line]):
        return (line + 1, c + 1)
    return None
for filled, cut, answer, first, col0, statement in CASES:
    lines = answer.split("\n")
    e = err(filled, "exec")
    where = e and mapped(e, first, col0, lines, statement)
    if e and where is None:
        alone = err(cut, "exec") if statement else err(answer, "eval")
        if alone:
            e = alone
            if statement:
                where = mapped(alone, first, col0, lines, statement)
            elif alone[2] > 0:  # eval mode puts an error at the end at offset 0
                where = (alone[1], alone[2])
    msg = re.sub(r" (on|at) line \d+", r" \1 line N", e[0]) if e else "no error"
    print(msg + "\t" + ("None" if where is None else "%d, %d" % where))
"#;

/// `(exercise id, answer)`: broken answers, most of them in the learner's text, some breaking
/// only the template's rest of the line. (Left out: errors inside the learner's text where this
/// parser's message or column differs from CPython's whatever the blank: "Maybe you meant '=='"
/// for `buf[offset = 1]`, the caret of "unexpected indent" under the text rather than the last
/// space.)
const ANSWERS: &[(&str, &str)] = &[
    ("u1-code-read", "buf[offset + i*strides[0] + j*strides[1]"),
    ("u1-code-read", "buf[offset + i * strides[0] +"),
    (
        "u1-code-read",
        "buf[offset + i * strides[0] j * strides[1]]",
    ),
    ("u1-code-read", "buf[[offset, i * strides[0] j]]"),
    (
        "u1-code-read",
        "buf[sum((offset, i * strides[0] j * strides[1]))]",
    ),
    ("u1-code-read", "buf[max(0, offset i)]"),
    (
        "u1-code-read",
        "buf[offset + (i * strides[0] + j * strides[1]]",
    ),
    (
        "u1-code-read",
        "buf[offset + i * strides[0] + j * strides[1]])",
    ),
    (
        "u1-code-read",
        "buf[offset + i * strides[0] + j * strides[1]] ]",
    ),
    ("u1-code-read", "(buf[offset + i * strides[0]"),
    (
        "u1-code-read",
        "buf[offset +\n i * strides[0] + j * strides[1]",
    ),
    (
        "u1-code-read",
        "buf[offset + i * strides[0] + j * strides[1]] +",
    ),
    ("u1-code-read", "'buf"),
    ("u1-code-contiguous-strides", "strides.insert(0, step"),
    (
        "u1-code-contiguous-strides",
        "strides.insert(0 step); step *= size",
    ),
    (
        "u1-code-contiguous-strides",
        "strides.insert(0, step)\nstep *= size)",
    ),
    (
        "u1-code-contiguous-strides",
        "strides = [step] + strides[\nstep *= size",
    ),
    ("u1-code-contiguous-strides", "if step > 1:"),
    ("u1-code-contiguous-strides", "for s in strides:"),
    ("s3-code-sliding-window-count", "return (n - k // step + 1"),
    (
        "s3-code-sliding-window-count",
        "return [n - k] // step + 1)",
    ),
    (
        "s3-code-split-heads-shape",
        "B, T, d = shape\nreturn (B, h, T, d // h",
    ),
];

#[test]
fn syntax_errors_are_about_the_learners_text_as_cpython_says() {
    let limits = Limits::default();
    let mut script = String::from("CASES = [\n");
    let mut ours = Vec::new();
    for (id, answer) in ANSWERS {
        let ex = EXERCISES.iter().find(|e| e.id == *id).unwrap();
        let blank = ex.template.find(BLANK).unwrap();
        let line_start = ex.template[..blank].rfind('\n').map_or(0, |i| i + 1);
        let line_end = ex.template[blank..]
            .find('\n')
            .map_or(ex.template.len(), |i| blank + i);
        let statement = ex.template[line_start..line_end].trim() == BLANK;
        let first = ex.template[..blank].matches('\n').count() + 1;
        let cut = fill(&ex.template[..line_end + 1], answer);
        writeln!(
            script,
            "    ({}, {}, {}, {first}, {}, {}),",
            py_str(&fill(ex.template, answer)),
            py_str(&cut),
            py_str(answer),
            blank - line_start,
            if statement { "True" } else { "False" },
        )
        .unwrap();
        ours.push(check(ex, answer, &limits));
    }
    script.push_str("]\n");
    script.push_str(HARNESS);
    let out = python(&script, 60).expect("python3 ran");
    let mut failures = Vec::new();
    for (((id, answer), verdict), theirs) in ANSWERS.iter().zip(&ours).zip(out.lines()) {
        let Verdict::SyntaxError {
            message,
            line,
            column,
            ..
        } = verdict
        else {
            failures.push(format!(
                "{id} {answer:?}: ours {verdict:?}, CPython {theirs}"
            ));
            continue;
        };
        // Ours says which line of the answer or of the template; CPython's, of the program.
        let message = lines_as_n(message);
        let (their_message, their_position) = theirs.split_once('\t').unwrap_or((theirs, ""));
        let position = format!("{line}, {column}");
        let agrees =
            their_message == message && (their_position == "None" || their_position == position);
        if !agrees {
            failures.push(format!(
                "{id} {answer:?}: ours {message:?} at {position}, CPython {theirs}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `message` with " of your answer" and " of the template" dropped and every "line <digits>"
/// made "line N", as the harness writes CPython's.
fn lines_as_n(message: &str) -> String {
    let message = message
        .replace(" of your answer", "")
        .replace(" of the template", "");
    let mut out = String::new();
    let mut rest = message.as_str();
    while let Some(at) = rest.find("line ") {
        out.push_str(&rest[..at + 5]);
        rest = &rest[at + 5..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            out.push('N');
            rest = &rest[digits..];
        }
    }
    out.push_str(rest);
    out
}
