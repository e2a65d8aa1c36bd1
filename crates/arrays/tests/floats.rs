//! Float math against real NumPy 2.4.6 and PyTorch 2.15: every program of
//! `tests/corpus/floats.jsonl` (`tests/corpus/floats.py --seed 1 --count 600`; `FLOATS_CORPUS=path`
//! checks a fresh seed) must give the library's layout, dtype, flags and error exactly, and its
//! values exactly — or, where the lab says `"values_exact": false`, within the values policy's
//! tolerance (`support::agrees`: float64 1e-12, float32 1e-5, float16 1e-2 relative to the
//! result's largest magnitude, NaN and infinities equal). The only other answer allowed is the
//! lab's honest "not supported here" (a ufunc keyword such as `out=`, a function not run yet).
//! Programs that use only correctly rounded functions must not be marked.

#![allow(clippy::expect_used, clippy::panic, clippy::unwrap_used)]

mod support;

use serde_json::Value as Json;

/// Spellings of what the libraries compute with machine-dependent last bits.
const APPROXIMATE: [&str; 14] = [
    "exp", "log", "sin", "cos", "tan", "sigmoid", "@", "dot", "**", "sum", "mean", "arctan",
    "atan", "expm1",
];

#[test]
fn float_math_agrees_exactly_or_within_tolerance_where_marked() {
    let path = std::env::var("FLOATS_CORPUS").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/corpus/floats.jsonl"
        )
        .into()
    });
    let text = std::fs::read_to_string(&path).expect("the corpus");
    let (mut exact, mut marked, mut refused, mut failures) = (0usize, 0usize, 0usize, Vec::new());
    let mut total = 0usize;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let row: Json = serde_json::from_str(line).expect("a JSON line");
        let program = row["program"].as_str().expect("a program");
        let expected = &row["expected"];
        let got = support::actual(program);
        total += 1;
        let is_marked = got.get("values_exact") == Some(&Json::Bool(false));
        if is_marked && !APPROXIMATE.iter().any(|f| program.contains(f)) {
            failures.push(format!(
                "{program}\n  marked, but computes only exact operations"
            ));
        } else if &got == expected {
            exact += 1;
        } else if support::agrees(&got, expected) {
            marked += 1;
        } else if got.get("error") == Some(&Json::from("Unsupported")) {
            // A ufunc keyword the lab does not implement (`out=`, `where=`, …), which the
            // corpus passes on purpose, is refused by name; anything else counts.
            let keyword = got["message"]
                .as_str()
                .is_some_and(|m| m.contains("the argument"));
            if !keyword {
                refused += 1;
            }
        } else {
            failures.push(format!("{program}\n  expected {expected}\n  got {got}"));
        }
    }
    eprintln!(
        "{path}: {total} programs, {exact} exact, {marked} marked within tolerance, {refused} not supported here, {} disagree",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(total >= 500, "only {total} programs");
    assert!(
        marked >= 50,
        "only {marked} marked: the corpus should exercise approximate values"
    );
    // The rest of the API (`Tensor.max`, a NumPy scalar's `.sum`) is other work's.
    assert!(refused * 30 < total, "{refused} of {total} refused");
}

/// Defects found on the way, each with NumPy's or PyTorch's answer (`tests/corpus/record.py`):
/// `bool ** 2` is NumPy's `square` of bools, int8 (the lab gave int64); PyTorch's elementwise
/// output keeps a transposed input's order (the lab gave C strides); PyTorch has no `floor` of
/// bools.
#[test]
fn elementwise_defects_give_the_libraries_answers() {
    support::check_table(&[
        (
            "(np.arange(18) % 2 == 0) ** 2",
            r#"{"c_contiguous": true, "dtype": "int8", "f_contiguous": true, "itemsize": 1, "offset": 0, "owndata": true, "shape": [18], "strides": [1], "values": [1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0], "view": false, "writeable": true}"#,
        ),
        (
            "x = torch.arange(6.).reshape(2, 3); x.T + 1",
            r#"{"c_contiguous": false, "dtype": "float32", "element_strides": [1, 3], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [3, 2], "storage_offset": 0, "strides": [4, 12], "values": [1.0, 4.0, 2.0, 5.0, 3.0, 6.0], "view": false, "writeable": true}"#,
        ),
        (
            "torch.floor(torch.arange(3) > 0)",
            r#"{"error": "NotImplementedError", "message": "\"floor_vml_cpu\" not implemented for 'Bool'"}"#,
        ),
    ]);
}
