//! Float `torch.arange` against PyTorch 2.15: `tests/corpus/torch-arange.jsonl`
//! (`torch_arange.py --seed 1 --count 400`; `TORCH_ARANGE_CORPUS=path` checks a fresh seed).
//!
//! PyTorch's CPU kernel computes each group of elements from its first, in groups as wide as the
//! CPU's vectors, so where values round they depend on the machine (`torch.arange(10000,
//! dtype=torch.bfloat16)[9900]` is 9856 here, 9920 rounded to nearest). The lab gave the nearest
//! value, wrong for 151 of 300 random calls. Under the values policy it computes those to the
//! dtype's precision and marks them (`"values_exact": false`, within `support::agrees`'s
//! tolerance), and computes the rest exactly.

#![allow(clippy::expect_used, clippy::panic, clippy::unwrap_used)]

mod support;

use serde_json::Value as Json;

/// The dtype a corpus program's arange is computed in (PyTorch's default is float32).
fn dtype_of(program: &str) -> &'static str {
    ["bfloat16", "float16", "float64"]
        .into_iter()
        .find(|d| program.contains(d))
        .unwrap_or("float32")
}

#[test]
fn float_aranges_are_pytorchs_or_marked_within_tolerance() {
    let path = std::env::var("TORCH_ARANGE_CORPUS").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/corpus/torch-arange.jsonl"
        )
        .into()
    });
    let text = std::fs::read_to_string(&path).expect("the corpus");
    let (mut computed, mut approximate, mut failures) = (0, 0, Vec::new());
    for line in text.lines() {
        let row: Json = serde_json::from_str(line).expect("a JSON line");
        let program = row["program"].as_str().expect("a program");
        let got = support::actual(program);
        if got == row["expected"] {
            computed += 1;
        } else if support::agrees_as(&got, &row["expected"], Some(dtype_of(program))) {
            approximate += 1;
            let values = row["expected"]["value"].as_array().map_or(0, Vec::len);
            // Nothing of one element or none is marked: there is nothing to round by groups.
            if values <= 1 {
                failures.push(format!("{program}: marked"));
            }
        } else {
            failures.push(format!(
                "{program}\n  expected {}\n  got {got}",
                row["expected"]
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Both kinds are there: a rule marking everything, or nothing, fails.
    assert!(
        computed >= 100 && approximate >= 100,
        "{computed} computed exactly, {approximate} marked"
    );
}

#[test]
fn exact_aranges_are_exact_and_rounding_ones_marked() {
    for program in [
        "torch.arange(256, dtype=torch.bfloat16)[255].item()",
        "torch.arange(2048, dtype=torch.float16)[2047].item()",
        "torch.arange(0, 1, 0.125, dtype=torch.float16)[7].item()",
        "torch.arange(-3, 5.5, 0.5)[-1].item()",
    ] {
        let got = support::actual(program);
        assert!(got.get("value").is_some(), "{program}");
        assert!(got.get("values_exact").is_none(), "{program}");
    }
    for program in [
        "torch.arange(10000, dtype=torch.bfloat16)",
        "torch.arange(0, 1, 0.1)",
        "torch.arange(2049, dtype=torch.float16)",
    ] {
        assert_eq!(support::actual(program)["values_exact"], false, "{program}");
    }
}
