//! Issue 15's new memory, views and reductions against real NumPy and PyTorch: every program of
//! `tests/corpus/joins.jsonl` (`tests/corpus/joins.py --seed 1 --count 2500`: `concatenate`,
//! `stack`, `hstack`, `vstack`, `tile`, `repeat`, `split`/`array_split`, the flips, `diagonal`,
//! `view(dtype)`, `astype(copy=False)`, `np.array`/`np.asarray` with `dtype` and `copy`,
//! `argmax`/`argmin`, `any`/`all`, `std`/`var`, over random shapes, dtypes and views, with
//! errors) must give exactly the JSON NumPy gave, field by field: shape, byte strides, start,
//! flags, view or copy, dtype, values bit for bit, and the exception class and message.
//! `joins-torch.jsonl` is the same for PyTorch's `cat`, `stack`, `repeat`, `narrow`, `select`,
//! `unfold`, `flip`, `diagonal` and `argmax`/`argmin`/`any`/`all` (`joins.py --kind torch --seed 1
//! --count 1000`).

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

use serde_json::Value as Json;

fn check(name: &str, at_least: usize) {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/corpus")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: Json = serde_json::from_str(line).expect("corpus line is JSON");
        let program = record["program"].as_str().expect("program");
        let got = support::actual(program);
        count += 1;
        if got != record["expected"] {
            failures.push(format!(
                "--- {program}\n  expected {}\n  got      {got}",
                record["expected"]
            ));
        }
    }
    assert!(count >= at_least, "{name} has only {count} programs");
    assert!(
        failures.is_empty(),
        "{name}: {} of {count} programs disagree:\n{}",
        failures.len(),
        failures
            .iter()
            .take(12)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn numpy_joins_views_and_reductions_agree_exactly() {
    check("joins.jsonl", 2500);
}

#[test]
fn torch_joins_and_views_agree_exactly() {
    check("joins-torch.jsonl", 1000);
}

/// `std` and `var` over random axes of float and integer data of 1 to 30000 items in many
/// layouts (`sums.py --ops std,var --seed 1 --count 800`): `_var`'s steps, each of them NumPy's
/// pairwise, buffered sum, bit for bit; `std` with an integer `dtype=` is NumPy's `sqrt` cast error.
#[test]
fn numpy_std_and_var_agree_bit_for_bit() {
    check("numpy-spread.jsonl", 690);
}

/// Each new view is explained by what it is: a flip, a split piece, `narrow` and `select` are
/// basic indexing (start and step), `diagonal`, `unfold` and `view(dtype)` compute new strides
/// (they said "adds or removes axes of size 1", `squeeze`'s sentence); joins are computed.
#[test]
fn new_views_are_explained_as_what_they_are() {
    use arrays::explain::{Why, explain};
    type Check = fn(&Why) -> bool;
    let cases: [(&str, Check); 8] = [
        ("x = np.arange(12.0).reshape(3, 4)\nnp.flip(x, 1)", |w| {
            matches!(w, Why::Indexed { .. })
        }),
        (
            "x = np.arange(12.0).reshape(3, 4)\nnp.split(x, 2, axis=1)[1]",
            |w| matches!(w, Why::Indexed { .. }),
        ),
        (
            "t = torch.arange(12.0).reshape(3, 4)\nt.narrow(1, 1, 2)",
            |w| matches!(w, Why::Indexed { .. }),
        ),
        (
            "t = torch.arange(12.0).reshape(3, 4)\nt.select(1, 2)",
            |w| matches!(w, Why::Indexed { .. }),
        ),
        ("x = np.arange(12.0).reshape(3, 4)\nnp.diagonal(x)", |w| {
            *w == Why::Restrided {
                function: "diagonal".into(),
            }
        }),
        (
            "t = torch.arange(12.0).reshape(3, 4)\nt.unfold(1, 2, 1)",
            |w| {
                *w == Why::Restrided {
                    function: "unfold".into(),
                }
            },
        ),
        ("x = np.arange(12.0)\nx.view(np.int32)", |w| {
            *w == Why::Restrided {
                function: "view".into(),
            }
        }),
        ("x = np.arange(12.0)\nnp.concatenate([x, x])", |w| {
            matches!(w, Why::Computed { .. })
        }),
    ];
    for (program, ok) in cases {
        let outcome = arrays::run(program).unwrap_or_else(|e| panic!("{program}: {e}"));
        let arrays::value::Value::Array(a) = &outcome.value else {
            panic!("{program} is no array");
        };
        let why = explain(a, array_picture::Units::Elements);
        assert!(ok(&why), "{program}: {why:?}");
    }
}

/// Repeats past any memory (and splits into 10¹⁸ pieces) are refused, never computed or
/// overflowed: PyTorch's own overflow
/// message, and the lab's memory limit (`MemoryError`) where the library would try.
#[test]
fn huge_repeats_are_refused() {
    support::check_table(&[(
        "t = torch.arange(3.0)\nt.repeat(10**9, 10**9, 10**9)",
        r#"{"error": "RuntimeError", "message": "Storage size calculation overflowed with sizes=[1000000000, 1000000000, 3000000000]"}"#,
    )]);
    for program in [
        "t = torch.arange(3.0)\nt.repeat(10**6, 10**6)",
        "x = np.arange(3.0)\nnp.tile(x, (10**9, 10**9, 10**9))",
        "x = np.arange(3.0)\nnp.repeat(x, 10**9)",
        "x = np.arange(3.0)\ny = np.tile(x, 10**6)\nnp.concatenate([y, y])",
    ] {
        let got = support::actual(program);
        assert!(got.get("error").is_some(), "{program}: {got}");
    }
}
