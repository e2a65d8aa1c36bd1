//! The bank: ids, order, kinds, texts in both languages, and every key against the answer the
//! sources themselves print (the keys are computed by arrays; this table is the sources').
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::BTreeSet;

use quiz::{Kind, bank, key, question};

const LESSON: [(&str, Kind); 11] = [
    ("u1-position-3x5", Kind::Number),
    ("u1-strides-2x3x4", Kind::Tuple),
    ("u1-code-contiguous-strides", Kind::Code),
    ("u1-strides-xT", Kind::Tuple),
    ("u1-predict-write-through-T", Kind::Choice),
    ("u1-strides-swapaxes", Kind::Tuple),
    ("u1-small-T-reshape", Kind::Number),
    ("u1-predict-must-copy", Kind::Choice),
    ("u1-strides-heads-transpose", Kind::Tuple),
    ("u1-broadcast-bytes", Kind::Number),
    ("u1-code-read", Kind::Code),
];

/// What the seeds say the answers are.
const EXPECTED: &[(&str, &str)] = &[
    ("u1-position-3x5", "13"),
    ("u1-strides-2x3x4", "(12, 4, 1)"),
    ("u1-strides-xT", "(1, 4)"),
    ("u1-predict-write-through-T", "B"),
    ("u1-strides-swapaxes", "(12, 1, 4)"),
    ("u1-small-T-reshape", "3"),
    ("u1-predict-must-copy", "B"),
    ("u1-strides-heads-transpose", "(640, 16, 160, 1)"),
    ("u1-broadcast-bytes", "16"),
    ("s0-strides-step-slice", "(4, 2)"),
    ("s0-position-slice-start", "11"),
    ("s1-strides-int32-bytes", "(16, 4)"),
    ("s1-byte-offset-a21", "36"),
    ("s1-strides-aT-bytes", "(4, 16)"),
    ("s1-byte-offset-bT12", "36"),
    ("s1-flags-aT", "B"),
    ("s1-which-copy", "B, C, D, E"),
    ("s1-broadcast-3-with-2x4x3", "(2, 4, 3)"),
    ("s1-broadcast-b1m", "(7, 6, 5)"),
    ("s1-broadcast-error", "error"),
    ("s1-bug-shape", "(100, 100)"),
    ("s1-bug-cross-terms", "9900"),
    ("s1-window-strides", "(4, 4)"),
    ("s1-window-shape", "(8, 3)"),
    ("s1-broadcast-nn-bytes", "800"),
    ("s2-byte-offset-72", "72"),
    ("s2-flat-index-9", "9"),
    ("s2-transpose-offset", "72"),
    ("s2-strides-1d", "(8,)"),
    ("s3-strides-2x3x4-bytes", "(96, 32, 8)"),
    ("s3-loss-pairs", "25"),
    ("s3-window-count", "4"),
    ("s3-split-heads", "B"),
];

#[test]
fn the_lesson_comes_first_in_its_order() {
    let ids: Vec<(&str, Kind)> = bank()
        .iter()
        .take(LESSON.len())
        .map(|q| (q.id.as_ref(), q.kind))
        .collect();
    assert!(ids == LESSON.to_vec(), "lesson order or kinds changed");
}

#[test]
fn ids_are_unique_stable_and_enough() {
    let ids: BTreeSet<&str> = bank().iter().map(|q| q.id.as_ref()).collect();
    assert_eq!(ids.len(), bank().len());
    assert!(bank().len() >= LESSON.len() + 14, "{}", bank().len());
    for id in &ids {
        assert!(
            id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
            "{id}"
        );
        assert!(
            !id.starts_with("gen-"),
            "{id} would clash with generated ids"
        );
        assert!(question(id).is_some());
    }
    for id in ["s3-code-broadcast-shape", "s3-code-sliding-window-count"] {
        assert!(question(id).unwrap().kind == Kind::Code, "{id}");
    }
}

#[test]
fn every_key_is_computed_and_matches_the_sources() {
    for q in bank() {
        let k = key(q).unwrap_or_else(|e| panic!("{e}"));
        if let Some((_, want)) = EXPECTED.iter().find(|(id, _)| *id == q.id) {
            assert_eq!(k.to_string(), *want, "{}", q.id);
        } else {
            assert!(
                q.kind == Kind::Code,
                "{} has no expected answer in this table",
                q.id
            );
        }
    }
}

#[test]
fn every_text_is_in_both_languages() {
    for q in bank() {
        let texts = [&q.prompt, &q.hint];
        for t in texts.into_iter().chain(q.note.as_ref()) {
            assert!(
                !t.en.trim().is_empty() && !t.es.trim().is_empty(),
                "{}",
                q.id
            );
            assert!(t.en != t.es, "{}: Spanish left in English: {}", q.id, t.en);
        }
        for c in q.choices.iter() {
            assert!(!c.label.en.is_empty() && !c.label.es.is_empty(), "{}", q.id);
        }
        let worked = quiz::worked_answer(q);
        assert!(!worked.en.is_empty() && !worked.es.is_empty(), "{}", q.id);
        assert!(worked.en != worked.es, "{}", q.id);
        assert!(!quiz::hint(q).en.is_empty());
    }
}

#[test]
fn code_questions_carry_template_and_reference() {
    for q in bank().iter().filter(|q| q.kind == Kind::Code) {
        let template = q.template().unwrap();
        let reference = q.reference().unwrap();
        assert!(
            template.contains("____") || template.contains("NotImplementedError"),
            "{}",
            q.id
        );
        assert!(!reference.is_empty());
        assert!(q.program.is_empty());
        assert!(quiz::check(q, reference).correct, "{}", q.id);
    }
    let q = question("s3-code-broadcast-shape").unwrap();
    assert!(
        q.template()
            .unwrap()
            .contains("def broadcast_shape(s1, s2):")
    );
    assert!(q.template().unwrap().contains("raise"));
    let q = question("s3-code-sliding-window-count").unwrap();
    assert!(
        q.template()
            .unwrap()
            .contains("def window_count(n, k, step=1):")
    );
}

#[test]
fn worked_answers_show_the_numbers() {
    let w = quiz::worked_answer(&question("u1-strides-2x3x4").unwrap());
    assert!(w.en.contains("axis 1 steps 4 = 4·1"), "{}", w.en);
    assert!(w.en.contains("axis 0 steps 12 = 3·4"), "{}", w.en);
    assert!(w.es.contains("el eje 0 avanza 12 = 3·4"), "{}", w.es);
    let w = quiz::worked_answer(&question("u1-position-3x5").unwrap());
    assert!(w.en.contains("0 + 2·5 + 3·1 = 13"), "{}", w.en);
    let w = quiz::worked_answer(&question("s1-byte-offset-a21").unwrap());
    assert!(w.en.contains("0 + 2·16 + 1·4 = 36"), "{}", w.en);
    let w = quiz::worked_answer(&question("s1-broadcast-error").unwrap());
    assert!(w.en.contains("(3, 4) and (1, 3)"), "{}", w.en);
    assert!(w.es.contains("ValueError"), "{}", w.es);
    let w = quiz::worked_answer(&question("u1-broadcast-bytes").unwrap());
    assert!(
        w.en.contains("(0, 4)") && w.en.contains("16000"),
        "{}",
        w.en
    );
    let w = quiz::worked_answer(&question("u1-strides-xT").unwrap());
    assert!(
        w.en.contains("strides (4, 1)") && w.en.ends_with("(1, 4)."),
        "{}",
        w.en
    );
}
