//! `np.einsum_path` against NumPy 2.4.6: the path list and the printed report, byte for byte, for
//! every program of `tests/corpus/einsum_path.jsonl` (made by `tests/corpus/einsum_path.py
//! --seed 1`): the seed's attention scores, its chain of three matrices, NumPy's docstring
//! examples and 400 random contractions with every `optimize=` spelling, and their errors.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

use serde_json::Value as Json;
use std::path::PathBuf;

fn actual(program: &str) -> Json {
    let text = match arrays::run(program) {
        Ok(outcome) => arrays::json::outcome(&outcome),
        Err(e) => arrays::json::error(&e),
    };
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("invalid JSON {text}: {e}"))
}

fn report(program: &str) -> String {
    actual(program)["value"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// The seed's example, as `print(np.einsum_path(...)[1])` shows it in NumPy 2.4.6.
#[test]
fn the_seeds_chain_of_three_matrices() {
    let program = "A = np.ones((1000, 10))\nB = np.ones((10, 1000))\nC = np.ones((1000, 10))\nnp.einsum_path('ij,jk,kl->il', A, B, C, optimize='optimal')[1]";
    let expected = "  Complete contraction:  ij,jk,kl->il
         Naive scaling:  4
     Optimized scaling:  3
      Naive FLOP count:  3.000e+08
  Optimized FLOP count:  4.000e+05
   Theoretical speedup:  749.998
  Largest intermediate:  1.000e+04 elements
--------------------------------------------------------------------------
scaling                  current                                remaining
--------------------------------------------------------------------------
   3                   kl,jk->jl                                ij,jl->il
   3                   jl,ij->il                                   il->il";
    assert_eq!(report(program), expected);
}

#[test]
fn einsum_path_corpus_agrees_exactly() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/einsum_path.jsonl");
    let text = std::fs::read_to_string(&path).expect("einsum_path.jsonl");
    let mut failures = Vec::new();
    let mut total = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: Json = serde_json::from_str(line).expect("JSON");
        let program = record["program"].as_str().expect("program");
        total += 1;
        let got = actual(program);
        if got != record["expected"] {
            failures.push((program.to_string(), record["expected"].clone(), got));
        }
    }
    for (program, expected, got) in failures.iter().take(6) {
        eprintln!("--- {program}\n  expected {expected}\n  got      {got}");
    }
    assert!(total > 800, "only {total} programs");
    assert!(
        failures.is_empty(),
        "{} of {total} programs disagree",
        failures.len()
    );
}
