//! The built-in bank as question files (`questions/builtin/*.json`, strides-lab/questions@1):
//! every file lints (each question compiles, with its key computed), and each question compiles
//! to exactly the bank's question, field for field, with the same key: the files are the bank.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use quiz::authored::{self, File, Variant};
use quiz::{Question, bank, key};

/// The files in the bank's order.
const FILES: [(&str, &str); 5] = [
    (
        "u1-lesson",
        include_str!("../../../questions/builtin/u1-lesson.json"),
    ),
    (
        "s0-lab",
        include_str!("../../../questions/builtin/s0-lab.json"),
    ),
    (
        "s1-chapter",
        include_str!("../../../questions/builtin/s1-chapter.json"),
    ),
    (
        "s2-walkthrough",
        include_str!("../../../questions/builtin/s2-walkthrough.json"),
    ),
    (
        "s3-book",
        include_str!("../../../questions/builtin/s3-book.json"),
    ),
];

fn compiled() -> Vec<Variant> {
    let mut out = Vec::new();
    for (name, text) in FILES {
        let file: File = serde_json::from_str(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        for q in authored::compile_file(&file).unwrap() {
            let mut variants = q.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(variants.len(), 1, "{name}: the bank has no parameters");
            out.push(variants.remove(0));
        }
    }
    out
}

fn same(a: &Question, b: &Question) {
    let id = &b.id;
    assert_eq!(a.id, b.id);
    assert!(a.kind == b.kind, "{id}: kind");
    assert_eq!(a.prompt.en, b.prompt.en, "{id}");
    assert_eq!(a.prompt.es, b.prompt.es, "{id}");
    assert_eq!(a.program, b.program, "{id}");
    assert!(a.recipe == b.recipe, "{id}: recipe");
    assert!(a.unit == b.unit, "{id}: unit");
    assert_eq!(a.before, b.before, "{id}");
    assert!(a.choices == b.choices, "{id}: choices");
    assert_eq!(a.many, b.many, "{id}");
    assert!(a.hint == b.hint, "{id}: hint");
    assert!(a.note == b.note, "{id}: note");
    assert!(a == b, "{id}");
}

#[test]
fn the_files_are_the_bank_question_for_question() {
    let files = compiled();
    let bank = bank();
    assert_eq!(files.len(), bank.len());
    for (v, q) in files.iter().zip(bank) {
        same(&v.question, q);
        assert_eq!(v.key, key(q).unwrap().to_string(), "{}", q.id);
        assert!(v.section.is_some(), "{}", q.id);
    }
}

#[test]
fn answers_get_the_same_verdicts_from_the_files() {
    let files = compiled();
    for (v, q) in files.iter().zip(bank()) {
        for answer in [v.key.as_str(), "(1, 4)", "8", "B", "error", "A, C"] {
            let (a, b) = (authored::check(v, answer), quiz::check(q, answer));
            assert_eq!(
                (a.correct, a.diagnosis),
                (b.correct, b.diagnosis),
                "{} {answer}",
                q.id
            );
        }
    }
}
