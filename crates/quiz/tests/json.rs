//! The command line's JSON, checked by a real JSON parser (python3's).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::Write;
use std::process::{Command, Stdio};

use quiz::{Lang, check_json, list_json};

fn python_json(documents: &[String]) -> String {
    let script = "import json, sys\nfor line in sys.stdin.read().split('\\x1e'):\n    v = json.loads(line)\n    print(json.dumps(v, ensure_ascii=False, sort_keys=True))\n";
    let mut child = Command::new("python3")
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 must be installed");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(documents.join("\u{1e}").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn list_and_check_are_valid_json() {
    let docs = vec![
        list_json(),
        check_json("u1-strides-xT", "(8, 32)", Lang::En),
        check_json("u1-strides-xT", "(1, 4)", Lang::En),
        check_json("u1-strides-xT", "\"quoted\" \\ back\nslash", Lang::En),
        check_json("no-such-id\"", "1", Lang::En),
        check_json("gen-3-4", "1", Lang::En),
        check_json("u1-strides-xT", "(8, 32)", Lang::Es),
        check_json(
            "u1-code-contiguous-strides",
            "print(size); strides.insert(0, step); step *= size",
            Lang::En,
        ),
        check_json(
            "s3-code-sliding-windows",
            "return sliding_window_view(x, k)[::step]",
            Lang::En,
        ),
    ];
    let parsed = python_json(&docs);
    let lines: Vec<&str> = parsed.lines().collect();
    assert_eq!(lines.len(), docs.len());
    assert!(lines[0].contains("\"id\": \"u1-position-3x5\""));
    assert!(lines[0].contains("\"kind\": \"code\""));
    assert!(lines[0].contains("¿En qué posición de memoria está el elemento [2, 3]?"));
    assert_eq!(
        lines[1],
        "{\"correct\": false, \"diagnosis\": \"bytes-instead-of-elements\", \"feedback\": \"Those are bytes, and the question counts elements. Each number here takes 8 bytes (float64): divide by 8.\"}"
    );
    assert!(lines[2].starts_with("{\"correct\": true, \"diagnosis\": \"correct\""));
    assert!(lines[3].contains("\"diagnosis\": \"unreadable\""));
    assert_eq!(
        lines[4],
        "{\"error\": \"unknown question id no-such-id\\\"\"}"
    );
    assert!(lines[5].contains("\"correct\""));
    assert!(lines[6].contains("\"diagnosis\": \"bytes-instead-of-elements\""));
    assert!(
        lines[6].contains("Eso son bytes, y la pregunta cuenta elementos."),
        "feedback in Spanish: {}",
        lines[6]
    );
    assert!(
        lines[7].ends_with("\"printed\": \"4\\n3\\n\"}"),
        "{}",
        lines[7]
    );
    // Keys sorted by the parser: the cost of a correct answer on arrays.
    assert!(
        lines[8].starts_with(
            "{\"correct\": true, \"cost\": {\"peak_bytes\": 0, \"result_is_view\": true}"
        ),
        "{}",
        lines[8]
    );
}

#[test]
fn list_has_every_bank_question_in_order() {
    let list = list_json();
    let mut at = 0;
    for q in quiz::bank() {
        let needle = format!("{{\"id\": \"{}\", \"kind\": \"{}\"", q.id, q.kind.name());
        let found = list[at..]
            .find(&needle)
            .unwrap_or_else(|| panic!("{} missing or out of order", q.id));
        at += found + needle.len();
    }
}
