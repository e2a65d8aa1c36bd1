//! The answer forms people type, accepted and rejected.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::borrow::Cow;

use quiz::{Kind, Parsed, Question, Recipe, Text, Unit, check, parse, question};

fn assert_correct(id: &str, answers: &[&str]) {
    let q = question(id).unwrap();
    for a in answers {
        let v = check(&q, a);
        assert!(
            v.correct,
            "{id}: {a:?} should be right, got {}",
            v.diagnosis
        );
    }
}

#[test]
fn tuples_in_every_spelling() {
    assert_correct(
        "u1-strides-2x3x4",
        &[
            "(12, 4, 1)",
            "12,4,1",
            "[12, 4, 1]",
            "12 4 1",
            "  ( 12 ,  4 , 1 , )  ",
            "(12, 4, 1,)",
            "（12, 4, 1）",
            "（１２，４，１）",
            "(12, 4, 1) elements",
            "12, 4, 1 elementos",
            "(12.0, 4, 1)",
        ],
    );
    assert_correct("s2-strides-1d", &["(8,)", "8", "[8]", "(8,) bytes", "8 B"]);
    assert_correct(
        "s1-broadcast-error",
        &[
            "error",
            "Error",
            "ValueError",
            "raises ValueError",
            "un error",
            "error!",
        ],
    );
}

#[test]
fn numbers_with_units_and_spanish_forms() {
    assert_correct(
        "u1-broadcast-bytes",
        &["16", "16 bytes", "16 B", "16B", "16.0", "１６", "16 bytes."],
    );
    assert_correct("s1-byte-offset-a21", &["36 bytes", "36 octetos", " 36 "]);
    assert_correct(
        "u1-position-3x5",
        &["13", "13 elements", "13 elementos", "13.0"],
    );
    assert_correct(
        "u1-small-T-reshape",
        &["3", "3.0", "3,0", "np.float64(3.0)"],
    );
    assert_correct("s1-bug-cross-terms", &["9900", "9,900", "9 900", "9_900"]);
}

#[test]
fn negative_strides_with_any_minus() {
    let q = Question {
        id: Cow::Borrowed("test-negative"),
        kind: Kind::Tuple,
        prompt: Text::new("strides of x[::-1]", "strides de x[::-1]"),
        program: Cow::Borrowed("x = np.zeros((3, 4))\nx[::-1]"),
        recipe: Recipe::StridesInElements,
        unit: Unit::Elements,
        before: None,
        choices: Cow::Borrowed(&[]),
        many: false,
        hint: Text::new("h", "p"),
        note: None,
    };
    assert_eq!(quiz::key(&q).unwrap().to_string(), "(-4, 1)");
    for a in ["(-4, 1)", "(−4, 1)", "(－4, 1)", "(– 4, 1)", "-4 1"] {
        assert!(check(&q, a).correct, "{a:?}");
    }
    assert_eq!(check(&q, "(4, 1)").diagnosis, "as-if-contiguous");
}

#[test]
fn choice_letters_in_every_spelling() {
    assert_correct(
        "u1-predict-must-copy",
        &[
            "B",
            "b",
            "b)",
            "(b)",
            "B.",
            "[B]",
            " b ",
            "option B",
            "opción b",
            "Ｂ",
            "B:",
        ],
    );
    assert_correct(
        "s1-which-copy",
        &[
            "B, C, D, E",
            "bcde",
            "E D C B",
            "b y c y d y e",
            "B,C,D,E",
            "b, c, d and e",
            "B C D E B",
        ],
    );
}

#[test]
fn what_cannot_be_read_is_not_a_verdict() {
    let cases: &[(&str, &str)] = &[
        ("u1-strides-2x3x4", "twelve four one"),
        ("u1-strides-2x3x4", "((12, 4, 1))"),
        ("u1-strides-2x3x4", "(12,, 4)"),
        ("u1-strides-2x3x4", "(12, 4.5, 1)"),
        ("u1-strides-2x3x4", "   "),
        ("u1-position-3x5", "thirteen"),
        ("u1-position-3x5", "(2, 3)"),
        ("u1-position-3x5", "inf"),
        ("u1-position-3x5", "nan"),
        ("u1-predict-must-copy", "D"),
        ("u1-predict-must-copy", "B2"),
        ("u1-predict-must-copy", "the second one"),
        ("u1-predict-must-copy", ""),
    ];
    for (id, a) in cases {
        let q = question(id).unwrap();
        match parse(&q, a) {
            Parsed::Unreadable { message } => {
                assert!(!message.en.is_empty() && !message.es.is_empty());
            }
            Parsed::Answer { .. } => panic!("{id}: {a:?} should be unreadable"),
        }
        let v = check(&q, a);
        assert!(!v.correct);
        assert_eq!(v.diagnosis, "unreadable", "{id}: {a:?}");
    }
    let huge = "1, ".repeat(5_000);
    assert_eq!(
        check(&question("u1-strides-2x3x4").unwrap(), &huge).diagnosis,
        "unreadable"
    );
}

#[test]
fn unit_words_are_returned() {
    let q = question("u1-broadcast-bytes").unwrap();
    assert!(matches!(
        parse(&q, "16 bytes"),
        Parsed::Answer {
            unit: Some(Unit::Bytes),
            ..
        }
    ));
    assert!(matches!(
        parse(&q, "16 elementos"),
        Parsed::Answer {
            unit: Some(Unit::Elements),
            ..
        }
    ));
    assert!(matches!(parse(&q, "16"), Parsed::Answer { unit: None, .. }));
}
