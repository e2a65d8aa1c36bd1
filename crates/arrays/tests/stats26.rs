//! Issue 26's loose ends against real NumPy 2.4.6, PyTorch 2.15 and CPython: every program of
//! `tests/corpus/stats26.jsonl` (`tests/corpus/stats26.py --seed 1 --count 500`: `np.median`,
//! `np.percentile`, `np.quantile` with `axis`, `keepdims`, ties and NaN; `np.outer`; the matrix
//! norms `2`, `-2`, `'nuc'` and `np.linalg.svd(compute_uv=False)`; `from math import *`; the
//! indices of sorts whose default kind is not stable) must give the library's JSON: the layout
//! and the exception exactly; values exactly where the line is `"exact": true`, else marked
//! `"values_exact": false` and within the values policy's tolerance (an unstable sort's indices
//! up to their order within each run of equal keys, `support::agrees`).
//! `STATS26_CORPUS=path` checks another file (a fresh seed) and prints the agreement.

#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unwrap_used
)]

mod support;

use serde_json::Value as Json;

#[test]
fn issue_26_loose_ends_agree_with_numpy_pytorch_and_cpython() {
    let path = match std::env::var("STATS26_CORPUS") {
        Ok(p) => std::path::PathBuf::from(p),
        Err(_) => std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/corpus/stats26.jsonl"),
    };
    let text = std::fs::read_to_string(&path).expect("corpus");
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: Json = serde_json::from_str(line).expect("corpus line is JSON");
        let program = record["program"].as_str().expect("program");
        let got = support::actual(program);
        count += 1;
        let fine = if record["exact"].as_bool().unwrap_or(true) {
            got == record["expected"]
        } else {
            support::agrees(&got, &record["expected"])
        };
        if !fine {
            failures.push(format!(
                "--- {}\n  expected {}\n  got      {got}",
                program.replace('\n', " ⏎ "),
                record["expected"]
            ));
        }
    }
    println!(
        "{}: {} of {count} agree",
        path.display(),
        count - failures.len()
    );
    assert!(count >= 50, "only {count} programs");
    assert!(
        failures.is_empty(),
        "{} of {count} programs disagree:\n{}",
        failures.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The lab sorts stably; NumPy's default kind is a SIMD sort whose order of equal keys differs
/// by CPU (NumPy 2.4.6 on this machine: `[1, 4, 2, 0, 3, 5]`), so the lab's indices of equal
/// keys are marked not exact, with the runs of equal keys; `kind='stable'` stays exact.
#[test]
fn unstable_sorts_mark_their_indices_of_equal_keys() {
    let x = "x = np.array([[-0.25, -1.0, -0.25, 0.0, -1.0, 0.25]], dtype=np.float32)\n";
    let got = support::actual(&format!("{x}np.argsort(x, axis=1)"));
    assert_eq!(got["values"], serde_json::json!([1, 4, 0, 2, 3, 5]));
    assert_eq!(got["values_exact"], false);
    assert_eq!(got["values_ties"], serde_json::json!([1, 1, 2, 2, 0, 0]));
    // NumPy's own order here agrees within the runs.
    let numpy = serde_json::json!({"shape": [1, 6], "strides": [48, 8], "offset": 0, "itemsize": 8,
        "dtype": "int64", "c_contiguous": true, "f_contiguous": true, "writeable": true,
        "owndata": true, "view": false, "values": [1, 4, 2, 0, 3, 5]});
    assert!(support::agrees(&got, &numpy));
    for stable in ["kind='stable'", "kind='mergesort'", "stable=True"] {
        let got = support::actual(&format!("{x}np.argsort(x, axis=1, {stable})"));
        assert!(got.get("values_exact").is_none(), "{stable}: {got}");
        assert!(got.get("values_ties").is_none(), "{stable}: {got}");
    }
    // No ties: exact.
    let got = support::actual("np.argsort(np.array([3.0, 1.0, 2.0]))");
    assert!(got.get("values_exact").is_none(), "{got}");
    // Sorted values never differ.
    let got = support::actual(&format!("{x}np.sort(x, axis=1)"));
    assert!(got.get("values_exact").is_none(), "{got}");
    // PyTorch's default sort is not stable either (on CPU, for longer rows); stable=True is.
    let t = "t = torch.tensor([[1, 0, 1], [2, 2, 0]])\n";
    let got = support::actual(&format!("{t}torch.sort(t, dim=1).indices"));
    assert_eq!(got["values_exact"], false);
    let got = support::actual(&format!("{t}torch.sort(t, dim=1, stable=True).indices"));
    assert!(got.get("values_exact").is_none(), "{got}");
    let got = support::actual(&format!("{t}torch.sort(t, dim=1, stable=True).values"));
    assert!(got.get("values_exact").is_none(), "{got}");
    // A write over the indices makes them the program's, no longer the sort's.
    let got = support::actual(&format!("{x}i = np.argsort(x, axis=1)\ni[0, 0] = 9\ni"));
    assert!(got.get("values_ties").is_none(), "{got}");
}

/// What the lab does not run is said so: the quantile methods other than `'linear'`, the
/// `math` functions it lacks (bound by `from math import *`, as CPython binds every public
/// name), `svd`'s `U` and `Vh`; and CPython's and NumPy's errors where they raise.
#[test]
fn refusals_and_errors() {
    for (program, class, message) in [
        (
            "np.percentile(np.arange(5), 50, method='nearest')",
            "Unsupported",
            "np.percentile(method='nearest')",
        ),
        (
            "np.quantile(np.arange(5), 0.5, method='midpoint')",
            "Unsupported",
            "np.quantile(method='midpoint')",
        ),
        ("from math import *\ngamma(5)", "Unsupported", "math.gamma"),
        ("np.linalg.svd(np.eye(2))", "Unsupported", "U and Vh"),
        (
            "def f():\n    from math import *\n",
            "SyntaxError",
            "import * only allowed at module level",
        ),
        ("from numpy import *", "Unsupported", "from numpy import *"),
        (
            "np.percentile(np.arange(5), 101)",
            "ValueError",
            "Percentiles must be in the range [0, 100]",
        ),
        (
            "np.quantile(np.arange(5), [0.5, -0.1])",
            "ValueError",
            "Quantiles must be in the range [0, 1]",
        ),
        (
            "np.median(np.arange(6).reshape(2, 3), axis=(0, 0))",
            "ValueError",
            "repeated axis",
        ),
        (
            "np.median(np.arange(6), axis=1)",
            "AxisError",
            "axis 1 is out of bounds for array of dimension 1",
        ),
        (
            "np.linalg.norm(np.array([[np.nan, 1.0], [1.0, 1.0]]), 2)",
            "LinAlgError",
            "SVD did not converge",
        ),
        (
            "np.linalg.norm(np.zeros((0, 3)), -2)",
            "ValueError",
            "zero-size array to reduction operation minimum which has no identity",
        ),
        (
            "np.linalg.svd(np.arange(3.0), compute_uv=False)",
            "LinAlgError",
            "1-dimensional array given. Array must be at least two-dimensional",
        ),
    ] {
        let got = support::actual(program);
        assert_eq!(got["error"], class, "{program}: {got}");
        assert!(
            got["message"].as_str().unwrap_or("").contains(message),
            "{program}: {got}"
        );
    }
    // `from math import *` shadows the builtin `pow` with math.pow, as in CPython (a float).
    let got = support::actual("from math import *\npow(2, 3)");
    assert_eq!(got["value"], 8.0);
}
