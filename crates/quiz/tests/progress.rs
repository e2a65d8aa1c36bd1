//! The progress store against current, old, future, corrupt and hostile data, and merging.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use quiz::{Progress, merge};

fn sample() -> Progress {
    let mut p = Progress::new();
    p.record("u1-strides-xT", "(8, 32)", false);
    p.record("u1-strides-xT", "(1, 4)", true);
    p.record("u1-position-3x5", "quote \" back \\ newline \n ñ −", false);
    p
}

#[test]
fn round_trips() {
    let p = sample();
    let text = p.to_text();
    assert!(
        text.starts_with("{\"version\": 1, \"questions\": {"),
        "{text}"
    );
    let loaded = Progress::load(&text);
    assert!(loaded.notice.is_none());
    assert!(loaded.progress == p);
    let e = p.get("u1-strides-xT").unwrap();
    assert_eq!(
        (e.answered, e.correct, e.last.as_str()),
        (2, true, "(1, 4)")
    );
    assert!(Progress::load("").progress.is_empty());
    assert!(Progress::load("").notice.is_none());
}

#[test]
fn reads_the_documented_format() {
    let loaded = Progress::load(
        r#"{"version": 1, "questions": {"u1-strides-xT": {"answered": 3, "correct": true, "last": "(1, 4)", "extra": [1, {"x": null}]}}, "theme": "dark"}"#,
    );
    assert!(loaded.notice.is_none());
    assert_eq!(loaded.progress.get("u1-strides-xT").unwrap().answered, 3);
}

#[test]
fn sets_aside_what_it_cannot_trust() {
    let whole_set_aside = [
        "garbage",
        "{",
        "[]",
        "null",
        "42",
        "\"version\"",
        "{}",
        r#"{"questions": {}}"#,
        r#"{"version": "1", "questions": {}}"#,
        r#"{"version": 1.5, "questions": {}}"#,
        r#"{"version": 0, "questions": {}}"#,
        r#"{"version": -1, "questions": {}}"#,
        r#"{"version": 99, "questions": {"u1-strides-xT": {"answered": 1, "correct": true, "last": "x"}}}"#,
        r#"{"version": 1e308, "questions": {}}"#,
        r#"{"version": 1, "questions": []}"#,
        r#"{"version": 1, "questions": "all"}"#,
        r#"{"version": 1, "questions": {}} trailing"#,
        "\u{feff}{\"version\": 1}",
    ];
    for text in whole_set_aside {
        let loaded = Progress::load(text);
        assert!(loaded.progress.is_empty(), "{text}");
        assert!(loaded.notice.is_some(), "{text}: no notice");
    }
    let future = Progress::load(r#"{"version": 99, "questions": {}}"#);
    assert!(future.notice.unwrap().en.contains("newer version"));
}

#[test]
fn bad_entries_are_dropped_one_by_one() {
    let text = r#"{"version": 1, "questions": {
        "good": {"answered": 2, "correct": false, "last": "7"},
        "negative": {"answered": -1, "correct": false, "last": ""},
        "fraction": {"answered": 1.5, "correct": false, "last": ""},
        "huge": {"answered": 1e20, "correct": false, "last": ""},
        "stringy": {"answered": "3", "correct": false, "last": ""},
        "boolish": {"answered": 1, "correct": "yes", "last": ""},
        "nolast": {"answered": 1, "correct": true},
        "list": [1, 2, 3],
        "": {"answered": 1, "correct": true, "last": ""},
        "deep": {"answered": 1, "correct": true, "last": {"a": {"b": {"c": 1}}}}
    }}"#;
    let loaded = Progress::load(text);
    assert_eq!(loaded.progress.len(), 1);
    assert!(loaded.progress.get("good").is_some());
    let notice = loaded.notice.unwrap();
    assert!(notice.en.starts_with("9 saved answers"), "{}", notice.en);
    assert!(
        notice.es.starts_with("9 respuestas guardadas"),
        "{}",
        notice.es
    );
}

