//! What "Open in the lab" opens for a question: its program, ending with the array the question is
//! about, so that the lab draws that array (never a lone number, a tuple, or nothing at all).
//!
//! - A question whose program ends with an array opens it as it is.
//! - One that ends with a number read off an array (`small.T.reshape(6)[1]`, `(a + b).shape`,
//!   `err.size - len(y_pred)`) opens the array that number was read from.
//! - One whose shapes do not broadcast opens the operation that raises NumPy's error.
//! - A choice question opens its setup followed by the array its right option talks about:
//!   `x` after `y[0, 1] = 100` when the question asks for `x[1, 0]`, the array that copies when it
//!   asks which one copies (the second argument of `np.shares_memory`), `b` for `b.flags[…]`.
//!
//! The lab shows what the question asks (the strides, the value), so the page offers this only
//! after a first attempt.
//!
//! Arrays of zeros open as an `np.arange` of the same shape, dtype and layout ([`traced`]), when
//! that leaves the question's key as it is: cells that all read 0.0 cannot be told apart.

mod traced;

use arrays::value::Value;

use crate::key::{Key, key};
use crate::question::{Kind, Question};

/// The program to open in the lab for `q`, or `None` for a code question (it has no program) or
/// one whose program the lab could not draw as an array.
pub fn lab_program(q: &Question) -> Option<String> {
    let program = chosen(q)?;
    let traced = traced::with_arange(&program);
    if traced == program {
        return Some(program);
    }
    let mut counted = q.clone();
    counted.program = traced::with_arange(&q.program).into();
    let same = matches!((key(&counted), key(q)), (Ok(a), Ok(b)) if a == b);
    Some(if same { traced } else { program })
}

/// The program to open, as the question writes its arrays.
fn chosen(q: &Question) -> Option<String> {
    if q.kind == Kind::Code || q.program.trim().is_empty() {
        return None;
    }
    let program = q.program.trim_end();
    let (head, last) = match program.rsplit_once('\n') {
        Some((head, last)) => (head, last.trim()),
        None => ("", program.trim()),
    };
    let mut tries: Vec<String> = Vec::new();
    if q.kind == Kind::Choice {
        // The right options' code first (a choice question's program is only its setup).
        let right = match key(q) {
            Ok(Key::Choices(picks)) => picks,
            _ => Vec::new(),
        };
        let codes = right
            .iter()
            .filter_map(|&i| q.choices.get(i))
            .chain(q.choices.iter())
            .map(|c| c.code.as_ref());
        for code in codes {
            for e in arrays_in(code) {
                tries.push(format!("{program}\n{e}"));
            }
        }
    } else {
        tries.push(program.to_string());
        for e in arrays_in(last).into_iter().skip(1) {
            tries.push(joined(head, &e));
        }
    }
    if let Some(p) = tries.iter().find(|p| ends_with_array(p)) {
        return Some(p.clone());
    }
    // Shapes that do not broadcast: the operation that raises, so the lab shows NumPy's error.
    if matches!(key(q), Ok(Key::Error)) {
        return tries.into_iter().last();
    }
    last_named_array(program)
}

fn joined(head: &str, last: &str) -> String {
    if head.is_empty() {
        last.to_string()
    } else {
        format!("{head}\n{last}")
    }
}

fn ends_with_array(program: &str) -> bool {
    matches!(arrays::run(program), Ok(o) if matches!(o.value, Value::Array(_)))
}

/// The program followed by the last array it assigned to a name (`err` in
/// `err = y_pred - y_true\nerr.size - len(y_pred)`, `b` in `b = a.T`).
fn last_named_array(program: &str) -> Option<String> {
    let outcome = arrays::run(program).ok()?;
    let (name, _) = outcome
        .names
        .iter()
        .rev()
        .find(|(_, v)| matches!(v, Value::Array(_)))?;
    Some(format!("{program}\n{name}"))
}

/// The expression itself, then what it is read from, outermost first: `x.T.reshape(6)[1]` gives
/// `x.T.reshape(6)[1]`, `x.T.reshape(6)`; `(a + b).shape` gives `(a + b).shape`, `(a + b)`;
/// `np.shares_memory(x, x[::2])` gives it and then `x[::2]`, `x`.
fn arrays_in(expr: &str) -> Vec<String> {
    let mut out = vec![expr.trim().to_string()];
    if let Some(args) = expr
        .trim()
        .strip_prefix("np.shares_memory(")
        .and_then(|rest| rest.strip_suffix(')'))
    {
        if let Some((a, b)) = split_top_comma(args) {
            out.push(b.trim().to_string());
            out.push(a.trim().to_string());
        }
        return out;
    }
    let mut current = expr.trim();
    while let Some(inner) = strip_last_access(current) {
        current = inner.trim();
        out.push(current.to_string());
    }
    out
}

