//! Each diagnosis, triggered by a concrete wrong answer.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::BTreeSet;

use quiz::{DIAGNOSES, check, question};

const CASES: &[(&str, &str, &str)] = &[
    ("u1-strides-xT", "(8, 32)", "bytes-instead-of-elements"),
    ("u1-strides-xT", "(4, 1)", "forgot-swap"),
    ("u1-strides-xT", "(4, 3)", "shape-not-strides"),
    ("u1-strides-xT", "(3, 1)", "as-if-contiguous"),
    ("u1-strides-xT", "(1, 4, 1)", "wrong-count"),
    ("u1-strides-xT", "(1, 4) bytes", "wrong-unit"),
    (
        "u1-strides-xT",
        "(8, 32) bytes",
        "bytes-instead-of-elements",
    ),
    ("u1-strides-xT", "(2, 4)", "off-by-one"),
    ("u1-strides-xT", "(7, 7)", "wrong"),
    ("u1-strides-xT", "abc", "unreadable"),
    ("u1-strides-xT", "", "unreadable"),
    ("u1-strides-2x3x4", "(1, 4, 12)", "reversed-order"),
    ("u1-strides-2x3x4", "(2, 3, 4)", "shape-not-strides"),
    (
        "u1-strides-2x3x4",
        "(96, 32, 8)",
        "bytes-instead-of-elements",
    ),
    ("u1-strides-2x3x4", "(12, 4)", "wrong-count"),
    ("u1-strides-2x3x4", "(12, 5, 1)", "off-by-one"),
    ("u1-position-3x5", "17", "row-col-swapped"),
    ("u1-position-3x5", "12", "off-by-one"),
    ("u1-position-3x5", "14", "off-by-one"),
    ("u1-position-3x5", "104", "bytes-instead-of-elements"),
    ("u1-position-3x5", "13 bytes", "wrong-unit"),
    ("u1-position-3x5", "104 bytes", "bytes-instead-of-elements"),
    ("u1-position-3x5", "50", "wrong"),
    ("s0-position-slice-start", "6", "forgot-start-offset"),
    ("s0-position-slice-start", "14", "row-col-swapped"),
    ("s1-byte-offset-a21", "9", "elements-instead-of-bytes"),
    (
        "s1-byte-offset-a21",
        "9 elements",
        "elements-instead-of-bytes",
    ),
    ("s1-byte-offset-a21", "36 elementos", "wrong-unit"),
    ("s1-byte-offset-a21", "24", "row-col-swapped"),
    ("s1-byte-offset-a21", "40", "off-by-one"),
    ("s1-byte-offset-bT12", "24", "forgot-swap"),
    ("s2-flat-index-9", "72", "bytes-instead-of-elements"),
    ("s2-transpose-offset", "48", "forgot-swap"),
    ("u1-broadcast-bytes", "16000", "stored-the-broadcast"),
    ("u1-broadcast-bytes", "4", "elements-instead-of-bytes"),
    ("u1-broadcast-bytes", "16 elements", "wrong-unit"),
    ("s1-broadcast-nn-bytes", "80000", "stored-the-broadcast"),
    ("s1-broadcast-nn-bytes", "100", "elements-instead-of-bytes"),
    (
        "s1-strides-int32-bytes",
        "(4, 1)",
        "elements-instead-of-bytes",
    ),
    ("s1-strides-int32-bytes", "(32, 8)", "wrong-itemsize"),
    ("s1-strides-int32-bytes", "(4, 16)", "reversed-order"),
    ("s1-strides-int32-bytes", "(3, 4)", "shape-not-strides"),
    ("s1-strides-aT-bytes", "(16, 4)", "forgot-swap"),
    ("s1-strides-aT-bytes", "(1, 4)", "elements-instead-of-bytes"),
    ("u1-strides-swapaxes", "(12, 4, 1)", "forgot-swap"),
    ("u1-strides-swapaxes", "(2, 4, 3)", "shape-not-strides"),
    ("u1-strides-swapaxes", "(12, 3, 1)", "as-if-contiguous"),
    (
        "u1-strides-heads-transpose",
        "(640, 160, 16, 1)",
        "forgot-swap",
    ),
    (
        "u1-strides-heads-transpose",
        "(640, 64, 16, 1)",
        "as-if-contiguous",
    ),
    ("u1-small-T-reshape", "1", "read-before-transpose"),
    ("u1-small-T-reshape", "4", "off-by-one"),
    ("u1-predict-write-through-T", "A", "view-taken-for-copy"),
    ("u1-predict-write-through-T", "C", "wrong"),
    ("u1-predict-write-through-T", "D", "unreadable"),
    ("u1-predict-must-copy", "A", "view-taken-for-copy"),
    ("u1-predict-must-copy", "c", "view-taken-for-copy"),
    ("s1-which-copy", "B, C", "copy-taken-for-view"),
    ("s1-which-copy", "B C D E F", "view-taken-for-copy"),
    ("s1-flags-aT", "A", "forgot-swap"),
    ("s1-flags-aT", "C", "view-taken-for-copy"),
    ("s3-split-heads", "A", "reshape-not-transpose"),
    ("s1-broadcast-error", "(3, 4)", "aligned-left"),
    ("s1-broadcast-error", "(3, 3)", "missed-error"),
    ("s1-broadcast-3-with-2x4x3", "error", "aligned-left"),
    ("s1-broadcast-3-with-2x4x3", "(3,)", "missed-broadcast"),
    ("s1-broadcast-3-with-2x4x3", "(2, 4)", "wrong-count"),
    ("s1-broadcast-b1m", "(5, 6, 7)", "reversed-order"),
    ("s1-bug-shape", "(100,)", "missed-broadcast"),
    ("s1-bug-shape", "(100, 1)", "aligned-left"),
    ("s1-bug-shape", "error", "false-error"),
    ("s1-window-strides", "(1, 1)", "elements-instead-of-bytes"),
    ("s1-window-strides", "(12, 4)", "as-if-contiguous"),
    ("s1-window-strides", "(8, 8)", "wrong-itemsize"),
    ("s1-window-shape", "(3, 8)", "reversed-order"),
    ("s1-window-shape", "(7, 3)", "off-by-one"),
    ("s1-window-shape", "(8, 3) bytes", "wrong-unit"),
    ("s3-window-count", "5", "off-by-one"),
    (
        "u1-code-read",
        "buf[i * strides[0] + j * strides[1]]",
        "wrong-result",
    ),
    (
        "u1-code-read",
        "buf[offset + i * strides[0] +",
        "syntax-error",
    ),
    (
        "u1-code-read",
        "buff[offset + i * strides[0] + j * strides[1]]",
        "name-error",
    ),
    ("u1-code-read", "(x := 0)", "unsupported"),
    ("u1-code-read", "buf[100]", "runtime-error"),
    ("u1-code-contiguous-strides", "while True: pass", "limit"),
    ("u1-code-contiguous-strides", "", "empty-answer"),
    ("u1-code-read", "  \n ", "empty-answer"),
    ("u1-code-read", "# the address", "empty-answer"),
];

