//! The quiz's requests, through the wire: an author's file compiled (keys computed), each of its
//! variants sent back to be checked and explained, a practice question checked. The keys are
//! NumPy 2.4.6's (recorded with /work/venv/bin/python): `t.transpose(2, 0, 1)` of a (2, m, 5)
//! array has strides (1, 15, 5) and (1, 20, 5) elements for m = 3 and 4; `np.zeros((n, 4),
//! dtype=dt).nbytes` is 48, 96, 80, 160 for n in (3, 5) and dt in (float32, int64);
//! `np.zeros((3, 4)) + np.zeros(4)` runs and `np.zeros((3, 5)) + np.zeros(4)` raises ValueError;
//! `x.T.reshape(12)` copies.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "support/wire.rs"]
mod wire;

use lab_protocol::quiz::{Asked, Explained, Reply, Request};
use lab_protocol::{Reply as AnyReply, Request as AnyRequest};
use quiz::Verdict;
use quiz::authored::{File, Unusable, Variant};

fn quiz(request: Request) -> Reply {
    match wire::ask(AnyRequest::Quiz(request)) {
        AnyReply::Quiz(reply) => reply,
        other => panic!("not the quiz's reply: {other:?}"),
    }
}

fn course() -> File {
    serde_json::from_str(include_str!("../../../questions/examples/course.json")).unwrap()
}

fn compiled() -> Vec<Result<Vec<Variant>, Unusable>> {
    let questions = course().questions;
    match quiz(Request::Compile { questions }) {
        Reply::Compiled(c) => c,
        other => panic!("not compiled: {other:?}"),
    }
}

fn variants(id: &str) -> Vec<Variant> {
    compiled()
        .into_iter()
        .flatten()
        .find(|v| v.first().is_some_and(|v| v.id == id))
        .unwrap()
}

fn check(v: &Variant, answer: &str) -> Verdict {
    let asked = Asked::Variant(Box::new(v.clone()));
    match quiz(Request::Check {
        asked,
        answer: answer.into(),
    }) {
        Reply::Checked(v) => v,
        other => panic!("not a verdict: {other:?}"),
    }
}

fn explain(asked: Asked) -> Explained {
    match quiz(Request::Explain { asked }) {
        Reply::Explained(e) => e,
        other => panic!("not explained: {other:?}"),
    }
}

#[test]
fn a_file_compiles_across_the_wire_as_it_does_in_the_engine() {
    let file = course();
    let direct: Vec<_> = file.questions.iter().map(quiz::authored::compile).collect();
    let crossed = compiled();
    assert_eq!(crossed, direct);
    assert!(crossed.iter().all(Result::is_ok));
    let keys = |id| -> Vec<String> { variants(id).into_iter().map(|v| v.key).collect() };
    assert_eq!(keys("c1-strides-transpose"), ["(1, 15, 5)", "(1, 20, 5)"]);
    // Numbered over the names in alphabetical order, the last varying fastest: dt, then n.
    assert_eq!(keys("c1-nbytes"), ["48", "80", "96", "160"]);
    assert_eq!(keys("c1-error"), ["none", "ValueError"]);
}

#[test]
fn an_unusable_question_comes_back_with_its_field() {
    let mut questions = course().questions;
    questions.truncate(1);
    questions[0].setup = "x = np.arange(".into();
    let Reply::Compiled(c) = quiz(Request::Compile { questions }) else {
        panic!("not compiled")
    };
    let e = c[0].clone().unwrap_err();
    assert_eq!(
        (e.id.as_str(), e.field.as_str()),
        ("c1-strides-transpose", "setup")
    );
}

#[test]
fn a_variant_sent_back_is_judged_by_its_files_judge() {
    for v in variants("c1-strides-transpose") {
        assert!(check(&v, &v.key).correct);
    }
    let runs = &variants("c1-error")[0];
    let raises = &variants("c1-error")[1];
    assert!(check(runs, "none").correct);
    assert!(!check(runs, "ValueError").correct);
    assert!(check(raises, "ValueError").correct);
    let wrong = check(raises, "none");
    assert_eq!((wrong.correct, wrong.diagnosis), (false, "wrong"));
    let copy = &variants("c1-view-or-copy")[1];
    assert!(check(copy, "copy").correct);
    let v = check(copy, "view");
    assert_eq!((v.correct, v.diagnosis), (false, "copy-taken-for-view"));
    let bytes = &variants("c1-nbytes")[0];
    assert!(check(bytes, "48").correct && !check(bytes, "12").correct);
}

#[test]
fn a_code_answer_runs_in_the_engine() {
    let code = &variants("c1-code-nbytes")[0];
    let body = "n = itemsize\nfor s in shape:\n    n = n * s\nreturn n";
    assert!(check(code, body).correct);
    let off = check(code, "return itemsize");
    assert!(!off.correct && off.diagnosis != "correct");
}

#[test]
fn worked_answers_and_lab_programs_come_from_the_engine() {
    let en = |id: &str, k: usize| {
        let asked = Asked::Variant(Box::new(variants(id)[k].clone()));
        explain(asked).worked.en.into_owned()
    };
    assert_eq!(
        en("c1-error", 0),
        "a + b runs without an error. So the answer is none."
    );
    assert!(en("c1-error", 1).starts_with("a + b raises ValueError"));
    assert!(en("c1-view-or-copy", 0).ends_with("So the answer is view."));
    assert!(en("c1-view-or-copy", 1).starts_with("No strides can read x.T.reshape(12)'s"));
    assert!(en("c1-strides-bytes", 1).ends_with("So the answer is (4, 48, 16)."));
    let transpose = Asked::Variant(Box::new(variants("c1-strides-transpose")[0].clone()));
    let lab = explain(transpose).lab_program.unwrap();
    assert!(lab.ends_with("t.transpose(2, 0, 1)"), "{lab}");
    // A code question opens nothing in the lab.
    let code = Asked::Variant(Box::new(variants("c1-code-nbytes")[0].clone()));
    assert_eq!(explain(code).lab_program, None);
}

#[test]
fn a_practice_question_is_checked_and_explained_whole() {
    for q in quiz::generate(11, 5) {
        let key = quiz::key(&q).unwrap().to_string();
        let asked = Asked::Question(Box::new(q.clone()));
        let Reply::Checked(v) = quiz(Request::Check {
            asked: asked.clone(),
            answer: key.clone(),
        }) else {
            panic!("not a verdict")
        };
        assert!(v.correct, "{}: {key}", q.id);
        assert_eq!(v, quiz::check(&q, &key));
        let e = explain(asked);
        assert_eq!(e.worked, quiz::worked_answer(&q));
        assert_eq!(e.lab_program, quiz::lab_program(&q));
    }
}

#[test]
fn a_diagnosis_the_quiz_does_not_have_is_not_read() {
    let v = quiz::check(&quiz::generate(3, 1)[0], "(1, 2)");
    let text = serde_json::to_string(&v).unwrap();
    let forged = text.replace(v.diagnosis, "made-up");
    assert!(serde_json::from_str::<Verdict>(&forged).is_err());
    assert_eq!(serde_json::from_str::<Verdict>(&text).unwrap(), v);
}
