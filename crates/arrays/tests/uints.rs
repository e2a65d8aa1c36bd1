//! NumPy's unsigned integer dtypes (`uint16`, `uint32`, `uint64`) against NumPy 2.4.6.
//!
//! `tests/corpus/uints.txt` holds the programs: creation under every spelling NumPy accepts,
//! casts both ways with wraparound, arithmetic of every pair of dtypes, NEP 50's weak Python
//! scalars and their OverflowErrors, printing, sums/products/means/max/min with and without
//! `axis`, `keepdims` and `dtype=`, indexing writes, and views of item size 2, 4 and 8.
//! Every program there disagreed with the lab before it had these dtypes (the pairs of the old
//! dtypes, which the main corpus covers, were left out). `tests/corpus/uints.jsonl` is what NumPy
//! gave for each
//! (`/work/venv/bin/python tests/corpus/record.py < tests/corpus/uints.txt > tests/corpus/uints.jsonl`).
//! `tests/corpus/promotion.jsonl` is `np.result_type` over every pair of the lab's dtypes
//! (`tests/corpus/promotion.py`).

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

use arrays::dtype::{ALL, DType};
use serde_json::Value as Json;
use std::path::PathBuf;

fn lines(name: &str) -> Vec<Json> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/corpus")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn every_program_gives_what_numpy_gave() {
    let records = lines("uints.jsonl");
    assert!(records.len() > 200, "only {} programs", records.len());
    let mut failures = Vec::new();
    for record in &records {
        let program = record["program"].as_str().expect("program");
        let got = support::actual(program);
        if got != record["expected"] {
            failures.push(format!(
                "--- {program}\n  expected {}\n  got      {got}",
                record["expected"]
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
}

#[test]
fn promotion_is_numpys_result_type_for_every_pair() {
    let records = lines("promotion.jsonl");
    assert_eq!(records[0]["numpy"], "2.4.6");
    let pairs = &records[1..];
    assert_eq!(pairs.len(), ALL.len() * ALL.len());
    for r in pairs {
        let parse = |k: &str| DType::parse(r[k].as_str().unwrap()).unwrap();
        let (a, b, want) = (parse("a"), parse("b"), parse("result"));
        assert_eq!(a.promote(b), want, "np.result_type({a}, {b})");
    }
}

#[test]
fn json_writes_every_uint64_exactly() {
    // 2**64 - 1 and 2**63 + 1 are not doubles: they must not go through f64 on the way out.
    let got = support::actual("np.array([2**64 - 1, 2**63 + 1], dtype=np.uint64)");
    let values: Vec<u64> = got["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(values, [u64::MAX, (1 << 63) + 1]);
}

#[test]
fn the_pages_dtype_choice_gives_numpy_a_uint_and_refuses_it_for_torch() {
    let numpy = arrays::run_options(
        "np.arange(3)",
        arrays::Limits::default(),
        Some(DType::UInt64),
    );
    let json = arrays::json::outcome(&numpy.unwrap());
    assert!(json.contains("\"dtype\": \"uint64\""), "{json}");
    for d in [DType::UInt16, DType::UInt32, DType::UInt64] {
        let torch = arrays::run_options("torch.arange(3)", arrays::Limits::default(), Some(d));
        let e = torch.err().unwrap();
        assert!(
            e.message().contains(&format!("{d} tensors")),
            "{}",
            e.message()
        );
    }
}