#[test]
fn each_wrong_answer_gets_its_diagnosis() {
    let mut failures = Vec::new();
    for (id, answer, want) in CASES {
        let q = question(id).unwrap();
        let v = check(&q, answer);
        if v.diagnosis != *want || v.correct {
            failures.push(format!("{id} {answer:?}: got {}, want {want}", v.diagnosis));
        }
        assert!(!v.feedback.en.is_empty() && !v.feedback.es.is_empty());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_mistake_code_is_exercised() {
    let used: BTreeSet<&str> = CASES.iter().map(|(_, _, d)| *d).collect();
    for (code, _) in DIAGNOSES {
        // No bank exercise prints, so none judges printed output (python-subset's tests judge
        // it with an exercise of their own, tests/cpython.rs).
        if ["correct", "no-key", "wrong-output"].contains(code) {
            continue;
        }
        assert!(used.contains(code), "no test triggers {code}");
    }
}

#[test]
fn right_answers_are_correct_with_their_own_feedback() {
    for q in quiz::bank() {
        let answer = quiz::key(q).unwrap().to_string();
        let v = check(q, &answer);
        assert!(v.correct, "{}: {answer} → {}", q.id, v.diagnosis);
        assert_eq!(v.diagnosis, "correct");
        // A code answer on arrays says what it cost after the word (quiz's cost.rs).
        let want = match &v.cost {
            Some(c) => format!("Correct. {}", c.said.en),
            None => "Correct.".to_string(),
        };
        assert_eq!(v.feedback.en, want);
    }
}

#[test]
fn wrong_gives_the_hint_and_unreadable_says_what_to_type() {
    let q = question("u1-strides-xT").unwrap();
    let v = check(&q, "(7, 7)");
    assert!(v.feedback.en.contains(q.hint.en.as_ref()));
    assert!(v.feedback.es.contains(q.hint.es.as_ref()));
    let v = check(&q, "twelve");
    assert!(v.feedback.en.contains("(12, 4, 1)"), "{}", v.feedback.en);
    let v = check(&question("u1-predict-must-copy").unwrap(), "maybe");
    assert!(v.feedback.en.contains("A to C"), "{}", v.feedback.en);
    assert!(
        v.feedback.es.contains("de la A a la C"),
        "{}",
        v.feedback.es
    );
}

#[test]
fn a_syntax_error_in_the_blank_is_about_the_learners_text() {
    // Issue 13 §6: the `]` left out; the template's `)` must not be blamed.
    let q = question("u1-code-read").unwrap();
    let v = check(&q, "buf[offset + i*strides[0] + j*strides[1]");
    assert_eq!(v.diagnosis, "syntax-error");
    assert!(
        v.feedback
            .en
            .starts_with("SyntaxError: '[' was never closed (line 1, column 4"),
        "{}",
        v.feedback.en
    );
    assert!(!v.feedback.en.contains("')'"), "{}", v.feedback.en);
    assert!(v.feedback.es.contains("columna 4"), "{}", v.feedback.es);
}

#[test]
fn a_debugging_print_does_not_make_a_right_answer_wrong() {
    let q = question("u1-code-contiguous-strides").unwrap();
    let v = check(&q, "print(size); strides.insert(0, step); step *= size");
    assert!(v.correct, "{}: {}", v.diagnosis, v.feedback.en);
    assert!(v.printed.is_some());
    let v = check(&q, "print(size); strides.append(step); step *= size");
    assert_eq!(v.diagnosis, "wrong-result");
    assert!(
        v.printed.is_some(),
        "the prints help with a wrong answer too"
    );
}

#[test]
fn check_is_fast() {
    let q = question("u1-strides-heads-transpose").unwrap();
    let start = std::time::Instant::now();
    let rounds = 200u32;
    for _ in 0..rounds {
        assert_eq!(check(&q, "(640, 160, 16, 1)").diagnosis, "forgot-swap");
    }
    let each = start.elapsed() / rounds;
    println!("check (a wrong tuple, diagnosed): {each:?} per call");
    let q = question("s1-which-copy").unwrap();
    let start = std::time::Instant::now();
    for _ in 0..rounds {
        check(&q, "B, C");
    }
    println!(
        "check (a six-option choice): {:?} per call",
        start.elapsed() / rounds
    );
    assert!(each < std::time::Duration::from_millis(50), "{each:?}");
}

#[test]
fn every_that_applies_names_the_right_wrong_and_missing_letters() {
    // Issue 24 §1: "B" alone, "B, C" and "B, C, D" got one sentence that named no letter. The
    // key (B, C, D, E) is computed by running each option's code.
    let q = question("s1-which-copy").unwrap();
    let cases = [
        (
            "B",
            "Right: B. Missing: C, D and E.",
            "Bien: B. Faltan: C, D y E.",
        ),
        (
            "B, C",
            "Right: B and C. Missing: D and E.",
            "Bien: B y C. Faltan: D y E.",
        ),
        (
            "B C D",
            "Right: B, C and D. Missing: E.",
            "Bien: B, C y D. Falta: E.",
        ),
        (
            "A, B",
            "Right: B. Wrong: A. A: That one is a view",
            "Bien: B. Mal: A. A: Esa es una vista",
        ),
    ];
    for (answer, en, es) in cases {
        let v = check(&q, answer);
        assert!(!v.correct, "{answer}");
        assert!(v.feedback.en.starts_with(en), "{answer}: {}", v.feedback.en);
        assert!(v.feedback.es.starts_with(es), "{answer}: {}", v.feedback.es);
    }
    // What is missing says why: a copy taken for a view.
    let v = check(&q, "B");
    assert!(
        v.feedback.en.contains("C: That one is a copy"),
        "{}",
        v.feedback.en
    );
    // The three incomplete answers no longer read the same.
    let said: BTreeSet<String> = ["B", "B, C", "B, C, D"]
        .iter()
        .map(|a| check(&q, a).feedback.en.into_owned())
        .collect();
    assert_eq!(said.len(), 3);
}

#[test]
fn unit_advice_only_where_the_numbers_fit() {
    // Issue 24 §11, on u1-position-3x5 (key 13, a float64 array its prompt never names).
    let q = question("u1-position-3x5").unwrap();
    // The right number with the word bytes: no division can help.
    let v = check(&q, "13 bytes");
    assert_eq!(v.diagnosis, "wrong-unit");
    assert!(
        v.feedback.en.contains("The number is right"),
        "{}",
        v.feedback.en
    );
    assert!(!v.feedback.en.contains("Divide"), "{}", v.feedback.en);
    assert!(
        v.feedback.es.contains("El número es correcto"),
        "{}",
        v.feedback.es
    );
    // A number no item size explains.
    let v = check(&q, "12 bytes");
    assert_eq!(v.diagnosis, "wrong-unit");
    assert!(
        !v.feedback.en.to_lowercase().contains("divide"),
        "{}",
        v.feedback.en
    );
    assert!(
        v.feedback
            .en
            .starts_with("This question counts elements, not bytes.")
    );
    // 104 bytes is the position in bytes if each number took 8: said as the learner's
    // assumption, never as the question's dtype.
    for answer in ["104 bytes", "104"] {
        let v = check(&q, answer);
        assert_eq!(v.diagnosis, "bytes-instead-of-elements", "{answer}");
        assert!(
            v.feedback.en.contains("as if each number took 8 bytes"),
            "{}",
            v.feedback.en
        );
        assert!(!v.feedback.en.contains("here takes"), "{}", v.feedback.en);
        assert!(
            !v.feedback.es.contains("Aquí cada número"),
            "{}",
            v.feedback.es
        );
    }
    // A question whose prompt shows the code (so the dtype) still says what its numbers take.
    let v = check(&question("u1-strides-xT").unwrap(), "(8, 32)");
    assert!(
        v.feedback
            .en
            .contains("Each number here takes 8 bytes (float64)"),
        "{}",
        v.feedback.en
    );
}
