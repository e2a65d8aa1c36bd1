//! What the table tests share: run a program as the command line does and compare its JSON with
//! what NumPy or PyTorch gave. (A directory module, so that Cargo does not build it as a test of
//! its own.)

#![allow(dead_code)]

use serde_json::Value as Json;

/// The JSON `strides eval` prints for `program`, parsed, without what it printed (the recorded
/// answers of NumPy and PyTorch hold the result only).
pub fn actual(program: &str) -> Json {
    let mut json = printed(program);
    if let Some(map) = json.as_object_mut() {
        map.remove("stdout");
    }
    json
}

/// The JSON `strides eval` prints for `program`, parsed, with its `"stdout"`.
pub fn printed(program: &str) -> Json {
    let text = match arrays::run(program) {
        Ok(outcome) => arrays::json::outcome(&outcome),
        Err(e) => arrays::json::error(&e),
    };
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("invalid JSON {text}: {e}"))
}

/// Checks every `(program, expected JSON)` row and reports all the rows that disagree at once.
pub fn check_table(rows: &[(&str, &str)]) {
    let mut failures = Vec::new();
    for (program, expected) in rows {
        let expected: Json = serde_json::from_str(expected)
            .unwrap_or_else(|e| panic!("bad expected JSON for {program:?}: {e}"));
        let got = actual(program);
        if got != expected {
            failures.push(format!(
                "--- {program}\n  expected {expected}\n  got      {got}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows disagree:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}

/// The value of a program's last line as JSON (`{"value": …}`), or the whole result when it is an
/// array, scalar or error.
pub fn value(program: &str) -> Json {
    let got = actual(program);
    match got.get("value") {
        Some(v) => v.clone(),
        None => got,
    }
}
