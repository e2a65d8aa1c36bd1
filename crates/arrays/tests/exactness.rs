//! The values policy (`arrays::exactness`): layout always exactly the library's; values exact
//! where the library's own are the same on every machine, else within the policy's tolerance and
//! marked `"values_exact": false` — never refused for rounding. Expected answers recorded with
//! NumPy 2.4.6 and PyTorch 2.15 (`tests/corpus/record.py`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use serde_json::Value as Json;
use support::{actual, agrees};

fn exact(program: &str) -> bool {
    arrays::run(program)
        .unwrap_or_else(|e| panic!("{program}: {e:?}"))
        .values_exact
}

/// Rows `(program, NumPy's or PyTorch's JSON, whether the lab's values are exact)`.
const ROWS: &[(&str, &str, bool)] = &[
    (
        // Seed 003's pairwise distances: refused before ("its sums round").
        "A = np.arange(12.0).reshape(4, 3) / 7; B = np.arange(6.0).reshape(2, 3) / 3; (A**2).sum(1)[:, None] + (B**2).sum(1)[None, :] - 2 * A @ B.T",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [4, 2], "strides": [16, 8], "values": [0.18140589569161003, 4.324263038548753, 0.24263038548752824, 1.8140589569160994, 1.405895691609977, 0.4058956916099774, 3.671201814058957, 0.09977324263038412], "view": false, "writeable": true}"#,
        false,
    ),
    (
        "np.array([[0.1, 0.2], [0.3, 0.4]]) @ np.array([[0.5, 0.6], [0.7, 0.8]])",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 2], "strides": [16, 8], "values": [0.19, 0.22000000000000003, 0.43, 0.5], "view": false, "writeable": true}"#,
        false,
    ),
    (
        "np.arange(6.0).reshape(2, 3) @ np.arange(6.0).reshape(3, 2)",
        r#"{"c_contiguous": true, "dtype": "float64", "f_contiguous": false, "itemsize": 8, "offset": 0, "owndata": true, "shape": [2, 2], "strides": [16, 8], "values": [10.0, 13.0, 28.0, 40.0], "view": false, "writeable": true}"#,
        true,
    ),
    (
        "x = torch.arange(12.0).reshape(3, 4) / 7; x.sum(1)",
        r#"{"c_contiguous": true, "dtype": "float32", "element_strides": [1], "f_contiguous": true, "itemsize": 4, "offset": 0, "owndata": true, "shape": [3], "storage_offset": 0, "strides": [4], "values": [0.8571429252624512, 3.142857313156128, 5.428571701049805], "view": false, "writeable": true}"#,
        false,
    ),
];

#[test]
fn rounding_float_products_and_sums_are_computed_and_marked() {
    for &(program, expected, is_exact) in ROWS {
        let expected: Json = serde_json::from_str(expected).unwrap();
        let got = actual(program);
        assert!(
            agrees(&got, &expected),
            "{program}\n  got {got}\n  expected {expected}"
        );
        assert_eq!(exact(program), is_exact, "{program}");
        assert_eq!(
            got.get("values_exact") == Some(&Json::Bool(false)),
            !is_exact,
            "{program}: {got}"
        );
    }
}

#[test]
fn the_mark_travels_with_the_values() {
    let product = "a = np.array([[0.1, 0.2], [0.3, 0.4]]); c = a @ a\n";
    // Views share the marked buffer; new arrays computed from marked ones are marked.
    for tail in [
        "c",
        "c.T",
        "c[0]",
        "c + 1",
        "c.sum()",
        "c[0, 0]",
        "c.copy()",
        "np.sqrt(c)",
    ] {
        assert!(!exact(&format!("{product}{tail}")), "{tail}");
    }
    // What was computed exactly stays exact, also after a marked computation.
    for tail in ["a", "a.T * 2", "np.arange(3.0) / 7", "a.sum()"] {
        assert!(exact(&format!("{product}{tail}")), "{tail}");
    }
    // A write of marked values marks the array written into.
    assert!(!exact(&format!(
        "{product}z = np.zeros(3); z[0:2] = c[0]; z"
    )));
    assert!(!exact(&format!(
        "{product}z = np.zeros(3); z[0] = c[1, 1]; z"
    )));
    assert!(exact(&format!("{product}z = np.zeros(3); z[0] = 5.0; z")));
    // What a program printed after computing a marked value may hold one.
    assert!(!exact(&format!("{product}print(c)\n1")));
    assert!(exact("print(np.arange(3.0) / 7)\n1"));
}
