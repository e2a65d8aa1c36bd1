//! Random numbers against NumPy 2.4.6 and PyTorch 2.15: `tests/corpus/random.jsonl`
//! (`/work/venv/bin/python tests/corpus/random_streams.py > tests/corpus/random.jsonl`) holds
//! programs of the legacy stream (`np.random.seed`, `rand`, `randn`, `randint` over every dtype
//! width, `choice`, `permutation`, `shuffle`, `RandomState`), of `default_rng` (PCG64) and of
//! PyTorch's CPU generator, with NumPy's and PyTorch's errors. Values must be the libraries' bit
//! for bit, except where the lab says its values are its own (`values_exact: false`: the
//! float64 normals of a `Generator` and PyTorch's float32 `randn` of 16 or more elements), which
//! must agree to 1e-12 (float64) or 4e-7 (float32) relative.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

use serde_json::Value as Json;
use std::path::PathBuf;

fn lines() -> Vec<Json> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/random.jsonl");
    let text = std::fs::read_to_string(&path).expect("the random corpus");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// Whether `got` is `want` with its float values within `tol` (relative), all else equal.
fn close(want: &Json, got: &Json, tol: f64) -> bool {
    match (want, got) {
        (Json::Number(a), Json::Number(b)) => {
            let (a, b) = (a.as_f64().unwrap(), b.as_f64().unwrap());
            a == b || (a - b).abs() <= tol * a.abs().max(b.abs()).max(1e-300)
        }
        (Json::Array(a), Json::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| close(x, y, tol))
        }
        (Json::Object(a), Json::Object(b)) => a
            .iter()
            .filter(|(k, _)| *k != "values_exact")
            .all(|(k, v)| b.get(k).is_some_and(|w| close(v, w, tol))),
        _ => want == got,
    }
}

/// Programs the lab refuses honestly ("not supported here"): `choice` without replacement with
/// `p=` (NumPy redraws until enough distinct values come, through `np.unique`).
const REFUSED: &[&str] =
    &["np.random.seed(0); np.random.choice(5, 3, replace=False, p=[0.1, 0.2, 0.3, 0.2, 0.2])"];

#[test]
fn every_program_draws_what_the_library_drew() {
    let records = lines();
    assert!(records.len() > 400, "only {} programs", records.len());
    let mut failures = Vec::new();
    let mut approximate = 0;
    for record in &records {
        let program = record["program"].as_str().unwrap();
        let want = &record["expected"];
        let mut got = support::actual(program);
        let inexact = got.get("values_exact") == Some(&Json::Bool(false));
        if let Some(o) = got.as_object_mut() {
            o.remove("values_exact");
        }
        let ok = if REFUSED.contains(&program) {
            got["error"] == "Unsupported"
        } else if inexact {
            approximate += 1;
            let tol = if want["dtype"] == "float32" {
                4e-7
            } else {
                1e-12
            };
            close(want, &got, tol)
        } else {
            &got == want
        };
        if !ok {
            failures.push(format!(
                "--- {program}\n  expected {want}\n  got      {got}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} programs disagree:\n{}",
        failures.len(),
        records.len(),
        failures.join("\n")
    );
    assert!(approximate < records.len() / 4, "{approximate} approximate");
}
