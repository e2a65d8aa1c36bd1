//! The lab's programs against real NumPy and PyTorch: every program of the committed corpus
//! (`tests/corpus/*.jsonl`, made by `tests/corpus/generate.py`) must give exactly the JSON that
//! NumPy or PyTorch gave, field by field. Seed 1 is the corpus the evaluator was written against;
//! seed 2 was generated afterwards, so it checks programs nobody tuned the code to. Set
//! `CORPUS_SHOW=n` to see up to n mismatches.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

use serde_json::Value as Json;
use std::path::PathBuf;

fn corpus(name: &str) -> Vec<(String, Json)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/corpus")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let record: Json = serde_json::from_str(line).expect("corpus line is JSON");
            let program = record["program"].as_str().expect("program").to_string();
            (program, record["expected"].clone())
        })
        .collect()
}

fn actual(program: &str) -> Json {
    let text = match arrays::run(program) {
        Ok(outcome) => arrays::json::outcome(&outcome),
        Err(e) => arrays::json::error(&e),
    };
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("invalid JSON {text}: {e}"))
}

fn check(name: &str) {
    let show: usize = std::env::var("CORPUS_SHOW")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    let cases = corpus(name);
    assert!(
        cases.len() > 100,
        "{name} has only {} programs",
        cases.len()
    );
    let mut failures = Vec::new();
    for (program, expected) in &cases {
        let got = actual(program);
        if &got != expected {
            failures.push((program, expected, got));
        }
    }
    for (program, expected, got) in failures.iter().take(show) {
        eprintln!("--- {program}\n  expected {expected}\n  got      {got}");
    }
    assert!(
        failures.is_empty(),
        "{name}: {} of {} programs disagree with the recorded answers",
        failures.len(),
        cases.len()
    );
}

#[test]
fn numpy_corpus_agrees_exactly() {
    check("numpy.jsonl");
}

#[test]
fn torch_corpus_agrees_exactly() {
    check("torch.jsonl");
}

#[test]
fn fresh_numpy_seed_2_agrees_exactly() {
    check("numpy-seed2.jsonl");
}

#[test]
fn fresh_torch_seed_2_agrees_exactly() {
    check("torch-seed2.jsonl");
}

/// `sum` over random axes of float and integer data laid out in many ways (`tests/corpus/sums.py`,
/// seed 1): the float results must be NumPy's bit for bit, which needs its pairwise summation and
/// its iterator's buffering (see `arrays::numpy::reduce`).
#[test]
fn numpy_sums_agree_bit_for_bit() {
    check("numpy-sums.jsonl");
}

/// `prod`, `max`, `min` and `mean` the same way (`sums.py --ops prod,max,min,mean`, seed 1): the
/// same iterator, a running product, NaN-first extremes, and `_mean`'s division and casts.
#[test]
fn numpy_reductions_agree_bit_for_bit() {
    check("numpy-reductions.jsonl");
}