#[test]
fn hostile_inputs_never_panic() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let deep_obj = format!(
        "{{\"version\": 1, \"questions\": {}{}}}",
        "{\"a\": ".repeat(50),
        "}".repeat(50)
    );
    let huge = format!(
        "{{\"version\": 1, \"questions\": {{\"x\": {{\"answered\": 1, \"correct\": true, \"last\": \"{}\"}}}}}}",
        "a".repeat(2 << 20)
    );
    let long_last = format!(
        "{{\"version\": 1, \"questions\": {{\"x\": {{\"answered\": 1, \"correct\": true, \"last\": \"{}\"}}}}}}",
        "é".repeat(10_000)
    );
    let many: String = (0..12_000)
        .map(|i| format!("\"q{i}\": {{\"answered\": 1, \"correct\": true, \"last\": \"\"}}"))
        .collect::<Vec<_>>()
        .join(", ");
    let many = format!("{{\"version\": 1, \"questions\": {{{many}}}}}");
    let inputs = [
        deep,
        deep_obj,
        huge,
        "\u{0}\u{1}\u{ffff}".to_string(),
        "{\"version\": 1, \"questions\": {\"\\ud800\": 1}}".to_string(),
        "{\"version\": 1, \"questions\": {\"a\": {\"answered\": 1, \"correct\": true, \"last\": \"\\u00\"}}}".to_string(),
        "{\"version\": 1, \"questions\": {\"a\u{0}b\": {\"answered\": 1, \"correct\": true, \"last\": \"\"}}}".to_string(),
        "-".to_string(),
        "1e".to_string(),
        "{\"version\": 1, \"version\": 2, \"questions\": {}}".to_string(),
        "{\"version\": 1,, \"questions\": {}}".to_string(),
        long_last.clone(),
        many.clone(),
    ];
    for text in &inputs {
        let loaded = Progress::load(text);
        assert!(loaded.progress.len() <= quiz::progress::MAX_QUESTIONS);
    }
    let cut = Progress::load(&long_last);
    assert_eq!(
        cut.progress.get("x").unwrap().last.chars().count(),
        quiz::progress::MAX_LAST
    );
    let capped = Progress::load(&many);
    assert_eq!(capped.progress.len(), quiz::progress::MAX_QUESTIONS);
    assert!(capped.notice.is_some());
}

#[test]
fn merge_loses_nothing_and_does_not_care_about_order() {
    let mut a = Progress::new();
    a.record("only-a", "1", true);
    a.record("both", "x", false);
    a.record("both", "y", false);
    let mut b = Progress::new();
    b.record("only-b", "2", false);
    b.record("both", "z", true);
    b.record("tie", "b", false);
    a.record("tie", "a", true);
    let ab = merge(&a, &b);
    let ba = merge(&b, &a);
    assert!(ab == ba);
    assert_eq!(ab.len(), 4);
    let both = ab.get("both").unwrap();
    assert_eq!(
        (both.answered, both.last.as_str()),
        (2, "y"),
        "more attempts wins"
    );
    assert!(
        ab.get("tie").unwrap().correct,
        "on a tie the right answer is kept"
    );
    assert!(merge(&ab, &ab) == ab, "merging is idempotent");
    assert!(merge(&ab, &Progress::new()) == ab);
    let text = ab.to_text();
    assert!(Progress::load(&text).progress == ab);
}

#[test]
fn one_answer_left_out_is_said_in_the_singular() {
    // Issue 24 item 8: "1 saved answers could not be read".
    let text = r#"{"version": 1, "questions": {
        "good": {"answered": 2, "correct": false, "last": "7"},
        "negative": {"answered": -1, "correct": false, "last": ""}
    }}"#;
    let notice = Progress::load(text).notice.unwrap();
    assert!(
        notice
            .en
            .starts_with("1 saved answer could not be read and was left out"),
        "{}",
        notice.en
    );
    assert!(
        notice
            .es
            .starts_with("1 respuesta guardada no se ha podido leer"),
        "{}",
        notice.es
    );
}