/// `a[…]` → `a`, `a.name` → `a`, `(a)` → `a`; `None` when the expression is none of these.
fn strip_last_access(expr: &str) -> Option<&str> {
    let bytes = expr.as_bytes();
    match bytes.last()? {
        b']' => {
            let open = matching_open(expr, b'[', b']')?;
            let base = expr.get(..open)?;
            (!base.trim().is_empty()).then_some(base)
        }
        b')' => {
            let open = matching_open(expr, b'(', b')')?;
            // Only a wrapping pair: `(a + b)`, not a call such as `f(x)`.
            if open == 0 {
                expr.get(1..expr.len() - 1)
            } else {
                None
            }
        }
        c if c.is_ascii_alphanumeric() || *c == b'_' => {
            let dot = expr.rfind('.')?;
            let name = expr.get(dot + 1..)?;
            let base = expr.get(..dot)?;
            let is_name = name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
            // A float literal such as `2.5` is no attribute access.
            let is_number = base.bytes().last().is_some_and(|c| c.is_ascii_digit())
                && name.bytes().all(|c| c.is_ascii_digit());
            (is_name && !is_number && !base.trim().is_empty()).then_some(base)
        }
        _ => None,
    }
}

/// The position of the bracket that opens the one `expr` ends with.
fn matching_open(expr: &str, open: u8, close: u8) -> Option<usize> {
    let mut depth = 0usize;
    for (k, c) in expr.bytes().enumerate().rev() {
        if c == close {
            depth += 1;
        } else if c == open {
            depth = depth.checked_sub(1)?;
            if depth == 0 {
                return Some(k);
            }
        }
    }
    None
}

/// `a, f(b, c)` → (`a`, `f(b, c)`): the first comma outside brackets.
fn split_top_comma(args: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    for (k, c) in args.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => return Some((args.get(..k)?, args.get(k + 1..)?)),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::bank;
    use crate::generate::generate;

    fn opened(id: &str) -> String {
        let q = crate::question(id).unwrap();
        lab_program(&q).unwrap()
    }

    #[test]
    fn every_question_with_a_program_opens_an_array() {
        let mut all: Vec<Question> = bank().to_vec();
        for seed in 0..40 {
            all.extend(generate(seed, 8));
        }
        for q in &all {
            let p = lab_program(q);
            if q.kind == Kind::Code {
                assert_eq!(p, None, "{}", q.id);
                continue;
            }
            let p = p.unwrap_or_else(|| panic!("{}: nothing to open", q.id));
            if matches!(key(q), Ok(Key::Error)) {
                assert!(arrays::run(&p).is_err(), "{}: {p}", q.id);
            } else {
                assert!(ends_with_array(&p), "{}: {p}", q.id);
            }
            let head = q.program.trim_end().rsplit_once('\n').map_or("", |h| h.0);
            assert!(
                p.starts_with(head) || p.starts_with(&traced::with_arange(head)),
                "{}: {p}",
                q.id
            );
        }
    }

    #[test]
    fn the_array_each_question_is_about() {
        // Write-through: x after the write (the question asks for x[1, 0]).
        assert_eq!(
            opened("u1-predict-write-through-T"),
            "x = np.arange(12.0).reshape(3, 4)\ny = x.T\ny[0, 1] = 100\nx"
        );
        // Which must copy: the one that does.
        assert_eq!(
            opened("u1-predict-must-copy"),
            "x = np.arange(12.0).reshape(3, 4)\nx.T.reshape(12)"
        );
        // A value read off an array: that array.
        assert_eq!(
            opened("u1-small-T-reshape"),
            "small = np.arange(6.0).reshape(2, 3)\nsmall.T.reshape(6)"
        );
        assert_eq!(
            opened("u1-strides-xT"),
            "x = np.arange(12.0).reshape(3, 4)\nx.T"
        );
        // Zeros open as numbers that tell the cells apart, in the same layout (issue 24 item 14).
        assert_eq!(
            opened("s3-strides-2x3x4-bytes"),
            "x = np.arange(24, dtype=np.float64).reshape((2, 3, 4))\nx"
        );
        assert_eq!(
            opened("s1-bug-shape"),
            "y_pred = np.arange(100, dtype=np.float64).reshape((100,))\ny_true = np.arange(100, dtype=np.float64).reshape((100, 1))\n(y_pred - y_true)"
        );
        // A value the zeros give stays as the question has it: err.size - len(y_pred) is the
        // same either way, so it opens traced too.
        assert!(opened("s1-bug-cross-terms").starts_with("y_pred = np.arange(100"));
        assert_eq!(
            opened("s1-flags-aT"),
            "a = np.arange(12, dtype=np.int32).reshape(3, 4)\nb = a.T\nb"
        );
    }

    #[test]
    fn accesses_are_peeled_outermost_first() {
        assert_eq!(
            arrays_in("sliding_window_view(x, 3)[::2].shape[0]"),
            [
                "sliding_window_view(x, 3)[::2].shape[0]",
                "sliding_window_view(x, 3)[::2].shape",
                "sliding_window_view(x, 3)[::2]",
                "sliding_window_view(x, 3)",
            ]
        );
        assert_eq!(
            arrays_in("(a + b).shape"),
            ["(a + b).shape", "(a + b)", "a + b"]
        );
        assert_eq!(arrays_in("2.5"), ["2.5"]);
        assert_eq!(arrays_in("f(x)"), ["f(x)"]);
        assert_eq!(
            arrays_in("np.shares_memory(a, a[[1, 3]])"),
            ["np.shares_memory(a, a[[1, 3]])", "a[[1, 3]]", "a"]
        );
    }
}
