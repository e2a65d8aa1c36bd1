//! `strides quiz lint|list|check --questions`: an author's file, as an author runs the command.
//! The keys are NumPy 2.4.6's for each variant (recorded with /work/venv's NumPy).

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

use std::path::PathBuf;

use serde_json::{Value as Json, json};

fn course() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../questions/examples/course.json")
        .to_string_lossy()
        .into_owned()
}

/// Runs `strides ARGS`: its exit status and its JSON lines.
fn strides(args: &[&str]) -> (Option<i32>, Vec<Json>) {
    let out = support::run(args, b"");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    (out.status.code(), lines)
}

fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("strides-cli-authored-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn lint_prints_each_variant_with_its_computed_key() {
    let (status, lines) = strides(&["quiz", "lint", &course()]);
    assert_eq!(status, Some(0), "{lines:?}");
    let of = |id: &str| -> Vec<(u64, String)> {
        lines
            .iter()
            .filter(|l| l["id"] == id)
            .map(|l| {
                (
                    l["variant"].as_u64().unwrap(),
                    l["key"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    assert_eq!(
        of("c1-strides-transpose"),
        [(0, "(1, 15, 5)".into()), (1, "(1, 20, 5)".into())]
    );
    assert_eq!(
        of("c1-error"),
        [(0, "none".into()), (1, "ValueError".into())]
    );
    assert_eq!(lines[0]["params"], json!({"dt": "int16", "m": "3"}));
    assert_eq!(lines.iter().filter(|l| l.get("error").is_some()).count(), 0);
}

#[test]
fn lint_names_the_field_at_fault_and_exits_one() {
    let file = r#"{"format": "strides-lab/questions@1", "questions": [
      {"id": "good", "ask": "shape", "setup": "x = np.zeros((2, 3))", "of": "x.T",
       "prompt": {"en": "Shape of x.T?", "es": "¿Shape de x.T?"}},
      {"id": "bad-ask", "ask": "stride", "of": "x", "prompt": {"en": "a", "es": "b"}},
      {"id": "bad-setup", "ask": "shape", "setup": "x = np.zeros((2, 3)) + np.ones(4)", "of": "x",
       "prompt": {"en": "a", "es": "b"}},
      {"id": "no-param", "ask": "shape", "setup": "x = np.zeros({n})", "of": "x",
       "prompt": {"en": "a", "es": "b"}},
      {"id": "no-spanish", "ask": "shape", "of": "np.zeros(3)", "prompt": {"en": "a"}},
      {"id": "typo", "ask": "shape", "of": "np.zeros(3)", "promt": {"en": "a", "es": "b"}},
      {"id": "hint-text", "ask": "shape", "of": "np.zeros(3)", "prompt": {"en": "a", "es": "b"},
       "hint": "Count the columns"}
    ]}"#;
    let (status, lines) = strides(&["quiz", "lint", &temp_file("bad.json", file)]);
    assert_eq!(status, Some(1));
    let field = |id: &str| {
        let l = lines.iter().find(|l| l["id"] == id).unwrap();
        assert!(l["error"].as_str().unwrap().contains(id), "{l}");
        l["field"].as_str().unwrap().to_string()
    };
    assert_eq!(
        lines[0],
        json!({"id": "good", "variant": 0, "key": "(3, 2)", "params": {}})
    );
    assert_eq!(field("bad-ask"), "ask");
    assert_eq!(field("bad-setup"), "setup");
    assert!(lines[2]["error"].as_str().unwrap().contains("ValueError"));
    assert_eq!(field("no-param"), "setup");
    assert_eq!(field("no-spanish"), "prompt.es");
    assert_eq!(field("typo"), "promt");
    // Issue 24 §6: the closest known field, and a wrong kind in an author's words (not serde's
    // "invalid type: string, expected struct Langs").
    let error = |id: &str| {
        let l = lines.iter().find(|l| l["id"] == id).unwrap();
        l["error"].as_str().unwrap().to_string()
    };
    assert_eq!(
        error("typo"),
        "question typo, promt: unknown field \"promt\": the closest known one is \"prompt\""
    );
    assert_eq!(field("hint-text"), "hint");
    assert_eq!(
        error("hint-text"),
        "question hint-text, hint: needs a text in each language, {\"en\": \"...\", \"es\": \"...\"}, not a text"
    );
    // A file that is no question file at all.
    let (status, lines) = strides(&["quiz", "lint", &temp_file("not.json", "{\"format\": 1,")]);
    assert_eq!(status, Some(1));
    assert_eq!(lines[0]["field"], "file");
    let wrong = r#"{"format": "strides-lab/questions@9", "questions": []}"#;
    let (status, lines) = strides(&["quiz", "lint", &temp_file("v9.json", wrong)]);
    assert_eq!(
        (status, lines[0]["field"].as_str()),
        (Some(1), Some("format"))
    );
}

#[test]
fn check_gives_the_verdict_and_diagnosis_on_a_variant() {
    let course = course();
    let check = |args: &[&str]| {
        let mut all = vec!["quiz", "check", "--questions", course.as_str()];
        all.extend_from_slice(args);
        let (status, lines) = strides(&all);
        assert_eq!(status, Some(0));
        lines[0].clone()
    };
    let right = check(&["--variant", "1", "c1-strides-transpose", "(1, 20, 5)"]);
    assert_eq!(
        (&right["correct"], &right["variant"]),
        (&json!(true), &json!(1))
    );
    // Byte strides where elements were asked (as if the int16 array were float64), in Spanish.
    let bytes = check(&["--lang", "es", "c1-strides-transpose", "(8, 120, 40)"]);
    assert_eq!(bytes["diagnosis"], "bytes-instead-of-elements");
    assert!(
        bytes["feedback"]
            .as_str()
            .unwrap()
            .starts_with("Eso son bytes")
    );
    assert_eq!(check(&["c1-view-or-copy", "view"])["correct"], json!(true));
    assert_eq!(
        check(&["--variant", "1", "c1-view-or-copy", "view"])["diagnosis"],
        "copy-taken-for-view"
    );
    assert_eq!(
        check(&["--variant", "1", "c1-error", "ValueError"])["correct"],
        json!(true)
    );
    assert!(
        check(&["--variant", "7", "c1-error", "none"])["error"]
            .as_str()
            .unwrap()
            .contains("2 variant(s)")
    );
    assert!(
        check(&["nope", "1"])["error"]
            .as_str()
            .unwrap()
            .contains("unknown question id nope")
    );
}

#[test]
fn list_gives_sections_titles_and_variant_counts() {
    let (status, lines) = strides(&["quiz", "list", "--questions", &course()]);
    assert_eq!(status, Some(0));
    let items = lines[0].as_array().unwrap();
    assert_eq!(items.len(), 11);
    assert_eq!(items[0]["section"]["es"], "Lección 2: transpuestas");
    assert_eq!(items[0]["title"]["en"], "Strides of a permutation");
    assert_eq!(
        (&items[0]["ask"], &items[0]["variants"]),
        (&json!("strides"), &json!(2))
    );
}

#[test]
fn the_built_in_question_files_lint_clean() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../questions/builtin");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let (status, lines) = strides(&["quiz", "lint", path.to_str().unwrap()]);
        assert_eq!(status, Some(0), "{}: {lines:?}", path.display());
        count += lines.len();
    }
    assert_eq!(count, quiz::bank().len());
}
